#![allow(clippy::unwrap_used)]
//! Loss of potential and advancement (ruling C5): injuries and fatigue, temporary and permanent,
//! out of play at 0, recovery, a new die waiting while injured, new words after a pool increase,
//! concept changes only between sessions or at a pool increase, and sessions.

use serde_json::{Value, json};
use skald_chi::rules::line as notation;
use skald_chi::{Cause, Chi, Command, Options, Sheet, WordChange};
use skald_core::{Scripted, System, Table};
use skald_testkit::sheets::RAGNAR;

fn table() -> Table<Chi> {
    let mut table = Table::<Chi>::new(Options::default());
    for line in [RAGNAR, "orc3"] {
        let character: Sheet = notation::parse(line).unwrap();
        table
            .execute(Chi::enroll(character), &mut Scripted::new(vec![]))
            .unwrap();
    }
    table
}

fn lose(amount: u32, cause: Cause, permanent: bool) -> Command {
    Command::Lose {
        who: "Ragnar".into(),
        amount,
        cause,
        permanent,
        detail: None,
    }
}

fn recover(amount: u32, cause: Option<Cause>) -> Command {
    Command::Recover {
        who: "Ragnar".into(),
        amount,
        cause,
    }
}

fn advance() -> Command {
    Command::Advance {
        who: "Ragnar".into(),
        word: None,
        replace: None,
        occupation: None,
    }
}

fn word(word: &str) -> Command {
    Command::AddWord {
        who: "Ragnar".into(),
        word: word.into(),
    }
}

/// Plays `commands`; the last is refused with exactly `error` (accepted when `error` is empty),
/// changing nothing. Then Ragnar's view must contain every key of `ragnar`. Returns the log lines
/// of the last command.
fn check(commands: &[Command], error: &str, ragnar: Value) -> Vec<String> {
    let mut t = table();
    let (last, before) = commands.split_last().unwrap();
    for command in before {
        t.execute(command.clone(), &mut Scripted::new(vec![]))
            .unwrap_or_else(|e| panic!("{command:?}: {e}"));
    }
    let state = t.state().clone();
    let lines = match (t.execute(last.clone(), &mut Scripted::new(vec![])), error) {
        (Ok(events), "") => events.iter().map(Chi::describe).collect(),
        (Ok(events), _) => panic!("accepted: {events:?}, expected {error}"),
        (Err(e), "") => panic!("refused: {e}"),
        (Err(e), _) => {
            assert_eq!(e.to_string(), error);
            assert_eq!(t.state(), &state, "a refused command changes nothing");
            Vec::new()
        }
    };
    let view = &Chi::view(t.state())["characters"]["Ragnar"];
    for (key, value) in ragnar.as_object().unwrap() {
        assert_eq!(&view[key], value, "{key} in {view}");
    }
    assert_eq!(t.state(), &Table::<Chi>::fold(t.options(), t.log()));
    lines
}

