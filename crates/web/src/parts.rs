//! The live parts of a table page (issue 34): the board, the moves (one piece per lead, the
//! seat's requests, each fold), the talk box and the log's head, each drawn with its digest, so
//! that an update sends only the parts the page does not already show.
//!
//! The page keeps the digest of every part it shows (from the page itself, `data-digests` on
//! `#table`, then from each update) and sends them back with `?have=`; a part whose digest it
//! sent is answered with its digest alone. A digest is of the part's HTML as drawn for its
//! reader, the same on every node (FNV-1a, no seed), so a page whose digests the server does not
//! recognise (a reload, a missed update, another node of a different version) gets every part.
//!
//! A piece of the moves is digested again form by form (each move form with a key, `macros.html`
//! `move_form`): a piece that changed is sent with every form whose digest the page did not send,
//! and a stub in place of each form it did (`<form class="move" id="move-KEY" data-key="KEY"
//! data-same></form>`), so that a character's fold in which one move of eight changed sends and
//! morphs that one move, not the fold's builders with it.

use crate::render::render;
use crate::shapes::{MovePiece, Piece, TableView};
use minijinja::context;
use minijinja::value::Serde;
use skald_server::ApiError;
use std::collections::{BTreeMap, HashSet};
use std::hash::Hasher;

/// Digests a page may send in `?have=` at most: a GM's page shows three parts, one piece per
/// fold of moves and one digest per move form (a Twenty GM's four-character table, about 45 in
/// all), far fewer than this.
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

/// The opening of a move form that has a key, as `macros.html` `move_form` draws it.
const FORM_START: &str = "<form class=\"move\" id=\"move-";
/// Where a form ends: forms never nest, and no text or attribute of one holds `</form>` (text
/// is escaped, `tojson` escapes `<`).
const FORM_END: &str = "</form>";

/// The move forms with a key in `html`, in order: each one's key (`data-key`) and where it lies,
/// from its `<form` to its `</form>` included. A form without a key, or not closed, is passed
/// over (it stays part of the piece's HTML).
fn forms(html: &str) -> Vec<(&str, std::ops::Range<usize>)> {
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(at) = html[from..].find(FORM_START).map(|i| from + i) {
        let Some(end) = html[at..].find(FORM_END).map(|i| at + i + FORM_END.len()) else {
            break;
        };
        let tag = &html[at..at + html[at..end].find('>').unwrap_or(0)];
        let key = tag
            .split_once(" data-key=\"")
            .and_then(|(_, rest)| rest.split_once('"'))
            .map(|(key, _)| key);
        if let Some(key) = key.filter(|k| !k.is_empty()) {
            found.push((key, at..end));
        }
        from = end;
    }
    found
}

/// The digest of each move form in `html` by its key (kind `form`).
fn form_digests(html: &str) -> BTreeMap<String, String> {
    forms(html)
        .into_iter()
        .map(|(key, at)| (key.to_owned(), digest("form", &html[at])))
        .collect()
}

/// `html` with every move form whose digest is among `have` replaced by a stub of its tag, id
/// and key marked `data-same`, which the page's morph leaves as the form it shows.
fn stub_known_forms(html: &str, have: &HashSet<String>) -> String {
    let mut out = String::with_capacity(html.len());
    let mut from = 0;
    for (key, at) in forms(html) {
        if have.contains(&digest("form", &html[at.clone()])) {
            out.push_str(&html[from..at.start]);
            out.push_str(&format!(
                "<form class=\"move\" id=\"move-{key}\" data-key=\"{key}\" data-same></form>"
            ));
            from = at.end;
        }
    }
    out.push_str(&html[from..]);
    out
}

impl Drawn {
    /// The moves' HTML, every piece in order, as the page first shows it.
    #[must_use]
    pub fn moves_html(&self) -> String {
        self.moves.iter().map(|(_, html)| html.as_str()).collect()
    }

