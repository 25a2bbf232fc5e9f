//! The integration tests of skald-chi, one test binary (one link on two cores) with a module
//! per concern.

mod advise;
mod balance;
mod chronicle;
mod invariants;
mod moves;
mod odds;
mod potential;
mod round_advice;
mod rounds;
mod secret;
