//! What a seat may do now at a Twenty table, as forms ([`moves`]), and the exact chances of a command
//! before its dice are rolled ([`odds`]): the two [`skald_core::System`] methods a table page uses.
//!
//! [`moves`] offers only what the rules would accept now (given the right values in the blanks) and
//! only what the seat may send (`authority.rs`): the GM acts for every character and alone has the
//! GM's commands (starting conflicts, rest, defining traits, rescinding obligations); a player acts for
//! the characters it owns. Choices list only eligible values: traits with enough unchecked boxes,
//! unused and unbroken (T2); dice above the taker's highest (T5); unused burden boxes (T6); checked
//! boxes (T10); unchecked boxes to colour (T11). A move is an offer, never a permission: `decide`
//! still checks every command and refuses a wrong value with its own message.
//!
//! [`odds`] gives exact fractions for the commands that roll: `bring_in` (the chance of being ahead
//! after the exchange, under the model of [`crate::exchange_choices`], a 1 forcing a stand, a 20 or a
//! 1 breaking items, and the highest new die), `stand` (the chance of being ahead after the exchange;
//! a stand can end the conflict and roll off a tie) and `take_burden` (the burden calculator
//! [`crate::burden_options`], the stat die and the chance of being disabled by it, and each choice
//! left in the exchange after it). The work is bounded before it starts ([`MAX_ODDS_WORK`]); a
//! command `decide` would refuse has no odds.
//!
//! Pure: no I/O, no clock, no random numbers (the probe that asks `decide` whether a command would be
//! accepted rolls a fixed cycle of faces and its events are thrown away).

use crate::catalogue::KeyKind;
use crate::conflict::{Conflict, Participant};
use crate::limits::{
    MAJOR_GOAL_UNCHECK, MAX_BOXES, MAX_GOAL_CHARS, MAX_NAME_CHARS, MAX_ODDS_WORK, MAX_PARTICIPANTS,
    MAX_SHEET_CHARS, MAX_SWAPS, MAX_TEXT_CHARS, MAX_THREE_BOXES, MAX_UNCHECK, NEW_EQUIPMENT_BOXES,
    NEW_TRAIT_BOXES, NEW_TRAITS, SIDES, STAT_BOXES,
};
use crate::odds::burden_options;
use crate::sheet::STATS;
use crate::state::Character;
use crate::{Command, State, compare_pools, exchange_choices, rules};
use num_bigint::{BigInt, BigUint};
use serde_json::{Value, json};
use skald_core::{
    Chance, Choice, DiceSource, Die, Field, FieldKind, Move, Odds, Seat, SourceError,
};
use skald_dice::odds::Fraction;
use std::cmp::Ordering;

/// The groups of a page, in the order moves are listed.
const CONFLICT: &str = "Conflict";
const BURDENS: &str = "Burdens";
const HEALING: &str = "Healing";
const GOALS: &str = "Regeneration and advancement";
const EQUIPMENT: &str = "Equipment";
const OBLIGATIONS: &str = "Obligations";
const CHARACTERS: &str = "Characters";
const TABLE: &str = "Table";

/// The moves legal now for `seat` at `state`, grouped in this order: Conflict (start a conflict,
/// then per participant the seat controls: bring in, stand, surrender), Burdens (take, use), Healing,
/// Regeneration and advancement (minor goal, major goal, rest), Equipment (repair), Obligations
/// (grant, end), Characters (add a character) and Table (define a trait).
///
/// Each [`Move`]'s `command` is the fixed part (`{"do": ..., "who": ...}`); its `fields` are the
/// blanks, each filling the command's key of the same name. Every move is one the seat may send by
/// `authority.rs` (a player never gets a GM-only move), and the rules would accept with the right
/// values. Never fails: a state with nothing to do gives an empty list for a player, and at least
/// "add a character" and "define a trait" for the GM.
pub fn moves(state: &State, seat: &Seat) -> Vec<Move> {
    let mut out = Vec::new();
    conflict_moves(state, seat, &mut out);
    burden_moves(state, seat, &mut out);
    healing_moves(state, seat, &mut out);
    goal_moves(state, seat, &mut out);
    equipment_moves(state, seat, &mut out);
    obligation_moves(state, seat, &mut out);
    out.push(add_character(state, seat));
    if seat.gm {
        out.push(Move {
            group: TABLE.into(),
            label: "Define a trait".into(),
            command: json!({"do": "define_trait"}),
            fields: vec![
                text_field("name", "Trait", MAX_NAME_CHARS),
                text_field("description", "What it covers", MAX_TEXT_CHARS),
                field("open", "Open to everyone, whatever their keys", FieldKind::Flag { default: false }),
            ],
            odds: false,
            note: Some("The table adds a trait of its own to the list; an open trait is unlocked for every character (T12).".into()),
        });
    }
    out
}

