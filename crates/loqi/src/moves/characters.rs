//! The Characters moves: making a character with a builder form, and changing a trait freely.
//!
//! The builder fills `enroll`'s `character` sheet by dotted paths (book: Making Characters,
//! Traits): a name, traits as a list (each a name, a rating within the table's range and whether it
//! helps or works against its holder, L1), and the nominal strength where the table plays strength
//! (L8). Influence is not the player's to choose: a player's character starts with the book's 10.
//! The GM's builder makes an NPC (`npc = true`): a character the GM plays, which holds no influence
//! (L5; `docs/loqi.md`, Decisions). The rules (`rules/sheets.rs`) check the sheet, live as the form
//! changes, and name the blank at fault (trait 2's rating at `character.traits.1.rating`).

use super::forms::{CHARACTERS, choice, mv, number, option, text};
use crate::limits;
use crate::model::Verb;
use crate::model::{Options, State};
use serde_json::{Value, json};
use skald_core::{Choice, Field, FieldKind, Move, Seat};

/// Where the sheet sits in `enroll`.
const SHEET: &str = "character";

/// The Characters moves: the builder while the table has room, free trait changes when allowed.
pub(super) fn moves(state: &State, seat: &Seat, out: &mut Vec<Move>) {
    let options = &state.options;
    if state.characters.len() < limits::MAX_CHARACTERS {
        out.push(builder(options, seat));
    }
    if seat.gm && options.free_changes && state.problem.is_none() && !state.characters.is_empty() {
        out.push(mv(
            CHARACTERS,
            "Change a trait (free change)".into(),
            Verb::ChangeTrait,
            json!({"approved": true}),
            vec![
                choice(
                    "character",
                    "Whose",
                    state
                        .characters
                        .iter()
                        .map(|m| option(json!(m.name), &m.name))
                        .collect(),
                ),
                text("trait", "Trait (on the sheet, or new)", limits::NAME_CHARS),
                number("rating", "New permanent rating (0 removes it)", 0, options.max_rating(), 1),
                choice(
                    "harmful",
                    "Kind",
                    vec![
                        option(Value::Null, "As the trait is (a new one: helpful)"),
                        option(json!(true), "Harmful (a new trait)"),
                    ],
                ),
                text("reason", "Why", limits::REASON_CHARS),
            ],
            false,
            "The player asks, the GM approves: sets the permanent rating; temporary changes stay on top (book: Changing A Character).",
        ));
    }
}

/// The character builder for `seat` (book: Making Characters; L5, L8): name, traits, and strength
/// where the table plays it; a player's character starts with 10 influence, the GM's is an NPC
/// with none.
fn builder(options: &Options, seat: &Seat) -> Move {
    let mut fields = vec![
        Field::text("character.name", "Name", limits::NAME_CHARS)
            .with_help("Any name no one at the table has yet; \"GM\" is kept for the game master."),
        traits_field(options),
    ];
    if options.strength {
        fields.push(
            Field::number(
                "character.strength",
                "Strength",
                *limits::NOMINAL_STRENGTH.start(),
                *limits::NOMINAL_STRENGTH.end(),
                limits::DEFAULT_STRENGTH,
            )
            .with_help(format!(
                "Grit and stamina at the character's best, {} to {}; {} is usual. Lost strength brings penalties, and at 0 the character is out (L8).",
                limits::NOMINAL_STRENGTH.start(),
                limits::NOMINAL_STRENGTH.end(),
                limits::DEFAULT_STRENGTH
            )),
        );
    }
    let (label, fixed, influence) = if seat.gm {
        (
            "Make an NPC",
            json!({"character": {"npc": true}}),
            " An NPC is yours to play: its traits count in problems like anyone's, but it holds no influence, is not rewarded and is paid no goal; influence is the players' (L5).".to_owned(),
        )
    } else {
        (
            "Make a character",
            json!({}),
            format!(
                " The character starts with {} influence; the GM's rewards and goals met bring more (L5).",
                limits::STARTING_INFLUENCE
            ),
        )
    };
    Move {
        fields,
        note: Some(format!(
            "Choose the traits with the table, everyone at about the same breadth (book: Making Characters).{influence} The table checks the sheet as you fill it in; save it as a file to bring it to another table."
        )),
        sheet: Some(SHEET.into()),
        ..Move::new(CHARACTERS, label, Verb::Enroll, fixed)
    }
}

/// The sheet's traits: each a name, a rating within the table's range and whether it helps or
/// works against its holder (book: Traits; L1).
fn traits_field(options: &Options) -> Field {
    let max = options.max_rating();
    let mut scale = vec![
        "1 a beginner",
        "2 a journeyman",
        "3 a professional",
        "4 a seasoned professional",
    ];
    if options.high_ratings {
        scale.extend(["5 an expert", "6 a master"]);
    }
    let rating = Field::number("rating", "Rating", *limits::TRAIT_RATING.start(), max, 2);
    let kind = Field::new(
        "harmful",
        "Helps or hinders",
        FieldKind::Choice {
            options: vec![
                Choice::new(json!(false), "Helps the character").with_help(
                    "Acting along it makes an outcome likelier; acting against it, less likely (L1).",
                ),
                Choice::new(json!(true), "Works against the character").with_help(
                    "A flaw or a burden: acting along it makes an outcome less likely, acting against it likelier (L1).",
                ),
            ],
            multiple: false,
        },
    );
    Field::list(
        "character.traits",
        "Traits",
        vec![
            Field::text("name", "Trait", limits::NAME_CHARS),
            rating,
            kind,
        ],
        0,
        limits::MAX_TRAITS,
        2,
    )
    .with_help(format!(
        "Whatever matters about the character, good or bad: a skill, a quality, a possession, a friend, a flaw; a word, a phrase or a saying, each name once. Rate each 1 to {max} by how strong it is beside the best anyone could be, as a skill would be: {}. When a trait bears on an outcome, its rating moves that outcome's likelihood (L1; book: Traits).",
        scale.join(", ")
    ))
}
