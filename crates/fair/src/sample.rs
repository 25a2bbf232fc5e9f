//! Unbiased sampling of a die's face from keystream words, by rejection.

use skald_dice::Die;

use crate::stream::Keystream;

/// How many faces `die` has: `n` for `Numbered(n)`, 3 for `Fate`; `None` for `Numbered(0)`.
pub(crate) fn faces(die: Die) -> Option<u32> {
    match die {
        Die::Numbered(0) => None,
        Die::Numbered(n) => Some(n),
        Die::Fate => Some(3),
    }
}

/// The smallest word that is rejected for `n` faces: `2^32 - (2^32 mod n)`, a multiple of `n`
/// (`2^32` when `n` divides `2^32`, so that no word is rejected). `n >= 1`.
pub(crate) fn limit(n: u32) -> u64 {
    const SPAN: u64 = 1 << 32;
    SPAN - SPAN % u64::from(n)
}

/// A face index in `0..n`, uniform: takes words until one is below [`limit`]`(n)` and returns it
/// modulo `n`. `n >= 1`. `None` only when the keystream is spent.
pub(crate) fn index(n: u32, stream: &mut Keystream) -> Option<u32> {
    let limit = limit(n);
    loop {
        let word = stream.next_word()?;
        if u64::from(word) < limit {
            return Some(word % n);
        }
    }
}

/// The face shown for face index `index` of `die`: `index + 1` for a numbered die, `index - 1`
/// (-1, 0, +1) for a Fate die.
pub(crate) fn face(die: Die, index: u32) -> i64 {
    match die {
        Die::Numbered(_) => i64::from(index) + 1,
        Die::Fate => i64::from(index) - 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits() {
        assert_eq!(limit(1), 1 << 32);
        assert_eq!(limit(2), 1 << 32);
        assert_eq!(limit(6), 4_294_967_292);
        assert_eq!(limit(3), 4_294_967_295);
        assert_eq!(limit(20), 4_294_967_280);
        assert_eq!(limit(3_000_000_000), 3_000_000_000);
        assert_eq!(limit(u32::MAX), u64::from(u32::MAX));
    }

    #[test]
    fn faces_and_values() {
        assert_eq!(faces(Die::Numbered(0)), None);
        assert_eq!(faces(Die::Numbered(6)), Some(6));
        assert_eq!(faces(Die::Fate), Some(3));
        assert_eq!(face(Die::Numbered(6), 0), 1);
        assert_eq!(face(Die::Numbered(6), 5), 6);
        assert_eq!(face(Die::Fate, 0), -1);
        assert_eq!(face(Die::Fate, 2), 1);
        assert_eq!(
            face(Die::Numbered(u32::MAX), u32::MAX - 1),
            i64::from(u32::MAX)
        );
    }
}
