//! Issue 30, "Trust without holes": each tamper of the attack, made as an attacker would (the
//! record changed, then every `prev` and the head recomputed so the chain holds), and what
//! `verify` finds of it with and without a head kept before.
#![allow(clippy::unwrap_used)]

use serde_json::{Value, json};
use skald_table::{
    Audience, Body, GENESIS, Kept, Record, Secret, SecretBody, read_records, verify, verify_kept,
};
use skald_testkit::sheets::{DIRK, RAGNAR};

use crate::play;
use play::{ANN, BOB, GM, Play};

/// Records: 1 created, 2-3 joined (Ann, Bob), 4 Ann enrolls Ragnar, 5 the GM's secret 1d20
/// ("ambush"), 6 Ann's 3d6+2 ("climb"), 7 Ann says "hello", 8 Ann whispers to the GM, 9 the GM
/// whispers to Bob, 10 a GM note, 11 the secret roll revealed, 12 the epoch ends.
fn played() -> Play {
    let mut play = Play::new("chi", true);
    play.records(ANN, json!({"do": "enroll", "character": {"line": RAGNAR}}));
    play.records(
        GM,
        json!({"do": "secret_roll_dice", "notation": "1d20", "label": "ambush"}),
    );
    play.records(
        ANN,
        json!({"do": "roll", "notation": "3d6+2", "label": "climb"}),
    );
    play.records(ANN, json!({"do": "say", "text": "hello"}));
    play.records(
        ANN,
        json!({"do": "say", "text": "I pick the lock", "to": "gm"}),
    );
    play.records(GM, json!({"do": "say", "text": "you hear steps", "to": 2}));
    play.records(GM, json!({"do": "note", "text": "the door is trapped"}));
    play.records(GM, json!({"do": "reveal_roll", "of": 5}));
    play.records(GM, json!({"do": "end_epoch"}));
    play
}

/// Every `prev` recomputed from the record before, as an attacker rewriting the log does; the
/// new head.
fn rechain(records: &mut [Record]) -> String {
    let mut prev = GENESIS.to_owned();
    for record in records {
        record.prev = prev;
        prev = record.hash();
    }
    prev
}

/// `records` changed by `edit` on their JSON, the chain recomputed: the records and their head.
fn forged(records: &[Record], edit: &dyn Fn(&mut Vec<Value>)) -> (Vec<Record>, String) {
    let mut json: Vec<Value> = records
        .iter()
        .map(|r| serde_json::to_value(r).unwrap())
        .collect();
    edit(&mut json);
    let mut records: Vec<Record> = json
        .into_iter()
        .map(|j| serde_json::from_value(j).unwrap())
        .collect();
    let head = rechain(&mut records);
    (records, head)
}

/// The messages of `report`'s mismatches, with their records.
fn mismatches(report: &skald_table::Report) -> Vec<(u64, String)> {
    report
        .mismatches
        .iter()
        .map(|f| (f.seq, f.message.clone()))
        .collect()
}

const REWRITTEN: &str = "the kept head is the hash of no record of this log: the log was rewritten (its chain recomputed), or cut before the record it was kept at, or the head is another table's";

#[test]
fn an_honest_log_verifies_for_every_reader_with_its_secrets_checked() {
    let play = played();
    let head = play.table.head().to_owned();
    // The GM reads both copies of the secret roll, both whispers and the note; Ann her whisper and
    // the reveal; Bob his whisper and the reveal.
    for (reader, secrets) in [(GM, 5), (ANN, 2), (BOB, 2)] {
        let report = verify_kept(
            skald_systems::REGISTRY,
            &play.export(reader),
            Some(&head),
            Some(&head),
        );
        assert!(report.ok(), "{reader:?}: {report:?}");
        assert_eq!(report.secrets_checked, secrets, "{reader:?}");
        assert_eq!(report.kept, Kept::Matches { seq: 12, since: 0 });
        assert!(report.uncommitted.is_empty() && report.unverified.is_empty());
        assert_eq!(report.rolls_verified, 2);
    }
    // Without a kept head, the report says it could not tell a rewritten log.
    assert_eq!(
        verify(skald_systems::REGISTRY, &play.export(ANN), Some(&head)).kept,
        Kept::NotGiven
    );
}

