//! The abstract state of a conflict that the advice plays forward: [`Position`], built from a
//! [`State`], and the rules of `rules/exchange.rs` and `rules/conflict.rs` restated on it (T2-T5,
//! T7, T8, T13), so that both the exact search and the simulation step through the same rules.
//!
//! What is kept is only what decides who wins: each participant's pool as counts per face (T3
//! compares pools value by value), its eligible traits, stats, items and obligation traits as how
//! many of them have each number of unchecked boxes (each is brought in once per conflict and
//! rolls one d20 per unchecked box, T2, so two with the same unchecked boxes are the same choice;
//! a broken item or one already used is left out; T9 breaking cannot matter later in the conflict,
//! since an item is brought in once), whether it is in, forced to stand or surrendered, whether it
//! acted this exchange, and its side (T13). A healing conflict adds the GM's dice per later
//! bring-in of the healer (T8).

use crate::limits::{MAX_BOXES, SIDES};
use crate::model::{GM, Standing, State};

/// Faces 0..=20 (index 0 unused).
pub(super) const FACES: usize = SIDES as usize + 1;
/// Unchecked boxes 0..=MAX_BOXES (index 0 unused).
pub(super) const BOXES: usize = MAX_BOXES as usize + 1;

/// Where a participant stands (T2, T4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Status {
    /// May bring in dice or stand.
    In,
    /// Forced to stand for the rest of the conflict; its dice count.
    Forced,
    /// Surrendered: out, dice gone.
    Out,
}

/// One participant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct Seat {
    /// Its side, 0-based among the sides of the conflict (T13).
    pub side: u8,
    /// `pool[v]`: dice showing `v`.
    pub pool: [u8; FACES],
    /// `traits[n]`: eligible traits, stats, items and obligation traits with `n` unchecked boxes.
    pub traits: [u8; BOXES],
    /// In, forced to stand, or out.
    pub status: Status,
    /// Acted (brought in or stood) in this exchange.
    pub acted: bool,
    /// Has brought in dice before in this conflict (T8: the GM rolls from the healer's second).
    pub rolled: bool,
}

/// A conflict in progress, abstracted (see the module doc).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(super) struct Position {
    /// The exchange, 1-based (T2).
    pub exchange: u32,
    /// Whether anyone brought in dice this exchange (T4: an exchange without any ends it).
    pub dice_this_exchange: bool,
    /// The participants in declaration order.
    pub seats: Vec<Seat>,
    /// Healing (T8): (the healer's seat, the GM's seat, the GM's dice per later bring-in).
    pub healing: Option<(usize, usize, u32)>,
    /// How many sides.
    pub sides: usize,
}

/// What comes next in a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Next {
    /// The seat to act (the first in declaration order still to act this exchange).
    Turn(usize),
    /// The conflict is over: each side's share of the win, out of `of` (T4: a tie at the top
    /// between sides is rolled off; each tied participant is as likely to win it, so a side's
    /// share is its tied members over all the tied).
    Over { shares: Vec<u32>, of: u32 },
}

/// A choice within an exchange.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Act {
    /// Stand on the pool (T2).
    Stand,
    /// Bring in an eligible trait with this many unchecked boxes (T2).
    BringIn(u32),
}

impl Position {
    /// The position of `state`'s conflict in progress; `None` when there is none.
    pub fn of(state: &State) -> Option<Position> {
        let conflict = state.active_conflict()?;
        let mut side_ids: Vec<usize> = Vec::new();
        let mut seats = Vec::with_capacity(conflict.participants.len());
        for p in &conflict.participants {
            let side = match side_ids.iter().position(|s| *s == p.side) {
                Some(i) => i,
                None => {
                    side_ids.push(p.side);
                    side_ids.len() - 1
                }
            };
            let mut pool = [0u8; FACES];
            for &d in &p.pool {
                if let Some(c) = pool.get_mut(d as usize) {
                    *c = c.saturating_add(1);
                }
            }
            let mut traits = [0u8; BOXES];
            if let Some(c) = state.character(&p.who) {
                for t in c.rollables() {
                    let n = t.unchecked();
                    if n >= conflict.exchange
                        && !t.broken
                        && !p.used.contains(&t.name)
                        && let Some(c) = traits.get_mut(n as usize)
                    {
                        *c = c.saturating_add(1);
                    }
                }
            }
            seats.push(Seat {
                side: u8::try_from(side).unwrap_or(u8::MAX),
                pool,
                traits,
                status: match p.standing {
                    Standing::In => Status::In,
                    Standing::ForcedStand => Status::Forced,
                    Standing::Surrendered => Status::Out,
                },
                acted: p.acted_in == conflict.exchange,
                rolled: !p.rolls.is_empty(),
            });
        }
        let healing = conflict.healing.as_ref().and_then(|h| {
            let index = |who: &str| conflict.participants.iter().position(|p| p.who == who);
            let gm_dice = state
                .character(&h.patient)
                .and_then(|c| c.burden(&h.burden))
                .map_or(0, |b| b.boxes.len() as u32);
            Some((index(&h.healer)?, index(GM)?, gm_dice))
        });
        Some(Position {
            exchange: conflict.exchange,
            dice_this_exchange: conflict.dice_this_exchange(),
            seats,
            healing,
            sides: side_ids.len(),
        })
    }

    /// How many sides have anyone in (T4, T13).
    fn sides_in(&self) -> usize {
        let mut seen = 0u64;
        for s in self.seats.iter().filter(|s| s.status != Status::Out) {
            seen |= 1 << (s.side % 64);
        }
        seen.count_ones() as usize
    }

