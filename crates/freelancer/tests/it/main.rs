//! The integration tests of skald-freelancer, one test binary (one link on two cores) with a module
//! per concern.
#![allow(clippy::too_many_lines)] // a test's snapshot of a whole move list or walk; product code keeps to 150 (clippy.toml)

mod balance;
mod chronicle;
mod common;
mod event_advice;
mod events;
mod invariants;
mod moves;
mod opposed;
mod refusals;
mod rolls;
mod sheets;
mod task_checks;
