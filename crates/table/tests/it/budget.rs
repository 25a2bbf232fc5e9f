//! The table's budgets (issue 30): bytes per player's seat, bytes per table with room kept for
//! the GM, and records per seat per hour; each refusal says what is used, the limit and what to do.
#![allow(clippy::unwrap_used)]

use serde_json::json;
use skald_table::budget::{in_words, stored_bytes};
use skald_table::limits::{GM_ROOM, SEAT_BYTES, SEAT_RECORDS_PER_HOUR, TABLE_BYTES};
use skald_table::{Actor, ErrorKind};

use crate::play;
use play::{ANN, BOB, GM, Play};

/// The largest roll the table takes: 10,000 dice of a million sides (about 520 KB of record).
fn largest() -> serde_json::Value {
    json!({"do": "roll", "notation": "10000d1000000"})
}

#[test]
fn a_player_past_the_seat_budget_is_refused_and_the_others_play_on() {
    let mut play = Play::new("chi", true);
    let mut rolls = 0;
    while play.table.bytes(ANN).1 < SEAT_BYTES {
        let records = play.records(ANN, largest());
        assert!(stored_bytes(&records[0]) > 500_000);
        rolls += 1;
    }
    // Every roll is kept whole: the one that crossed the budget was taken, the next is refused.
    assert_eq!(rolls, 16);
    let used = play.table.bytes(ANN).1;
    assert!((SEAT_BYTES..SEAT_BYTES + 600_000).contains(&used), "{used}");
    assert_eq!(
        play.refusal(ANN, json!({"do": "roll", "notation": "1d6"})),
        format!(
            "your records at this table take {}, and a seat may make 8 MB of records at one \
             table: ask the GM to start a new table (every die rolled is kept, so a roll of \
             thousands of dice takes hundreds of KB)",
            in_words(used)
        )
    );
    assert_eq!(in_words(used), "8.3 MB");
    // Talk is a record like any other.
    assert!(matches!(
        play.refused(ANN, json!({"do": "say", "text": "hello"})),
        ErrorKind::SeatBytes { .. }
    ));
    // Bob and the GM are not held back by Ann's records.
    play.records(BOB, json!({"do": "roll", "notation": "2d6"}));
    play.records(GM, json!({"do": "note", "text": "Ann rolled a lot"}));
    // The table's count is every record's, the seats' each its own.
    let total: u64 = play.table.records().iter().map(stored_bytes).sum();
    assert_eq!(play.table.bytes(GM).0, total);
    assert!(play.table.bytes(BOB).1 < 10_000);
}

#[test]
fn the_players_never_take_the_gms_room_and_the_gm_fills_the_table_last() {
    let mut play = Play::new("chi", true);
    let names = ["Cy", "Di", "Ed", "Fa", "Gu", "Ha"];
    for name in names {
        let joined = play.table.join(name, 2_500).unwrap();
        play.table.apply(joined).unwrap();
    }
    let players: Vec<Actor> = (1..=8).map(Actor::Player).collect();
    let full = 'filling: loop {
        for &player in &players {
            match play.try_act(player, largest()) {
                Ok(_) => {}
                Err(e) => break 'filling (player, e),
            }
        }
    };
    let (player, error) = full;
    let used = play.table.bytes(GM).0;
    assert!(used >= TABLE_BYTES - GM_ROOM, "{used}");
    assert!(play.table.bytes(player).1 < SEAT_BYTES);
    assert_eq!(
        error.to_string(),
        format!(
            "this table's records take {}, and the players' records may take 62 MB (the rest is \
             kept for the GM): the GM can export the log and start a new table",
            in_words(used)
        )
    );
    // A new player is refused a seat too, and the GM still writes, up to the whole table.
    assert!(matches!(
        play.table.join("Io", 9_000).unwrap_err().kind(),
        ErrorKind::TableBytes { gm: false, .. }
    ));
    while play.table.bytes(GM).0 < TABLE_BYTES {
        play.records(GM, largest());
    }
    let used = play.table.bytes(GM).0;
    assert_eq!(
        play.refusal(GM, json!({"do": "note", "text": "full"})),
        format!(
            "this table's records take {}, and a table holds 64 MB of records: the GM can export \
             the log and start a new table",
            in_words(used)
        )
    );
}

#[test]
fn a_seat_makes_at_most_its_records_an_hour_by_the_logs_times() {
    let mut play = Play::new("chi", true);
    let roll = || json!({"do": "roll", "notation": "1d6"});
    // Ann's seat made one record as she sat down (t = 2 s); then one roll a second from t = 10 s.
    for i in 0..SEAT_RECORDS_PER_HOUR - 1 {
        let at = 10_000 + 1_000 * i64::try_from(i).unwrap();
        play.try_act_at(ANN, roll(), at).unwrap();
    }
    let now = 1_009_000;
    let before = play.table.last_seq();
    let error = play.try_act_at(ANN, roll(), now).unwrap_err();
    assert_eq!(play.table.last_seq(), before);
    // Her first record (t = 2 s) is an hour old after t = 3,602 s: 2,593 s from now, 44 minutes.
    assert_eq!(
        error.to_string(),
        "your seat has made 1000 records in the last hour, the most a seat makes in an hour: \
         wait 44 minutes before the next"
    );
    // Bob and the GM are not counted with Ann; Ann acts again once the first is an hour old.
    play.try_act_at(BOB, roll(), now).unwrap();
    play.try_act_at(GM, roll(), now).unwrap();
    assert!(play.try_act_at(ANN, roll(), 3_601_999).is_err());
    play.try_act_at(ANN, roll(), 3_602_000).unwrap();
    assert!(play.try_act_at(ANN, roll(), 3_602_001).is_err());
}

/// A player past its budget still commits and reveals: a secret roll waits on every commitment
/// and reveal and cannot be called off once anyone revealed, so a seat that filled its budget
/// meanwhile (as the fresh attacker of issue 30 did, with sixteen rolls of `10000d1000000`
/// between the GM's reveal and its own) would otherwise stop the table for good.
#[test]
fn a_player_past_its_budget_still_commits_and_reveals_so_no_secret_roll_is_stuck() {
    let mut play = Play::new("chi", true);
    play.records(
        ANN,
        json!({"do": "enroll", "character": {"line": skald_testkit::sheets::RAGNAR}}),
    );
    play.records(
        GM,
        json!({"do": "enroll", "character": {"line": "Grok, big, mean, and ugly orc6"}}),
    );
    play.records(
        GM,
        json!({"do": "secret_open", "opposed": [{"actor": {"who": "Ragnar"}, "defender": {"who": "Grok"}}]}),
    );
    play.records(GM, json!({"do": "allocate", "who": "Grok", "spend": 2}));
    while play.table.bytes(ANN).1 < SEAT_BYTES {
        play.records(ANN, largest());
    }
    assert!(matches!(
        play.refused(ANN, json!({"do": "say", "text": "hello"})),
        ErrorKind::SeatBytes { .. }
    ));
    play.records(ANN, json!({"do": "allocate", "who": "Ragnar", "spend": 3}));
    play.records(GM, json!({"do": "secret_reveal", "who": "Grok"}));
    play.records(ANN, json!({"do": "secret_reveal", "who": "Ragnar"}));
    play.records(GM, json!({"do": "secret_roll"}));
    // The budget still holds for everything else.
    assert!(matches!(
        play.refused(ANN, largest()),
        ErrorKind::SeatBytes { .. }
    ));
}
