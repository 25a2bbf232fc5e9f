//! Vocations and the organisations that teach them (freelancer.txt, Vocations; ruling F8): the eight
//! paths of this book, two per organisation. AP buys abilities of a vocation or General ones ([`Path`]).

use serde::{Deserialize, Serialize};
use std::fmt;

/// One of the book's eight vocations. Written by name: `"Hoplite"`, `"Wushu jia"` (also read as
/// `"Wǔshù jiā"` and case-insensitively), `"Scout"`, `"Guerilla"`, `"Witch"`, `"Shaman"`,
/// `"Swindler"`, `"Hitman"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Vocation {
    /// Fighters Guild: weapons and armour, fighting just beyond arm's reach.
    Hoplite,
    /// Fighters Guild: martial arts, hand to hand.
    #[serde(rename = "Wushu jia")]
    WushuJia,
    /// Hunters Association: tracking and trapping, bows, rifles, knives.
    Scout,
    /// Hunters Association: ballistics and explosives against many foes.
    Guerilla,
    /// Grand Coven: destructive spells of the elements and chaos.
    Witch,
    /// Grand Coven: medicine and blessings for allies.
    Shaman,
    /// Thieves Assembly: street wit, manipulation, information.
    Swindler,
    /// Thieves Assembly: killing unseen, stealth, disguise, very long range.
    Hitman,
}

/// An organisation that sells vocational training on Earth (freelancer.txt, Vocations).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Organisation {
    /// Hoplite and Wushu jia.
    #[serde(rename = "Fighters Guild")]
    FightersGuild,
    /// Scout and Guerilla.
    #[serde(rename = "Hunters Association")]
    HuntersAssociation,
    /// Witch and Shaman.
    #[serde(rename = "Grand Coven")]
    GrandCoven,
    /// Swindler and Hitman.
    #[serde(rename = "Thieves Assembly")]
    ThievesAssembly,
}

impl Vocation {
    /// Every vocation, by organisation in the book's order.
    pub const ALL: [Vocation; 8] = [
        Vocation::Hoplite,
        Vocation::WushuJia,
        Vocation::Scout,
        Vocation::Guerilla,
        Vocation::Witch,
        Vocation::Shaman,
        Vocation::Swindler,
        Vocation::Hitman,
    ];

    /// The name as Skald writes it: `"Wushu jia"`.
    pub fn name(self) -> &'static str {
        match self {
            Vocation::Hoplite => "Hoplite",
            Vocation::WushuJia => "Wushu jia",
            Vocation::Scout => "Scout",
            Vocation::Guerilla => "Guerilla",
            Vocation::Witch => "Witch",
            Vocation::Shaman => "Shaman",
            Vocation::Swindler => "Swindler",
            Vocation::Hitman => "Hitman",
        }
    }

    /// What the vocation does, in a sentence of our own after the book (freelancer.txt, Vocations).
    pub fn description(self) -> &'static str {
        match self {
            Vocation::Hoplite => {
                "A weapon and armour specialist who fights with blades from just beyond arm's reach, modern weapons not excluded."
            }
            Vocation::WushuJia => {
                "A martial artist who wins hand to hand, even at a cost to their own body."
            }
            Vocation::Scout => {
                "Tracks and traps a target and takes it down without a straight fight: bows, rifles, knives."
            }
            Vocation::Guerilla => {
                "Holds off many foes near and far with guns and explosives, by tactics more than force."
            }
            Vocation::Witch => {
                "Weaves destructive spells of the elements and of chaos across the battlefield."
            }
            Vocation::Shaman => {
                "A healer of medicine and blessings, who calls on higher powers to help allies fight."
            }
            Vocation::Swindler => {
                "At home in street life: talks people out of information and valuables."
            }
            Vocation::Hitman => {
                "A professional killer who is never caught: stealth, disguise, very long-range weapons."
            }
        }
    }

    /// The organisation that teaches it.
    pub fn organisation(self) -> Organisation {
        match self {
            Vocation::Hoplite | Vocation::WushuJia => Organisation::FightersGuild,
            Vocation::Scout | Vocation::Guerilla => Organisation::HuntersAssociation,
            Vocation::Witch | Vocation::Shaman => Organisation::GrandCoven,
            Vocation::Swindler | Vocation::Hitman => Organisation::ThievesAssembly,
        }
    }

    /// Reads a name case-insensitively, with or without the tone marks (`"Wǔshù jiā"`); `None` if unknown.
    pub fn from_name(text: &str) -> Option<Vocation> {
        let plain: String = text
            .trim()
            .chars()
            .map(|c| match c {
                'ǔ' => 'u',
                'ù' => 'u',
                'ā' => 'a',
                other => other,
            })
            .collect();
        Vocation::ALL
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(&plain))
    }

    /// The names, comma-separated, for error messages.
    pub fn names() -> String {
        Vocation::ALL.map(Vocation::name).join(", ")
    }
}

impl Organisation {
    /// The name: `"Fighters Guild"`.
    pub fn name(self) -> &'static str {
        match self {
            Organisation::FightersGuild => "Fighters Guild",
            Organisation::HuntersAssociation => "Hunters Association",
            Organisation::GrandCoven => "Grand Coven",
            Organisation::ThievesAssembly => "Thieves Assembly",
        }
    }
}

impl fmt::Display for Vocation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for Organisation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Where an ability belongs: a General ability (open to everyone) or one of a vocation's. Written
/// `"general"` or a vocation's name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Path {
    /// A General ability.
    General,
    /// An ability of this vocation.
    Vocation(Vocation),
}

impl Path {
    /// Reads `"general"` (any case) or a vocation's name; `None` if neither.
    pub fn from_name(text: &str) -> Option<Path> {
        if text.trim().eq_ignore_ascii_case("general") {
            return Some(Path::General);
        }
        Vocation::from_name(text).map(Path::Vocation)
    }
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Path::General => f.write_str("General"),
            Path::Vocation(v) => f.write_str(v.name()),
        }
    }
}

impl Serialize for Path {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Path::General => serializer.serialize_str("general"),
            Path::Vocation(v) => serializer.serialize_str(v.name()),
        }
    }
}

impl<'de> Deserialize<'de> for Path {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Path::from_name(&text).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "{text:?} is neither \"general\" nor a vocation ({})",
                Vocation::names()
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_vocations_per_organisation() {
        let pairs: Vec<(&str, &str)> = Vocation::ALL
            .iter()
            .map(|v| (v.name(), v.organisation().name()))
            .collect();
        assert_eq!(
            pairs,
            [
                ("Hoplite", "Fighters Guild"),
                ("Wushu jia", "Fighters Guild"),
                ("Scout", "Hunters Association"),
                ("Guerilla", "Hunters Association"),
                ("Witch", "Grand Coven"),
                ("Shaman", "Grand Coven"),
                ("Swindler", "Thieves Assembly"),
                ("Hitman", "Thieves Assembly"),
            ]
        );
        assert_eq!(Vocation::from_name("Wǔshù jiā"), Some(Vocation::WushuJia));
        assert_eq!(Vocation::from_name(" shaman "), Some(Vocation::Shaman));
        assert_eq!(Vocation::from_name("Bard"), None);
        assert_eq!(Path::from_name("General"), Some(Path::General));
        assert_eq!(
            serde_json::to_value(Vocation::WushuJia).ok(),
            Some(serde_json::json!("Wushu jia"))
        );
    }
}
