//! The GM's numbers are the GM's in every system (issue 15, part 3): a player's command holding a
//! number the book gives the GM waits for the GM, who confirms or changes it before anything is
//! rolled; with the table option "players set the GM's numbers" it is decided at once as sent.
//! Chi's cases, with the defender's dice and the GM's calls, are in `requests.rs`; the parts
//! themselves are each system's `authority::parts`, whose docs give the book's sections.
#![allow(clippy::unwrap_used)]

use serde_json::{Value, json};
use skald_core::get_path;
use skald_table::{Actor, Body};

use crate::play;
use play::{ANN, BOB, GM, Play, kinds, rolled};

/// A player's command whose parts wait for the GM.
struct Case {
    /// What the case shows, for failures.
    what: &'static str,
    system: &'static str,
    /// Commands before it, each agreed (a request answered as proposed).
    setup: Vec<(Actor, Value)>,
    /// Ann's command.
    command: Value,
    /// The fields it waits for the GM to set.
    fields: Value,
    /// The GM's answer.
    answer: Value,
    /// A path of the decided command, its value as Ann sent it, and as the GM answered it.
    path: &'static str,
    sent: Value,
    decided: Value,
}

fn check(case: &Case) {
    let what = case.what;
    // The default: the command waits, Ann cannot answer for the GM, the GM's answer decides it.
    let mut play = Play::new(case.system, false);
    for (by, command) in &case.setup {
        play.agreed(*by, command.clone());
    }
    let asked = play.act(ANN, case.command.clone());
    let [Body::Requested { waiting, .. }] = asked.as_slice() else {
        panic!("{what}: {asked:?}")
    };
    assert_eq!(
        serde_json::to_value(waiting).unwrap(),
        json!([{"decider": "gm", "fields": case.fields}]),
        "{what}"
    );
    let request = play.table.last_seq();
    assert_eq!(
        play.refusal(
            ANN,
            json!({"do": "answer", "request": request, "values": case.answer})
        ),
        format!("request {request} does not wait for you"),
        "{what}"
    );
    let answered = play.act(
        GM,
        json!({"do": "answer", "request": request, "values": case.answer}),
    );
    assert_eq!(kinds(&answered), ["answered", "command"], "{what}");
    assert_eq!(
        get_path(&play.last_command(), case.path),
        Some(&case.decided),
        "{what}"
    );
    // A quick table: decided at once, with Ann's number.
    let mut play = Play::new(case.system, true);
    for (by, command) in &case.setup {
        play.act(*by, command.clone());
    }
    let decided = play.act(ANN, case.command.clone());
    assert_eq!(kinds(&decided), ["command"], "{what}");
    assert_eq!(
        get_path(&play.last_command(), case.path),
        Some(&case.sent),
        "{what}"
    );
}

fn freelancer_seats() -> Vec<(Actor, Value)> {
    vec![
        (
            ANN,
            json!({"do": "enroll", "character": {"name": "Ash", "ratings": {"CHM": 27, "LFT": 42}}}),
        ),
        (
            BOB,
            json!({"do": "enroll", "character": {"name": "Bea", "ratings": {"LFT": 71}}}),
        ),
        (
            GM,
            json!({"do": "enroll", "character": skald_testkit::sheets::guard()}),
        ),
    ]
}

