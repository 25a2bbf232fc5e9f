//! The integration tests of skald-dice, one test binary (one link on two cores) with a module
//! per concern.

mod explode_keep;
mod icepool_corpus;
mod notation;
mod odds;
mod properties;
mod statistics;
