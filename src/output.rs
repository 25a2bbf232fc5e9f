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

/// Writes `value` as pretty JSON to stdout, streamed, with a closing newline; a closed pipe is fine.
pub fn print_json(value: &impl serde::Serialize) -> anyhow::Result<()> {
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let written = serde_json::to_writer_pretty(&mut out, value)
        .map_err(std::io::Error::from)
        .and_then(|()| out.write_all(b"\n"))
        .and_then(|()| out.flush());
    match written {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => Ok(other?),
    }
}
