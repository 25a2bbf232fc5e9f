//! The integration tests of skald-fair, one test binary (one link on two cores) with a module
//! per concern.
#![allow(clippy::too_many_lines)] // a test's snapshot of a whole move list or walk; product code keeps to 150 (clippy.toml)

mod properties;
mod vectors;
