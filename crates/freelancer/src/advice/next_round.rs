//! The next round as the advice foresees it (F5, F6): each roller's turns for a d100, the Full
//! Actions each divides its turn into, and the order of the turns of those who would try the task.
//!
//! Only the attempters' turns are placed: the others' turns never change the order of the
//! attempters' among themselves, and the slowest turn, which sets the extra Full Actions, has the
//! fewest digits of SPD among all the rollers whatever they roll (a roll is scaled to its SPD's
//! digits, F5).

use crate::advice::question::{Question, Roller};
use crate::model::options::InitiativeMethod;
use crate::rules::initiative::{divided_turn, method_two_turns, scale};
use crate::rules::task_check::digits;
use std::cmp::Ordering;

/// One turn of an attempter in the next round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placed {
    /// The turn number (higher first).
    pub turn: u128,
    /// The roller's SPD and LCK, which break ties (F5).
    pub spd: u128,
    /// LCK.
    pub lck: u128,
    /// The attempter.
    pub attempter: usize,
    /// Full Actions at that turn.
    pub actions: u32,
}

/// The Full Actions each roller takes in the next round under method 1: its most (F5), one more
/// for every two digits of SPD it has over the rollers' fewest. Under method 2, 1 per turn.
pub fn most_actions(question: &Question) -> Vec<u32> {
    let fewest = question
        .rollers
        .iter()
        .map(|r| digits(r.spd))
        .min()
        .unwrap_or(1);
    question
        .rollers
        .iter()
        .map(|r| match question.method {
            InitiativeMethod::One => 1 + digits(r.spd).saturating_sub(fewest) / 2,
            InitiativeMethod::Two => 1,
        })
        .collect()
}

/// The turns `roller` takes with `d100` (1-100): under method 1 one turn, divided into `actions`
/// Full Actions at the turn divided by them (halves up); under method 2 a turn at every two
/// orders of magnitude (F6).
pub fn turns(
    roller: &Roller,
    d100: u32,
    actions: u32,
    method: InitiativeMethod,
) -> Vec<(u128, u32)> {
    let turn = scale(roller.alc + u128::from(d100), roller.spd);
    match method {
        InitiativeMethod::One => vec![(divided_turn(turn, actions), actions)],
        InitiativeMethod::Two => method_two_turns(turn).into_iter().map(|t| (t, 1)).collect(),
    }
}

/// The order of two placed turns, first first: the higher turn, then the higher SPD, then the
/// higher LCK (F5); `Equal` is a tie a roll-off breaks.
pub fn precedence(a: &Placed, b: &Placed) -> Ordering {
    b.turn
        .cmp(&a.turn)
        .then_with(|| b.spd.cmp(&a.spd))
        .then_with(|| b.lck.cmp(&a.lck))
}

/// Sorts `placed` first to last and gives the runs of ties, as `(start, length)` with length at
/// least 2.
pub fn arrange(placed: &mut [Placed]) -> Vec<(usize, usize)> {
    placed.sort_by(precedence);
    let mut ties = Vec::new();
    let mut start = 0;
    for i in 1..=placed.len() {
        let same = i < placed.len() && precedence(&placed[start], &placed[i]) == Ordering::Equal;
        if !same {
            if i - start > 1 {
                ties.push((start, i - start));
            }
            start = i;
        }
    }
    ties
}
