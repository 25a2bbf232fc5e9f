//! The arithmetic of an opposed check between characters (ruling F4), free of state and dice:
//! bringing both ratings to rollable size by either method, the winner without a roll, the margins and
//! the winner of a pair of d100 rolls, and the gap that calls for a punishing outcome.

use crate::model::options::OpposedMethod;
use crate::rules::task_check::equalize;

/// Gaps between the two (equalized) ratings above this call for a punishing outcome for the loser
/// (freelancer.txt: "our normal 150 allowance for miracles").
pub const PUNISHING_GAP: u64 = 150;

/// Both ratings made rollable, and by what they were divided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reduced {
    /// Side a's rating, 0 to 999 (roll-under) or 0 to 99 (chaotic).
    pub a: u128,
    /// Side b's rating.
    pub b: u128,
    /// The power of ten both were divided by (fractions dropped).
    pub divisor: u128,
}

/// Roll-under: equalize to three digits (F2). Chaotic: divide both by 10, dropping fractions, until
/// the larger is below 100 (457 and 41 become 45 and 4).
pub fn reduce(a: u128, b: u128, method: OpposedMethod) -> Reduced {
    match method {
        OpposedMethod::RollUnder => {
            let e = equalize(a, b);
            Reduced {
                a: u128::from(e.rating),
                b: u128::from(e.difficulty),
                divisor: e.divisor.get(),
            }
        }
        OpposedMethod::Chaotic => {
            let mut divisor = 1u128;
            while a.max(b) / divisor >= 100 {
                divisor *= 10;
            }
            Reduced {
                a: a / divisor,
                b: b / divisor,
                divisor,
            }
        }
    }
}

/// Which side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// The first side (`a`).
    A,
    /// The second side (`b`).
    B,
}

/// How the check is settled without dice, if it is: a side whose rating came to 0 loses to a side
/// above 0 ("the higher wins by default"); both at 0 means no one can roll under: no winner. `None`:
/// both roll.
pub fn without_roll(reduced: &Reduced) -> Option<Option<Side>> {
    match (reduced.a, reduced.b) {
        (0, 0) => Some(None),
        (0, _) => Some(Some(Side::B)),
        (_, 0) => Some(Some(Side::A)),
        _ => None,
    }
}

/// How far under its rating a roll came: `rating - roll` when the roll is at most the rating, else
/// `None` (a miss).
pub fn margin(rating: u128, roll: u32) -> Option<u128> {
    rating.checked_sub(u128::from(roll))
}

/// The winner of a pair of rolls: the larger margin; a hit beats a miss; both missing or equal margins
/// give no winner.
pub fn winner(a: Option<u128>, b: Option<u128>) -> Option<Side> {
    match (a, b) {
        (Some(x), Some(y)) if x > y => Some(Side::A),
        (Some(x), Some(y)) if x < y => Some(Side::B),
        (Some(_), None) => Some(Side::A),
        (None, Some(_)) => Some(Side::B),
        _ => None,
    }
}

/// The gap between the two ratings after equalizing to three digits (F2), for the punishing-outcome
/// flag (gap over 150).
pub fn gap(a: u128, b: u128) -> u64 {
    let e = equalize(a, b);
    e.rating.abs_diff(e.difficulty)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(a: u128, b: u128, method: OpposedMethod, expected: (u128, u128, u128)) {
        let r = reduce(a, b, method);
        assert_eq!((r.a, r.b, r.divisor), expected, "{a} vs {b}, {method:?}");
    }

    #[test]
    fn both_methods_reduce_as_the_book_does() {
        use OpposedMethod::*;
        check(41, 457, RollUnder, (41, 457, 1));
        check(41, 457, Chaotic, (4, 45, 10));
        check(82, 915, RollUnder, (82, 915, 1));
        check(99, 5, Chaotic, (99, 5, 1));
        check(100, 5, Chaotic, (10, 0, 10));
        check(1_000_000, 41, RollUnder, (100, 0, 10_000));
        let max = crate::MAX_RATING;
        check(max, max / 2, Chaotic, (10, 5, max / 10));
        check(max, 1, RollUnder, (100, 0, max / 100));
    }

    #[test]
    fn margins_and_winners() {
        // The book: 41 rolls 2, 457 rolls 97 (roll-under): margins 39 and 360.
        assert_eq!(margin(41, 2), Some(39));
        assert_eq!(margin(457, 97), Some(360));
        assert_eq!(winner(Some(39), Some(360)), Some(Side::B));
        // Chaotic: 4 rolls 2 (margin 2), 45 rolls 97 (a miss).
        assert_eq!(winner(margin(4, 2), margin(45, 97)), Some(Side::A));
        assert_eq!(winner(None, None), None);
        assert_eq!(winner(Some(3), Some(3)), None);
        assert_eq!(margin(4, 4), Some(0));
        assert_eq!(winner(Some(0), None), Some(Side::A));
        assert_eq!(gap(41, 457), 416);
        assert_eq!(
            without_roll(&Reduced {
                a: 0,
                b: 45,
                divisor: 10
            }),
            Some(Some(Side::B))
        );
    }
}
