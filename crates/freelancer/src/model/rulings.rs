//! Freelancer's rules page ([`RULINGS`]): how to play, and each ruling its texts cite (F1-F8), in
//! Skald's own words. A test (`crates/systems/tests/rulings.rs`) checks that every code the
//! crate's source cites has its entry here.

use skald_core::{Ruling, Rulings};

/// Freelancer's rules page, served at `/rules/freelancer`.
pub const RULINGS: Rulings = Rulings {
    how_to_play: &[
        "A character is six attributes and sixteen stats, and ratings may run into the thousands or far beyond. Most things are settled by a task check: the GM gives a difficulty (the Chance of Success) for one of your ratings, and a d100 says whether you make it (F3).",
        "Big numbers are cut down before they are compared: when the larger has more than three digits, both are divided by the same power of ten until it has three, so a difficulty of 1200 against a rating of 42 plays as 120 against 4 (F2). If the difficulty is not above your rating, you succeed without a roll; above it, the d100 must come up at most 100 minus the difference (F3). A Crit (1-5) or a Botch (96-100) can turn a check around (F1).",
        "Two characters with full sheets contest an opposed check: each rolls a d100 under its own rating, and the larger margin wins (F4). In an Event, initiative sets the order of turns each round, and a character far faster than the slowest may divide its turn into extra Full Actions (F5). Skald shows the exact chances before every roll.",
    ],
    rulings: &[
        Ruling {
            code: "F1",
            title: "The dice",
            text: "The dice are d4, d6, d8, d10, d12, d20 and d100; a d100 is a tens die and a units die, where 00 with 0 reads 100. On a d100, 1-5 is a Crit and 96-100 a Botch; on the other dice the highest face is a Crit and the lowest a Botch.",
        },
        Ruling {
            code: "F2",
            title: "Equalizing",
            text: "When the larger of two ratings has more than three digits, both are divided by ten until it has three, dropping what is after the point: 1200 against 42 becomes 120 against 4.",
        },
        Ruling {
            code: "F3",
            title: "Task checks",
            text: "The difference is the difficulty minus the rating, both equalized. At 0 or less you succeed without a roll. From 1 to 5 only a Botch fails. From 6 to 95 you succeed when the d100 is at most 100 minus the difference; a Crit always succeeds and a Botch always fails. From 96 to 100 only a Crit succeeds (a failure is minor, a Botch worse). From 101 to 150 only a Crit succeeds and every failure is a Botch. From 151 on you fail, and whatever the roll it counts as a Botch.",
        },
        Ruling {
            code: "F4",
            title: "Opposed checks",
            text: "Roll under (the default): both ratings are first equalized to three digits (F2); each side rolls a d100, and a roll at or under its rating has a margin of the rating minus the roll; the larger margin wins, and a hit beats a miss. If both miss, or the margins are equal, nobody wins, and by default they roll again. A gap between the ratings of more than 150 is marked as a punishing outcome for the loser. Option \"chaotic\": instead, both ratings are divided by 10 (dropping fractions) until the larger is under 100, so the stronger side can miss too. By either method, a rating that comes to 0 loses to the other without a roll. (The book's \"beat your rating by 45\" should read 39: 41 - 2.)",
        },
        Ruling {
            code: "F5",
            title: "Initiative (the first method, the default)",
            text: "Each round everyone rolls d100 plus ALC, and the result is scaled to as many digits as the character's SPD has (79 with SPD 8 is 7; 115 with SPD 1248 is 1150). The highest goes first. A character whose turn has d more digits than the slowest turn's may divide it into up to 1 + d/2 (rounded down) Full Actions, all taken at the turn found by dividing its turn by their number, rounded to the nearest whole number, a half up (150448 gives 75224 for two, or 50149 for three; 673 would give 337 for two, but against the book's slowest turn of 25 it is only one digit more, so it keeps one Full Action). Ties go to the higher SPD, then the higher LCK, then a d100 roll-off.",
        },
        Ruling {
            code: "F6",
            title: "Initiative (the second method, an option)",
            text: "A character acts at its turn t, then at t divided by 100, by 10000, and so on, each time dropping the fraction, while the turn is at least 1: 33550336 acts at 33550336, 335503, 3355 and 33.",
        },
        Ruling {
            code: "F7",
            title: "Actions",
            text: "A character takes one Full Action a turn (more under the first initiative method). Empty Actions are free, with a warning beyond the roll's number of digits. A Total Action is declared at initiative and takes the character out of that round's order.",
        },
        Ruling {
            code: "F8",
            title: "Sheets",
            text: "The attributes are MIT, VIG, ALC, INT, MRL and LCK; the stats are HP, TP, SP, LFT, STR, PHD, MD, JMP, SPD, DOG, ATN, DIS, RES, WIL, CHM and FTH. The book gives no formulas for the stats, so the GM enters them; the table may give a stat a formula over the attributes, and each stat lists the attributes that affect it. A sheet also has a level, XP, AP and a vocation (Hoplite, Wushu jia, Scout, Guerilla, Witch, Shaman, Swindler or Hitman, by organisation); the vocation changes only at a rest or in a safe area.",
        },
    ],
};
