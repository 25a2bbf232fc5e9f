//! A fair fight for the GM (issue 32): the chance that the party wins a conflict against an
//! opponent ([`party_chance`]), and opponents proposed for the chance the GM picks ([`balance`]).
//!
//! The conflict weighed: the party (by default every player character at the table) able to
//! fight (not dead, not disabled, T7) on one side as allies (T13), declared in table order, against the opponent
//! declared last, from the first exchange with empty pools; each may bring in every stat, trait,
//! item and obligation trait it has with unchecked boxes (T2). The model is the advice's
//! (`mod.rs`): exact under best play while the work fits the budget, otherwise simulated under the
//! simple policy; nobody takes a burden or surrenders.
//!
//! The opponents proposed are of a shape a GM can read and write: some traits of `b` boxes and
//! the rest of `b + 1`, never more traits than `b` (T2: a trait of `b` boxes is brought in only
//! in exchanges 1 to `b`, one a turn, so more could never all be used), no stats (T12: an NPC's sheet is the GM's). Every shape of up to
//! [`MAX_PROPOSED_TRAITS`] traits of up to [`MAX_BOXES`] boxes is weighed by a short simulation.
//! For each target the count is the one nearest a natural count (about half of what a member of
//! the party can bring in, 2 to 6) whose best shape comes within 5 points of the target (else the
//! closest shape of all). Then, weighed again with the full budget, the shapes between that count
//! of traits of one box fewer and of one box more, some traits a box larger than the others
//! (binary search, as if the party's chance falls as the opponent's dice grow), and the closest is
//! kept. One more than 10 points off is said to be out of reach: the closest there is.

use super::exact::{Exact, OverBudget};
use super::policy::simple;
use super::position::{BOXES, FACES, Position, Seat, Status};
use super::simulate::{First, rng_for, wins};
use super::{AdviceModel, Estimate, fraction};
use crate::error::Error;
use crate::limits::MAX_BOXES;
use crate::model::{Character, SheetKind, State};
use skald_core::Fight;

/// The most traits a proposed opponent has.
pub const MAX_PROPOSED_TRAITS: u32 = 8;

/// How near the target a shape of the scan must come for its count to be taken: 5 points.
const CLOSE: f64 = 0.05;

/// How far from the target a proposal is said to be out of reach: 10 points.
const OUT_OF_REACH: f64 = 0.10;

/// How much work the weighing may do (no clock in the core: units of work, as
/// [`super::AdviceBudget`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BalanceBudget {
    /// One opponent's chance: the exact search's bound, then the simulation's plays and units.
    pub chance: super::AdviceBudget,
    /// The short simulation of each shape in the scan: plays.
    pub scan_plays: u64,
}

impl BalanceBudget {
    /// The table's budget: the drafted opponent's chance and the three proposals within about
    /// 200 ms on one core in a release build for a four-character party (`docs/benchmarks.md`).
    pub const TABLE: BalanceBudget = BalanceBudget {
        chance: super::AdviceBudget {
            exact_work: 50_000,
            plays: 20_000,
            sim_work: 1_000_000,
        },
        scan_plays: 200,
    };

    /// The command line's: ten times the plays of [`Self::TABLE`], for margins about a third.
    pub const REPORT: BalanceBudget = BalanceBudget {
        chance: super::AdviceBudget {
            exact_work: 200_000,
            plays: 200_000,
            sim_work: 10_000_000,
        },
        scan_plays: 1_000,
    };
}

impl BalanceBudget {
    /// [`Self::REPORT`] with `plays` simulated conflicts per chance instead (1 to 10,000,000):
    /// the simulation's units 50 per play, the scan's plays one in 200 (at least 100). Fewer plays
    /// answer faster with wider margins.
    pub fn with_plays(plays: u64) -> BalanceBudget {
        let plays = plays.clamp(1, 10_000_000);
        BalanceBudget {
            chance: super::AdviceBudget {
                plays,
                sim_work: plays.saturating_mul(50),
                ..Self::REPORT.chance
            },
            scan_plays: (plays / 200).max(100),
        }
    }
}

/// The party's chance to win against one opponent, and the model that gave it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartyChance {
    /// The chance that the party's side wins the conflict (T4, T13).
    pub win: Estimate,
    /// Exact under best play, or simulated under the simple policy.
    pub model: AdviceModel,
}

/// An opponent proposed for a target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Proposal {
    /// The target it is for.
    pub target: Fight,
    /// Its traits' boxes, largest first: 1 to [`MAX_PROPOSED_TRAITS`] traits, each of 1 to
    /// [`MAX_BOXES`] boxes, at most one box apart.
    pub traits: Vec<u32>,
    /// The party's chance against it.
    pub chance: PartyChance,
    /// Whether it is more than 10 points from the target: the closest there is.
    pub out_of_reach: bool,
}

