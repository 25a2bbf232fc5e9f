//! Talk at the table (`say`): words to everyone, whispers only their two seats and the GM read,
//! characters as voices, bounds, pace, and talk's place beside undo and verification.
#![allow(clippy::unwrap_used)]

use serde_json::{Value, json};
use skald_table::{Actor, Audience, Body, Record, SecretBody, Table, verify};
use skald_testkit::sheets::{DIRK, RAGNAR};

use crate::play;
use play::{ANN, BOB, GM, Play};

fn say(text: &str) -> Value {
    json!({"do": "say", "text": text})
}

/// A Chi table where Ann plays Ragnar and Bob plays Dirk.
fn chi() -> Play {
    let mut play = Play::new("chi", true);
    play.records(ANN, json!({"do": "enroll", "character": {"line": RAGNAR}}));
    play.records(BOB, json!({"do": "enroll", "character": {"line": DIRK}}));
    play
}

/// One line of talk as read: who, as whom, to whom (a whisper), the words.
type Heard = (Actor, Option<String>, Option<Actor>, String);

/// What `reader` reads of every talk record, a whisper not theirs as `None`.
fn heard(play: &Play, reader: Actor) -> Vec<Option<Heard>> {
    play.export(reader)
        .into_iter()
        .filter_map(|record: Record| match (record.body, record.secret) {
            (Body::Said { by, voice, text }, None) => Some(Some((by, voice, None, text))),
            (Body::Whispered { .. }, None) => Some(None),
            (
                Body::Whispered { .. },
                Some(skald_table::Secret {
                    body:
                        SecretBody::Whisper {
                            by,
                            to,
                            voice,
                            text,
                            ..
                        },
                    audience,
                }),
            ) => {
                assert_eq!(audience, Audience::Whisper { from: by, to });
                Some(Some((by, voice, Some(to), text)))
            }
            (Body::Said { .. } | Body::Whispered { .. }, secret) => panic!("talk with {secret:?}"),
            _ => None,
        })
        .collect()
}

#[test]
fn words_said_reach_everyone_and_a_whisper_only_its_two_seats_and_the_gm() {
    let mut play = chi();
    play.records(
        ANN,
        json!({"do": "say", "text": "I draw my axe.", "as": "ragnar"}),
    );
    play.records(BOB, json!({"do": "say", "text": "Wait for me!", "to": 1}));
    play.records(
        ANN,
        json!({"do": "say", "text": "Is the innkeeper lying?", "to": "gm"}),
    );
    play.records(GM, json!({"do": "say", "text": "Yes.\nHe is.", "to": 1}));
    play.records(GM, say("The door creaks."));

    let said = |by, voice: Option<&str>, to, text: &str| {
        Some((by, voice.map(str::to_owned), to, text.to_owned()))
    };
    let axe = said(ANN, Some("Ragnar"), None, "I draw my axe.");
    let wait = said(BOB, None, Some(ANN), "Wait for me!");
    let lying = said(ANN, None, Some(GM), "Is the innkeeper lying?");
    let yes = said(GM, None, Some(ANN), "Yes.\nHe is.");
    let door = said(GM, None, None, "The door creaks.");
    assert_eq!(
        heard(&play, GM),
        [
            axe.clone(),
            wait.clone(),
            lying.clone(),
            yes.clone(),
            door.clone()
        ]
    );
    assert_eq!(
        heard(&play, ANN),
        [axe.clone(), wait.clone(), lying, yes, door.clone()]
    );
    assert_eq!(heard(&play, BOB), [axe, wait, None, None, door]);
    // Not a word of Ann's and the GM's whispers anywhere in Bob's copy of the log.
    let bobs = serde_json::to_string(&play.export(BOB)).unwrap();
    for word in ["innkeeper", "He is"] {
        assert!(!bobs.contains(word), "{word} reached Bob: {bobs}");
    }
    assert_eq!(
        bobs.matches("\"audience\"").count(),
        1,
        "only his own whisper"
    );
}

#[test]
fn a_whisper_keeps_its_audience_through_the_store_form() {
    for audience in [
        Audience::Whisper { from: ANN, to: GM },
        Audience::Whisper { from: GM, to: BOB },
        Audience::Whisper { from: BOB, to: ANN },
    ] {
        let stored = audience.to_stored();
        assert_eq!(Audience::from_stored(&stored), Some(audience), "{stored}");
    }
    assert_eq!(
        Audience::Whisper { from: ANN, to: GM }.to_stored(),
        "whisper:player:1>gm"
    );
    for bad in [
        "whisper:",
        "whisper:gm",
        "whisper:gm>player:x",
        "whisper:player:1>server",
    ] {
        assert_eq!(Audience::from_stored(bad), None, "{bad}");
    }
}

