//! Twenty's advice beyond the roll (issue 32, [`skald_core::System::advice`], never recorded):
//! for each legal choice of a participant now, the chance that its side wins the whole conflict
//! ([`conflict_advice`], [`advice`]; T2-T5, T7, T8, T13); and a fair fight for the GM drafting an
//! NPC ([`balance`]).
//!
//! The model (`docs/twenty.md`, "Whole-conflict advice"): choices within an exchange are made one
//! at a time and each bring-in's dice are rolled at once, as the rules engine does; after the
//! advised participant's choice, the others yet to act this exchange act in declaration order,
//! then in each later exchange every participant able to act acts in declaration order. Nobody
//! takes a burden, uses one (T6, not foreseen) or surrenders after the first choice.
//!
//! - [`AdviceModel::BestPlay`], exact: every participant (the advised one too, after its first
//!   choice) plays the choice that maximises its own side's chance of winning (expectimax per side;
//!   with two sides, minimax), over every outcome of the dice. Between choices of equal value to
//!   the chooser, the first in the order stand, then fewest dice, is played.
//! - [`AdviceModel::SimplePolicy`], simulated when the exact work would pass
//!   [`AdviceBudget::exact_work`]: a participant whose side is strictly ahead stands, otherwise it
//!   brings in its eligible trait with the most unchecked boxes; a deterministic random source
//!   seeded from the position plays conflicts for each choice, within [`AdviceBudget::plays`] and
//!   [`AdviceBudget::sim_work`] shared equally by the choices.
//!
//! Files: `position.rs` (the abstract conflict and its rules), `exact.rs`, `simulate.rs`,
//! `policy.rs`; `balance.rs` weighs a whole conflict of the party against one opponent, for a
//! GM sizing an NPC ([`balance::balance`]). Pure: no I/O, no clock, no global random source.

pub mod balance;
mod exact;
mod policy;
mod position;
mod simulate;

use crate::error::{Error, Idle};
use crate::limits::MAX_BOXES;
use crate::model::{Character, Conflict, GM, Participant, STATS, State};
use crate::model::{Command, Sheet, SheetKind, Trait};
use crate::odds::burden_options;
use balance::BalanceBudget;
use exact::{Exact, OverBudget, Q, Values};
use num_bigint::{BigInt, BigUint};
use position::{Act, Position};
use serde_json::json;
use simulate::{First, rng_for, wins};
use skald_core::{Fill, Odds, capitalized};
use skald_dice::odds::Fraction;
use std::rc::Rc;

/// How much work the advice may do: no clock in the core, so the bound is in units of work.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AdviceBudget {
    /// The exact search's bound: positions valued plus dice outcomes walked, for all the choices
    /// together. Past it, the advice is simulated instead.
    pub exact_work: u64,
    /// The simulated conflicts in all at most, shared equally by the choices (at least one each).
    pub plays: u64,
    /// The simulation's bound in units of work, shared equally by the choices: one unit per
    /// choice made or die rolled in a simulated conflict, so a choice stops short of its share of
    /// `plays` when its conflicts are long (many participants, many dice).
    pub sim_work: u64,
}

impl AdviceBudget {
    /// The table's budget: every choice of a page within 200 ms on one core in a release build
    /// for the books' examples and a four-character conflict (`docs/benchmarks.md`).
    pub const TABLE: AdviceBudget = AdviceBudget {
        exact_work: 50_000,
        plays: 200_000,
        sim_work: 3_500_000,
    };
}

/// Which model produced the chances of a [`ConflictAdvice`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AdviceModel {
    /// Exact, everyone playing its best (see the module doc).
    BestPlay,
    /// Simulated, everyone after the first choice playing the simple policy (see the module doc).
    SimplePolicy,
}

