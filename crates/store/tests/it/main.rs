//! The integration tests of skald-store, one test binary (one link on two cores) with a module
//! per concern.

mod common;
mod migrations;
mod notices;
mod owners;
mod store;
