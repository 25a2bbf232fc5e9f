//! Comparing pools of d20s: who is winning, and the narration order (T3), for a pair of pools and for
//! a conflict's participants; a conflict's sides (T13): who is whose opponent or ally.

use crate::model::{Conflict, Participant};
use std::cmp::Ordering;

/// Compares two pools by highest die, ties broken by the next highest and so on (T3). A pool that runs
/// out of dice first is lower (`[20]` < `[20, 5]`); identical pools are equal (a tie). Pools need not be
/// sorted.
pub fn compare_pools(a: &[u32], b: &[u32]) -> Ordering {
    let mut a = a.to_vec();
    let mut b = b.to_vec();
    a.sort_unstable_by(|x, y| y.cmp(x));
    b.sort_unstable_by(|x, y| y.cmp(x));
    a.cmp(&b)
}

/// Indexes of `pools` from highest to lowest by [`compare_pools`]; equal pools keep their given order.
pub fn narration_order(pools: &[&[u32]]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..pools.len()).collect();
    order.sort_by(|&i, &j| compare_pools(pools[j], pools[i]));
    order
}

impl Conflict {
    /// Those still in (not surrendered), highest pool first (T3).
    pub fn order_of_those_in(&self) -> Vec<String> {
        let inside: Vec<&Participant> = self.participants.iter().filter(|p| p.is_in()).collect();
        let pools: Vec<&[u32]> = inside.iter().map(|p| p.pool.as_slice()).collect();
        narration_order(&pools)
            .into_iter()
            .map(|i| inside[i].who.clone())
            .collect()
    }

    /// Who is winning now: the participant holding the highest pool among those in, or `None`
    /// when a participant of another side ties it at the top (T3; T13: allies tied at the top
    /// are one side ahead, and the first of them in narration order is named).
    pub fn winning(&self) -> Option<String> {
        let order = self.order_of_those_in();
        let first = self.participant(order.first()?)?;
        let tied = order[1..]
            .iter()
            .filter_map(|who| self.participant(who))
            .any(|o| o.side != first.side && compare_pools(&first.pool, &o.pool).is_eq());
        (!tied).then(|| first.who.clone())
    }

    /// Whether `a` and `b` are opponents: two participants of different sides (T13: allies who
    /// declared the same goal are one side; with the option off, every other participant is an
    /// opponent).
    pub fn opponents(&self, a: &str, b: &str) -> bool {
        match (self.participant(a), self.participant(b)) {
            (Some(a), Some(b)) => a.side != b.side,
            _ => false,
        }
    }

    /// The other participants of `who`'s side still in, in declaration order (T13).
    pub fn allies_in(&self, who: &str) -> Vec<String> {
        let Some(me) = self.participant(who) else {
            return Vec::new();
        };
        self.participants
            .iter()
            .filter(|p| p.who != who && p.side == me.side && p.is_in())
            .map(|p| p.who.clone())
            .collect()
    }

    /// How many sides have anyone still in (T4, T13: the conflict ends when at most one has).
    pub fn sides_in(&self) -> usize {
        let mut sides: Vec<usize> = self
            .participants
            .iter()
            .filter(|p| p.is_in())
            .map(|p| p.side)
            .collect();
        sides.sort_unstable();
        sides.dedup();
        sides.len()
    }

    /// Those who surrendered, most recent first (T3: they narrate last, in that order).
    pub fn surrendered_most_recent_first(&self) -> Vec<String> {
        let mut out: Vec<&Participant> = self.participants.iter().filter(|p| !p.is_in()).collect();
        out.sort_by_key(|p| std::cmp::Reverse(p.surrendered_as));
        out.into_iter().map(|p| p.who.clone()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn check(a: &[u32], b: &[u32], expected: Ordering) {
        assert_eq!(compare_pools(a, b), expected, "{a:?} against {b:?}");
        assert_eq!(
            compare_pools(b, a),
            expected.reverse(),
            "{b:?} against {a:?}"
        );
    }

    #[test]
    fn highest_die_first_then_the_next() {
        // The dragon example, exchange 1: Gorand 12 10 against the dragon 14 6 5.
        check(&[12, 10], &[14, 6, 5], Ordering::Less);
        // Exchange 2: 15 12 10 7 against 14 11 6 5 2.
        check(&[12, 10, 15, 7], &[14, 6, 5, 2, 11], Ordering::Greater);
        check(&[20, 3], &[20, 2], Ordering::Greater);
        check(&[20], &[20, 5], Ordering::Less);
        check(&[7, 20], &[20, 7], Ordering::Equal);
        check(&[], &[], Ordering::Equal);
    }

    #[test]
    fn narration_runs_from_the_highest_pool() {
        let pools: [&[u32]; 3] = [&[5], &[19, 2], &[19, 3]];
        assert_eq!(narration_order(&pools), vec![2, 1, 0]);
    }

    proptest! {
        #[test]
        fn comparison_is_a_total_order_that_ignores_die_order(
            a in proptest::collection::vec(1u32..=20, 0..8),
            b in proptest::collection::vec(1u32..=20, 0..8),
        ) {
            let mut reversed = a.clone();
            reversed.reverse();
            prop_assert_eq!(compare_pools(&a, &reversed), Ordering::Equal);
            prop_assert_eq!(compare_pools(&a, &b), compare_pools(&b, &a).reverse());
            let max_a = a.iter().max();
            let max_b = b.iter().max();
            if max_a > max_b {
                prop_assert_eq!(compare_pools(&a, &b), Ordering::Greater);
            }
        }
    }
}