impl AdviceModel {
    /// The model in words, for a summary: one short clause.
    pub fn words(self) -> &'static str {
        match self {
            AdviceModel::BestPlay => {
                "exact, everyone then playing its best choice, with no later burdens or surrenders"
            }
            AdviceModel::SimplePolicy => {
                "simulated, everyone then standing when its side is ahead and otherwise bringing \
                 in its largest trait, with no later burdens or surrenders"
            }
        }
    }

    /// The model as a player at the table reads it, after "for each choice now": what is
    /// supposed of everyone's later play, in plain words (a fresh GM read [`AdviceModel::words`]
    /// in bold on the page as jargon).
    pub fn supposing(self) -> &'static str {
        match self {
            AdviceModel::BestPlay => {
                "worked out exactly, supposing everyone then plays their best and no one takes a \
                 burden or surrenders later"
            }
            AdviceModel::SimplePolicy => {
                "estimated by playing the conflict out many times, everyone then standing when \
                 ahead and otherwise bringing in their largest trait, no one taking a burden or \
                 surrendering later"
            }
        }
    }
}

/// A chance of winning: exact, or estimated by simulation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Estimate {
    /// The exact chance.
    Exact(Fraction),
    /// `wins` of `plays` simulated conflicts were won.
    Simulated {
        /// Conflicts won by the side.
        wins: u64,
        /// Conflicts played.
        plays: u64,
    },
}

impl Estimate {
    /// The chance as a [`skald_core::Chance`] labelled `label` (a simulated one carries its 99.9%
    /// margin).
    pub fn chance(&self, label: impl Into<String>) -> skald_core::Chance {
        match self {
            Estimate::Exact(p) => skald_core::Chance::exact(label, p),
            Estimate::Simulated { wins, plays } => {
                skald_core::Chance::estimate(label, *wins, *plays)
            }
        }
    }
}

/// One choice of the advised participant now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AdviceChoice {
    /// Bring in a trait, stat, item or obligation trait: `dice` d20s (T2).
    BringIn {
        /// Its name.
        trait_name: String,
        /// Its unchecked boxes: the d20s it rolls.
        dice: u32,
    },
    /// Stand on the pool (T2).
    Stand,
    /// Take a burden of `boxes` boxes from `from`, who discards its highest dice (T5).
    TakeBurden {
        /// The opponent.
        from: String,
        /// The boxes, 1 to the opponent's dice above the taker's highest.
        boxes: u32,
        /// Who bears it when not the taker: a healing's patient (T14).
        bearer: Option<String>,
    },
    /// Surrender (T4).
    Surrender,
    /// Take no burden now (one who has acted this exchange or stands forced, T5: a burden may
    /// be taken at any time): the conflict goes on.
    Wait,
}

impl AdviceChoice {
    /// "Win the conflict if you ..." in words.
    pub fn label(&self) -> String {
        match self {
            AdviceChoice::BringIn { trait_name, dice } => format!(
                "Win the conflict if you bring in {trait_name} ({dice} {})",
                if *dice == 1 { "die" } else { "dice" }
            ),
            AdviceChoice::Stand => "Win the conflict if you stand".into(),
            AdviceChoice::TakeBurden {
                from,
                boxes,
                bearer,
            } => {
                let lands = bearer
                    .as_ref()
                    .map(|b| format!(" (it lands on {b}, T14)"))
                    .unwrap_or_default();
                format!(
                    "Win the conflict if you take a {boxes}-box burden to make {from} discard its {}{lands}",
                    if *boxes == 1 {
                        "highest die".to_owned()
                    } else {
                        format!("{boxes} highest dice")
                    }
                )
            }
            AdviceChoice::Surrender => "Win the conflict if you surrender".into(),
            AdviceChoice::Wait => "Win the conflict if you take no burden now".into(),
        }
    }
}

/// One choice with its chance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChoiceAdvice {
    /// The choice.
    pub choice: AdviceChoice,
    /// The chance that the advised participant's side wins the conflict after it (T4, T13).
    pub win: Estimate,
}