/// The exact chances of `command` at `state` before its dice are rolled: for `bring_in`, `stand`
/// and `take_burden`; `None` for every other command (they roll nothing that a choice could weigh)
/// and for a command `decide` would refuse now.
///
/// - `bring_in`: the chance of being strictly ahead of every other pool after the exchange (T2, T3)
///   under the model of [`crate::exchange_choices`] (everyone yet to act brings in its largest
///   eligible trait; burden dice are not foreseen), the same for standing instead, the chance of a
///   1 among the new dice (forced to stand, T2; an item breaks, T9), of a 20 when it would break an
///   opponent's item brought in this exchange (T9), and the distribution of the highest new die.
/// - `stand`: the chance of being ahead after the exchange, under the same model.
/// - `take_burden`: whether the taker is ahead of that opponent right after (T5, from
///   [`crate::burden_options`]), the stat the d20 picks (1/5 each) and the chance the burden disables
///   the taker (T7), then each choice left in the exchange with its chance of being ahead.
///
/// Fractions are reduced (`"231/400"`, `"1"`, `"0"`); decimals sit beside them. The chance of being
/// ahead is left out when it would cost more than [`MAX_ODDS_WORK`].
pub fn odds(state: &State, command: &Command) -> Option<Odds> {
    if !matches!(
        command,
        Command::BringIn { .. } | Command::Stand { .. } | Command::TakeBurden { .. }
    ) {
        return None;
    }
    // A refused command has no odds: ask `decide` on a probe whose events are thrown away.
    rules::decide(state, command, &mut Probe(0)).ok()?;
    match command {
        Command::BringIn { who, trait_name } => bring_in_odds(state, who, trait_name),
        Command::Stand { who } => stand_odds(state, who),
        Command::TakeBurden {
            who, from, boxes, ..
        } => take_burden_odds(state, who, from, *boxes),
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------------
// Moves.

fn field(name: &str, label: &str, kind: FieldKind) -> Field {
    Field {
        name: name.into(),
        label: label.into(),
        kind,
    }
}

fn text_field(name: &str, label: &str, max: usize) -> Field {
    field(name, label, FieldKind::Text { max })
}

fn choice_field(name: &str, label: &str, options: Vec<Choice>, multiple: bool) -> Field {
    field(name, label, FieldKind::Choice { options, multiple })
}

fn option(value: impl Into<Value>, label: impl Into<String>) -> Choice {
    Choice {
        value: value.into(),
        label: label.into(),
    }
}

/// The participants a seat moves for: those that are characters (not the GM's side of a healing) and
/// that it controls, with their sheets.
fn controlled<'s>(
    state: &'s State,
    conflict: &'s Conflict,
    seat: &Seat,
) -> Vec<(&'s Participant, &'s Character)> {
    conflict
        .participants
        .iter()
        .filter(|p| seat.controls(&p.who))
        .filter_map(|p| state.character(&p.who).map(|c| (p, c)))
        .collect()
}

/// What `who` may bring in now: unused, unbroken, at least `exchange` unchecked boxes (T2).
fn eligible<'c>(c: &'c Character, p: &Participant, exchange: u32) -> Vec<&'c crate::Trait> {
    c.rollables()
        .filter(|t| t.unchecked() >= exchange && !t.broken && !p.used.contains(&t.name))
        .collect()
}

fn conflict_moves(state: &State, seat: &Seat, out: &mut Vec<Move>) {
    let Some(conflict) = state.active_conflict() else {
        let living: Vec<&Character> = state.characters.iter().filter(|c| !c.dead).collect();
        if seat.gm && living.len() >= 2 {
            let options = living
                .iter()
                .map(|c| {
                    let label = if c.disabled_by().is_some() {
                        format!("{} (disabled: loses at once, T7)", c.name)
                    } else {
                        c.name.clone()
                    };
                    option(
                        json!({"who": c.name, "goal": "as declared at the table"}),
                        label,
                    )
                })
                .collect();
            out.push(Move {
                group: CONFLICT.into(),
                label: "Start a conflict".into(),
                command: json!({"do": "start_conflict"}),
                fields: vec![choice_field("participants", "Sides", options, true)],
                odds: false,
                note: Some(format!(
                    "2 to {} living characters, each with its goal; exchange 1 begins (T2). Goals in words or a death goal (T7): send start_conflict as JSON.",
                    MAX_PARTICIPANTS
                )),
            });
        }
        return;
    };
    let exchange = conflict.exchange;
    for (p, c) in controlled(state, conflict, seat) {
        let who = &p.who;
        if p.can_act() && p.acted_in < exchange {
            let options: Vec<Choice> = eligible(c, p, exchange)
                .into_iter()
                .map(|t| {
                    let kind = if c.is_item(&t.name) {
                        ", item"
                    } else if c.obligations.iter().any(|o| o.name == t.name) {
                        ", obligation"
                    } else {
                        ""
                    };
                    option(
                        t.name.clone(),
                        format!("{} ({} d20{kind})", t.name, t.unchecked()),
                    )
                })
                .collect();
            if !options.is_empty() {
                out.push(Move {
                    group: CONFLICT.into(),
                    label: format!("{who}: bring in dice"),
                    command: json!({"do": "bring_in", "who": who}),
                    fields: vec![choice_field("trait", "Trait, stat or item", options, false)],
                    odds: true,
                    note: Some(format!(
                        "Exchange {exchange}: 1d20 per unchecked box, then one box is checked; each trait once per conflict, with at least {exchange} unchecked boxes; a 1 forces you to stand (T2)."
                    )),
                });
            }
            out.push(Move {
                group: CONFLICT.into(),
                label: format!("{who}: stand"),
                command: json!({"do": "stand", "who": who}),
                fields: Vec::new(),
                odds: true,
                note: Some(
                    "Stand on your pool for this exchange; you may bring in dice again in the next (T2)."
                        .into(),
                ),
            });
        }
        if p.is_in() {
            out.push(Move {
                group: CONFLICT.into(),
                label: format!("{who}: surrender"),
                command: json!({"do": "surrender", "who": who}),
                fields: Vec::new(),
                odds: false,
                note: Some(
                    "Leave the conflict for good: your dice go and your goal is lost; you narrate last (T3, T4)."
                        .into(),
                ),
            });
        }
    }
}

