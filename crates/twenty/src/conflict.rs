//! A conflict in progress or ended: its participants, their pools, the exchange count (T2-T4).

use crate::pool::{compare_pools, narration_order};
use serde::{Deserialize, Serialize};

/// Where a participant stands in the conflict.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Standing {
    /// Still in: may bring in dice or stand in each exchange.
    In,
    /// Forced to stand for the rest of the conflict (rolled a 1, or nothing eligible); still in, and its
    /// dice still count (T2).
    ForcedStand,
    /// Out of the conflict, dice gone, goal lost (T4).
    Surrendered,
}

/// One side of a conflict.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Participant {
    /// The character's name.
    pub who: String,
    /// What it wants to happen.
    pub goal: String,
    /// The dice in its pool, highest first (d20 values 1-20).
    pub pool: Vec<u32>,
    /// Traits, stats and items brought in so far, each at most once per conflict (T2).
    pub used: Vec<String>,
    /// In, forced to stand, or surrendered.
    pub standing: Standing,
    /// The last exchange in which it brought in dice or stood; 0 before the first.
    pub acted_in: u32,
    /// For a surrendered participant: the how-manieth surrender of the conflict (1 = first).
    pub surrendered_as: Option<u32>,
    /// Whose death its goal is, if any (T7).
    pub death_of: Option<String>,
    /// Opponents' burden boxes used so far: (owner, burden, box index), once each per conflict (T6).
    pub burden_boxes_used: Vec<(String, String, usize)>,
    /// Every roll it made, with the exchange, one per entry of `used` (T9: an opponent's 20 breaks items
    /// of that exchange; T8: the GM rolls from the healer's second bring-in on).
    pub rolls: Vec<(u32, Vec<u32>)>,
}

impl Participant {
    /// Whether it can still bring in dice or stand in an exchange.
    pub fn can_act(&self) -> bool {
        self.standing == Standing::In
    }

    /// Whether it is still in the conflict (not surrendered).
    pub fn is_in(&self) -> bool {
        self.standing != Standing::Surrendered
    }
}

/// A conflict between two or more characters.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Conflict {
    /// The current exchange, 1-based, counted for the whole conflict (T2).
    pub exchange: u32,
    /// The sides, in the order they were declared.
    pub participants: Vec<Participant>,
    /// Surrenders so far.
    pub surrenders: u32,
    /// The winner, once the conflict has ended.
    pub winner: Option<String>,
    /// The final narration order, once the conflict has ended (T3, T4).
    pub final_order: Vec<String>,
    /// For a healing conflict, its set-up (T8); the GM's side is the participant named "GM".
    pub healing: Option<crate::event::Healing>,
    /// Burdens made in this conflict, (owner, name): they cannot be used in it (T6).
    pub new_burdens: Vec<(String, String)>,
}

impl Conflict {
    /// Whether anyone brought in dice in the current exchange (T4: an exchange without any ends it).
    pub fn dice_this_exchange(&self) -> bool {
        self.participants
            .iter()
            .any(|p| p.rolls.iter().any(|(x, _)| *x == self.exchange))
    }

    /// Whether the conflict has ended.
    pub fn ended(&self) -> bool {
        !self.final_order.is_empty()
    }

    /// The participant named `who`, if taking part.
    pub fn participant(&self, who: &str) -> Option<&Participant> {
        self.participants.iter().find(|p| p.who == who)
    }

    /// Mutable access to the participant named `who`.
    pub fn participant_mut(&mut self, who: &str) -> Option<&mut Participant> {
        self.participants.iter_mut().find(|p| p.who == who)
    }

    /// Those still in (not surrendered), highest pool first (T3).
    pub fn order_of_those_in(&self) -> Vec<String> {
        let inside: Vec<&Participant> = self.participants.iter().filter(|p| p.is_in()).collect();
        let pools: Vec<&[u32]> = inside.iter().map(|p| p.pool.as_slice()).collect();
        narration_order(&pools)
            .into_iter()
            .map(|i| inside[i].who.clone())
            .collect()
    }

    /// Who is winning now: the single highest pool among those in, or `None` on a tie at the top (T3).
    pub fn winning(&self) -> Option<String> {
        let order = self.order_of_those_in();
        let first = self.participant(order.first()?)?;
        let tied = order
            .get(1)
            .and_then(|second| self.participant(second))
            .is_some_and(|second| compare_pools(&first.pool, &second.pool).is_eq());
        (!tied).then(|| first.who.clone())
    }

    /// Those who surrendered, most recent first (T3: they narrate last, in that order).
    pub fn surrendered_most_recent_first(&self) -> Vec<String> {
        let mut out: Vec<&Participant> = self.participants.iter().filter(|p| !p.is_in()).collect();
        out.sort_by_key(|p| std::cmp::Reverse(p.surrendered_as));
        out.into_iter().map(|p| p.who.clone()).collect()
    }
}
