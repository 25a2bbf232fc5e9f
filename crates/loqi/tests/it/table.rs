//! Loqi through a `Table`: the problem procedure with scripted dice, refusals, undo, the view and
//! the command format (RULINGS.md L1-L5).

#![allow(clippy::unwrap_used)] // test helpers outside #[test] functions

use serde_json::json;
use skald_core::{Scripted, System, Table};
use skald_loqi::{Action, Command, Error, Event, Loqi, ModifierKind, Options, Sheet, Side, Trait};

fn mirela() -> Sheet {
    Sheet {
        name: "Mirela".into(),
        traits: vec![
            Trait {
                name: "Swordsman".into(),
                rating: 3,
                harmful: false,
            },
            Trait {
                name: "Clumsy".into(),
                rating: 2,
                harmful: true,
            },
        ],
        influence: 10,
        strength: None,
        npc: false,
    }
}

fn juno() -> Sheet {
    Sheet {
        name: "Juno".into(),
        traits: vec![],
        influence: 3,
        strength: None,
        npc: false,
    }
}

/// A table with Mirela and Juno enrolled.
fn table(options: Options) -> Table<Loqi> {
    let mut t = Table::new(options);
    ok(&mut t, Loqi::enroll(mirela()), &[]);
    ok(&mut t, Loqi::enroll(juno()), &[]);
    t
}

/// Runs `command` with `dice`, which must all be used; returns the events.
fn ok(t: &mut Table<Loqi>, command: Command, dice: &[i64]) -> Vec<Event> {
    let mut source = Scripted::new(dice.to_vec());
    let events = t
        .execute(command.clone(), &mut source)
        .unwrap_or_else(|e| panic!("{command:?}: {e}"))
        .to_vec();
    assert!(
        source.remaining().is_empty(),
        "dice left over: {:?}",
        source.remaining()
    );
    events
}

/// Runs `command`, which must be refused with exactly `message`, leaving the table as it was.
fn refused(t: &mut Table<Loqi>, command: Command, dice: &[i64], message: &str) {
    let before = t.state().clone();
    let log = t.log().len();
    let err = t
        .execute(command, &mut Scripted::new(dice.to_vec()))
        .unwrap_err();
    assert_eq!(err.to_string(), message);
    assert_eq!(t.state(), &before);
    assert_eq!(t.log().len(), log);
}

fn introduce(responder: &str) -> Command {
    Command::IntroduceProblem {
        scale: skald_loqi::Scale::Scene,
        description: "Bandits block the pass.".into(),
        proposer: "GM".into(),
        responder: Some(responder.into()),
        responders: None,
    }
}

fn propose(outcome: Side, impact: i64) -> Command {
    Command::ProposeOutcome {
        outcome,
        description: format!("{} outcome", outcome.name()),
        impact: Some(impact),
        by: None,
        actors: None,
        action: Action::default(),
        consequences: vec![],
    }
}

fn modifier(outcome: Side, value: i64) -> Command {
    Command::AddModifier {
        outcome,
        kind: ModifierKind::Environment,
        value,
        by: "GM".into(),
        reason: "the weather".into(),
    }
}

fn add_trait(outcome: Side, name: &str, along: bool) -> Command {
    Command::AddTrait {
        outcome,
        character: "Mirela".into(),
        trait_name: name.into(),
        along,
        by: "GM".into(),
        reason: "it bears on the action".into(),
        value: None,
    }
}

/// A problem put to Mirela with likelihoods `player` and `gm` (impact 0, one modifier each).
fn problem_at(t: &mut Table<Loqi>, player: i64, gm: i64) {
    ok(t, introduce("Mirela"), &[]);
    ok(t, propose(Side::Player, 0), &[]);
    ok(t, modifier(Side::Player, player), &[]);
    ok(t, propose(Side::Gm, 0), &[]);
    ok(t, modifier(Side::Gm, gm), &[]);
}

fn view(t: &Table<Loqi>) -> serde_json::Value {
    Loqi::view(t.state())
}

