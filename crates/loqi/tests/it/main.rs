//! The integration tests of skald-loqi, one test binary (one link on two cores) with a module
//! per concern.
#![recursion_limit = "256"] // the json! literal of a whole view (table.rs)
#![allow(clippy::too_many_lines)] // a test's snapshot of a whole move list or walk; product code keeps to 150 (clippy.toml)

mod balance;
mod campaign;
mod chronicle;
mod moves;
mod problem_advice;
mod properties;
mod table;
