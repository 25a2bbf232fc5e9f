//! The moves that create a character (ruling F8): builders whose blanks fill the `enroll` command's
//! sheet by dotted paths (`character.ratings.MIT`), each rating spelled out as the book names it
//! with what it does. Everyone may create a PC ("Create a character"); the GM also makes an NPC
//! with a full sheet and an Encounter Sheet (a brief NPC, ratings only). The rules
//! (`rules/sheets.rs`) check the sheet, live as the form changes.
//!
//! Ratings are text blanks the rules read as digits, 0 to 10^30 (a number blank keeps whole numbers
//! exactly only up to 2^53 - 1), so a rating left empty is not on the sheet. A stat the table has a
//! formula for is left out of a player's builder (the formula gives it, F8); the GM's builders
//! offer it too, empty for the formula.

use super::forms::{RATING_CHARS, mv};
use crate::limits::{MAX_ABILITIES, MAX_LEVEL, MAX_POINTS, MAX_TEXT};
use crate::model::Verb;
use crate::model::sheet::{Kind, Rating};
use crate::model::state::State;
use crate::model::vocation::Vocation;
use serde_json::{Value, json};
use skald_core::{Choice, Field, FieldKind, Move, Seat};

/// The page's group of these moves.
const CHARACTERS: &str = "Characters";

/// Where the sheet sits in the command (`enroll`'s `character`).
const SHEET: &str = "character";

/// The builders `seat` is offered: a PC for everyone; an NPC with a full sheet and an Encounter
/// Sheet for the GM (book, Task Checks: the GM writes NPC sheets).
pub(super) fn enroll_moves(state: &State, seat: &Seat, out: &mut Vec<Move>) {
    let pc = if seat.gm {
        "A player character: its name, level, points, vocation, the six attributes and the stats, \
         and abilities already learned (F8)."
    } else {
        "A player character, yours to play: its name, level, points, vocation, the six attributes \
         and the stats, and abilities already learned (F8)."
    };
    out.push(builder(state, seat, Kind::Pc, "Create a character", pc));
    if seat.gm {
        // The GM drafting an opponent sees the party's chances against it and the rating for an
        // easy, even and hard fight as the sheet is filled in (issue 32, `advice::fair_fight`).
        let weighed = |m: Move| Move { odds: true, ..m };
        out.push(weighed(builder(
            state,
            seat,
            Kind::Npc,
            "Make an NPC with a full sheet",
            "An NPC that acts as a PC: it takes part in opposed checks (F4) and tracks level, XP, AP, \
             vocation and abilities; yours to play (the book's Task Checks).",
        )));
        out.push(weighed(builder(
            state,
            seat,
            Kind::Encounter,
            "Make an Encounter Sheet",
            "A brief NPC sheet, ratings only: a check against it is a task check with its rating as \
             the difficulty (F3); yours to play (the book's Task Checks).",
        )));
    }
}

/// One builder: the fixed `kind`, then the blanks a sheet of that kind takes.
fn builder(state: &State, seat: &Seat, kind: Kind, label: &str, what: &str) -> Move {
    let mut fields = vec![Field::text("character.name", "Name", MAX_TEXT)];
    if kind.is_full() {
        fields.extend(growth_fields(state, seat));
    }
    let mut from_formulas = Vec::new();
    let mut first_stat = true;
    for rating in Rating::ALL {
        let formula = state.formulas.get(&rating);
        if formula.is_some() && !seat.gm {
            from_formulas.push(rating.abbreviation());
            continue;
        }
        let mut help = rating.meaning().to_owned();
        if let Some(formula) = formula {
            help.push_str(&format!(
                " Leave it empty: the table's formula gives it ({}).",
                formula.source()
            ));
        } else {
            help.push(' ');
            help.push_str(typical(rating));
            if rating == Rating::Mit {
                help.push_str(
                    " Each rating is a whole number 0 to 10^30 typed as digits; left empty, it is \
                     not on the sheet.",
                );
            } else if !rating.is_attribute() && !seat.gm && first_stat {
                help.push_str(" Stats are the GM's numbers (F8): write the ones your GM gives.");
            }
        }
        if !rating.is_attribute() {
            first_stat = false;
        }
        fields.push(rating_field(rating, help));
    }
    if kind.is_full() {
        fields.push(abilities());
    }
    let formulas = if from_formulas.is_empty() {
        String::new()
    } else {
        format!(
            " {} come from the table's formulas (F8).",
            from_formulas.join(", ")
        )
    };
    let mut m = mv(
        CHARACTERS,
        label.to_owned(),
        Verb::Enroll,
        json!({"character": {"kind": kind.name()}}),
        fields,
        format!(
            "{what} Ratings are whole numbers 0 to 10^30 typed as digits (commas may group them: \
             1,200).{formulas} The table checks the sheet as you fill it in; save it as a file to \
             bring it to another table."
        ),
    );
    m.sheet = Some(SHEET.into());
    m
}

