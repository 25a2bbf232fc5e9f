//! [`Board`]: how a page draws a system's state, which each system crate keeps beside its rules
//! ([`crate::System::BOARD`]) and the registry hands to the pages.

/// How a page draws a system's state: the board's template and its stylesheet, text compiled
/// into the system crate (its `templates/board.html` and `static/board.css`,
/// docs/system-crate.md) and handed to the pages through the registry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Board {
    /// A minijinja template in the pages' environment, which may import `macros.html`. Its
    /// context: `state` (the system's [`System::view`](crate::System::view)), `gm` (whether the
    /// reader is the GM), `you` (the reader's seat name), `mine` (the reader's characters),
    /// `players`, `owners` (each character's seat) and `seq` (the last record drawn).
    pub template: &'static str,
    /// CSS for the board, appended to the pages' one stylesheet; every selector under a class of
    /// the system's own, so no two systems' rules meet.
    pub style: &'static str,
}
