//! Chi through `Table<Chi>` with scripted dice: the book's pool-7 round (C1), the off-concept cap
//! (C2), resolution and ties (C3), opposed actions, refills, errors, log lines and the view.

use serde_json::json;
use skald_chi::{Chi, Command, Error, Event, Options, Outcome, Sheet, Side, TieRule};
use skald_core::{Scripted, System, Table};

fn dirk() -> Sheet {
    Sheet {
        name: "Dirk Rednova".into(),
        words: vec!["dashing".into(), "handsome".into(), "brave".into()],
        occupation: "star marine".into(),
        pool: 7,
        current: 7,
    }
}

fn table(options: Options, characters: &[Sheet]) -> Table<Chi> {
    let mut table = Table::<Chi>::new(options);
    for c in characters {
        table
            .execute(Chi::enroll(c.clone()), &mut Scripted::new(vec![]))
            .expect("enrolls");
    }
    table
}

fn action(who: &str, dice: u32, difficulty: u32) -> Command {
    Command::Action {
        who: who.into(),
        spend: dice,
        difficulty,
        modifier: 0,
        fits_concept: true,
        reaction: false,
    }
}

fn last_roll(table: &Table<Chi>) -> skald_chi::ActionRoll {
    match table.log().last().and_then(|e| e.events.first()) {
        Some(Event::ActionRolled(roll)) => roll.clone(),
        other => panic!("expected an action, got {other:?}"),
    }
}

/// One action by a pool-7 character, checked for outcome, totals, tie flag and number of rolls (C3).
#[allow(clippy::too_many_arguments)]
fn check(
    tie: TieRule,
    dice: u32,
    difficulty: u32,
    modifier: i32,
    script: &[i64],
    outcome: Outcome,
    totals: (i64, i64),
    rolls: usize,
) {
    let mut t = table(Options { tie }, &[dirk()]);
    let command = Command::Action {
        who: "Dirk Rednova".into(),
        spend: dice,
        difficulty,
        modifier,
        fits_concept: true,
        reaction: false,
    };
    let mut source = Scripted::new(script.to_vec());
    t.execute(command, &mut source)
        .expect("the action is legal");
    assert!(
        source.remaining().is_empty(),
        "every scripted die is used: {:?}",
        source.remaining()
    );
    let roll = last_roll(&t);
    assert_eq!(
        (roll.outcome, (roll.total, roll.gm_total), roll.rolls.len()),
        (outcome, totals, rolls),
        "tie {tie}, {dice} dice vs Difficulty {difficulty}, modifier {modifier}, dice {script:?}"
    );
    assert_eq!(roll.tie, roll.total == roll.gm_total);
}

#[test]
fn resolution_greater_succeeds_less_fails_tie_by_option() {
    use Outcome::{Failure, Success};
    use TieRule::{Fail, Reroll};
    // Player's dice first, then the GM's Difficulty dice (C3).
    check(Fail, 3, 2, 0, &[4, 2, 6, 3, 5], Success, (12, 8), 1);
    check(Fail, 1, 2, 0, &[6, 3, 4], Failure, (6, 7), 1);
    check(Fail, 2, 2, 0, &[3, 4, 5, 2], Failure, (7, 7), 1); // tie fails by default (C3)
    check(Fail, 2, 2, 1, &[3, 4, 5, 3], Failure, (8, 8), 1); // the modifier counts before comparing
    check(Fail, 2, 2, 2, &[3, 4, 5, 3], Success, (9, 8), 1);
    check(Fail, 1, 1, -2, &[6, 3], Success, (4, 3), 1);
    check(Fail, 1, 1, -3, &[6, 3], Failure, (3, 3), 1);
    // Option tie = "reroll": both roll the same dice again until the totals differ.
    check(
        Reroll,
        2,
        2,
        0,
        &[3, 4, 5, 2, 6, 6, 1, 1],
        Success,
        (12, 2),
        2,
    );
    check(Reroll, 1, 1, 0, &[2, 2, 5, 5, 1, 4], Failure, (1, 4), 3);
    check(Reroll, 1, 1, 0, &[2, 1], Success, (2, 1), 1);
}

