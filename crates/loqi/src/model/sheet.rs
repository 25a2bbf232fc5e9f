//! Character sheets as a scenario writes them: a name, traits rated 1-4 (1-6 with the high-ratings
//! option), helpful or harmful, an influence pile and, when the table plays strength, a nominal
//! strength; and the rule that turns a trait into a likelihood entry (L1).

use crate::limits;
use serde::{Deserialize, Serialize};

/// The name that stands for the game master wherever a command names who did something. No
/// character may take it (in any letter case).
pub const GM: &str = "GM";

/// A player character's sheet, as written in a scenario's `[[characters]]` table.
///
/// ```toml
/// [[characters]]
/// name = "Mirela"
/// influence = 10                       # optional, 0-999, default 10 (book: Making Characters)
/// strength = 10                        # only with the strength option: 5-20, default 10 (L8)
/// traits = [
///   { name = "Swordsman", rating = 3 },
///   { name = "Clumsy", rating = 2, harmful = true },
/// ]
///
/// [[characters]]
/// name = "Grell"
/// npc = true                           # a character the GM plays: no influence of its own (L5)
/// traits = [{ name = "Bandit chief", rating = 3 }]
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "WrittenSheet")]
pub struct Sheet {
    /// The character's name: 1-60 characters, unique at the table (ignoring case), not `"GM"`.
    pub name: String,
    /// The character's traits, at most 32, names unique on the sheet (ignoring case).
    #[serde(default)]
    pub traits: Vec<Trait>,
    /// Influence points held: 0-999 (L5: never below 0). Defaults to 10 (book: Making Characters),
    /// and to 0 for an NPC, which holds none.
    pub influence: i64,
    /// Nominal strength, 5-20 (L8). Only at a table with the strength option, where it defaults
    /// to 10; refused otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strength: Option<i64>,
    /// Whether the GM plays this character (a non-player character). Influence is the players'
    /// (book: Influence, "All players of Loqi have a handful of influence points"; L5): an NPC
    /// holds none, is not rewarded, gives or gets none and is paid no goal; the GM spends only its
    /// own pile, under the GM-influence option. Default `false`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub npc: bool,
}

/// A sheet as written: `influence` left out is 10 for a player's character and 0 for an NPC.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WrittenSheet {
    name: String,
    #[serde(default)]
    traits: Vec<Trait>,
    #[serde(default)]
    influence: Option<i64>,
    #[serde(default)]
    strength: Option<i64>,
    #[serde(default)]
    npc: bool,
}

impl From<WrittenSheet> for Sheet {
    fn from(written: WrittenSheet) -> Self {
        let starting = if written.npc {
            0
        } else {
            limits::STARTING_INFLUENCE
        };
        Sheet {
            name: written.name,
            traits: written.traits,
            influence: written.influence.unwrap_or(starting),
            strength: written.strength,
            npc: written.npc,
        }
    }
}

/// One trait: anything important about a character, helpful or harmful (book: Traits).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Trait {
    /// The trait's name ("Swordsman", "Strong sword", "Clumsy"): 1-60 characters.
    pub name: String,
    /// How powerful the trait is: 1-4, or 1-6 with the high-ratings option (book: Traits).
    pub rating: i64,
    /// Whether the trait works against its holder (a negative trait, book: Evaluating Problems).
    /// Default `false`.
    #[serde(default)]
    pub harmful: bool,
}

impl Trait {
    /// The likelihood entry this trait gives an action (L1), in likelihood points.
    ///
    /// `along` is true when the action draws on what the trait is about (a swordsman fighting well)
    /// and false when the action runs against it (a swordsman dropping his sword and fleeing). A
    /// helpful trait adds its rating along and subtracts it against; a harmful trait is a negative
    /// rating, so it subtracts along and adds against (L1: a harmful trait that counters adds).
    /// "Clumsy 2" (harmful): a deft leap is along, -2; stumbling in the mud is against, +2.
    pub fn entry_value(&self, along: bool) -> i64 {
        if along != self.harmful {
            self.rating
        } else {
            self.rating.saturating_neg()
        }
    }
}

impl Sheet {
    /// The trait named `name` (exact spelling), if the sheet has one.
    pub fn find_trait(&self, name: &str) -> Option<&Trait> {
        self.traits.iter().find(|t| t.name == name)
    }
}
