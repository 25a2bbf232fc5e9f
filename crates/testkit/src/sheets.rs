//! The sample characters the tests of several crates write, as each system's enrolment takes them
//! (a Chi line; a sheet as JSON for the others), each with where it comes from: a rulebook's
//! example (the books are in `/work/shared/rules/`) or made up for the tests and the examples.

use serde_json::{Value, json};

/// Chi: the book's Ragnar with the pool the book gives him, 8 (chi.txt, Character Creation).
pub const RAGNAR: &str = "Ragnar, fierce, arrogant, and savage barbarian8";

/// Chi: the book's second character, written as the book writes him, stray comma and all
/// (chi.txt, Character Creation; ruling C6 reads it).
pub const DIRK: &str = "Capt. Dirk Rednova, ,dashing, handsome, and brave star marine7";

/// Chi: the book's Ragnar with a pool of `pool` dice instead of 8 (made up: the moves tests use a
/// pool of 4, whose off-concept cap is 2).
pub fn ragnar(pool: u32) -> String {
    format!("Ragnar, fierce, arrogant, and savage barbarian{pool}")
}

/// Twenty: Gorand, the book's sample character, a legal new character (twenty.txt, Stats and
/// Sample Character; examples/twenty/gorand-and-the-dragon.toml).
pub fn gorand() -> Value {
    json!({
        "name": "Gorand",
        "stats": {"Physical": 5, "Mental": 2, "Social": 3, "Emotional": 1, "Spiritual": 4},
        "keys": ["Warrior"],
        "traits": [
            {"name": "Arms", "boxes": 2}, {"name": "Swords", "boxes": 4},
            {"name": "Strong", "boxes": 1}, {"name": "Friendly", "boxes": 2},
            {"name": "Marching", "boxes": 1}
        ],
        "equipment": [{"name": "Honeybee", "boxes": 2}, {"name": "wine flask", "boxes": 1}],
        "gear": ["traveling gear", "food", "empty treasure sack"]
    })
}

/// Twenty: the dragon of the book's conflict example, an NPC (twenty.txt, Conflicts: the example).
pub fn dragon() -> Value {
    json!({
        "name": "Dragon", "kind": "npc", "keys": ["Dragon", "Enormous"],
        "traits": [
            {"name": "Enormous", "boxes": 2}, {"name": "Talons", "boxes": 2},
            {"name": "Ancient and Wise", "boxes": 3}, {"name": "Winged Flight", "boxes": 1},
            {"name": "Fire Breath", "boxes": 4}
        ]
    })
}

/// Loqi: Tiran with 10 influence, Quick 2 and Tracker 1 (made up: the book's Examples section is
/// empty; examples/loqi/bidding-war.toml and player-problem-takeover.toml seat him so).
pub fn tiran() -> Value {
    json!({"name": "Tiran", "influence": 10, "traits": [{"name": "Quick", "rating": 2}, {"name": "Tracker", "rating": 1}]})
}

/// Loqi: Ayla with 6 influence and Archer 3, Tiran's companion (made up, as [`tiran`]).
pub fn ayla() -> Value {
    json!({"name": "Ayla", "influence": 6, "traits": [{"name": "Archer", "rating": 3}]})
}

/// Freelancer: Ash, a PC with CHM 27, the "you" of the book's security guard example (the name is
/// made up; freelancer.txt, Task Checks; examples/freelancer/guard.toml).
pub fn ash() -> Value {
    json!({"name": "Ash", "ratings": {"CHM": 27}})
}

/// Freelancer: the security guard's Encounter Sheet, WIL 56 (freelancer.txt, Task Checks: the
/// security guard example).
pub fn guard() -> Value {
    json!({"name": "Guard", "kind": "encounter", "ratings": {"WIL": 56}})
}