#[test]
fn whispers_and_notes_are_committed_in_their_public_records() {
    let play = played();
    let records = play.table.records();
    for seq in [8, 9, 10] {
        let record = &records[seq - 1];
        let (Body::Whispered { commitment } | Body::Note { commitment }) = &record.body else {
            panic!("{:?}", record.body)
        };
        let secret = &record.secret.as_ref().unwrap().body;
        assert_eq!(commitment.as_deref(), secret.commitment().as_deref());
        assert_eq!(commitment.as_ref().unwrap().len(), 64);
        // What the others read: the commitment, no word of the secret.
        let shown = serde_json::to_string(&skald_table::redact(record, BOB.into())).unwrap();
        if seq != 9 {
            assert!(
                !shown.contains("lock") && !shown.contains("trapped"),
                "{shown}"
            );
        }
    }
    // The commitment is SHA-256 over the secret as stored, nonce and all (docs/fairness.md).
    let SecretBody::Note {
        nonce: Some(nonce), ..
    } = &records[9].secret.as_ref().unwrap().body
    else {
        panic!()
    };
    let json = format!(r#"{{"kind":"note","text":"the door is trapped","nonce":"{nonce}"}}"#);
    use sha2::Digest as _;
    assert_eq!(
        records[9]
            .secret
            .as_ref()
            .unwrap()
            .body
            .commitment()
            .unwrap(),
        hex::encode(sha2::Sha256::digest(json.as_bytes()))
    );
}

#[test]
fn a_changed_public_reveal_in_the_gms_export_is_a_mismatch() {
    // The GM's export holds the secret roll twice: the GM's own copy (record 5's secret) and the
    // public reveal (record 11). The attack changed the public one (a die, its text, its total;
    // or its label) and recomputed the chain: the GM's copy used to stand in for it.
    let play = played();
    let gm = play.export(GM);
    let Body::SecretRevealed { contents, .. } = &gm[10].body else {
        panic!("{:?}", gm[10].body)
    };
    let die = contents.roll.draws[0].value;
    let forged_die = if die == 20 { 1 } else { 20 };
    let text = contents
        .text
        .replace(&die.to_string(), &forged_die.to_string());
    let (records, head) = forged(&gm, &|j| {
        let contents = &mut j[10]["body"]["contents"];
        contents["roll"]["draws"][0]["value"] = json!(forged_die);
        contents["text"] = json!(text);
        contents["total"] = json!(forged_die);
    });
    let report = verify(skald_systems::REGISTRY, &records, Some(&head));
    assert_eq!(
        mismatches(&report),
        [(
            5,
            "the revealed secret roll (record 11) does not hash to its commitment: its dice, text, total, label or notation were changed".to_owned()
        )]
    );
    let (records, head) = forged(&gm, &|j| {
        j[10]["body"]["contents"]["label"] = json!("nothing");
    });
    assert_eq!(
        verify(skald_systems::REGISTRY, &records, Some(&head))
            .mismatches
            .len(),
        1
    );
    // The GM's own copy changed is named as such.
    let (records, head) = forged(&gm, &|j| {
        j[4]["secret"]["body"]["contents"]["label"] = json!("nothing");
    });
    assert_eq!(
        mismatches(&verify(skald_systems::REGISTRY, &records, Some(&head))),
        [(
            5,
            "the GM's copy of this secret roll does not hash to its commitment: its dice, text, total, label or notation were changed".to_owned()
        )]
    );
}

#[test]
fn a_changed_whisper_or_note_is_a_mismatch_for_whoever_reads_it() {
    // Secrets are outside the chain: nothing needs recomputing to change them.
    let play = played();
    let head = play.table.head().to_owned();
    let cases: [(skald_table::Actor, usize, &str); 4] = [
        (GM, 7, "whisper"),
        (GM, 8, "whisper"),
        (GM, 9, "note"),
        (BOB, 8, "whisper"),
    ];
    for (reader, at, what) in cases {
        let mut records = play.export(reader);
        match &mut records[at].secret.as_mut().unwrap().body {
            SecretBody::Note { text, .. } | SecretBody::Whisper { text, .. } => {
                *text = "something else".into();
            }
            other => panic!("{other:?}"),
        }
        let report = verify(skald_systems::REGISTRY, &records, Some(&head));
        assert_eq!(
            mismatches(&report),
            [(
                u64::try_from(at + 1).unwrap(),
                format!(
                    "the {what}'s words do not hash to the commitment in its record: the {what} was changed"
                )
            )],
            "{reader:?} {at}"
        );
    }
    // The whisper's readers changed (sent to Ann instead of Bob): the secret no longer fits.
    let mut records = play.export(GM);
    records[8].secret = Some(Secret {
        audience: Audience::Whisper { from: GM, to: ANN },
        body: SecretBody::Whisper {
            by: GM,
            to: ANN,
            voice: None,
            text: "you hear steps".into(),
            nonce: None,
        },
    });
    assert_eq!(
        verify(skald_systems::REGISTRY, &records, Some(&head))
            .mismatches
            .len(),
        1
    );
    // The commitment taken out of the note's record, the chain recomputed.
    let (records, forged_head) = forged(&play.export(GM), &|j| {
        j[9]["body"].as_object_mut().unwrap().remove("commitment");
    });
    assert_eq!(
        mismatches(&verify(skald_systems::REGISTRY, &records, Some(&forged_head))),
        [(
            10,
            "the note's record carries no commitment, though its secret has the nonce of one: the commitment was removed".to_owned()
        )]
    );
}

#[test]
fn a_log_written_before_commitments_loads_verifies_and_says_what_is_uncommitted() {
    // A note and a whisper as written before: no commitment, no nonce. Their bodies hash as they
    // did (the new fields are left out when empty).
    assert_eq!(
        serde_json::to_string(&Body::Note { commitment: None }).unwrap(),
        r#"{"kind":"note"}"#
    );
    assert_eq!(
        serde_json::to_string(&Body::Whispered { commitment: None }).unwrap(),
        r#"{"kind":"whispered"}"#
    );
    let play = played();
    let (records, head) = forged(&play.export(GM), &|j| {
        for at in [7, 8, 9] {
            j[at]["body"].as_object_mut().unwrap().remove("commitment");
            j[at]["secret"]["body"]
                .as_object_mut()
                .unwrap()
                .remove("nonce");
        }
    });
    skald_table::Table::from_records(skald_systems::REGISTRY, records.clone()).unwrap();
    let report = verify(skald_systems::REGISTRY, &records, Some(&head));
    assert!(report.ok(), "{report:?}");
    let uncommitted: Vec<(u64, &str)> = report
        .uncommitted
        .iter()
        .map(|f| (f.seq, f.message.as_str()))
        .collect();
    assert_eq!(
        uncommitted,
        [
            (
                8,
                "a whisper written before whispers carried a commitment: its words are not under the hash chain"
            ),
            (
                9,
                "a whisper written before whispers carried a commitment: its words are not under the hash chain"
            ),
            (
                10,
                "a note written before notes carried a commitment: its words are not under the hash chain"
            ),
        ]
    );
}

#[test]
fn a_recomputed_chain_is_caught_by_a_kept_head_and_only_by_it() {
    // What people read, changed with the chain recomputed: each is as consistent as an honest log
    // (nothing to find without a head kept before), and a mismatch with one.
    let play = played();
    let honest = play.export(ANN);
    let kept = play.table.head().to_owned();
    type Edit = fn(&mut Vec<Value>);
    let cases: [(&str, Edit); 9] = [
        ("notation", |j| {
            // 3d6+2 -> 3d6+9, its total and text adjusted.
            let body = &mut j[5]["body"];
            body["notation"] = json!("3d6 + 9");
            let total = body["total"].as_i64().unwrap() + 7;
            body["total"] = json!(total);
            let text = body["text"].as_str().unwrap().to_owned();
            let (dice, _) = text.rsplit_once(" = ").unwrap();
            let dice = dice
                .replacen("3d6 + 2", "3d6 + 9", 1)
                .replace("2 [2]", "9 [9]");
            body["text"] = json!(format!("{dice} = {total}"));
        }),
        ("label", |j| j[5]["body"]["label"] = json!("jump")),
        ("who rolled", |j| j[5]["body"]["by"] = json!({"player": 2})),
        ("talk", |j| j[6]["body"]["text"] = json!("goodbye")),
        ("name", |j| j[1]["body"]["name"] = json!("Eve")),
        ("title", |j| j[0]["body"]["title"] = json!("Another table")),
        ("time", |j| j[6]["at_ms"] = json!(9_999)),
        ("cut", |j| {
            j.truncate(11);
        }),
        ("cut two", |j| {
            j.truncate(10);
        }),
    ];
    for (what, edit) in cases {
        let (records, head) = forged(&honest, &edit);
        let report = verify(skald_systems::REGISTRY, &records, Some(&head));
        assert!(report.ok(), "{what}: {report:?}");
        assert_eq!(report.kept, Kept::NotGiven, "{what}");
        let report = verify_kept(skald_systems::REGISTRY, &records, Some(&head), Some(&kept));
        assert_eq!(report.kept, Kept::Unknown, "{what}");
        let last = u64::try_from(records.len()).unwrap();
        assert_eq!(
            mismatches(&report),
            [(last, REWRITTEN.to_owned())],
            "{what}"
        );
    }
}

#[test]
fn a_head_kept_earlier_names_the_record_it_matches() {
    let mut play = played();
    let kept = play.table.head().to_owned();
    play.records(ANN, json!({"do": "say", "text": "later"}));
    play.records(ANN, json!({"do": "roll", "notation": "1d6"}));
    let head = play.table.head().to_owned();
    // Upper case, with spaces around, is the same head.
    let given = format!(" {} ", kept.to_uppercase());
    let report = verify_kept(
        skald_systems::REGISTRY,
        &play.export(BOB),
        Some(&head),
        Some(&given),
    );
    assert!(report.ok(), "{report:?}");
    assert_eq!(report.kept, Kept::Matches { seq: 12, since: 2 });
    // A record before the kept one changed, the chain recomputed: the kept head is no longer in it.
    let (records, head) = forged(&play.export(BOB), &|j| j[6]["body"]["text"] = json!("bye"));
    let report = verify_kept(skald_systems::REGISTRY, &records, Some(&head), Some(&kept));
    assert_eq!(report.kept, Kept::Unknown);
    // One after it changed: the kept head still holds for what it covers.
    let (records, head) = forged(&play.export(BOB), &|j| j[12]["body"]["text"] = json!("bye"));
    let report = verify_kept(skald_systems::REGISTRY, &records, Some(&head), Some(&kept));
    assert_eq!(report.kept, Kept::Matches { seq: 12, since: 2 });
}

#[test]
fn a_command_whose_dice_were_taken_out_is_a_mismatch() {
    // Ann's action rolls dice; the attacker removes its roll (and odds) and recomputes the chain.
    let mut play = Play::new("chi", true);
    play.records(ANN, json!({"do": "enroll", "character": {"line": RAGNAR}}));
    play.records(
        ANN,
        json!({"do": "action", "who": "Ragnar", "spend": 3, "difficulty": 2}),
    );
    play.records(GM, json!({"do": "end_epoch"}));
    let (records, head) = forged(&play.export(ANN), &|j| {
        let body = j[4]["body"].as_object_mut().unwrap();
        body.insert("roll".into(), Value::Null);
        body.remove("odds");
    });
    assert_eq!(
        mismatches(&verify(skald_systems::REGISTRY, &records, Some(&head))),
        [(
            5,
            "the record lists 0 dice but the rules drew 5 replaying its command".to_owned()
        )]
    );
}

#[test]
fn a_field_skald_does_not_write_is_found() {
    let play = played();
    let mut json: Vec<Value> = play
        .export(ANN)
        .iter()
        .map(|r| serde_json::to_value(r).unwrap())
        .collect();
    json[5]["body"]["extra"] = json!("the dice were loaded");
    json[5]["body"]["roll"]["draws"][0]["why"] = json!(1);
    json[6]["note"] = json!(null);
    let (records, unknown) = read_records(&json).unwrap();
    assert_eq!(records.len(), 12);
    let found: Vec<(u64, String)> = unknown.into_iter().map(|f| (f.seq, f.message)).collect();
    let says = |path: &str| {
        format!("a field \"{path}\" Skald does not write: the record's hash does not cover it")
    };
    assert_eq!(
        found,
        [
            (6, says("body.extra")),
            (6, says("body.roll.draws.0.why")),
            (7, says("note")),
        ]
    );
    // The honest export has none; a record that is no record is refused, named by its place.
    let honest: Vec<Value> = play
        .export(ANN)
        .iter()
        .map(|r| serde_json::to_value(r).unwrap())
        .collect();
    assert!(read_records(&honest).unwrap().1.is_empty());
    let refused = read_records(&[json!({"seq": 1})]).unwrap_err();
    assert_eq!(refused.seq, 1);
    assert!(
        refused
            .message
            .starts_with("record 1 of the export is not a record Skald writes"),
        "{}",
        refused.message
    );
}

#[test]
fn a_request_or_answer_whose_words_were_rewritten_is_a_mismatch() {
    // By default a player's numbers wait for the GM: Ann proposes Difficulty 1, the GM sets 2.
    let mut play = Play::new("chi", false);
    play.agreed(ANN, json!({"do": "enroll", "character": {"line": RAGNAR}}));
    let asked = play.records(
        ANN,
        json!({"do": "action", "who": "Ragnar", "spend": 2, "difficulty": 1}),
    );
    let request = asked[0].seq;
    play.records(
        GM,
        json!({"do": "answer", "request": request, "values": {"difficulty": 2}}),
    );
    let honest = play.export(BOB);
    let Body::Requested { lines, .. } = &honest[request as usize - 1].body else {
        panic!("{:?}", honest[request as usize - 1].body)
    };
    assert!(lines.iter().any(|l| l.contains("Difficulty")), "{lines:?}");
    let Body::Answered { lines, .. } = &honest[request as usize].body else {
        panic!("{:?}", honest[request as usize].body)
    };
    assert_eq!(
        lines,
        &[
            "answered Ann's request: Ragnar: act against a Difficulty",
            "Difficulty: 2"
        ]
    );
    assert!(verify(skald_systems::REGISTRY, &honest, Some(play.table.head())).ok());
    let at = request as usize - 1;
    let (records, head) = forged(&honest, &|j| {
        j[at]["body"]["lines"][1] = json!("proposed: Difficulty: 4");
    });
    assert_eq!(
        mismatches(&verify(skald_systems::REGISTRY, &records, Some(&head))),
        [(
            request,
            "the request's words are not what the table says of its command (rewritten?)"
                .to_owned()
        )]
    );
    let (records, head) = forged(&honest, &|j| {
        j[at + 1]["body"]["lines"][1] = json!("Difficulty: 1");
    });
    assert_eq!(
        mismatches(&verify(skald_systems::REGISTRY, &records, Some(&head))),
        [(
            request + 1,
            "the answer's words are not what the table says of its values (rewritten?)".to_owned()
        )]
    );
    // A log written before answers named their request (the values' words only) verifies.
    let (records, head) = forged(&honest, &|j| {
        j[at + 1]["body"]["lines"] = json!(["Difficulty: 2"]);
    });
    assert!(mismatches(&verify(skald_systems::REGISTRY, &records, Some(&head))).is_empty());
    // A decline's reason is under the same check.
    play.records(
        ANN,
        json!({"do": "action", "who": "Ragnar", "spend": 2, "difficulty": 1}),
    );
    let second = play.table.last_seq();
    play.records(
        GM,
        json!({"do": "withdraw", "request": second, "reason": "not now"}),
    );
    let honest = play.export(BOB);
    assert!(verify(skald_systems::REGISTRY, &honest, Some(play.table.head())).ok());
    let (records, head) = forged(&honest, &|j| {
        j[second as usize]["body"]["lines"][1] = json!("why: never");
    });
    assert_eq!(
        mismatches(&verify(skald_systems::REGISTRY, &records, Some(&head))),
        [(
            second + 1,
            "the withdrawal's words are not what the table says of it (rewritten?)".to_owned()
        )]
    );
}

#[test]
fn a_sealed_allocation_is_checked_against_the_command_that_committed_it() {
    let mut play = Play::new("chi", true);
    play.records(ANN, json!({"do": "enroll", "character": {"line": RAGNAR}}));
    play.records(BOB, json!({"do": "enroll", "character": {"line": DIRK}}));
    play.records(
        GM,
        json!({"do": "secret_open", "opposed": [{"actor": {"who": "Ragnar"}, "defender": {"who": "Capt. Dirk Rednova"}}]}),
    );
    let committed = play.records(ANN, json!({"do": "allocate", "who": "Ragnar", "spend": 4}));
    let at = usize::try_from(committed[0].seq).unwrap() - 1;
    let head = play.table.head().to_owned();
    let report = verify(skald_systems::REGISTRY, &play.export(ANN), Some(&head));
    assert!(report.ok(), "{report:?}");
    assert_eq!(report.secrets_checked, 1);
    let mut records = play.export(ANN);
    let Some(Secret {
        body: SecretBody::Allocation { spend, .. },
        ..
    }) = &mut records[at].secret
    else {
        panic!("{:?}", records[at].secret)
    };
    *spend = 2;
    assert_eq!(
        mismatches(&verify(skald_systems::REGISTRY, &records, Some(&head))),
        [(
            committed[0].seq,
            "the allocation kept as its player's secret is not what the committed command seals: its dice or salt were changed".to_owned()
        )]
    );
}

#[test]
fn a_seat_or_a_voice_that_could_not_have_been_is_a_mismatch() {
    let mut play = Play::new("chi", true);
    play.records(ANN, json!({"do": "enroll", "character": {"line": RAGNAR}}));
    play.records(BOB, json!({"do": "enroll", "character": {"line": DIRK}}));
    play.records(
        ANN,
        json!({"do": "say", "text": "Over the wall!", "as": "Ragnar"}),
    );
    let honest = play.export(BOB);
    assert!(verify(skald_systems::REGISTRY, &honest, Some(play.table.head())).ok());
    // Ann's words put in Dirk's mouth, the chain recomputed.
    let (records, head) = forged(&honest, &|j| {
        j[5]["body"]["as"] = json!("Capt. Dirk Rednova");
    });
    assert_eq!(
        mismatches(&verify(skald_systems::REGISTRY, &records, Some(&head))),
        [(
            6,
            "said as \"Capt. Dirk Rednova\", who is not one of the speaker's characters then"
                .to_owned()
        )]
    );
    // Bob's seat numbered 3.
    let (records, head) = forged(&honest, &|j| j[2]["body"]["player"] = json!(3));
    let found = mismatches(&verify(skald_systems::REGISTRY, &records, Some(&head)));
    assert_eq!(
        found[0],
        (3, "seats player 3, but the next seat is 2".to_owned())
    );
}

#[test]
fn a_log_of_an_earlier_edition_of_the_words_verifies_and_lists_its_reworded_lines() {
    // A table made now records the edition of its words; an older log has none (edition 0).
    let play = played();
    let honest = play.export(GM);
    let Body::Created { wording, .. } = &honest[0].body else {
        panic!("{:?}", honest[0].body)
    };
    assert_eq!(*wording, skald_table::WORDING);
    // The same log, its enrolment's line as an earlier Skald might have worded it.
    let enrolled = honest
        .iter()
        .position(|r| matches!(&r.body, Body::Command { lines, .. } if !lines.is_empty()))
        .unwrap();
    let seq = honest[enrolled].seq;
    let reword = |edition: Option<u32>| {
        forged(&honest, &move |j| {
            j[enrolled]["body"]["lines"][0] = json!("Ragnar joins the table (worded before)");
            let created = j[0]["body"].as_object_mut().unwrap();
            match edition {
                Some(n) => created.insert("wording".into(), json!(n)),
                None => created.remove("wording"),
            };
        })
    };
    // Made under this edition: a changed line is a mismatch.
    let (records, head) = reword(Some(skald_table::WORDING));
    assert_eq!(
        mismatches(&verify(skald_systems::REGISTRY, &records, Some(&head))),
        [(
            seq,
            "the report lines are not what the rules say of its events (rewritten?)".to_owned()
        )]
    );
    // Made before editions were counted: listed, not a mismatch; its events and dice still checked.
    let (records, head) = reword(None);
    let report = verify(skald_systems::REGISTRY, &records, Some(&head));
    assert!(report.ok(), "{report:?}");
    assert_eq!(
        report.reworded.iter().map(|f| f.seq).collect::<Vec<_>>(),
        [seq]
    );
    assert!(report.rolls_verified > 0, "{report:?}");
}
