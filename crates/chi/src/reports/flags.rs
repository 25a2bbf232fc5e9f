//! The flags of `skald chi ...` by the field each gives: a calculator's refusal names the flag the
//! reader typed (`--dice`), not the field a scenario writes (`dice`).

use crate::error::Error;

/// The flag that gives `field` on the command line; a field no flag gives is kept as it is.
fn flag(field: &'static str) -> &'static str {
    match field {
        "defender_dice" => "--defender-dice",
        "difficulty" => "--difficulty",
        "modifier" => "--modifier",
        "dice" => "--dice",
        "pool" => "--pool",
        "left" => "--left",
        "reserve" => "--reserve",
        "action" => "--action",
        "actions.difficulty" => "--action's Difficulty",
        "actions.modifier" => "--action's modifier",
        "who" => "--who",
        "salt" => "--salt",
        other => other,
    }
}

/// `error` naming the flag instead of the field.
pub(crate) fn flagged(error: Error) -> Error {
    error.rename_field(flag)
}
