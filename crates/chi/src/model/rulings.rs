//! Chi's rules page ([`RULINGS`]): how to play, and each ruling its texts cite (C1-C6), in Skald's
//! own words. A test (`crates/systems/tests/rulings.rs`) checks that every code the crate's source
//! cites has its entry here.

use skald_core::{Ruling, Rulings};

/// Chi's rules page, served at `/rules/chi`.
pub const RULINGS: Rulings = Rulings {
    how_to_play: &[
        "A character is a line: three descriptive words, an occupation and a pool of d6, like \"Ragnar, fierce, arrogant, and savage barbarian8\".",
        "Each round, you share your pool's dice out over what your character tries: roll the dice you put in and add them up; a greater total than the sum of the GM's Difficulty dice succeeds. An action that does not fit your character's concept may use at most a third of the pool, rounded up (C2). Dice you keep back can answer someone else's action later in the round; the pool fills up again next round, though dice lost to injury or fatigue stay lost until they come back.",
        "Skald shows the exact chance of beating the Difficulty before you roll.",
    ],
    rulings: &[
        Ruling {
            code: "C1",
            title: "Rounds",
            text: "In each round a character shares out the dice of its current pool over as many actions and reactions as it likes. Dice not spent yet may wait for a reaction. The pool fills up again at the next round.",
        },
        Ruling {
            code: "C2",
            title: "Off-concept actions",
            text: "An action that does not fit the character's concept may use at most a third of its current pool, rounded up. Whether it fits is the GM's call, and the call is written on the action.",
        },
        Ruling {
            code: "C3",
            title: "Resolving an action",
            text: "Add up the dice put in and any modifiers; the GM rolls Difficulty d6 and adds them up. Higher succeeds, lower fails. A tie fails by default (the table may choose to reroll it instead). A modifier beyond +5 or -5 is marked. In an opposed action both sides roll the dice they put in, and a tie goes to the defender.",
        },
        Ruling {
            code: "C4",
            title: "Secret rolls",
            text: "Everyone commits to how many dice they put in without anyone seeing; nothing is shown until all have committed. Skald keeps a commitment (a hash) in the log, so nobody can change their mind after seeing the others.",
        },
        Ruling {
            code: "C5",
            title: "Losing and gaining dice",
            text: "A pool is written as maximum/current (NAME8/7). Losses are either temporary or permanent; a character at 0 is out of play. A new die raises the maximum by 1; a character below its maximum gets the new die only once it is back at the old maximum. A new descriptive word comes only with a larger pool; a word or the occupation changes only between sessions or when the pool grows.",
        },
        Ruling {
            code: "C6",
            title: "Character lines",
            text: "Skald reads and writes a character as a line: three words, then the occupation with its pool stuck to it, as in \"Ragnar, fierce, arrogant, and savage barbarian8\"; stray commas and spaces are forgiven. A minor NPC is just an occupation and a pool: \"orc3\".",
        },
    ],
};
