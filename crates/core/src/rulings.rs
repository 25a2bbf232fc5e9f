//! A system's rules page as data: a few lines on how to play it, and a short statement, in
//! Skald's own words, of each ruling (the ids of `RULINGS.md`: `T3`, `L1`, `C4`, `F5`) that the
//! system's texts cite, so that every code a page shows can link to its statement.

use serde::Serialize;

/// One ruling, as a rules page states it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Ruling {
    /// The ruling's id in `RULINGS.md`, as texts cite it: a letter and a number, `"T3"`. It is the
    /// anchor of its entry on the rules page (`/rules/twenty#T3`).
    pub code: &'static str,
    /// What it is about, in a few words: `"Who is winning"`.
    pub title: &'static str,
    /// The ruling in Skald's own words: one to a few plain sentences, the book's numbers and
    /// names kept (RULINGS.md: rule facts carry over, the books' sentences do not).
    pub text: &'static str,
}

/// A system's rules page: how to play it in a few lines, then its rulings in the order of
/// `RULINGS.md`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Rulings {
    /// How to play, a few short paragraphs (plain text, one per entry).
    pub how_to_play: &'static [&'static str],
    /// Every ruling the system's texts cite, each code once.
    pub rulings: &'static [Ruling],
}

impl Rulings {
    /// The ruling with id `code` (`"T3"`), if the page states it.
    pub fn find(&self, code: &str) -> Option<&'static Ruling> {
        self.rulings.iter().find(|r| r.code == code)
    }
}
