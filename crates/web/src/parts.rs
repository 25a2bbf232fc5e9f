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
//!
//! The board is digested again piece by piece the same way: a system's board template marks its
//! pieces (a sheet, a side of a conflict, an exchange) with `data-piece="KEY"` on the element that
//! holds each, and `board.html` marks the whole state's entries alike; a board that changed is
//! sent with every piece whose digest the page did not send, and a stub (the piece's opening tag
//! marked `data-same`, closed at once) for each piece it did. This code reads no system's markup:
//! it digests whatever is marked.

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

/// The attribute that marks a piece of the board (a system's board template, `board.html`).
const PIECE_MARK: &str = " data-piece=\"";

/// The pieces of the board marked in `html` (`data-piece="KEY"` on the element that holds each),
/// in order: each one's key (the attribute's text as drawn, escaped) and where it lies, from its
/// opening tag's `<` to its closing tag's `>`. The end is found by counting the opening and
/// closing tags of the element's name (text and attributes are escaped, so a `<` is always
/// markup). A piece inside another is part of it; one not closed is passed over (it stays part of
/// the board's HTML).
fn marked(html: &str) -> Vec<(&str, std::ops::Range<usize>)> {
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(mark) = html[from..].find(PIECE_MARK).map(|i| from + i) {
        let key_at = mark + PIECE_MARK.len();
        from = key_at;
        let Some(key_end) = html[key_at..].find('"').map(|i| key_at + i) else {
            break;
        };
        let key = &html[key_at..key_end];
        let Some(start) = html[..mark].rfind('<') else {
            continue;
        };
        let name = tag_name(&html[start..]);
        let Some(open_end) = html[key_end..].find('>').map(|i| key_end + i + 1) else {
            break;
        };
        if name.is_empty() || key.is_empty() {
            continue;
        }
        if let Some(end) = element_end(html, name, open_end) {
            found.push((key, start..end));
            from = end;
        }
    }
    found
}

/// The element name of the tag `tag` opens with (`<details class=..` gives `details`).
fn tag_name(tag: &str) -> &str {
    let name = tag.get(1..).unwrap_or("");
    let len = name
        .find(|c: char| !c.is_ascii_alphanumeric() && c != '-')
        .unwrap_or(name.len());
    &name[..len]
}

/// Where the element named `name` whose opening tag ends at `from` ends (just past its closing
/// tag), counting the elements of that name opened and closed inside it; `None` when it is not
/// closed.
fn element_end(html: &str, name: &str, from: usize) -> Option<usize> {
    let open = format!("<{name}");
    let close = format!("</{name}>");
    let mut depth = 1usize;
    let mut at = from;
    loop {
        let next_close = html[at..].find(&close).map(|i| at + i)?;
        let next_open = html[at..next_close]
            .match_indices(&open)
            .map(|(i, _)| at + i)
            .find(|&i| {
                html[i + open.len()..]
                    .chars()
                    .next()
                    .is_some_and(|c| c == '>' || c.is_ascii_whitespace())
            });
        match next_open {
            Some(i) => {
                depth += 1;
                at = i + open.len();
            }
            None => {
                depth -= 1;
                at = next_close + close.len();
                if depth == 0 {
                    return Some(at);
                }
            }
        }
    }
}

/// The digest of each region `found` in `html` (as [`forms`] or [`marked`] give them) by its
/// key as `name` reads it, each of kind `kind`.
fn digests_of(
    html: &str,
    found: &[(&str, std::ops::Range<usize>)],
    kind: &str,
    name: impl Fn(&str) -> String,
) -> BTreeMap<String, String> {
    found
        .iter()
        .map(|(key, at)| (name(key), region_digest(kind, &html[at.clone()])))
        .collect()
}

/// `html` with each region `found` in it whose digest (kind `kind`) is among `have` replaced by
/// `stub(key, region)`, which the page's morph leaves as what it shows.
fn stub_known(
    html: &str,
    found: &[(&str, std::ops::Range<usize>)],
    kind: &str,
    have: &HashSet<String>,
    stub: impl Fn(&str, &str) -> String,
) -> String {
    let mut out = String::with_capacity(html.len());
    let mut from = 0;
    for (key, at) in found {
        let region = &html[at.clone()];
        if have.contains(&region_digest(kind, region)) {
            out.push_str(&html[from..at.start]);
            out.push_str(&stub(key, region));
            from = at.end;
        }
    }
    out.push_str(&html[from..]);
    out
}

