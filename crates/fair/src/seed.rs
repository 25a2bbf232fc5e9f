//! The server's secret per epoch: [`ServerSeed`], its hex form and its public commitment.

use sha2::{Digest, Sha256};

use crate::error::Error;
use crate::hex32;

/// 32 secret bytes the server picks per epoch (from the operating system's randomness, in the shell).
///
/// Its [`commitment`](Self::commitment) is published before any roll of the epoch; the seed itself is
/// revealed when the epoch ends. [`std::fmt::Debug`] prints `ServerSeed(..)`, never the bytes, so a
/// seed cannot leak through a log line; use [`to_hex`](Self::to_hex) to reveal it on purpose.
#[derive(Clone, PartialEq, Eq)]
pub struct ServerSeed([u8; 32]);

impl ServerSeed {
    /// The seed made of these 32 bytes.
    pub fn from_bytes(b: [u8; 32]) -> Self {
        Self(b)
    }

    /// Reads a revealed seed: exactly 64 hex digits, upper or lower case, no spaces or prefix.
    ///
    /// # Errors
    /// [`crate::ErrorKind::BadHex`] with field `"server seed"` when `s` is not 64 hex digits.
    pub fn from_hex(s: &str) -> Result<Self, Error> {
        hex32::parse("server seed", s).map(Self)
    }

    /// The seed as 64 lower-case hex digits (this reveals it).
    pub fn to_hex(&self) -> String {
        hex32::format(&self.0)
    }

    /// The 32 raw bytes.
    pub fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }

    /// The public commitment: SHA-256 of the 32 raw bytes (not of the hex text), as 64 lower-case hex
    /// digits. Anyone holding the revealed seed can check it with
    /// `printf '%s' HEX | xxd -r -p | sha256sum`.
    pub fn commitment(&self) -> String {
        hex::encode(Sha256::digest(self.0))
    }
}

impl std::fmt::Debug for ServerSeed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ServerSeed(..)")
    }
}
