//! A Loqi group's sessions through a `Table`: takeovers, merged entries, consequences applied at
//! resolution, strength (L8), trait changes and their expiry, influence rewards and swaps (L5),
//! goals (L6) and every refusal's exact message, with the table unchanged after a refusal.

#![allow(clippy::unwrap_used)] // test helpers outside #[test] functions

use serde_json::json;
use skald_core::{Scripted, System, Table};
use skald_loqi::{
    Action, AddedAt, Command, Consequence, GoalDraft, GoalKind, Lasts, Loqi, ModifierKind, Options,
    Scale, Sheet, Side, Trait,
};

/// Runs `command` with `dice`. `Ok(lines)`: accepted, with exactly these log lines (an empty list
/// skips the comparison). `Err(message)`: refused with exactly this message, the table unchanged.
fn check(t: &mut Table<Loqi>, command: Command, dice: &[i64], expected: Result<&[&str], &str>) {
    let before = t.state().clone();
    let log = t.log().len();
    let result = t.execute(command.clone(), &mut Scripted::new(dice.to_vec()));
    match (result, expected) {
        (Ok(events), Ok(lines)) => {
            let got: Vec<String> = events.iter().map(Loqi::describe).collect();
            if !lines.is_empty() {
                assert_eq!(got, lines, "{command:?}");
            }
        }
        (Err(e), Err(message)) => {
            assert_eq!(e.to_string(), message, "{command:?}");
            assert_eq!(t.state(), &before);
            assert_eq!(t.log().len(), log);
        }
        (got, wanted) => panic!("{command:?}: got {got:?}, wanted {wanted:?}"),
    }
    assert_eq!(t.state(), &Table::<Loqi>::fold(t.options(), t.log()));
}

const OK: Result<&[&str], &str> = Ok(&[]);

fn sheet(name: &str, influence: i64, strength: Option<i64>) -> Sheet {
    Sheet {
        name: name.into(),
        traits: vec![
            Trait {
                name: "Swordsman".into(),
                rating: 3,
                harmful: false,
            },
            Trait {
                name: "Hot-headed".into(),
                rating: 2,
                harmful: true,
            },
        ],
        influence,
        strength,
        npc: false,
    }
}

fn table(options: Options) -> Table<Loqi> {
    let strength = options.strength.then_some(10);
    let mut t = Table::new(options);
    check(&mut t, Loqi::enroll(sheet("Tiran", 10, strength)), &[], OK);
    check(&mut t, Loqi::enroll(sheet("Ayla", 4, strength)), &[], OK);
    t
}

fn view(t: &Table<Loqi>) -> serde_json::Value {
    Loqi::view(t.state())
}

fn introduce(proposer: &str, responder: &str) -> Command {
    Command::IntroduceProblem {
        scale: Scale::Scene,
        description: "The orc bars the ford.".into(),
        proposer: proposer.into(),
        responder: Some(responder.into()),
        responders: None,
    }
}

fn propose(side: Side, impact: Option<i64>, consequences: Vec<Consequence>) -> Command {
    Command::ProposeOutcome {
        outcome: side,
        description: format!("the {} outcome", side.name()),
        impact,
        by: None,
        actors: None,
        action: Action::Strenuous,
        consequences,
    }
}

fn modifier(side: Side, value: i64, by: &str) -> Command {
    Command::AddModifier {
        outcome: side,
        kind: ModifierKind::Environment,
        value,
        by: by.into(),
        reason: "the ground".into(),
    }
}

fn weaken(who: &str, points: i64) -> Consequence {
    Consequence::Weakening {
        character: who.into(),
        points,
    }
}

fn change(who: &str, name: &str, by: i64, lasts: Lasts) -> Consequence {
    Consequence::TraitChange {
        character: who.into(),
        trait_name: name.into(),
        rating_change: by,
        harmful: None,
        lasts,
    }
}

/// Plays a problem put to Tiran whose GM outcome carries `gm_consequences` and wins on a 12.
fn gm_wins(t: &mut Table<Loqi>, gm_consequences: Vec<Consequence>) {
    check(t, introduce("GM", "Tiran"), &[], OK);
    check(t, propose(Side::Player, Some(0), vec![]), &[], OK);
    check(t, propose(Side::Gm, Some(0), gm_consequences), &[], OK);
    check(t, Command::Resolve {}, &[12], OK);
    assert_eq!(view(t)["last_resolved"]["winner"], json!("gm"));
}

