#![allow(clippy::unwrap_used, clippy::expect_used)]
//! The moves an online table offers each seat (`Freelancer::moves`) and the exact odds before a roll
//! (`Freelancer::odds`), on states folded from commands as the scenarios play them: the book's guard,
//! boulder, arm wrestlers and ambush (rulings F1-F8). Moves and odds are compared as snapshots in
//! the test kit's sketch (`UPDATE_EXPECT=1 cargo test` rewrites them).

use serde_json::{Value, json};
use skald_core::{Authority, FieldKind, Move, Scripted, Seat, System, Table};
use skald_freelancer::rules::initiative::scale;
use skald_freelancer::rules::task_check::outcome;
use skald_freelancer::{Band, Outcome};
use skald_freelancer::{Command, Freelancer, Options, State};
use skald_testkit::form;

use crate::common;
use skald_testkit::{
    Expect, check, expect, gm, newcomer, player, sheets, sketch, sketch_move, sketch_odds,
};

/// The state after `steps` (scenario steps as JSON, each with its dice; each must be accepted) at a
/// table with `options`.
fn play(options: Value, steps: &[(Value, Vec<i64>)]) -> State {
    let mut t = Table::<Freelancer>::new(serde_json::from_value::<Options>(options).unwrap());
    for (step, dice) in steps {
        let command: Command = serde_json::from_value(step.clone()).unwrap();
        t.execute(command, &mut Scripted::new(dice.clone()))
            .unwrap_or_else(|e| panic!("{step}: {e}"));
    }
    t.state().clone()
}

fn enroll(sheet: Value) -> (Value, Vec<i64>) {
    (json!({"do": "enroll", "character": sheet}), vec![])
}

fn step(command: Value, dice: &[i64]) -> (Value, Vec<i64>) {
    (command, dice.to_vec())
}

/// The moves `seat` is offered in `state`, sketched; a character builder by its first line only
/// (the builders are sketched whole in `the_builders_for_a_player_and_the_gm`).
fn offered(state: &State, seat: &Seat) -> String {
    Freelancer::moves(state, seat)
        .iter()
        .map(|m| {
            if m.sheet.is_some() {
                let head = sketch_move(m);
                let first = head.lines().next().unwrap_or_default();
                format!("{first} (builder, {} blanks)\n", m.fields.len())
            } else {
                sketch_move(m)
            }
        })
        .collect()
}

// ----- states -----

/// The book's guard: Ash (CHM 27) and the guard's Encounter Sheet (WIL 56).
fn guard() -> State {
    play(json!({}), &[enroll(sheets::ash()), enroll(sheets::guard())])
}

/// The lobby's choice of stat formulas with the given label's value (F8).
fn formulas_option(label_starts: &str) -> Value {
    let field = Freelancer::option_fields()
        .into_iter()
        .find(|f| f.name == "formulas")
        .expect("a formulas option");
    let FieldKind::Choice { options, .. } = field.kind else {
        panic!("a choice")
    };
    options
        .into_iter()
        .find(|c| c.label.starts_with(label_starts))
        .map(|c| c.value)
        .expect("the option")
}

/// A table made with Skald's starting formulas from the lobby: Ash with the six attributes only,
/// and the guard's Encounter Sheet.
fn formulas() -> State {
    play(
        json!({"formulas": formulas_option("Skald's starting set")}),
        &[
            enroll(
                json!({"name": "Ash", "ratings": {"MIT": 12, "VIG": 8, "ALC": 15, "INT": 10, "MRL": 9, "LCK": 12}}),
            ),
            enroll(sheets::guard()),
        ],
    )
}

/// The book's boulder and arm wrestlers: Ash (LFT 42, LCK 3), Brom (LFT 915) and Cy (LFT 71, LCK 9,
/// 2 AP, a Scout).
fn lifters() -> State {
    play(
        json!({}),
        &[
            enroll(json!({"name": "Ash", "ratings": {"LFT": 42, "LCK": 3}})),
            enroll(json!({"name": "Brom", "ratings": {"LFT": 915}})),
            enroll(
                json!({"name": "Cy", "ap": 2, "vocation": "Scout", "ratings": {"LFT": 71, "LCK": 9}}),
            ),
        ],
    )
}

/// The ambush at the ford (examples/freelancer/ambush-event.toml) up to `upto` of its steps after the
/// enrolments.
fn ambush(upto: usize) -> State {
    let mut steps = vec![
        enroll(json!({"name": "Ash", "ratings": {"ALC": 15, "SPD": 1248, "LCK": 12}})),
        enroll(json!({"name": "Mara", "ratings": {"ALC": 150348, "SPD": 204000, "LCK": 31}})),
        enroll(
            json!({"name": "Tobin", "vocation": "Scout", "ap": 3, "ratings": {"ALC": 0, "SPD": 25, "LCK": 18}}),
        ),
    ];
    let rest = [
        step(
            json!({"do": "start_event", "name": "ambush at the ford", "who": ["Ash", "Mara", "Tobin"]}),
            &[],
        ),
        step(json!({"do": "initiative"}), &[100, 100, 25]),
        step(json!({"do": "divide", "who": "Mara", "actions": 3}), &[]),
        step(json!({"do": "divide", "who": "Ash", "actions": 2}), &[]),
        step(json!({"do": "act", "who": "Mara", "empty": 2}), &[]),
        step(json!({"do": "act", "who": "Ash", "full": 2}), &[]),
        step(json!({"do": "act", "who": "Tobin"}), &[]),
        step(json!({"do": "declare_total_action", "who": "Tobin"}), &[]),
        step(json!({"do": "initiative"}), &[60, 52]),
    ];
    steps.extend(rest.into_iter().take(upto));
    play(json!({}), &steps)
}

// ----- moves offered -----

