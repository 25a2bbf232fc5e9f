//! The integration tests of skald-table, one test binary (one link on two cores) with a module
//! per concern.
#![allow(clippy::too_many_lines)] // a test's snapshot of a whole move list or walk; product code keeps to 150 (clippy.toml)

mod attack;
mod budget;
mod gm_numbers;
mod play;
mod requests;
mod table;
mod talk;
mod trust;
