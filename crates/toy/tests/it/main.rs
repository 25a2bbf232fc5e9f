//! The integration tests of skald-toy, one test binary with a module per concern.
#![allow(clippy::too_many_lines)] // a test's snapshot of a whole move list or walk; product code keeps to 150 (clippy.toml)

mod moves;
mod scenario;