#[test]
fn freelancer_difficulties_chances_and_stats_are_the_gms() {
    let cases = [
        Case {
            what: "a task check's difficulty (book, Task Checks: the GM's Chance of Success)",
            system: "freelancer",
            setup: freelancer_seats(),
            command: json!({"do": "task_check", "who": "Ash", "rating": "CHM", "difficulty": 56}),
            fields: json!(["difficulty", "adjust"]),
            answer: json!({"difficulty": "30"}),
            path: "difficulty",
            sent: json!(56),
            decided: json!("30"),
        },
        Case {
            what: "which of the NPC's ratings the check is against",
            system: "freelancer",
            setup: freelancer_seats(),
            command: json!({"do": "task_check", "who": "Ash", "rating": "CHM",
                            "opponent": "Guard", "opponent_rating": "WIL"}),
            fields: json!(["opponent_rating", "adjust"]),
            answer: json!({"opponent_rating": "WIL"}),
            path: "opponent_rating",
            sent: json!("WIL"),
            decided: json!("WIL"),
        },
        Case {
            what: "a rating given as a number, and adjustments, which the GM may drop",
            system: "freelancer",
            setup: freelancer_seats(),
            command: json!({"do": "task_check", "who": "Ash", "rating": 45, "difficulty": 56,
                            "adjust": [{"factor": "2", "reason": "a lever"}]}),
            fields: json!(["rating", "difficulty", "adjust"]),
            answer: json!({"adjust": []}),
            path: "adjust",
            sent: json!([{"factor": "2", "reason": "a lever"}]),
            decided: json!([]),
        },
        Case {
            what: "a plain chance (the note closing Task Checks)",
            system: "freelancer",
            setup: freelancer_seats(),
            command: json!({"do": "chance_check", "who": "Ash", "chance": 90}),
            fields: json!(["chance"]),
            answer: json!({"chance": 40}),
            path: "chance",
            sent: json!(90),
            decided: json!(40),
        },
        Case {
            what: "a team lift's load (the boulder's 1200)",
            system: "freelancer",
            setup: freelancer_seats(),
            command: json!({"do": "team_lift", "who": ["Ash", "Bea"], "difficulty": 1200}),
            fields: json!(["difficulty"]),
            answer: json!({"difficulty": "120"}),
            path: "difficulty",
            sent: json!(1200),
            decided: json!("120"),
        },
        Case {
            what: "a player's stats and level (F8: stats are entered by the GM)",
            system: "freelancer",
            setup: Vec::new(),
            command: json!({"do": "enroll", "character":
                            {"name": "Cy", "level": 3, "ratings": {"MIT": 5, "HP": 300}}}),
            fields: json!(["character.level", "character.ratings.HP"]),
            answer: json!({"character": {"ratings": {"HP": "30"}}}),
            path: "character.ratings.HP",
            sent: json!(300),
            decided: json!("30"),
        },
    ];
    for case in &cases {
        check(case);
    }
}

fn loqi_problem() -> Vec<(Actor, Value)> {
    vec![
        (
            ANN,
            json!({"do": "enroll", "character": skald_testkit::sheets::tiran()}),
        ),
        (
            GM,
            json!({"do": "introduce_problem", "scale": "scene", "description": "Bandits",
                   "responder": "Tiran"}),
        ),
    ]
}

#[test]
fn loqi_modifiers_rewards_and_starting_influence_are_the_gms() {
    let outcome = json!({"do": "propose_outcome", "outcome": "player", "by": "Tiran",
        "description": "Tiran scares them off", "impact": 3});
    let mut proposed = loqi_problem();
    proposed.push((ANN, outcome.clone()));
    let mut rewarded = outcome;
    rewarded["consequences"] = json!([
        {"kind": "tactical", "modifier": 1, "note": "the high ground"},
        {"kind": "reward", "who": "Tiran", "points": 9, "reason": "a fine plan"}
    ]);
    let cases = [
        Case {
            what: "an environmental modifier's value (book: Environmental Modifiers)",
            system: "loqi",
            setup: proposed,
            command: json!({"do": "add_modifier", "outcome": "player", "kind": "environment",
                            "value": 5, "by": "Tiran", "reason": "the rain"}),
            fields: json!(["value"]),
            answer: json!({"value": -1}),
            path: "value",
            sent: json!(5),
            decided: json!(-1),
        },
        Case {
            what: "an influence reward tied to an outcome (L5)",
            system: "loqi",
            setup: loqi_problem(),
            command: rewarded,
            fields: json!(["consequences.1.points"]),
            answer: json!({"consequences": [null, {"points": 2}]}),
            path: "consequences.1.points",
            sent: json!(9),
            decided: json!(2),
        },
        Case {
            what: "a starting influence other than the book's 10",
            system: "loqi",
            setup: Vec::new(),
            command: json!({"do": "enroll", "character": {"name": "Vex", "influence": 50}}),
            fields: json!(["character.influence"]),
            answer: json!({"character": {"influence": 10}}),
            path: "character.influence",
            sent: json!(50),
            decided: json!(10),
        },
    ];
    for case in &cases {
        check(case);
    }
}