    /// Every part's digest, as the page keeps them (`data-digests`): `board`, `say`, `head`,
    /// `moves`, each piece's by its key, and `forms`, each move form's by its key.
    #[must_use]
    pub fn digests(&self) -> serde_json::Value {
        let moves: BTreeMap<&str, String> = self
            .moves
            .iter()
            .map(|(key, html)| (key.as_str(), digest("moves", html)))
            .collect();
        let forms: BTreeMap<String, String> = self
            .moves
            .iter()
            .flat_map(|(_, html)| form_digests(html))
            .collect();
        serde_json::json!({
            "board": digest("board", &self.board),
            "say": digest("say", &self.say),
            "head": digest("head", &self.head),
            "moves": moves,
            "forms": forms,
        })
    }

    /// The parts as an update sends them to a page that shows the parts of digests `have`: each
    /// with its digest, and its HTML only when the page does not show it; a piece of the moves
    /// sent with its forms' digests, and a stub for each form the page shows.
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
                let digest = digest("moves", &html);
                if have.contains(&digest) {
                    return MovePiece {
                        key,
                        digest,
                        html: None,
                        forms: BTreeMap::new(),
                    };
                }
                MovePiece {
                    key,
                    digest,
                    forms: form_digests(&html),
                    html: Some(stub_known_forms(&html, have)),
                }
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
        assert!(moves[1].forms.is_empty());
        assert_eq!(say.html.as_deref(), Some("<form>say</form>"));
        assert_eq!(head.html.as_deref(), Some("<details>head 3</details>"));
    }

    /// A form with a key is found whole, from its tag to its end; one without a key is not.
    #[test]
    fn forms_are_found_by_their_key() {
        let html = concat!(
            "<details id=\"fold-1\"><summary>A</summary>",
            "<form class=\"move\" id=\"move-aa\" data-key=\"aa\" data-scope>one</form>",
            "<form class=\"move\" data-scope>no key</form>",
            "<details><form class=\"move\" id=\"move-bb\" data-key=\"bb\">two</form></details>",
            "</details>"
        );
        let found: Vec<(&str, &str)> = forms(html)
            .into_iter()
            .map(|(key, at)| (key, &html[at]))
            .collect();
        assert_eq!(
            found,
            vec![
                (
                    "aa",
                    "<form class=\"move\" id=\"move-aa\" data-key=\"aa\" data-scope>one</form>"
                ),
                (
                    "bb",
                    "<form class=\"move\" id=\"move-bb\" data-key=\"bb\">two</form>"
                ),
            ]
        );
    }

    /// A piece that changed is sent with its forms' digests, and a stub for each form whose
    /// digest the page sent; the forms it does not show are sent whole.
    #[test]
    fn a_changed_piece_stubs_the_forms_the_page_shows() {
        let kept = "<form class=\"move\" id=\"move-aa\" data-key=\"aa\">kept</form>";
        let new = "<form class=\"move\" id=\"move-bb\" data-key=\"bb\">new</form>";
        let html = format!(
            "<details data-part=\"fold-1\"><summary>2 moves</summary>{kept}{new}</details>"
        );
        let drawn = Drawn {
            board: String::new(),
            moves: vec![("fold-1".into(), html)],
            say: String::new(),
            head: String::new(),
        };
        let shown: HashSet<String> = [digest("form", kept)].into_iter().collect();
        let (_, moves, _, _) = drawn.pieces(&shown);
        assert_eq!(
            moves[0].html.as_deref(),
            Some(
                "<details data-part=\"fold-1\"><summary>2 moves</summary>\
                 <form class=\"move\" id=\"move-aa\" data-key=\"aa\" data-same></form>\
                 <form class=\"move\" id=\"move-bb\" data-key=\"bb\">new</form></details>"
            )
        );
        let forms: Vec<(&str, &str)> = moves[0]
            .forms
            .iter()
            .map(|(k, d)| (k.as_str(), d.as_str()))
            .collect();
        assert_eq!(
            forms,
            vec![
                ("aa", digest("form", kept).as_str()),
                ("bb", digest("form", new).as_str())
            ]
        );
    }
}