impl Proposal {
    /// Its traits in words ([`shape_words`]).
    pub fn shape(&self) -> String {
        shape_words(&self.traits)
    }
}

/// Traits' boxes in words, equal ones together: "4 traits of 5 boxes", "1 trait of 1 box",
/// "5 traits: 2 of 4 boxes and 3 of 3".
pub fn shape_words(traits: &[u32]) -> String {
    let mut groups: Vec<(u32, u32)> = Vec::new();
    for &b in traits {
        match groups.last_mut() {
            Some((boxes, n)) if *boxes == b => *n += 1,
            _ => groups.push((b, 1)),
        }
    }
    let box_word = |b: u32| if b == 1 { "box" } else { "boxes" };
    let trait_word = |n: usize| if n == 1 { "trait" } else { "traits" };
    match groups.as_slice() {
        [] => "no traits".to_owned(),
        [(boxes, n)] => format!(
            "{n} {} of {boxes} {}",
            trait_word(*n as usize),
            box_word(*boxes)
        ),
        [(first, n), rest @ ..] => {
            let mut words = vec![format!("{n} of {first} {}", box_word(*first))];
            words.extend(rest.iter().map(|(b, n)| format!("{n} of {b}")));
            format!(
                "{} {}: {}",
                traits.len(),
                trait_word(traits.len()),
                words.join(" and ")
            )
        }
    }
}

/// The party of `state`: the characters named in `named`, or when `None` every character not the
/// GM's (any sheet but an NPC's), in table order; either way leaving out the dead and the
/// disabled (T7), who cannot fight.
///
/// # Errors
/// [`Error::UnknownCharacter`] for a name not at the table.
pub fn party<'a>(state: &'a State, named: Option<&[String]>) -> Result<Vec<&'a Character>, Error> {
    let fit = |c: &&Character| !c.dead && c.disabled_by().is_none();
    match named {
        None => Ok(state
            .characters
            .iter()
            .filter(|c| c.kind != SheetKind::Npc)
            .filter(fit)
            .collect()),
        Some(names) => {
            let mut party = Vec::with_capacity(names.len());
            for name in names {
                let c = state
                    .character(name)
                    .ok_or_else(|| Error::UnknownCharacter(name.clone()))?;
                if fit(&c) && !party.iter().any(|p: &&Character| p.name == c.name) {
                    party.push(c);
                }
            }
            Ok(party)
        }
    }
}

/// The chance that `party` wins a conflict against an opponent with traits of `opponent` boxes
/// each (any number of traits, each 1 to [`MAX_BOXES`] boxes; stats and items count as traits),
/// under the model of the module doc, within `budget`.
///
/// # Errors
/// [`Error::EmptyParty`] when the party is empty; [`Error::OpponentBoxes`] when a trait's boxes
/// are out of range.
pub fn party_chance(
    party: &[&Character],
    opponent: &[u32],
    budget: super::AdviceBudget,
) -> Result<PartyChance, Error> {
    let position = start(party, opponent)?;
    Ok(weigh(&position, budget))
}