#[test]
fn the_problem_procedure_with_exact_tallies_and_a_roll_at_the_odds() {
    let mut t = table(Options::default());
    ok(&mut t, introduce("Mirela"), &[]);
    // L2: the player's outcome loses its impact; the GM's gains its (negative) impact.
    ok(&mut t, propose(Side::Player, 4), &[]);
    ok(&mut t, add_trait(Side::Player, "Swordsman", true), &[]); // +3 (L1)
    ok(&mut t, propose(Side::Gm, -3), &[]);
    ok(&mut t, add_trait(Side::Gm, "Clumsy", false), &[]); // harmful, against: +2 (L1)
    ok(&mut t, add_trait(Side::Gm, "Swordsman", false), &[]); // -3 (L1)
    assert_eq!(view(&t)["problem"]["player"]["likelihood"], json!(-1));
    assert_eq!(view(&t)["problem"]["gm"]["likelihood"], json!(-4));
    assert_eq!(
        view(&t)["problem"]["odds"],
        json!({"player": -1, "gm": -4, "advantage": 3, "odds": 9, "more_likely": "player", "certain": false,
               "p_player": "3/4", "p_gm": "1/4", "one_more_point": {"player": "5/6", "gm": "1/3"}})
    );
    let events = ok(&mut t, Command::Resolve {}, &[9]);
    let lines: Vec<String> = events.iter().map(Loqi::describe).collect();
    assert_eq!(
        lines,
        [
            "Likelihoods: the player's outcome -1, the GM's outcome -4; advantage 3, odds 9: a d12 of 9 or less selects the player's outcome, more selects the GM's outcome (L3). Chances: the player's outcome 75.0% (3/4), the GM's outcome 25.0% (1/4).",
            "d12 rolled 9 against odds 9: 9 <= 9, so the player's outcome is selected (L3).",
            "Problem 1 is resolved for the player's outcome; Mirela may tell it in more detail: \"player outcome\"",
        ]
    );
    let v = view(&t);
    assert_eq!(v["problem_open"], json!(false));
    assert_eq!(v["problem"], json!(null));
    assert_eq!(v["last_resolved"]["winner"], json!("player"));
    assert_eq!(v["last_resolved"]["rolls"], json!([9]));
    assert_eq!(v["resolved"].as_array().map(Vec::len), Some(1));
    assert_eq!(t.state(), &Table::<Loqi>::fold(t.options(), t.log()));
}

#[test]
fn one_over_the_odds_selects_the_less_likely_outcome() {
    let mut t = table(Options::default());
    problem_at(&mut t, 0, 5); // advantage 5 for the GM, odds 11
    let events = ok(&mut t, Command::Resolve {}, &[12]);
    assert_eq!(
        events.last(),
        Some(&Event::ProblemResolved {
            number: 1,
            winner: Side::Player,
            by: "Mirela".into(),
            description: "player outcome".into()
        })
    );
}

#[test]
fn equal_likelihoods_split_at_six() {
    for (roll, winner) in [(6, "player"), (7, "gm")] {
        let mut t = table(Options::default());
        problem_at(&mut t, 2, 2);
        ok(&mut t, Command::Resolve {}, &[roll]);
        assert_eq!(
            view(&t)["last_resolved"]["winner"],
            json!(winner),
            "roll {roll}"
        );
    }
}

#[test]
fn a_certain_outcome_is_announced_before_and_rolls_no_die() {
    let mut t = table(Options::default());
    problem_at(&mut t, -6, 0);
    assert_eq!(view(&t)["problem"]["odds"]["certain"], json!(true));
    let events = ok(&mut t, Command::Resolve {}, &[]);
    assert_eq!(events.len(), 2);
    assert_eq!(
        Loqi::describe(&events[0]),
        "Likelihoods: the player's outcome -6, the GM's outcome 0; advantage 6, odds 12: the GM's outcome is certain, no die is rolled (L3). Chances: the player's outcome impossible, the GM's outcome certain."
    );
    assert_eq!(view(&t)["last_resolved"]["winner"], json!("gm"));
    assert_eq!(view(&t)["last_resolved"]["rolls"], json!([]));
}

