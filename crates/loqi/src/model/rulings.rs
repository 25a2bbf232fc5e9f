//! Loqi's rules page ([`RULINGS`]): how to play, and each ruling its texts cite (L1-L8), in
//! Skald's own words. A test (`crates/systems/tests/rulings.rs`) checks that every code the
//! crate's source cites has its entry here.

use skald_core::{Ruling, Rulings};

/// Loqi's rules page, served at `/rules/loqi`.
pub const RULINGS: Rulings = Rulings {
    how_to_play: &[
        "A problem is something the characters must answer. Whoever is asked \"what happens?\" (usually a player) proposes an outcome, and whoever brought the problem (usually the GM) proposes another, usually worse for the characters.",
        "Each outcome gets a likelihood: a tally, starting at 0, of signed entries that anyone at the table may add. Its impact comes first: the more a player's outcome would help the characters, the less likely it is, and the more the GM's would hurt them, the less likely that one is. Then the characters' traits that help or hinder, the surroundings, the genre's conventions, and influence spent.",
        "When the tallies are done, the gap between the two likelihoods sets the odds of one d12, which picks the outcome that happens; Skald shows each outcome's chance before the die is rolled. Whoever proposed the picked outcome tells it in more detail, and the GM tells its consequences.",
        "Influence is the players' currency: spent to push a likelihood (in open bidding) or to bring in a problem of one's own, and earned from the GM's rewards and from goals met. The GM's own characters (NPCs) hold none.",
    ],
    rulings: &[
        Ruling {
            code: "L1",
            title: "The likelihood tally",
            text: "Every outcome's likelihood starts at 0 and adds up signed entries: its impact (L2); each trait that bears on the action, at its rating (plus when the action goes along with the trait, minus when it runs against it; a harmful trait counts the other way, so one the action runs against adds); environmental modifiers; genre conventions; and influence spent. Each entry records who put it there and why.",
        },
        Ruling {
            code: "L2",
            title: "The sign of impact",
            text: "Impact measures how much an outcome helps the player characters; harm is negative. A player's outcome subtracts its impact from its likelihood, so a benefit makes it less likely and a harm more likely. The GM's outcome adds its impact, so a harmful one becomes less likely and a neutral one loses nothing. As a guide: inconclusive 0-2, a scene 3-5, a scenario 6-9, the story 10-12.",
        },
        Ruling {
            code: "L3",
            title: "Resolving a problem",
            text: "The advantage is the gap between the two likelihoods, and the odds are that advantage plus 6. Roll a d12: at or under the odds, the more likely outcome happens; above them, the less likely one. With equal likelihoods, 1-6 gives the player's (the responder's) outcome and 7-12 the GM's (the proposer's). An advantage of 6 or more makes the likelier outcome certain, and Skald says so before anyone rolls.",
        },
        Ruling {
            code: "L4",
            title: "Unlikely outcomes (option, off by default)",
            text: "With this option, an advantage of 6 or more (odds of 12 or more) no longer makes the likelier outcome certain: the less likely one needs a 12 first, then the advantage drops by 6 and the d12 is rolled again against the new odds, a 12 again needed while they stay at 12 or more. So the unlikely outcome's chance is (6 - a)/12 for an advantage a under 6, and a twelfth of its chance at a - 6 from there on.",
        },
        Ruling {
            code: "L5",
            title: "Influence",
            text: "Spending k points moves one outcome's likelihood by k, up or down. Spends against each other are a bidding war: each is an entry of its own, the net is what counts, and the points are gone whichever side wins. A player introducing a problem pays 2, and 2 more to take the GM's role for it. The GM rewards players 1-5 points (more is allowed, and marked). Options, both off by default: swapping influence (a player gives another 1-5, who gets twice as much), and the GM's own influence (10 a session unless the table picks another number; none carries over). Influence is the players': the GM's own characters hold none, and the GM spends only under that option. Influence never drops below 0.",
        },
        Ruling {
            code: "L6",
            title: "Goals",
            text: "A specific goal pays its rating once, then it is gone; everyone who fulfils it at the same moment gets the full rating. A non-specific goal pays each time. In preparation each player writes at least one specific and one non-specific goal, with base ratings adding up to 5-10; a specific goal's rating is then multiplied by 3 or 5. Goals made at a session's start: specific 3-10, non-specific 1-5 with the group's approval. A value outside its range is refused, and the message gives the range.",
        },
        Ruling {
            code: "L7",
            title: "Impact guides",
            text: "Calculators for the size of an impact. A trait changed by r counts r for a scene, 2r for a scenario, 5r for good. A tactical modifier m (1-6) counts m/2, rounded up. Weakening costs 2 a point; regaining strength inside an outcome, 4 a point. A relationship: a base of 1-4, times influence 0.5-2, times length 0.25-1.5, rounded to the nearest whole number.",
        },
        Ruling {
            code: "L8",
            title: "Strength (option, off by default)",
            text: "Nominal strength is 5-20, 10 being normal. Penalties count only while current strength is under nominal, by the current value (strenuous actions / all other actions; only one of the two applies): 6: -1/none, 5: -2/none, 4: -3/-1, 3: -4/-2, 2: -5/-3, 1: -6/-4; at 0 the character is out and takes no part in problems. At a scene's end 2 points come back (the GM may give 1-5); at a scenario's end, all. Option dying (off by default): strength may go below 0, and the character dies at -5 (or the table's cut-off).",
        },
    ],
};
