//! The binary's integration tests, one test binary (one link on two cores) with a module per
//! concern. `examples` (each scenario a test of its own) and `cli_twenty`, `cli_chi` are binaries of
//! their own; they share `tests/common` with this one.

mod cli;
mod cli_freelancer;
mod cli_loqi;
mod cli_verify;
#[path = "../common/mod.rs"]
mod common;
mod serve_common;
mod serve_crash;
mod serve_nodes;
mod serve_single_node;
mod tidy;