#[test]
fn unlikely_outcomes_need_a_twelve_first() {
    let mut t = table(Options {
        unlikely_outcomes: true,
        ..Options::default()
    });
    problem_at(&mut t, 7, 0);
    assert_eq!(view(&t)["problem"]["odds"]["certain"], json!(false));
    let events = ok(&mut t, Command::Resolve {}, &[12, 8]);
    let lines: Vec<String> = events.iter().map(Loqi::describe).collect();
    assert_eq!(
        lines[1],
        "d12 rolled 12 against odds 13: a 12, so the unlikely outcome stays possible (L4); advantage 7 - 6 = 1, roll again."
    );
    assert_eq!(
        lines[2],
        "d12 rolled 8 against odds 7: 8 > 7, so the GM's outcome is selected (L3)."
    );
    assert_eq!(view(&t)["last_resolved"]["winner"], json!("gm"));

    let mut t = table(Options {
        unlikely_outcomes: true,
        ..Options::default()
    });
    problem_at(&mut t, 7, 0);
    let events = ok(&mut t, Command::Resolve {}, &[11]);
    assert_eq!(
        Loqi::describe(&events[1]),
        "d12 rolled 11 against odds 13: not a 12 (L4), so the player's outcome is selected."
    );
}

#[test]
fn refusals_name_the_field_the_value_and_what_is_allowed() {
    let mut t = table(Options::default());
    refused(
        &mut t,
        Command::Resolve {},
        &[],
        "The problem is not introduced yet; allowed: an open problem (introduce one first; book: Problems)",
    );
    refused(
        &mut t,
        Command::Enroll {
            character: mirela(),
        },
        &[],
        "The name is \"Mirela\"; allowed: a name not at the table yet (\"Mirela\" is)",
    );
    refused(
        &mut t,
        introduce("Bob"),
        &[],
        "The responder is \"Bob\"; allowed: \"GM\" or a character at the table (Mirela, Juno)",
    );
    refused(
        &mut t,
        introduce("GM"),
        &[],
        "The responder is \"GM\"; allowed: someone other than the proposer \"GM\" (book: Problems, step 1)",
    );
    ok(&mut t, introduce("Mirela"), &[]);
    refused(
        &mut t,
        introduce("Mirela"),
        &[],
        "The problem is still open: problem 1 (\"Bandits block the pass.\"); allowed: no open problem: resolve problem 1 first (one problem at a time)",
    );
    refused(
        &mut t,
        modifier(Side::Player, 1),
        &[],
        "The outcome is the player's outcome; allowed: a proposed outcome (proposed so far: none; propose it first)",
    );
    refused(
        &mut t,
        propose(Side::Player, 101),
        &[],
        "The impact is 101; allowed: -100 to 100 (L2; Skald limit 100)",
    );
    ok(&mut t, propose(Side::Player, 4), &[]);
    refused(
        &mut t,
        propose(Side::Player, 4),
        &[],
        "The outcome is the player's outcome; allowed: an outcome not proposed yet (proposed so far: the player's outcome; the player's outcome was proposed by Mirela: \"player outcome\")",
    );
    refused(
        &mut t,
        modifier(Side::Player, 21),
        &[],
        "The value is 21; allowed: -20 to 20 (L1; Skald limit 20)",
    );
    refused(
        &mut t,
        add_trait(Side::Player, "Archery", true),
        &[],
        "The trait is \"Archery\"; allowed: a trait Mirela has now (Swordsman, Clumsy)",
    );
    refused(
        &mut t,
        Command::SpendInfluence {
            outcome: Side::Player,
            who: "Juno".into(),
            points: -4,
            reason: None,
        },
        &[],
        "The number of points is -4, which costs 4 influence; allowed: a cost of at most 3 (Juno holds 3; L5: influence never goes below 0)",
    );
    refused(
        &mut t,
        Command::SpendInfluence {
            outcome: Side::Player,
            who: "Juno".into(),
            points: 0,
            reason: None,
        },
        &[],
        "The number of points is 0; allowed: -100 to -1 or 1 to 100 (L5)",
    );
    refused(
        &mut t,
        Command::ProposeOutcome {
            outcome: Side::Gm,
            description: "x".into(),
            impact: Some(0),
            by: Some("Juno".into()),
            actors: None,
            action: Action::default(),
            consequences: vec![],
        },
        &[],
        "The author is \"Juno\"; allowed: \"GM\": whoever plays the GM's part proposes the GM's outcome (book: Problems, step 3; L5)",
    );
    refused(
        &mut t,
        Command::Resolve {},
        &[],
        "The problem is problem 1 without the GM's outcome; allowed: a problem with both outcomes proposed (book: Resolving Problems)",
    );
    ok(&mut t, propose(Side::Gm, 0), &[]);
    refused(
        &mut t,
        Command::Resolve {},
        &[13],
        "dice: scripted die 1 is 13, but a d12 shows 1 to 12",
    );
    refused(
        &mut t,
        Command::Resolve {},
        &[],
        "dice: the scripted dice ran out: roll 1 (d12) has no value (the script holds 0)",
    );
    assert!(matches!(
        t.execute(modifier(Side::Gm, 1), &mut Scripted::new(vec![]))
            .map(<[Event]>::len),
        Ok(1)
    ));
}