#[test]
fn only_the_selected_outcomes_consequences_happen() {
    let mut t = table(Options::default());
    check(&mut t, introduce("GM", "Tiran"), &[], OK);
    check(
        &mut t,
        propose(
            Side::Player,
            None,
            vec![change("Tiran", "Confident", 1, Lasts::Scene)],
        ),
        &[],
        OK,
    );
    check(
        &mut t,
        propose(
            Side::Gm,
            None,
            vec![change("Tiran", "Swordsman", -2, Lasts::Scenario)],
        ),
        &[],
        OK,
    );
    assert_eq!(view(&t)["problem"]["player"]["impact"], json!(1));
    assert_eq!(view(&t)["problem"]["gm"]["impact"], json!(-4));
    // Player -1, GM -4: advantage 3, odds 9; a 3 selects the player's outcome.
    check(
        &mut t,
        Command::Resolve {},
        &[3],
        Ok(&[
            "Likelihoods: the player's outcome -1, the GM's outcome -4; advantage 3, odds 9: a d12 of 9 or less selects the player's outcome, more selects the GM's outcome (L3). Chances: the player's outcome 75.0% (3/4), the GM's outcome 25.0% (1/4).",
            "d12 rolled 3 against odds 9: 3 <= 9, so the player's outcome is selected (L3).",
            "Problem 1 is resolved for the player's outcome; Tiran may tell it in more detail: \"the player outcome\"",
            "Tiran's Confident 0 -> 1 (+1, for the scene; problem 1's outcome).",
        ]),
    );
    let tiran = &view(&t)["characters"]["Tiran"];
    assert_eq!(tiran["traits"]["Swordsman"]["rating"], json!(3));
    assert_eq!(tiran["traits"]["Confident"]["rating"], json!(1));
    check(
        &mut t,
        Command::EndScene { recovery: None },
        &[],
        Ok(&[
            "Scene 1 of scenario 1 ends: scene-long changes end.",
            "Tiran's scene change of +1 from problem 1 ends: Confident 1 -> 0.",
        ]),
    );
}

#[test]
fn a_takeover_costs_two_more_and_hands_over_the_gms_part() {
    let mut t = table(Options::default());
    check(
        &mut t,
        Command::TakeOver { who: "Ayla".into() },
        &[],
        Err(
            "The problem is not introduced yet; allowed: an open problem (introduce one first; book: Problems)",
        ),
    );
    check(
        &mut t,
        introduce("Ayla", "Tiran"),
        &[],
        Ok(&[
            "Ayla spends 2 influence to introduce a problem (L5); 2 left.",
            "Problem 1 (scene scale), introduced by Ayla, put to Tiran (what happens?): \"The orc bars the ford.\"",
        ]),
    );
    check(
        &mut t,
        Command::TakeOver {
            who: "Tiran".into(),
        },
        &[],
        Err(
            "The character is \"Tiran\"; allowed: the player who introduced problem 1 (it was introduced by Ayla; L5: only that player may take over)",
        ),
    );
    check(
        &mut t,
        Command::TakeOver { who: "Ayla".into() },
        &[],
        Ok(&[
            "Ayla spends 2 influence to take over the GM's part (L5); 0 left.",
            "Ayla takes over the GM's part for problem 1 (L5).",
        ]),
    );
    check(
        &mut t,
        Command::TakeOver { who: "Ayla".into() },
        &[],
        Err(
            "The character is \"Ayla\"; allowed: a problem not yet taken over (Ayla already plays the GM's part; L5)",
        ),
    );
    check(&mut t, propose(Side::Player, Some(2), vec![]), &[], OK);
    check(&mut t, propose(Side::Gm, Some(-2), vec![]), &[], OK);
    assert_eq!(view(&t)["problem"]["gm"]["by"], json!("Ayla"));
    assert_eq!(view(&t)["problem"]["acting_gm"], json!("Ayla"));
    check(&mut t, Command::Resolve {}, &[1], OK);
    assert_eq!(view(&t)["characters"]["Ayla"]["influence"], json!(0));

    // Too little influence: Tiran pays 2 of his 3 to introduce, 1 is left.
    let mut t: Table<Loqi> = Table::new(Options::default());
    check(&mut t, Loqi::enroll(sheet("Tiran", 3, None)), &[], OK);
    check(&mut t, Loqi::enroll(sheet("Ayla", 3, None)), &[], OK);
    check(&mut t, introduce("Tiran", "Ayla"), &[], OK);
    check(
        &mut t,
        Command::TakeOver {
            who: "Tiran".into(),
        },
        &[],
        Err(
            "The character is \"Tiran\", which costs 2 influence; allowed: a cost of at most 1 (Tiran holds 1; L5: influence never goes below 0)",
        ),
    );
    // Not once the GM's outcome is proposed, and not when the GM answers.
    let mut t = table(Options::default());
    check(&mut t, introduce("Tiran", "Ayla"), &[], OK);
    check(&mut t, propose(Side::Player, Some(2), vec![]), &[], OK);
    check(&mut t, propose(Side::Gm, Some(-2), vec![]), &[], OK);
    check(
        &mut t,
        Command::TakeOver {
            who: "Tiran".into(),
        },
        &[],
        Err(
            "The character is \"Tiran\"; allowed: a problem whose GM's outcome is not proposed yet (L5: the taker-over proposes it)",
        ),
    );
    let mut t = table(Options::default());
    check(&mut t, introduce("Tiran", "GM"), &[], OK);
    check(
        &mut t,
        Command::TakeOver {
            who: "Tiran".into(),
        },
        &[],
        Err(
            "The character is \"Tiran\"; allowed: a problem put to a player: this one asks the GM to answer, so the GM's part stays the GM's (L5)",
        ),
    );
}

