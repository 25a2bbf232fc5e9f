//! The registry: the one list of the systems Skald plays. Everything that holds a system without
//! naming it (the online table, scenarios, the server, the pages, the CLI) finds it here, in
//! [`REGISTRY`] (a [`Registry`] of [`Listed`] systems, the value the neutral crates take), for a
//! scenario [`replay`], and for the command line each system's calculators ([`Entry::cli`],
//! `skald <name> ...`). Adding a system is writing its crate (the template of
//! `docs/system-crate.md`) and one line in [`SYSTEMS`].

use skald_cli::Calculators;
use skald_core::System;
pub use skald_core::{Listed, Registry};
use skald_scenario::{Replay, Scenario};

/// One system of the registry: as every crate sees it, its scenario player and its command line.
#[derive(Debug, Clone, Copy)]
pub struct Entry {
    /// The system as every crate sees it: names, words, game, options, rules page, board
    /// ([`Listed::of`], all from its `impl` [`System`]).
    pub listed: Listed,
    /// Plays a scenario of this system ([`Scenario::replay_as`]).
    pub replay: fn(&Scenario) -> Result<Replay, skald_scenario::Error>,
    /// Its calculators on the command line, `skald <name> ...` ([`skald_cli::Cli::of`], from
    /// its `impl` [`Calculators`], the crate's `src/cli.rs`): the binary adds the command and
    /// runs what clap matched under it.
    pub cli: skald_cli::Cli,
    /// Whether a release build offers it: `false` for a system only the tests play (Toy, listed
    /// under the `toy` feature), which the API's published document leaves out ([`released`]).
    pub released: bool,
}

/// The entry of the system `S`.
const fn entry<S: System + Calculators + 'static>() -> Entry
where
    S::Options: Send + Sync + 'static,
    S::State: Send + Sync + 'static,
{
    Entry {
        listed: Listed::of::<S>(),
        replay: Scenario::replay_as::<S>,
        cli: skald_cli::Cli::of::<S>(),
        released: true,
    }
}

/// The entry of the system `S`, played only by the tests ([`Entry::released`] `false`).
#[cfg(feature = "toy")]
const fn for_tests<S: System + Calculators + 'static>() -> Entry
where
    S::Options: Send + Sync + 'static,
    S::State: Send + Sync + 'static,
{
    Entry {
        released: false,
        ..entry::<S>()
    }
}

/// Every system Skald plays, in the order a lobby offers them: one line per system (a system
/// only the tests play comes last, under its feature, its entry made by `for_tests`).
pub const SYSTEMS: &[Entry] = &[
    entry::<skald_twenty::Twenty>(),
    entry::<skald_loqi::Loqi>(),
    entry::<skald_chi::Chi>(),
    entry::<skald_freelancer::Freelancer>(),
    #[cfg(feature = "toy")]
    for_tests::<skald_toy::Toy>(),
];

/// [`SYSTEMS`] as every crate sees them, in the same order.
static LISTED: [Listed; SYSTEMS.len()] = {
    let mut listed = [SYSTEMS[0].listed; SYSTEMS.len()];
    let mut i = 1;
    while i < SYSTEMS.len() {
        listed[i] = SYSTEMS[i].listed;
        i += 1;
    }
    listed
};

/// The systems Skald plays, as the value the online table (`skald_table::Table::create`), the
/// server and the pages take: find one by name, list their names, find the system of a ruling.
pub static REGISTRY: Registry = Registry::new(&LISTED);

/// The names of the systems a release build plays, in order: [`REGISTRY`]'s, less those only
/// the tests play. The API's published document lists these (it is written once, for every
/// build: `crates/server/openapi.json`).
pub fn released() -> impl Iterator<Item = &'static str> {
    SYSTEMS.iter().filter(|s| s.released).map(|s| s.listed.name)
}

/// The entry of the system named `name` (its [`System::NAME`]), if it is one of [`SYSTEMS`].
pub fn find(name: &str) -> Option<&'static Entry> {
    SYSTEMS.iter().find(|s| s.listed.name == name)
}

