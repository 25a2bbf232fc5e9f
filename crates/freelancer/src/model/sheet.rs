//! Freelancer character sheets (ruling F8): the [`Rating`]s (six attributes, sixteen stats, and which
//! attributes affect each stat), the sheet as a scenario writes it ([`Sheet`]) and as the table
//! keeps it once checked ([`Character`]): kind (PC, full NPC sheet or brief Encounter Sheet), level, XP,
//! AP, vocation, ratings and abilities.

use crate::model::number::{Number, NumberInput};
use crate::model::vocation::{Path, Vocation};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// What kind of sheet a character has (freelancer.txt, Task Checks: the GM writes "an entire Character
/// Sheet" for an NPC that acts as a PC, "a briefer Encounter Sheet" otherwise).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// A player character: a full sheet.
    #[default]
    Pc,
    /// A non-player character with a full sheet: checks against it are opposed checks (F4).
    Npc,
    /// A brief NPC sheet: ratings only (no level, XP, AP, vocation or abilities); checks against it
    /// are task checks with its rating as the difficulty (F3).
    Encounter,
}

impl Kind {
    /// Whether this is a full sheet (a PC, or an NPC that acts as one).
    pub fn is_full(self) -> bool {
        !matches!(self, Kind::Encounter)
    }

    /// `"pc"`, `"npc"` or `"encounter"`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Pc => "pc",
            Kind::Npc => "npc",
            Kind::Encounter => "encounter",
        }
    }
}

/// One character sheet as a scenario writes it under `[[characters]]` (or `do = "enroll"`), checked
/// into a [`Character`] by [`Sheet::check`]:
///
/// ```toml
/// [[characters]]
/// name = "Ash"                  # 1 to 64 characters, unique at the table
/// kind = "pc"                   # "pc" (default), "npc" (a full NPC sheet) or "encounter" (a brief NPC)
/// level = 1                     # 1 to 1000, default 1 (not on an Encounter Sheet)
/// xp = 0                        # 0 to 10^15, default 0 (not on an Encounter Sheet)
/// ap = 3                        # 0 to 10^15, default 0 (not on an Encounter Sheet)
/// vocation = "Hoplite"          # optional, one of the eight (not on an Encounter Sheet)
/// ratings = { MIT = 12, LFT = 42 }          # attributes and stats, each 0 to 10^30
/// abilities = [{ name = "Second Wind", path = "general" }]   # optional, learned already
/// ```
///
/// Stats not written are computed from the table's formulas (`[options.formulas]`) when it has one
/// for them; a stat written on the sheet wins over its formula (the GM's number).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sheet {
    /// The character's name, 1 to 64 characters. Left out, it reads as empty, which the rules
    /// refuse at its blank: a draft is still a command, so the fair fight shown while the GM
    /// makes an NPC is worked out before a name is typed.
    #[serde(default)]
    pub name: String,
    /// PC, full NPC sheet or Encounter Sheet.
    #[serde(default)]
    pub kind: Kind,
    /// Level, 1 to 1000 (default 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<NumberInput>,
    /// Experience points, 0 to 10^15 (default 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub xp: Option<NumberInput>,
    /// Ability points, 0 to 10^15 (default 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ap: Option<NumberInput>,
    /// The current vocation, by name; none by default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vocation: Option<String>,
    /// Attributes and stats by abbreviation, each 0 to 10^30.
    #[serde(default)]
    pub ratings: BTreeMap<Rating, NumberInput>,
    /// Abilities already learned.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub abilities: Vec<AbilityInput>,
}

/// An ability as a sheet writes it: `{ name = "Shield Wall", path = "Hoplite" }`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AbilityInput {
    /// The ability's name, 1 to 64 characters.
    pub name: String,
    /// `"general"` or the vocation it belongs to.
    pub path: String,
}

/// A learned ability: its name and path (General or a vocation).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ability {
    /// The ability's name.
    pub name: String,
    /// General or a vocation.
    pub path: Path,
}

/// A checked character sheet, as the table keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Character {
    /// The name, unique at the table.
    pub name: String,
    /// PC, full NPC sheet or Encounter Sheet.
    pub kind: Kind,
    /// Level, 1 to 1000 (1 on an Encounter Sheet).
    pub level: u64,
    /// Experience points, 0 to 10^15.
    pub xp: u64,
    /// Ability points, 0 to 10^15.
    pub ap: u64,
    /// The current vocation.
    pub vocation: Option<Vocation>,
    /// The ratings written on the sheet (attributes and entered stats), each 0 to 10^30.
    pub ratings: BTreeMap<Rating, Number>,
    /// Abilities learned, in the order learned.
    pub abilities: Vec<Ability>,
}