#[test]
fn twenty_goals_are_met_when_the_gm_agrees() {
    // Gorand after a fight: an existing character with a box of Arms checked.
    let mut sheet = skald_testkit::sheets::gorand();
    sheet["kind"] = json!("existing");
    sheet["traits"][0]["checked"] = json!(1);
    let gorand = vec![(ANN, json!({"do": "add_character", "character": sheet}))];
    let cases = [
        Case {
            what: "a major goal (T10)",
            system: "twenty",
            setup: gorand.clone(),
            command: json!({"do": "major_goal", "who": "Gorand", "goal": "Defeat a powerful foe",
                            "reward": {"new_trait": "Bows"}}),
            fields: json!(["goal"]),
            answer: Value::Null,
            path: "goal",
            sent: json!("Defeat a powerful foe"),
            decided: json!("Defeat a powerful foe"),
        },
        Case {
            what: "a minor goal (T10)",
            system: "twenty",
            setup: gorand,
            command: json!({"do": "minor_goal", "who": "Gorand", "goal": "Engage a new foe",
                            "uncheck": "Arms"}),
            fields: json!(["goal"]),
            answer: Value::Null,
            path: "goal",
            sent: json!("Engage a new foe"),
            decided: json!("Engage a new foe"),
        },
    ];
    for case in &cases {
        check(case);
    }
}

#[test]
fn a_roll_the_gm_calls_for_waits_for_its_player_even_with_nothing_to_choose() {
    // Freelancer: the GM says when to roll and the Chance of Success; the player rolls.
    for quick in [false, true] {
        let mut play = Play::new("freelancer", quick);
        for (by, command) in freelancer_seats() {
            play.agreed(by, command);
        }
        let called = play.act(
            GM,
            json!({"do": "call", "command":
                   {"do": "task_check", "who": "Ash", "rating": "CHM", "difficulty": 56}}),
        );
        let [Body::Requested { waiting, .. }] = called.as_slice() else {
            panic!("{called:?}")
        };
        assert_eq!(
            serde_json::to_value(waiting).unwrap(),
            json!([{"decider": {"owner": "Ash"}, "fields": []}]),
            "quick: {quick}"
        );
        let request = play.table.last_seq();
        let answer = play
            .table
            .moves(ANN)
            .into_iter()
            .find(|m| m.command["do"] == "answer")
            .unwrap();
        assert_eq!(answer.label, "The GM asks: Ash: task check");
        // The GM waits for Ann: it may withdraw the call, never roll in her place.
        let gms = play.table.moves(GM);
        assert_eq!(gms[0].label, "Withdraw your request: Ash: task check");
        assert!(!gms.iter().any(|m| m.command["do"] == "answer"));
        assert!(
            play.refusal(GM, json!({"do": "answer", "request": request}))
                .contains("does not wait for you")
        );
        assert_eq!(
            play.refusal(
                ANN,
                json!({"do": "answer", "request": request, "values": {"difficulty": 1}})
            ),
            "your answer sets Difficulty, which is not yours to set in this request; \
             yours: none: your answer only says go ahead"
        );
        assert!(
            play.refusal(BOB, json!({"do": "answer", "request": request}))
                .contains("does not wait for you")
        );
        let rolled_now = play.act(ANN, json!({"do": "answer", "request": request}));
        assert_eq!(kinds(&rolled_now), ["answered", "command"]);
        assert!(rolled(&rolled_now), "the d100 is drawn on Ann's answer");
        assert_eq!(play.last_command()["difficulty"], 56, "the GM's number");
    }
}

#[test]
fn a_request_and_its_answer_read_as_words() {
    let mut play = Play::new("freelancer", false);
    for (by, command) in freelancer_seats() {
        play.agreed(by, command);
    }
    let asked = play.act(
        ANN,
        json!({"do": "task_check", "who": "Ash", "rating": "LFT", "difficulty": 70,
               "adjust": [{"factor": "1/2", "reason": "one arm"}], "against": "the gate"}),
    );
    let [Body::Requested { lines, .. }] = asked.as_slice() else {
        panic!("{asked:?}")
    };
    assert_eq!(
        lines,
        &[
            "asked: Ash: task check",
            "proposed: Rating: Lifting Power (LFT) 42; Difficulty: 70; Adjustments: 1/2 one arm; \
             Against what: the gate",
            "waiting for the GM (Difficulty, Adjustments)",
        ]
    );
    let request = play.table.last_seq();
    let note = play.table.moves(GM)[0].note.clone().unwrap();
    assert!(
        note.starts_with("Proposed: Rating: Lifting Power (LFT) 42; Difficulty: 70;"),
        "{note}"
    );
    let answered = play.act(
        GM,
        json!({"do": "answer", "request": request, "values": {"difficulty": "60"}}),
    );
    let Body::Answered { lines, .. } = &answered[0] else {
        panic!("{answered:?}")
    };
    assert_eq!(
        lines,
        &["answered Ann's request: Ash: task check", "Difficulty: 60"]
    );
}