/// The advice for one participant now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConflictAdvice {
    /// Who is advised.
    pub who: String,
    /// The model that produced every chance below (one model for all, so they compare).
    pub model: AdviceModel,
    /// Each legal choice: each eligible trait, stat, item or obligation trait in sheet order
    /// (stats, traits, items, obligations), standing, each burden from each opponent still in
    /// (declaration order, fewest boxes first), surrendering.
    pub choices: Vec<ChoiceAdvice>,
}

/// Whether [`conflict_advice`] has choices to weigh for `who` at `state`: a conflict is in
/// progress, `who` takes part in it and has a choice now (T4, T5, T8). Cheap: no chance is
/// computed.
pub fn advisable(state: &State, who: &str) -> bool {
    advised(state, who).is_ok()
}

/// What [`conflict_advice`] weighs from: the conflict, `who`'s part in it and place among the
/// participants, whether `who` acts this exchange, `who`'s sheet and the position.
struct Advised<'s> {
    conflict: &'s Conflict,
    me: &'s Participant,
    seat: usize,
    acting: bool,
    character: &'s Character,
    position: Position,
}

/// The refusals of [`conflict_advice`], in its order, before any chance is computed.
fn advised<'s>(state: &'s State, who: &str) -> Result<Advised<'s>, Error> {
    let conflict = state.active_conflict().ok_or(Error::NoConflict)?;
    let me = conflict.taking_part(who)?;
    let gm_of_healing = who == GM && conflict.healing.is_some();
    let acting = !gm_of_healing && me.can_act() && me.acted_in != conflict.exchange;
    // T5: a burden at any time, but never by the GM (rules/burdens.rs).
    if !acting && !me.is_in() {
        return Err(Error::CannotAct {
            who: who.to_string(),
            exchange: conflict.exchange,
            because: Idle::Surrendered,
        });
    }
    if !acting && who == GM {
        return Err(Error::CannotAct {
            who: who.to_string(),
            exchange: conflict.exchange,
            because: Idle::Gm {
                healing: conflict.healing.is_some(),
            },
        });
    }
    let character = state
        .character(who)
        .ok_or_else(|| Error::UnknownCharacter(who.to_string()))?;
    let position = Position::of(state).ok_or(Error::NoConflict)?;
    let seat = conflict.seat_of(who)?;
    Ok(Advised {
        conflict,
        me,
        seat,
        acting,
        character,
        position,
    })
}

