//! A Chi character sheet: name, concept (descriptive words and occupation) and pool (maximum and
//! current), as written (book, Character Creation; rulings C5, C6). How it reads from a scenario's
//! `[[characters]]` table or a character line, and how it prints as one, is the character line's
//! logic ([`crate::rules::line`]); its bounds are checked on enrolment ([`crate::rules::sheets`]).

use serde::Serialize;

/// A character as written (its sheet), as it sits down at the table; at the table it is held in a
/// [`crate::model::state::Character`] with what it has done this round.
///
/// In a scenario it is written either field by field:
///
/// ```toml
/// [[characters]]
/// name = "Ragnar"
/// words = ["fierce", "arrogant", "savage"]   # 3 to 12 words; leave out for a minor NPC
/// occupation = "barbarian"                   # optional: defaults to the name (a minor NPC "orc")
/// pool = 8                                   # maximum pool, 1 to 100 d6
/// current = 7                                # optional: current pool, 0 to `pool`; defaults to `pool`
/// ```
///
/// or as the book's character line (ruling C6), with `current` still allowed beside it:
///
/// ```toml
/// [[characters]]
/// line = "Ragnar, fierce, arrogant, and savage barbarian8/7"
/// ```
///
/// or, where a command takes a character (`enroll`), as the bare line itself:
/// `"character": "Ragnar, fierce, arrogant, and savage barbarian8"` (what a one-field form sends).
///
/// Ranges are checked when the character is enrolled (see [`crate::rules::sheets::validate`]).
/// It serializes field by field (`name`, `words`, `occupation`, `pool`, and `current` when it is
/// below `pool`: left out, it reads as the full pool, so a GM who changes a proposed pool changes
/// the current one with it); it reads in every form above ([`crate::rules::line`] implements
/// `Deserialize`); `Display` writes the line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sheet {
    /// The character's name, 1 to 64 characters. Unique at the table.
    pub name: String,
    /// The concept's descriptive words: none (a minor NPC) or 3 to 12, each 1 to 64 characters.
    pub words: Vec<String>,
    /// The concept's occupation (or race, for a minor NPC), 1 to 64 characters.
    pub occupation: String,
    /// The maximum pool, in d6: 1 to 100.
    pub pool: u32,
    /// The current pool, in d6: 0 to `pool`. Injury and fatigue lower it; 0 means out of play (C5).
    pub current: u32,
}

impl Serialize for Sheet {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let hurt = self.current != self.pool;
        let mut out = serializer.serialize_struct("Sheet", if hurt { 5 } else { 4 })?;
        out.serialize_field("name", &self.name)?;
        out.serialize_field("words", &self.words)?;
        out.serialize_field("occupation", &self.occupation)?;
        out.serialize_field("pool", &self.pool)?;
        if hurt {
            out.serialize_field("current", &self.current)?;
        }
        out.end()
    }
}