#[test]
fn a_tally_holds_at_most_forty_entries() {
    let mut t = table(Options::default());
    ok(&mut t, introduce("Mirela"), &[]);
    ok(&mut t, propose(Side::Player, 0), &[]);
    for _ in 1..40 {
        ok(&mut t, modifier(Side::Player, 1), &[]);
    }
    refused(
        &mut t,
        modifier(Side::Player, 1),
        &[],
        "Number of entries on the player's outcome is 41; allowed: 1 to 40 (Skald limit)",
    );
}

#[test]
fn influence_is_spent_for_problems_and_likelihoods() {
    let mut t = table(Options::default());
    let by_juno = |responder: &str| Command::IntroduceProblem {
        scale: skald_loqi::Scale::Story,
        description: "Juno's rival returns.".into(),
        proposer: "Juno".into(),
        responder: Some(responder.into()),
        responders: None,
    };
    // L5: a player introducing a problem pays 2; the GM may be asked to answer first.
    let events = ok(&mut t, by_juno("GM"), &[]);
    assert_eq!(
        Loqi::describe(&events[0]),
        "Juno spends 2 influence to introduce a problem (L5); 1 left."
    );
    refused(
        &mut t,
        propose(Side::Player, 1),
        &[],
        "The outcome is the player's outcome; allowed: the GM's outcome first: the responder the GM answers \"what happens?\" before the alternative (book: Problems, steps 2-3)",
    );
    ok(&mut t, propose(Side::Gm, -2), &[]);
    ok(&mut t, propose(Side::Player, 1), &[]);
    assert_eq!(view(&t)["problem"]["player"]["by"], json!("Juno"));
    ok(
        &mut t,
        Command::SpendInfluence {
            outcome: Side::Gm,
            who: "Juno".into(),
            points: -1,
            reason: None,
        },
        &[],
    );
    assert_eq!(view(&t)["characters"]["Juno"]["influence"], json!(0));
    assert_eq!(view(&t)["problem"]["gm"]["likelihood"], json!(-3));
    ok(&mut t, Command::Resolve {}, &[6]);
    refused(
        &mut t,
        by_juno("Mirela"),
        &[],
        "The one introducing it is \"Juno\", which costs 2 influence; allowed: a cost of at most 0 (Juno holds 0; L5: influence never goes below 0)",
    );
}

#[test]
fn undo_reopens_a_resolved_problem() {
    let mut t = table(Options::default());
    problem_at(&mut t, 1, 0);
    let open = t.state().clone();
    ok(&mut t, Command::Resolve {}, &[3]);
    assert!(t.undo().is_some());
    assert_eq!(t.state(), &open);
    ok(&mut t, Command::Resolve {}, &[12]);
    assert_eq!(view(&t)["last_resolved"]["winner"], json!("gm"));
}

#[test]
fn the_view_of_an_open_problem() {
    let mut t = table(Options::default());
    ok(&mut t, introduce("Mirela"), &[]);
    ok(&mut t, propose(Side::Player, 2), &[]);
    ok(&mut t, add_trait(Side::Player, "Clumsy", true), &[]);
    assert_eq!(
        view(&t),
        json!({
            "options": {
                "unlikely_outcomes": false, "high_ratings": false, "strength": false,
                "scene_recovery": 2, "dying": false, "death_at": -5, "influence_swapping": false,
                "gm_influence": false, "gm_influence_per_session": 10, "free_changes": true,
                "permanent_changes_in_problems": true
            },
            "story": {"session": 1, "session_problems": 1, "scenario": 1, "scene": 1},
            "gm_influence": null,
            "characters": {
                "Juno": {"influence": 3, "status": "in", "traits": {}, "changes": [], "strength": null},
                "Mirela": {"influence": 10, "status": "in", "changes": [], "strength": null, "traits": {
                    "Clumsy": {"rating": 2, "harmful": true, "permanent": 2, "high": false},
                    "Swordsman": {"rating": 3, "harmful": false, "permanent": 3, "high": false}
                }}
            },
            "goals": [], "fulfilled_goals": [], "prepared": [],
            "problem_open": true,
            "problem": {
                "number": 1, "scale": "scene", "impact_guide": [3, 5],
                "description": "Bandits block the pass.",
                "proposer": "GM", "responders": ["Mirela"], "acting_gm": "GM", "influence_spent": {},
                "player": {
                    "by": "Mirela", "description": "player outcome", "impact": 2,
                    "reaches": "inconclusive", "suggested_impact": 0, "actors": ["Mirela"],
                    "action": "ordinary", "consequences": [], "likelihood": -4,
                    "by_kind": {"impact": -2, "trait": -2},
                    "tally": [
                        {"id": 1, "kind": "impact", "value": -2, "by": "Mirela",
                         "reason": "impact 2, the net benefit to the PCs (L2; guide for a scene problem: 3-5)"},
                        {"id": 2, "kind": "trait", "value": -2, "by": "GM", "reason": "it bears on the action",
                         "trait": {"character": "Mirela", "name": "Clumsy", "rating": 2, "harmful": true,
                                   "along": true, "judged": false}}
                    ]
                },
                "gm": null,
                "odds": null
            },
            "resolved": [], "session_resolved": [], "session_resolved_more": 0,
            "last_resolved": null
        })
    );
}