/// The form's field `name` of `mv`.
fn field<'m>(mv: &'m skald_core::Move, name: &str) -> &'m skald_core::Field {
    mv.fields
        .iter()
        .find(|f| f.name == name)
        .unwrap_or_else(|| panic!("no {name} in {:?}", mv.fields))
}

/// The GM's answer move of the open request.
fn gms_answer(play: &Play) -> skald_core::Move {
    play.table
        .moves(GM)
        .into_iter()
        .find(|m| m.command["do"] == "answer")
        .expect("an answer for the GM")
}

#[test]
fn the_gm_answering_a_freelancer_check_may_add_an_adjustment() {
    // The book's GM halves the arm wrestlers' LFT (Task Checks): Ann proposes none, the GM
    // adds one while answering, and the check is rolled with it (F4).
    let mut play = Play::new("freelancer", false);
    for (by, command) in freelancer_seats() {
        play.agreed(by, command);
    }
    play.act(
        ANN,
        json!({"do": "task_check", "who": "Ash", "rating": "LFT", "difficulty": 70}),
    );
    let request = play.table.last_seq();
    let answer = gms_answer(&play);
    let adjust = field(&answer, "values.adjust");
    assert_eq!(adjust.label, "Adjustments (the GM's)");
    let skald_core::FieldKind::List {
        start,
        entries,
        max,
        ..
    } = &adjust.kind
    else {
        panic!("{adjust:?}")
    };
    assert_eq!((*start, entries.len(), *max), (0, 0, 8));
    let answered = play.act(
        GM,
        json!({"do": "answer", "request": request, "values": {"difficulty": "60",
               "adjust": [{"factor": "1/2", "reason": "one arm"}]}}),
    );
    assert_eq!(kinds(&answered), ["answered", "command"]);
    let Body::Answered { lines, .. } = &answered[0] else {
        panic!("{answered:?}")
    };
    assert_eq!(
        lines,
        &[
            "answered Ann's request: Ash: task check",
            "Adjustments: 1/2 one arm",
            "Difficulty: 60"
        ]
    );
    let Body::Command { lines, .. } = &answered[1] else {
        panic!("{answered:?}")
    };
    assert!(
        lines[0].starts_with("Ash: task check, LFT 42 x 1/2 (one arm) = 21 vs 60"),
        "{lines:?}"
    );
    // A proposal's adjustments start filled in, to keep, change, remove or add to.
    play.act(
        ANN,
        json!({"do": "task_check", "who": "Ash", "rating": "LFT", "difficulty": 70,
               "adjust": [{"factor": "1/2", "reason": "one arm"}]}),
    );
    let request = play.table.last_seq();
    let answer = gms_answer(&play);
    let skald_core::FieldKind::List { start, entries, .. } = &field(&answer, "values.adjust").kind
    else {
        panic!()
    };
    assert_eq!(*start, 1);
    assert_eq!(entries, &[json!({"factor": "1/2", "reason": "one arm"})]);
    play.act(
        GM,
        json!({"do": "answer", "request": request, "values": {"adjust": [
            {"factor": "1/2", "reason": "one arm"}, {"factor": "1/2", "reason": "drunk"}]}}),
    );
    assert_eq!(
        play.last_command()["adjust"],
        json!([{"factor": "1/2", "reason": "one arm"}, {"factor": "1/2", "reason": "drunk"}])
    );
}

