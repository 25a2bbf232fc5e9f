//! `skald-cli` as a system's calculators use it, with Toy (the system only tests play) and a shell
//! of the tests' own: a calculator reads nothing but what its shell hands it.
#![allow(clippy::too_many_lines)] // a test's snapshot of a whole move list or walk; product code keeps to 150 (clippy.toml)

mod shell;