#[test]
fn merged_entries_keep_their_sources() {
    let mut t = table(Options::default());
    check(&mut t, introduce("GM", "Tiran"), &[], OK);
    check(&mut t, propose(Side::Player, Some(3), vec![]), &[], OK);
    check(
        &mut t,
        Command::AddTrait {
            outcome: Side::Player,
            character: "Tiran".into(),
            trait_name: "Swordsman".into(),
            along: true,
            by: "Tiran".into(),
            reason: "a swordsman".into(),
            value: None,
        },
        &[],
        OK,
    );
    check(&mut t, modifier(Side::Player, 2, "Tiran"), &[], OK);
    check(
        &mut t,
        Command::SpendInfluence {
            outcome: Side::Player,
            who: "Tiran".into(),
            points: 1,
            reason: None,
        },
        &[],
        OK,
    );
    let merge = |entries: Vec<u32>, by: &str| Command::MergeEntries {
        outcome: Side::Player,
        entries,
        value: 4,
        by: by.into(),
        reason: "the same edge twice".into(),
    };
    for (entries, by, message) in [
        (
            vec![2],
            "GM",
            "Number of entries is 1; allowed: 2 to 40 (book: Judging Likelihood Modifiers)",
        ),
        (
            vec![2, 9],
            "GM",
            "Entry 2 is 9; allowed: an entry on the player's outcome (ids 1, 2, 3, 4)",
        ),
        (vec![2, 2], "GM", "Entry 2 is 2; allowed: each entry once"),
        (
            vec![1, 2],
            "GM",
            "Entry 1 is 1 (impact); allowed: a trait, environment or genre entry: impact, influence and strength count as they are (L1, L2, L5, L8), and merged entries are merged already",
        ),
        (
            vec![2, 4],
            "GM",
            "Entry 2 is 4 (influence); allowed: a trait, environment or genre entry: impact, influence and strength count as they are (L1, L2, L5, L8), and merged entries are merged already",
        ),
        (
            vec![2, 3],
            "Tiran",
            "The author is \"Tiran\"; allowed: \"GM\": whoever plays the GM's part picks the merged value (book: Judging Likelihood Modifiers; L1)",
        ),
    ] {
        check(&mut t, merge(entries, by), &[], Err(message));
    }
    assert_eq!(view(&t)["problem"]["player"]["likelihood"], json!(3));
    check(
        &mut t,
        merge(vec![3, 2], "GM"),
        &[],
        Ok(&[
            "The player's outcome: entries 3 +2 (\"the ground\") and 2 +3 (\"a swordsman\") merged into entry 5 +4 by the GM (\"the same edge twice\"); likelihood now 2 (book: Judging Likelihood Modifiers).",
        ]),
    );
    let tally = &view(&t)["problem"]["player"]["tally"];
    assert_eq!(tally.as_array().map(Vec::len), Some(3));
    assert_eq!(tally[1]["id"], json!(5));
    assert_eq!(tally[1]["kind"], json!("merged"));
    assert_eq!(tally[1]["merged"][0]["id"], json!(3));
    assert_eq!(tally[1]["merged"][1]["id"], json!(2));
    assert_eq!(tally[2]["kind"], json!("influence"));
    assert_eq!(
        view(&t)["problem"]["player"]["by_kind"],
        json!({"impact": -3, "influence": 1, "merged": 4})
    );
}