#[test]
fn losses_lower_the_pool_and_zero_is_out_of_play() {
    let lines = check(
        &[Command::Lose {
            who: "Ragnar".into(),
            amount: 1,
            cause: Cause::Injury,
            permanent: false,
            detail: Some("light wound".into()),
        }],
        "",
        json!({
            "line": "Ragnar, fierce, arrogant, and savage barbarian8/7",
            "pool": 8, "current": 7, "left": 7,
            "losses": [{ "cause": "injury", "amount": 1, "detail": "light wound" }],
        }),
    );
    assert_eq!(
        lines,
        ["Ragnar loses 1 die for now to injury (light wound): pool 8/7 (C5)."]
    );
    check(
        &[
            lose(2, Cause::Fatigue, false),
            lose(6, Cause::Injury, false),
        ],
        "",
        json!({ "current": 0, "out_of_play": true, "losses": [
            { "cause": "fatigue", "amount": 2 }, { "cause": "injury", "amount": 6 }
        ] }),
    );
    check(
        &[
            lose(2, Cause::Fatigue, false),
            lose(7, Cause::Injury, false),
        ],
        "The number of dice is 7, but Ragnar's current pool is 6: a loss takes at most the whole current pool, which puts the character out of play; a pool below 0 is refused (ruling C5)",
        json!({ "current": 6 }),
    );
    check(
        &[
            lose(8, Cause::Injury, false),
            Command::Action {
                who: "Ragnar".into(),
                spend: 1,
                difficulty: 1,
                modifier: 0,
                fits_concept: true,
                reaction: false,
            },
        ],
        "The character is \"Ragnar\", whose current pool is 0: the character is out of play (ruling C5)",
        json!({ "out_of_play": true }),
    );
    // A permanent loss lowers the maximum too and cannot be recovered (C5).
    check(
        &[lose(1, Cause::Other, true)],
        "",
        json!({ "line": "Ragnar, fierce, arrogant, and savage barbarian7", "pool": 7, "current": 7,
                "lost_for_good": 1, "losses": [] }),
    );
    check(
        &[lose(1, Cause::Other, true), recover(1, None)],
        "The number of dice is 1, but Ragnar has 0 dice temporarily lost to recover; dice lost for good never come back (ruling C5)",
        json!({ "pool": 7 }),
    );
}

#[test]
fn a_loss_later_in_the_round_takes_what_is_left_first() {
    let spend = |dice: u32| Command::Action {
        who: "Ragnar".into(),
        spend: dice,
        difficulty: 1,
        modifier: 0,
        fits_concept: true,
        reaction: false,
    };
    let mut t = table();
    t.execute(spend(5), &mut Scripted::new(vec![1, 1, 1, 1, 1, 6]))
        .unwrap();
    // 8 with 5 spent: 3 left. A wound of 2: 6, still 5 spent, 1 left.
    t.execute(lose(2, Cause::Injury, false), &mut Scripted::new(vec![]))
        .unwrap();
    assert_eq!(t.state().characters["Ragnar"].left(), 1);
    // A wound of 3 more: 3, below the 5 spent: nothing left (and no pool below 0).
    t.execute(lose(3, Cause::Injury, false), &mut Scripted::new(vec![]))
        .unwrap();
    assert_eq!(t.state().characters["Ragnar"].left(), 0);
    // Healing 4 mid-round gives back only what was never spent: 7 - 5 = 2.
    t.execute(recover(4, None), &mut Scripted::new(vec![]))
        .unwrap();
    assert_eq!(t.state().characters["Ragnar"].left(), 2);
    t.execute(Command::NewRound {}, &mut Scripted::new(vec![]))
        .unwrap();
    assert_eq!(t.state().characters["Ragnar"].left(), 7);
}

#[test]
fn recovery_brings_back_temporary_losses_by_cause_oldest_first() {
    let hurt = [
        lose(2, Cause::Injury, false),
        lose(1, Cause::Fatigue, false),
        lose(1, Cause::Injury, false),
    ];
    let with = |more: Command| [&hurt[..], &[more]].concat();
    check(
        &with(recover(1, Some(Cause::Fatigue))),
        "",
        json!({ "current": 5, "losses": [
            { "cause": "injury", "amount": 2 }, { "cause": "injury", "amount": 1 }
        ] }),
    );
    check(
        &with(recover(3, None)),
        "",
        json!({ "current": 7, "losses": [{ "cause": "injury", "amount": 1 }] }),
    );
    check(
        &with(recover(2, Some(Cause::Fatigue))),
        "The number of dice is 2, but Ragnar has 1 die temporarily lost to fatigue to recover; dice lost for good never come back (ruling C5)",
        json!({ "current": 4 }),
    );
    check(
        &with(recover(0, None)),
        "The number of dice is 0, but it must be 1 to 100 (dice recovered)",
        json!({ "current": 4 }),
    );
    // Enrolled as 8/6: the two missing dice are a loss "before enrolment" and can come back.
    let mut t = Table::<Chi>::new(Options::default());
    let hurt = notation::parse("Ragnar, fierce, arrogant, and savage barbarian8/6").unwrap();
    t.execute(Chi::enroll(hurt), &mut Scripted::new(vec![]))
        .unwrap();
    t.execute(recover(2, Some(Cause::Other)), &mut Scripted::new(vec![]))
        .unwrap();
    assert_eq!(t.state().characters["Ragnar"].sheet.current, 8);
}

