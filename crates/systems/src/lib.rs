//! The registry: the one list of the systems Skald plays. Everything that holds a system without
//! naming it (the online table, scenarios, the server, the pages, the CLI) finds it here; adding a
//! system is writing its crate (the template of `docs/system-crate.md`) and one line in
//! [`SYSTEMS`].

use serde_json::Value;
use skald_core::{Field, Game, GameError, Rules, Ruling, Rulings, System};
use skald_scenario::{Replay, Scenario};

/// One system, as the rest of Skald sees it.
#[derive(Debug, Clone, Copy)]
pub struct Listed {
    /// The name in scenarios, logs and the API: `"twenty"`, `"loqi"`, `"chi"`, `"freelancer"`.
    pub name: &'static str,
    /// The name people read: `"Twenty"`, ...
    pub title: &'static str,
    /// What the game is, in two short sentences, for the lobby ([`System::ABOUT`]).
    pub about: &'static str,
    /// The page template that draws the system's board (`crates/web/templates/`).
    pub board: &'static str,
    /// A new game with these options (JSON; `null` for the rulings' defaults).
    pub new_game: fn(&Value) -> Result<Box<dyn Game>, GameError>,
    /// The table options as a lobby's form fields.
    pub option_fields: fn() -> Vec<Field>,
    /// Plays a scenario of this system ([`Scenario::replay_as`]).
    pub replay: fn(&Scenario) -> Result<Replay, skald_scenario::Error>,
    /// Its rules page ([`System::RULINGS`]): how to play, and every ruling its texts cite.
    pub rulings: Rulings,
}

/// The entry of the system `S`, its board drawn by `board`.
const fn listed<S: System + 'static>(board: &'static str) -> Listed
where
    S::Options: Send + Sync + 'static,
    S::State: Send + Sync + 'static,
{
    Listed {
        name: S::NAME,
        title: S::TITLE,
        about: S::ABOUT,
        board,
        new_game: Rules::<S>::boxed,
        option_fields: S::option_fields,
        replay: Scenario::replay_as::<S>,
        rulings: S::RULINGS,
    }
}

/// Every system Skald plays, in the order a lobby offers them.
pub const SYSTEMS: [Listed; 4] = [
    listed::<skald_twenty::Twenty>("board_twenty.html"),
    listed::<skald_loqi::Loqi>("board_loqi.html"),
    listed::<skald_chi::Chi>("board_chi.html"),
    listed::<skald_freelancer::Freelancer>("board_freelancer.html"),
];

/// The system named `name`, if Skald plays it.
pub fn find(name: &str) -> Option<&'static Listed> {
    SYSTEMS.iter().find(|s| s.name == name)
}

/// The system whose rules page states the ruling `code` (`"T3"`), with that ruling: a code a
/// page may link to (`/rules/<name>#<code>`). `None` for a code no system states.
pub fn ruling(code: &str) -> Option<(&'static Listed, &'static Ruling)> {
    SYSTEMS
        .iter()
        .find_map(|s| s.rulings.find(code).map(|r| (s, r)))
}

/// The names of every system, in [`SYSTEMS`]' order.
pub fn names() -> impl Iterator<Item = &'static str> {
    SYSTEMS.iter().map(|s| s.name)
}

/// The names of every system, as a reader's list: `"twenty, loqi, chi, freelancer"`.
pub fn names_listed() -> String {
    names().collect::<Vec<_>>().join(", ")
}

/// Reads a scenario's TOML text ([`skald_scenario::load`]) and checks its system is one of these.
///
/// # Errors
/// As [`skald_scenario::load`]; [`skald_scenario::ErrorKind::UnknownSystem`] for a system not in
/// [`SYSTEMS`].
pub fn load_scenario(text: &str) -> Result<Scenario, skald_scenario::Error> {
    let scenario = skald_scenario::load(text)?;
    if find(&scenario.system).is_none() {
        return Err(unknown(scenario.system));
    }
    Ok(scenario)
}

fn unknown(system: String) -> skald_scenario::Error {
    skald_scenario::ErrorKind::UnknownSystem {
        system,
        known: names_listed(),
    }
    .into()
}

/// Plays `scenario` with its system's rules.
///
/// # Errors
/// [`skald_scenario::ErrorKind::UnknownSystem`], or as [`Scenario::replay_as`].
pub fn replay(scenario: &Scenario) -> Result<Replay, skald_scenario::Error> {
    match find(&scenario.system) {
        Some(system) => (system.replay)(scenario),
        None => Err(unknown(scenario.system.clone())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_system_is_listed_once_under_its_own_name() {
        assert_eq!(names_listed(), "twenty, loqi, chi, freelancer");
        for system in SYSTEMS {
            let game =
                (system.new_game)(&Value::Null).unwrap_or_else(|e| panic!("{}: {e}", system.name));
            assert_eq!(game.system(), system.name);
            assert_eq!(find(system.name).map(|s| s.title), Some(system.title));
            let options = game.options();
            for field in (system.option_fields)() {
                assert!(
                    options.get(&field.name).is_some(),
                    "{}: the lobby offers {:?}, which is not one of its options {options}",
                    system.name,
                    field.name
                );
            }
        }
        assert!(find("dnd").is_none());
    }

    /// The lobby shows each game's words in two lines: two sentences, 200 characters at most,
    /// each its own (no two games described alike).
    #[test]
    fn each_system_says_what_it_is_in_two_sentences() {
        let mut seen = Vec::new();
        for system in SYSTEMS {
            let about = system.about;
            assert!(
                about.chars().count() <= 200,
                "{}: {} characters",
                system.name,
                about.len()
            );
            let sentences = about.split_terminator(". ").count();
            assert_eq!(sentences, 2, "{}: {about:?}", system.name);
            assert!(about.ends_with('.'), "{}: {about:?}", system.name);
            assert!(!seen.contains(&about), "{}", system.name);
            seen.push(about);
        }
        assert_eq!(
            find("chi").map(|s| s.about),
            Some(
                "A quick game where each character has one number: a pool of d6s. Players spread \
                 those dice over their actions each round, against the GM's difficulty dice."
            )
        );
    }

    #[test]
    fn a_scenario_of_a_system_skald_does_not_play_is_refused_naming_those_it_does() {
        let refused = load_scenario("title = \"t\"\nsystem = \"dnd\"").err();
        assert_eq!(
            refused.map(|e| e.to_string()).as_deref(),
            Some("system = \"dnd\" is not a system Skald plays (twenty, loqi, chi, freelancer)")
        );
    }
}