fn burden_moves(state: &State, seat: &Seat, out: &mut Vec<Move>) {
    let Some(conflict) = state.active_conflict() else {
        return;
    };
    for (p, _) in controlled(state, conflict, seat) {
        if !p.is_in() {
            continue;
        }
        let who = &p.who;
        for o in conflict
            .participants
            .iter()
            .filter(|o| o.who != *who && o.is_in())
        {
            let options = burden_options(&p.pool, &o.pool);
            if options.max_boxes == 0 {
                continue;
            }
            let highest = p.pool.first().copied().unwrap_or(0);
            out.push(Move {
                group: BURDENS.into(),
                label: format!("{who}: take a burden from {}", o.who),
                command: json!({"do": "take_burden", "who": who, "from": o.who}),
                fields: vec![
                    field(
                        "boxes",
                        "Boxes (dice they discard)",
                        FieldKind::Number {
                            min: 1,
                            max: i64::from(options.max_boxes),
                            default: 1,
                        },
                    ),
                    text_field("name", &format!("The burden, as {} names it", o.who), MAX_NAME_CHARS),
                ],
                odds: true,
                note: Some(format!(
                    "{} discards its highest dice, each above your highest ({highest}): 1 to {} boxes holding their values; 1d20 picks the stat it falls under (T5).",
                    o.who, options.max_boxes
                )),
            });
        }
        if !p.can_act() {
            continue;
        }
        for o in conflict.participants.iter().filter(|o| o.who != *who) {
            let Some(owner) = state.character(&o.who) else {
                continue;
            };
            for b in &owner.burdens {
                let new = conflict
                    .new_burdens
                    .iter()
                    .any(|(of, name)| *of == o.who && *name == b.name);
                if new {
                    continue;
                }
                let used: Vec<usize> = conflict
                    .participants
                    .iter()
                    .flat_map(|q| q.burden_boxes_used.iter())
                    .filter(|(of, name, _)| *of == o.who && *name == b.name)
                    .map(|(_, _, i)| *i)
                    .collect();
                let mut values: Vec<u32> = b
                    .boxes
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| !used.contains(i))
                    .map(|(_, v)| *v)
                    .collect();
                values.sort_unstable_by(|x, y| y.cmp(x));
                values.dedup();
                if values.is_empty() {
                    continue;
                }
                out.push(Move {
                    group: BURDENS.into(),
                    label: format!("{who}: use {}'s burden {}", o.who, b.name),
                    command: json!({"do": "use_burden", "who": who, "of": o.who, "burden": b.name}),
                    fields: vec![choice_field(
                        "value",
                        "Box",
                        values.iter().map(|v| option(*v, v.to_string())).collect(),
                        false,
                    )],
                    odds: false,
                    note: Some(
                        "The box joins your pool as a die of its value and checks nothing; each box once per conflict, never in the conflict that made it; it is not your action for the exchange (T6)."
                            .into(),
                    ),
                });
            }
        }
    }
}

fn healing_moves(state: &State, seat: &Seat, out: &mut Vec<Move>) {
    if state.active_conflict().is_some() {
        return;
    }
    let healers: Vec<&Character> = state
        .characters
        .iter()
        .filter(|c| !c.dead && c.disabled_by().is_none())
        .collect();
    if healers.is_empty() {
        return;
    }
    for patient in state
        .characters
        .iter()
        .filter(|c| !c.dead && seat.controls(&c.name))
    {
        if patient.burdens.is_empty() {
            continue;
        }
        let burdens = patient
            .burdens
            .iter()
            .map(|b| {
                let boxes: Vec<String> = b.boxes.iter().map(u32::to_string).collect();
                option(
                    b.name.clone(),
                    format!("{} ({}: {})", b.name, b.stat, boxes.join(" ")),
                )
            })
            .collect();
        let healer_options = healers
            .iter()
            .map(|h| {
                let label = if h.name == patient.name {
                    format!("{} (the patient)", h.name)
                } else {
                    h.name.clone()
                };
                option(h.name.clone(), label)
            })
            .collect();
        let mut fields = vec![
            choice_field("burden", "Burden", burdens, false),
            choice_field("healer", "Healer", healer_options, false),
        ];
        if seat.gm {
            fields.push(field(
                "worsen_on_loss",
                "A loss adds the GM's highest die to the burden",
                FieldKind::Flag { default: true },
            ));
        }
        out.push(Move {
            group: HEALING.into(),
            label: format!("Heal {}'s burden", patient.name),
            command: json!({"do": "start_healing", "patient": patient.name}),
            fields,
            odds: false,
            note: Some(
                "The GM's side starts with the burden's boxes as dice and rolls a d20 per box each time the healer brings in dice after the first; a win removes a box per healer die at or above the GM's highest (T8)."
                    .into(),
            ),
        });
    }
}

