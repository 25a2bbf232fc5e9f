//! A character's name as typed on the command line, read as the table's.

/// A character's name as typed on the command line (`--who`, `--against`), read as the table's
/// name it means whatever its case ([`skald_core::name_meant`]: `gorand` is Gorand); a name the
/// table lacks stays as typed, trimmed, for the report to refuse in its own words.
pub fn meant<'a>(typed: &str, names: impl IntoIterator<Item = &'a str>) -> String {
    skald_core::name_meant(typed, names).map_or_else(|| typed.trim().to_owned(), str::to_owned)
}

/// [`meant`] for each name of a list (`--party a,b`).
pub fn all_meant<'a>(
    typed: Option<&[String]>,
    names: impl IntoIterator<Item = &'a str> + Clone,
) -> Option<Vec<String>> {
    typed.map(|t| t.iter().map(|n| meant(n, names.clone())).collect())
}
