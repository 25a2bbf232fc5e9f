//! The integration tests of skald-web, one test binary (one link on two cores) with a module
//! per concern.
#![allow(clippy::too_many_lines)] // a test's snapshot of a whole move list or walk; product code keeps to 150 (clippy.toml)

mod board_chi;
mod board_freelancer;
mod board_loqi;
mod board_twenty;
mod bounded;
mod browser_rules;
mod coming_back;
mod common;
mod crawl;
mod pages;
mod parts;
