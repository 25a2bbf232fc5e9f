//! The holes an outside attack found in the table log (issue 13), each as the attack was made:
//! refused rolls that told a player the next dice, commitments taken back by undo, look-alike
//! names, resent actions done twice, and logs tampered with where people read them.
#![allow(clippy::unwrap_used)]

use proptest::prelude::*;
use serde_json::{Value, json};
use skald_table::{
    Action, Body, Reader, Record, Request, Secret, SecretBody, Table, redact, verify,
};
use skald_testkit::sheets::RAGNAR;

use crate::play;
use play::{ANN, BOB, GM, Play, kinds};

/// A quick table (players set the GM's numbers: what these attacks are about is elsewhere;
/// tests/requests.rs plays the default) with Ann and Bob seated, over the server seed `seed`.
fn table(system: &str, seed: u8) -> Play {
    Play::with_seed(system, true, seed)
}

/// The dice of a roll record, as values.
fn dice(record: &Record) -> Vec<i64> {
    match &record.body {
        Body::DiceRolled { roll, .. } | Body::RollFailed { roll, .. } => {
            roll.draws.iter().map(|d| d.value).collect()
        }
        Body::Command {
            roll: Some(roll), ..
        } => roll.draws.iter().map(|d| d.value).collect(),
        other => panic!("not a roll: {other:?}"),
    }
}

#[test]
fn a_refused_roll_quotes_no_die_and_the_next_roll_is_not_the_one_it_drew() {
    // The attack: three d6 packed into one number, divided by zero: the refusal quoted 156, and
    // the next 3d6 rolled 6, 5, 1 (and the GM's next secret 3d20 could be predicted the same way).
    let mut play = table("twenty", 7);
    let mut twin = table("twenty", 7);
    let probes = [
        "(1d6*1 + 1d6*10 + 1d6*100)/0",
        "9223372036854775807 + 1d6",
        "1d6 / (1d6 - 1)",
    ];
    for probe in probes {
        let refusal = play.refusal(ANN, json!({"do": "roll", "notation": probe}));
        let elsewhere = table("twenty", 99).refusal(ANN, json!({"do": "roll", "notation": probe}));
        assert_eq!(
            refusal, elsewhere,
            "{probe}: the refusal depends on the dice"
        );
    }
    let next = play.records(GM, json!({"do": "secret_roll_dice", "notation": "3d20"}));
    let untouched = twin.records(GM, json!({"do": "secret_roll_dice", "notation": "3d20"}));
    let secret_dice = |record: &Record| match &record.secret {
        Some(Secret {
            body: SecretBody::Roll { contents },
            ..
        }) => contents.roll.clone(),
        other => panic!("{other:?}"),
    };
    assert_eq!(
        secret_dice(&next[0]),
        secret_dice(&untouched[0]),
        "the refusals moved the dice"
    );
}

