//! The skald binary.
fn main() {}
