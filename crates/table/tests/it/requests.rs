//! The GM's numbers come from the GM (issue 15): a player's command holding numbers the book gives
//! the GM waits for the GM's answer before anything is rolled; the GM may call for a roll whose
//! dice a player chooses; an opposed action waits for the defender's player; the table option
//! "players set the GM's numbers" lets a group skip the wait. Chi, whose GM sets Difficulties,
//! modifiers, concept calls and pools (chi.txt, Action Resolution, Modifiers, Character
//! Creation; C1-C3).
#![allow(clippy::unwrap_used)]

use serde_json::{Value, json};
use skald_table::{Body, ErrorKind, Table, verify};

use crate::play;
use play::{ANN, BOB, GM, Play, kinds, rolled};

/// Ragnar (Ann's) and Dirk (Bob's), their pools given by the GM.
fn seat_both(play: &mut Play) {
    play.agreed(
        ANN,
        json!({"do": "enroll", "character": "Ragnar, fierce, arrogant, and savage barbarian8"}),
    );
    play.agreed(
        BOB,
        json!({"do": "enroll", "character": "Dirk, dashing, handsome, and brave star marine7"}),
    );
    play.act(GM, json!({"do": "new_round"}));
}

#[test]
fn a_players_pool_waits_for_the_gm_who_gives_it() {
    let mut play = Play::new("chi", false);
    // The book: "The GM will then give you the number of dice". Ann writes pirate40.
    let asked = play.act(
        ANN,
        json!({"do": "enroll", "character": "Anne, bold, loud, and lucky pirate40"}),
    );
    let [
        Body::Requested {
            command, waiting, ..
        },
    ] = asked.as_slice()
    else {
        panic!("{asked:?}")
    };
    assert_eq!(command["character"]["pool"], 40, "the line is spelled out");
    assert_eq!(
        serde_json::to_value(waiting).unwrap(),
        json!([{"decider": "gm", "fields": ["character.pool"]}])
    );
    assert!(
        play.table.owners().is_empty(),
        "nobody sits down before the GM answers"
    );
    let request = play.table.last_seq();
    assert_eq!(
        play.refusal(
            ANN,
            json!({"do": "answer", "request": request, "values": {"character": {"pool": 40}}})
        ),
        format!("request {request} does not wait for you")
    );
    let answered = play.act(
        GM,
        json!({"do": "answer", "request": request, "values": {"character": {"pool": 6}}}),
    );
    assert_eq!(kinds(&answered), ["answered", "command"]);
    assert_eq!(play.last_command()["character"]["pool"], 6);
    // The current pool follows the GM's pool (the fresh user's "current is 40" refusal).
    assert_eq!(play.table.view()["characters"]["Anne"]["current"], 6);
    assert_eq!(play.table.owners()["Anne"], ANN, "the character is Ann's");
}

