//! Twenty conflicts played through the core's `Table`, with scripted dice (T2-T4).
#![allow(clippy::unwrap_used)]

use skald_core::{Scripted, Table};
use skald_twenty::{Command, Declaration, Sheet, SheetKind, Standing, Trait, Twenty};

fn sheet(name: &str, traits: &[(&str, u32)]) -> Sheet {
    Sheet {
        name: name.into(),
        kind: SheetKind::Npc,
        burdens: vec![],
        stats: Default::default(),
        keys: vec![],
        traits: traits.iter().map(|(n, b)| Trait::new(*n, *b)).collect(),
        equipment: vec![],
        gear: vec![],
    }
}

/// A table with `sides` seated and a conflict started between all of them.
fn table(sides: &[(&str, &[(&str, u32)])]) -> Table<Twenty> {
    let mut table = Table::<Twenty>::new(Default::default());
    for (name, traits) in sides {
        table
            .execute(
                Command::AddCharacter {
                    character: sheet(name, traits),
                },
                &mut Scripted::default(),
            )
            .unwrap();
    }
    let participants = sides
        .iter()
        .map(|(n, _)| Declaration {
            who: (*n).into(),
            goal: "win".into(),
            death_of: None,
        })
        .collect();
    table
        .execute(
            Command::StartConflict { participants },
            &mut Scripted::default(),
        )
        .unwrap();
    table
}

fn bring_in(table: &mut Table<Twenty>, who: &str, name: &str, dice: &[i64]) -> Result<(), String> {
    let command = Command::BringIn {
        who: who.into(),
        trait_name: name.into(),
        remove: Vec::new(),
    };
    table
        .execute(command, &mut Scripted::new(dice.to_vec()))
        .map(|_| ())
        .map_err(|e| e.to_string())
}

fn act(table: &mut Table<Twenty>, command: Command, dice: &[i64]) -> Result<(), String> {
    table
        .execute(command, &mut Scripted::new(dice.to_vec()))
        .map(|_| ())
        .map_err(|e| e.to_string())
}

fn stand(who: &str) -> Command {
    Command::Stand {
        who: who.into(),
        remove: Vec::new(),
    }
}

fn surrender(who: &str) -> Command {
    Command::Surrender { who: who.into() }
}

fn view(table: &Table<Twenty>) -> serde_json::Value {
    <Twenty as skald_core::System>::view(table.state())
}

fn standing(table: &Table<Twenty>, who: &str) -> Standing {
    table
        .state()
        .conflict
        .as_ref()
        .unwrap()
        .participant(who)
        .unwrap()
        .standing
}

#[test]
fn rolling_a_1_forces_a_stand_but_the_dice_count() {
    let mut t = table(&[
        ("A", &[("Axe", 3), ("Bow", 3)]),
        ("B", &[("Club", 2), ("Dart", 2)]),
    ]);
    bring_in(&mut t, "A", "Axe", &[1, 19, 4]).unwrap();
    assert_eq!(standing(&t, "A"), Standing::ForcedStand);
    assert_eq!(
        view(&t)["conflict"]["participants"]["A"]["pool"],
        serde_json::json!([19, 4, 1])
    );
    bring_in(&mut t, "B", "Club", &[7, 7]).unwrap();
    // Exchange 2: A may not come back.
    let err = bring_in(&mut t, "A", "Bow", &[5, 5, 5]).unwrap_err();
    assert!(err.contains("A was forced to stand"), "{err}");
    bring_in(&mut t, "B", "Dart", &[20, 2]).unwrap();
    assert_eq!(view(&t)["conflict"]["winning"], "B");
    // Exchange 3: B has nothing with 3 unchecked boxes left: forced, so the exchange ends with no dice.
    assert_eq!(view(&t)["conflict"]["ended"], true);
    assert_eq!(view(&t)["conflict"]["winner"], "B");
    assert_eq!(
        view(&t)["conflict"]["final_order"],
        serde_json::json!(["B", "A"])
    );
}

#[test]
fn standing_is_for_one_exchange_and_one_may_come_back() {
    let mut t = table(&[("A", &[("Axe", 3)]), ("B", &[("Club", 2), ("Dart", 2)])]);
    act(&mut t, stand("A"), &[]).unwrap();
    bring_in(&mut t, "B", "Club", &[3, 2]).unwrap();
    assert_eq!(view(&t)["conflict"]["exchange"], 2);
    bring_in(&mut t, "A", "Axe", &[9, 8, 7]).unwrap();
    let err = act(&mut t, stand("A"), &[]).unwrap_err();
    assert_eq!(
        err,
        "A has already acted in exchange 2; it waits for the others (T2)"
    );
    bring_in(&mut t, "B", "Dart", &[10, 2]).unwrap();
    assert_eq!(view(&t)["conflict"]["winning"], "B");
}