impl Sheet {
    /// A PC sheet with these ratings and nothing else (level 1, no XP, AP or vocation).
    pub fn new(name: &str, ratings: &[(Rating, u128)]) -> Self {
        Sheet {
            name: name.to_owned(),
            kind: Kind::Pc,
            level: None,
            xp: None,
            ap: None,
            vocation: None,
            ratings: ratings
                .iter()
                .map(|(r, v)| (*r, NumberInput::from(*v)))
                .collect(),
            abilities: Vec::new(),
        }
    }
}

/// Something that affects a stat (freelancer.txt, Stats): an attribute, the character's level, another
/// stat (LFT, for JMP and SPD) or equipment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Influence {
    /// An attribute.
    Attribute(Rating),
    /// The character's level.
    Level,
    /// Another stat, circumstantially (LFT for JMP and SPD).
    Stat(Rating),
    /// Equipment.
    Equipment,
}

impl Influence {
    /// `"VIG"`, `"Level"`, `"LFT"`, `"Equipment"`.
    pub fn name(self) -> &'static str {
        match self {
            Influence::Attribute(r) | Influence::Stat(r) => r.abbreviation(),
            Influence::Level => "Level",
            Influence::Equipment => "Equipment",
        }
    }
}

/// An attribute (MIT VIG ALC INT MRL LCK) or a stat (HP ... FTH), ruling F8. Written as the book's
/// abbreviation: `"LFT"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum Rating {
    /// Might (attribute): outward strength.
    Mit,
    /// Vigor (attribute): outward resolve.
    Vig,
    /// Alacrity (attribute): swiftness.
    Alc,
    /// Intuition (attribute): problem solving.
    Int,
    /// Morale (attribute): internal condition.
    Mrl,
    /// Luck (attribute): how fate meddles; the best LCK rolls a team lift.
    Lck,
    /// Health Points (stat).
    Hp,
    /// Technique Points (stat).
    Tp,
    /// Spirit Points (stat).
    Sp,
    /// Lifting Power (stat): cumulative across a team that can grip the load.
    Lft,
    /// Striking Power (stat).
    Str,
    /// Physical Defense (stat).
    Phd,
    /// Magical Defense (stat).
    Md,
    /// Jumping Height (stat).
    Jmp,
    /// Running Speed (stat).
    Spd,
    /// Dodge Reflex (stat).
    Dog,
    /// Attention (stat).
    Atn,
    /// Discovery (stat).
    Dis,
    /// Status Resistance (stat).
    Res,
    /// Willpower (stat).
    Wil,
    /// Charisma (stat).
    Chm,
    /// Faith (stat).
    Fth,
}

impl Rating {
    /// Every rating, attributes first, in the book's order.
    pub const ALL: [Rating; 22] = [
        Rating::Mit,
        Rating::Vig,
        Rating::Alc,
        Rating::Int,
        Rating::Mrl,
        Rating::Lck,
        Rating::Hp,
        Rating::Tp,
        Rating::Sp,
        Rating::Lft,
        Rating::Str,
        Rating::Phd,
        Rating::Md,
        Rating::Jmp,
        Rating::Spd,
        Rating::Dog,
        Rating::Atn,
        Rating::Dis,
        Rating::Res,
        Rating::Wil,
        Rating::Chm,
        Rating::Fth,
    ];