#[test]
fn strength_penalties_follow_the_action_and_out_characters_take_no_part() {
    let mut t = table(Options {
        strength: true,
        ..Options::default()
    });
    gm_wins(&mut t, vec![weaken("Tiran", 6)]);
    assert_eq!(
        view(&t)["characters"]["Tiran"]["strength"],
        json!({"nominal": 10, "current": 4, "strenuous": -3, "ordinary": -1})
    );
    check(&mut t, introduce("GM", "Tiran"), &[], OK);
    for (action, tally) in [
        (Action::Strenuous, json!([-2, -3])),
        (Action::Ordinary, json!([-2, -1])),
        (Action::Luck, json!([-2])),
    ] {
        let command = Command::ProposeOutcome {
            outcome: Side::Player,
            description: "he runs".into(),
            impact: Some(2),
            by: None,
            actors: Some(vec!["Tiran".into(), "Ayla".into()]),
            action,
            consequences: vec![],
        };
        let mut probe = Table::<Loqi>::new(*t.options());
        for entry in t.log() {
            probe
                .execute(entry.command.clone(), &mut Scripted::new(entry_dice(entry)))
                .unwrap();
        }
        check(&mut probe, command, &[], OK);
        let values: Vec<i64> = view(&probe)["problem"]["player"]["tally"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["value"].as_i64().unwrap())
            .collect();
        assert_eq!(json!(values), tally, "{action:?}");
    }
    check(&mut t, propose(Side::Player, Some(0), vec![]), &[], OK);
    check(
        &mut t,
        propose(
            Side::Gm,
            Some(0),
            vec![Consequence::Regain {
                character: "Tiran".into(),
                points: 7,
            }],
        ),
        &[],
        Err("Consequence 1's number of points is 7; allowed: 1 to 6 (L8)"),
    );
    check(
        &mut t,
        propose(
            Side::Gm,
            Some(0),
            vec![Consequence::Regain {
                character: "Ayla".into(),
                points: 1,
            }],
        ),
        &[],
        Err(
            "Consequence 1's number of points is 1; allowed: none: Ayla has lost no strength (10 of 10; L8)",
        ),
    );
    check(
        &mut t,
        propose(Side::Gm, Some(0), vec![weaken("Tiran", 4)]),
        &[],
        OK,
    );
    // The player's outcome carries Tiran's strenuous -3: the GM's is more likely; a 1 selects it.
    check(&mut t, Command::Resolve {}, &[1], OK);
    assert_eq!(view(&t)["characters"]["Tiran"]["status"], json!("out"));
    // Out: no trait of his on a tally, no spend from him, not an actor, not a responder (L8).
    check(&mut t, introduce("GM", "Ayla"), &[], OK);
    check(&mut t, propose(Side::Player, Some(0), vec![]), &[], OK);
    let out = "is \"Tiran\"; allowed: a character who can take part in a problem (Tiran is out at strength 0; L8: out characters take no part)";
    check(
        &mut t,
        Command::AddTrait {
            outcome: Side::Player,
            character: "Tiran".into(),
            trait_name: "Swordsman".into(),
            along: true,
            by: "Ayla".into(),
            reason: "he fights".into(),
            value: None,
        },
        &[],
        Err(&format!("The character {out}")),
    );
    check(
        &mut t,
        Command::SpendInfluence {
            outcome: Side::Player,
            who: "Tiran".into(),
            points: 1,
            reason: None,
        },
        &[],
        Err(&format!("The character {out}")),
    );
    check(&mut t, propose(Side::Gm, Some(0), vec![]), &[], OK);
    check(&mut t, Command::Resolve {}, &[1], OK);
    check(
        &mut t,
        Command::EndScene { recovery: Some(5) },
        &[],
        Ok(&[
            "Scene 1 of scenario 1 ends: scene-long changes end; weakened characters regain up to 5 strength (L8).",
            "Tiran's strength 0 -> 5 (+5, the scene's end; L8); Tiran is back in.",
        ]),
    );
    check(
        &mut t,
        Command::EndScenario {},
        &[],
        Ok(&[
            "Scenario 1 ends after 2 scenes: scene- and scenario-long changes end; everyone not dead regains all strength (L8).",
            "Tiran's strength 5 -> 10 (+5, the scenario's end; L8).",
        ]),
    );
}