#[test]
fn the_books_pool_7_round_then_a_fourth_action_is_refused() {
    let mut t = table(Options::default(), &[dirk()]);
    let mut dice = Scripted::new(vec![4, 2, 6, 3, 5]);
    t.execute(action("Dirk Rednova", 3, 2), &mut dice)
        .expect("3 of 7");
    t.execute(
        action("Dirk Rednova", 2, 1),
        &mut Scripted::new(vec![1, 2, 5]),
    )
    .expect("2 of 4");
    t.execute(
        action("Dirk Rednova", 2, 3),
        &mut Scripted::new(vec![6, 6, 2, 3, 4]),
    )
    .expect("2 of 2");
    let before = t.state().clone();
    let err = t
        .execute(action("Dirk Rednova", 1, 1), &mut Scripted::new(vec![6, 1]))
        .expect_err("none left");
    assert_eq!(
        err.to_string(),
        "The number of dice put in is 1, but Dirk Rednova has 0 of 7 dice left this round, so at most 0 can go in (ruling C1: the pool refills at the next round)"
    );
    assert_eq!(
        err,
        Error::NotEnoughDice {
            field: "spend",
            name: "Dirk Rednova".into(),
            asked: 1,
            left: 0,
            current: 7
        }
    );
    assert_eq!(t.state(), &before, "a refused action changes nothing");
    assert_eq!(t.log().len(), 4);
    let seat = &t.state().characters["Dirk Rednova"];
    assert_eq!((seat.spent, seat.left(), seat.actions), (7, 0, 3));

    t.execute(Command::NewRound {}, &mut Scripted::new(vec![]))
        .expect("new round");
    let seat = &t.state().characters["Dirk Rednova"];
    assert_eq!(
        (t.state().round, seat.spent, seat.left(), seat.actions),
        (2, 0, 7, 0)
    );
}

#[test]
fn a_tie_that_never_breaks_is_refused_after_100_rerolls() {
    let mut t = table(
        Options {
            tie: TieRule::Reroll,
        },
        &[dirk()],
    );
    let err = t
        .execute(
            action("Dirk Rednova", 1, 1),
            &mut Scripted::new(vec![3; 202]),
        )
        .expect_err("endless");
    assert_eq!(
        err.to_string(),
        "The totals tied on the first roll and on all 100 rerolls (the table's rule: a tie is rolled again, ruling C3); the action is called off"
    );
    assert_eq!(t.state().characters["Dirk Rednova"].left(), 7);
    // 100 rerolls that end in a decision are fine.
    let mut script = vec![3; 200];
    script.extend([4, 3]);
    t.execute(action("Dirk Rednova", 1, 1), &mut Scripted::new(script))
        .expect("decided on the last reroll");
    assert_eq!(last_roll(&t).rolls.len(), 101);
}

#[test]
fn a_new_round_refills_to_the_current_pool_not_the_maximum() {
    let hurt = Sheet {
        current: 5,
        ..dirk()
    };
    let mut t = table(Options::default(), &[hurt]);
    t.execute(
        action("Dirk Rednova", 5, 1),
        &mut Scripted::new(vec![1, 1, 1, 1, 1, 6]),
    )
    .expect("all 5");
    assert_eq!(t.state().characters["Dirk Rednova"].left(), 0);
    t.execute(Command::NewRound {}, &mut Scripted::new(vec![]))
        .expect("new round");
    assert_eq!(t.state().characters["Dirk Rednova"].left(), 5);
    let err = t
        .execute(action("Dirk Rednova", 6, 1), &mut Scripted::new(vec![]))
        .expect_err("only 5");
    assert!(err.to_string().contains("has 5 of 5 dice left"), "{err}");
}