#[test]
fn a_players_action_is_rolled_only_with_the_gms_numbers() {
    let mut play = Play::new("chi", false);
    seat_both(&mut play);
    let asked = play.act(
        ANN,
        json!({"do": "action", "who": "Ragnar", "spend": 3, "difficulty": 1, "modifier": 5}),
    );
    assert_eq!(kinds(&asked), ["requested"]);
    assert!(
        !rolled(&asked),
        "nothing is rolled while the GM's numbers are missing"
    );
    let request = play.table.last_seq();
    // The GM is offered the answer, its blanks at Ann's proposal; Ann may withdraw.
    let gm_moves = play.table.moves(GM);
    let answer = &gm_moves[0];
    assert_eq!(answer.label, "Ann asks: Ragnar: act against a Difficulty");
    assert_eq!(answer.command, json!({"do": "answer", "request": request}));
    let names: Vec<&str> = answer.fields.iter().map(|f| f.name.as_str()).collect();
    // Every number of the proposal is the GM's to change: its own, and Ann's dice with them.
    assert_eq!(
        names,
        [
            "values.spend",
            "values.difficulty",
            "values.modifier",
            "values.fits_concept"
        ]
    );
    assert!(answer.odds, "the GM sees the odds as the numbers change");
    let own = &play.table.moves(ANN)[0];
    assert_eq!(
        own.label,
        "Withdraw your request: Ragnar: act against a Difficulty"
    );
    assert!(own.lead, "what the seat waits on leads its page");
    let odds = play
        .table
        .odds(&json!({"do": "answer", "request": request, "values": {"difficulty": 6}}))
        .unwrap()
        .unwrap();
    assert!(odds.summary.contains("6"), "{}", odds.summary);
    // Taken off the table as a question, the odds are the same, and say the seq they are of;
    // a record after the question changes neither.
    let question = play
        .table
        .odds_question(&json!({"do": "answer", "request": request, "values": {"difficulty": 6}}));
    assert_eq!(question.seq(), request);
    assert_eq!(question.answer().unwrap().as_ref(), Some(&odds));
    // The advice's proposals of a Difficulty ("Use this") write the GM's number: the GM reads
    // them, Ann (at a table where players do not set the GM's numbers) none.
    let proposals = |reader| {
        let advice = question.advice(reader).unwrap();
        advice.map_or(0, |a| a.chances.iter().filter(|c| c.fill.is_some()).count())
    };
    assert_eq!(proposals(GM), 3);
    assert_eq!(proposals(ANN), 0);
    // Who acts is Ann's: the GM answers the numbers.
    assert_eq!(
        play.refusal(
            GM,
            json!({"do": "answer", "request": request, "values": {"who": "Dirk"}})
        ),
        "your answer sets who, which is not yours to set in this request; yours: Difficulty, \
         Modifier, Fits the concept, Dice Ragnar puts in"
    );
    let answered = play.act(
        GM,
        json!({"do": "answer", "request": request, "values": {"difficulty": 4, "modifier": 0}}),
    );
    assert_eq!(kinds(&answered), ["answered", "command"]);
    assert!(rolled(&answered), "the answer rolls");
    assert_eq!(
        (question.seq(), question.answer().unwrap().as_ref()),
        (request, Some(&odds))
    );
    let command = play.last_command();
    assert_eq!(
        (
            command["spend"].clone(),
            command["difficulty"].clone(),
            command["modifier"].clone()
        ),
        (json!(3), json!(4), json!(0))
    );
    assert!(
        play.table.moves(GM).iter().all(|m| m.group != "Requests"),
        "the request is closed"
    );
}

#[test]
fn the_gm_calls_for_a_roll_and_the_player_chooses_the_dice() {
    let mut play = Play::new("chi", false);
    seat_both(&mut play);
    // Beside each roll of a player's character, the GM is offered the same roll called for.
    let gm_moves = play.table.moves(GM);
    let call = gm_moves
        .iter()
        .find(|m| m.label == "Call for a roll: Ragnar: act against a Difficulty")
        .unwrap();
    // The dice put in are Ann's to choose: not on the GM's form, their starting value held.
    assert_eq!(
        call.command,
        json!({"do": "call", "command": {"do": "action", "who": "Ragnar", "spend": 1}})
    );
    let names: Vec<&str> = call.fields.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "command.difficulty",
            "command.modifier",
            "command.fits_concept",
            "command.reaction"
        ]
    );
    assert_eq!(
        call.note.as_deref(),
        Some("Set your numbers; Ann chooses the rest (Dice Ragnar puts in) and rolls.")
    );
    assert!(
        !play
            .table
            .moves(ANN)
            .iter()
            .any(|m| m.command["do"] == "call"),
        "a player calls for nothing"
    );
    let called = play.act(
        GM,
        json!({"do": "call", "command": {"do": "action", "who": "Ragnar", "spend": 1, "difficulty": 3}}),
    );
    let [Body::Requested { waiting, .. }] = called.as_slice() else {
        panic!("{called:?}")
    };
    assert_eq!(
        serde_json::to_value(waiting).unwrap(),
        json!([{"decider": {"owner": "Ragnar"}, "fields": ["spend"]}])
    );
    let request = play.table.last_seq();
    assert_eq!(
        play.refusal(
            BOB,
            json!({"do": "answer", "request": request, "values": {"spend": 2}})
        ),
        format!("request {request} does not wait for you")
    );
    assert_eq!(
        play.refusal(
            ANN,
            json!({"do": "answer", "request": request, "values": {"difficulty": 1}})
        ),
        "your answer sets Difficulty, which is not yours to set in this request; yours: Dice \
         Ragnar puts in"
    );
    // Ann's answer form shows the odds with her dice and the GM's Difficulty.
    let odds = play
        .table
        .odds(&json!({"do": "answer", "request": request, "values": {"spend": 5}}))
        .unwrap()
        .expect("odds of the answer");
    assert!(odds.summary.contains('5'), "{}", odds.summary);
    let answered = play.act(
        ANN,
        json!({"do": "answer", "request": request, "values": {"spend": 5}}),
    );
    assert!(rolled(&answered));
    let command = play.last_command();
    assert_eq!(
        (command["spend"].clone(), command["difficulty"].clone()),
        (json!(5), json!(3))
    );
}