/// Whether `who` takes part in the conflict in progress (boxes do not regenerate then, T10).
fn in_conflict(state: &State, who: &str) -> bool {
    state
        .active_conflict()
        .is_some_and(|k| k.participant(who).is_some())
}

/// Each checked box of `c`, one entry per box, in sheet order (stats, traits, items, obligations).
fn checked_boxes(c: &Character) -> Vec<String> {
    c.rollables()
        .flat_map(|t| std::iter::repeat_n(t.name.clone(), t.checked as usize))
        .collect()
}

/// A goal blank: the goals `c`'s keys list, or free text when they list none (T10, T12).
fn goal_field(state: &State, c: &Character, major: bool) -> Field {
    let goals: Vec<Choice> = c
        .keys
        .iter()
        .filter_map(|k| state.catalogue.key(k))
        .flat_map(|k| {
            let goals = if major {
                &k.major_goals
            } else {
                &k.minor_goals
            };
            goals
                .iter()
                .map(|g| option(g.clone(), format!("{}: {g}", k.name)))
        })
        .collect();
    if goals.is_empty() {
        text_field("goal", "Goal achieved", MAX_GOAL_CHARS)
    } else {
        choice_field("goal", "Goal achieved", goals, false)
    }
}

fn goal_moves(state: &State, seat: &Seat, out: &mut Vec<Move>) {
    let living = || {
        state
            .characters
            .iter()
            .filter(|c| !c.dead && seat.controls(&c.name))
    };
    for c in living() {
        let checked = checked_boxes(c);
        let resting = !checked.is_empty() && !in_conflict(state, &c.name);
        if resting {
            let options = c
                .rollables()
                .filter(|t| t.checked > 0)
                .map(|t| {
                    option(
                        t.name.clone(),
                        format!("{} ({} checked)", t.name, t.checked),
                    )
                })
                .collect();
            out.push(Move {
                group: GOALS.into(),
                label: format!("{}: minor goal", c.name),
                command: json!({"do": "minor_goal", "who": c.name}),
                fields: vec![
                    goal_field(state, c, false),
                    choice_field("uncheck", "Uncheck a box of", options, false),
                ],
                odds: false,
                note: Some(
                    "A minor goal achieved unchecks one checked box, outside conflicts; coloured boxes stay (T10, T11)."
                        .into(),
                ),
            });
        }
        let rewards = major_rewards(state, c, &checked, resting);
        if !rewards.is_empty() {
            out.push(Move {
                group: GOALS.into(),
                label: format!("{}: major goal", c.name),
                command: json!({"do": "major_goal", "who": c.name}),
                fields: vec![
                    goal_field(state, c, true),
                    choice_field("reward", "Reward", rewards, false),
                ],
                odds: false,
                note: Some(format!(
                    "A major goal unchecks up to {MAJOR_GOAL_UNCHECK} boxes or earns one advancement: a new key, a new trait with 1 box, a box on three traits, or a trait swapped (T10)."
                )),
            });
        }
    }
    if seat.gm {
        for c in living() {
            let checked = checked_boxes(c);
            if checked.is_empty() || in_conflict(state, &c.name) {
                continue;
            }
            let mut seen: Vec<&str> = Vec::new();
            let options = checked
                .iter()
                .map(|name| {
                    let nth = seen.iter().filter(|s| **s == name.as_str()).count() + 1;
                    seen.push(name);
                    option(name.clone(), format!("{name} (box {nth})"))
                })
                .collect();
            out.push(Move {
                group: GOALS.into(),
                label: format!("Rest for {}", c.name),
                command: json!({"do": "rest", "who": c.name}),
                fields: vec![choice_field("uncheck", "Uncheck", options, true)],
                odds: false,
                note: Some(format!(
                    "The GM grants rest: one checked box unchecked per box ticked, at most {}, outside conflicts (T10).",
                    MAX_UNCHECK
                )),
            });
        }
    }
}

