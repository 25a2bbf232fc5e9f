//! [`RULINGS`]: Toy's rules page: how to play, and each ruling the crate's texts cite (Y1-Y3).
//! Toy has no book: these are its whole rules, made up for Skald's tests.

use skald_core::{Ruling, Rulings};

/// Toy's rules page (`/rules/toy`).
pub const RULINGS: Rulings = Rulings {
    how_to_play: &[
        "Toy is a game made up for Skald's own tests, and the smallest system Skald plays: copy its crate to add a game.",
        "Each character has a name and a skill from 0 to 5. To try something, its player rolls one six-sided die and adds the skill: 4 or more succeeds.",
    ],
    rulings: &[
        Ruling {
            code: "Y1",
            title: "A character",
            text: "A character is a name and a skill, a whole number from 0 to 5. No two characters at a table share a name.",
        },
        Ruling {
            code: "Y2",
            title: "A try",
            text: "A try rolls one six-sided die and adds the character's skill. A total at or above the target succeeds; below it, the try fails.",
        },
        Ruling {
            code: "Y3",
            title: "The target",
            text: "The target is 4. A table may choose hard tries in the lobby: then the target is 5 for every try.",
        },
    ],
};