    /// Runs the conflict's course (`rules/conflict.rs`, `course`) until someone must act or the
    /// conflict is over: an exchange ends once everyone able has acted; without dice brought in
    /// it ends the conflict, otherwise the next begins and those with nothing eligible are forced
    /// to stand (T2, T4).
    pub fn settle(&mut self) -> Next {
        loop {
            if self.sides_in() <= 1 {
                let mut shares = vec![0; self.sides];
                if let Some(s) = self.seats.iter().find(|s| s.status != Status::Out) {
                    shares[usize::from(s.side)] = 1;
                }
                return Next::Over { shares, of: 1 };
            }
            if let Some(i) = self
                .seats
                .iter()
                .position(|s| s.status == Status::In && !s.acted)
            {
                return Next::Turn(i);
            }
            if !self.dice_this_exchange {
                return self.resolve();
            }
            self.exchange += 1;
            self.dice_this_exchange = false;
            let exchange = self.exchange as usize;
            for s in &mut self.seats {
                s.acted = false;
                if s.status == Status::In && s.traits.iter().skip(exchange).all(|c| *c == 0) {
                    s.status = Status::Forced;
                }
            }
        }
    }

    /// The end after an exchange without dice (T4, T13): the best pool among those in wins; tied
    /// participants of different sides roll off.
    fn resolve(&self) -> Next {
        let inside = self.seats.iter().filter(|s| s.status != Status::Out);
        let mut top: Option<&[u8; FACES]> = None;
        for s in inside.clone() {
            if top.is_none_or(|t| compare(&s.pool, t).is_gt()) {
                top = Some(&s.pool);
            }
        }
        let mut shares = vec![0u32; self.sides];
        let mut of = 0;
        if let Some(top) = top {
            for s in inside.filter(|s| s.pool == *top) {
                shares[usize::from(s.side)] += 1;
                of += 1;
            }
        }
        Next::Over { shares, of }
    }

    /// The choices of seat `i` now: stand, and bring in one eligible trait for each number of
    /// unchecked boxes it has at or above the exchange's number (T2); fewest dice first.
    pub fn acts(&self, i: usize) -> Vec<Act> {
        let mut acts = vec![Act::Stand];
        let seat = &self.seats[i];
        for n in (self.exchange as usize)..BOXES {
            if seat.traits[n] > 0 {
                acts.push(Act::BringIn(n as u32));
            }
        }
        acts
    }

    /// The largest eligible trait of seat `i`: its unchecked boxes, or `None`.
    pub fn largest(&self, i: usize) -> Option<u32> {
        let seat = &self.seats[i];
        ((self.exchange as usize)..BOXES)
            .rev()
            .find(|n| seat.traits[*n] > 0)
            .map(|n| n as u32)
    }

    /// Seat `i` stands this exchange (T2).
    pub fn stand(&mut self, i: usize) {
        self.seats[i].acted = true;
    }

    /// Seat `i` brings in a trait with `n` unchecked boxes, which rolled `dice` (counts per face):
    /// the dice join its pool, a 1 forces it to stand (T2). Returns the d20s the GM then rolls
    /// (T8: one per burden box each later time the healer brings in dice), 0 otherwise.
    pub fn bring_in(&mut self, i: usize, n: u32, dice: &[u8; FACES]) -> u32 {
        let seat = &mut self.seats[i];
        seat.traits[n as usize] = seat.traits[n as usize].saturating_sub(1);
        add(&mut seat.pool, dice);
        if dice[1] > 0 {
            seat.status = Status::Forced;
        }
        seat.acted = true;
        let first = !seat.rolled;
        seat.rolled = true;
        self.dice_this_exchange = true;
        match self.healing {
            Some((healer, _, gm_dice)) if healer == i && !first => gm_dice,
            _ => 0,
        }
    }

    /// The GM's side of a healing conflict adds `dice` to its pool (T8).
    pub fn gm_rolls(&mut self, dice: &[u8; FACES]) {
        if let Some((_, gm, _)) = self.healing {
            let seat = &mut self.seats[gm];
            add(&mut seat.pool, dice);
        }
    }

    /// Seat `i` surrenders (T4).
    pub fn surrender(&mut self, i: usize) {
        self.seats[i].status = Status::Out;
    }

    /// Seat `j` discards its `k` highest dice (T5).
    pub fn discard(&mut self, j: usize, k: u32) {
        let pool = &mut self.seats[j].pool;
        let mut left = k;
        for v in (1..FACES).rev() {
            let take = u32::from(pool[v]).min(left);
            pool[v] -= take as u8;
            left -= take;
        }
    }

    /// Whether seat `i`'s side is strictly ahead: one of its pools still in ahead of every pool of
    /// another side still in (T3, T13).
    pub fn side_ahead(&self, i: usize) -> bool {
        let side = self.seats[i].side;
        self.seats
            .iter()
            .filter(|s| s.side == side && s.status != Status::Out)
            .any(|mine| {
                self.seats
                    .iter()
                    .filter(|o| o.side != side && o.status != Status::Out)
                    .all(|o| compare(&mine.pool, &o.pool).is_gt())
            })
    }
}

/// Adds `dice` (counts per face) to `pool`.
fn add(pool: &mut [u8; FACES], dice: &[u8; FACES]) {
    for (have, new) in pool.iter_mut().zip(dice) {
        *have = have.saturating_add(*new);
    }
}

/// T3 on counts: the pool with more dice at the highest value where they differ is ahead.
pub(super) fn compare(a: &[u8; FACES], b: &[u8; FACES]) -> std::cmp::Ordering {
    for v in (1..FACES).rev() {
        if a[v] != b[v] {
            return a[v].cmp(&b[v]);
        }
    }
    std::cmp::Ordering::Equal
}