/// The dice an accepted log entry rolled, to play it again.
fn entry_dice(entry: &skald_core::Entry<Loqi>) -> Vec<i64> {
    entry
        .events
        .iter()
        .filter_map(|e| match e {
            skald_loqi::Event::DieRolled { roll, .. } => Some(roll.value),
            _ => None,
        })
        .collect()
}

#[test]
fn without_the_strength_option_strength_is_refused() {
    let mut t = table(Options::default());
    check(
        &mut t,
        Command::EndScene { recovery: Some(2) },
        &[],
        Err(
            "The strength regained is 2; allowed: no recovery: this table does not play strength (L8; the table's option \"Strength\" is off)",
        ),
    );
    check(&mut t, introduce("GM", "Tiran"), &[], OK);
    check(
        &mut t,
        propose(Side::Player, None, vec![weaken("Tiran", 1)]),
        &[],
        Err(
            "Consequence 1's kind is a strength change; allowed: a trait change, a tactical change, a relationship or a reward: this table does not play strength (L8; the table's option \"Strength\" is off)",
        ),
    );
    check(
        &mut t,
        propose(Side::Player, None, vec![]),
        &[],
        Err(
            "The impact is left out; allowed: -100 to 100, or consequences for Skald to suggest one (L2, L7)",
        ),
    );
    check(
        &mut t,
        Loqi::enroll(sheet("Brom", 10, Some(10))),
        &[],
        Err(
            "The strength is 10; allowed: no strength: this table does not play strength (L8; the table's option \"Strength\" is off)",
        ),
    );
}

#[test]
fn trait_changes_respect_the_tables_choices() {
    let mut t = table(Options {
        permanent_changes_in_problems: false,
        free_changes: false,
        ..Options::default()
    });
    check(&mut t, introduce("GM", "Tiran"), &[], OK);
    check(
        &mut t,
        propose(
            Side::Player,
            None,
            vec![change("Tiran", "Scarred", 1, Lasts::Permanent)],
        ),
        &[],
        Err(
            "Consequence 1's duration is for good; allowed: the scene or the scenario: this table changes characters for good only by free changes (the table's option \"Permanent changes in problems\" is off; book: Changing A Character)",
        ),
    );
    check(
        &mut t,
        Command::ChangeTrait {
            character: "Tiran".into(),
            trait_name: "Scarred".into(),
            rating: 1,
            harmful: Some(true),
            reason: "always was".into(),
            approved: true,
        },
        &[],
        Err(
            "This move is a free change; allowed: a change through a problem's outcome: this table changes characters only through problems (the table's option \"Free changes\" is off; book: Changing A Character)",
        ),
    );

    let mut t = table(Options {
        high_ratings: true,
        ..Options::default()
    });
    check(
        &mut t,
        Command::ChangeTrait {
            character: "Tiran".into(),
            trait_name: "Swordsman".into(),
            rating: 6,
            harmful: None,
            reason: "he trained with the masters".into(),
            approved: true,
        },
        &[],
        Ok(&[
            "Tiran's Swordsman 3 -> 6 [above the usual 1-4] (+3, permanently; a free change the GM approved: \"he trained with the masters\").",
        ]),
    );
    assert_eq!(
        view(&t)["characters"]["Tiran"]["traits"]["Swordsman"],
        json!({"rating": 6, "harmful": false, "permanent": 6, "high": true})
    );
    check(
        &mut t,
        Command::ChangeTrait {
            character: "Tiran".into(),
            trait_name: "Swordsman".into(),
            rating: 7,
            harmful: None,
            reason: "more".into(),
            approved: true,
        },
        &[],
        Err(
            "The rating is 7; allowed: 1 to 6 (book: Traits, skill table; the table's option \"Trait ratings 5 and 6\")",
        ),
    );
    check(
        &mut t,
        Command::ChangeTrait {
            character: "Tiran".into(),
            trait_name: "Hot-headed".into(),
            rating: 0,
            harmful: None,
            reason: "he learned patience".into(),
            approved: true,
        },
        &[],
        Ok(&[
            "Tiran's Hot-headed (harmful) 2 -> 0 (-2, permanently; a free change the GM approved: \"he learned patience\").",
        ]),
    );
    assert_eq!(
        view(&t)["characters"]["Tiran"]["traits"],
        json!({"Swordsman": {"rating": 6, "harmful": false, "permanent": 6, "high": true}})
    );
}

