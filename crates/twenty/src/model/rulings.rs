//! Twenty's rules page ([`RULINGS`]): how to play, and each ruling its texts cite (T1-T14), in
//! Skald's own words. A test (`crates/systems/tests/rulings.rs`) checks that every code the
//! crate's source cites has its entry here.

use skald_core::{Ruling, Rulings};

/// Twenty's rules page, served at `/rules/twenty`.
pub const RULINGS: Rulings = Rulings {
    how_to_play: &[
        "A character is five stats, a key or more, a handful of traits and two special items, each drawn as boxes. In a conflict everyone taking part declares a goal; those who declare the same goal are allies, one side (unless the table plays without allies, T13). Then the conflict is played in exchanges.",
        "In exchange 1 you bring in one trait, stat or special item and roll a d20 for each of its unchecked boxes; the dice join your pool and one of its boxes is checked. In exchange 2 and later you bring in another you have not used in this conflict, with at least as many unchecked boxes as the exchange's number. Or you stand for the exchange, or you surrender for good. A 1 among your dice forces you to stand for the rest of the conflict (T2).",
        "The side holding the best pool is winning. When an opponent has dice above your highest die, you may take a burden to make them throw away some of those dice, highest first: you carry the burden, and enough burdens disable you. When only one side is left in, or nobody brings in dice in an exchange, the side holding the best pool gets its goal. Meeting one of your keys' goals outside a conflict unchecks boxes; a major goal may buy an advancement instead (T10).",
    ],
    rulings: &[
        Ruling {
            code: "T1",
            title: "Making a character",
            text: "The five stats (Physical, Mental, Social, Emotional, Spiritual) take 1, 2, 3, 4 and 5 boxes, each number once. A new character has one skeleton key and 3 to 6 traits, from those its key unlocks or the open ones, with exactly 10 boxes spread over them and at least 1 on each. Two special items get 2 and 1 boxes; any other gear is just written down. In a conflict a stat is used like a trait.",
        },
        Ruling {
            code: "T2",
            title: "Exchanges",
            text: "Exchanges are numbered from 1 across the whole conflict. In exchange n you may bring in one trait, stat or special item not yet used in this conflict that has at least n unchecked boxes: roll a d20 per unchecked box, add them to your pool, and check one of its boxes. You may stand instead and come back later. A 1 among your dice forces you to stand for the rest of the conflict (the dice still count), and so does having nothing you could bring in.",
        },
        Ruling {
            code: "T3",
            title: "Who is winning",
            text: "Pools are compared by their highest die; on a tie the next highest decides, and so on, and a pool that runs out of dice first is the lower. Two identical pools are a tie: if they belong to different sides, nobody is ahead. Narration goes in that order, one character at a time. At the end: the winner first, then the others still in, then those who surrendered, the latest first.",
        },
        Ruling {
            code: "T4",
            title: "The end of a conflict",
            text: "A conflict is over when only one side has anyone still in, or when an exchange passes with nobody bringing in dice. If it ends on a tie between sides, the tied characters each roll a d20, again and again, until one rolls highest.",
        },
        Ruling {
            code: "T5",
            title: "Burdens",
            text: "At any moment you may take a burden of k boxes to make one opponent throw away their k highest dice, each of which must be strictly above your own highest die. You carry the burden: it goes on your sheet (in a healing conflict, on the patient's, T14) with one box per die thrown away, holding that die's value. The opponent names it; a d20 picks the stat it falls under (1-4 Physical, 5-8 Mental, 9-12 Social, 13-16 Emotional, 17-20 Spiritual). Someone who surrendered takes no burden, and the GM takes none in a healing conflict.",
        },
        Ruling {
            code: "T6",
            title: "Using an opponent's burdens",
            text: "Each box of an opponent's burden is a die of its value that anyone against them may add to their pool during an exchange, once per conflict, without checking a box. A burden cannot be used in the conflict that made it.",
        },
        Ruling {
            code: "T7",
            title: "Disabled, and death",
            text: "When the burden boxes under a stat outnumber that stat's own boxes (checked or not), the character is disabled: it loses every conflict it enters, as though it had surrendered at once. A character dies only by losing, or surrendering in, a conflict where an opponent's goal was its death.",
        },
        Ruling {
            code: "T8",
            title: "Healing",
            text: "Healing is a conflict against the GM, whose first pool is the burden's box values. Each time the healer brings in dice after the first, the GM rolls a fresh d20 for each burden box; the GM's side never acts on its own. If the healer wins, one box goes for each healer die at or above the GM's highest (highest values first unless the healer picks). If the healer loses, the GM may add its highest die to the burden as a new box.",
        },
        Ruling {
            code: "T9",
            title: "Equipment breaking (option, on by default)",
            text: "A special item breaks when, in the exchange it was brought in, its user rolls a 1 among its dice or an opponent rolls a 20. A broken item cannot be brought in until it is repaired; the repair happens in the story.",
        },
        Ruling {
            code: "T10",
            title: "Regaining boxes and advancing",
            text: "A minor goal met unchecks 1 box. A major goal met unchecks up to 10 boxes, or buys one advancement instead: a new key (its prerequisites met), a new unlocked trait with 1 box, 1 more box on each of three different traits, or a trait swapped for another with the same boxes. The GM may grant rest, which unchecks the number of boxes the GM says.",
        },
        Ruling {
            code: "T11",
            title: "Obligations",
            text: "To grant an obligation, the granter colours N boxes of a trait that can be handed on; coloured boxes do not regenerate. The grantee writes a trait of N boxes under Obligations (and may rename it). When the obligation ends, fulfilled or rescinded, the grantee's trait goes and the granter's coloured boxes come back unchecked.",
        },
        Ruling {
            code: "T12",
            title: "Keys and traits",
            text: "The keys, their prerequisites and goals, and the trait names are the book's lists. Where the book leaves a gap (the Noble's goals, some elite keys' traits) it stays empty, and the GM may add entries, traits and keys of the table's own.",
        },
        Ruling {
            code: "T13",
            title: "Allies share a goal (option, on by default)",
            text: "Characters who declare the same goal are allies: one side. The side holding the best pool wins, and each of its members still in gets the goal. Allies never take burdens from each other nor use each other's burdens, and an ally's 20 breaks no item; an opponent is anyone on another side. The conflict ends when only one side has anyone in. Narration still goes character by character. With the option off, every character is a side of its own, as in the book's plain text.",
        },
        Ruling {
            code: "T14",
            title: "Burdens in a healing conflict",
            text: "A burden taken by the healing side lands on the patient, the character whose burden is being healed, whoever rolls for that side: the healer who sets the leg wrong leaves the patient limping. Its stat is rolled as for any burden, and the GM names it.",
        },
    ],
};