#[test]
fn a_new_die_waits_while_injured_and_joins_when_every_die_is_back() {
    let lines = check(
        &[advance()],
        "",
        json!({ "line": "Ragnar, fierce, arrogant, and savage barbarian9", "dice_awarded": 1, "words_earned": 1 }),
    );
    assert_eq!(
        lines,
        [
            "Ragnar earns a new die (C5).",
            "Ragnar: the new die joins the pool: pool 9/9 (C5)."
        ]
    );
    let injured = [lose(2, Cause::Injury, false), advance()];
    check(
        &injured,
        "",
        json!({ "pool": 8, "current": 6, "new_die_waiting": true }),
    );
    check(
        &[&injured[..], &[advance()]].concat(),
        "The character is \"Ragnar\", who already has a new die waiting for its lost dice to come back: a character earns one die at a time (ruling C5)",
        json!({ "new_die_waiting": true }),
    );
    check(
        &[&injured[..], &[recover(1, None)]].concat(),
        "",
        json!({ "pool": 8, "current": 7, "new_die_waiting": true }),
    );
    let lines = check(
        &[&injured[..], &[recover(1, None), recover(1, None)]].concat(),
        "",
        json!({ "line": "Ragnar, fierce, arrogant, and savage barbarian9", "current": 9,
                "new_die_waiting": false }),
    );
    assert_eq!(
        lines,
        [
            "Ragnar recovers 1 die: pool 8/8 (C5).",
            "Ragnar: the new die that waited joins the pool: pool 9/9 (C5)."
        ]
    );
    // A permanent loss while the die waits: the maximum falls, and recovering the temporary losses
    // still releases it.
    check(
        &[
            &injured[..],
            &[lose(1, Cause::Other, true), recover(2, None)],
        ]
        .concat(),
        "",
        json!({ "pool": 8, "current": 8, "lost_for_good": 1, "new_die_waiting": false }),
    );
}