/// The opponents proposed for each of [`Fight::ALL`] against `party`, easiest first.
///
/// # Errors
/// [`Error::EmptyParty`] when the party is empty.
pub fn balance(party: &[&Character], budget: BalanceBudget) -> Result<Vec<Proposal>, Error> {
    start(party, &[1])?;
    let mut scan = Vec::new();
    for count in 1..=MAX_PROPOSED_TRAITS {
        // T2: one trait a turn, and a trait of `b` boxes only in exchanges 1 to `b`: more traits
        // than boxes would leave some that can never be brought in.
        for boxes in count..=MAX_BOXES {
            let traits = vec![boxes; count as usize];
            let position = start(party, &traits)?;
            let (won, plays) = simulated(&position, budget.scan_plays, u64::MAX);
            scan.push((count, boxes, won as f64 / plays.max(1) as f64));
        }
    }
    let natural = natural_count(party);
    let mut counts: Vec<u32> = (1..=MAX_PROPOSED_TRAITS).collect();
    counts.sort_by_key(|c| c.abs_diff(natural));
    let mut proposals = Vec::new();
    for target in Fight::ALL {
        let want = target.decimal();
        let off = |s: &&(u32, u32, f64)| (s.2 - want).abs();
        let closest = |a: &&(u32, u32, f64), b: &&(u32, u32, f64)| off(a).total_cmp(&off(b));
        // The count nearest the natural one whose best shape comes close; else the closest of all.
        let pick = counts
            .iter()
            .filter_map(|c| scan.iter().filter(|s| s.0 == *c).min_by(closest))
            .find(|s| off(s) <= CLOSE)
            .or_else(|| scan.iter().min_by(closest));
        let Some(&(count, near, _)) = pick else {
            continue;
        };
        // Finer than the scan: between `count` traits of `b` boxes and of `b + 1`, some of each
        // (`dice` in all), searched as if the party's chance falls as the dice grow.
        let shape = |dice: u32| -> Vec<u32> {
            (0..count)
                .map(|i| dice / count + u32::from(i < dice % count))
                .collect()
        };
        let mut weighed: Vec<(u32, PartyChance)> = Vec::new();
        let mut chance_at = |dice: u32| -> Result<f64, Error> {
            if let Some((_, c)) = weighed.iter().find(|(d, _)| *d == dice) {
                return Ok(decimal(&c.win));
            }
            let chance = weigh(&start(party, &shape(dice))?, budget.chance);
            let p = decimal(&chance.win);
            weighed.push((dice, chance));
            Ok(p)
        };
        let (mut lo, mut hi) = (
            count * near.saturating_sub(1).max(count),
            count * (near + 1).min(MAX_BOXES),
        );
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if chance_at(mid)? <= want {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        chance_at(lo)?;
        if lo > count {
            chance_at(lo - 1)?;
        }
        let best = weighed
            .into_iter()
            .min_by(|a, b| {
                let off = |c: &PartyChance| (decimal(&c.win) - want).abs();
                off(&a.1).total_cmp(&off(&b.1)).then(a.0.cmp(&b.0))
            })
            .map(|(dice, chance)| {
                let out_of_reach = (decimal(&chance.win) - want).abs() > OUT_OF_REACH;
                Proposal {
                    target,
                    traits: shape(dice),
                    chance,
                    out_of_reach,
                }
            });
        proposals.extend(best);
    }
    Ok(proposals)
}

/// The traits a proposal prefers: about half of what a member of the party can bring in (its
/// stats, traits, items and obligation traits), 2 to 6 (the book's dragon has five).
fn natural_count(party: &[&Character]) -> u32 {
    let things: usize = party.iter().map(|c| c.rollables().count()).sum();
    let each = things / party.len().max(1);
    (each as u32 / 2).clamp(2, 6)
}

/// The chance as a decimal (an estimate's hits over plays).
fn decimal(estimate: &Estimate) -> f64 {
    match estimate {
        Estimate::Exact(p) => p.to_f64(),
        Estimate::Simulated { wins, plays } => *wins as f64 / (*plays).max(1) as f64,
    }
}

/// The first exchange of `party` against an opponent with traits of `opponent` boxes.
fn start(party: &[&Character], opponent: &[u32]) -> Result<Position, Error> {
    if party.is_empty() {
        return Err(Error::EmptyParty {
            default_party: false,
        });
    }
    let mut seats: Vec<Seat> = party
        .iter()
        .map(|c| {
            seat(
                0,
                c.rollables().filter(|t| !t.broken).map(|t| t.unchecked()),
            )
        })
        .collect();
    if let Some(b) = opponent.iter().find(|b| **b == 0 || **b > MAX_BOXES) {
        return Err(Error::OpponentBoxes {
            value: *b,
            min: 1,
            max: MAX_BOXES,
        });
    }
    seats.push(seat(1, opponent.iter().copied()));
    Ok(Position {
        exchange: 1,
        dice_this_exchange: false,
        seats,
        healing: None,
        sides: 2,
    })
}

/// A seat of side `side` with traits of `unchecked` boxes (none counted that has no box left).
fn seat(side: u8, unchecked: impl Iterator<Item = u32>) -> Seat {
    let mut traits = [0u8; BOXES];
    for n in unchecked {
        if let Some(c) = traits.get_mut(n as usize).filter(|_| n > 0) {
            *c = c.saturating_add(1);
        }
    }
    Seat {
        side,
        pool: [0; FACES],
        traits,
        status: Status::In,
        acted: false,
        rolled: false,
    }
}

/// The party's chance at `position` (side 0): exact within `budget.exact_work`, else simulated.
fn weigh(position: &Position, budget: super::AdviceBudget) -> PartyChance {
    let mut search = Exact::new(position.seats.len(), budget.exact_work);
    match search.value(position) {
        Ok(values) => PartyChance {
            win: Estimate::Exact(fraction(&values[0], position)),
            model: AdviceModel::BestPlay,
        },
        Err(OverBudget) => {
            let (wins, plays) = simulated(position, budget.plays, budget.sim_work);
            PartyChance {
                win: Estimate::Simulated { wins, plays },
                model: AdviceModel::SimplePolicy,
            }
        }
    }
}

/// The party's wins in at most `plays` conflicts from `position` (at most `work` units) under the
/// simple policy, and the conflicts played. The party declares first, so seat 0 opens.
fn simulated(position: &Position, plays: u64, work: u64) -> (u64, u64) {
    let mut rng = rng_for(position, 0);
    let first = First::Act(simple(position, 0));
    wins(position, 0, first, plays, work, &mut rng)
}