#[test]
fn influence_rewards_swaps_and_the_gms_pile() {
    let mut t = table(Options::default());
    check(
        &mut t,
        Command::Reward {
            who: "Ayla".into(),
            points: 6,
            reason: "the mill-race moat".into(),
        },
        &[],
        Ok(&[
            "The GM rewards Ayla with 6 influence [above the usual 1-5] (L5): \"the mill-race moat\"; Ayla holds 10.",
        ]),
    );
    check(
        &mut t,
        Command::Reward {
            who: "GM".into(),
            points: 1,
            reason: "x".into(),
        },
        &[],
        Err("The character is \"GM\"; allowed: a character: the GM rewards the players (L5)"),
    );
    check(
        &mut t,
        Command::GiveInfluence {
            from: "Tiran".into(),
            to: "Ayla".into(),
            points: 1,
            reason: "a joke".into(),
        },
        &[],
        Err(
            "This move is giving influence; allowed: a reward from the GM: this table does not swap influence (L5; the table's option \"Influence swapping\" is off)",
        ),
    );
    check(&mut t, introduce("GM", "Tiran"), &[], OK);
    check(&mut t, propose(Side::Player, Some(0), vec![]), &[], OK);
    check(
        &mut t,
        Command::SpendInfluence {
            outcome: Side::Player,
            who: "GM".into(),
            points: 1,
            reason: None,
        },
        &[],
        Err(
            "The character is \"GM\"; allowed: a character: the GM holds no influence at this table (L5; the table's option \"The GM has influence\" is off)",
        ),
    );

    // Influence is capped at 999: a reward past it is refused.
    let mut t: Table<Loqi> = Table::new(Options {
        influence_swapping: true,
        ..Options::default()
    });
    check(&mut t, Loqi::enroll(sheet("Tiran", 990, None)), &[], OK);
    check(&mut t, Loqi::enroll(sheet("Ayla", 5, None)), &[], OK);
    check(
        &mut t,
        Command::Reward {
            who: "Tiran".into(),
            points: 10,
            reason: "x".into(),
        },
        &[],
        Err("Tiran's influence afterwards is 1000; allowed: 0 to 999 (L5; Skald limit 999)"),
    );
    check(
        &mut t,
        Command::GiveInfluence {
            from: "Ayla".into(),
            to: "Ayla".into(),
            points: 1,
            reason: "x".into(),
        },
        &[],
        Err("The recipient is \"Ayla\"; allowed: another player than the giver (L5)"),
    );
    check(
        &mut t,
        Command::GiveInfluence {
            from: "Ayla".into(),
            to: "Tiran".into(),
            points: 5,
            reason: "x".into(),
        },
        &[],
        Err("Tiran's influence afterwards is 1000; allowed: 0 to 999 (L5; Skald limit 999)"),
    );
    check(
        &mut t,
        Command::GiveInfluence {
            from: "Ayla".into(),
            to: "Tiran".into(),
            points: 4,
            reason: "a good joke".into(),
        },
        &[],
        Ok(&[
            "Ayla gives Tiran 4 influence and Tiran gains 8 (L5, influence swapping): \"a good joke\"; Ayla holds 1, Tiran 998.",
        ]),
    );
}

