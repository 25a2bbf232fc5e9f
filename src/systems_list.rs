//! `skald systems`: the systems this build plays, from the registry (`skald_systems::REGISTRY`),
//! one per line as `name  title`, or as JSON for scripts and the browser tests, which go through
//! every system by this list instead of one of their own.

use crate::cli::SystemsArgs;
use serde::Serialize;

/// One system as `skald systems --json` lists it.
#[derive(Debug, Serialize)]
struct System {
    /// Its name in scenarios, logs, the API and addresses.
    name: &'static str,
    /// Its name as people read it.
    title: &'static str,
}

/// Runs `skald systems`.
pub fn run(args: &SystemsArgs) -> crate::error::Result {
    let systems: Vec<System> = skald_systems::REGISTRY
        .iter()
        .map(|s| System {
            name: s.name,
            title: s.title,
        })
        .collect();
    if args.json {
        crate::output::print_json(&systems)?;
    } else {
        let width = systems.iter().map(|s| s.name.len()).max().unwrap_or(0);
        let lines: String = systems
            .iter()
            .map(|s| format!("{:<width$}  {}\n", s.name, s.title))
            .collect();
        crate::output::print(&lines)?;
    }
    Ok(())
}
