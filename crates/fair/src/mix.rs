//! The running mix of the players' seeds in an epoch: [`Mix`], a 32-byte hash chain.

use sha2::{Digest, Sha256};

use crate::error::Error;
use crate::hex32;

/// The running mix of player seeds in an epoch: 32 bytes, each contribution hashed onto the last.
///
/// An epoch starts from [`Mix::initial`]; each accepted contribution `c` gives `mix.with(c)`. A roll
/// uses the mix current when it is made, and the roll record shows it in hex, so anyone can check that
/// their own contribution is part of the chain.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Mix([u8; 32]);

impl Mix {
    /// The mix before any contribution: SHA-256 of the 17 ASCII bytes `skald-fair-v1/mix`.
    pub fn initial() -> Self {
        Self(Sha256::digest(b"skald-fair-v1/mix").into())
    }

    /// The mix after `contribution`: SHA-256 of this mix's 32 bytes, then the contribution's length in
    /// UTF-8 bytes as a 4-byte big-endian unsigned integer, then its UTF-8 bytes.
    ///
    /// It does not check the contribution: call [`crate::check_contribution`] first. (A text longer than
    /// `u32::MAX` bytes, which no checked contribution is, would have its length written as `u32::MAX`.)
    pub fn with(&self, contribution: &str) -> Mix {
        let bytes = contribution.as_bytes();
        let length = u32::try_from(bytes.len()).unwrap_or(u32::MAX);
        let mut hash = Sha256::new();
        hash.update(self.0);
        hash.update(length.to_be_bytes());
        hash.update(bytes);
        Mix(hash.finalize().into())
    }

    /// The mix as 64 lower-case hex digits, as a roll record shows it.
    pub fn to_hex(&self) -> String {
        hex32::format(&self.0)
    }

    /// Reads a mix from 64 hex digits, upper or lower case.
    ///
    /// # Errors
    /// [`crate::ErrorKind::BadHex`] with field `"mix"` when `s` is not 64 hex digits.
    pub fn from_hex(s: &str) -> Result<Self, Error> {
        hex32::parse("mix", s).map(Self)
    }

    /// The mix made of these 32 bytes.
    pub fn from_bytes(b: [u8; 32]) -> Self {
        Self(b)
    }

    /// The 32 raw bytes.
    pub fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }
}
