//! The per-roll key: [`roll_key`], the 32 bytes that key the ChaCha20 stream of one roll.

use sha2::{Digest, Sha256};

use crate::{Mix, ServerSeed};

/// The domain-separation prefix of a roll key: `VERSION` followed by `/roll`, 18 ASCII bytes.
const ROLL_DOMAIN: &[u8] = b"skald-fair-v1/roll";

/// Key of roll `index` (0-based, counts every roll in the table, across epochs):
/// SHA-256 of the 18 ASCII bytes `skald-fair-v1/roll`, the seed's 32 bytes, the mix's 32 bytes and
/// `index` as an 8-byte big-endian unsigned integer (90 bytes in all).
pub fn roll_key(seed: &ServerSeed, mix: &Mix, index: u64) -> [u8; 32] {
    let mut hash = Sha256::new();
    hash.update(ROLL_DOMAIN);
    hash.update(seed.as_bytes());
    hash.update(mix.as_bytes());
    hash.update(index.to_be_bytes());
    hash.finalize().into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_domain_is_the_version_then_roll() {
        assert_eq!(ROLL_DOMAIN, format!("{}/roll", crate::VERSION).as_bytes());
    }
}
