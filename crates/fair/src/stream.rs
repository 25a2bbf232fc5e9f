//! The keystream one roll draws from: ChaCha20 as in RFC 8439 (32-byte key, 96-bit all-zero nonce,
//! 32-bit block counter from 0), read as consecutive 32-bit little-endian words.

use chacha20::cipher::StreamCipher;
use chacha20::{ChaCha20, Key, KeyIvInit, Nonce};

/// Bytes in one ChaCha20 block.
const BLOCK: usize = 64;
/// 32-bit words in one block.
const WORDS: usize = BLOCK / 4;

/// The words of the ChaCha20 keystream for one key, generated a 64-byte block at a time.
pub(crate) struct Keystream {
    cipher: ChaCha20,
    words: [u32; WORDS],
    /// Index of the next unread word in `words`; `WORDS` when a new block is needed.
    next: usize,
}

impl Keystream {
    /// The keystream of `key` with the all-zero 12-byte nonce, from block 0.
    pub(crate) fn new(key: &[u8; 32]) -> Self {
        let key = Key::from(*key);
        let nonce = Nonce::from([0u8; 12]);
        Self {
            cipher: ChaCha20::new(&key, &nonce),
            words: [0; WORDS],
            next: WORDS,
        }
    }

    /// The next keystream word (bytes `4k..4k+4`, little-endian). `None` only once the 32-bit block
    /// counter is spent, after 2^32 blocks (256 GiB), which no roll reaches.
    pub(crate) fn next_word(&mut self) -> Option<u32> {
        if self.next == WORDS {
            let mut block = [0u8; BLOCK];
            self.cipher.try_apply_keystream(&mut block).ok()?;
            for (word, bytes) in self.words.iter_mut().zip(block.chunks_exact(4)) {
                *word = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
            }
            self.next = 0;
        }
        let word = self.words[self.next];
        self.next += 1;
        Some(word)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(key: &[u8; 32], count: usize) -> Vec<u32> {
        let mut stream = Keystream::new(key);
        (0..count)
            .map(|_| stream.next_word().expect("far from the end"))
            .collect()
    }

    fn as_bytes(words: &[u32]) -> Vec<u8> {
        words.iter().flat_map(|w| w.to_le_bytes()).collect()
    }

    /// RFC 8439, appendix A.1, test vectors #1 and #2: the ChaCha20 blocks 0 and 1 for the all-zero
    /// key and nonce (copied from the RFC; also reproduced by a pure-python ChaCha20 and by the
    /// `cryptography` package).
    #[test]
    fn rfc_8439_a1_all_zero_key_and_nonce() {
        let stream = as_bytes(&words(&[0; 32], 32));
        let block0 = "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7\
                      da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586";
        let block1 = "9f07e7be5551387a98ba977c732d080dcb0f29a048e3656912c6533e32ee7aed\
                      29b721769ce64e43d57133b074d839d531ed1f28510afb45ace10a1f4b794d6f";
        assert_eq!(hex::encode(&stream[..64]), block0);
        assert_eq!(hex::encode(&stream[64..]), block1);
    }

    #[test]
    fn words_are_little_endian() {
        assert_eq!(words(&[0; 32], 2), vec![0xade0_b876, 0x903d_f1a0]);
    }

    /// RFC 8439 section 2.4.2's key with the all-zero nonce, checked against the `cryptography`
    /// package: `algorithms.ChaCha20(bytes(range(32)), bytes(16))`, first 16 bytes of keystream.
    #[test]
    fn another_key_block_zero() {
        let key: [u8; 32] = std::array::from_fn(|i| i as u8);
        assert_eq!(
            hex::encode(as_bytes(&words(&key, 4))),
            "39fd2b7dd9c5196a8dbd0377b8dc4a49"
        );
    }
}