/// The digest of a region [`forms`] or [`marked`] found: [`digest`] of its HTML less the
/// region's own `open` attribute. The page keeps each fold open or closed as its reader left it
/// and never takes `open` from an update (skald.js `morphInto`), so a piece whose fold only
/// opened or closed (a Twenty sheet as its character is brought into a conflict) is the same
/// piece to a page that shows it, and is not sent again.
fn region_digest(kind: &str, region: &str) -> String {
    match own_open(region) {
        Some(at) => digest(kind, &[&region[..at.start], &region[at.end..]].concat()),
        None => digest(kind, region),
    }
}

/// Where the ` open` attribute of `region`'s opening tag lies, if it has one: outside quotes,
/// followed by the tag's end or a space (the templates write it bare).
fn own_open(region: &str) -> Option<std::ops::Range<usize>> {
    let tag = &region[..region.find('>')?];
    let mut quoted = false;
    for (i, c) in tag.char_indices() {
        match c {
            '"' => quoted = !quoted,
            ' ' if !quoted && tag[i..].starts_with(" open") => {
                let end = i + " open".len();
                if tag[end..].chars().next().is_none_or(|c| c == ' ') {
                    return Some(i..end);
                }
            }
            _ => {}
        }
    }
    None
}

/// The stub of a piece of the board: its opening tag marked `data-same`, closed at once.
fn piece_stub(_key: &str, piece: &str) -> String {
    let name = tag_name(piece);
    let key_at = piece.find(PIECE_MARK).unwrap_or(0);
    let open_end = key_at + piece[key_at..].find('>').unwrap_or(0);
    format!("{} data-same></{name}>", &piece[..open_end])
}

/// The stub of a move form: its tag, id and key, marked `data-same`.
fn form_stub(key: &str, _form: &str) -> String {
    format!("<form class=\"move\" id=\"move-{key}\" data-key=\"{key}\" data-same></form>")
}

/// `text` with the escapes the templates write (minijinja's HTML escaping: `&amp;`, `&lt;`,
/// `&gt;`, `&quot;`, `&#x27;`, `&#x2f;`) read back.
fn unescape(text: &str) -> String {
    if !text.contains('&') {
        return text.to_owned();
    }
    [
        ("&lt;", "<"),
        ("&gt;", ">"),
        ("&quot;", "\""),
        ("&#x27;", "'"),
        ("&#x2f;", "/"),
        ("&amp;", "&"),
    ]
    .iter()
    .fold(text.to_owned(), |out, (escaped, plain)| {
        out.replace(escaped, plain)
    })
}

impl Drawn {
    /// The moves' HTML, every piece in order, as the page first shows it.
    #[must_use]
    pub fn moves_html(&self) -> String {
        self.moves.iter().map(|(_, html)| html.as_str()).collect()
    }