#[test]
fn the_defenders_player_chooses_the_defenders_dice() {
    for quick in [false, true] {
        let mut play = Play::new("chi", quick);
        seat_both(&mut play);
        let opposed = json!({"do": "opposed", "actor": {"who": "Ragnar", "spend": 3},
            "defender": {"who": "Dirk", "spend": 7}});
        let asked = play.act(ANN, opposed);
        let [Body::Requested { waiting, .. }] = asked.as_slice() else {
            panic!("{asked:?}")
        };
        let deciders: Vec<Value> = waiting
            .iter()
            .map(|w| serde_json::to_value(&w.decider).unwrap())
            .collect();
        let expected = if quick {
            vec![json!({"owner": "Dirk"})]
        } else {
            vec![json!("gm"), json!({"owner": "Dirk"})]
        };
        assert_eq!(deciders, expected, "quick: {quick}");
        let request = play.table.last_seq();
        // The defender cannot call the attack off, and the GM cannot answer in its place.
        assert!(
            play.refusal(BOB, json!({"do": "withdraw", "request": request}))
                .contains("is not yours to withdraw")
        );
        if !quick {
            let confirmed = play.act(GM, json!({"do": "answer", "request": request}));
            assert_eq!(
                kinds(&confirmed),
                ["answered"],
                "still waits for Dirk's player"
            );
            assert!(
                play.refusal(
                    GM,
                    json!({"do": "answer", "request": request, "values": {"defender": {"spend": 0}}})
                )
                .contains("does not wait for you")
            );
        }
        let answered = play.act(
            BOB,
            json!({"do": "answer", "request": request, "values": {"defender": {"spend": 2}}}),
        );
        assert_eq!(kinds(&answered), ["answered", "command"], "quick: {quick}");
        assert_eq!(
            play.last_command()["defender"]["spend"],
            2,
            "quick: {quick}"
        );
    }
}

#[test]
fn with_the_option_on_a_players_numbers_go_straight_to_the_dice() {
    let mut play = Play::new("chi", true);
    seat_both(&mut play);
    let acted = play.act(
        ANN,
        json!({"do": "action", "who": "Ragnar", "spend": 2, "difficulty": 1}),
    );
    assert_eq!(kinds(&acted), ["command"]);
    assert!(rolled(&acted));
    // The option is the GM's, and is recorded in the log when changed.
    assert_eq!(
        play.refusal(
            ANN,
            json!({"do": "table_options", "players_set_gm_numbers": false})
        ),
        "only the GM may set the table's options"
    );
    play.act(
        GM,
        json!({"do": "table_options", "players_set_gm_numbers": false}),
    );
    assert!(!play.table.players_set_gm_numbers());
    let asked = play.act(
        ANN,
        json!({"do": "action", "who": "Ragnar", "spend": 2, "difficulty": 1}),
    );
    assert_eq!(kinds(&asked), ["requested"]);
}

#[test]
fn a_request_can_be_withdrawn_or_declined_and_a_log_with_requests_verifies() {
    let mut play = Play::new("chi", false);
    seat_both(&mut play);
    play.act(
        ANN,
        json!({"do": "action", "who": "Ragnar", "spend": 2, "difficulty": 1}),
    );
    let first = play.table.last_seq();
    assert_eq!(
        play.refusal(BOB, json!({"do": "withdraw", "request": first})),
        format!(
            "request {first} is not yours to withdraw: its sender withdraws it, the GM declines a \
             player's request, a player declines a roll the GM calls for or a request that waits \
             only for its go-ahead"
        )
    );
    play.act(ANN, json!({"do": "withdraw", "request": first}));
    assert_eq!(
        play.refusal(GM, json!({"do": "answer", "request": first})),
        format!("request: record {first} is no request still open")
    );
    play.act(
        ANN,
        json!({"do": "action", "who": "Ragnar", "spend": 2, "difficulty": 1}),
    );
    let second = play.table.last_seq();
    play.act(GM, json!({"do": "withdraw", "request": second}));
    play.act(
        ANN,
        json!({"do": "action", "who": "Ragnar", "spend": 2, "difficulty": 1}),
    );
    let third = play.table.last_seq();
    play.act(
        GM,
        json!({"do": "answer", "request": third, "values": {"difficulty": 2}}),
    );
    // The table reads back from its records the same, open requests included, and verifies.
    let again =
        Table::from_records(skald_systems::REGISTRY, play.table.records().to_vec()).unwrap();
    assert_eq!(again.head(), play.table.head());
    let report = verify(
        skald_systems::REGISTRY,
        play.table.records(),
        Some(play.table.head()),
    );
    assert!(report.mismatches.is_empty(), "{:?}", report.mismatches);
    assert!(matches!(
        play.try_act(GM, json!({"do": "answer", "request": 2}))
            .unwrap_err()
            .kind(),
        ErrorKind::BadAction { .. }
    ));
}

