//! Per-system subcommands: `skald twenty`, `skald loqi`, `skald chi`, `skald freelancer`.

pub mod chi;
pub mod freelancer;
pub mod loqi;
pub mod twenty;
