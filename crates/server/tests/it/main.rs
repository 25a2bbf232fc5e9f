//! The integration tests of skald-server, one test binary (one link on two cores) with a module
//! per concern.
#![allow(clippy::too_many_lines)] // a test's snapshot of a whole move list or walk; product code keeps to 150 (clippy.toml)

mod browsers;
mod common;
mod http;
mod report;
mod security;
mod ws;