/// For each legal choice of `who` now, the chance that `who`'s side wins the whole conflict (T4;
/// T13: any member of the side holding the winning pool wins), under the model of the module doc:
/// exact when the work fits `budget.exact_work`, simulated otherwise (never refused for size).
///
/// One who has acted this exchange or stands forced may still take a burden (T5: at any time):
/// its choices are then taking no burden now ([`AdviceChoice::Wait`]), each burden, and
/// surrendering.
///
/// # Errors
/// [`Error::NoConflict`], [`Error::NotAParticipant`], [`Error::UnknownCharacter`];
/// [`Error::CannotAct`] when `who` has nothing to choose now (it surrendered, or is the GM, who takes no burden and,
/// in a healing conflict, makes no choice, T5, T8).
pub fn conflict_advice(
    state: &State,
    who: &str,
    budget: AdviceBudget,
) -> Result<ConflictAdvice, Error> {
    let Advised {
        conflict,
        me,
        seat,
        acting,
        character,
        position,
    } = advised(state, who)?;
    let mut choices: Vec<(AdviceChoice, First)> = Vec::new();
    if acting {
        choices.extend(
            character
                .rollables()
                .filter(|t| {
                    t.unchecked() >= conflict.exchange && !t.broken && !me.used.contains(&t.name)
                })
                .map(|t| {
                    (
                        AdviceChoice::BringIn {
                            trait_name: t.name.clone(),
                            dice: t.unchecked(),
                        },
                        First::Act(Act::BringIn(t.unchecked())),
                    )
                }),
        );
        choices.push((AdviceChoice::Stand, First::Act(Act::Stand)));
    } else {
        choices.push((AdviceChoice::Wait, First::Wait));
    }
    // T5: burdens from each opponent still in; T14: a healer's lands on the patient; T7: it may
    // disable its bearer, who then surrenders if in the conflict.
    let bearer_name = conflict
        .healing
        .as_ref()
        .filter(|h| h.healer == who)
        .map_or(who, |h| h.patient.as_str());
    let bearer = state.character(bearer_name);
    let bearer_seat = conflict
        .participants
        .iter()
        .position(|p| p.who == bearer_name && p.is_in());
    for (j, them) in conflict.participants.iter().enumerate() {
        if !them.is_in() || !conflict.opponents(who, &them.who) {
            continue;
        }
        let most = burden_options(&me.pool, &them.pool).max_boxes;
        for boxes in 1..=most {
            let disabling = bearer.map_or(0, |c| {
                STATS
                    .iter()
                    .filter(|stat| {
                        c.stats
                            .iter()
                            .any(|s| s.name == **stat && c.burden_boxes(stat) + boxes > s.boxes)
                    })
                    .count() as u32
            });
            choices.push((
                AdviceChoice::TakeBurden {
                    from: them.who.clone(),
                    boxes,
                    bearer: (bearer_name != who).then(|| bearer_name.to_owned()),
                },
                First::Burden {
                    from: j,
                    boxes,
                    disabling,
                    bearer: bearer_seat,
                },
            ));
        }
    }
    choices.push((AdviceChoice::Surrender, First::Surrender));

    let side = usize::from(position.seats[seat].side);
    let (model, estimates) = match exactly(&position, seat, &choices, budget.exact_work) {
        Ok(values) => (
            AdviceModel::BestPlay,
            values
                .iter()
                .map(|v| Estimate::Exact(fraction(&v[side], &position)))
                .collect::<Vec<_>>(),
        ),
        Err(OverBudget) => {
            let count = choices.len() as u64;
            let (each, work) = ((budget.plays / count).max(1), budget.sim_work / count);
            let estimates = choices
                .iter()
                .enumerate()
                .map(|(k, (_, first))| {
                    let mut rng = rng_for(&position, k);
                    let (wins, plays) = wins(&position, seat, *first, each, work, &mut rng);
                    Estimate::Simulated { wins, plays }
                })
                .collect();
            (AdviceModel::SimplePolicy, estimates)
        }
    };
    Ok(ConflictAdvice {
        who: who.to_string(),
        model,
        choices: choices
            .into_iter()
            .zip(estimates)
            .map(|((choice, _), win)| match choice {
                // Whoever surrenders does not get its goal, whatever its allies then do (T4,
                // T13: the winning side's members still in get it): certain, never estimated.
                AdviceChoice::Surrender => ChoiceAdvice {
                    choice,
                    win: Estimate::Exact(Fraction::new(0.into(), 1u32.into())),
                },
                choice => ChoiceAdvice { choice, win },
            })
            .collect(),
    })
}

/// Each choice's values under best play, or [`OverBudget`] once the work passes `budget` (one
/// memo shared by the choices).
fn exactly(
    p: &Position,
    seat: usize,
    choices: &[(AdviceChoice, First)],
    budget: u64,
) -> Result<Vec<Values>, OverBudget> {
    let mut search = Exact::new(p.seats.len(), budget);
    choices
        .iter()
        .map(|(_, first)| match *first {
            First::Act(act) => search.act(p, seat, act),
            First::Wait => search.value(p),
            First::Surrender => {
                let mut child = p.clone();
                child.surrender(seat);
                search.value(&child)
            }
            First::Burden {
                from,
                boxes,
                disabling,
                bearer,
            } => {
                let mut kept = p.clone();
                kept.discard(from, boxes);
                let stays = search.value(&kept)?;
                let Some(b) = bearer.filter(|_| disabling > 0) else {
                    return Ok(stays);
                };
                let mut out = kept.clone();
                out.surrender(b);
                let falls = search.value(&out)?;
                // The stat's d20: `disabling` stats of five, four faces each (T5, T7).
                Ok(Rc::new(Exact::mix(
                    &[
                        (u64::from(5 - disabling) * 4, stays),
                        (u64::from(disabling) * 4, falls),
                    ],
                    1,
                )))
            }
        })
        .collect()
}

