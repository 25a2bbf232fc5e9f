//! The live parts of a table page (issue 34): the board, the moves (one piece per lead, the
//! seat's requests, each fold), the talk box and the log's head, each drawn with its digest, so
//! that an update sends only the parts the page does not already show.
//!
//! The page keeps the digest of every part it shows (from the page itself, `data-digests` on
//! `#table`, then from each update) and sends them back with `?have=`; a part whose digest it
//! sent is answered with its digest alone. A digest is of the part's HTML as drawn for its
//! reader, the same on every node (FNV-1a, no seed), so a page whose digests the server does not
//! recognise (a reload, a missed update, another node of a different version) gets every part.

use crate::render::render;
use crate::shapes::{MovePiece, Piece, TableView};
use minijinja::context;
use minijinja::value::Serde;
use skald_server::ApiError;
use std::collections::{BTreeMap, HashSet};
use std::hash::Hasher;

/// Digests a page may send in `?have=` at most: a GM's page shows four parts and one piece per
/// fold of moves, far fewer than this.
pub const MAX_HAVE: usize = 400;

/// The digest of a part: 16 hex digits, the FNV-1a 64-bit hash of `kind`, a NUL and `html`'s bytes
/// (`kind` keeps a board and a talk box that drew the same text apart).
#[must_use]
pub fn digest(kind: &str, html: &str) -> String {
    let mut hasher = fnv::FnvHasher::default();
    hasher.write(kind.as_bytes());
    hasher.write(&[0]);
    hasher.write(html.as_bytes());
    format!("{:016x}", hasher.finish())
}