#[test]
fn goal_refusals_name_the_l6_limits() {
    let mut t = table(Options::default());
    let draft = |kind, base, multiplier| GoalDraft {
        text: "a goal".into(),
        kind,
        base,
        multiplier,
    };
    use GoalKind::{NonSpecific, Specific};
    for (by, goals, message) in [
        (
            "Tiran",
            vec![draft(Specific, 2, Some(3)), draft(Specific, 3, Some(5))],
            "The list of goals is without a non-specific goal; allowed: at least one specific and one non-specific goal (L6)",
        ),
        (
            "Tiran",
            vec![draft(Specific, 2, Some(3)), draft(NonSpecific, 3, Some(3))],
            "Goal 2's multiplier is x3; allowed: none: only specific goals are multiplied (L6)",
        ),
        (
            "Tiran",
            vec![draft(Specific, 2, None), draft(NonSpecific, 3, None)],
            "Goal 1's multiplier is left unpicked; allowed: x3 or x5: a specific goal's base is tripled or quintupled (L6)",
        ),
        (
            "Tiran",
            vec![draft(Specific, 0, Some(3)), draft(NonSpecific, 5, None)],
            "Goal 1's base rating is 0; allowed: 1 to 10 (L6)",
        ),
        (
            "Tiran",
            vec![draft(Specific, 1, Some(3))],
            "Number of goals is 1; allowed: 2 to 10 (L6; Skald limit 10)",
        ),
        (
            "Brom",
            vec![draft(Specific, 1, Some(3))],
            "The author is \"Brom\"; allowed: \"GM\" or a character at the table (Tiran, Ayla)",
        ),
    ] {
        check(
            &mut t,
            Command::PrepareGoals {
                by: by.into(),
                goals,
            },
            &[],
            Err(message),
        );
    }
    // The GM prepares as many as needed, with no total to keep to.
    check(
        &mut t,
        Command::PrepareGoals {
            by: "GM".into(),
            goals: vec![draft(Specific, 10, Some(5))],
        },
        &[],
        Ok(&["The GM prepares goals (L6): goal 1 \"a goal\" (specific, 50)."]),
    );
    check(
        &mut t,
        Command::AddGoal {
            by: "Tiran".into(),
            text: "a setting goal".into(),
            kind: Specific,
            rating: 5,
            at: AddedAt::Setting,
            approved: false,
        },
        &[],
        Err(
            "The author is \"Tiran\"; allowed: \"GM\": setting goals come from the setting, through the GM (L6)",
        ),
    );
    check(
        &mut t,
        Command::AddGoal {
            by: "Ayla".into(),
            text: "hit a bird".into(),
            kind: NonSpecific,
            rating: 6,
            at: AddedAt::Session,
            approved: true,
        },
        &[],
        Err("The rating is 6; allowed: 1 to 5 (L6: non-specific goals at a session's start)"),
    );
    for (who, message) in [
        (
            vec![],
            "Number of fulfillers is 0; allowed: 1 to 32 (L6; Skald limit)",
        ),
        (
            vec!["GM"],
            "Fulfiller 1 is \"GM\"; allowed: a character: goals pay the players who fulfil them (L6)",
        ),
        (
            vec!["Tiran", "Tiran"],
            "Fulfiller 2 is \"Tiran\"; allowed: each fulfiller once: everyone fulfilling at the same moment gets the full rating once (L6)",
        ),
    ] {
        check(
            &mut t,
            Command::FulfilGoal {
                goal: 1,
                who: who.into_iter().map(String::from).collect(),
            },
            &[],
            Err(message),
        );
    }
    check(
        &mut t,
        Command::FulfilGoal {
            goal: 7,
            who: vec!["Tiran".into()],
        },
        &[],
        Err("The goal is 7; allowed: a standing goal (1); no goal has that number"),
    );
    check(
        &mut t,
        Command::FulfilGoal {
            goal: 1,
            who: vec!["Ayla".into(), "Tiran".into()],
        },
        &[],
        Ok(&[
            "Goal 1 (\"a goal\") is fulfilled: 50 each to Ayla (now 54), Tiran (now 60); a specific goal, it disappears (L6).",
        ]),
    );
    assert_eq!(view(&t)["goals"], json!([]));
}

