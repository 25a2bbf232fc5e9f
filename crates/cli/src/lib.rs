//! The command line of a system: what each system crate's `src/cli.rs` (its `skald <system> ...`
//! calculators) is written with, and what the registry and the binary take from it, so that a
//! system's calculators come from its own crate through the registry (issue 33; docs/decisions.md,
//! "A system's calculators are its crate's").
//!
//! - [`calculators`]: [`Calculators`], the trait a system crate implements (its clap
//!   subcommands and how to run them), and [`Cli`], the system's command line as the registry
//!   lists it (`skald_systems::Entry::cli`): a clap command named by `System::NAME`, and a
//!   function from what clap matched to the text to print; [`report`], a report as that text.
//! - [`shell`]: [`Shell`], the only I/O a calculator does (the scenario file the user names, the
//!   operating system's entropy), done by the program that runs it: the system crates stay pure.
//! - [`error`]: [`Error`], a calculator's refusal in kinds the binary maps to exit codes in its one
//!   place (`src/error.rs`), and [`words`], a refusal made plain for people.
//! - [`values`]: clap value parsers that refuse in words ([`whole`], [`number`], [`steps`]) and
//!   [`FightArg`], `--target easy|even|hard`.
//! - [`names`]: a character's name as typed on the command line, read as the table's ([`meant`]).
//! - [`scenario`]: a scenario's position, played from the file the user names
//!   ([`scenario_after`], [`scenario_at`]), and a refusal there that says which `--after` answers
//!   ([`refused_at`]).
//!
//! Neutral: it names no system; it depends on `skald-core` and `skald-scenario`, never on a
//! system crate or the registry.

pub mod calculators;
pub mod error;
pub mod names;
pub mod scenario;
pub mod shell;
pub mod values;

pub use calculators::{Calculators, Cli, report};
pub use error::{Error, words};
pub use names::{all_meant, meant};
pub use scenario::{Position, refused_at, scenario_after, scenario_at};
pub use shell::Shell;
pub use values::{FightArg, number, steps, whole};