#[test]
fn everyone_standing_ends_the_conflict_and_the_highest_pool_wins() {
    let spare = ("Spare", 3);
    let mut t = table(&[
        ("A", &[("Axe", 3), spare]),
        ("B", &[("Club", 3), spare]),
        ("C", &[("Cane", 3), spare]),
    ]);
    bring_in(&mut t, "A", "Axe", &[15, 3, 2]).unwrap();
    bring_in(&mut t, "B", "Club", &[15, 3, 4]).unwrap();
    bring_in(&mut t, "C", "Cane", &[12, 12, 12]).unwrap();
    assert_eq!(
        view(&t)["conflict"]["order"],
        serde_json::json!(["B", "A", "C"])
    );
    for who in ["A", "B"] {
        act(&mut t, stand(who), &[]).unwrap();
    }
    assert_eq!(view(&t)["conflict"]["ended"], false);
    act(&mut t, stand("C"), &[]).unwrap();
    assert_eq!(view(&t)["conflict"]["winner"], "B");
    assert_eq!(
        view(&t)["conflict"]["final_order"],
        serde_json::json!(["B", "A", "C"])
    );
}

#[test]
fn a_final_tie_is_rolled_off_until_one_is_highest() {
    let spare = ("Spare", 3);
    let mut t = table(&[
        ("A", &[("Axe", 2), spare]),
        ("B", &[("Club", 2), spare]),
        ("C", &[("Cane", 2), spare]),
    ]);
    bring_in(&mut t, "A", "Axe", &[15, 3]).unwrap();
    bring_in(&mut t, "B", "Club", &[3, 15]).unwrap();
    bring_in(&mut t, "C", "Cane", &[14, 14]).unwrap();
    assert_eq!(view(&t)["conflict"]["winning"], serde_json::Value::Null);
    act(&mut t, stand("A"), &[]).unwrap();
    act(&mut t, stand("B"), &[]).unwrap();
    // Only A and B are tied at the top; their roll-offs: 9 vs 9, then 4 vs 11.
    let err = act(&mut t, stand("C"), &[9, 9]).unwrap_err();
    assert!(err.contains("the scripted dice ran out"), "{err}");
    assert_eq!(
        view(&t)["conflict"]["ended"],
        false,
        "a refused command changes nothing"
    );
    act(&mut t, stand("C"), &[9, 9, 4, 11]).unwrap();
    assert_eq!(view(&t)["conflict"]["winner"], "B");
    assert_eq!(
        view(&t)["conflict"]["final_order"],
        serde_json::json!(["B", "A", "C"])
    );
}

#[test]
fn surrender_at_any_time_and_the_surrendered_narrate_last_most_recent_first() {
    let mut t = table(&[
        ("A", &[("Axe", 3)]),
        ("B", &[("Club", 3)]),
        ("C", &[("Cane", 3)]),
    ]);
    bring_in(&mut t, "A", "Axe", &[5, 5, 5]).unwrap();
    act(&mut t, surrender("C"), &[]).unwrap();
    act(&mut t, surrender("A"), &[]).unwrap();
    let v = view(&t);
    assert_eq!(v["conflict"]["winner"], "B");
    assert_eq!(
        v["conflict"]["final_order"],
        serde_json::json!(["B", "A", "C"])
    );
    let err = act(&mut t, surrender("B"), &[]).unwrap_err();
    assert_eq!(err, "no conflict is in progress");
}

#[test]
fn nothing_eligible_at_the_start_forces_a_stand() {
    let mut t = table(&[("A", &[("Axe", 1)]), ("B", &[("Club", 2)])]);
    bring_in(&mut t, "A", "Axe", &[20]).unwrap();
    bring_in(&mut t, "B", "Club", &[19, 18]).unwrap();
    // Exchange 2: A's Axe is used, B's Club is used: both forced, the conflict ends.
    let v = view(&t);
    assert_eq!(v["conflict"]["winner"], "A");
    assert_eq!(
        v["conflict"]["participants"]["B"]["standing"],
        "forced_stand"
    );
}

#[test]
fn refusals_name_what_is_wrong() {
    let mut t = table(&[("A", &[("Axe", 2)]), ("B", &[("Club", 2)])]);
    let err = bring_in(&mut t, "A", "Sword", &[]).unwrap_err();
    assert_eq!(
        err,
        "A has no trait, stat or special item named \"Sword\" (has: Axe)"
    );
    let err = bring_in(&mut t, "Z", "Axe", &[]).unwrap_err();
    assert_eq!(err, "Z is not taking part in this conflict");
    let err = bring_in(&mut t, "A", "Axe", &[21, 3]).unwrap_err();
    assert_eq!(err, "dice: scripted die 1 is 21, but a d20 shows 1 to 20");
    let err = act(
        &mut t,
        Command::StartConflict {
            participants: vec![],
        },
        &[],
    )
    .unwrap_err();
    assert_eq!(
        err,
        "a conflict is already in progress (exchange 1); it must end first"
    );
}

