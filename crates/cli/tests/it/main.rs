//! `skald-cli` as a system's calculators use it, with Toy (the system only tests play) and a shell
//! of the tests' own: a calculator reads nothing but what its shell hands it.

mod shell;
