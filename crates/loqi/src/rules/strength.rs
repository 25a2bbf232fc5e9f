//! The L8 rules of strength: the status at a strength (in, out, dead), the penalty table for
//! weakened characters, and the lowest strength a weakening can reach.

use crate::model::Options;
use crate::model::{Action, Status, Strength};

impl Strength {
    /// A rested character of nominal strength `nominal`.
    pub fn rested(nominal: i64) -> Self {
        Self {
            nominal,
            current: nominal,
        }
    }

    /// Whether the character has lost any strength (L8: penalties apply only then).
    pub fn weakened(&self) -> bool {
        self.current < self.nominal
    }

    /// The status at this strength, with the table's dying option and cut-off.
    pub fn status(&self, options: &Options) -> Status {
        if options.dying && self.current <= options.death_at {
            Status::Dead
        } else if self.current <= 0 {
            Status::Out
        } else {
            Status::In
        }
    }

    /// The L8 likelihood penalty for an actor with this strength doing `action`: 0 unless weakened.
    pub fn penalty(&self, action: Action) -> i64 {
        if !self.weakened() {
            return 0;
        }
        let (strenuous, all) = penalties(self.current);
        match action {
            Action::Strenuous => strenuous,
            Action::Ordinary => all,
            Action::Luck => 0,
        }
    }

    /// The lowest strength a weakening can bring this character to: 0, or the cut-off under dying.
    pub fn floor(options: &Options) -> i64 {
        if options.dying { options.death_at } else { 0 }
    }
}

/// The L8 table by current strength: (strenuous, all actions). 7+: none; 6: -1/0; 5: -2/0; 4: -3/-1;
/// 3: -4/-2; 2: -5/-3; 1: -6/-4 (not cumulative). At 0 or below the character is out, and takes no
/// part; the 1 row is returned there so the function is total.
pub fn penalties(current: i64) -> (i64, i64) {
    match current {
        7.. => (0, 0),
        6 => (-1, 0),
        5 => (-2, 0),
        4 => (-3, -1),
        3 => (-4, -2),
        2 => (-5, -3),
        _ => (-6, -4),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Checks the penalties of a character at `current` of `nominal`.
    fn check(nominal: i64, current: i64, strenuous: i64, ordinary: i64) {
        let s = Strength { nominal, current };
        assert_eq!(
            (
                s.penalty(Action::Strenuous),
                s.penalty(Action::Ordinary),
                s.penalty(Action::Luck)
            ),
            (strenuous, ordinary, 0),
            "strength {current} of {nominal}"
        );
    }

    #[test]
    fn the_l8_table() {
        check(10, 10, 0, 0);
        check(10, 7, 0, 0);
        check(10, 6, -1, 0);
        check(10, 5, -2, 0);
        check(10, 4, -3, -1);
        check(10, 3, -4, -2);
        check(10, 2, -5, -3);
        check(10, 1, -6, -4);
        // A character of nominal 5 at full strength suffers nothing, however low (L8).
        check(5, 5, 0, 0);
        check(5, 4, -3, -1);
    }

    #[test]
    fn out_and_dead() {
        let plain = Options {
            strength: true,
            ..Options::default()
        };
        let dying = Options {
            dying: true,
            ..plain
        };
        let at = |current| Strength {
            nominal: 10,
            current,
        };
        assert_eq!(at(1).status(&plain), Status::In);
        assert_eq!(at(0).status(&plain), Status::Out);
        assert_eq!(at(-4).status(&dying), Status::Out);
        assert_eq!(at(-5).status(&dying), Status::Dead);
        assert_eq!(Strength::floor(&plain), 0);
        assert_eq!(Strength::floor(&dying), -5);
    }
}