/// What a rating typically is on a new character, for its help: the book gives no scale, so these
/// are Skald's guide, drawn from the book's examples (docs/decisions.md, "Typical values where the
/// book gives none"): attributes 5 to 40, which Skald's starting formulas turn into stats like the
/// book's CHM 27 and the guard's WIL 56; stats in the tens to low hundreds; LFT and SPD as the
/// book's examples have them.
pub fn typical(rating: Rating) -> &'static str {
    match rating {
        r if r.is_attribute() => {
            "Typical for a new character: 5 to 40 (Skald's guide; the book gives no scale)."
        }
        Rating::Lft => {
            "Typical for a new character: 20 to 100, as the book's 42, 71 and 87; its superhuman \
             arm wrestler has 915 (Skald's guide)."
        }
        Rating::Spd => {
            "Typical for a new character: 5 to 100; the book's examples run from 8 to 1248 \
             (Skald's guide)."
        }
        _ => {
            "Typical for a new character: 10 to 150, as the book's CHM 27 and the guard's WIL 56 \
             (Skald's guide; the book gives no scale)."
        }
    }
}

/// Level, XP, AP and vocation: a full sheet's (F8). The AP's help names the table's AP per level:
/// a new character typically starts with that much for each level it starts at.
fn growth_fields(state: &State, seat: &Seat) -> Vec<Field> {
    let per_level = state.options.ap_per_level;
    let gms = if seat.gm {
        ""
    } else {
        " The GM's number: agree it with your GM."
    };
    let points = |name: &str, label: &str, help: String| {
        Field::number(name, label, 0, to_form(MAX_POINTS), 0).with_help(help)
    };
    let mut vocations =
        vec![Choice::new(Value::Null, "None yet").with_help(
            "No vocation for now: one may be taken up at a rest or in a safe area (F8).",
        )];
    vocations.extend(Vocation::ALL.into_iter().map(|v| {
        Choice::new(json!(v), format!("{v} ({})", v.organisation())).with_help(v.description())
    }));
    vec![
        Field::number("character.level", "Level", 1, to_form(MAX_LEVEL), 1).with_help(format!(
            "1 to {MAX_LEVEL}; the book gives no XP thresholds, so levels come from the GM (F8). \
             Typical for a new character: 1.{gms}"
        )),
        points(
            "character.xp",
            "Experience points (XP)",
            format!(
                "XP gained so far, 0 to 10^15; the GM awards them for what was hard. Typical for a \
                 new character: 0.{gms}"
            ),
        ),
        points(
            "character.ap",
            "Ability points (AP)",
            format!(
                "AP left to spend on abilities, 0 to 10^15; the GM awards more for work done. \
                 Typical for a new character: {per_level} for each level it starts at (this \
                 table's AP per level; the book: at least 1 a level, 5 for a one-shot), less what \
                 the abilities already learned cost.{gms}"
            ),
        ),
        Field::new(
            "character.vocation",
            "Vocation",
            FieldKind::Choice {
                options: vocations,
                multiple: false,
            },
        )
        .with_help(
            "Where the character's specialties come from, taught by four organisations; it changes \
             only at a rest or in a safe area (F8).",
        ),
    ]
}

/// One rating's blank: `"Might (MIT)"`, with `help` (what it does, and where it comes from).
fn rating_field(rating: Rating, help: String) -> Field {
    Field::text(
        &format!("character.{}", rating.field()),
        &rating.spelled_out(),
        RATING_CHARS,
    )
    .with_help(help)
}

/// Abilities already learned, each a name and its path: General or a vocation's (F8).
fn abilities() -> Field {
    let mut paths = vec![Choice::new(json!("general"), "General")];
    paths.extend(
        Vocation::ALL
            .into_iter()
            .map(|v| Choice::new(json!(v), v.to_string())),
    );
    Field::list(
        "character.abilities",
        "Abilities already learned",
        vec![
            Field::text("name", "Ability", MAX_TEXT),
            Field::new(
                "path",
                "Path",
                FieldKind::Choice {
                    options: paths,
                    multiple: false,
                },
            ),
        ],
        0,
        MAX_ABILITIES,
        0,
    )
    .with_help(
        "Those bought with the AP the character started with; the table does not take AP for them \
         here. Buy more later with the AP left (F8).",
    )
}

/// A bound as a form's number (every bound here is far below `i64::MAX`).
fn to_form(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}