#[test]
fn responders_and_options_are_checked() {
    let mut t = table(Options::default());
    let ask = |responder: Option<&str>, responders: Option<Vec<&str>>| Command::IntroduceProblem {
        scale: Scale::Story,
        description: "The chieftain returns.".into(),
        proposer: "GM".into(),
        responder: responder.map(String::from),
        responders: responders.map(|r| r.into_iter().map(String::from).collect()),
    };
    for (command, message) in [
        (
            ask(None, None),
            "The responder is nobody; allowed: a character (or several) asked \"what happens?\" (book: Problems, step 1)",
        ),
        (
            ask(Some("Tiran"), Some(vec!["Ayla"])),
            "The responder is given twice (one and a list); allowed: one responder or a list of them, not both",
        ),
        (
            ask(None, Some(vec![])),
            "Number of responders is 0; allowed: 1 to 32 (book: Problems, step 2; Skald limit)",
        ),
        (
            ask(None, Some(vec!["Tiran", "Tiran"])),
            "Responder 2 is \"Tiran\"; allowed: each responder once",
        ),
        (
            ask(None, Some(vec!["Tiran", "GM"])),
            "Responder 2 is \"GM\"; allowed: someone other than the proposer \"GM\" (book: Problems, step 1)",
        ),
    ] {
        check(&mut t, command, &[], Err(message));
    }
    check(&mut t, ask(None, Some(vec!["Tiran", "Ayla"])), &[], OK);
    check(&mut t, propose(Side::Player, Some(10), vec![]), &[], OK);
    assert_eq!(
        view(&t)["problem"]["player"]["actors"],
        json!(["Tiran", "Ayla"])
    );
    assert_eq!(view(&t)["problem"]["impact_guide"], json!([10, 12]));

    // Options out of range never play: serde refuses them, and so does decide.
    let err = serde_json::from_value::<Options>(json!({"dying": true})).unwrap_err();
    assert!(
        err.to_string()
            .contains("Dying is on without Strength; allowed: Dying only with Strength on too"),
        "{err}"
    );
    let err = serde_json::from_value::<Options>(json!({"strength": true, "scene_recovery": 6}))
        .unwrap_err();
    assert!(
        err.to_string()
            .contains("Strength regained each scene is 6; allowed: 1 to 5 (L8)"),
        "{err}"
    );
    let mut bad: Table<Loqi> = Table::new(Options {
        death_at: 0,
        ..Options::default()
    });
    check(
        &mut bad,
        Loqi::enroll(sheet("Tiran", 1, None)),
        &[],
        Err(
            "One of the table's options is Dead at strength is 0; allowed: -20 to -1 (L8); allowed: options within their ranges",
        ),
    );
}

/// The view lists this session's resolved problems for a board, newest first, at most
/// `BOARD_RESOLVED`, with where each was resolved and how many more the list leaves out; a new
/// session starts the list again.
#[test]
fn the_view_lists_this_sessions_resolved_problems_newest_first() {
    let mut t = table(Options::default());
    gm_wins(&mut t, vec![]);
    check(&mut t, Command::StartSession {}, &[], OK);
    let bound = skald_loqi::limits::BOARD_RESOLVED;
    for _ in 0..bound + 2 {
        gm_wins(&mut t, vec![]);
    }
    let v = view(&t);
    let numbers: Vec<u64> = v["session_resolved"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["number"].as_u64().unwrap())
        .collect();
    let newest = bound as u64 + 3;
    let expected: Vec<u64> = (0..bound as u64).map(|i| newest - i).collect();
    assert_eq!(numbers, expected);
    assert_eq!(v["session_resolved_more"], json!(2));
    assert_eq!(v["session_resolved"][0]["session"], json!(2));
    assert_eq!(v["resolved"][0]["session"], json!(1));
    assert_eq!(v["resolved"].as_array().unwrap().len(), bound + 3);
}