#[test]
fn the_gms_own_character_attacking_waits_for_the_defenders_player() {
    // C3: the defender's dice are its player's, whoever attacks; the GM acting for Ragnar
    // himself chooses his own dice.
    for quick in [false, true] {
        let mut play = Play::new("chi", quick);
        seat_both(&mut play);
        play.act(GM, json!({"do": "enroll", "character": "orc4"}));
        let attack = json!({"do": "opposed", "actor": {"who": "orc", "spend": 2},
            "defender": {"who": "Ragnar", "spend": 0}});
        let asked = play.act(GM, attack);
        let [Body::Requested { waiting, .. }] = asked.as_slice() else {
            panic!("{asked:?}")
        };
        assert_eq!(
            serde_json::to_value(waiting).unwrap(),
            json!([{"decider": {"owner": "Ragnar"}, "fields": ["defender.spend"]}]),
            "quick: {quick}"
        );
        let acted = play.act(
            GM,
            json!({"do": "action", "who": "Ragnar", "spend": 1, "difficulty": 2}),
        );
        assert!(rolled(&acted), "the GM acting for Ragnar rolls at once");
    }
}

/// A blank the command would wait for someone else to fill is not flagged by the check a form
/// asks as it changes: a Twenty burden's name is its opponent's to give (T5), so Ann may leave it
/// to the GM, who plays the dragon; the GM, naming it, may not leave it blank (issue 31).
#[test]
fn a_blank_left_to_another_is_not_flagged_by_the_check() {
    let mut play = Play::new("twenty", false);
    play.act(
        ANN,
        json!({"do": "add_character", "character": skald_testkit::sheets::gorand()}),
    );
    play.act(
        GM,
        json!({"do": "add_character", "character": skald_testkit::sheets::dragon()}),
    );
    play.act(
        GM,
        json!({"do": "start_conflict", "participants": [
            {"who": "Gorand", "goal": "cross the bridge"},
            {"who": "Dragon", "goal": "keep the bridge"}]}),
    );
    // Gorand has no dice yet: any die of the dragon's is above his highest.
    play.act(
        GM,
        json!({"do": "bring_in", "who": "Dragon", "trait": "Ancient and Wise"}),
    );
    let take =
        json!({"do": "take_burden", "who": "Gorand", "from": "Dragon", "boxes": 1, "name": ""});
    let check = |by| {
        play.table
            .check(by, &skald_table::Action::from_json(take.clone()).unwrap())
            .map_err(|e| (e.field().map(str::to_owned), e.to_string()))
    };
    assert_eq!(check(ANN), Ok(()));
    assert_eq!(
        check(GM),
        Err((
            Some("name".to_owned()),
            "the burden's name is empty: fill it in".to_owned()
        ))
    );
}

#[test]
fn the_gm_brings_a_proposal_within_the_rules_dice_and_all() {
    // The fresh users' dead end: Ann puts 5 of Ragnar's 8 dice into an action; the GM finds it
    // off-concept, where at most ceil(8 / 3) = 3 dice may go in (C2). Unticking "fits the
    // concept" alone is refused; with the dice lowered in the same answer, it rolls.
    let mut play = Play::new("chi", false);
    seat_both(&mut play);
    play.act(
        ANN,
        json!({"do": "action", "who": "Ragnar", "spend": 5, "difficulty": 2}),
    );
    let request = play.table.last_seq();
    let answer = play
        .table
        .moves(GM)
        .into_iter()
        .find(|m| m.command["do"] == "answer")
        .unwrap();
    let spend = answer
        .fields
        .iter()
        .find(|f| f.name == "values.spend")
        .expect("the GM's form holds the dice too");
    assert_eq!(spend.label, "Dice Ragnar puts in");
    assert_eq!(
        spend.kind,
        skald_core::FieldKind::Number {
            min: 1,
            max: 100,
            default: 5
        },
        "starting at Ann's proposal"
    );
    let refused = play.refusal(
        GM,
        json!({"do": "answer", "request": request, "values": {"fits_concept": false}}),
    );
    assert!(refused.contains('3'), "{refused}");
    let answered = play.act(
        GM,
        json!({"do": "answer", "request": request,
               "values": {"fits_concept": false, "spend": 3}}),
    );
    assert_eq!(kinds(&answered), ["answered", "command"]);
    let Body::Answered { lines, .. } = &answered[0] else {
        panic!("{answered:?}")
    };
    assert_eq!(
        lines,
        &[
            "answered Ann's request: Ragnar: act against a Difficulty",
            "Fits the concept: no",
            "Dice Ragnar puts in: 3"
        ]
    );
    let command = play.last_command();
    assert_eq!(
        (command["spend"].clone(), command["fits_concept"].clone()),
        (json!(3), json!(false))
    );
    // A defender's dice stay its player's: the GM's answer to an opposed action holds the
    // attacker's dice, never the defender's.
    play.act(
        ANN,
        json!({"do": "opposed", "actor": {"who": "Ragnar", "spend": 1},
               "defender": {"who": "Dirk", "spend": 0}}),
    );
    let answer = play
        .table
        .moves(GM)
        .into_iter()
        .find(|m| m.command["do"] == "answer")
        .unwrap();
    let names: Vec<&str> = answer.fields.iter().map(|f| f.name.as_str()).collect();
    assert!(names.contains(&"values.actor.spend"), "{names:?}");
    assert!(!names.contains(&"values.defender.spend"), "{names:?}");
    let request = play.table.last_seq();
    let refused = play.refusal(
        GM,
        json!({"do": "answer", "request": request, "values": {"defender": {"spend": 1}}}),
    );
    assert!(
        refused.starts_with("your answer sets Dice Dirk puts in, which is not yours"),
        "{refused}"
    );
}

