//! The integration tests of skald-table, one test binary (one link on two cores) with a module
//! per concern.

mod attack;
mod budget;
mod gm_numbers;
mod play;
mod requests;
mod table;
mod talk;
mod trust;