#[test]
fn undo_takes_back_the_last_command_and_its_bookkeeping() {
    let mut t = table(&[("A", &[("Axe", 2)]), ("B", &[("Club", 2), ("Cane", 2)])]);
    bring_in(&mut t, "A", "Axe", &[5, 6]).unwrap();
    let before = t.state().clone();
    bring_in(&mut t, "B", "Club", &[7, 8]).unwrap();
    assert_eq!(view(&t)["conflict"]["exchange"], 2);
    t.undo().unwrap();
    assert_eq!(t.state(), &before);
    assert_eq!(view(&t)["characters"]["B"]["traits"]["Club"]["checked"], 0);
}

/// The view says how a conflict ended: after which exchange and whether everyone had to stand or
/// some stood by choice (T2, T4), not the number of the exchange that brought in nothing.
#[test]
fn the_end_says_after_which_exchange_and_why() {
    use serde_json::json;
    // Exchange 2 begins with nothing left with 2 unchecked boxes on either side: both must stand,
    // and the exchange ends with no dice (T2, T4).
    let mut t = table(&[("A", &[("Axe", 1)]), ("B", &[("Club", 1)])]);
    bring_in(&mut t, "A", "Axe", &[12]).unwrap();
    assert_eq!(view(&t)["conflict"]["end"], json!(null));
    bring_in(&mut t, "B", "Club", &[9]).unwrap();
    assert_eq!(
        view(&t)["conflict"]["end"],
        json!({"how": "no_dice", "exchange": 2, "forced": true})
    );
    // B must stand in exchange 2, A stands by choice: not everyone had to.
    let mut t = table(&[("A", &[("Axe", 1), ("Bow", 2)]), ("B", &[("Club", 1)])]);
    bring_in(&mut t, "A", "Axe", &[12]).unwrap();
    bring_in(&mut t, "B", "Club", &[9]).unwrap();
    act(&mut t, stand("A"), &[]).unwrap();
    assert_eq!(
        view(&t)["conflict"]["end"],
        json!({"how": "no_dice", "exchange": 2, "forced": false})
    );
    // A surrender leaves one side in, in the exchange it came.
    let mut t = table(&[("A", &[("Axe", 3)]), ("B", &[("Club", 3)])]);
    act(&mut t, surrender("B"), &[]).unwrap();
    assert_eq!(
        view(&t)["conflict"]["end"],
        json!({"how": "left_in", "exchange": 1, "winner": "A"})
    );
}

/// The view lists every exchange of the conflict with what each side did in it, in the order the
/// sides were declared: dice brought in, stands by choice and forced, burdens taken and the dice
/// they discarded (T2, T5); and a pool emptied by a burden says so.
#[test]
fn every_exchange_lists_what_each_side_did() {
    use serde_json::json;
    let mut t = table(&[("A", &[("Axe", 1), ("Bow", 2)]), ("B", &[("Club", 1)])]);
    bring_in(&mut t, "A", "Axe", &[8]).unwrap();
    bring_in(&mut t, "B", "Club", &[15]).unwrap();
    // A takes a burden from B: B discards its 15, above A's 8 (T5); the d20 picks the stat.
    let take = Command::TakeBurden {
        who: "A".into(),
        from: "B".into(),
        boxes: 1,
        name: "Bruised ribs".into(),
    };
    act(&mut t, take, &[3]).unwrap();
    let conflict = &view(&t)["conflict"];
    assert_eq!(conflict["participants"]["B"]["pool"], json!([]));
    assert_eq!(conflict["participants"]["B"]["discarded"], true);
    assert_eq!(conflict["participants"]["A"]["discarded"], false);
    act(&mut t, stand("A"), &[]).unwrap();
    assert_eq!(
        view(&t)["conflict"]["exchanges"],
        json!([
            {"number": 1, "sides": [
                {"who": "A", "steps": [
                    {"exchange": 1, "kind": "brought_in", "trait": "Axe", "dice": [8]}]},
                {"who": "B", "steps": [
                    {"exchange": 1, "kind": "brought_in", "trait": "Club", "dice": [15]}]}]},
            {"number": 2, "sides": [
                {"who": "A", "steps": [
                    {"exchange": 2, "kind": "took_burden", "from": "B", "name": "Bruised ribs", "boxes": [15]},
                    {"exchange": 2, "kind": "stood"}]},
                {"who": "B", "steps": [
                    {"exchange": 2, "kind": "forced_to_stand", "reason": "nothing_eligible"},
                    {"exchange": 2, "kind": "discarded", "by": "A", "dice": [15]}]}]}
        ])
    );
}