/// The rewards a major goal may pay `c` now (T10): unchecking (up to [`MAJOR_GOAL_UNCHECK`] of its checked boxes, when
/// it is out of conflicts), each key whose prerequisites it meets, each trait its keys unlock or that
/// is open, three boxes on three traits, and swaps (these two only when their choices are few).
fn major_rewards(state: &State, c: &Character, checked: &[String], resting: bool) -> Vec<Choice> {
    let mut out = Vec::new();
    if resting {
        let some: Vec<&String> = checked.iter().take(MAJOR_GOAL_UNCHECK).collect();
        let names: Vec<&str> = some.iter().map(|s| s.as_str()).collect();
        out.push(option(
            json!({"uncheck": some}),
            format!("Uncheck {} boxes: {}", some.len(), names.join(", ")),
        ));
    }
    let catalogue = &state.catalogue;
    let traits: Vec<(String, u32)> = c.traits.iter().map(|t| (t.name.clone(), t.boxes)).collect();
    for key in catalogue.keys() {
        let held = c.keys.iter().any(|k| k.eq_ignore_ascii_case(&key.name));
        if !held && catalogue.prerequisites_met(&key.name, &traits).is_ok() {
            let kind = match key.kind {
                KeyKind::Skeleton => "skeleton",
                KeyKind::Elite => "elite",
            };
            out.push(option(
                json!({"new_key": key.name}),
                format!("New key: {} ({kind})", key.name),
            ));
        }
    }
    let new_traits: Vec<String> = catalogue
        .unlocked_by(&c.keys)
        .into_iter()
        .filter(|name| c.rollable(name).is_none())
        .collect();
    for name in &new_traits {
        out.push(option(
            json!({"new_trait": name}),
            format!("New trait: {name} (1 box)"),
        ));
    }
    let growable: Vec<&str> = c
        .traits
        .iter()
        .filter(|t| t.boxes < MAX_BOXES)
        .map(|t| t.name.as_str())
        .collect();
    let n = growable.len();
    if n >= 3 && n * (n - 1) * (n - 2) / 6 <= MAX_THREE_BOXES {
        for i in 0..n {
            for j in i + 1..n {
                for k in j + 1..n {
                    let three = [growable[i], growable[j], growable[k]];
                    out.push(option(
                        json!({"three_boxes": three}),
                        format!("A box each: {}", three.join(", ")),
                    ));
                }
            }
        }
    }
    if c.traits.len() * new_traits.len() <= MAX_SWAPS {
        for old in &c.traits {
            for new in &new_traits {
                out.push(option(
                    json!({"swap_trait": {"old": old.name, "new": new}}),
                    format!("Swap {} for {new}", old.name),
                ));
            }
        }
    }
    out
}

fn equipment_moves(state: &State, seat: &Seat, out: &mut Vec<Move>) {
    for c in state
        .characters
        .iter()
        .filter(|c| !c.dead && seat.controls(&c.name))
    {
        let broken: Vec<Choice> = c
            .equipment
            .iter()
            .filter(|t| t.broken)
            .map(|t| option(t.name.clone(), t.name.clone()))
            .collect();
        if broken.is_empty() {
            continue;
        }
        out.push(Move {
            group: EQUIPMENT.into(),
            label: format!("{}: repair an item", c.name),
            command: json!({"do": "repair", "who": c.name}),
            fields: vec![choice_field("item", "Broken item", broken, false)],
            odds: false,
            note: Some(
                "A broken special item cannot be brought in until repaired (T9); the repair is the story's (a decision: T9 is silent)."
                    .into(),
            ),
        });
    }
}

fn obligation_moves(state: &State, seat: &Seat, out: &mut Vec<Move>) {
    for g in state
        .characters
        .iter()
        .filter(|c| !c.dead && seat.controls(&c.name))
    {
        let grantable: Vec<&crate::Trait> = g.rollables().filter(|t| t.unchecked() > 0).collect();
        let grantees: Vec<Choice> = state
            .characters
            .iter()
            .filter(|c| !c.dead && c.name != g.name)
            .map(|c| option(c.name.clone(), c.name.clone()))
            .collect();
        let most = grantable.iter().map(|t| t.unchecked()).max().unwrap_or(0);
        if grantable.is_empty() || grantees.is_empty() {
            continue;
        }
        let traits = grantable
            .iter()
            .map(|t| {
                option(
                    t.name.clone(),
                    format!("{} ({} unchecked)", t.name, t.unchecked()),
                )
            })
            .collect();
        out.push(Move {
            group: OBLIGATIONS.into(),
            label: format!("{}: grant an obligation", g.name),
            command: json!({"do": "grant_obligation", "granter": g.name}),
            fields: vec![
                choice_field("trait", "Your trait", traits, false),
                field(
                    "boxes",
                    "Boxes to colour",
                    FieldKind::Number {
                        min: 1,
                        max: i64::from(most),
                        default: 1,
                    },
                ),
                choice_field("grantee", "Granted to", grantees, false),
                text_field("as", "The trait as the grantee writes it", MAX_NAME_CHARS),
                text_field("service", "The service promised", MAX_TEXT_CHARS),
            ],
            odds: false,
            note: Some(
                "You colour unchecked boxes of your trait (at most its unchecked boxes); the grantee writes a trait of as many boxes under Obligations until the service is done (T11)."
                    .into(),
            ),
        });
    }
    let mut grantees: Vec<&str> = Vec::new();
    for o in &state.obligations {
        if !grantees.contains(&o.grantee.as_str()) && seat.controls(&o.grantee) {
            grantees.push(&o.grantee);
        }
    }
    for grantee in grantees {
        let traits = state
            .obligations
            .iter()
            .filter(|o| o.grantee == grantee)
            .map(|o| {
                option(
                    o.grantee_trait.clone(),
                    format!("{} (from {}: {})", o.grantee_trait, o.granter, o.service),
                )
            })
            .collect();
        let mut command = json!({"do": "end_obligation", "grantee": grantee});
        let mut fields = vec![choice_field("trait", "Obligation", traits, false)];
        if seat.gm {
            fields.push(choice_field(
                "reason",
                "Why it ends",
                vec![
                    option("fulfilled", "Fulfilled: the service is done"),
                    option("rescinded", "Rescinded: the granter changed its mind"),
                ],
                false,
            ));
        } else {
            command["reason"] = json!("fulfilled");
        }
        out.push(Move {
            group: OBLIGATIONS.into(),
            label: format!("{grantee}: end an obligation"),
            command,
            fields,
            odds: false,
            note: Some(
                "The grantee's trait goes and the granter's coloured boxes are freed; rescinding is the granter's, sent by the GM (T11)."
                    .into(),
            ),
        });
    }
}

