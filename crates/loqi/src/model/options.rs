//! [`Options`]: the Loqi table options (the RULINGS.md options for Loqi and the book's own optional
//! rules), shown to the table and recorded at the head of the log. Out-of-range values are refused
//! when the options are read, naming the option, the value and the range (the checks are
//! `rules/options.rs`).

use crate::limits;
use serde::{Deserialize, Serialize};

/// A Loqi table's options. Every field defaults to its ruling's default; unknown fields are refused.
///
/// ```toml
/// [options]
/// unlikely_outcomes = true            # L4, default false
/// high_ratings = true                 # trait ratings 5-6 allowed (flagged), default false
/// strength = true                     # L8, default false
/// scene_recovery = 2                  # L8: strength regained at a scene's end, 1-5, default 2
/// dying = true                        # L8, default false (needs strength)
/// death_at = -5                       # L8: dead at this strength, -20 to -1, default -5
/// influence_swapping = true           # L5, default false
/// gm_influence = true                 # L5, default false
/// gm_influence_per_session = 10       # L5: 1-100, default 10
/// free_changes = true                 # book: Changing A Character, default true
/// permanent_changes_in_problems = true  # book: Changing A Character, default true
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "RawOptions")]
pub struct Options {
    /// L4 "unlikely outcomes" (default `false`): with odds 12 or more, the less likely outcome stays
    /// possible: a 12 must be rolled, then the advantage drops by 6 and the d12 is rolled again.
    pub unlikely_outcomes: bool,
    /// Trait ratings 5 (Expert) and 6 (Master) from the book's skill table (default `false`: 1-4 as
    /// its text says). Ratings over 4 are flagged in the log and the view.
    pub high_ratings: bool,
    /// L8 strength (default `false`): characters have a nominal and a current strength; a weakened
    /// character's tallies get penalties; at 0 the character is out.
    pub strength: bool,
    /// L8: strength each weakened character regains when a scene ends, unless `end_scene` says
    /// otherwise: 1-5, default 2.
    pub scene_recovery: i64,
    /// L8 dying (default `false`, needs `strength`): strength may fall below 0; at `death_at` the
    /// character is dead.
    pub dying: bool,
    /// L8: the strength at which a character is dead under `dying`: -20 to -1, default -5.
    pub death_at: i64,
    /// L5 influence swapping (default `false`): a player may give 1-5 influence to another, who
    /// gains double.
    pub influence_swapping: bool,
    /// L5 GM influence (default `false`): the GM gets `gm_influence_per_session` points at each
    /// session's start to spend on likelihoods; none carry over.
    pub gm_influence: bool,
    /// L5: the GM's influence per session, 1-100, default 10.
    pub gm_influence_per_session: i64,
    /// Free character change (book: Changing A Character; default `true`): `change_trait` with the
    /// GM's approval.
    pub free_changes: bool,
    /// Permanent trait changes inside outcomes (book: Changing A Character; default `true`). A table
    /// that changes characters only freely turns this off.
    pub permanent_changes_in_problems: bool,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            unlikely_outcomes: false,
            high_ratings: false,
            strength: false,
            scene_recovery: limits::DEFAULT_SCENE_RECOVERY,
            dying: false,
            death_at: limits::DEFAULT_DEATH_AT,
            influence_swapping: false,
            gm_influence: false,
            gm_influence_per_session: limits::DEFAULT_GM_INFLUENCE,
            free_changes: true,
            permanent_changes_in_problems: true,
        }
    }
}

impl Options {
    /// The highest trait rating this table allows: 4, or 6 with `high_ratings` (book: Traits).
    pub fn max_rating(&self) -> i64 {
        if self.high_ratings {
            *limits::HIGH_TRAIT_RATING.end()
        } else {
            *limits::TRAIT_RATING.end()
        }
    }
}