/// Reads a scenario's TOML text ([`skald_scenario::load`]) and checks its system is one of these.
///
/// # Errors
/// As [`skald_scenario::load`]; [`skald_scenario::ErrorKind::UnknownSystem`] for a system not in
/// [`SYSTEMS`].
pub fn load_scenario(text: &str) -> Result<Scenario, skald_scenario::Error> {
    let scenario = skald_scenario::load(text)?;
    if REGISTRY.find(&scenario.system).is_none() {
        return Err(unknown(scenario.system));
    }
    Ok(scenario)
}

fn unknown(system: String) -> skald_scenario::Error {
    skald_scenario::ErrorKind::UnknownSystem {
        system,
        known: REGISTRY.names_listed(),
    }
    .into()
}

/// Plays `scenario` with its system's rules.
///
/// # Errors
/// [`skald_scenario::ErrorKind::UnknownSystem`], or as [`Scenario::replay_as`].
pub fn replay(scenario: &Scenario) -> Result<Replay, skald_scenario::Error> {
    match find(&scenario.system) {
        Some(entry) => (entry.replay)(scenario),
        None => Err(unknown(scenario.system.clone())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    #[test]
    fn each_system_is_listed_once_under_its_own_name() {
        // The tests list Toy (this crate's dev-dependency on itself enables `toy`); a release
        // build does not.
        assert_eq!(
            REGISTRY.names_listed(),
            "twenty, loqi, chi, freelancer, toy"
        );
        assert_eq!(
            released().collect::<Vec<_>>(),
            ["twenty", "loqi", "chi", "freelancer"]
        );
        for (system, entry) in REGISTRY.iter().zip(SYSTEMS) {
            assert_eq!(system.name, entry.listed.name, "LISTED follows SYSTEMS");
            assert!(
                !system.name.is_empty() && system.name.bytes().all(|b| b.is_ascii_lowercase()),
                "{:?}: a name is one lowercase word (System::NAME)",
                system.name
            );
            let game =
                (system.new_game)(&Value::Null).unwrap_or_else(|e| panic!("{}: {e}", system.name));
            assert_eq!(game.system(), system.name);
            assert_eq!(
                REGISTRY.find(system.name).map(|s| s.title),
                Some(system.title)
            );
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
        assert_eq!(SYSTEMS.len(), REGISTRY.iter().count());
        assert!(REGISTRY.find("dnd").is_none());
    }

    /// The lobby shows each game's words in two lines: two sentences, 200 characters at most,
    /// each its own (no two games described alike).
    #[test]
    fn each_system_says_what_it_is_in_two_sentences() {
        let mut seen = Vec::new();
        for system in REGISTRY.iter() {
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
            REGISTRY.find("chi").map(|s| s.about),
            Some(
                "A quick game where each character has one number: a pool of d6s. Players spread \
                 those dice over their actions each round, against the GM's difficulty dice."
            )
        );
    }

    /// Each system's command line is `skald <its name>`, with at least one calculator, and clap
    /// finds nothing wrong in it (`Command::debug_assert`: no two arguments alike, every default
    /// and value parser consistent).
    #[test]
    fn each_systems_command_line_is_named_by_the_system() {
        for entry in SYSTEMS {
            let command = (entry.cli.command)();
            assert_eq!(command.get_name(), entry.listed.name);
            assert!(
                command.get_subcommands().next().is_some(),
                "{}",
                entry.listed.name
            );
            assert!(
                command.get_about().is_some(),
                "{}: its help",
                entry.listed.name
            );
            command.debug_assert();
            assert!(find(entry.listed.name).is_some());
        }
        assert!(find("dnd").is_none());
    }

    #[test]
    fn a_scenario_of_a_system_skald_does_not_play_is_refused_naming_those_it_does() {
        let refused = load_scenario("title = \"t\"\nsystem = \"dnd\"").err();
        assert_eq!(
            refused.map(|e| e.to_string()).as_deref(),
            Some(
                "system = \"dnd\" is not a system Skald plays (twenty, loqi, chi, freelancer, toy)"
            )
        );
    }
}
