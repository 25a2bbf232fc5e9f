//! Randomness from the operating system, for the commands that roll without `--seed`.

use anyhow::Context as _;

/// 32 bytes from the operating system, to seed ChaCha20 when no `--seed` is given.
pub(crate) fn os_entropy() -> anyhow::Result<[u8; 32]> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes)
        .map_err(|e| anyhow::anyhow!("{e}"))
        .context("the operating system gave no entropy")?;
    Ok(bytes)
}