#[test]
fn off_concept_actions_are_capped_at_a_third_of_the_current_pool_rounded_up() {
    let off = |dice| Command::Action {
        who: "Dirk Rednova".into(),
        spend: dice,
        difficulty: 1,
        modifier: 0,
        fits_concept: false,
        reaction: false,
    };
    let mut t = table(Options::default(), &[dirk()]);
    let err = t
        .execute(off(4), &mut Scripted::new(vec![]))
        .expect_err("cap 3");
    assert_eq!(
        err.to_string(),
        "The number of dice put in is 4, but an action that does not fit Dirk Rednova's concept may use at most 3 dice: a third of the current pool 7, rounded up (ruling C2)"
    );
    t.execute(off(3), &mut Scripted::new(vec![1, 2, 3, 4]))
        .expect("3 is allowed");
    assert_eq!(last_roll(&t).cap, Some(3));
    // The cap follows the current pool, not the dice left: 4 left, still 3 allowed.
    t.execute(off(3), &mut Scripted::new(vec![1, 2, 3, 4]))
        .expect("3 again");
    // A wounded 7/4 character: ceil(4 / 3) = 2.
    let mut t = table(
        Options::default(),
        &[Sheet {
            current: 4,
            ..dirk()
        }],
    );
    let err = t
        .execute(off(3), &mut Scripted::new(vec![]))
        .expect_err("cap 2");
    assert!(err.to_string().contains("at most 2 dice"), "{err}");
    assert_eq!(skald_chi::rules::off_concept_cap(1), 1);
    assert_eq!(skald_chi::rules::off_concept_cap(3), 1);
    assert_eq!(skald_chi::rules::off_concept_cap(8), 3);
    assert_eq!(skald_chi::rules::off_concept_cap(9), 3);
    assert_eq!(skald_chi::rules::off_concept_cap(10), 4);
}

fn orc() -> Sheet {
    Sheet {
        name: "orc".into(),
        words: vec![],
        occupation: "orc".into(),
        pool: 3,
        current: 3,
    }
}

fn opposed(actor: u32, defender: u32) -> Command {
    Command::Opposed {
        actor: Side {
            who: "Dirk Rednova".into(),
            spend: actor,
            modifier: 0,
            fits_concept: true,
        },
        defender: Side {
            who: "orc".into(),
            spend: defender,
            modifier: 0,
            fits_concept: true,
        },
    }
}

#[test]
fn opposed_actions_roll_actor_first_and_ties_go_to_the_defender() {
    let mut t = table(
        Options {
            tie: TieRule::Reroll,
        },
        &[dirk(), orc()],
    );
    // Actor's dice (4, 5), then the defender's (3, 6): 9 vs 9, the orc wins the tie.
    t.execute(opposed(2, 2), &mut Scripted::new(vec![4, 5, 3, 6]))
        .expect("legal");
    let Some(Event::OpposedRolled(roll)) = t.log()[2].events.first().cloned() else {
        panic!("an opposed roll")
    };
    assert_eq!(
        (roll.actor.total, roll.defender.total, roll.tie),
        (9, 9, true)
    );
    assert_eq!(
        (roll.outcome, roll.winner.as_str()),
        (Outcome::Failure, "orc")
    );
    assert_eq!((roll.actor.left, roll.defender.left), (5, 1));
    // The orc has 1 die left; with none put in it defends on its modifier alone.
    t.execute(opposed(1, 0), &mut Scripted::new(vec![1]))
        .expect("legal");
    let view = Chi::view(t.state());
    assert_eq!(view["last"]["winner"], json!("Dirk Rednova"));
    assert_eq!(view["last"]["defender"]["rolled"], json!([]));
    assert_eq!(view["characters"]["orc"]["reactions"], json!(2));
    let err = t
        .execute(opposed(1, 2), &mut Scripted::new(vec![]))
        .expect_err("orc has 1 left");
    assert_eq!(
        err.to_string(),
        "The number of dice the defender keeps back is 2, but orc has 1 of 3 dice left this round, so at most 1 can go in (ruling C1: the pool refills at the next round)"
    );
    let same = Command::Opposed {
        actor: Side {
            who: "orc".into(),
            spend: 1,
            modifier: 0,
            fits_concept: true,
        },
        defender: Side {
            who: "orc".into(),
            spend: 0,
            modifier: 0,
            fits_concept: true,
        },
    };
    let err = t
        .execute(same, &mut Scripted::new(vec![]))
        .expect_err("same");
    assert!(matches!(err, Error::SameCharacter { .. }), "{err}");
}