fn add_character(state: &State, seat: &Seat) -> Move {
    let keys = state.catalogue.skeleton_keys().join(", ");
    let kinds = if seat.gm {
        "\"kind\": \"existing\" for a character from earlier play (checked boxes, burdens), \"npc\" for a creature"
    } else {
        "\"kind\": \"existing\" for a character from earlier play (checked boxes, burdens)"
    };
    Move {
        group: CHARACTERS.into(),
        label: "Add a character".into(),
        command: json!({"do": "add_character"}),
        fields: vec![field(
            "character",
            "The sheet (JSON)",
            FieldKind::Json {
                max: MAX_SHEET_CHARS,
                example: json!({
                    "name": "Gorand",
                    "stats": {"Physical": 5, "Mental": 2, "Social": 3, "Emotional": 1, "Spiritual": 4},
                    "keys": ["Warrior"],
                    "traits": [
                        {"name": "Arms", "boxes": 2}, {"name": "Swords", "boxes": 4},
                        {"name": "Strong", "boxes": 1}, {"name": "Friendly", "boxes": 2},
                        {"name": "Marching", "boxes": 1}
                    ],
                    "equipment": [{"name": "Honeybee", "boxes": 2}, {"name": "wine flask", "boxes": 1}],
                    "gear": ["traveling gear", "food"]
                }),
            },
        )],
        odds: false,
        note: Some(format!(
            "A sheet as JSON (T1): {{\"name\": \"Gorand\", \"stats\": {{\"Physical\": 5, \"Mental\": 2, \"Social\": 3, \"Emotional\": 1, \"Spiritual\": 4}}, \"keys\": [\"Warrior\"], \"traits\": [{{\"name\": \"Swords\", \"boxes\": 4}}, ...], \"equipment\": [{{\"name\": \"Honeybee\", \"boxes\": 2}}, {{\"name\": \"wine flask\", \"boxes\": 1}}]}}: stats {} to {} once each, one skeleton key ({keys}), {} to {} traits it unlocks or open with {NEW_TRAIT_BOXES} boxes in all, two items with {} and {} boxes; {kinds}.",
            STAT_BOXES[0],
            STAT_BOXES[STAT_BOXES.len() - 1],
            NEW_TRAITS.start(),
            NEW_TRAITS.end(),
            NEW_EQUIPMENT_BOXES[1],
            NEW_EQUIPMENT_BOXES[0],
        )),
    }
}

// ---------------------------------------------------------------------------------------------
// Odds.

/// A dice source for asking `decide` whether a command would be accepted: faces 1, 2, 3... in turn
/// (so roll-offs of a tie always end). Its events are thrown away.
struct Probe(u32);

impl DiceSource for Probe {
    fn roll(&mut self, die: Die) -> Result<i64, SourceError> {
        match die {
            Die::Numbered(0) => Err(SourceError::NoSides),
            Die::Numbered(sides) => {
                let face = self.0 % sides + 1;
                self.0 = self.0.wrapping_add(1);
                Ok(i64::from(face))
            }
            Die::Fate => Ok(0),
        }
    }
}

/// The work of one [`crate::p_ahead`] walk with `m` new dice of mine and `k` others.
fn work(m: u32, k: usize) -> u64 {
    let m = u64::from(m);
    let k = k as u64;
    let per_step = (1u64 << k.min(40)) * (k + 4) / 2;
    u64::from(SIDES)
        .saturating_mul((m + 1) * (m + 2) / 2)
        .saturating_mul(per_step)
}

/// An exact chance from a fraction.
fn chance(label: impl Into<String>, p: &Fraction) -> Chance {
    Chance {
        label: label.into(),
        p: p.to_string(),
        decimal: p.to_f64(),
    }
}

/// `numerator / denominator`, reduced.
fn fraction(numerator: u128, denominator: u128) -> Fraction {
    Fraction::new(BigInt::from(numerator), BigUint::from(denominator))
}

/// The chance that at least one of `n` d20s shows one given face: 1 - (19/20)^n.
fn any_face(n: u32) -> Fraction {
    let all = u128::from(SIDES).pow(n);
    fraction(all - u128::from(SIDES - 1).pow(n), all)
}