#[test]
fn bad_talk_names_the_field_and_what_is_allowed() {
    let mut play = chi();
    let check = |play: &mut Play, by, action: Value, expected: &str| {
        assert_eq!(play.said(by, action).0, expected);
    };
    check(&mut play, ANN, say(""), "What you say is empty: fill it in");
    check(
        &mut play,
        ANN,
        say(" \n "),
        "What you say is empty: fill it in",
    );
    check(
        &mut play,
        ANN,
        say(&"x".repeat(1001)),
        "What you say must be 1 to 1000 characters long, not 1001",
    );
    check(
        &mut play,
        ANN,
        say("a\u{7}b"),
        "What you say may not hold control characters (such as tabs and line breaks)",
    );
    check(
        &mut play,
        ANN,
        json!({"do": "say", "text": "hi", "to": 1}),
        "a whisper goes to someone else: pick another seat, or everyone",
    );
    check(
        &mut play,
        GM,
        json!({"do": "say", "text": "hi", "to": "gm"}),
        "a whisper goes to someone else: pick another seat, or everyone",
    );
    check(
        &mut play,
        ANN,
        json!({"do": "say", "text": "hi", "to": 3}),
        "there is no player 3: the players are 1 to 2",
    );
    for to in [json!(0), json!("bob"), json!(-1), json!(1.5)] {
        let expected = format!("a whisper goes to \"gm\" or to a player's number, not to {to}");
        check(
            &mut play,
            ANN,
            json!({"do": "say", "text": "hi", "to": to}),
            &expected,
        );
    }
    check(
        &mut play,
        ANN,
        json!({"do": "say", "text": "hi", "as": "Dirk"}),
        "you cannot speak as \"Dirk\": your characters are Ragnar",
    );
    check(
        &mut play,
        GM,
        json!({"do": "say", "text": "hi", "as": "Dirk"}),
        "you cannot speak as \"Dirk\": you have no character yet, so speak as yourself",
    );
}

#[test]
fn a_seat_says_twenty_things_a_minute_and_is_told_how_long_to_wait() {
    let mut play = Play::new("loqi", true);
    // Twenty lines from Ann over 19 seconds, then one more right away.
    for i in 0..20 {
        play.try_act_at(ANN, say("la"), 10_000 + i * 1_000).unwrap();
    }
    let before = play.table.last_seq();
    let refused = play.try_act_at(ANN, say("la"), 29_500).unwrap_err();
    assert_eq!(
        refused.to_string(),
        "you have said 20 things in the last minute: wait 41 s before the next"
    );
    assert_eq!(play.table.last_seq(), before);
    // Bob and the GM still talk; Ann again once her first line is a minute old.
    play.try_act_at(BOB, say("hey"), 29_500).unwrap();
    play.try_act_at(GM, json!({"do": "say", "text": "hush", "to": 1}), 29_500)
        .unwrap();
    assert!(play.try_act_at(ANN, say("la"), 69_999).is_err());
    play.try_act_at(ANN, say("la"), 70_000).unwrap();
    // Whispers count too.
    assert!(
        play.try_act_at(
            ANN,
            json!({"do": "say", "text": "psst", "to": "gm"}),
            70_001
        )
        .is_err()
    );
}

#[test]
fn undo_passes_over_talk_and_never_takes_it_back() {
    let mut play = chi();
    play.records(GM, json!({"do": "note", "text": "before"}));
    let enrolled = play.records(
        BOB,
        json!({"do": "enroll", "character": {"line": "Mira, a quick thief. Pool 6."}}),
    );
    let enrolled = enrolled[0].seq;
    play.records(ANN, say("Welcome, Mira."));
    play.records(BOB, json!({"do": "say", "text": "thanks", "to": "gm"}));
    let undone = play.act(GM, json!({"do": "undo"}));
    assert_eq!(undone, [Body::Undone { of: enrolled }]);
    assert_eq!(heard(&play, GM).len(), 2);
    // Undo again goes past the talk to the command before it, never to the talk.
    let undone = play.act(GM, json!({"do": "undo"}));
    assert!(matches!(undone[..], [Body::Undone { of }] if of < enrolled));
    assert_eq!(heard(&play, GM).len(), 2);
}