#[test]
fn every_numeric_input_is_bounded_and_named() {
    let mut t = table(Options::default(), &[dirk()]);
    let mut refuse = |command: Command, message: &str| {
        let err = t
            .execute(command, &mut Scripted::new(vec![]))
            .expect_err(message);
        assert_eq!(err.to_string(), message);
    };
    refuse(
        action("Dirk Rednova", 0, 1),
        "The number of dice put in is 0, but it must be 1 to 100 (d6 put into the action)",
    );
    refuse(
        action("Dirk Rednova", 1, 0),
        "The Difficulty is 0, but it must be 1 to 100 (the GM's Difficulty, in d6)",
    );
    refuse(
        action("Dirk Rednova", 1, 101),
        "The Difficulty is 101, but it must be 1 to 100 (the GM's Difficulty, in d6)",
    );
    refuse(
        Command::Action {
            who: "Dirk Rednova".into(),
            spend: 1,
            difficulty: 1,
            modifier: -101,
            fits_concept: true,
            reaction: false,
        },
        "The modifier is -101, but it must be -100 to 100 (added to the sum; beyond +/-5 is flagged, ruling C3)",
    );
    refuse(
        action("Ragnar", 1, 1),
        "The character is \"Ragnar\", but no character of that name is at the table (at the table: Dirk Rednova)",
    );
    refuse(
        Chi::enroll(Sheet {
            pool: 0,
            current: 0,
            ..dirk()
        }),
        "The pool is 0, but it must be 1 to 100 (the maximum pool, in d6)",
    );
    refuse(
        Chi::enroll(Sheet {
            name: "X".into(),
            pool: 5,
            current: 6,
            ..dirk()
        }),
        "The current pool is 6, but it must be 0 to 5 (the current pool is at most the maximum)",
    );
    refuse(
        Chi::enroll(Sheet {
            name: "X".into(),
            words: vec!["sly".into(), "bold".into()],
            ..dirk()
        }),
        "X's concept holds 2 descriptive words, but a concept has 3 (up to 12 after advancement, ruling C5), or none for a minor NPC",
    );
    refuse(
        Chi::enroll(Sheet {
            name: " ".into(),
            ..dirk()
        }),
        "The name is \" \", but it must be 1 to 64 characters and not blank",
    );
    refuse(
        Chi::enroll(dirk()),
        "The name is \"Dirk Rednova\", but a character of that name is already at the table",
    );
    assert_eq!(t.log().len(), 1);
}

#[test]
fn a_character_with_no_current_pool_is_out_of_play() {
    let mut t = table(
        Options::default(),
        &[Sheet {
            current: 0,
            ..dirk()
        }],
    );
    let err = t
        .execute(action("Dirk Rednova", 1, 1), &mut Scripted::new(vec![]))
        .expect_err("out");
    assert_eq!(
        err.to_string(),
        "The character is \"Dirk Rednova\", whose current pool is 0: the character is out of play (ruling C5)"
    );
    assert_eq!(
        Chi::view(t.state())["characters"]["Dirk Rednova"]["out_of_play"],
        json!(true)
    );
}

