//! Twenty's integration tests, one test binary (one link on two cores) with a module per
//! concern: sheets, conflicts, goals, healing, choices, odds and advice, moves, the chronicle and
//! properties.
#![allow(clippy::too_many_lines)] // a test's snapshot of a whole move list or walk; product code keeps to 150 (clippy.toml)

mod choices;
mod chronicle;
mod conflicts;
mod goals;
mod healing;
mod moves;
mod odds;
mod properties;
mod sheets;