#[test]
fn an_opposed_check_asks_the_other_sides_player_before_it_is_rolled() {
    // The fresh users' surprise: Ann rolled an opposed check against Bob's character nine times
    // without Bob being asked. The other side's player agrees (the book's friend "agree[s]" to
    // arm wrestle) and rolls its own d100; the GM answers the adjustments; either may decline.
    for quick in [false, true] {
        let mut play = Play::new("freelancer", quick);
        for (by, command) in freelancer_seats() {
            play.agreed(by, command);
        }
        let challenge = json!({"do": "opposed_check", "a": {"who": "Ash", "rating": "LFT"},
                               "b": {"who": "Bea", "rating": "LFT"}, "against": "arm wrestling"});
        let asked = play.act(ANN, challenge.clone());
        let [Body::Requested { waiting, lines, .. }] = asked.as_slice() else {
            panic!("{asked:?}")
        };
        let expected = if quick {
            json!([{"decider": {"owner": "Bea"}, "fields": []}])
        } else {
            json!([{"decider": "gm", "fields": ["a.adjust", "b.adjust"]},
                   {"decider": {"owner": "Bea"}, "fields": []}])
        };
        assert_eq!(
            serde_json::to_value(waiting).unwrap(),
            expected,
            "quick: {quick}"
        );
        assert_eq!(
            lines.last().unwrap(),
            if quick {
                "waiting for Bea's player to roll"
            } else {
                "waiting for the GM (Ash's adjustments, Bea's adjustments) and Bea's player to roll"
            },
            "quick: {quick}"
        );
        let request = play.table.last_seq();
        // Bob is asked, with nothing to set: he rolls, or declines.
        let bobs = play.table.moves(BOB);
        let answer = bobs.iter().find(|m| m.command["do"] == "answer").unwrap();
        assert_eq!(answer.label, "Ann asks: Opposed check");
        assert!(answer.fields.is_empty() && answer.odds && answer.lead);
        let once = if quick {
            ""
        } else {
            ", once the GM has answered too"
        };
        assert_eq!(
            answer.note.clone().unwrap(),
            format!(
                "Proposed: Challenger: Ash: Lifting Power (LFT) 42; Adjustments: none; Against: \
                 Bea: Lifting Power (LFT) 71; Adjustments: none; The contest: arm wrestling. \
                 Nothing for you to set: answer, and the dice are rolled{once}."
            ),
            "quick: {quick}"
        );
        assert!(
            bobs.iter()
                .any(|m| m.label == "Decline Ann's request: Opposed check")
        );
        if !quick {
            let gm = play.act(GM, json!({"do": "answer", "request": request}));
            assert_eq!(kinds(&gm), ["answered"], "still waits for Bob");
        }
        let answered = play.act(BOB, json!({"do": "answer", "request": request}));
        assert_eq!(kinds(&answered), ["answered", "command"], "quick: {quick}");
        assert!(rolled(&answered));
        let Body::Answered { lines, .. } = &answered[0] else {
            panic!()
        };
        assert_eq!(
            lines,
            &["answered Ann's request: Opposed check", "as proposed"]
        );
        // Bob may refuse the contest: nothing is rolled, and Ann reads why.
        play.act(ANN, challenge);
        let request = play.table.last_seq();
        let declined = play.act(
            BOB,
            json!({"do": "withdraw", "request": request, "reason": "Bea won't arm wrestle a drunk"}),
        );
        assert!(
            matches!(&declined[..], [Body::Withdrawn { lines, .. }] if lines == &[
                "declined Ann's request: Opposed check",
                "why: Bea won't arm wrestle a drunk",
                "nothing rolled"
            ]),
            "{declined:?}"
        );
    }
}

#[test]
fn an_opposed_check_against_the_gms_npc_waits_for_the_gm_and_the_gms_against_a_pc_for_its_player() {
    let mut play = Play::new("freelancer", false);
    for (by, command) in freelancer_seats() {
        play.agreed(by, command);
    }
    play.act(
        GM,
        json!({"do": "enroll", "character": {"name": "Brom", "kind": "npc", "ratings": {"LFT": 915}}}),
    );
    // Ann challenges the GM's Brom: one answer from the GM, as the GM and as Brom's player.
    play.act(
        ANN,
        json!({"do": "opposed_check", "a": {"who": "Ash", "rating": "LFT"},
               "b": {"who": "Brom", "rating": "LFT"}}),
    );
    let request = play.table.last_seq();
    let answered = play.act(GM, json!({"do": "answer", "request": request}));
    assert_eq!(kinds(&answered), ["answered", "command"]);
    // The GM's Brom challenges Ann's Ash: Ann is asked, as for a roll the GM calls for.
    let asked = play.act(
        GM,
        json!({"do": "opposed_check", "a": {"who": "Brom", "rating": "LFT"},
               "b": {"who": "Ash", "rating": "LFT"}}),
    );
    let [Body::Requested { waiting, .. }] = asked.as_slice() else {
        panic!("{asked:?}")
    };
    assert_eq!(
        serde_json::to_value(waiting).unwrap(),
        json!([{"decider": {"owner": "Ash"}, "fields": []}])
    );
    let request = play.table.last_seq();
    let answer = play
        .table
        .moves(ANN)
        .into_iter()
        .find(|m| m.command["do"] == "answer")
        .unwrap();
    assert_eq!(answer.label, "The GM asks: Opposed check");
    let answered = play.act(ANN, json!({"do": "answer", "request": request}));
    assert_eq!(kinds(&answered), ["answered", "command"]);
    assert!(rolled(&answered));
}
