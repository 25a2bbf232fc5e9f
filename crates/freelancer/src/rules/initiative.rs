//! The arithmetic of initiative and the action economy (rulings F5-F7), free of state and dice:
//! scaling an initiative roll to SPD, method 2's turns, how many Full Actions a turn may be divided
//! into and at which turn number, and the Empty Actions a turn should keep to.

use crate::rules::task_check::digits;

/// Scales an initiative roll (d100 + ALC) to the digit count of `spd` (F5): 35 with SPD 51 stays 35;
/// 79 with SPD 8 becomes 7 (fraction dropped); 115 with SPD 1248 becomes 1150.
pub fn scale(roll: u128, spd: u128) -> u128 {
    let (have, want) = (digits(roll), digits(spd));
    if have > want {
        roll / 10u128.pow(have - want)
    } else {
        // At most 31 digits wanted (SPD <= 10^30), so this stays inside u128.
        roll.saturating_mul(10u128.pow(want - have))
    }
}

/// Method 2's turns (F6): the turn itself, then each time with its last two digits dropped, while at
/// least 1: 33550336 gives 33550336, 335503, 3355, 33.
pub fn method_two_turns(turn: u128) -> Vec<u128> {
    let mut turns = Vec::new();
    let mut t = turn;
    while t >= 1 {
        turns.push(t);
        t /= 100;
    }
    turns
}

/// How many orders of magnitude `turn` has on `slowest`: the difference of their digit counts (0 when
/// `turn` has no more digits).
pub fn orders_ahead(turn: u128, slowest: u128) -> u32 {
    digits(turn).saturating_sub(digits(slowest))
}

/// The most Full Actions a turn may be divided into (F5, the book's table): 1 + one for every two
/// orders of magnitude on the slowest turn. 0-1 orders: 1; 2-3: 2; ... 18-19: 10, and on past the
/// table in the same steps.
pub fn max_actions(turn: u128, slowest: u128) -> u32 {
    1 + orders_ahead(turn, slowest) / 2
}

/// The turn number of a turn divided into `actions` Full Actions (F5): `turn / actions`, halves
/// rounded up (150448 / 2 = 75224; 150448 / 3 = 50149; 673 / 2 = 337). `actions` is at least 1.
pub fn divided_turn(turn: u128, actions: u32) -> u128 {
    let k = u128::from(actions.max(1));
    // turn < 10^32, so 2 * turn + k fits.
    (2 * turn + k) / (2 * k)
}

/// Every choice of Full Actions for `turn` against `slowest`: `(actions, turn number)` for 1 up to
/// [`max_actions`].
pub fn choices(turn: u128, slowest: u128) -> Vec<(u32, u128)> {
    (1..=max_actions(turn, slowest))
        .map(|k| (k, divided_turn(turn, k)))
        .collect()
}

/// The Empty Actions a turn should keep to (F7): under method 1, the digit count of the initiative
/// roll (d100 + ALC) for the round; under method 2, two per turn (the book's advice).
pub fn empty_action_limit(roll: u128, method_two: bool) -> u64 {
    if method_two {
        2
    } else {
        u64::from(digits(roll))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(turn: u128, slowest: u128, expected: &[(u32, u128)]) {
        assert_eq!(choices(turn, slowest), expected, "{turn} vs {slowest}");
    }

    #[test]
    fn rolls_scale_to_spd() {
        assert_eq!(scale(35, 51), 35);
        assert_eq!(scale(79, 8), 7);
        assert_eq!(scale(115, 1248), 1150);
        assert_eq!(scale(100, 8), 1);
        assert_eq!(scale(5, 0), 5);
        let max = crate::MAX_RATING;
        assert_eq!(scale(crate::MAX_INITIATIVE_ROLL, 1), 1);
        assert_eq!(scale(1, max), max);
        assert_eq!(scale(crate::MAX_INITIATIVE_ROLL, max), max + 100);
    }

    #[test]
    fn method_two_drops_two_digits_at_a_time() {
        assert_eq!(method_two_turns(82), [82]);
        assert_eq!(method_two_turns(4_061), [4_061, 40]);
        assert_eq!(
            method_two_turns(33_550_336),
            [33_550_336, 335_503, 3_355, 33]
        );
        assert_eq!(method_two_turns(100), [100, 1]);
        assert_eq!(method_two_turns(1), [1]);
    }

    #[test]
    fn the_book_examples_of_extra_actions() {
        check(150_448, 25, &[(1, 150_448), (2, 75_224), (3, 50_149)]);
        // 673 against 25 is one order of magnitude: one action (F5; the text's halving is a slip).
        check(673, 25, &[(1, 673)]);
        check(6_730, 25, &[(1, 6_730), (2, 3_365)]);
        check(25, 25, &[(1, 25)]);
        check(5, 25, &[(1, 5)]);
    }

    #[test]
    fn the_table_of_maximum_actions() {
        // Orders of magnitude 0-1: 1, 2-3: 2, ... 18-19: 10.
        for orders in 0..=19u32 {
            let turn = 10u128.pow(orders);
            assert_eq!(max_actions(turn, 1), 1 + orders / 2, "{orders}");
        }
        assert_eq!(max_actions(10u128.pow(30), 1), 16);
        assert_eq!(empty_action_limit(115, false), 3);
        assert_eq!(empty_action_limit(115, true), 2);
    }
}