/// The digests a page says it shows, read from `?have=`: digests of 16 lower-case hex digits
/// joined by `.`, at most [`MAX_HAVE`]; none when the parameter is absent or empty.
///
/// # Errors
/// [`ApiError::BadRequest`] naming `have` and the first digest that is not 16 hex digits, or the
/// count past [`MAX_HAVE`].
pub fn have(text: Option<&str>) -> Result<HashSet<String>, ApiError> {
    let Some(text) = text.filter(|t| !t.is_empty()) else {
        return Ok(HashSet::new());
    };
    let digests: Vec<&str> = text.split('.').collect();
    if digests.len() > MAX_HAVE {
        return Err(ApiError::BadRequest(format!(
            "have: {} digests; a page sends at most {MAX_HAVE}",
            digests.len()
        )));
    }
    if let Some(bad) = digests
        .iter()
        .find(|d| d.len() != 16 || !d.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')))
    {
        return Err(ApiError::BadRequest(format!(
            "have: \u{201c}{}\u{201d} is not a digest (16 hex digits, 0-9 and a-f, joined by dots)",
            bad.chars().take(40).collect::<String>()
        )));
    }
    Ok(digests.into_iter().map(str::to_owned).collect())
}

/// The parts of a table page drawn for one reader: each with its HTML, the moves piece by piece
/// in the page's order.
#[derive(Debug)]
pub struct Drawn {
    /// The board (`board.html`).
    pub board: String,
    /// The moves' pieces (`moves.html`, one per key), in order: the key (`lead`, `requests`, a
    /// fold's id, or `none`) and the piece's HTML.
    pub moves: Vec<(String, String)>,
    /// The talk box (`say.html`).
    pub say: String,
    /// The log's head (`head.html`).
    pub head: String,
}

/// The keys of the moves' pieces of `view`, in the page's order: `lead` (what the table waits on
/// the seat for), `requests` (the seat's own requests still waiting), each fold's id, or `none`
/// alone when there is nothing.
fn piece_keys(view: &TableView) -> Vec<String> {
    let arranged = &view.arranged;
    let mut keys = Vec::new();
    if !arranged.lead.is_empty() {
        keys.push("lead".to_owned());
    }
    if !arranged.requests.is_empty() {
        keys.push("requests".to_owned());
    }
    keys.extend(arranged.folds.iter().map(|f| f.id.clone()));
    if keys.is_empty() {
        keys.push("none".to_owned());
    }
    keys
}

/// Draws the parts of `view`; a template that fails leaves a paragraph saying so in its part.
#[must_use]
pub fn draw(view: &TableView) -> Drawn {
    let context = minijinja::Value::from(Serde(view));
    let fragment = |name: &str, context: minijinja::Value| {
        render(name, context).unwrap_or_else(|e| format!("<p class=\"error\">{e}</p>"))
    };
    let moves = piece_keys(view)
        .into_iter()
        .map(|key| {
            let html = fragment("moves.html", context! { part => &key, ..context.clone() });
            (key, html)
        })
        .collect();
    Drawn {
        board: fragment("board.html", context.clone()),
        moves,
        say: fragment("say.html", context.clone()),
        head: fragment("head.html", context),
    }
}

impl Drawn {
    /// The moves' HTML, every piece in order, as the page first shows it.
    #[must_use]
    pub fn moves_html(&self) -> String {
        self.moves.iter().map(|(_, html)| html.as_str()).collect()
    }

    /// Every part's digest, as the page keeps them (`data-digests`): `board`, `say`, `head`, and
    /// `moves`, each piece's by its key.
    #[must_use]
    pub fn digests(&self) -> serde_json::Value {
        let moves: BTreeMap<&str, String> = self
            .moves
            .iter()
            .map(|(key, html)| (key.as_str(), digest("moves", html)))
            .collect();
        serde_json::json!({
            "board": digest("board", &self.board),
            "say": digest("say", &self.say),
            "head": digest("head", &self.head),
            "moves": moves,
        })
    }

    /// The parts as an update sends them to a page that shows the parts of digests `have`: each
    /// with its digest, and its HTML only when the page does not show it.
    #[must_use]
    pub fn pieces(self, have: &HashSet<String>) -> (Piece, Vec<MovePiece>, Piece, Piece) {
        let piece = |kind: &str, html: String| {
            let digest = digest(kind, &html);
            let html = (!have.contains(&digest)).then_some(html);
            Piece { digest, html }
        };
        let moves = self
            .moves
            .into_iter()
            .map(|(key, html)| {
                let Piece { digest, html } = piece("moves", html);
                MovePiece { key, digest, html }
            })
            .collect();
        (
            piece("board", self.board),
            moves,
            piece("say", self.say),
            piece("head", self.head),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The digest is FNV-1a over the kind, a NUL and the HTML: fixed values, the same on every
    /// node and every run.
    #[test]
    fn a_digest_is_fnv1a_of_kind_and_html() {
        // FNV-1a 64 of "" is the offset basis; of "\0" one round of it.
        assert_eq!(digest("", ""), "af63bd4c8601b7df");
        assert_eq!(digest("board", "<p>x</p>"), digest("board", "<p>x</p>"));
        assert_ne!(digest("board", "<p>x</p>"), digest("say", "<p>x</p>"));
        assert_ne!(digest("board", "<p>x</p>"), digest("board", "<p>y</p>"));
    }

    #[test]
    fn have_reads_digests_joined_by_dots() {
        assert_eq!(have(None).unwrap(), HashSet::new());
        assert_eq!(have(Some("")).unwrap(), HashSet::new());
        let read = have(Some("0123456789abcdef.af63bd4c8601b7df")).unwrap();
        assert_eq!(read.len(), 2);
        assert!(read.contains("af63bd4c8601b7df"));
    }

    #[test]
    fn have_refuses_what_is_not_a_digest_by_name() {
        let e = have(Some("0123456789abcdef.xyz")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "have: \u{201c}xyz\u{201d} is not a digest (16 hex digits, 0-9 and a-f, joined by dots)"
        );
        let many = vec!["0123456789abcdef"; MAX_HAVE + 1].join(".");
        let e = have(Some(&many)).unwrap_err();
        assert_eq!(e.to_string(), "have: 401 digests; a page sends at most 400");
    }

    /// A part the page shows is sent as its digest alone; one it does not, with its HTML.
    #[test]
    fn pieces_leave_out_what_the_page_shows() {
        let drawn = Drawn {
            board: "<p>board</p>".into(),
            moves: vec![
                ("lead".into(), "<div data-part=\"lead\">a</div>".into()),
                (
                    "fold-1".into(),
                    "<details data-part=\"fold-1\">b</details>".into(),
                ),
            ],
            say: "<form>say</form>".into(),
            head: "<details>head 3</details>".into(),
        };
        let shown: HashSet<String> = [
            digest("board", "<p>board</p>"),
            digest("moves", "<details data-part=\"fold-1\">b</details>"),
        ]
        .into_iter()
        .collect();
        let (board, moves, say, head) = drawn.pieces(&shown);
        assert_eq!(board.html, None);
        assert_eq!(board.digest, digest("board", "<p>board</p>"));
        assert_eq!(moves[0].key, "lead");
        assert_eq!(
            moves[0].html.as_deref(),
            Some("<div data-part=\"lead\">a</div>")
        );
        assert_eq!(moves[1].key, "fold-1");
        assert_eq!(moves[1].html, None);
        assert_eq!(say.html.as_deref(), Some("<form>say</form>"));
        assert_eq!(head.html.as_deref(), Some("<details>head 3</details>"));
    }
}