#[test]
fn a_decline_carries_a_reason_its_sender_reads_and_the_log_says_what_was_closed() {
    let mut play = Play::new("chi", false);
    seat_both(&mut play);
    play.act(
        ANN,
        json!({"do": "action", "who": "Ragnar", "spend": 2, "difficulty": 1}),
    );
    let first = play.table.last_seq();
    // The GM's decline has a blank for the reason, which Ann reads.
    let decline = play
        .table
        .moves(GM)
        .into_iter()
        .find(|m| m.command["do"] == "withdraw")
        .unwrap();
    assert_eq!(
        decline.label,
        "Decline Ann's request: Ragnar: act against a Difficulty"
    );
    let names: Vec<&str> = decline.fields.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names, ["reason"]);
    assert_eq!(decline.fields[0].label, "Why (optional)");
    assert_eq!(
        play.refusal(
            GM,
            json!({"do": "withdraw", "request": first, "reason": "x".repeat(301)})
        ),
        "reason must be 1 to 300 characters long, not 301"
    );
    let declined = play.act(
        GM,
        json!({"do": "withdraw", "request": first, "reason": "  Ragnar is tied up: ask again after the guards pass  "}),
    );
    let [
        Body::Withdrawn {
            reason, lines, by, ..
        },
    ] = declined.as_slice()
    else {
        panic!("{declined:?}")
    };
    assert_eq!(*by, GM);
    assert_eq!(
        reason.as_deref(),
        Some("Ragnar is tied up: ask again after the guards pass")
    );
    assert_eq!(
        lines,
        &[
            "declined Ann's request: Ragnar: act against a Difficulty",
            "why: Ragnar is tied up: ask again after the guards pass",
            "nothing rolled"
        ]
    );
    // A blank reason is none; the sender's own withdrawal says so.
    play.act(
        ANN,
        json!({"do": "action", "who": "Ragnar", "spend": 2, "difficulty": 1}),
    );
    let second = play.table.last_seq();
    let declined = play.act(
        GM,
        json!({"do": "withdraw", "request": second, "reason": "   "}),
    );
    assert!(
        matches!(&declined[..], [Body::Withdrawn { reason: None, lines, .. }]
            if lines == &["declined Ann's request: Ragnar: act against a Difficulty", "nothing rolled"]),
        "{declined:?}"
    );
    play.act(
        ANN,
        json!({"do": "action", "who": "Ragnar", "spend": 2, "difficulty": 1}),
    );
    let third = play.table.last_seq();
    let withdrawn = play.act(ANN, json!({"do": "withdraw", "request": third}));
    assert!(
        matches!(&withdrawn[..], [Body::Withdrawn { lines, .. }]
            if lines == &["withdrew the request: Ragnar: act against a Difficulty", "nothing rolled"]),
        "{withdrawn:?}"
    );
    // The words are the table's: rewritten, they are a mismatch; the honest log verifies.
    let report = verify(
        skald_systems::REGISTRY,
        play.table.records(),
        Some(play.table.head()),
    );
    assert!(report.ok(), "{report:?}");
}