/// The options as written, before their ranges are checked (`rules/options.rs` checks them into
/// [`Options`]).
#[derive(Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(crate) struct RawOptions {
    pub(crate) unlikely_outcomes: bool,
    pub(crate) high_ratings: bool,
    pub(crate) strength: bool,
    pub(crate) scene_recovery: i64,
    pub(crate) dying: bool,
    pub(crate) death_at: i64,
    pub(crate) influence_swapping: bool,
    pub(crate) gm_influence: bool,
    pub(crate) gm_influence_per_session: i64,
    pub(crate) free_changes: bool,
    pub(crate) permanent_changes_in_problems: bool,
}

impl Default for RawOptions {
    fn default() -> Self {
        let o = Options::default();
        Self {
            unlikely_outcomes: o.unlikely_outcomes,
            high_ratings: o.high_ratings,
            strength: o.strength,
            scene_recovery: o.scene_recovery,
            dying: o.dying,
            death_at: o.death_at,
            influence_swapping: o.influence_swapping,
            gm_influence: o.gm_influence,
            gm_influence_per_session: o.gm_influence_per_session,
            free_changes: o.free_changes,
            permanent_changes_in_problems: o.permanent_changes_in_problems,
        }
    }
}

/// The options as a lobby's form, each with its ruling (L4, L5, L8, the book's Changing A
/// Character) and one line of help for a group that has not read the book, starting at the
/// rulings' defaults. The GM's influence per session is the table's number (L5: the book suggests
/// 10 "or some other number"), so the lobby sets it, never a player's form. Refusals name each
/// option by its label here.
pub fn fields() -> Vec<skald_core::Field> {
    use skald_core::Field;
    let d = Options::default();
    vec![
        Field::flag(
            "unlikely_outcomes",
            "Unlikely outcomes stay possible (L4)",
            d.unlikely_outcomes,
        )
        .with_help("Off: an advantage of 6 or more makes the likelier outcome certain. On: the less likely one can still happen: it needs a 12, then a second roll above the odds recalculated with the advantage cut by 6."),
        Field::flag("high_ratings", "Trait ratings 5 and 6", d.high_ratings).with_help(
            "Off: traits are rated 1 to 4, as the book says. On: 5 (an expert) and 6 (a master) are allowed too, and marked.",
        ),
        Field::flag("strength", "Strength (L8)", d.strength).with_help(
            "Each character has strength (10 is normal) that outcomes wear down; a weakened character does worse, and at 0 is out: it takes no part in problems.",
        ),
        Field::number(
            "scene_recovery",
            "Strength regained each scene (L8)",
            1,
            5,
            d.scene_recovery,
        )
        .with_help("With Strength: how much each weakened character gets back when a scene ends (the GM may give 1 to 5 at each end)."),
        Field::flag("dying", "Dying (L8, needs strength)", d.dying).with_help(
            "With Strength: strength may fall below 0, and a character dies at the strength below. Off: 0 is the lowest, and nobody dies of it.",
        ),
        Field::number("death_at", "Dead at strength (L8)", -20, -1, d.death_at)
            .with_help("With Dying: the strength at which a character is dead; the book says -5."),
        Field::flag(
            "influence_swapping",
            "Influence swapping (L5)",
            d.influence_swapping,
        )
        .with_help("Players may reward each other: a player gives 1 to 5 influence and the other gets twice as much."),
        Field::flag("gm_influence", "The GM has influence (L5)", d.gm_influence).with_help(
            "The GM gets a pile of influence each session to push likelihoods like a player; none carries over. Off: only the players hold influence.",
        ),
        Field::number(
            "gm_influence_per_session",
            "The GM's influence each session (L5, when the GM has influence)",
            *limits::GM_INFLUENCE_PER_SESSION.start(),
            *limits::GM_INFLUENCE_PER_SESSION.end(),
            d.gm_influence_per_session,
        )
        .with_help("The size of the GM's pile at each session's start; the book suggests 10."),
        Field::flag("free_changes", "Free changes", d.free_changes).with_help(
            "The GM may change a character's trait outside play when a player asks (a trait the character always had, say). Off: traits change only through outcomes.",
        ),
        Field::flag(
            "permanent_changes_in_problems",
            "Permanent changes in problems",
            d.permanent_changes_in_problems,
        )
        .with_help("An outcome may change a trait for good. Off: outcomes change traits for a scene or a scenario only."),
    ]
}