/// `q` of a search over `p`'s participants as a reduced fraction (its denominator `20^e * L`,
/// `L` the search's least common multiple of 1 to the participants).
fn fraction(q: &Q, p: &Position) -> Fraction {
    let lcm = Exact::new(p.seats.len(), 0).lcm;
    let denominator = BigUint::from(20u32).pow(q.e) * BigUint::from(lcm);
    Fraction::new(BigInt::from(q.num.clone()), denominator)
}

/// The whole-conflict chances of every choice of `who` now, for a command's advice
/// ([`advice`]), with the model that gave them; `None` when `who` cannot act now.
fn advice_chances(state: &State, who: &str) -> Option<(Vec<skald_core::Chance>, AdviceModel)> {
    let advice = conflict_advice(state, who, AdviceBudget::TABLE).ok()?;
    let chances = advice
        .choices
        .iter()
        .map(|c| c.win.chance(c.choice.label()))
        .collect();
    Some((chances, advice.model))
}

/// Which choices are among the best: those whose chance may be the highest, their upper bound
/// (the chance plus its margin; an exact chance has none) at or above the best's lower bound. A
/// simulation's order within its margins may be chance's, so all of these are equally advisable;
/// among exact chances, the ties at the top.
fn among_the_best(chances: &[skald_core::Chance]) -> Vec<bool> {
    let margin = |c: &skald_core::Chance| c.margin.unwrap_or(0.0);
    let best_low = chances
        .iter()
        .map(|c| c.decimal - margin(c))
        .fold(f64::MIN, f64::max);
    chances
        .iter()
        .map(|c| c.decimal + margin(c) >= best_low)
        .collect()
}

/// `chances` with their best marked for a reader deciding ([`among_the_best`]): the one best
/// labelled "(the best)", a few "(among the best)", and a sentence for the summary when no choice
/// stands out: every one among the best, or more than two and more than half of them (a mark on nearly every
/// choice helps nobody pick: the sentence then names the few that are clearly worse instead).
fn mark_the_best(mut chances: Vec<skald_core::Chance>) -> (Vec<skald_core::Chance>, String) {
    let best = among_the_best(&chances);
    let count = best.iter().filter(|b| **b).count();
    if chances.len() < 2 {
        return (chances, String::new());
    }
    if count == chances.len() {
        return (
            chances,
            " No choice is clearly best: each chance is within the others' margins.".to_owned(),
        );
    }
    if count > 2 && 2 * count > chances.len() {
        let worse: Vec<&str> = chances
            .iter()
            .zip(&best)
            .filter(|(_, best)| !**best)
            .map(|(c, _)| c.label.as_str())
            .collect();
        let summary = format!(
            " No choice is clearly best: all but {} are within each other's margins.",
            skald_core::and_list(&worse)
        );
        return (chances, summary);
    }
    let mark = if count == 1 {
        " (the best)"
    } else {
        " (among the best)"
    };
    for (c, best) in chances.iter_mut().zip(best) {
        if best {
            c.label.push_str(mark);
        }
    }
    (chances, String::new())
}

/// The advice beyond the roll of `command` ([`skald_core::System::advice`]): for `bring_in`,
/// `stand`, `take_burden` and `surrender` by a participant who can act now, the chance that its
/// side wins the whole conflict for every choice it has now (each eligible trait, standing, each
/// burden it may take, surrendering), exact under best play or a simulation's estimate with its
/// margin ([`conflict_advice`] with [`AdviceBudget::TABLE`]: at most about 200 ms), the model
/// named in the summary; `None` for every other command and for a participant who cannot act.
/// Never kept in a record: a record keeps [`crate::odds::odds`].
pub fn advice(state: &State, command: &Command) -> Option<Odds> {
    if let Command::AddCharacter { character } = command {
        return npc_advice(state, character);
    }
    let who = match command {
        Command::BringIn { who, .. }
        | Command::Stand { who, .. }
        | Command::TakeBurden { who, .. }
        | Command::Surrender { who, .. } => who,
        _ => return None,
    };
    let (chances, model) = advice_chances(state, who)?;
    let (chances, even) = mark_the_best(chances);
    Some(Odds {
        summary: format!(
            "{who}'s chance to win the whole conflict, for each choice now: {}.{even}",
            model.supposing()
        ),
        chances,
        distribution: Vec::new(),
    })
}

