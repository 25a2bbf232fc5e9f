//! Skald's provably fair dice: the derivation that turns a committed server seed, the players' seeds and
//! a roll's index into dice that anyone can recompute once the seed is revealed.
//!
//! Per epoch the server picks a secret [`ServerSeed`] and publishes its [`ServerSeed::commitment`]
//! before any roll. Players mix their own seeds into a running [`Mix`]. Roll number `index` of the
//! table draws its dice with a [`FairSource`] from the ChaCha20 (RFC 8439) keystream keyed by
//! [`roll_key`]`(seed, mix, index)`, recording each [`Draw`]; [`verify`] recomputes the draws and
//! reports the first [`Mismatch`]. The format is versioned by [`VERSION`] and described for players
//! and auditors in `docs/fairness.md`.
//!
//! This crate is pure: no I/O, no clock, no operating-system randomness. The caller brings the seed.

mod contribution;
mod error;
mod hex32;
mod key;
mod limits;
mod mix;
mod sample;
mod seed;
mod source;
mod stream;
mod verify;

pub use contribution::check_contribution;
pub use error::{ContributionProblem, Error, ErrorKind};
pub use key::roll_key;
pub use limits::MAX_CONTRIBUTION;
pub use mix::Mix;
pub use seed::ServerSeed;
pub use source::{Draw, FairSource};
pub use verify::{Mismatch, verify};

/// The name and version of the derivation, `"skald-fair-v1"`. It prefixes the domain-separation
/// strings hashed by [`Mix::initial`] (`"skald-fair-v1/mix"`) and [`roll_key`] (`"skald-fair-v1/roll"`);
/// any change to the derivation gets a new version.
pub const VERSION: &str = "skald-fair-v1";