    /// Every part's digest, as the page keeps them (`data-digests`): `board`, `say`, `head`,
    /// `moves`, each piece's by its key, `forms`, each move form's by its key, and `pieces`,
    /// each piece of the board's by its key.
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
            .flat_map(|(_, html)| digests_of(html, &forms(html), "form", str::to_owned))
            .collect();
        serde_json::json!({
            "board": digest("board", &self.board),
            "say": digest("say", &self.say),
            "head": digest("head", &self.head),
            "moves": moves,
            "forms": forms,
            "pieces": digests_of(&self.board, &marked(&self.board), "piece", unescape),
        })
    }

    /// The parts as an update sends them to a page that shows the parts of digests `have`: each
    /// with its digest, and its HTML only when the page does not show it; a piece of the moves
    /// sent with its forms' digests, and a stub for each form the page shows; the board likewise
    /// with its pieces' digests, and a stub for each piece the page shows.
    #[must_use]
    pub fn pieces(self, have: &HashSet<String>) -> (Piece, Vec<MovePiece>, Piece, Piece) {
        let piece = |kind: &str, html: String| {
            let digest = digest(kind, &html);
            let html = (!have.contains(&digest)).then_some(html);
            Piece {
                digest,
                html,
                pieces: BTreeMap::new(),
            }
        };
        let board = {
            let digest = digest("board", &self.board);
            if have.contains(&digest) {
                piece("board", self.board)
            } else {
                let found = marked(&self.board);
                Piece {
                    digest,
                    pieces: digests_of(&self.board, &found, "piece", unescape),
                    html: Some(stub_known(&self.board, &found, "piece", have, piece_stub)),
                }
            }
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
                let found = forms(&html);
                MovePiece {
                    forms: digests_of(&html, &found, "form", str::to_owned),
                    html: Some(stub_known(&html, &found, "form", have, form_stub)),
                    key,
                    digest,
                }
            })
            .collect();
        (
            board,
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

    /// A piece of the board is found whole by its element's name, elements of the same name
    /// inside it counted; a piece inside another is part of it; one not closed is passed over.
    #[test]
    fn the_boards_pieces_are_found_by_their_mark() {
        let html = concat!(
            "<h2>Sides</h2><ol>",
            "<li class=\"side\" data-piece=\"side Ann\"><ul><li>a</li><li>b</li></ul></li>",
            "<li data-piece=\"side &quot;Bo&quot;\">Bo</li></ol>",
            "<details data-piece=\"sheet Cy\" open><details data-piece=\"inner\">x</details>",
            "<detailsx></detailsx></details>",
            "<section data-piece=\"never closed\"><p>end</p>"
        );
        let found: Vec<(&str, &str)> = marked(html)
            .into_iter()
            .map(|(key, at)| (key, &html[at]))
            .collect();
        assert_eq!(
            found,
            vec![
                (
                    "side Ann",
                    "<li class=\"side\" data-piece=\"side Ann\"><ul><li>a</li><li>b</li></ul></li>"
                ),
                (
                    "side &quot;Bo&quot;",
                    "<li data-piece=\"side &quot;Bo&quot;\">Bo</li>"
                ),
                (
                    "sheet Cy",
                    "<details data-piece=\"sheet Cy\" open><details data-piece=\"inner\">x</details>\
                     <detailsx></detailsx></details>"
                ),
            ]
        );
    }

    /// A piece whose own fold only opened or closed has the digest it had; any other change, an
    /// attribute's text saying "open", or a fold inside it, changes it.
    #[test]
    fn a_piece_that_only_opened_is_the_same_piece() {
        let closed = r#"<details class="tw-sheet" data-piece="sheet Ann"><p>Ann</p></details>"#;
        let open = r#"<details class="tw-sheet" data-piece="sheet Ann" open><p>Ann</p></details>"#;
        let open_first =
            r#"<details open class="tw-sheet" data-piece="sheet Ann"><p>Ann</p></details>"#;
        let other = r#"<details class="tw-sheet" data-piece="sheet Ann" open><p>Bo</p></details>"#;
        let named = r#"<details class="tw-sheet" data-piece="sheet Ann" aria-label="x open"><p>Ann</p></details>"#;
        let opened =
            r#"<details class="tw-sheet" data-piece="sheet Ann" opened><p>Ann</p></details>"#;
        assert_eq!(region_digest("piece", open), region_digest("piece", closed));
        assert_eq!(
            region_digest("piece", open_first),
            region_digest("piece", closed)
        );
        assert_eq!(region_digest("piece", closed), digest("piece", closed));
        assert_ne!(
            region_digest("piece", other),
            region_digest("piece", closed)
        );
        assert_eq!(region_digest("piece", named), digest("piece", named));
        assert_eq!(region_digest("piece", opened), digest("piece", opened));
        // A fold inside the piece is the piece's own content: its opening shows.
        let inner = r#"<li data-piece="sheet Ann"><details open>x</details></li>"#;
        assert_eq!(region_digest("piece", inner), digest("piece", inner));
    }

    /// A board that changed is sent with its pieces' digests, and a stub (its opening tag marked
    /// `data-same`) for each piece whose digest the page sent; a board the page shows, as its
    /// digest alone.
    #[test]
    fn a_changed_board_stubs_the_pieces_the_page_shows() {
        let kept = "<details class=\"sheet\" data-piece=\"sheet Ann\" open><p>Ann</p></details>";
        let new = "<li data-piece=\"side O&#x27;Bo\">4</li>";
        let board = format!("<h2>Board</h2>{kept}<ol>{new}</ol>");
        let drawn = |board: &str| Drawn {
            board: board.to_owned(),
            moves: Vec::new(),
            say: String::new(),
            head: String::new(),
        };
        let shown: HashSet<String> = [region_digest("piece", kept)].into_iter().collect();
        let (sent, _, _, _) = drawn(&board).pieces(&shown);
        assert_eq!(
            sent.html.as_deref(),
            Some(
                "<h2>Board</h2><details class=\"sheet\" data-piece=\"sheet Ann\" open data-same>\
                 </details><ol><li data-piece=\"side O&#x27;Bo\">4</li></ol>"
            )
        );
        let pieces: Vec<(&str, &str)> = sent
            .pieces
            .iter()
            .map(|(k, d)| (k.as_str(), d.as_str()))
            .collect();
        assert_eq!(
            pieces,
            vec![
                ("sheet Ann", region_digest("piece", kept).as_str()),
                ("side O'Bo", digest("piece", new).as_str())
            ]
        );
        assert_eq!(
            drawn(&board).digests()["pieces"]["side O'Bo"],
            digest("piece", new).as_str()
        );
        let whole: HashSet<String> = [digest("board", &board)].into_iter().collect();
        let (sent, _, _, _) = drawn(&board).pieces(&whole);
        assert_eq!(sent.html, None);
        assert!(sent.pieces.is_empty());
    }
}