#[test]
fn the_guard_table_for_the_player_and_the_gm() {
    let state = guard();
    check(
        offered(&state, &player(&["Ash"])),
        expect![[r#"
            Checks | Ash: task check | {"do":"task_check","who":"Ash"} | odds
              rating: one of
                - Charisma (CHM) 27 = "CHM"
              difficulty: text, at most 48, starting at "50"
              adjust: list of 0..=8 entries, 0 at first
                  factor: text, at most 16
                  reason: text, at most 200
              against: text, at most 64
            Checks | Ash: task check against an NPC | {"do":"task_check","who":"Ash"} | odds
              rating: one of
                - Charisma (CHM) 27 = "CHM"
              opponent: one of ["Guard"]
              opponent_rating: one of
                - Willpower (WIL): Guard 56 = "WIL"
              adjust: list of 0..=8 entries, 0 at first
                  factor: text, at most 16
                  reason: text, at most 200
            Checks | Ash: task check on a Talent or another number | {"do":"task_check","who":"Ash"} | odds
              rating: text, at most 48
              difficulty: text, at most 48, starting at "50"
              adjust: list of 0..=8 entries, 0 at first
                  factor: text, at most 16
                  reason: text, at most 200
              against: text, at most 64
            Checks | Ash: plain chance | {"do":"chance_check","who":"Ash"} | odds
              chance: number 0..=100, default 50
              against: text, at most 64
            Dice | Roll dice | {"do":"roll_die"} | odds
              who: one of ["Ash"]
              die: one of
                - d4 (4 is a Crit, 1 a Botch) = 4
                - d6 (6 is a Crit, 1 a Botch) = 6
                - d8 (8 is a Crit, 1 a Botch) = 8
                - d10 (10 is a Crit, 1 a Botch) = 10
                - d12 (12 is a Crit, 1 a Botch) = 12
                - d20 (20 is a Crit, 1 a Botch) = 20
              count: number 1..=20, default 1
              what: text, at most 64
            Characters | Create a character | {"character":{"kind":"pc"},"do":"enroll"} (builder, 28 blanks)
        "#]],
    );
    // The GM acts for the guard too (a task check of its own; no NPC to check against but itself),
    // and has the GM's moves; no event: nobody has ALC and SPD.
    check(
        offered(&state, &gm()),
        expect![[r#"
            Checks | Ash: task check | {"do":"task_check","who":"Ash"} | odds
              rating: one of
                - Charisma (CHM) 27 = "CHM"
              difficulty: text, at most 48, starting at "50"
              adjust: list of 0..=8 entries, 0 at first
                  factor: text, at most 16
                  reason: text, at most 200
              against: text, at most 64
            Checks | Ash: task check against an NPC | {"do":"task_check","who":"Ash"} | odds
              rating: one of
                - Charisma (CHM) 27 = "CHM"
              opponent: one of ["Guard"]
              opponent_rating: one of
                - Willpower (WIL): Guard 56 = "WIL"
              adjust: list of 0..=8 entries, 0 at first
                  factor: text, at most 16
                  reason: text, at most 200
            Checks | Ash: task check on a Talent or another number | {"do":"task_check","who":"Ash"} | odds
              rating: text, at most 48
              difficulty: text, at most 48, starting at "50"
              adjust: list of 0..=8 entries, 0 at first
                  factor: text, at most 16
                  reason: text, at most 200
              against: text, at most 64
            Checks | Ash: plain chance | {"do":"chance_check","who":"Ash"} | odds
              chance: number 0..=100, default 50
              against: text, at most 64
            Checks | Guard: task check | {"do":"task_check","who":"Guard"} | odds
              rating: one of
                - Willpower (WIL) 56 = "WIL"
              difficulty: text, at most 48, starting at "50"
              adjust: list of 0..=8 entries, 0 at first
                  factor: text, at most 16
                  reason: text, at most 200
              against: text, at most 64
            Checks | Guard: task check on a Talent or another number | {"do":"task_check","who":"Guard"} | odds
              rating: text, at most 48
              difficulty: text, at most 48, starting at "50"
              adjust: list of 0..=8 entries, 0 at first
                  factor: text, at most 16
                  reason: text, at most 200
              against: text, at most 64
            Checks | Guard: plain chance | {"do":"chance_check","who":"Guard"} | odds
              chance: number 0..=100, default 50
              against: text, at most 64
            Dice | Roll dice | {"do":"roll_die"} | odds
              who: one of ["Ash", "Guard"]
              die: one of
                - d4 (4 is a Crit, 1 a Botch) = 4
                - d6 (6 is a Crit, 1 a Botch) = 6
                - d8 (8 is a Crit, 1 a Botch) = 8
                - d10 (10 is a Crit, 1 a Botch) = 10
                - d12 (12 is a Crit, 1 a Botch) = 12
                - d20 (20 is a Crit, 1 a Botch) = 20
              count: number 1..=20, default 1
              what: text, at most 64
            Dice | Roll dice for no one in particular | {"do":"roll_die"} | odds
              die: one of
                - d4 (4 is a Crit, 1 a Botch) = 4
                - d6 (6 is a Crit, 1 a Botch) = 6
                - d8 (8 is a Crit, 1 a Botch) = 8
                - d10 (10 is a Crit, 1 a Botch) = 10
                - d12 (12 is a Crit, 1 a Botch) = 12
                - d20 (20 is a Crit, 1 a Botch) = 20
              count: number 1..=20, default 1
              what: text, at most 64
            Growth | Award XP and AP | {"do":"award"}
              who: any of ["Ash"]
              xp: number 0..=1000000000000, default 10
              ap: number 0..=1000000000000, default 0
              reason: text, at most 200
            Growth | Level up | {"do":"level_up"}
              who: one of
                - Ash (level 1) = "Ash"
              reason: text, at most 200
            Growth | Set a rating | {"do":"set_rating"}
              who: one of ["Ash", "Guard"]
              rating: one of
                - Might (MIT) = "MIT"
                - Vigor (VIG) = "VIG"
                - Alacrity (ALC) = "ALC"
                - Intuition (INT) = "INT"
                - Morale (MRL) = "MRL"
                - Luck (LCK) = "LCK"
                - Health Points (HP) = "HP"
                - Technique Points (TP) = "TP"
                - Spirit Points (SP) = "SP"
                - Lifting Power (LFT) = "LFT"
                - Striking Power (STR) = "STR"
                - Physical Defense (PHD) = "PHD"
                - Magical Defense (MD) = "MD"
                - Jumping Height (JMP) = "JMP"
                - Running Speed (SPD) = "SPD"
                - Dodge Reflex (DOG) = "DOG"
                - Attention (ATN) = "ATN"
                - Discovery (DIS) = "DIS"
                - Status Resistance (RES) = "RES"
                - Willpower (WIL) = "WIL"
                - Charisma (CHM) = "CHM"
                - Faith (FTH) = "FTH"
              value: text, at most 48
              reason: text, at most 200
            Stat formulas | Set a stat formula | {"do":"set_formula"}
              stat: one of
                - Health Points (HP) (now: none) = "HP"
                - Technique Points (TP) (now: none) = "TP"
                - Spirit Points (SP) (now: none) = "SP"
                - Lifting Power (LFT) (now: none) = "LFT"
                - Striking Power (STR) (now: none) = "STR"
                - Physical Defense (PHD) (now: none) = "PHD"
                - Magical Defense (MD) (now: none) = "MD"
                - Jumping Height (JMP) (now: none) = "JMP"
                - Running Speed (SPD) (now: none) = "SPD"
                - Dodge Reflex (DOG) (now: none) = "DOG"
                - Attention (ATN) (now: none) = "ATN"
                - Discovery (DIS) (now: none) = "DIS"
                - Status Resistance (RES) (now: none) = "RES"
                - Willpower (WIL) (now: none) = "WIL"
                - Charisma (CHM) (now: none) = "CHM"
                - Faith (FTH) (now: none) = "FTH"
              formula: text, at most 200
            Rest and safe areas | Rest | {"do":"rest"}
              who: any of ["Ash"]
            Rest and safe areas | Enter a safe area | {"do":"enter_safe_area"}
              place: text, at most 64
            Characters | Create a character | {"character":{"kind":"pc"},"do":"enroll"} (builder, 28 blanks)
            Characters | Make an NPC with a full sheet | {"character":{"kind":"npc"},"do":"enroll"} | odds (builder, 28 blanks)
            Characters | Make an Encounter Sheet | {"character":{"kind":"encounter"},"do":"enroll"} | odds (builder, 23 blanks)
        "#]],
    );
    // A player without characters may only create one.
    check(
        offered(&state, &newcomer()),
        expect![[r#"
            Characters | Create a character | {"character":{"kind":"pc"},"do":"enroll"} (builder, 28 blanks)
        "#]],
    );
}

#[test]
fn lifters_lift_together_oppose_each_other_and_grow_at_rest() {
    // Cy's own LFT comes first in the team lift, then the others; Cy opposes anyone else, never Cy.
    check(
        offered(&lifters(), &player(&["Cy"])),
        expect![[r#"
            Checks | Cy: task check | {"do":"task_check","who":"Cy"} | odds
              rating: one of
                - Luck (LCK) 9 = "LCK"
                - Lifting Power (LFT) 71 = "LFT"
              difficulty: text, at most 48, starting at "50"
              adjust: list of 0..=8 entries, 0 at first
                  factor: text, at most 16
                  reason: text, at most 200
              against: text, at most 64
            Checks | Cy: task check on a Talent or another number | {"do":"task_check","who":"Cy"} | odds
              rating: text, at most 48
              difficulty: text, at most 48, starting at "50"
              adjust: list of 0..=8 entries, 0 at first
                  factor: text, at most 16
                  reason: text, at most 200
              against: text, at most 64
            Checks | Cy: plain chance | {"do":"chance_check","who":"Cy"} | odds
              chance: number 0..=100, default 50
              against: text, at most 64
            Checks | Team lift | {"do":"team_lift"} | odds
              who: any of
                - Cy (Lifting Power 71) = "Cy"
                - Ash (Lifting Power 42) = "Ash"
                - Brom (Lifting Power 915) = "Brom"
              difficulty: text, at most 48
              roller: one of
                - The luckiest lifter (highest LCK), as the book has it = null
                - Cy = "Cy"
              against: text, at most 64
            Checks | Opposed check | {"do":"opposed_check"} | odds
              a: one of
                - Cy: Luck (LCK) 9 = {"rating":"LCK","who":"Cy"}
                - Cy: Lifting Power (LFT) 71 = {"rating":"LFT","who":"Cy"}
              a.adjust: list of 0..=8 entries, 0 at first
                  factor: text, at most 16
                  reason: text, at most 200
              b: one of
                - Ash: Luck (LCK) 3 = {"rating":"LCK","who":"Ash"}
                - Ash: Lifting Power (LFT) 42 = {"rating":"LFT","who":"Ash"}
                - Brom: Lifting Power (LFT) 915 = {"rating":"LFT","who":"Brom"}
              b.adjust: list of 0..=8 entries, 0 at first
                  factor: text, at most 16
                  reason: text, at most 200
              method: one of
                - roll under (the table's) = "roll_under"
                - chaotic = "chaotic"
              against: text, at most 64
            Dice | Roll dice | {"do":"roll_die"} | odds
              who: one of ["Cy"]
              die: one of
                - d4 (4 is a Crit, 1 a Botch) = 4
                - d6 (6 is a Crit, 1 a Botch) = 6
                - d8 (8 is a Crit, 1 a Botch) = 8
                - d10 (10 is a Crit, 1 a Botch) = 10
                - d12 (12 is a Crit, 1 a Botch) = 12
                - d20 (20 is a Crit, 1 a Botch) = 20
              count: number 1..=20, default 1
              what: text, at most 64
            Growth | Cy: buy an ability | {"do":"spend_ap","who":"Cy"}
              ability: text, at most 64
              path: one of
                - General = "general"
                - Scout = "Scout"
              cost: number 1..=2, default 1
            Characters | Create a character | {"character":{"kind":"pc"},"do":"enroll"} (builder, 28 blanks)
        "#]],
    );
    // In a safe area Cy may change vocation and buy any path's ability.
    let mut steps = vec![
        enroll(json!({"name": "Cy", "ap": 2, "vocation": "Scout", "ratings": {"LFT": 71}})),
        step(
            json!({"do": "enter_safe_area", "place": "the guild hall"}),
            &[],
        ),
    ];
    let safe = play(json!({}), &steps);
    check(
        offered(&safe, &player(&["Cy"])),
        expect![[r#"
            Checks | Cy: task check | {"do":"task_check","who":"Cy"} | odds
              rating: one of
                - Lifting Power (LFT) 71 = "LFT"
              difficulty: text, at most 48, starting at "50"
              adjust: list of 0..=8 entries, 0 at first
                  factor: text, at most 16
                  reason: text, at most 200
              against: text, at most 64
            Checks | Cy: task check on a Talent or another number | {"do":"task_check","who":"Cy"} | odds
              rating: text, at most 48
              difficulty: text, at most 48, starting at "50"
              adjust: list of 0..=8 entries, 0 at first
                  factor: text, at most 16
                  reason: text, at most 200
              against: text, at most 64
            Checks | Cy: plain chance | {"do":"chance_check","who":"Cy"} | odds
              chance: number 0..=100, default 50
              against: text, at most 64
            Dice | Roll dice | {"do":"roll_die"} | odds
              who: one of ["Cy"]
              die: one of
                - d4 (4 is a Crit, 1 a Botch) = 4
                - d6 (6 is a Crit, 1 a Botch) = 6
                - d8 (8 is a Crit, 1 a Botch) = 8
                - d10 (10 is a Crit, 1 a Botch) = 10
                - d12 (12 is a Crit, 1 a Botch) = 12
                - d20 (20 is a Crit, 1 a Botch) = 20
              count: number 1..=20, default 1
              what: text, at most 64
            Growth | Cy: change vocation | {"do":"change_vocation","who":"Cy"}
              vocation: one of
                - Hoplite (Fighters Guild) = "Hoplite"
                - Wushu jia (Fighters Guild) = "Wushu jia"
                - Guerilla (Hunters Association) = "Guerilla"
                - Witch (Grand Coven) = "Witch"
                - Shaman (Grand Coven) = "Shaman"
                - Swindler (Thieves Assembly) = "Swindler"
                - Hitman (Thieves Assembly) = "Hitman"
            Growth | Cy: buy an ability | {"do":"spend_ap","who":"Cy"}
              ability: text, at most 64
              path: one of
                - General = "general"
                - Hoplite = "Hoplite"
                - Wushu jia = "Wushu jia"
                - Scout = "Scout"
                - Guerilla = "Guerilla"
                - Witch = "Witch"
                - Shaman = "Shaman"
                - Swindler = "Swindler"
                - Hitman = "Hitman"
              cost: number 1..=2, default 1
            Characters | Create a character | {"character":{"kind":"pc"},"do":"enroll"} (builder, 28 blanks)
        "#]],
    );
    // The GM's rest and safe-area moves follow the state: leaving, and ending the rest begun.
    steps.push(step(json!({"do": "rest", "who": ["Cy"]}), &[]));
    let resting = play(json!({}), &steps);
    let places = Freelancer::moves(&resting, &gm());
    check(
        sketch(places.iter().filter(|m| m.group == "Rest and safe areas")),
        expect![[r#"
            Rest and safe areas | End a rest | {"do":"end_rest"}
              who: any of ["Cy"]
            Rest and safe areas | Leave the guild hall | {"do":"leave_safe_area"}
        "#]],
    );
}

#[test]
fn the_ambush_offers_each_turn_to_its_owner_only() {
    // Tobin's moves after each number of the ambush's steps.
    let cases: [(usize, Expect); 6] = [
        // No event yet: Tobin may buy an ability; the GM starts events.
        (
            0,
            expect![[r#"
                Checks | Tobin: task check | {"do":"task_check","who":"Tobin"} | odds
                  rating: one of
                    - Alacrity (ALC) 0 = "ALC"
                    - Luck (LCK) 18 = "LCK"
                    - Running Speed (SPD) 25 = "SPD"
                  difficulty: text, at most 48, starting at "50"
                  adjust: list of 0..=8 entries, 0 at first
                      factor: text, at most 16
                      reason: text, at most 200
                  against: text, at most 64
                Checks | Tobin: task check on a Talent or another number | {"do":"task_check","who":"Tobin"} | odds
                  rating: text, at most 48
                  difficulty: text, at most 48, starting at "50"
                  adjust: list of 0..=8 entries, 0 at first
                      factor: text, at most 16
                      reason: text, at most 200
                  against: text, at most 64
                Checks | Tobin: plain chance | {"do":"chance_check","who":"Tobin"} | odds
                  chance: number 0..=100, default 50
                  against: text, at most 64
                Checks | Opposed check | {"do":"opposed_check"} | odds
                  a: one of
                    - Tobin: Alacrity (ALC) 0 = {"rating":"ALC","who":"Tobin"}
                    - Tobin: Luck (LCK) 18 = {"rating":"LCK","who":"Tobin"}
                    - Tobin: Running Speed (SPD) 25 = {"rating":"SPD","who":"Tobin"}
                  a.adjust: list of 0..=8 entries, 0 at first
                      factor: text, at most 16
                      reason: text, at most 200
                  b: one of
                    - Ash: Alacrity (ALC) 15 = {"rating":"ALC","who":"Ash"}
                    - Ash: Luck (LCK) 12 = {"rating":"LCK","who":"Ash"}
                    - Ash: Running Speed (SPD) 1248 = {"rating":"SPD","who":"Ash"}
                    - Mara: Alacrity (ALC) 150348 = {"rating":"ALC","who":"Mara"}
                    - Mara: Luck (LCK) 31 = {"rating":"LCK","who":"Mara"}
                    - Mara: Running Speed (SPD) 204000 = {"rating":"SPD","who":"Mara"}
                  b.adjust: list of 0..=8 entries, 0 at first
                      factor: text, at most 16
                      reason: text, at most 200
                  method: one of
                    - roll under (the table's) = "roll_under"
                    - chaotic = "chaotic"
                  against: text, at most 64
                Dice | Roll dice | {"do":"roll_die"} | odds
                  who: one of ["Tobin"]
                  die: one of
                    - d4 (4 is a Crit, 1 a Botch) = 4
                    - d6 (6 is a Crit, 1 a Botch) = 6
                    - d8 (8 is a Crit, 1 a Botch) = 8
                    - d10 (10 is a Crit, 1 a Botch) = 10
                    - d12 (12 is a Crit, 1 a Botch) = 12
                    - d20 (20 is a Crit, 1 a Botch) = 20
                  count: number 1..=20, default 1
                  what: text, at most 64
                Growth | Tobin: buy an ability | {"do":"spend_ap","who":"Tobin"}
                  ability: text, at most 64
                  path: one of
                    - General = "general"
                    - Scout = "Scout"
                  cost: number 1..=3, default 1
                Characters | Create a character | {"character":{"kind":"pc"},"do":"enroll"} (builder, 28 blanks)
            "#]],
        ),
        // The event, before its first initiative: Tobin may declare a Total Action; no AP spending.
        (
            1,
            expect![[r#"
                Event | Tobin: declare a Total Action | {"do":"declare_total_action","who":"Tobin"}
                Checks | Tobin: task check | {"do":"task_check","who":"Tobin"} | odds
                  rating: one of
                    - Alacrity (ALC) 0 = "ALC"
                    - Luck (LCK) 18 = "LCK"
                    - Running Speed (SPD) 25 = "SPD"
                  difficulty: text, at most 48, starting at "50"
                  adjust: list of 0..=8 entries, 0 at first
                      factor: text, at most 16
                      reason: text, at most 200
                  against: text, at most 64
                Checks | Tobin: task check on a Talent or another number | {"do":"task_check","who":"Tobin"} | odds
                  rating: text, at most 48
                  difficulty: text, at most 48, starting at "50"
                  adjust: list of 0..=8 entries, 0 at first
                      factor: text, at most 16
                      reason: text, at most 200
                  against: text, at most 64
                Checks | Tobin: plain chance | {"do":"chance_check","who":"Tobin"} | odds
                  chance: number 0..=100, default 50
                  against: text, at most 64
                Checks | Opposed check | {"do":"opposed_check"} | odds
                  a: one of
                    - Tobin: Alacrity (ALC) 0 = {"rating":"ALC","who":"Tobin"}
                    - Tobin: Luck (LCK) 18 = {"rating":"LCK","who":"Tobin"}
                    - Tobin: Running Speed (SPD) 25 = {"rating":"SPD","who":"Tobin"}
                  a.adjust: list of 0..=8 entries, 0 at first
                      factor: text, at most 16
                      reason: text, at most 200
                  b: one of
                    - Ash: Alacrity (ALC) 15 = {"rating":"ALC","who":"Ash"}
                    - Ash: Luck (LCK) 12 = {"rating":"LCK","who":"Ash"}
                    - Ash: Running Speed (SPD) 1248 = {"rating":"SPD","who":"Ash"}
                    - Mara: Alacrity (ALC) 150348 = {"rating":"ALC","who":"Mara"}
                    - Mara: Luck (LCK) 31 = {"rating":"LCK","who":"Mara"}
                    - Mara: Running Speed (SPD) 204000 = {"rating":"SPD","who":"Mara"}
                  b.adjust: list of 0..=8 entries, 0 at first
                      factor: text, at most 16
                      reason: text, at most 200
                  method: one of
                    - roll under (the table's) = "roll_under"
                    - chaotic = "chaotic"
                  against: text, at most 64
                Dice | Roll dice | {"do":"roll_die"} | odds
                  who: one of ["Tobin"]
                  die: one of
                    - d4 (4 is a Crit, 1 a Botch) = 4
                    - d6 (6 is a Crit, 1 a Botch) = 6
                    - d8 (8 is a Crit, 1 a Botch) = 8
                    - d10 (10 is a Crit, 1 a Botch) = 10
                    - d12 (12 is a Crit, 1 a Botch) = 12
                    - d20 (20 is a Crit, 1 a Botch) = 20
                  count: number 1..=20, default 1
                  what: text, at most 64
                Characters | Create a character | {"character":{"kind":"pc"},"do":"enroll"} (builder, 28 blanks)
            "#]],
        ),
        // Round 1 rolled: Mara's turn, not Tobin's; Tobin's 25 is the slowest: nothing to divide.
        (
            2,
            expect![[r#"
                Checks | Tobin: task check | {"do":"task_check","who":"Tobin"} | odds
                  rating: one of
                    - Alacrity (ALC) 0 = "ALC"
                    - Luck (LCK) 18 = "LCK"
                    - Running Speed (SPD) 25 = "SPD"
                  difficulty: text, at most 48, starting at "50"
                  adjust: list of 0..=8 entries, 0 at first
                      factor: text, at most 16
                      reason: text, at most 200
                  against: text, at most 64
                Checks | Tobin: task check on a Talent or another number | {"do":"task_check","who":"Tobin"} | odds
                  rating: text, at most 48
                  difficulty: text, at most 48, starting at "50"
                  adjust: list of 0..=8 entries, 0 at first
                      factor: text, at most 16
                      reason: text, at most 200
                  against: text, at most 64
                Checks | Tobin: plain chance | {"do":"chance_check","who":"Tobin"} | odds
                  chance: number 0..=100, default 50
                  against: text, at most 64
                Checks | Opposed check | {"do":"opposed_check"} | odds
                  a: one of
                    - Tobin: Alacrity (ALC) 0 = {"rating":"ALC","who":"Tobin"}
                    - Tobin: Luck (LCK) 18 = {"rating":"LCK","who":"Tobin"}
                    - Tobin: Running Speed (SPD) 25 = {"rating":"SPD","who":"Tobin"}
                  a.adjust: list of 0..=8 entries, 0 at first
                      factor: text, at most 16
                      reason: text, at most 200
                  b: one of
                    - Ash: Alacrity (ALC) 15 = {"rating":"ALC","who":"Ash"}
                    - Ash: Luck (LCK) 12 = {"rating":"LCK","who":"Ash"}
                    - Ash: Running Speed (SPD) 1248 = {"rating":"SPD","who":"Ash"}
                    - Mara: Alacrity (ALC) 150348 = {"rating":"ALC","who":"Mara"}
                    - Mara: Luck (LCK) 31 = {"rating":"LCK","who":"Mara"}
                    - Mara: Running Speed (SPD) 204000 = {"rating":"SPD","who":"Mara"}
                  b.adjust: list of 0..=8 entries, 0 at first
                      factor: text, at most 16
                      reason: text, at most 200
                  method: one of
                    - roll under (the table's) = "roll_under"
                    - chaotic = "chaotic"
                  against: text, at most 64
                Dice | Roll dice | {"do":"roll_die"} | odds
                  who: one of ["Tobin"]
                  die: one of
                    - d4 (4 is a Crit, 1 a Botch) = 4
                    - d6 (6 is a Crit, 1 a Botch) = 6
                    - d8 (8 is a Crit, 1 a Botch) = 8
                    - d10 (10 is a Crit, 1 a Botch) = 10
                    - d12 (12 is a Crit, 1 a Botch) = 12
                    - d20 (20 is a Crit, 1 a Botch) = 20
                  count: number 1..=20, default 1
                  what: text, at most 64
                Characters | Create a character | {"character":{"kind":"pc"},"do":"enroll"} (builder, 28 blanks)
            "#]],
        ),
        // Mara and Ash have acted: Tobin's turn.
        (
            6,
            expect![[r#"
                Event | Tobin: take the turn | {"do":"act","who":"Tobin"} | lead
                  full: number 0..=1, default 1
                  empty: number 0..=1000, default 0
                  what: text, at most 200
                Checks | Tobin: task check | {"do":"task_check","who":"Tobin"} | odds
                  rating: one of
                    - Alacrity (ALC) 0 = "ALC"
                    - Luck (LCK) 18 = "LCK"
                    - Running Speed (SPD) 25 = "SPD"
                  difficulty: text, at most 48, starting at "50"
                  adjust: list of 0..=8 entries, 0 at first
                      factor: text, at most 16
                      reason: text, at most 200
                  against: text, at most 64
                Checks | Tobin: task check on a Talent or another number | {"do":"task_check","who":"Tobin"} | odds
                  rating: text, at most 48
                  difficulty: text, at most 48, starting at "50"
                  adjust: list of 0..=8 entries, 0 at first
                      factor: text, at most 16
                      reason: text, at most 200
                  against: text, at most 64
                Checks | Tobin: plain chance | {"do":"chance_check","who":"Tobin"} | odds
                  chance: number 0..=100, default 50
                  against: text, at most 64
                Checks | Opposed check | {"do":"opposed_check"} | odds
                  a: one of
                    - Tobin: Alacrity (ALC) 0 = {"rating":"ALC","who":"Tobin"}
                    - Tobin: Luck (LCK) 18 = {"rating":"LCK","who":"Tobin"}
                    - Tobin: Running Speed (SPD) 25 = {"rating":"SPD","who":"Tobin"}
                  a.adjust: list of 0..=8 entries, 0 at first
                      factor: text, at most 16
                      reason: text, at most 200
                  b: one of
                    - Ash: Alacrity (ALC) 15 = {"rating":"ALC","who":"Ash"}
                    - Ash: Luck (LCK) 12 = {"rating":"LCK","who":"Ash"}
                    - Ash: Running Speed (SPD) 1248 = {"rating":"SPD","who":"Ash"}
                    - Mara: Alacrity (ALC) 150348 = {"rating":"ALC","who":"Mara"}
                    - Mara: Luck (LCK) 31 = {"rating":"LCK","who":"Mara"}
                    - Mara: Running Speed (SPD) 204000 = {"rating":"SPD","who":"Mara"}
                  b.adjust: list of 0..=8 entries, 0 at first
                      factor: text, at most 16
                      reason: text, at most 200
                  method: one of
                    - roll under (the table's) = "roll_under"
                    - chaotic = "chaotic"
                  against: text, at most 64
                Dice | Roll dice | {"do":"roll_die"} | odds
                  who: one of ["Tobin"]
                  die: one of
                    - d4 (4 is a Crit, 1 a Botch) = 4
                    - d6 (6 is a Crit, 1 a Botch) = 6
                    - d8 (8 is a Crit, 1 a Botch) = 8
                    - d10 (10 is a Crit, 1 a Botch) = 10
                    - d12 (12 is a Crit, 1 a Botch) = 12
                    - d20 (20 is a Crit, 1 a Botch) = 20
                  count: number 1..=20, default 1
                  what: text, at most 64
                Characters | Create a character | {"character":{"kind":"pc"},"do":"enroll"} (builder, 28 blanks)
            "#]],
        ),
        // Tobin declared before round 2: no second declaration.
        (
            8,
            expect![[r#"
                Checks | Tobin: task check | {"do":"task_check","who":"Tobin"} | odds
                  rating: one of
                    - Alacrity (ALC) 0 = "ALC"
                    - Luck (LCK) 18 = "LCK"
                    - Running Speed (SPD) 25 = "SPD"
                  difficulty: text, at most 48, starting at "50"
                  adjust: list of 0..=8 entries, 0 at first
                      factor: text, at most 16
                      reason: text, at most 200
                  against: text, at most 64
                Checks | Tobin: task check on a Talent or another number | {"do":"task_check","who":"Tobin"} | odds
                  rating: text, at most 48
                  difficulty: text, at most 48, starting at "50"
                  adjust: list of 0..=8 entries, 0 at first
                      factor: text, at most 16
                      reason: text, at most 200
                  against: text, at most 64
                Checks | Tobin: plain chance | {"do":"chance_check","who":"Tobin"} | odds
                  chance: number 0..=100, default 50
                  against: text, at most 64
                Checks | Opposed check | {"do":"opposed_check"} | odds
                  a: one of
                    - Tobin: Alacrity (ALC) 0 = {"rating":"ALC","who":"Tobin"}
                    - Tobin: Luck (LCK) 18 = {"rating":"LCK","who":"Tobin"}
                    - Tobin: Running Speed (SPD) 25 = {"rating":"SPD","who":"Tobin"}
                  a.adjust: list of 0..=8 entries, 0 at first
                      factor: text, at most 16
                      reason: text, at most 200
                  b: one of
                    - Ash: Alacrity (ALC) 15 = {"rating":"ALC","who":"Ash"}
                    - Ash: Luck (LCK) 12 = {"rating":"LCK","who":"Ash"}
                    - Ash: Running Speed (SPD) 1248 = {"rating":"SPD","who":"Ash"}
                    - Mara: Alacrity (ALC) 150348 = {"rating":"ALC","who":"Mara"}
                    - Mara: Luck (LCK) 31 = {"rating":"LCK","who":"Mara"}
                    - Mara: Running Speed (SPD) 204000 = {"rating":"SPD","who":"Mara"}
                  b.adjust: list of 0..=8 entries, 0 at first
                      factor: text, at most 16
                      reason: text, at most 200
                  method: one of
                    - roll under (the table's) = "roll_under"
                    - chaotic = "chaotic"
                  against: text, at most 64
                Dice | Roll dice | {"do":"roll_die"} | odds
                  who: one of ["Tobin"]
                  die: one of
                    - d4 (4 is a Crit, 1 a Botch) = 4
                    - d6 (6 is a Crit, 1 a Botch) = 6
                    - d8 (8 is a Crit, 1 a Botch) = 8
                    - d10 (10 is a Crit, 1 a Botch) = 10
                    - d12 (12 is a Crit, 1 a Botch) = 12
                    - d20 (20 is a Crit, 1 a Botch) = 20
                  count: number 1..=20, default 1
                  what: text, at most 64
                Characters | Create a character | {"character":{"kind":"pc"},"do":"enroll"} (builder, 28 blanks)
            "#]],
        ),
        // Round 2 rolled with Tobin's Total Action: he may buy an ability now (F7).
        (
            9,
            expect![[r#"
                Checks | Tobin: task check | {"do":"task_check","who":"Tobin"} | odds
                  rating: one of
                    - Alacrity (ALC) 0 = "ALC"
                    - Luck (LCK) 18 = "LCK"
                    - Running Speed (SPD) 25 = "SPD"
                  difficulty: text, at most 48, starting at "50"
                  adjust: list of 0..=8 entries, 0 at first
                      factor: text, at most 16
                      reason: text, at most 200
                  against: text, at most 64
                Checks | Tobin: task check on a Talent or another number | {"do":"task_check","who":"Tobin"} | odds
                  rating: text, at most 48
                  difficulty: text, at most 48, starting at "50"
                  adjust: list of 0..=8 entries, 0 at first
                      factor: text, at most 16
                      reason: text, at most 200
                  against: text, at most 64
                Checks | Tobin: plain chance | {"do":"chance_check","who":"Tobin"} | odds
                  chance: number 0..=100, default 50
                  against: text, at most 64
                Checks | Opposed check | {"do":"opposed_check"} | odds
                  a: one of
                    - Tobin: Alacrity (ALC) 0 = {"rating":"ALC","who":"Tobin"}
                    - Tobin: Luck (LCK) 18 = {"rating":"LCK","who":"Tobin"}
                    - Tobin: Running Speed (SPD) 25 = {"rating":"SPD","who":"Tobin"}
                  a.adjust: list of 0..=8 entries, 0 at first
                      factor: text, at most 16
                      reason: text, at most 200
                  b: one of
                    - Ash: Alacrity (ALC) 15 = {"rating":"ALC","who":"Ash"}
                    - Ash: Luck (LCK) 12 = {"rating":"LCK","who":"Ash"}
                    - Ash: Running Speed (SPD) 1248 = {"rating":"SPD","who":"Ash"}
                    - Mara: Alacrity (ALC) 150348 = {"rating":"ALC","who":"Mara"}
                    - Mara: Luck (LCK) 31 = {"rating":"LCK","who":"Mara"}
                    - Mara: Running Speed (SPD) 204000 = {"rating":"SPD","who":"Mara"}
                  b.adjust: list of 0..=8 entries, 0 at first
                      factor: text, at most 16
                      reason: text, at most 200
                  method: one of
                    - roll under (the table's) = "roll_under"
                    - chaotic = "chaotic"
                  against: text, at most 64
                Dice | Roll dice | {"do":"roll_die"} | odds
                  who: one of ["Tobin"]
                  die: one of
                    - d4 (4 is a Crit, 1 a Botch) = 4
                    - d6 (6 is a Crit, 1 a Botch) = 6
                    - d8 (8 is a Crit, 1 a Botch) = 8
                    - d10 (10 is a Crit, 1 a Botch) = 10
                    - d12 (12 is a Crit, 1 a Botch) = 12
                    - d20 (20 is a Crit, 1 a Botch) = 20
                  count: number 1..=20, default 1
                  what: text, at most 64
                Growth | Tobin: buy an ability | {"do":"spend_ap","who":"Tobin"}
                  ability: text, at most 64
                  path: one of
                    - General = "general"
                    - Scout = "Scout"
                  cost: number 1..=3, default 1
                Characters | Create a character | {"character":{"kind":"pc"},"do":"enroll"} (builder, 28 blanks)
            "#]],
        ),
    ];
    for (upto, expected) in cases {
        check(offered(&ambush(upto), &player(&["Tobin"])), expected);
    }
}

#[test]
fn the_gm_runs_the_event() {
    // The GM's event moves after each number of the ambush's steps.
    let cases: [(usize, Expect); 7] = [
        (
            0,
            expect![[r#"
            Event | Start an event | {"do":"start_event"}
              name: text, at most 64
              who: any of ["Ash", "Mara", "Tobin"]
        "#]],
        ),
        (
            1,
            expect![[r#"
                Event | Ash: declare a Total Action | {"do":"declare_total_action","who":"Ash"}
                Event | Mara: declare a Total Action | {"do":"declare_total_action","who":"Mara"}
                Event | Tobin: declare a Total Action | {"do":"declare_total_action","who":"Tobin"}
                Event | Roll initiative for round 1 | {"do":"initiative"} | odds | lead
                  total_actions: any of ["Ash", "Mara", "Tobin"]
                Event | End the event | {"do":"end_event"}
                  confirm: End the event "ambush at the ford"? No more rounds are played in it.
            "#]],
        ),
        // Round 1: Mara's turn; before the first turn Mara (four orders of magnitude on 25) may
        // divide into 3, Ash (two) into 2; Tobin, the slowest, not at all (F5).
        (
            2,
            expect![[r#"
                Event | Mara: take the turn | {"do":"act","who":"Mara"}
                  full: number 0..=1, default 1
                  empty: number 0..=1000, default 0
                  what: text, at most 200
                Event | Ash: divide the turn | {"do":"divide","who":"Ash"}
                  actions: one of
                    - 1 Full Action at 1150 = 1
                    - 2 Full Actions at 575 = 2
                Event | Mara: divide the turn | {"do":"divide","who":"Mara"}
                  actions: one of
                    - 1 Full Action at 150448 = 1
                    - 2 Full Actions at 75224 = 2
                    - 3 Full Actions at 50149 = 3
                Event | End the event | {"do":"end_event"}
                  confirm: End the event "ambush at the ford"? The turns left in round 1 are lost (Mara, Ash, Tobin).
            "#]],
        ),
        // Mara divided into 3: her turn holds 3 Full Actions.
        (
            3,
            expect![[r#"
                Event | Mara: take the turn | {"do":"act","who":"Mara"}
                  full: one of
                    - 3 Full Actions = 3
                    - 2 Full Actions (1 Full Action lost) = 2, confirm: End Mara's turn after 2 of its 3 Full Actions? The other 1 is lost: a divided turn's actions do not wait for a later turn.
                    - 1 Full Action (2 Full Actions lost) = 1, confirm: End Mara's turn after 1 of its 3 Full Actions? The other 2 are lost: a divided turn's actions do not wait for a later turn.
                    - 0: pass (3 Full Actions lost) = 0, confirm: Pass Mara's turn? All 3 of its Full Actions are lost: a divided turn's actions do not wait for a later turn.
                  empty: number 0..=1000, default 0
                  what: text, at most 200
                Event | Ash: divide the turn | {"do":"divide","who":"Ash"}
                  actions: one of
                    - 1 Full Action at 1150 = 1
                    - 2 Full Actions at 575 = 2
                Event | Mara: divide the turn | {"do":"divide","who":"Mara"}
                  actions: one of
                    - 1 Full Action at 150448 = 1
                    - 2 Full Actions at 75224 = 2
                    - 3 Full Actions at 50149 = 3
                Event | End the event | {"do":"end_event"}
                  confirm: End the event "ambush at the ford"? The turns left in round 1 are lost (Mara, Ash, Tobin).
            "#]],
        ),
        // Ash divided into 2, at 575.
        (
            4,
            expect![[r#"
                Event | Mara: take the turn | {"do":"act","who":"Mara"}
                  full: one of
                    - 3 Full Actions = 3
                    - 2 Full Actions (1 Full Action lost) = 2, confirm: End Mara's turn after 2 of its 3 Full Actions? The other 1 is lost: a divided turn's actions do not wait for a later turn.
                    - 1 Full Action (2 Full Actions lost) = 1, confirm: End Mara's turn after 1 of its 3 Full Actions? The other 2 are lost: a divided turn's actions do not wait for a later turn.
                    - 0: pass (3 Full Actions lost) = 0, confirm: Pass Mara's turn? All 3 of its Full Actions are lost: a divided turn's actions do not wait for a later turn.
                  empty: number 0..=1000, default 0
                  what: text, at most 200
                Event | Ash: divide the turn | {"do":"divide","who":"Ash"}
                  actions: one of
                    - 1 Full Action at 1150 = 1
                    - 2 Full Actions at 575 = 2
                Event | Mara: divide the turn | {"do":"divide","who":"Mara"}
                  actions: one of
                    - 1 Full Action at 150448 = 1
                    - 2 Full Actions at 75224 = 2
                    - 3 Full Actions at 50149 = 3
                Event | End the event | {"do":"end_event"}
                  confirm: End the event "ambush at the ford"? The turns left in round 1 are lost (Mara, Ash, Tobin).
            "#]],
        ),
        // The first turn is taken: no more dividing; Ash's turn holds 2 Full Actions.
        (
            5,
            expect![[r#"
                Event | Ash: take the turn | {"do":"act","who":"Ash"}
                  full: one of
                    - 2 Full Actions = 2
                    - 1 Full Action (1 Full Action lost) = 1, confirm: End Ash's turn after 1 of its 2 Full Actions? The other 1 is lost: a divided turn's actions do not wait for a later turn.
                    - 0: pass (2 Full Actions lost) = 0, confirm: Pass Ash's turn? All 2 of its Full Actions are lost: a divided turn's actions do not wait for a later turn.
                  empty: number 0..=1000, default 0
                  what: text, at most 200
                Event | End the event | {"do":"end_event"}
                  confirm: End the event "ambush at the ford"? The turns left in round 1 are lost (Ash, Tobin).
            "#]],
        ),
        // Tobin declared: the initiative offers only the others as Total Actions.
        (
            8,
            expect![[r#"
                Event | Ash: declare a Total Action | {"do":"declare_total_action","who":"Ash"}
                Event | Mara: declare a Total Action | {"do":"declare_total_action","who":"Mara"}
                Event | Roll initiative for round 2 | {"do":"initiative"} | odds | lead
                  total_actions: any of ["Ash", "Mara"]
                Event | End the event | {"do":"end_event"}
                  confirm: End the event "ambush at the ford"? No more rounds are played in it.
            "#]],
        ),
    ];
    for (upto, expected) in cases {
        let moves = Freelancer::moves(&ambush(upto), &gm());
        check(
            sketch(moves.iter().filter(|m| m.group == "Event")),
            expected,
        );
    }
    // The labels and choices say what dividing gives: the book's 150448 into 3 at 50149.
    let moves = Freelancer::moves(&ambush(2), &player(&["Mara"]));
    let divide = moves.iter().filter(|m| m.command["do"] == "divide");
    check(
        sketch(divide),
        expect![[r#"
        Event | Mara: divide the turn | {"do":"divide","who":"Mara"}
          actions: one of
            - 1 Full Action at 150448 = 1
            - 2 Full Actions at 75224 = 2
            - 3 Full Actions at 50149 = 3
    "#]],
    );
}

// ----- authority and the forms' defaults -----

/// What a person types in a text blank at `path` (a form cannot know it): a name not at the table,
/// digits for a number on the book's scale, a formula, words for the rest. Optional labels are
/// typed too, so the rules check them.
fn typed(path: &str) -> Option<Value> {
    Some(json!(match path {
        "character.name" => "Probe",
        "difficulty" | "rating" | "value" => "70",
        p if p.starts_with("character.ratings.") => "1,200",
        "formula" => "VIG * 10 + MRL + LCK",
        p if p.ends_with(".factor") => "1/2",
        _ => "the old mill",
    }))
}

/// A move's command as a form sends it when its blanks keep their defaults
/// (`skald_testkit::form::filled`: a number or flag its default, a choice its first option, a
/// multiple choice every option, a list its first entries) and each text blank holds [`typed`];
/// then what a person picks where every option at once is not a choice: no Total Action at
/// initiative.
fn filled(m: &Move) -> Value {
    let mut command = form::filled(m, &|_, path| typed(path));
    if command["do"] == "initiative" {
        form::set(&mut command, "total_actions", json!([]));
    }
    command
}

/// Every state the tests build, with every seat that matters in it.
fn tables() -> Vec<(String, State, Vec<Seat>)> {
    let mut all = vec![
        (
            "guard".to_owned(),
            guard(),
            vec![gm(), player(&["Ash"]), player(&[])],
        ),
        (
            "lifters".to_owned(),
            lifters(),
            vec![gm(), player(&["Cy"]), player(&["Ash", "Brom"])],
        ),
    ];
    all.push((
        "formulas".to_owned(),
        formulas(),
        vec![gm(), player(&["Ash"]), player(&[])],
    ));
    for upto in 0..=9 {
        all.push((
            format!("ambush after {upto}"),
            ambush(upto),
            vec![
                gm(),
                player(&["Ash"]),
                player(&["Mara"]),
                player(&["Tobin"]),
            ],
        ));
    }
    all
}

/// Criterion: every move offered, sent as its form's defaults (see [`filled`]), is accepted by the
/// rules; has odds exactly when the move says so (a builder of the GM's opponents asks for advice
/// instead); and, for a player, is one the player may send
/// (its own character's, or creating a PC): never a GM-only command.
#[test]
fn every_move_at_its_defaults_is_accepted_and_allowed() {
    let mut seen = 0;
    for (name, state, seats) in tables() {
        for seat in seats {
            for m in Freelancer::moves(&state, &seat) {
                let sent = filled(&m);
                let command: Command = serde_json::from_value(sent.clone())
                    .unwrap_or_else(|e| panic!("{name}, {seat:?}: {sent} does not parse: {e}"));
                let dice: Vec<i64> = (1..=100).cycle().take(3000).collect();
                let decided = Freelancer::decide(&state, &command, &mut Scripted::new(dice));
                assert!(
                    decided.is_ok(),
                    "{name}, {seat:?}: {sent} refused: {:?}",
                    decided.err()
                );
                if sent["do"] == "enroll" {
                    // A builder has no odds; the GM's opponents ask for their advice (a fair
                    // fight, issue 32), which a table without a PC to weigh may not give.
                    assert!(
                        Freelancer::odds(&state, &command).is_none(),
                        "{name}: {sent}"
                    );
                    assert_eq!(
                        m.odds,
                        sent["character"]["kind"] != "pc",
                        "{name}: odds of {sent}"
                    );
                } else {
                    assert_eq!(
                        Freelancer::odds(&state, &command).is_some(),
                        m.odds,
                        "{name}: odds of {sent}"
                    );
                }
                if !seat.gm {
                    match Freelancer::authority(&command) {
                        Authority::Character(who) => {
                            assert!(seat.characters.contains(&who), "{name}: {sent} for {who}");
                        }
                        Authority::Enroll(_) => assert_eq!(sent["do"], "enroll"),
                        other => panic!("{name}: a player is offered {sent} ({other:?})"),
                    }
                }
                seen += 1;
            }
        }
    }
    assert!(seen > 100, "only {seen} moves checked");
}

#[test]
fn a_wrong_value_is_still_refused_with_the_rule() {
    let state = guard();
    let refused = |command: Value| {
        let command: Command = serde_json::from_value(command).unwrap();
        Freelancer::decide(&state, &command, &mut Scripted::new(vec![50]))
            .err()
            .map(|e| e.to_string())
    };
    assert_eq!(
        refused(
            json!({"do": "task_check", "who": "Ash", "rating": "CHM", "opponent": "Guard", "opponent_rating": "CHM"})
        ),
        Some("`opponent_rating` is \"CHM\", but Guard's sheet has no CHM (it has: WIL)".to_owned())
    );
    assert_eq!(
        refused(json!({"do": "chance_check", "who": "Ash", "chance": 101})),
        Some(
            "`chance` is 101, but it must be 0 to 100 (a chance of success in percent, F1)"
                .to_owned()
        )
    );
}

// ----- odds -----

/// The odds of `command` in `state`, sketched.
fn odds_of(state: &State, command: Value) -> String {
    let command: Command = serde_json::from_value(command).unwrap();
    sketch_odds(Freelancer::odds(state, &command).as_ref())
}

/// The chances of `command` in `state`, as `label p` lines, for the brute-force comparisons.
fn chances(state: &State, command: Value) -> Vec<String> {
    let command: Command = serde_json::from_value(command).unwrap();
    let odds = Freelancer::odds(state, &command).expect("odds");
    odds.chances
        .iter()
        .map(|c| format!("{} {}", c.label, c.p))
        .collect()
}

#[test]
fn task_check_odds_are_the_books() {
    let guard = guard();
    // The guard: CHM 27 against WIL 56, difference 29: 1-71 succeed, 1-5 are Crits, 96-100 Botches.
    let command = json!({"do": "task_check", "who": "Ash", "rating": "CHM", "opponent": "Guard", "opponent_rating": "WIL"});
    check(
        odds_of(&guard, command),
        expect![[r#"
        Ash's CHM 27 against Guard's WIL 56: difference 29, band 6-95: d100 at most 100 - difference succeeds; Crit succeeds, Botch fails (one d100; F2, F3).
          Success: 71/100 (0.71)
          Crit (1-5, within success): 1/20 (0.05)
          Failure: 6/25 (0.24)
          Botch: 1/20 (0.05)
    "#]],
    );
    // The boulder alone: 42 against 1200, equalized 4 against 120, difference 116: only a Crit.
    let lifters = lifters();
    let command = json!({"do": "task_check", "who": "Ash", "rating": "LFT", "difficulty": 1200});
    check(
        odds_of(&lifters, command),
        expect![[r#"
        Ash's LFT 42 against 1200, equalized to 4 against 120: difference 116, band 101-150: only a Crit succeeds; every failure is a Botch (one d100; F2, F3).
          Success: 1/20 (0.05)
          Crit (1-5, within success): 1/20 (0.05)
          Failure: 0 (0)
          Botch: 19/20 (0.95)
    "#]],
    );
    // With Cy and Brom: 42 + 71 + 915 = 1028 against 1200: 102 against 120, difference 18.
    check(
        odds_of(
            &lifters,
            json!({"do": "team_lift", "who": ["Ash", "Cy", "Brom"], "difficulty": 1200}),
        ),
        expect![[r#"
            the team's LFT 1028 (Ash + Cy + Brom; Cy rolls) against 1200, equalized to 102 against 120: difference 18, band 6-95: d100 at most 100 - difference succeeds; Crit succeeds, Botch fails (one d100; F2, F3).
              Success: 41/50 (0.82)
              Crit (1-5, within success): 1/20 (0.05)
              Failure: 13/100 (0.13)
              Botch: 1/20 (0.05)
        "#]],
    );
    // Band 96-100 fails with minor consequences; 151+ is a Botch for sure, with no roll (RULINGS F3).
    check(
        odds_of(
            &guard,
            json!({"do": "task_check", "who": "Ash", "rating": 2, "difficulty": 100}),
        ),
        expect![[r#"
            Ash's rating 2 against 100: difference 98, band 96-100: only a Crit succeeds; failure minor, Botch worse (one d100; F2, F3).
              Success: 1/20 (0.05)
              Crit (1-5, within success): 1/20 (0.05)
              Failure (minor consequences): 9/10 (0.9)
              Botch: 1/20 (0.05)
        "#]],
    );
    check(
        odds_of(
            &guard,
            json!({"do": "task_check", "who": "Ash", "rating": 0, "difficulty": 200}),
        ),
        expect![[r#"
            Ash's rating 0 against 200: difference 200, band 151 or more: fails and counts as a Botch (no roll; F2, F3).
              Success: 0 (0)
              Crit (1-5, within success): 0 (0)
              Failure: 0 (0)
              Botch: 1 (1)
        "#]],
    );
    // Brute force over the d100 for every difference: the chances add up and match the outcomes.
    for difference in [-3i64, 0, 1, 5, 6, 29, 95, 96, 100, 101, 150] {
        let count = |o: Outcome| {
            (1..=100u32)
                .filter(|r| outcome(difference, Some(*r)) == o)
                .count()
        };
        let state = guard.clone();
        let (rating, difficulty) = if difference < 0 {
            (-difference, 0)
        } else {
            (0, difference)
        };
        let got = chances(
            &state,
            json!({"do": "task_check", "who": "Ash", "rating": rating, "difficulty": difficulty}),
        );
        let rolls = Band::of(difference) != Band::Automatic;
        let p = |n: usize| {
            let g = gcd(n, 100);
            match (n, rolls) {
                (_, false) => String::new(),
                (0, true) => "0".to_owned(),
                (100, true) => "1".to_owned(),
                _ => format!("{}/{}", n / g, 100 / g),
            }
        };
        if rolls {
            let success = count(Outcome::Success) + count(Outcome::Crit);
            assert_eq!(got[0], format!("Success {}", p(success)), "{difference}");
            assert!(got[1].ends_with(&format!(" {}", p(count(Outcome::Crit)))));
            assert!(got[2].ends_with(&format!(" {}", p(count(Outcome::Failure)))));
            assert_eq!(got[3], format!("Botch {}", p(count(Outcome::Botch))));
        } else {
            assert_eq!(got[0], "Success 1", "{difference}");
        }
    }
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 { a } else { gcd(b, a % b) }
}

#[test]
fn chance_and_opposed_odds() {
    let state = lifters();
    // A plain 75%: 1-75 succeed, 76-95 fail, 96-100 Botch.
    check(
        odds_of(
            &state,
            json!({"do": "chance_check", "who": "Ash", "chance": 75}),
        ),
        expect![[r#"
            Ash's plain 75% chance: a d100 at most 75 succeeds, 1-5 always (a Crit), 96-100 never (a Botch) (F1).
              Success: 3/4 (0.75)
              Crit (1-5, within success): 1/20 (0.05)
              Failure: 1/5 (0.2)
              Botch: 1/20 (0.05)
        "#]],
    );
    // The arm wrestlers, one arm each (82 and 915 halved: 41 and 457). Rolled under, Brom's 457 always
    // hits with the larger margin; chaotic (4 against 45), the counts over 10,000 pairs of rolls are
    // 226, 4490 and 5284 (crates/freelancer/src/odds.rs brute-forces them; the CLI gives the same).
    let wrestlers = play(
        json!({}),
        &[
            enroll(json!({"name": "Ash", "ratings": {"LFT": 82}})),
            enroll(json!({"name": "Brom", "ratings": {"LFT": 915}})),
        ],
    );
    let half = json!([{"factor": "1/2", "reason": "one arm"}]);
    let contest = |method: &str| {
        json!({"do": "opposed_check", "method": method,
            "a": {"who": "Ash", "rating": "LFT", "adjust": half},
            "b": {"who": "Brom", "rating": "LFT", "adjust": half}})
    };
    check(
        odds_of(&wrestlers, contest("roll_under")),
        expect![[r#"
        Ash's LFT 41 against Brom's LFT 457, roll under: each rolls a d100, the larger margin under the rating wins (F4); a gap of 416 calls for a punishing outcome for the loser.
          Ash wins: 0 (0)
          Brom wins: 1 (1)
          No winner (the GM rolls again): 0 (0)
    "#]],
    );
    check(
        odds_of(&wrestlers, contest("chaotic")),
        expect![[r#"
        Ash's LFT 41 against Brom's LFT 457, chaotic, reduced to 4 against 45: each rolls a d100, the larger margin under the rating wins (F4).
          Ash wins: 113/5000 (0.0226)
          Brom wins: 449/1000 (0.449)
          No winner (the GM rolls again): 1321/2500 (0.5284)
          Ash wins in the end: 113/2358 (0.04792196776929601)
          Brom wins in the end: 2245/2358 (0.952078032230704)
    "#]],
    );
    // Commands that roll nothing, and refused commands, have no odds.
    for command in [
        json!({"do": "award", "who": ["Ash"], "xp": 5, "reason": "the wrestling"}),
        json!({"do": "task_check", "who": "Nobody", "rating": "LFT", "difficulty": 5}),
        json!({"do": "initiative"}),
    ] {
        let command: Command = serde_json::from_value(command).unwrap();
        assert_eq!(Freelancer::odds(&wrestlers, &command), None);
    }
}

#[test]
fn dice_odds_count_every_face() {
    let state = guard();
    // F1: two d6 for Ash; at least one 6 in 11 of the 36 pairs, neither a 6 nor a 1 in 16; the
    // total from 2 to 12.
    check(
        odds_of(
            &state,
            json!({"do": "roll_die", "who": "Ash", "die": 6, "count": 2, "what": "the fall"}),
        ),
        expect![[r#"
            Ash's 2d6 (the fall): on each die 6 is a Crit and 1 a Botch, each with a chance of 16.7% (1/6) (F1); the faces add up to 2 to 12.
              At least one Crit (a 6): 11/36 (0.3055555555555556)
              At least one Botch (a 1): 11/36 (0.3055555555555556)
              No Crit and no Botch: 4/9 (0.4444444444444444)
              distribution: 2: 1/36, 3: 1/18, 4: 1/12, 5: 1/9, 6: 5/36, 7: 1/6, 8: 5/36, 9: 1/9, 10: 1/12, 11: 1/18, 12: 1/36
        "#]],
    );
    // Brute force: for every die of F1 and 1 to 3 of them, count every combination of faces.
    for sides in [4u32, 6, 8, 10, 12, 20] {
        for count in 1..=3u32 {
            let all = sides.pow(count);
            let (mut crit, mut botch, mut neither) = (0u32, 0u32, 0u32);
            let mut totals = std::collections::BTreeMap::<u32, u32>::new();
            for n in 0..all {
                let faces: Vec<u32> = (0..count).map(|i| n / sides.pow(i) % sides + 1).collect();
                crit += u32::from(faces.contains(&sides));
                botch += u32::from(faces.contains(&1));
                neither += u32::from(!faces.contains(&sides) && !faces.contains(&1));
                *totals.entry(faces.iter().sum()).or_default() += 1;
            }
            let reduced = |k: u32| {
                let g = gcd(k as usize, all as usize) as u32;
                match k {
                    0 => "0".to_owned(),
                    k if k == all => "1".to_owned(),
                    k => format!("{}/{}", k / g, all / g),
                }
            };
            let command = json!({"do": "roll_die", "die": sides, "count": count});
            let command: Command = serde_json::from_value(command).unwrap();
            let odds = Freelancer::odds(&state, &command).expect("odds");
            let got: Vec<&str> = odds.chances.iter().map(|c| c.p.as_str()).collect();
            assert_eq!(
                got,
                [reduced(crit), reduced(botch), reduced(neither)],
                "{count}d{sides}"
            );
            let distribution: Vec<(String, String)> = odds
                .distribution
                .iter()
                .map(|c| (c.label.clone(), c.p.clone()))
                .collect();
            let expected: Vec<(String, String)> = totals
                .iter()
                .map(|(total, k)| (total.to_string(), reduced(*k)))
                .collect();
            assert_eq!(distribution, expected, "{count}d{sides}");
        }
    }
}

#[test]
fn initiative_odds_match_every_combination_of_dice() {
    // Two with SPD 50 and LCK 5 tie often (a roll-off); the third is slower but sometimes first.
    let sheets = [
        ("X", 0u128, 50u128, 5u128),
        ("Y", 0, 50, 5),
        ("Z", 20, 60, 0),
    ];
    let mut steps: Vec<(Value, Vec<i64>)> = sheets
        .iter()
        .map(|(n, alc, spd, lck)| {
            enroll(json!({"name": n, "ratings": {"ALC": alc, "SPD": spd, "LCK": lck}}))
        })
        .collect();
    steps.push(step(
        json!({"do": "start_event", "name": "a race", "who": ["X", "Y", "Z"]}),
        &[],
    ));
    let state = play(json!({}), &steps);
    // Brute force over the 10^6 triples of d100s: the first turn goes to the highest (turn, SPD,
    // LCK); a tie on all three is a roll-off (F5).
    let mut first = [0u64; 3];
    let mut roll_off = 0u64;
    let key = |i: usize, d: u128| {
        let (_, alc, spd, lck) = sheets[i];
        (scale(alc + d, spd), spd, lck)
    };
    for x in 1..=100 {
        for y in 1..=100 {
            for z in 1..=100 {
                let keys = [key(0, x), key(1, y), key(2, z)];
                let top = keys.iter().max().copied().unwrap();
                let at_top: Vec<usize> = (0..3).filter(|i| keys[*i] == top).collect();
                match at_top.as_slice() {
                    [only] => first[*only] += 1,
                    _ => roll_off += 1,
                }
            }
        }
    }
    let p = |n: u64| {
        if n == 0 {
            return "0".to_owned();
        }
        let g = gcd(usize::try_from(n).unwrap(), 1_000_000) as u64;
        format!("{}/{}", n / g, 1_000_000 / g)
    };
    let expected = [
        format!("X goes first {}", p(first[0])),
        format!("Y goes first {}", p(first[1])),
        format!("Z goes first {}", p(first[2])),
        format!("A roll-off decides who goes first {}", p(roll_off)),
    ];
    assert_eq!(chances(&state, json!({"do": "initiative"})), expected);
    // The numbers themselves, for the record.
    assert_eq!(
        expected,
        [
            "X goes first 34113/100000",
            "Y goes first 34113/100000",
            "Z goes first 311479/1000000",
            "A roll-off decides who goes first 6261/1000000",
        ]
    );
    // A Total Action leaves the rest: Y and Z only.
    check(
        odds_of(&state, json!({"do": "initiative", "total_actions": ["X"]})),
        expect![[r#"
            Round 1: each rolls d100 + ALC scaled to SPD's digits, highest first; ties go to SPD, then LCK, then a roll-off (F5); X takes a Total Action.
              Y goes first: 5379/10000 (0.5379)
              Z goes first: 4621/10000 (0.4621)
        "#]],
    );
}

#[test]
fn initiative_odds_for_a_full_event_add_up() {
    // 32 participants (the most in one event, F5), alike but for ALC: every chance is exact and they
    // add up to 1; the work is 32 x 100 x 31 comparisons.
    let names: Vec<String> = (0..32).map(|i| format!("P{i:02}")).collect();
    let mut steps: Vec<(Value, Vec<i64>)> = names
        .iter()
        .enumerate()
        .map(|(i, n)| enroll(json!({"name": n, "ratings": {"ALC": i, "SPD": 99, "LCK": 1}})))
        .collect();
    steps.push(step(
        json!({"do": "start_event", "name": "a brawl", "who": names}),
        &[],
    ));
    let state = play(json!({}), &steps);
    let command: Command = serde_json::from_value(json!({"do": "initiative"})).unwrap();
    let started = std::time::Instant::now();
    let odds = Freelancer::odds(&state, &command).unwrap();
    let took = started.elapsed();
    assert_eq!(odds.chances.len(), 33);
    let total: f64 = odds.chances.iter().map(|c| c.decimal).sum();
    assert!((total - 1.0).abs() < 1e-9, "{total}");
    // Everyone has some chance, and the whole takes well under a second even unoptimised.
    assert!(odds.chances.iter().all(|c| c.p != "0"));
    assert!(took.as_secs() < 5, "{took:?}");
}

// ----- the character builders and the forms that took JSON -----

/// The move `seat` is offered in `state` with this label.
fn offered_move(state: &State, seat: &Seat, label: &str) -> Move {
    Freelancer::moves(state, seat)
        .into_iter()
        .find(|m| m.label == label)
        .unwrap_or_else(|| panic!("no {label:?}"))
}

/// `decide`'s answer to `command` in `state`: the events, or the refusal's field and message.
fn decided(
    state: &State,
    command: &Value,
) -> Result<Vec<skald_freelancer::Event>, (Option<String>, String)> {
    let command: Command = serde_json::from_value(command.clone())
        .map_err(|e| (None, format!("{command} does not parse: {e}")))?;
    Freelancer::decide(state, &command, &mut Scripted::new(vec![50, 50]))
        .map_err(|e| (Freelancer::error_field(&e), e.to_string()))
}

/// Each blank of `m` as `name | label`, a list's entries' blanks indented under it, and whether it
/// says what it means.
fn labels(m: &Move) -> String {
    fn walk(out: &mut String, fields: &[skald_core::Field], indent: &str) {
        for f in fields {
            let help = if f.help.is_some() { " (help)" } else { "" };
            out.push_str(&format!("{indent}{} | {}{help}\n", f.name, f.label));
            if let FieldKind::List { item, .. } = &f.kind {
                walk(out, item, &format!("{indent}  "));
            }
        }
    }
    let mut out = String::new();
    walk(&mut out, &m.fields, "");
    out
}

/// The builders, blank by blank: a player's PC at a table without formulas (every rating, each
/// spelled out as the book names it, with what it does), and at a table with the starting
/// formulas (the stats left to them); the GM's three, the stats with formulas offered empty.
#[test]
fn the_builders_for_a_player_and_the_gm() {
    let m = offered_move(&guard(), &newcomer(), "Create a character");
    assert_eq!(m.sheet.as_deref(), Some("character"));
    check(
        sketch_move(&m),
        expect![[r#"
            Characters | Create a character | {"character":{"kind":"pc"},"do":"enroll"}
              (the sheet at character saves to a file)
              character.name: text, at most 64
              character.level: number 1..=1000, default 1
              character.xp: number 0..=1000000000000000, default 0
              character.ap: number 0..=1000000000000000, default 0
              character.vocation: one of
                - None yet = null
                - Hoplite (Fighters Guild) = "Hoplite"
                - Wushu jia (Fighters Guild) = "Wushu jia"
                - Scout (Hunters Association) = "Scout"
                - Guerilla (Hunters Association) = "Guerilla"
                - Witch (Grand Coven) = "Witch"
                - Shaman (Grand Coven) = "Shaman"
                - Swindler (Thieves Assembly) = "Swindler"
                - Hitman (Thieves Assembly) = "Hitman"
              character.ratings.MIT: text, at most 48
              character.ratings.VIG: text, at most 48
              character.ratings.ALC: text, at most 48
              character.ratings.INT: text, at most 48
              character.ratings.MRL: text, at most 48
              character.ratings.LCK: text, at most 48
              character.ratings.HP: text, at most 48
              character.ratings.TP: text, at most 48
              character.ratings.SP: text, at most 48
              character.ratings.LFT: text, at most 48
              character.ratings.STR: text, at most 48
              character.ratings.PHD: text, at most 48
              character.ratings.MD: text, at most 48
              character.ratings.JMP: text, at most 48
              character.ratings.SPD: text, at most 48
              character.ratings.DOG: text, at most 48
              character.ratings.ATN: text, at most 48
              character.ratings.DIS: text, at most 48
              character.ratings.RES: text, at most 48
              character.ratings.WIL: text, at most 48
              character.ratings.CHM: text, at most 48
              character.ratings.FTH: text, at most 48
              character.abilities: list of 0..=1000 entries, 0 at first
                  name: text, at most 64
                  path: one of
                    - General = "general"
                    - Hoplite = "Hoplite"
                    - Wushu jia = "Wushu jia"
                    - Scout = "Scout"
                    - Guerilla = "Guerilla"
                    - Witch = "Witch"
                    - Shaman = "Shaman"
                    - Swindler = "Swindler"
                    - Hitman = "Hitman"
        "#]],
    );
    check(
        labels(&m),
        expect![[r#"
        character.name | Name
        character.level | Level (help)
        character.xp | Experience points (XP) (help)
        character.ap | Ability points (AP) (help)
        character.vocation | Vocation (help)
        character.ratings.MIT | Might (MIT) (help)
        character.ratings.VIG | Vigor (VIG) (help)
        character.ratings.ALC | Alacrity (ALC) (help)
        character.ratings.INT | Intuition (INT) (help)
        character.ratings.MRL | Morale (MRL) (help)
        character.ratings.LCK | Luck (LCK) (help)
        character.ratings.HP | Health Points (HP) (help)
        character.ratings.TP | Technique Points (TP) (help)
        character.ratings.SP | Spirit Points (SP) (help)
        character.ratings.LFT | Lifting Power (LFT) (help)
        character.ratings.STR | Striking Power (STR) (help)
        character.ratings.PHD | Physical Defense (PHD) (help)
        character.ratings.MD | Magical Defense (MD) (help)
        character.ratings.JMP | Jumping Height (JMP) (help)
        character.ratings.SPD | Running Speed (SPD) (help)
        character.ratings.DOG | Dodge Reflex (DOG) (help)
        character.ratings.ATN | Attention (ATN) (help)
        character.ratings.DIS | Discovery (DIS) (help)
        character.ratings.RES | Status Resistance (RES) (help)
        character.ratings.WIL | Willpower (WIL) (help)
        character.ratings.CHM | Charisma (CHM) (help)
        character.ratings.FTH | Faith (FTH) (help)
        character.abilities | Abilities already learned (help)
          name | Ability
          path | Path
    "#]],
    );
    // The help says what each rating does, the book's words in ours, and that stats are the GM's.
    let help = |m: &Move, name: &str| {
        m.fields
            .iter()
            .find(|f| f.name == name)
            .and_then(|f| f.help.clone())
            .unwrap_or_else(|| panic!("no help for {name}"))
    };
    assert_eq!(
        help(&m, "character.ratings.MIT"),
        "Outward strength: the physical force the character can apply, as in a bare-handed blow, a \
         lift or a high jump. Typical for a new character: 5 to 40 (Skald's guide; the book gives \
         no scale). Each rating is a whole number 0 to 10^30 typed as digits; left empty, it is not \
         on the sheet."
    );
    assert_eq!(
        help(&m, "character.ratings.HP"),
        "Well-being: damage lowers it, and at 0 the character faints. Affected by VIG, MRL and \
         LCK. Typical for a new character: 10 to 150, as the book's CHM 27 and the guard's WIL 56 \
         (Skald's guide; the book gives no scale). Stats are the GM's numbers (F8): write the ones \
         your GM gives."
    );
    assert_eq!(
        help(&m, "character.ratings.LFT"),
        "The mass lifted overhead with both hands; it adds up across a team that can grip the \
         load. Affected by MIT and VIG. Typical for a new character: 20 to 100, as the book's 42, \
         71 and 87; its superhuman arm wrestler has 915 (Skald's guide)."
    );
    // Where the book gives no scale, a typical value beside each number (docs/decisions.md):
    // SPD from the book's examples, and starting AP from the table's AP per level.
    assert_eq!(
        help(&m, "character.ratings.SPD"),
        "How fast the character travels; initiative is scaled to its digits (F5). Affected by MIT, \
         ALC, LFT and equipment. Typical for a new character: 5 to 100; the book's examples run \
         from 8 to 1248 (Skald's guide)."
    );
    assert_eq!(
        help(&m, "character.ap"),
        "AP left to spend on abilities, 0 to 10^15; the GM awards more for work done. Typical for \
         a new character: 1 for each level it starts at (this table's AP per level; the book: at \
         least 1 a level, 5 for a one-shot), less what the abilities already learned cost. The \
         GM's number: agree it with your GM."
    );
    let one_shot = play(json!({"ap_per_level": 5}), &[]);
    let m5 = offered_move(&one_shot, &newcomer(), "Create a character");
    assert!(
        help(&m5, "character.ap").contains("Typical for a new character: 5 for each level"),
        "{}",
        help(&m5, "character.ap")
    );
    // With the starting formulas a player's builder leaves the stats to them.
    let table = formulas();
    let m = offered_move(&table, &newcomer(), "Create a character");
    check(
        sketch_move(&m),
        expect![[r#"
            Characters | Create a character | {"character":{"kind":"pc"},"do":"enroll"}
              (the sheet at character saves to a file)
              character.name: text, at most 64
              character.level: number 1..=1000, default 1
              character.xp: number 0..=1000000000000000, default 0
              character.ap: number 0..=1000000000000000, default 0
              character.vocation: one of
                - None yet = null
                - Hoplite (Fighters Guild) = "Hoplite"
                - Wushu jia (Fighters Guild) = "Wushu jia"
                - Scout (Hunters Association) = "Scout"
                - Guerilla (Hunters Association) = "Guerilla"
                - Witch (Grand Coven) = "Witch"
                - Shaman (Grand Coven) = "Shaman"
                - Swindler (Thieves Assembly) = "Swindler"
                - Hitman (Thieves Assembly) = "Hitman"
              character.ratings.MIT: text, at most 48
              character.ratings.VIG: text, at most 48
              character.ratings.ALC: text, at most 48
              character.ratings.INT: text, at most 48
              character.ratings.MRL: text, at most 48
              character.ratings.LCK: text, at most 48
              character.abilities: list of 0..=1000 entries, 0 at first
                  name: text, at most 64
                  path: one of
                    - General = "general"
                    - Hoplite = "Hoplite"
                    - Wushu jia = "Wushu jia"
                    - Scout = "Scout"
                    - Guerilla = "Guerilla"
                    - Witch = "Witch"
                    - Shaman = "Shaman"
                    - Swindler = "Swindler"
                    - Hitman = "Hitman"
        "#]],
    );
    // The GM's builders offer every stat; one with a formula is left empty for it.
    let moves = Freelancer::moves(&table, &gm());
    let builders: Vec<&Move> = moves.iter().filter(|m| m.sheet.is_some()).collect();
    check(
        builders
            .iter()
            .map(|m| {
                let head = sketch_move(m);
                format!(
                    "{} ({} blanks)\n",
                    head.lines().next().unwrap_or_default(),
                    m.fields.len()
                )
            })
            .collect::<String>(),
        expect![[r#"
            Characters | Create a character | {"character":{"kind":"pc"},"do":"enroll"} (28 blanks)
            Characters | Make an NPC with a full sheet | {"character":{"kind":"npc"},"do":"enroll"} | odds (28 blanks)
            Characters | Make an Encounter Sheet | {"character":{"kind":"encounter"},"do":"enroll"} | odds (23 blanks)
        "#]],
    );
    check(
        labels(builders[2]),
        expect![[r#"
        character.name | Name
        character.ratings.MIT | Might (MIT) (help)
        character.ratings.VIG | Vigor (VIG) (help)
        character.ratings.ALC | Alacrity (ALC) (help)
        character.ratings.INT | Intuition (INT) (help)
        character.ratings.MRL | Morale (MRL) (help)
        character.ratings.LCK | Luck (LCK) (help)
        character.ratings.HP | Health Points (HP) (help)
        character.ratings.TP | Technique Points (TP) (help)
        character.ratings.SP | Spirit Points (SP) (help)
        character.ratings.LFT | Lifting Power (LFT) (help)
        character.ratings.STR | Striking Power (STR) (help)
        character.ratings.PHD | Physical Defense (PHD) (help)
        character.ratings.MD | Magical Defense (MD) (help)
        character.ratings.JMP | Jumping Height (JMP) (help)
        character.ratings.SPD | Running Speed (SPD) (help)
        character.ratings.DOG | Dodge Reflex (DOG) (help)
        character.ratings.ATN | Attention (ATN) (help)
        character.ratings.DIS | Discovery (DIS) (help)
        character.ratings.RES | Status Resistance (RES) (help)
        character.ratings.WIL | Willpower (WIL) (help)
        character.ratings.CHM | Charisma (CHM) (help)
        character.ratings.FTH | Faith (FTH) (help)
    "#]],
    );
    assert_eq!(
        help(builders[2], "character.ratings.HP"),
        "Well-being: damage lowers it, and at 0 the character faints. Affected by VIG, MRL and \
         LCK. Leave it empty: the table's formula gives it (VIG + MRL + LCK)."
    );
    assert!(
        !Freelancer::moves(&table, &player(&["Ash"]))
            .iter()
            .any(|m| m.label.starts_with("Make an")),
        "a player is offered only the PC builder"
    );
}

/// A person makes the ambush's Mara through the PC builder, field by field with no JSON: the exact
/// command, which the rules accept; a rating beyond a number input's reach (10^30) is typed as
/// digits.
#[test]
fn a_player_makes_mara_with_the_builder() {
    let state = guard();
    let m = offered_move(&state, &newcomer(), "Create a character");
    let command = form::picked(
        &m,
        &[
            ("character.name", json!("Mara")),
            ("character.level", json!(3)),
            ("character.xp", json!(150)),
            ("character.ap", json!(2)),
            ("character.vocation", json!("Hoplite")),
            ("character.ratings.ALC", json!("150,348")),
            ("character.ratings.LCK", json!("31")),
            ("character.ratings.SPD", json!("204000")),
            (
                "character.ratings.LFT",
                json!("1000000000000000000000000000000"),
            ),
            (
                "character.abilities",
                json!([{"name": "Shield Wall", "path": "Hoplite"}, {"name": "Second Wind", "path": "general"}]),
            ),
        ],
    );
    assert_eq!(
        command,
        json!({"do": "enroll", "character": {
            "kind": "pc", "name": "Mara", "level": 3, "xp": 150, "ap": 2, "vocation": "Hoplite",
            "ratings": {"ALC": "150,348", "LCK": "31", "SPD": "204000", "LFT": "1000000000000000000000000000000"},
            "abilities": [{"name": "Shield Wall", "path": "Hoplite"}, {"name": "Second Wind", "path": "general"}],
        }})
    );
    let events = decided(&state, &command).unwrap();
    let after = events.iter().fold(state, Freelancer::apply);
    let view = Freelancer::view(&after);
    assert_eq!(
        view["characters"]["Mara"]["attributes"]["ALC"],
        json!(150_348)
    );
    assert_eq!(
        view["characters"]["Mara"]["stats"]["LFT"]["value"],
        json!("1000000000000000000000000000000")
    );
    assert_eq!(view["characters"]["Mara"]["vocation"], json!("Hoplite"));
    assert_eq!(view["rating_names"]["LFT"], json!("Lifting Power"));
    // Left at its first choice, the vocation is none yet, which the rules take too.
    let command = form::picked(&m, &[("character.name", json!("Nobody"))]);
    assert_eq!(
        command,
        json!({"do": "enroll", "character": {"kind": "pc", "name": "Nobody", "level": 1, "xp": 0, "ap": 0, "vocation": null, "abilities": []}})
    );
    assert!(decided(&guard(), &command).is_ok());
}

/// The GM makes the book's guard through the Encounter Sheet builder (a brief NPC: name and
/// ratings) and a full NPC through its own; the exact commands, which the rules accept.
#[test]
fn the_gm_makes_the_guard_and_an_npc_with_the_builders() {
    let state = play(json!({}), &[enroll(sheets::ash())]);
    let m = offered_move(&state, &gm(), "Make an Encounter Sheet");
    let command = form::picked(
        &m,
        &[
            ("character.name", json!("Guard")),
            ("character.ratings.WIL", json!("56")),
        ],
    );
    assert_eq!(
        command,
        json!({"do": "enroll", "character": {"kind": "encounter", "name": "Guard", "ratings": {"WIL": "56"}}})
    );
    let events = decided(&state, &command).unwrap();
    let after = events.iter().fold(state.clone(), Freelancer::apply);
    // The guard is then the difficulty of Ash's check against an NPC (F3).
    assert!(
        Freelancer::moves(&after, &player(&["Ash"]))
            .iter()
            .any(|m| m.label == "Ash: task check against an NPC")
    );
    let m = offered_move(&state, &gm(), "Make an NPC with a full sheet");
    let command = form::picked(
        &m,
        &[
            ("character.name", json!("Brom")),
            ("character.vocation", json!("Wushu jia")),
            ("character.ratings.LFT", json!("915")),
        ],
    );
    assert_eq!(
        command,
        json!({"do": "enroll", "character": {"kind": "npc", "name": "Brom", "level": 1, "xp": 0, "ap": 0,
            "vocation": "Wushu jia", "ratings": {"LFT": "915"}, "abilities": []}})
    );
    assert!(decided(&state, &command).is_ok());
}

/// What a builder leaves to the person is refused by the rules beside its blank: the refusal names
/// the sheet's field as a path into the command, with the value and the range.
#[test]
fn a_builder_refusal_names_the_sheets_field() {
    let state = guard();
    let m = offered_move(&state, &newcomer(), "Create a character");
    let cases = [
        (
            vec![
                ("character.name", json!("Mara")),
                ("character.ratings.MIT", json!("lots")),
            ],
            "character.ratings.MIT",
            "`ratings.MIT` is \"lots\", but it must be a whole number 0 to 10^30 (a rating on the \
             sheet, F8)",
        ),
        (
            vec![
                ("character.name", json!("Mara")),
                (
                    "character.ratings.SPD",
                    json!("1,000,000,000,000,000,000,000,000,000,001"),
                ),
            ],
            "character.ratings.SPD",
            "`ratings.SPD` is \"1,000,000,000,000,000,000,000,000,000,001\", but it must be 0 to \
             10^30 (a rating on the sheet, F8)",
        ),
        (
            vec![("character.name", json!("Ash"))],
            "character.name",
            "`name` is \"Ash\", but a character of that name is already at the table",
        ),
        (
            vec![("character.name", json!(" "))],
            "character.name",
            "`name` is \" \", but it must be 1 to 64 characters and not blank",
        ),
        (
            vec![
                ("character.name", json!("Mara")),
                (
                    "character.abilities",
                    json!([{"name": "Second Wind", "path": "general"}, {"name": "Second Wind", "path": "general"}]),
                ),
            ],
            "character.abilities.1.name",
            "`abilities[1]` lists Second Wind (General) a second time; an ability is learned once \
             (F8)",
        ),
    ];
    for (picks, field, message) in cases {
        let command = form::picked(&m, &picks);
        assert_eq!(
            decided(&state, &command).unwrap_err(),
            (Some(field.to_owned()), message.to_owned()),
            "{command}"
        );
    }
}

/// A task check's adjustments, once JSON only, are a list of factors with reasons: the exact
/// command, accepted, and the adjustment recorded; a bad factor is refused naming its entry.
#[test]
fn adjustments_are_a_list_of_factors_with_reasons() {
    let state = lifters();
    let m = offered_move(&state, &player(&["Ash"]), "Ash: task check");
    let command = form::picked(
        &m,
        &[
            ("rating", json!("LFT")),
            ("difficulty", json!("1,200")),
            (
                "adjust",
                json!([{"factor": "1/4", "reason": "one arm"}, {"factor": "2", "reason": "a lever"}]),
            ),
        ],
    );
    assert_eq!(
        command,
        json!({"do": "task_check", "who": "Ash", "rating": "LFT", "difficulty": "1,200",
            "adjust": [{"factor": "1/4", "reason": "one arm"}, {"factor": "2", "reason": "a lever"}]})
    );
    let events = decided(&state, &command).unwrap();
    let logged = serde_json::to_value(&events[0]).unwrap();
    // 42 x 1/4 = 10, x 2 = 20: 20 against 1200, equalized 2 against 120.
    assert_eq!(logged["adjustments"][1]["after"], json!(20));
    let bad = form::picked(
        &m,
        &[
            ("rating", json!("LFT")),
            ("difficulty", json!("70")),
            ("adjust", json!([{"factor": "half", "reason": "one arm"}])),
        ],
    );
    assert_eq!(
        decided(&state, &bad).unwrap_err(),
        (
            Some("adjust.0.factor".to_owned()),
            "`adjust[0].factor` is \"half\", but a factor is a fraction p/q or a whole number p, \
             with p and q 1 to 100 (\"1/2\" halves a rating) (F4)"
                .to_owned()
        )
    );
    // The difficulty is typed as digits; anything else is refused beside it.
    let bad = form::picked(
        &m,
        &[("rating", json!("LFT")), ("difficulty", json!("a lot"))],
    );
    assert_eq!(
        decided(&state, &bad).unwrap_err().0.as_deref(),
        Some("difficulty")
    );
    // The opposed check's sides each take their own: the book's arm wrestlers, both at one arm.
    let m = offered_move(&state, &player(&["Ash"]), "Opposed check");
    let command = form::picked(
        &m,
        &[
            ("a", json!({"who": "Ash", "rating": "LFT"})),
            ("a.adjust", json!([{"factor": "1/2", "reason": "one arm"}])),
            ("b", json!({"who": "Brom", "rating": "LFT"})),
            ("b.adjust", json!([{"factor": "1/2", "reason": "one arm"}])),
            ("against", json!("arm wrestling")),
        ],
    );
    assert_eq!(
        command,
        json!({"do": "opposed_check", "method": "roll_under", "against": "arm wrestling",
            "a": {"who": "Ash", "rating": "LFT", "adjust": [{"factor": "1/2", "reason": "one arm"}]},
            "b": {"who": "Brom", "rating": "LFT", "adjust": [{"factor": "1/2", "reason": "one arm"}]}})
    );
    assert!(decided(&state, &command).is_ok());
    let bad = form::picked(
        &m,
        &[
            ("a", json!({"who": "Ash", "rating": "LFT"})),
            ("b", json!({"who": "Brom", "rating": "LFT"})),
            ("b.adjust", json!([{"factor": "1/0", "reason": "one arm"}])),
        ],
    );
    assert_eq!(
        decided(&state, &bad).unwrap_err().0.as_deref(),
        Some("b.adjust.0.factor")
    );
}

/// A team lift names who rolls (the luckiest by default); a check on a Talent takes its number.
#[test]
fn a_team_lift_names_its_roller_and_a_talent_is_a_number() {
    let state = lifters();
    let m = offered_move(&state, &player(&["Cy"]), "Team lift");
    let command = form::picked(&m, &[("difficulty", json!("1200"))]);
    assert_eq!(
        command,
        json!({"do": "team_lift", "who": ["Cy", "Ash", "Brom"], "difficulty": "1200", "roller": null})
    );
    assert!(decided(&state, &command).is_ok());
    let command = form::picked(
        &m,
        &[("difficulty", json!("1200")), ("roller", json!("Cy"))],
    );
    assert!(decided(&state, &command).is_ok());
    let m = offered_move(
        &state,
        &player(&["Cy"]),
        "Cy: task check on a Talent or another number",
    );
    let command = form::picked(&m, &[("rating", json!("27")), ("difficulty", json!("56"))]);
    assert_eq!(
        command,
        json!({"do": "task_check", "who": "Cy", "rating": "27", "difficulty": "56", "adjust": []})
    );
    assert!(decided(&state, &command).is_ok());
}

/// The lobby's formulas: none, or Skald's starting set, each formula naming only what affects its
/// stat (F8); the GM then sets one at the table with a form, and the sheets follow it; a formula
/// that does not read or names what does not affect the stat is refused beside it.
#[test]
fn the_gm_sets_formulas_from_the_lobby_and_at_the_table() {
    assert_eq!(formulas_option("none"), json!({}));
    let starting = formulas_option("Skald's starting set");
    assert_eq!(starting.as_object().map(|m| m.len()), Some(16));
    assert_eq!(starting["WIL"], json!("LVL + MIT + VIG + INT + MRL"));
    let table = formulas();
    let view = Freelancer::view(&table);
    // Ash: VIG 8 + MRL 9 + LCK 12 = 29 HP; MIT 12 + ALC 15 = 27 SPD.
    assert_eq!(
        view["characters"]["Ash"]["stats"]["HP"],
        json!({"value": 29, "from": "formula", "affected_by": ["VIG", "MRL", "LCK"]})
    );
    assert_eq!(
        view["characters"]["Ash"]["stats"]["SPD"]["value"],
        json!(27)
    );
    let m = offered_move(&table, &gm(), "Set a stat formula");
    check(
        sketch_move(&m),
        expect![[r#"
        Stat formulas | Set a stat formula | {"do":"set_formula"}
          stat: one of
            - Health Points (HP) (now: VIG + MRL + LCK) = "HP"
            - Technique Points (TP) (now: MIT + VIG + INT + MRL) = "TP"
            - Spirit Points (SP) (now: INT + MRL) = "SP"
            - Lifting Power (LFT) (now: MIT + VIG) = "LFT"
            - Striking Power (STR) (now: MIT + ALC + MRL) = "STR"
            - Physical Defense (PHD) (now: MIT + VIG) = "PHD"
            - Magical Defense (MD) (now: INT + MRL) = "MD"
            - Jumping Height (JMP) (now: MIT + ALC) = "JMP"
            - Running Speed (SPD) (now: MIT + ALC) = "SPD"
            - Dodge Reflex (DOG) (now: ALC + INT + LCK) = "DOG"
            - Attention (ATN) (now: VIG + INT + LCK) = "ATN"
            - Discovery (DIS) (now: INT + MRL + LCK) = "DIS"
            - Status Resistance (RES) (now: VIG + MRL + LCK) = "RES"
            - Willpower (WIL) (now: LVL + MIT + VIG + INT + MRL) = "WIL"
            - Charisma (CHM) (now: LVL + MIT + MRL + LCK) = "CHM"
            - Faith (FTH) (now: LVL + MRL) = "FTH"
          formula: text, at most 200
    "#]],
    );
    let command = form::picked(&m, &[("formula", json!("VIG * 10 + MRL + LCK"))]);
    assert_eq!(
        command,
        json!({"do": "set_formula", "stat": "HP", "formula": "VIG * 10 + MRL + LCK"})
    );
    let events = decided(&table, &command).unwrap();
    assert_eq!(
        Freelancer::describe(&events[0]),
        "Health Points (HP) now comes from the table's formula VIG * 10 + MRL + LCK (was: VIG + \
         MRL + LCK) (F8)."
    );
    let after = events.iter().fold(table.clone(), Freelancer::apply);
    assert_eq!(
        Freelancer::view(&after)["characters"]["Ash"]["stats"]["HP"]["value"],
        json!(101)
    );
    // Left empty, the formula goes: HP is then each sheet's own.
    let command = form::picked(&m, &[]);
    assert_eq!(command, json!({"do": "set_formula", "stat": "HP"}));
    let events = decided(&after, &command).unwrap();
    let after = events.iter().fold(after, Freelancer::apply);
    assert!(Freelancer::view(&after)["characters"]["Ash"]["stats"]["HP"].is_null());
    assert_eq!(
        Freelancer::authority(&serde_json::from_value(command).unwrap()),
        Authority::Gm
    );
    let refused = |picks: &[(&str, Value)]| decided(&table, &form::picked(&m, picks)).unwrap_err();
    assert_eq!(
        refused(&[("formula", json!("VIG *"))]),
        (
            Some("formula".to_owned()),
            "`formula` is \"VIG *\", which does not read at character 6: the formula ends where a \
             number, a name or `(` was expected (F8)"
                .to_owned()
        )
    );
    assert_eq!(
        refused(&[("formula", json!("MIT + VIG"))]),
        (
            Some("formula".to_owned()),
            "`formula` is \"MIT + VIG\", but it names MIT at character 1, and HP is affected by VIG \
             MRL LCK only (freelancer.txt, Stats) (F8)"
                .to_owned()
        )
    );
    assert_eq!(
        refused(&[("stat", json!("MIT")), ("formula", json!("VIG"))])
            .0
            .as_deref(),
        Some("stat")
    );
    assert_eq!(
        refused(&[("formula", json!("VIG + MRL + LCK"))]).1,
        "`formula` is \"VIG + MRL + LCK\", which is HP's formula already (F8)"
    );
    assert_eq!(
        refused(&[(
            "formula",
            json!("VIG * 1_000_000_000_000_000_000_000_000_000_000")
        )]),
        (
            Some("formula".to_owned()),
            "`formula` is \"VIG * 1_000_000_000_000_000_000_000_000_000_000\", which cannot give \
             Ash's HP: it comes to 8000000000000000000000000000000, but a stat is 0 to 10^30 (F8)"
                .to_owned()
        )
    );
    // During an event a participant keeps the SPD its initiative is scaled to (F5).
    let command = json!({"do": "start_event", "name": "the ford", "who": ["Ash"]});
    let events = decided(&table, &command).unwrap();
    let event = events.iter().fold(table.clone(), Freelancer::apply);
    assert_eq!(
        decided(&event, &json!({"do": "set_formula", "stat": "SPD"})).unwrap_err(),
        (
            Some("formula".to_owned()),
            "`formula` is left out, which would leave Ash without SPD in the event \"the ford\" \
             under way, and initiative is scaled to SPD (F5)"
                .to_owned()
        )
    );
    assert!(
        decided(
            &event,
            &json!({"do": "set_formula", "stat": "SPD", "formula": "MIT * 10 + ALC"})
        )
        .is_ok()
    );
}

/// Every text a seat reads on its moves (labels, notes, blanks' labels and help, choices, the
/// questions asked before sending) cites its rules in the form the pages link, names no file and
/// shows nothing raw (issue 31), on the states of the book's examples, for the GM and the players.
#[test]
fn every_move_text_cites_its_rules_as_links_and_shows_nothing_raw() {
    fn field_texts(f: &skald_core::Field, out: &mut Vec<String>) {
        out.push(f.label.clone());
        out.extend(f.help.clone());
        match &f.kind {
            FieldKind::Choice { options, .. } => {
                for o in options {
                    out.push(o.label.clone());
                    out.extend(o.help.clone());
                    out.extend(o.confirm.clone());
                }
            }
            FieldKind::List { item, .. } => {
                for i in item {
                    field_texts(i, out);
                }
            }
            _ => {}
        }
    }
    let mut states = vec![guard(), formulas(), lifters()];
    states.extend((0..=9).map(ambush));
    let mut texts = Vec::new();
    for state in &states {
        let names: Vec<&str> = state.characters.keys().map(String::as_str).collect();
        let mut seats = vec![gm(), newcomer()];
        seats.extend(names.iter().map(|n| player(&[n])));
        for seat in &seats {
            for m in Freelancer::moves(state, seat) {
                texts.push(m.label.clone());
                texts.extend(m.note.clone());
                texts.extend(m.confirm.clone());
                for f in &m.fields {
                    field_texts(f, &mut texts);
                }
            }
        }
    }
    assert!(texts.len() > 1000, "{}", texts.len());
    for text in &texts {
        // A factor's form, "p/q", is written in the help of adjustments; no chance is here.
        let slipped: Vec<String> = common::slips(text)
            .into_iter()
            .filter(|s| !s.starts_with("a bare fraction"))
            .collect();
        assert_eq!(slipped, Vec::<String>::new(), "{text}");
    }
    // The rules page and the lobby's options too.
    let page = &skald_freelancer::model::RULINGS;
    for text in page
        .how_to_play
        .iter()
        .chain(page.rulings.iter().map(|r| &r.text))
    {
        assert_eq!(common::slips(text), Vec::<String>::new(), "{text}");
    }
    for f in Freelancer::option_fields() {
        let mut lobby = Vec::new();
        field_texts(&f, &mut lobby);
        assert!(f.help.is_some(), "one line of help per option: {}", f.label);
        for text in lobby {
            assert_eq!(common::slips(&text), Vec::<String>::new(), "{text}");
        }
    }
}
