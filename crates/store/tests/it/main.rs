//! The integration tests of skald-store, one test binary (one link on two cores) with a module
//! per concern.
#![allow(clippy::too_many_lines)] // a test's snapshot of a whole move list or walk; product code keeps to 150 (clippy.toml)

mod common;
mod migrations;
mod notices;
mod owners;
mod store;
