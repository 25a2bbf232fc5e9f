//! The commands a Chi table takes, as written in a scenario step (`do = "..."` plus the fields).
//!
//! | `do`        | fields                                                                  | rulings |
//! |-------------|-------------------------------------------------------------------------|---------|
//! | `enroll`    | `character` (a [`Character`] table)                                     | C5, C6  |
//! | `action`    | `who`, `spend`, `difficulty`, `modifier` (0), `fits_concept` (true)     | C1-C3   |
//! | `opposed`   | `actor` and `defender`, each a [`Side`]                                 | C1-C3   |
//! | `new_round` | none                                                                    | C1      |

use crate::character::Character;
use serde::{Deserialize, Serialize};

/// A player's or the GM's command at a Chi table. Unknown fields are refused.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case", deny_unknown_fields)]
pub enum Command {
    /// `do = "enroll"`: puts a character at the table (scenarios enroll their `[[characters]]` this way).
    ///
    /// Errors: the sheet's ranges ([`Character::validate`]); a name already at the table.
    Enroll {
        /// The character sheet.
        character: Character,
    },
    /// `do = "action"`: a character puts dice from what is left of its pool into an action, and the
    /// GM rolls the Difficulty against it (rulings C1-C3).
    ///
    /// Dice are rolled in this order: the player's `spend` d6, then the GM's `difficulty` d6; under
    /// option `tie = "reroll"` a tie repeats both, in the same order.
    ///
    /// Errors: `who` unknown or out of play (current pool 0); `spend` outside 1-100, above the dice
    /// left this round (C1) or, off-concept, above ceil(current / 3) (C2); `difficulty` outside 1-100;
    /// `modifier` outside -100..=100; a tie standing after 100 rerolls.
    Action {
        /// The acting character's name.
        who: String,
        /// How many d6 the player puts in: 1 to the dice left this round.
        spend: u32,
        /// The GM's Difficulty: how many d6 the GM rolls, 1-100.
        difficulty: u32,
        /// Added to the player's sum, -100..=100 (default 0); beyond +/-5 is flagged (C3).
        #[serde(default)]
        modifier: i32,
        /// The GM's call: does the action fit the character's concept? (default true; C2)
        #[serde(default = "fits")]
        fits_concept: bool,
    },
    /// `do = "opposed"`: the actor acts against another character, who reacts with dice it kept
    /// back (C1); both roll what they put in, the greater total wins, a tie goes to the defender (C3).
    ///
    /// Dice are rolled in this order: the actor's dice, then the defender's.
    ///
    /// Errors: as for `action`, for each side (`actor.spend` is 1-100, `defender.spend` 0-100: a
    /// defender with nothing left still defends with its modifier alone); the same character on both
    /// sides.
    Opposed {
        /// The acting character.
        actor: Side,
        /// The reacting character.
        defender: Side,
    },
    /// `do = "new_round"`: a new round begins; every pool refills to its current size (C1), not to its
    /// maximum: lost dice stay lost (C5).
    NewRound {},
}

/// One side of an opposed action: `{ who = "Ragnar", spend = 3, modifier = 0, fits_concept = true }`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Side {
    /// The character's name.
    pub who: String,
    /// How many d6 it puts in (actor 1-100, defender 0-100), at most the dice it has left this round.
    pub spend: u32,
    /// Added to its sum, -100..=100 (default 0); beyond +/-5 is flagged (C3).
    #[serde(default)]
    pub modifier: i32,
    /// The GM's call: does this fit the character's concept? (default true; C2)
    #[serde(default = "fits")]
    pub fits_concept: bool,
}

fn fits() -> bool {
    true
}