/// The distribution of the highest of `n` d20s: P(v) = (v^n - (v-1)^n) / 20^n.
fn highest_of(n: u32) -> Vec<Chance> {
    let all = u128::from(SIDES).pow(n);
    (1..=u128::from(SIDES))
        .map(|v| chance(v.to_string(), &fraction(v.pow(n) - (v - 1).pow(n), all)))
        .collect()
}

fn dice_text(pool: &[u32]) -> String {
    if pool.is_empty() {
        return "no dice".into();
    }
    pool.iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A copy of `state` in which `who` may bring in only `keep` (or nothing), so that
/// [`exchange_choices`] weighs just that choice and standing.
fn only(state: &State, who: &str, keep: Option<&str>) -> State {
    let mut copy = state.clone();
    let names: Vec<String> = copy
        .character(who)
        .map(|c| {
            c.rollables()
                .map(|t| t.name.clone())
                .filter(|n| Some(n.as_str()) != keep)
                .collect()
        })
        .unwrap_or_default();
    if let Some(p) = copy.conflict.as_mut().and_then(|k| k.participant_mut(who)) {
        p.used.extend(names);
    }
    copy
}

/// Others still in, besides `who`: the `k` of the walk.
fn others_in(conflict: &Conflict, who: &str) -> usize {
    conflict
        .participants
        .iter()
        .filter(|p| p.who != who && p.is_in())
        .count()
}

/// The model in words, for summaries.
const MODEL: &str =
    "assuming everyone yet to act brings in its largest eligible trait (burden dice not foreseen)";

fn bring_in_odds(state: &State, who: &str, trait_name: &str) -> Option<Odds> {
    let conflict = state.active_conflict()?;
    let p = conflict.participant(who)?;
    let c = state.character(who)?;
    let t = c.rollable(trait_name)?;
    let n = t.unchecked();
    let k = others_in(conflict, who);
    let mut chances = Vec::new();
    let mut summary = format!(
        "{who} brings in {trait_name}: {n} d20 in exchange {}",
        conflict.exchange
    );
    let gm_dice = conflict
        .healing
        .as_ref()
        .filter(|h| h.healer == who && !p.rolls.is_empty())
        .and_then(|h| state.character(&h.patient)?.burden(&h.burden))
        .map(|b| b.boxes.len());
    if let Some(gm) = gm_dice {
        summary.push_str(&format!(", and the GM rolls {gm} d20 (T8)"));
    }
    if work(n, k) + work(0, k) <= MAX_ODDS_WORK {
        if let Ok(found) = exchange_choices(&only(state, who, Some(trait_name)), who) {
            for choice in found {
                let label = match choice.bring_in {
                    Some(_) => "Ahead of every other pool after the exchange (T3)".to_string(),
                    None => "Ahead after the exchange if you stand instead".to_string(),
                };
                chances.push(chance(label, &choice.p_ahead));
            }
            summary.push_str(&format!(", {MODEL}."));
        }
    } else {
        summary.push_str(": too many dice and sides to weigh being ahead exactly here.");
    }
    let breaking = state.options.equipment_breaking;
    let item = c.is_item(trait_name);
    let struck = item
        && breaking
        && conflict.participants.iter().any(|o| {
            o.who != who
                && o.rolls
                    .iter()
                    .any(|(x, dice)| *x == conflict.exchange && dice.contains(&20))
        });
    let one = if item && breaking && !struck {
        format!("A 1 among the dice: forced to stand (T2) and {trait_name} breaks (T9)")
    } else {
        "A 1 among the dice: forced to stand for the rest of the conflict (T2)".to_string()
    };
    chances.push(chance(one, &any_face(n)));
    if struck {
        chances.push(chance(
            format!("{trait_name} breaks: an opponent rolled a 20 this exchange (T9)"),
            &fraction(1, 1),
        ));
    }
    if breaking {
        let exposed: Vec<String> = conflict
            .participants
            .iter()
            .filter(|o| o.who != who)
            .flat_map(|o| {
                let owner = state.character(&o.who);
                o.used
                    .iter()
                    .zip(&o.rolls)
                    .filter(move |(item, (x, _))| {
                        *x == conflict.exchange
                            && owner.is_some_and(|c| {
                                c.equipment.iter().any(|e| &e.name == *item && !e.broken)
                            })
                    })
                    .map(move |(item, _)| format!("{}'s {item}", o.who))
            })
            .collect();
        if !exposed.is_empty() {
            chances.push(chance(
                format!("A 20 among the dice: breaks {} (T9)", exposed.join(", ")),
                &any_face(n),
            ));
        }
    }
    Some(Odds {
        summary,
        chances,
        distribution: highest_of(n),
    })
}

fn stand_odds(state: &State, who: &str) -> Option<Odds> {
    let conflict = state.active_conflict()?;
    let p = conflict.participant(who)?;
    if work(0, others_in(conflict, who)) > MAX_ODDS_WORK {
        return None;
    }
    let found = exchange_choices(&only(state, who, None), who).ok()?;
    let stand = found.iter().find(|c| c.bring_in.is_none())?;
    Some(Odds {
        summary: format!(
            "{who} stands on {} in exchange {}, {MODEL}.",
            dice_text(&p.pool),
            conflict.exchange
        ),
        chances: vec![chance(
            "Ahead of every other pool after the exchange (T3)",
            &stand.p_ahead,
        )],
        distribution: Vec::new(),
    })
}

fn take_burden_odds(state: &State, who: &str, from: &str, boxes: u32) -> Option<Odds> {
    let conflict = state.active_conflict()?;
    let me = conflict.participant(who)?;
    let them = conflict.participant(from)?;
    let calculator = burden_options(&me.pool, &them.pool);
    let choice = calculator
        .options
        .get(usize::try_from(boxes).ok()?.checked_sub(1)?)?;
    let mut chances = vec![chance(
        format!("Ahead of {from} right after (T5)"),
        &fraction(u128::from(choice.winning_after), 1),
    )];
    let ahead_of_all = conflict
        .participants
        .iter()
        .filter(|o| o.who != who && o.is_in())
        .all(|o| {
            let pool = if o.who == from {
                &choice.their_pool_after
            } else {
                &o.pool
            };
            compare_pools(&me.pool, pool) == Ordering::Greater
        });
    if others_in(conflict, who) > 1 {
        chances.push(chance(
            "Ahead of every other pool right after (T3)",
            &fraction(u128::from(ahead_of_all), 1),
        ));
    }
    // T5: the d20 picks the stat, four faces each; T7: disabled when the burden boxes under a stat
    // pass its boxes.
    let taker = state.character(who)?;
    let disables = |stat: &str| {
        taker
            .stats
            .iter()
            .any(|s| s.name == stat && taker.burden_boxes(stat) + choice.boxes > s.boxes)
    };
    let disabling = STATS.iter().filter(|s| disables(s)).count();
    chances.push(chance(
        "Disabled by it: loses the conflict at once (T7)",
        &fraction(disabling as u128, STATS.len() as u128),
    ));
    for (i, stat) in STATS.iter().enumerate() {
        let low = i * 4 + 1;
        let label = if disables(stat) {
            format!("Under {stat} (d20 {low}-{}): disabled", low + 3)
        } else {
            format!("Under {stat} (d20 {low}-{})", low + 3)
        };
        chances.push(chance(label, &fraction(1, 5)));
    }
    // What is left in the exchange after it, choice by choice.
    let mut after = state.clone();
    if let Some(o) = after
        .conflict
        .as_mut()
        .and_then(|k| k.participant_mut(from))
    {
        o.pool = choice.their_pool_after.clone();
    }
    let acting = me.can_act() && me.acted_in < conflict.exchange;
    let k = others_in(conflict, who);
    let cost: u64 = taker
        .rollables()
        .filter(|t| t.unchecked() >= conflict.exchange && !t.broken && !me.used.contains(&t.name))
        .map(|t| work(t.unchecked(), k))
        .sum::<u64>()
        + work(0, k);
    let mut summary = format!(
        "{from} discards {} (left: {}); 1d20 picks the burden's stat (T5)",
        dice_text(&choice.discarded),
        dice_text(&choice.their_pool_after)
    );
    if acting
        && cost <= MAX_ODDS_WORK
        && let Ok(found) = exchange_choices(&after, who)
    {
        for c in found {
            let label = match &c.bring_in {
                Some(t) => format!(
                    "Then bring in {t} ({} d20): ahead after the exchange",
                    c.dice
                ),
                None => "Then stand: ahead after the exchange".to_string(),
            };
            chances.push(chance(label, &c.p_ahead));
        }
        summary.push_str(&format!("; if not disabled, {MODEL}"));
    }
    summary.push('.');
    Some(Odds {
        summary,
        chances,
        distribution: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(n: u32, any_one: &str, top: &str) {
        assert_eq!(any_face(n).to_string(), any_one, "{n} dice: a given face");
        let dist = highest_of(n);
        assert_eq!(dist.len(), 20);
        assert_eq!(dist[19].p, top, "{n} dice: highest 20");
        let total: f64 = dist.iter().map(|c| c.decimal).sum();
        assert!((total - 1.0).abs() < 1e-12, "{n} dice: sums to {total}");
    }

    #[test]
    fn a_face_among_the_dice_and_the_highest_die() {
        let cases = [
            (1, "1/20", "1/20"),
            (2, "39/400", "39/400"),
            (4, "29679/160000", "29679/160000"),
        ];
        for (n, one, top) in cases {
            check(n, one, top);
        }
        assert_eq!(highest_of(2)[0].p, "1/400");
        assert_eq!(highest_of(0)[0].p, "0");
    }

    #[test]
    fn the_probe_cycles_every_face() {
        let mut probe = Probe(0);
        let faces: Vec<i64> = (0..22)
            .filter_map(|_| probe.roll(Die::Numbered(20)).ok())
            .collect();
        assert_eq!(faces[..3], [1, 2, 3]);
        assert_eq!(faces[19..], [20, 1, 2]);
        assert_eq!(work(2, 1), 20 * 6 * 5);
        assert_eq!(work(20, 1), 23_100);
        assert_eq!(work(20, 4), 295_680);
    }
}
