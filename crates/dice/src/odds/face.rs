//! [`Face`]: one outcome of a die as keep/drop sees it.

/// One outcome of a die for keeping: its weight, and the score a kept die showing it adds.
#[derive(Debug, Clone)]
pub struct Face<W> {
    /// What a kept die with this outcome adds (the outcome itself, or 1/0 when counting successes).
    pub score: i64,
    /// The outcome's weight.
    pub weight: W,
}