/// What taking `proposal` writes into the NPC builder drafting `sheet` (issue 32): its traits,
/// each under the name the draft gives the trait at its place or, past those, "Trait 1",
/// "Trait 2"... (the first not taken); the stats left empty and the special items none, since
/// the proposal weighs its traits alone (stats and items count as traits, T12), so the drafted
/// chance then is the proposal's.
fn proposal_fill(sheet: &Sheet, proposal: &balance::Proposal) -> Fill {
    let mut taken: Vec<String> = Vec::new();
    let mut written = sheet
        .traits
        .iter()
        .map(|t| t.name.trim())
        .filter(|n| !n.is_empty());
    let mut spare = (1..).map(|i| format!("Trait {i}"));
    let traits: Vec<serde_json::Value> = proposal
        .traits
        .iter()
        .map(|boxes| {
            let name = written
                .by_ref()
                .find(|n| !taken.iter().any(|t| t.eq_ignore_ascii_case(n)))
                .map(str::to_owned)
                .or_else(|| {
                    spare.by_ref().find(|n| {
                        !taken.iter().any(|t| t.eq_ignore_ascii_case(n))
                            && !sheet
                                .traits
                                .iter()
                                .any(|t| t.name.trim().eq_ignore_ascii_case(n))
                    })
                })
                .unwrap_or_default();
            taken.push(name.clone());
            json!({"name": name, "boxes": boxes})
        })
        .collect();
    let blanks = STATS
        .iter()
        .map(|stat| (format!("character.stats.{stat}"), serde_json::Value::Null))
        .chain([
            (
                "character.traits".to_owned(),
                serde_json::Value::Array(traits),
            ),
            ("character.equipment".to_owned(), json!([])),
        ]);
    Fill::new(
        format!(
            "fill the form with the {} fight's opponent, {}, no stats and no special items",
            proposal.target.name(),
            proposal.shape()
        ),
        blanks,
    )
}