#[test]
fn a_log_with_talk_verifies_and_folds_to_the_same_state_for_every_reader() {
    let mut play = chi();
    play.records(ANN, json!({"do": "say", "text": "psst", "to": 2}));
    play.records(GM, say("Roll!"));
    play.records(ANN, json!({"do": "roll", "notation": "2d6"}));
    for reader in [GM, ANN, BOB] {
        let log = play.export(reader);
        let report = verify(skald_systems::REGISTRY, &log, Some(play.table.head()));
        assert!(report.ok(), "{reader:?}: {report:?}");
        let folded = Table::from_records(skald_systems::REGISTRY, log).unwrap();
        assert_eq!(folded.view(), play.table.view());
    }
}

#[test]
fn a_whisper_sent_again_with_its_client_id_is_answered_not_said_twice() {
    let mut play = Play::new("twenty", true);
    let action = json!({"do": "say", "text": "psst", "to": "gm", "client_id": "w-1"});
    let request = skald_table::Request::from_json(action).unwrap();
    let first = play
        .table
        .decide_request(ANN, &request, [1; 32], 3_000)
        .unwrap();
    for record in &first {
        play.table.apply(record.clone()).unwrap();
    }
    assert_eq!(play.table.earlier(ANN, "w-1"), Some(&[first[0].seq][..]));
    assert_eq!(play.table.earlier(BOB, "w-1"), None);
}

/// The labels of `reader`'s narration prompts (Twenty's talk moves, T3).
fn prompts(play: &Play, reader: Actor) -> Vec<String> {
    play.table
        .moves(reader)
        .into_iter()
        .filter(|m| m.command["do"] == "say")
        .map(|m| m.label)
        .collect()
}

/// A narration prompt is answered by the seat's own words in its character's voice: it goes away
/// for that seat once said (out of character or as another does not answer it), stays away while
/// other commands come between exchanges, and comes back with the next exchange's narration.
#[test]
fn a_narration_prompt_goes_once_its_seat_has_narrated() {
    let mut play = Play::new("twenty", true);
    play.records(
        ANN,
        json!({"do": "add_character", "character": skald_testkit::sheets::gorand()}),
    );
    play.records(
        GM,
        json!({"do": "add_character", "character": skald_testkit::sheets::dragon()}),
    );
    play.records(
        GM,
        json!({"do": "start_conflict", "participants": [
            {"who": "Gorand", "goal": "cross the bridge"},
            {"who": "Dragon", "goal": "keep the bridge"}]}),
    );
    play.records(
        ANN,
        json!({"do": "bring_in", "who": "Gorand", "trait": "Friendly"}),
    );
    play.records(
        GM,
        json!({"do": "bring_in", "who": "Dragon", "trait": "Ancient and Wise"}),
    );
    assert_eq!(prompts(&play, ANN), ["Gorand: narrate exchange 1"]);
    assert_eq!(prompts(&play, GM), ["Dragon: narrate exchange 1"]);
    // Out of character, or the GM's words: Gorand has not narrated yet.
    play.records(ANN, say("my turn?"));
    play.records(
        GM,
        json!({"do": "say", "text": "The dragon yawns.", "as": "Dragon"}),
    );
    assert_eq!(prompts(&play, ANN), ["Gorand: narrate exchange 1"]);
    assert_eq!(prompts(&play, GM), Vec::<String>::new());
    play.records(
        ANN,
        json!({"do": "say", "text": "Gorand bows low.", "as": "Gorand"}),
    );
    assert_eq!(prompts(&play, ANN), Vec::<String>::new());
    // A command between exchanges that leaves the narration where it was (a fresh user saw a
    // goal confirmed bring the prompt back): still answered.
    play.records(
        GM,
        json!({"do": "add_character", "character": {"name": "Ferryman", "kind": "npc",
            "traits": [{"name": "Pole", "boxes": 2}]}}),
    );
    assert_eq!(prompts(&play, ANN), Vec::<String>::new());
    // A free roll changes no rule: still answered. The next exchange asks anew.
    play.records(ANN, json!({"do": "roll", "notation": "1d6"}));
    assert_eq!(prompts(&play, ANN), Vec::<String>::new());
    play.records(
        ANN,
        json!({"do": "bring_in", "who": "Gorand", "trait": "Arms"}),
    );
    play.records(
        GM,
        json!({"do": "bring_in", "who": "Dragon", "trait": "Enormous"}),
    );
    assert_eq!(prompts(&play, ANN), ["Gorand: narrate exchange 2"]);
}
