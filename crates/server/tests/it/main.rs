//! The integration tests of skald-server, one test binary (one link on two cores) with a module
//! per concern.

mod browsers;
mod common;
mod http;
mod report;
mod security;
mod ws;
