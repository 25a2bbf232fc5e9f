//! The integration tests of skald-fair, one test binary (one link on two cores) with a module
//! per concern.

mod properties;
mod vectors;