#[test]
fn a_new_word_needs_a_pool_increase_and_concepts_change_between_sessions() {
    check(
        &[word("wise")],
        "The new word is \"wise\", but Ragnar has no pool increase left to spend on a new descriptive word: each die awarded allows one (ruling C5)",
        json!({ "words_earned": 0 }),
    );
    check(
        &[advance(), word("wise")],
        "",
        json!({ "line": "Ragnar, fierce, arrogant, savage, and wise barbarian9",
                "words": ["fierce", "arrogant", "savage", "wise"], "words_earned": 0 }),
    );
    check(
        &[advance(), word("wise"), word("bold")],
        "The new word is \"bold\", but Ragnar has no pool increase left to spend on a new descriptive word: each die awarded allows one (ruling C5)",
        json!({ "words_earned": 0 }),
    );
    check(
        &[advance(), word("Fierce")],
        "The new word is \"Fierce\", but Ragnar already has that word (ruling C5)",
        json!({ "words_earned": 1 }),
    );
    check(
        &[advance(), word("very wise")],
        "The new word is \"very wise\", but a descriptive word is a single word without spaces, commas, \"/\" or digits, and not \"and\", so the character line still reads back (C6) (ruling C5)",
        json!({ "words_earned": 1 }),
    );
    let humble = Some(WordChange {
        old: "arrogant".into(),
        new: "humble".into(),
    });
    let change = |replace: Option<WordChange>, occupation: Option<&str>| Command::ChangeConcept {
        who: "Ragnar".into(),
        replace,
        occupation: occupation.map(str::to_owned),
    };
    check(
        &[change(humble.clone(), None)],
        "A descriptive word or the occupation of Ragnar changes only between sessions (end the session first) or with a pool increase (when the GM awards a new die) (ruling C5)",
        json!({ "words": ["fierce", "arrogant", "savage"] }),
    );
    check(
        &[
            Command::EndSession {},
            change(humble.clone(), Some("warlord")),
        ],
        "",
        json!({ "line": "Ragnar, fierce, humble, and savage warlord8" }),
    );
    check(
        &[
            Command::EndSession {},
            change(
                Some(WordChange {
                    old: "kind".into(),
                    new: "cruel".into(),
                }),
                None,
            ),
        ],
        "The word that goes is \"kind\", but the concept's words are fierce, arrogant, savage (ruling C5)",
        json!({}),
    );
    check(
        &[Command::EndSession {}, change(None, None)],
        "A change of concept needs a word to replace or a new occupation (or both)",
        json!({}),
    );
    // At a pool increase: the change and the new word ride on the award.
    let lines = check(
        &[Command::Advance {
            who: "Ragnar".into(),
            word: Some("wise".into()),
            replace: humble,
            occupation: Some("chieftain".into()),
        }],
        "",
        json!({ "line": "Ragnar, fierce, humble, savage, and wise chieftain9", "words_earned": 0 }),
    );
    assert_eq!(
        lines,
        [
            "Ragnar earns a new die (C5).",
            "Ragnar: the new die joins the pool: pool 9/9 (C5).",
            "Ragnar's concept changes: \"arrogant\" becomes \"humble\", the occupation becomes \
             \"chieftain\": Ragnar, fierce, humble, and savage chieftain9 (C5).",
            "Ragnar grows: a new descriptive word, \"wise\": Ragnar, fierce, humble, savage, and wise \
             chieftain9 (C5).",
        ]
    );
    // A minor NPC has no words to add to.
    let mut t = table();
    t.execute(
        Command::Advance {
            who: "orc".into(),
            word: Some("sly".into()),
            replace: None,
            occupation: None,
        },
        &mut Scripted::new(vec![]),
    )
    .unwrap_err();
}

#[test]
fn sessions_hold_the_rounds_and_refill_the_pools() {
    let act = Command::Action {
        who: "Ragnar".into(),
        spend: 3,
        difficulty: 1,
        modifier: 0,
        fits_concept: true,
        reaction: true,
    };
    let mut t = table();
    t.execute(act.clone(), &mut Scripted::new(vec![6, 6, 6, 1]))
        .unwrap();
    assert_eq!(
        (
            t.state().characters["Ragnar"].reactions,
            t.state().characters["Ragnar"].actions
        ),
        (1, 0)
    );
    t.execute(Command::EndSession {}, &mut Scripted::new(vec![]))
        .unwrap();
    let err = t
        .execute(act.clone(), &mut Scripted::new(vec![]))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "The table is between sessions: an action waits until the GM starts the next session"
    );
    assert_eq!(
        t.execute(Command::EndSession {}, &mut Scripted::new(vec![]))
            .unwrap_err()
            .to_string(),
        "The session has already ended: the GM starts the next one"
    );
    t.execute(Command::StartSession {}, &mut Scripted::new(vec![]))
        .unwrap();
    let view = Chi::view(t.state());
    assert_eq!(
        (&view["session"], &view["round"], &view["between_sessions"]),
        (&json!(2), &json!(2), &json!(false))
    );
    assert_eq!(view["characters"]["Ragnar"]["left"], json!(8));
    assert_eq!(
        t.execute(Command::StartSession {}, &mut Scripted::new(vec![]))
            .unwrap_err()
            .to_string(),
        "A session is in progress: the GM ends it before the next one starts"
    );
}