#[test]
fn missing_or_wrong_dice_refuse_the_command_and_leave_the_table_alone() {
    let mut t = table(Options::default(), &[dirk()]);
    let before = t.state().clone();
    let err = t
        .execute(
            action("Dirk Rednova", 3, 2),
            &mut Scripted::new(vec![1, 2, 3, 4]),
        )
        .expect_err("short");
    assert_eq!(
        err.to_string(),
        "the scripted dice ran out: roll 5 (d6) has no value (the script holds 4)"
    );
    let err = t
        .execute(action("Dirk Rednova", 1, 1), &mut Scripted::new(vec![7, 1]))
        .expect_err("not a d6");
    assert_eq!(
        err.to_string(),
        "scripted die 1 is 7, but a d6 shows 1 to 6"
    );
    assert_eq!(t.state(), &before);
}

#[test]
fn the_log_shows_every_die() {
    let mut t = table(
        Options {
            tie: TieRule::Reroll,
        },
        &[dirk(), orc()],
    );
    t.execute(
        Command::Action {
            who: "Dirk Rednova".into(),
            spend: 2,
            difficulty: 2,
            modifier: 7,
            fits_concept: false,
            reaction: false,
        },
        &mut Scripted::new(vec![1, 2, 5, 5, 3, 3, 1, 1]),
    )
    .expect("legal");
    t.execute(opposed(1, 3), &mut Scripted::new(vec![6, 2, 2, 2]))
        .expect("legal");
    t.execute(Command::NewRound {}, &mut Scripted::new(vec![]))
        .expect("legal");
    let lines: Vec<String> = t
        .log()
        .iter()
        .flat_map(|e| e.events.iter().map(Chi::describe))
        .collect();
    assert_eq!(
        lines,
        [
            "Dirk Rednova joins the table: Dirk Rednova, dashing, handsome, and brave star marine7 (pool 7, current 7).",
            "orc joins the table: orc3 (pool 3, current 3).",
            "Round 1, Dirk Rednova puts 2 dice in (off-concept, at most 3 (C2)): \
             [1, 2] + 7 = 10 (modifier beyond +/-5, flagged) vs Difficulty 2: [5, 5] = 10: tie, both reroll: \
             [3, 3] + 7 = 13 (modifier beyond +/-5, flagged) vs Difficulty 2: [1, 1] = 2: success. 5 of 7 dice left.",
            "Round 1, opposed: Dirk Rednova puts 1 die in (fits the concept): [6] = 6 vs \
             orc puts 3 dice in (fits the concept): [2, 2, 2] = 6: a tie, which goes to the defender: orc wins (C3). \
             Dirk Rednova has 4 of 7 dice left, orc has 0 of 3.",
            "Round 2 begins: every pool refills to its current size.",
        ]
    );
}

#[test]
fn the_view_has_the_documented_shape() {
    let mut t = table(Options::default(), &[dirk()]);
    t.execute(
        action("Dirk Rednova", 3, 2),
        &mut Scripted::new(vec![4, 2, 6, 3, 5]),
    )
    .expect("legal");
    assert_eq!(
        Chi::view(t.state()),
        json!({
            "session": 1,
            "between_sessions": false,
            "round": 1,
            "tie": "fail",
            "characters": {
                "Dirk Rednova": {
                    "line": "Dirk Rednova, dashing, handsome, and brave star marine7",
                    "name": "Dirk Rednova",
                    "words": ["dashing", "handsome", "brave"],
                    "occupation": "star marine",
                    "pool": 7, "current": 7, "spent": 3, "left": 4,
                    "actions": 1, "reactions": 0, "out_of_play": false,
                    "losses": [], "lost_for_good": 0, "new_die_waiting": false,
                    "dice_awarded": 0, "words_earned": 0
                }
            },
            "secret_open": false,
            "secret": null,
            "last": {
                "event": "action_rolled", "round": 1, "who": "Dirk Rednova", "spent": 3,
                "fits_concept": true, "cap": null, "modifier": 0, "flagged": false,
                "difficulty": 2, "tie_rule": "fail",
                "rolls": [{ "player": [4, 2, 6], "total": 12, "gm": [3, 5], "gm_total": 8 }],
                "total": 12, "gm_total": 8, "tie": false, "outcome": "success",
                "left": 4, "current": 7, "reaction": false, "secret": false
            },
            "rolls": [{
                "event": "action_rolled", "round": 1, "who": "Dirk Rednova", "spent": 3,
                "fits_concept": true, "cap": null, "modifier": 0, "flagged": false,
                "difficulty": 2, "tie_rule": "fail",
                "rolls": [{ "player": [4, 2, 6], "total": 12, "gm": [3, 5], "gm_total": 8 }],
                "total": 12, "gm_total": 8, "tie": false, "outcome": "success",
                "left": 4, "current": 7, "reaction": false, "secret": false
            }]
        })
    );
}

