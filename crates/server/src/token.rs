//! Capability tokens: 256 random bits each, given once to their holder, kept only as SHA-256.
//!
//! A token is compared by its hash, in constant time ([`subtle`]), and never logged: the server
//! stores and compares hashes only, so a leaked database holds no usable token.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// Bytes of randomness in a token (256 bits; the issue asks for at least 128).
pub const TOKEN_BYTES: usize = 32;
/// The longest token text accepted before hashing (base64url of 32 bytes is 43 characters).
pub const MAX_TOKEN_LEN: usize = 64;

/// A new token: 32 bytes from the operating system's generator, base64url without padding.
///
/// # Errors
/// When the operating system gives no randomness.
pub fn new_token() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; TOKEN_BYTES];
    getrandom::fill(&mut bytes)?;
    Ok(URL_SAFE_NO_PAD.encode(bytes))
}

/// The stored form of a token: lower-case hex SHA-256 of its text.
pub fn hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// Whether `token` hashes to `stored`, compared in constant time.
pub fn matches(token: &str, stored: &str) -> bool {
    let given = hash(token);
    given.as_bytes().ct_eq(stored.as_bytes()).into()
}

/// 32 fresh random bytes for the rules (seeds, nonces, salts).
///
/// # Errors
/// When the operating system gives no randomness.
pub fn fresh() -> Result<[u8; 32], getrandom::Error> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes)?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_43_base64url_characters_and_differ() {
        let a = new_token().unwrap();
        let b = new_token().unwrap();
        assert_eq!(a.len(), 43);
        assert!(
            a.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        );
        assert_ne!(a, b);
    }

    #[test]
    fn a_token_matches_its_hash_only() {
        let token = new_token().unwrap();
        let stored = hash(&token);
        assert!(matches(&token, &stored));
        assert!(!matches("forged", &stored));
        assert!(!matches("", &stored));
    }
}