/// Dice expressions that may fail: constants at the i64 edge, zero divisors, rolled divisors.
fn notation() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        (0i64..4).prop_map(|n| n.to_string()),
        Just("9223372036854775807".to_owned()),
        (1u32..4, prop_oneof![Just(2u32), Just(6), Just(20)]).prop_map(|(n, s)| format!("{n}d{s}")),
    ];
    leaf.prop_recursive(3, 12, 2, |inner| {
        (
            inner.clone(),
            prop_oneof![Just("+"), Just("-"), Just("*"), Just("/")],
            inner,
        )
            .prop_map(|(a, op, b)| format!("({a} {op} {b})"))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Whatever a player rolls and however often it is refused, a refusal reads the same whatever
    /// the dice (so it says nothing of them), and the next recorded roll is the one it would have
    /// been without the refusals.
    #[test]
    fn refusals_say_nothing_of_the_dice(notations in prop::collection::vec(notation(), 1..8)) {
        let mut play = table("chi", 3);
        let mut other_seed = table("chi", 4);
        let mut without_refusals = table("chi", 3);
        for notation in &notations {
            let action = json!({"do": "roll", "notation": notation});
            let here = play.try_act(ANN, action.clone()).map_err(|e| e.to_string());
            let there = other_seed.try_act(ANN, action.clone()).map_err(|e| e.to_string());
            match (&here, &there) {
                (Err(a), Err(b)) => prop_assert_eq!(a, b),
                (Ok(_), Ok(_)) => {
                    without_refusals.records(ANN, action);
                }
                _ => prop_assert!(false, "{notation}: {here:?} with one seed, {there:?} with another"),
            }
        }
        let last = json!({"do": "roll", "notation": "4d20"});
        prop_assert_eq!(
            dice(&play.records(BOB, last.clone())[0]),
            dice(&without_refusals.records(BOB, last)[0])
        );
    }
}

fn chi_enroll(line: &str) -> Value {
    json!({"do": "enroll", "character": {"line": line}})
}

const GROK: &str = "Grok, big, mean, and ugly orc6";

/// Ann's Ragnar against the GM's Grok in a secret roll.
fn secret_opposed() -> Play {
    let mut play = table("chi", 5);
    play.records(ANN, chi_enroll(RAGNAR));
    play.records(GM, chi_enroll(GROK));
    play.records(
        GM,
        json!({"do": "secret_open", "opposed": [{"actor": {"who": "Ragnar"}, "defender": {"who": "Grok"}}]}),
    );
    play
}

#[test]
fn undo_never_takes_back_a_commitment_or_a_reveal() {
    // The attack: the GM committed, saw the player reveal, undid his own commitment and committed
    // another allocation.
    let mut play = secret_opposed();
    let gm_commit = play.records(GM, json!({"do": "allocate", "who": "Grok", "spend": 1}));
    assert_eq!(
        play.refusal(GM, json!({"do": "undo"})),
        format!(
            "cannot undo: the last command (record {}) committed or revealed a secret, and commitments are never taken back",
            gm_commit[0].seq
        )
    );
    play.records(ANN, json!({"do": "allocate", "who": "Ragnar", "spend": 5}));
    let reveal = play.records(ANN, json!({"do": "secret_reveal", "who": "Ragnar"}));
    assert_eq!(
        play.refusal(GM, json!({"do": "undo"})),
        format!(
            "cannot undo: the last command (record {}) committed or revealed a secret, and commitments are never taken back",
            reveal[0].seq
        )
    );
    // Nor can the GM commit Grok anew over the first commitment, through the table or raw.
    let again = play.refusal(GM, json!({"do": "allocate", "who": "Grok", "spend": 6}));
    assert!(
        again.contains("has no secret choice of dice to make now"),
        "{again}"
    );
    let raw = play.refusal(
        GM,
        json!({"do": "secret_commit", "who": "Grok", "commitment": "ab".repeat(32)}),
    );
    assert!(
        raw.contains("the table seals each secret allocation"),
        "{raw}"
    );
}

#[test]
fn the_gm_cannot_undo_a_players_commitment_for_it_to_allocate_anew() {
    let mut play = secret_opposed();
    let committed = play.records(ANN, json!({"do": "allocate", "who": "Ragnar", "spend": 2}));
    assert_eq!(
        play.refusal(GM, json!({"do": "undo"})),
        format!(
            "cannot undo: the last command (record {}) committed or revealed a secret, and commitments are never taken back",
            committed[0].seq
        )
    );
    let anew = play.refusal(ANN, json!({"do": "allocate", "who": "Ragnar", "spend": 6}));
    assert!(
        anew.contains("has no secret choice of dice to make now"),
        "{anew}"
    );
    let raw = play.refusal(
        GM,
        json!({"do": "secret_commit", "who": "Ragnar", "commitment": "ab".repeat(32)}),
    );
    assert!(
        raw.contains("the table seals each secret allocation"),
        "{raw}"
    );
}

#[test]
fn the_gm_cannot_call_a_secret_roll_off_once_a_player_revealed() {
    // The attack (issue 30): the GM committed Grok, let Ann reveal Ragnar's dice, called the roll
    // off, opened it again and committed Grok knowing them.
    let mut play = secret_opposed();
    play.records(GM, json!({"do": "allocate", "who": "Grok", "spend": 1}));
    play.records(ANN, json!({"do": "allocate", "who": "Ragnar", "spend": 5}));
    play.records(ANN, json!({"do": "secret_reveal", "who": "Ragnar"}));
    assert_eq!(
        play.refusal(GM, json!({"do": "secret_cancel"})),
        "The secret roll cannot be called off: Ragnar revealed already, and calling it off now \
         would let everyone choose again knowing it; the GM rolls it once everyone has revealed \
         (ruling C4)"
    );
    // The roll is not stuck: every commitment here was sealed by the table within the rules'
    // bounds, so Grok's reveal is taken and the roll rolled.
    play.records(GM, json!({"do": "secret_reveal", "who": "Grok"}));
    let rolled = play.records(GM, json!({"do": "secret_roll"}));
    assert_eq!(
        kinds(&rolled.into_iter().map(|r| r.body).collect::<Vec<_>>()),
        ["command"]
    );
}

#[test]
fn a_commitment_the_table_did_not_seal_is_refused_so_no_secret_roll_is_stuck() {
    // A raw commitment could hide dice the rules refuse (60 of Grok's): its reveal would be refused
    // (C1), and with the roll no longer called off after a reveal, the table would wait forever.
    let mut play = secret_opposed();
    let sealed_only = "at this table the table seals each secret allocation (its dice checked \
                       first) and reveals it from what it sealed: choose your dice with the \
                       secret roll's own move";
    let raw = json!({"do": "secret_commit", "who": "Grok", "commitment": "ab".repeat(32)});
    assert_eq!(play.refusal(GM, raw.clone()), sealed_only);
    assert_eq!(
        play.refusal(GM, json!({"do": "call", "command": raw.clone()})),
        sealed_only
    );
    assert_eq!(
        play.table
            .check(GM, &Action::from_json(raw).unwrap())
            .unwrap_err()
            .to_string(),
        sealed_only
    );
    // `allocate` checks the dice first.
    let over = play.refusal(GM, json!({"do": "allocate", "who": "Grok", "spend": 60}));
    assert!(
        over.starts_with("The number of dice put in is 60, but"),
        "{over}"
    );
    // A reveal with its `spend` and `salt` is refused too; the bare one is filled in.
    play.records(GM, json!({"do": "allocate", "who": "Grok", "spend": 2}));
    play.records(ANN, json!({"do": "allocate", "who": "Ragnar", "spend": 3}));
    let spelled =
        json!({"do": "secret_reveal", "who": "Grok", "spend": 2, "salt": "grok-salt-000001"});
    assert_eq!(play.refusal(GM, spelled), sealed_only);
    play.records(GM, json!({"do": "secret_reveal", "who": "Grok"}));
}

#[test]
fn a_link_the_gm_made_reads_nothing_of_the_seats_past_secrets() {
    // The attack (issue 30): Ann allocated in secret and whispered; the GM made a new link to her
    // seat and read `{"spend": 5, "salt": ...}` and her whispers through it.
    let mut play = secret_opposed();
    let allocated = play.records(ANN, json!({"do": "allocate", "who": "Ragnar", "spend": 5}));
    let to_bob = play.records(ANN, json!({"do": "say", "text": "I go all in.", "to": 2}));
    let from_gm = play.records(GM, json!({"do": "say", "text": "Grok is weak.", "to": 1}));
    let handed = play.table.hand_seat(1, 4_000).unwrap();
    play.table.apply(handed.clone()).unwrap();
    let after = play.records(
        GM,
        json!({"do": "say", "text": "Your new link works.", "to": 1}),
    );
    let link = Reader::since(ANN, handed.seq);
    let secret_of = |record: &Record, reader: Reader| redact(record, reader).secret.is_some();
    // Ann's own first link reads all of it; the GM reads the whispers, never the allocation.
    for record in [&allocated[0], &to_bob[0], &from_gm[0], &after[0]] {
        assert!(secret_of(record, ANN.into()), "{}", record.seq);
    }
    assert!(secret_of(&after[0], link));
    assert!(!secret_of(&allocated[0], GM.into()));
    assert!(secret_of(&to_bob[0], GM.into()) && secret_of(&to_bob[0], BOB.into()));
    // The whole log through the new link: no allocation, no whisper from before it.
    let seen: Vec<u64> = play
        .table
        .records()
        .iter()
        .filter(|r| redact(r, link).secret.is_some())
        .map(|r| r.seq)
        .collect();
    assert_eq!(seen, [after[0].seq]);
    // Acting for the seat is not reading it: the link reveals the dice Ann sealed (once everyone
    // has committed, for the whole table to see).
    play.records(GM, json!({"do": "allocate", "who": "Grok", "spend": 1}));
    let shown = play.records(ANN, json!({"do": "secret_reveal", "who": "Ragnar"}));
    match &shown[0].body {
        Body::Command { command, .. } => assert_eq!(command["spend"], 5),
        other => panic!("{other:?}"),
    }
}

#[test]
fn names_that_look_alike_are_one_name() {
    let play = table("loqi", 1);
    for (name, seat) in [
        ("Ann\u{200B}", 1),
        ("\u{FF21}nn", 1), // full-width A
        (" ann ", 1),
        ("B\u{200D}ob", 2),
        ("Bob\u{2060}", 2), // word joiner
    ] {
        let joined = play.table.join(name, 5_000).unwrap_err().to_string();
        assert!(
            joined.contains(&format!("is already seated (seat {seat})")),
            "{name:?}: {joined}"
        );
    }
    let blank = play.table.join("\u{3164}\u{200B}", 5_000).unwrap_err();
    assert_eq!(
        blank.to_string(),
        "the name \"\" shows no letter, digit or sign (only spaces, combining marks or invisible characters): pick a name people can read"
    );
    let spaced = play.table.join("  Cara \u{200B}  Lin ", 5_000).unwrap();
    assert_eq!(
        spaced.body,
        Body::Joined {
            player: 3,
            name: "Cara Lin".into()
        }
    );
}

#[test]
fn a_resent_action_is_answered_with_its_first_records() {
    let mut play = table("twenty", 2);
    let request =
        Request::from_json(json!({"do": "roll", "notation": "1d20", "client_id": "c-1"})).unwrap();
    let records = play
        .table
        .decide_request(ANN, &request, [1; 32], 3_000)
        .unwrap();
    assert_eq!(records[0].client.as_deref(), Some("c-1"));
    for record in &records {
        play.table.apply(record.clone()).unwrap();
    }
    assert_eq!(play.table.earlier(ANN, "c-1"), Some(&[records[0].seq][..]));
    // The id is the sender's own: Bob's c-1 is another action.
    assert_eq!(play.table.earlier(BOB, "c-1"), None);
    let again = play
        .table
        .decide_request(ANN, &request, [1; 32], 3_000)
        .unwrap_err();
    assert!(
        again
            .to_string()
            .contains("the client id \"c-1\" was already used"),
        "{again}"
    );
    // The record map survives a reload of the log.
    let reloaded =
        Table::from_records(skald_systems::REGISTRY, play.table.records().to_vec()).unwrap();
    assert_eq!(reloaded.earlier(ANN, "c-1"), Some(&[records[0].seq][..]));
    for bad in [json!(""), json!("a b"), json!(7), json!("x".repeat(65))] {
        let refused =
            Request::from_json(json!({"do": "roll", "notation": "1d6", "client_id": bad}))
                .unwrap_err();
        assert!(
            refused.to_string().starts_with("the client id "),
            "{refused}"
        );
    }
}

/// An honest Chi session: a seed, an open roll, an action with odds, a secret roll revealed, and
/// the epoch ended; then the log as Bob exports it and its head.
fn honest_log() -> (Vec<Record>, String) {
    let mut play = table("chi", 9);
    play.records(ANN, chi_enroll(RAGNAR));
    play.records(ANN, json!({"do": "contribute_seed", "seed": "socks"}));
    play.records(
        ANN,
        json!({"do": "action", "who": "Ragnar", "spend": 3, "difficulty": 2}),
    );
    play.records(BOB, json!({"do": "roll", "notation": "3d6"}));
    let secret = play.records(
        GM,
        json!({"do": "secret_roll_dice", "notation": "1d20", "label": "ambush"}),
    );
    play.records(GM, json!({"do": "reveal_roll", "of": secret[0].seq}));
    play.records(GM, json!({"do": "end_epoch"}));
    (play.export(BOB), play.table.head().to_owned())
}

#[test]
fn every_tamper_of_the_attack_is_a_mismatch() {
    // Records: 1 created, 2-3 joined, 4 enroll, 5 seed, 6 action, 7 roll, 8 secret roll,
    // 9 its reveal, 10 the epoch ends.
    let (honest, head) = honest_log();
    let report = verify(skald_systems::REGISTRY, &honest, Some(&head));
    assert!(report.ok() && report.unverified.is_empty(), "{report:?}");
    assert_eq!((report.rolls_verified, report.commands_replayed), (3, 2));

    let tampered = |edit: &dyn Fn(&mut Vec<Value>), head: Option<&str>| {
        let mut json: Vec<Value> = honest
            .iter()
            .map(|r| serde_json::to_value(r).unwrap())
            .collect();
        edit(&mut json);
        let records: Vec<Record> = json
            .into_iter()
            .map(|j| serde_json::from_value(j).unwrap())
            .collect();
        let report = verify(skald_systems::REGISTRY, &records, head);
        assert!(!report.ok(), "tampering went unseen");
        let first = report.mismatches[0].clone();
        (first.seq, first.message)
    };
    let h = Some(head.as_str());
    let (seq, _) = tampered(&|j| j[5]["body"]["roll"]["draws"][0]["value"] = json!(7), h);
    assert_eq!(seq, 6, "a die");
    let (seq, message) = tampered(&|j| j[9]["body"]["seed"] = json!("00".repeat(32)), h);
    assert_eq!(seq, 10, "the seed: {message}");
    let (seq, message) = tampered(&|j| j[7]["body"]["commitment"] = json!("ab".repeat(32)), h);
    assert_eq!(
        (seq, message.as_str()),
        (
            8,
            "the revealed secret roll (record 9) does not hash to its commitment: its dice, text, total, label or notation were changed"
        )
    );
    let (seq, message) = tampered(&|j| j[5]["body"]["odds"]["chances"][0]["p"] = json!("1"), h);
    assert_eq!(
        (seq, message.as_str()),
        (
            6,
            "the odds recorded before the roll are not the rules' odds for it"
        )
    );
    let (seq, message) = tampered(
        &|j| {
            j[5]["body"].as_object_mut().unwrap().remove("odds");
        },
        h,
    );
    assert_eq!(
        (seq, message.as_str()),
        (
            6,
            "the odds the rules gave before this roll are missing from its record"
        )
    );
    let (seq, message) = tampered(
        &|j| j[5]["body"]["lines"][0] = json!("Ragnar fails miserably"),
        h,
    );
    assert_eq!(
        (seq, message.as_str()),
        (
            6,
            "the report lines are not what the rules say of its events (rewritten?)"
        )
    );
    let (seq, message) = tampered(&|j| j[6]["body"]["text"] = json!("3d6 [6, 6, 6] = 18"), h);
    assert_eq!(seq, 7, "an open roll's text: {message}");
    let (seq, message) = tampered(
        &|j| {
            j.remove(4);
        },
        h,
    );
    assert!(
        seq == 6 && message.contains("follows record 4"),
        "a record deleted: {seq} {message}"
    );
    let (seq, message) = tampered(
        &|j| {
            // Deleted, and the later seqs renumbered to hide it: the chain still breaks.
            j.remove(4);
            for (i, record) in j.iter_mut().enumerate() {
                record["seq"] = json!(i + 1);
            }
        },
        h,
    );
    assert!(
        seq == 5 && message.contains("hash chain is broken"),
        "deleted and renumbered: {seq} {message}"
    );
    let (seq, message) = tampered(
        &|j| {
            j.swap(5, 6);
            j[5]["seq"] = json!(6);
            j[6]["seq"] = json!(7);
        },
        h,
    );
    assert!(
        seq == 6 && message.contains("hash chain is broken"),
        "reordered: {seq} {message}"
    );
    let (seq, message) = tampered(
        &|j| {
            j.pop();
        },
        h,
    );
    assert!(
        seq == 9 && message.contains("cut from the end"),
        "the last record cut: {seq} {message}"
    );
    let (_, message) = tampered(&|_| {}, None);
    assert!(message.contains("names no head"), "{message}");
}

#[test]
fn a_roll_too_big_for_the_log_is_refused_before_its_dice() {
    // The attack: 9900d1000000r<1000000 rolled for ~90 ms, then failed to store (44 MB) with a 500.
    let mut play = table("loqi", 1);
    assert_eq!(
        play.refusal(
            ANN,
            json!({"do": "roll", "notation": "9900d1000000r<1000000"})
        ),
        "the dice notation does not roll:\n9900d1000000r<1000000\nmay draw up to 999900 dice with its rerolls and explosions; a roll at the table draws at most 15000 (every die is kept in the log)"
    );
    // A long notation comes back cut to 80 characters, never whole (it is the sender's own text,
    // but a refusal stays short whatever was sent).
    let long = format!("{}149d6!", "0d6 + ".repeat(150));
    assert_eq!(
        play.refusal(ANN, json!({"do": "roll", "notation": long})),
        format!(
            "the dice notation does not roll:\n{}0d…\nmay draw up to 15049 dice with its rerolls and explosions; a roll at the table draws at most 15000 (every die is kept in the log)",
            "0d6 + ".repeat(13)
        )
    );
    let long = format!("{}x", "0d6 + ".repeat(150));
    assert_eq!(
        play.refusal(ANN, json!({"do": "roll", "notation": long})),
        format!(
            "the dice notation does not roll:\n… {}x\n{}^\nunexpected character 'x': the notation uses digits, d, F, %, + - * /, parentheses, kh kl dh dl k, r ro, ! !!, < <= > >= =",
            "0d6 + ".repeat(13),
            " ".repeat(80)
        )
    );
    play.records(ANN, json!({"do": "roll", "notation": "10000d6"}));
    play.records(ANN, json!({"do": "roll", "notation": "148d6!"}));
    assert!(
        play.refusal(ANN, json!({"do": "roll", "notation": "149d6!"}))
            .contains("at most 15000")
    );
}

#[test]
fn the_widest_roll_the_table_allows_fits_a_stored_field() {
    // 15,000 d1000000 showing 1000000, as a revealed secret roll: its draws and its text.
    let draws: Vec<Value> = (0..skald_table::limits::ROLL_THROWS)
        .map(|_| json!({"die": {"Numbered": 1_000_000}, "value": 1_000_000}))
        .collect();
    let text = vec!["1000000"; 15_000].join(", ");
    let body = json!({"kind": "secret_revealed", "of": 1, "contents": {
        "label": "x".repeat(120), "notation": "x".repeat(1000), "total": i64::MAX, "text": text,
        "roll": {"epoch": 0, "index": 0, "mix": "0".repeat(64), "draws": draws}, "nonce": "0".repeat(64)},
        "prev": "0".repeat(64), "client": "x".repeat(64)});
    let size = body.to_string().len();
    assert!(size < 1 << 20, "{size} bytes");
}

/// Issue 30: the names that still sat beside "Ann", and a player called "GM".
#[test]
fn a_seat_cannot_pass_for_another_or_for_the_gm() {
    let play = table("freelancer", 1);
    for name in [
        "\u{410}nn",    // Cyrillic А
        "\u{391}nn",    // Greek Α
        "\u{13AA}nn",   // Cherokee Ꭺ
        "Ann\u{34F}",   // COMBINING GRAPHEME JOINER
        "Ann\u{FE0F}",  // VARIATION SELECTOR-16
        "Ann\u{FE00}",  // VARIATION SELECTOR-1
        "Ann\u{180B}",  // MONGOLIAN FREE VARIATION SELECTOR ONE
        "Ann\u{17B4}",  // KHMER VOWEL INHERENT AQ
        "Ann\u{E0100}", // VARIATION SELECTOR-17
    ] {
        let joined = play.table.join(name, 5_000).unwrap_err();
        assert_eq!(joined.field(), Some("name"));
        let shown = joined.to_string();
        assert!(
            shown.ends_with(
                "already seated (seat 1): the log must tell players apart, pick another"
            ),
            "{name:?}: {shown}"
        );
    }
    assert_eq!(
        play.table.join("\u{410}nn", 5_000).unwrap_err().to_string(),
        "the name \"\u{410}nn\" looks like \"Ann\", already seated (seat 1): the log must tell players apart, pick another"
    );
    assert_eq!(
        play.table
            .join("\u{1D00}nn", 5_000)
            .unwrap_err()
            .to_string(),
        "the name \"\u{1D00}nn\" holds \"\u{1D00}\" (U+1D00), a phonetic or small-capital letter that passes for an ordinary one: write the name in ordinary letters"
    );
    assert_eq!(
        play.table
            .join("\u{301}\u{302}\u{20DD}", 5_000)
            .unwrap_err()
            .to_string(),
        "the name \"\u{301}\u{302}\u{20DD}\" shows no letter, digit or sign (only spaces, combining marks or invisible characters): pick a name people can read"
    );
    for name in [
        "GM",
        "gm",
        "Gm",
        "\u{FF27}\u{FF2D}",
        "G\u{41C}",
        "G\u{39C}",
        "the GM",
        "The Gm",
    ] {
        let joined = play.table.join(name, 5_000).unwrap_err();
        assert_eq!(joined.field(), Some("name"));
        let shown = joined.to_string();
        let normalized = skald_table::limits::normalize_name("name", name).unwrap();
        assert_eq!(
            shown,
            format!(
                "the name \"{normalized}\" looks like the GM: the log must tell everyone apart, so pick another"
            ),
            "{name:?}"
        );
    }
    assert!(play.table.join("Gim", 5_000).is_ok());
}

/// A character may not be named like the GM, another seat or another character; its own
/// player's name it may take.
#[test]
fn a_character_cannot_pass_for_a_seat_or_another_character() {
    let mut play = table("freelancer", 1);
    let enroll =
        |name: &str| json!({"do": "enroll", "character": {"name": name, "ratings": {"LFT": 42}}});
    let refused = |play: &mut Play, by, name: &str| {
        let error = play.try_act(by, enroll(name)).unwrap_err();
        assert_eq!(error.field(), Some("character.name"), "{name:?}");
        error.to_string()
    };
    assert_eq!(
        refused(&mut play, ANN, "G\u{41C}"),
        "the character's name \"G\u{41C}\" looks like the GM: the log must tell everyone apart, so pick another"
    );
    assert_eq!(
        refused(&mut play, GM, "gm"),
        "the character's name \"gm\" looks like the GM: the log must tell everyone apart, so pick another"
    );
    assert_eq!(
        refused(&mut play, BOB, "\u{391}nn"),
        "the character's name \"\u{391}nn\" looks like Ann (seat 1): the log must tell everyone apart, so pick another"
    );
    assert_eq!(
        refused(&mut play, GM, "Ann\u{FE0F}"),
        "the character's name \"Ann\u{FE0F}\" looks like Ann (seat 1): the log must tell everyone apart, so pick another"
    );
    assert_eq!(
        refused(&mut play, GM, "\u{34F}\u{301}"),
        "the character's name \"\u{34F}\u{301}\" shows no letter, digit or sign (only spaces, combining marks or invisible characters): pick a name people can read"
    );
    assert_eq!(
        refused(&mut play, GM, "\u{1D00}sh"),
        "the character's name \"\u{1D00}sh\" holds \"\u{1D00}\" (U+1D00), a phonetic or small-capital letter that passes for an ordinary one: write the name in ordinary letters"
    );
    // The check before sending says the same.
    let checked = play
        .table
        .check(BOB, &skald_table::Action::Command(enroll("\u{13AA}nn")))
        .unwrap_err();
    assert_eq!(checked.field(), Some("character.name"));
    // Ann's own name is Ann's to give her character.
    play.records(ANN, enroll("Ann"));
    play.records(BOB, enroll("Ash"));
    assert_eq!(
        refused(&mut play, GM, "\u{410}sh"),
        "the character's name \"\u{410}sh\" looks like the character Ash (Bob's): the log must tell everyone apart, so pick another"
    );
    // A player joining under a character's name is refused too.
    assert_eq!(
        play.table.join("ASH", 5_000).unwrap_err().to_string(),
        "the name \"ASH\" looks like the character Ash (Bob's): the log must tell everyone apart, so pick another"
    );
}