#[test]
fn undo_takes_back_the_last_action() {
    let mut t = table(Options::default(), &[dirk()]);
    t.execute(
        action("Dirk Rednova", 3, 2),
        &mut Scripted::new(vec![4, 2, 6, 3, 5]),
    )
    .expect("legal");
    t.undo().expect("one entry");
    assert_eq!(t.state().characters["Dirk Rednova"].left(), 7);
    assert_eq!(t.state().last, None);
    assert_eq!(t.state().rolls, []);
}

#[test]
fn commands_options_and_characters_read_from_scenario_json() {
    let command: Command = serde_json::from_value(json!({
        "do": "action", "who": "Dirk Rednova", "spend": 3, "difficulty": 2
    }))
    .expect("defaults fill modifier and fits_concept");
    assert_eq!(command, action("Dirk Rednova", 3, 2));
    let round: Command = serde_json::from_value(json!({ "do": "new_round" })).expect("no fields");
    assert_eq!(round, Command::NewRound {});
    let typo = serde_json::from_value::<Command>(json!({
        "do": "action", "who": "X", "spend": 3, "difficulty": 2, "difficulity": 2
    }));
    assert!(
        typo.expect_err("unknown field")
            .to_string()
            .contains("difficulity")
    );
    let negative = serde_json::from_value::<Command>(
        json!({ "do": "action", "who": "X", "spend": -1, "difficulty": 2 }),
    );
    assert!(negative.is_err());
    let opposed: Command = serde_json::from_value(json!({
        "do": "opposed", "actor": { "who": "A", "spend": 2 }, "defender": { "who": "B", "spend": 0, "modifier": 1 }
    }))
    .expect("sides");
    assert!(matches!(opposed, Command::Opposed { .. }));

    let options: Options = serde_json::from_value(json!({})).expect("defaults");
    assert_eq!(options.tie, TieRule::Fail);
    let options: Options = serde_json::from_value(json!({ "tie": "reroll" })).expect("reroll");
    assert_eq!(options.tie, TieRule::Reroll);
    assert!(serde_json::from_value::<Options>(json!({ "ties": "reroll" })).is_err());

    let from_line: Sheet =
        serde_json::from_value(json!({ "line": "Capt. Dirk Rednova, ,dashing, handsome, and brave star marine7", "current": 6 }))
            .expect("a line");
    assert_eq!(
        from_line,
        Sheet {
            name: "Capt. Dirk Rednova".into(),
            current: 6,
            ..dirk()
        }
    );
    let minor: Sheet =
        serde_json::from_value(json!({ "name": "orc", "pool": 3 })).expect("minor NPC");
    assert_eq!(minor, orc());
    let both = serde_json::from_value::<Sheet>(json!({ "line": "orc3", "pool": 3 }));
    assert!(both.expect_err("both").to_string().contains("not both"));
    let extra = serde_json::from_value::<Sheet>(json!({ "name": "orc", "pool": 3, "str": 9 }));
    assert!(extra.expect_err("unknown").to_string().contains("str"));
    // Events and characters round-trip, so a log can be read back.
    let json = serde_json::to_value(dirk()).expect("serializes");
    assert_eq!(
        serde_json::from_value::<Sheet>(json).expect("reads back"),
        dirk()
    );
}