/// A fair fight (issue 32), for the GM drafting an NPC or creature (`add_character` with an NPC
/// sheet) while the table has a party ([`balance::party`]): the party's chance to win a
/// conflict against it as drafted (its stats, traits and items with unchecked boxes; any out of
/// range left out), then an opponent proposed for an easy, an even and a hard fight
/// ([`balance::balance`], [`BalanceBudget::TABLE`]). `None` for a player's sheet; for an empty
/// party, a summary saying what will be shown once a player character is at the table.
fn npc_advice(state: &State, sheet: &Sheet) -> Option<Odds> {
    if sheet.kind != SheetKind::Npc {
        return None;
    }
    let party = balance::party(state, None).ok().unwrap_or_default();
    if party.is_empty() {
        // Said, not left blank: a GM drafting the first NPC would otherwise wonder where the
        // fair fight went.
        return Some(Odds {
            summary: "A fair fight is weighed against the player characters: once one is at the \
                      table, this shows the chance that they win a whole conflict against this \
                      opponent, and an easy, an even and a hard opponent to take."
                .to_owned(),
            chances: Vec::new(),
            distribution: Vec::new(),
        });
    }
    let opponent: Vec<u32> = sheet
        .stats
        .values()
        .map(|s| s.boxes().saturating_sub(s.checked()))
        .chain(
            sheet
                .traits
                .iter()
                .chain(&sheet.equipment)
                .map(Trait::unchecked),
        )
        .filter(|b| (1..=MAX_BOXES).contains(b))
        .collect();
    let budget = BalanceBudget::TABLE;
    let name = match sheet.name.trim() {
        "" => "this opponent".to_string(),
        name => name.to_string(),
    };
    let who = match party.as_slice() {
        [one] => one.name.clone(),
        _ => "The party".to_owned(),
    };
    let mut chances = vec![
        balance::party_chance(&party, &opponent, budget.chance)
            .ok()?
            .win
            .chance(format!("{who} wins a conflict against {name} as drafted")),
    ];
    for proposal in balance::balance(&party, budget).ok()? {
        let reach = if proposal.out_of_reach {
            ", the closest there is"
        } else {
            ""
        };
        chances.push(
            proposal
                .chance
                .win
                .chance(format!(
                    "{} fight ({}% wanted{reach}): an opponent with {}",
                    capitalized(proposal.target.name()),
                    proposal.target.percent(),
                    proposal.shape()
                ))
                .with_fill(proposal_fill(sheet, &proposal)),
        );
    }
    let names: Vec<&str> = party.iter().map(|c| c.name.as_str()).collect();
    Some(Odds {
        summary: format!(
            "A fair fight: the chance that {} a whole conflict against this opponent, without \
             burdens or surrenders. A hard opponent needs many traits of many boxes: exchange n \
             takes a trait of at least n unchecked boxes, and every die risks the 1 that forces a \
             stand (T2).",
            match names.as_slice() {
                [one] => format!("{one} wins"),
                all => format!("the party ({}, allies, T13) wins", all.join(", ")),
            }
        ),
        chances,
        distribution: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::mark_the_best;
    use skald_core::Chance;

    fn marked(chances: Vec<Chance>) -> (Vec<String>, String) {
        let (chances, summary) = mark_the_best(chances);
        (chances.into_iter().map(|c| c.label).collect(), summary)
    }

    #[test]
    fn the_best_choices_are_marked_past_the_margins() {
        let simulated = |label: &str, wins| Chance::estimate(label, wins, 10_000);
        // 50% and 51% of 10,000 plays: margins of about 1.6 points overlap.
        assert_eq!(
            marked(vec![simulated("a", 5000), simulated("b", 5100)]),
            (
                vec!["a".to_owned(), "b".to_owned()],
                " No choice is clearly best: each chance is within the others' margins.".to_owned()
            )
        );
        // 50%, 51% and 52% of 10,000 plays, and a surrender's 0%: three of four among the best
        // are not marked; the summary names the one clearly worse.
        assert_eq!(
            marked(vec![
                simulated("a", 5000),
                simulated("b", 5100),
                simulated("c", 5200),
                simulated("Surrender", 0)
            ]),
            (
                vec!["a".into(), "b".into(), "c".into(), "Surrender".into()],
                " No choice is clearly best: all but Surrender are within each other's margins."
                    .to_owned()
            )
        );
        // 50% and 60%: one best.
        assert_eq!(
            marked(vec![simulated("a", 5000), simulated("b", 6000)]).0,
            ["a", "b (the best)"]
        );
        // 59%, 60% and 30%: two among the best, one clearly worse.
        assert_eq!(
            marked(vec![
                simulated("a", 5900),
                simulated("b", 6000),
                simulated("c", 3000)
            ])
            .0,
            ["a (among the best)", "b (among the best)", "c"]
        );
        // One choice is not marked; exact chances mark their ties at the top.
        assert_eq!(marked(vec![simulated("a", 5000)]).0, ["a"]);
        let half = skald_dice::odds::Fraction::new(1.into(), 2u32.into());
        let third = skald_dice::odds::Fraction::new(1.into(), 3u32.into());
        assert_eq!(
            marked(vec![
                Chance::exact("a", &half),
                Chance::exact("b", &half),
                Chance::exact("c", &third)
            ])
            .0,
            ["a (among the best)", "b (among the best)", "c"]
        );
    }
}