    /// The book's abbreviation: `"LFT"`.
    pub fn abbreviation(self) -> &'static str {
        match self {
            Rating::Mit => "MIT",
            Rating::Vig => "VIG",
            Rating::Alc => "ALC",
            Rating::Int => "INT",
            Rating::Mrl => "MRL",
            Rating::Lck => "LCK",
            Rating::Hp => "HP",
            Rating::Tp => "TP",
            Rating::Sp => "SP",
            Rating::Lft => "LFT",
            Rating::Str => "STR",
            Rating::Phd => "PHD",
            Rating::Md => "MD",
            Rating::Jmp => "JMP",
            Rating::Spd => "SPD",
            Rating::Dog => "DOG",
            Rating::Atn => "ATN",
            Rating::Dis => "DIS",
            Rating::Res => "RES",
            Rating::Wil => "WIL",
            Rating::Chm => "CHM",
            Rating::Fth => "FTH",
        }
    }

    /// The book's name for it (freelancer.txt, Attributes and Stats): `"Lifting Power"`.
    pub fn name(self) -> &'static str {
        match self {
            Rating::Mit => "Might",
            Rating::Vig => "Vigor",
            Rating::Alc => "Alacrity",
            Rating::Int => "Intuition",
            Rating::Mrl => "Morale",
            Rating::Lck => "Luck",
            Rating::Hp => "Health Points",
            Rating::Tp => "Technique Points",
            Rating::Sp => "Spirit Points",
            Rating::Lft => "Lifting Power",
            Rating::Str => "Striking Power",
            Rating::Phd => "Physical Defense",
            Rating::Md => "Magical Defense",
            Rating::Jmp => "Jumping Height",
            Rating::Spd => "Running Speed",
            Rating::Dog => "Dodge Reflex",
            Rating::Atn => "Attention",
            Rating::Dis => "Discovery",
            Rating::Res => "Status Resistance",
            Rating::Wil => "Willpower",
            Rating::Chm => "Charisma",
            Rating::Fth => "Faith",
        }
    }

    /// The name with the abbreviation, as forms label it: `"Lifting Power (LFT)"`.
    pub fn spelled_out(self) -> String {
        format!("{} ({})", self.name(), self.abbreviation())
    }

    /// What it does, in a sentence of our own after the book's description (freelancer.txt,
    /// Attributes and Stats; ruling F8); a stat's sentence ends with what affects it.
    pub fn meaning(self) -> &'static str {
        match self {
            Rating::Mit => {
                "Outward strength: the physical force the character can apply, as in a bare-handed blow, a lift or a high jump."
            }
            Rating::Vig => {
                "Outward resolve: the physical force the body withstands, as in blows taken, disease or a long fall."
            }
            Rating::Alc => {
                "Swiftness: travel speed, reflexes, a long jump; added to the d100 at initiative (F5)."
            }
            Rating::Int => {
                "Problem solving: gathering information, using technology, learning new skills."
            }
            Rating::Mrl => {
                "Inner condition, how in tune the character is with their spirit: willpower, charisma, faith."
            }
            Rating::Lck => {
                "How fate meddles with the character; the luckiest lifter rolls a team lift, and it breaks ties at initiative (F5)."
            }
            Rating::Hp => {
                "Well-being: damage lowers it, and at 0 the character faints. Affected by VIG, MRL and LCK."
            }
            Rating::Tp => {
                "Energy for physical abilities, of the body or the brain, between rests. Affected by MIT, VIG, INT and MRL."
            }
            Rating::Sp => {
                "Energy for non-physical abilities, such as magic or psychic powers; it comes back with other activity. Affected by INT and MRL."
            }
            Rating::Lft => {
                "The mass lifted overhead with both hands; it adds up across a team that can grip the load. Affected by MIT and VIG."
            }
            Rating::Str => "The damage a physical strike deals. Affected by MIT, ALC and MRL.",
            Rating::Phd => {
                "How much physical harm the body takes before it is hurt. Affected by MIT, VIG and equipment."
            }
            Rating::Md => {
                "How much ethereal harm (ghosts, hexes, magic) the being takes before it is hurt. Affected by INT, MRL and equipment."
            }
            Rating::Jmp => {
                "The force put into leaving the ground. Affected by MIT and ALC, and by LFT and equipment as circumstances have it."
            }
            Rating::Spd => {
                "How fast the character travels; initiative is scaled to its digits (F5). Affected by MIT, ALC, LFT and equipment."
            }
            Rating::Dog => {
                "Reacting in time to what happens around the character. Affected by ALC, INT and LCK."
            }
            Rating::Atn => {
                "Noticing and focusing on what is around the character. Affected by VIG, INT and LCK."
            }
            Rating::Dis => {
                "Solving problems and finding new ideas: navigating, learning, seeing patterns. Affected by INT, MRL and LCK."
            }
            Rating::Res => {
                "How hard it is for status ailments to take hold. Affected by VIG, MRL and LCK."
            }
            Rating::Wil => {
                "Impressing one's will on the world: studies, some magic, resisting ailments, overcoming death. Affected by the level, MIT, VIG, INT and MRL."
            }
            Rating::Chm => {
                "Drawing the world in: attraction, groups, animals, some aspects of fate. Affected by the level, MIT, MRL and LCK."
            }
            Rating::Fth => {
                "Spiritual fortitude, not belief: religious acts, some magic, group dynamics, resisting some ailments. Affected by the level and MRL."
            }
        }
    }

    /// The sheet field for error messages: `"ratings.LFT"`.
    pub fn field(self) -> &'static str {
        match self {
            Rating::Mit => "ratings.MIT",
            Rating::Vig => "ratings.VIG",
            Rating::Alc => "ratings.ALC",
            Rating::Int => "ratings.INT",
            Rating::Mrl => "ratings.MRL",
            Rating::Lck => "ratings.LCK",
            Rating::Hp => "ratings.HP",
            Rating::Tp => "ratings.TP",
            Rating::Sp => "ratings.SP",
            Rating::Lft => "ratings.LFT",
            Rating::Str => "ratings.STR",
            Rating::Phd => "ratings.PHD",
            Rating::Md => "ratings.MD",
            Rating::Jmp => "ratings.JMP",
            Rating::Spd => "ratings.SPD",
            Rating::Dog => "ratings.DOG",
            Rating::Atn => "ratings.ATN",
            Rating::Dis => "ratings.DIS",
            Rating::Res => "ratings.RES",
            Rating::Wil => "ratings.WIL",
            Rating::Chm => "ratings.CHM",
            Rating::Fth => "ratings.FTH",
        }
    }

    /// Whether this is one of the six attributes (MIT VIG ALC INT MRL LCK) rather than a stat.
    pub fn is_attribute(self) -> bool {
        matches!(
            self,
            Rating::Mit | Rating::Vig | Rating::Alc | Rating::Int | Rating::Mrl | Rating::Lck
        )
    }

    /// What affects this stat, in the book's order (freelancer.txt, Stats; ruling F8); empty for an
    /// attribute. HP: VIG MRL LCK; TP: MIT VIG INT MRL; SP: INT MRL; LFT: MIT VIG; STR: MIT ALC MRL;
    /// PHD: MIT VIG Equipment; MD: INT MRL Equipment; JMP and SPD: MIT ALC, LFT and Equipment; DOG: ALC
    /// INT LCK; ATN: VIG INT LCK; DIS: INT MRL LCK; RES: VIG MRL LCK; WIL: Level MIT VIG INT MRL; CHM:
    /// Level MIT MRL LCK; FTH: Level MRL.
    pub fn affected_by(self) -> &'static [Influence] {
        use Influence::{Attribute as A, Equipment, Level, Stat};
        use Rating::*;
        match self {
            Mit | Vig | Alc | Int | Mrl | Lck => &[],
            Hp => &[A(Vig), A(Mrl), A(Lck)],
            Tp => &[A(Mit), A(Vig), A(Int), A(Mrl)],
            Sp => &[A(Int), A(Mrl)],
            Lft => &[A(Mit), A(Vig)],
            Str => &[A(Mit), A(Alc), A(Mrl)],
            Phd => &[A(Mit), A(Vig), Equipment],
            Md => &[A(Int), A(Mrl), Equipment],
            Jmp | Spd => &[A(Mit), A(Alc), Stat(Lft), Equipment],
            Dog => &[A(Alc), A(Int), A(Lck)],
            Atn => &[A(Vig), A(Int), A(Lck)],
            Dis => &[A(Int), A(Mrl), A(Lck)],
            Res => &[A(Vig), A(Mrl), A(Lck)],
            Wil => &[Level, A(Mit), A(Vig), A(Int), A(Mrl)],
            Chm => &[Level, A(Mit), A(Mrl), A(Lck)],
            Fth => &[Level, A(Mrl)],
        }
    }

    /// Reads an abbreviation, case-insensitively: `"lft"` -> [`Rating::Lft`]; `None` if unknown.
    pub fn from_abbreviation(text: &str) -> Option<Rating> {
        Rating::ALL
            .into_iter()
            .find(|r| r.abbreviation().eq_ignore_ascii_case(text))
    }
}

impl std::fmt::Display for Rating {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.abbreviation())
    }
}