#[test]
fn commands_options_and_sheets_read_from_scenario_tables() {
    let command: Command = serde_json::from_value(json!({
        "do": "add_trait", "outcome": "gm", "character": "Mirela", "trait": "Clumsy",
        "along": false, "by": "GM", "reason": "she stumbles"
    }))
    .unwrap();
    assert_eq!(
        command,
        Command::AddTrait {
            outcome: Side::Gm,
            character: "Mirela".into(),
            trait_name: "Clumsy".into(),
            along: false,
            by: "GM".into(),
            reason: "she stumbles".into(),
            value: None,
        }
    );
    let command: Command = serde_json::from_value(json!({"do": "introduce_problem", "scale": "story", "description": "d", "responder": "Mirela"})).unwrap();
    assert!(matches!(command, Command::IntroduceProblem { ref proposer, .. } if proposer == "GM"));
    assert_eq!(
        serde_json::from_value::<Command>(json!({"do": "resolve"})).unwrap(),
        Command::Resolve {}
    );
    let err =
        serde_json::from_value::<Command>(json!({"do": "resolve", "dice_count": 1})).unwrap_err();
    assert!(
        err.to_string().contains("unknown field `dice_count`"),
        "{err}"
    );
    let err = serde_json::from_value::<Command>(
        json!({"do": "introduce_problem", "scale": "saga", "description": "d", "responder": "M"}),
    )
    .unwrap_err();
    assert!(
        err.to_string()
            .contains("expected one of `scene`, `scenario`, `story`"),
        "{err}"
    );

    assert_eq!(
        serde_json::from_value::<Options>(json!({})).unwrap(),
        Options::default()
    );
    assert!(serde_json::from_value::<Options>(json!({"deadly": true})).is_err());

    let sheet: Sheet =
        serde_json::from_value(json!({"name": "Dex", "traits": [{"name": "Clever", "rating": 2}]}))
            .unwrap();
    assert_eq!(sheet.influence, 10);
    assert!(!sheet.traits[0].harmful);
    assert!(serde_json::from_value::<Sheet>(json!({"name": "Dex", "stamina": 10})).is_err());
}

#[test]
fn a_bad_sheet_is_refused_at_enrollment() {
    let mut t: Table<Loqi> = Table::new(Options::default());
    let mut sheet = mirela();
    sheet.traits[1].rating = 6;
    let err = t
        .execute(Loqi::enroll(sheet), &mut Scripted::new(vec![]))
        .unwrap_err();
    // The sheet's own field in the message, its place in the command for a page's builder.
    assert_eq!(
        err,
        Error::OutOfRange {
            field: "traits[1].rating".into(),
            value: 6,
            min: 1,
            max: 4,
            rule: "book: Traits; 5 and 6 need the table's option \"Trait ratings 5 and 6\""
        }
        .at("character.traits.1.rating")
    );
    assert_eq!(err.field().as_deref(), Some("character.traits.1.rating"));
    assert_eq!(
        err.to_string(),
        "Trait 2's rating is 6; allowed: 1 to 4 (book: Traits; 5 and 6 need the table's option \"Trait ratings 5 and 6\")"
    );
    assert!(t.log().is_empty());
}
