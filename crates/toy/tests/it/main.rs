//! The integration tests of skald-toy, one test binary with a module per concern.

mod moves;
mod scenario;
