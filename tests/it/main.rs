//! The binary's integration tests, one test binary (one link on two cores) with a module per
//! concern. `examples` (each scenario a test of its own, harness = false) is a binary of its own;
//! it shares `tests/common` with this one.
#![allow(clippy::too_many_lines)] // a test's snapshot of a whole move list or walk; product code keeps to 150 (clippy.toml)

mod cli;
mod cli_chi;
mod cli_freelancer;
mod cli_loqi;
mod cli_toy;
mod cli_twenty;
mod cli_verify;
#[path = "../common/mod.rs"]
mod common;
mod fuzz_inputs;
mod seams;
mod serve_common;
mod serve_crash;
mod serve_nodes;
mod serve_single_node;
mod tidy;
