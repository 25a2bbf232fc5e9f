//! Writing to stdout without panicking when the reader goes away (`skald odds 1000d6 | head`).

use std::io::Write as _;

/// Writes `text` to stdout. A closed pipe is not an error: the reader has what it wanted.
pub fn print(text: &str) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => Ok(other?),
    }
}
