//! The integration tests of skald-store, one test binary (one link on two cores) with a module
//! per concern.

mod common;
mod migrations;
mod owners;
mod store;
