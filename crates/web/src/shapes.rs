//! What the table page and its fragments are drawn from (the templates' context), what
//! `GET /t/{id}/parts` answers its script, and the forms the pages read (the lobby's, a player's
//! joining). Data only: `pages` fills them from the server's typed answers
//! ([`skald_server::shapes`]) and reads the forms as these types, never a field by name.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use skald_core::Move;
use skald_server::export::Line;
use skald_table::{Actor, Player};
use std::collections::BTreeMap;
use std::collections::HashMap;

/// Everything a table page and its fragments (board, moves, log) show, for one reader.
#[derive(Debug, Serialize)]
pub struct TableView {
    /// The table id.
    pub table: String,
    /// Its title.
    pub title: String,
    /// The system it plays.
    pub system: String,
    /// The name of the system's board template (`board_<system>.html`, its text the registry's).
    pub board: Option<&'static str>,
    /// The ruling ids its rules page states (`/rules/<system>#T3`), for the script to link the
    /// codes the table's refusals cite, as the `rule_links` filter links the page's own text.
    pub rule_codes: Vec<&'static str>,
    /// The seq of the last record.
    pub seq: u64,
    /// The log's head: the hash of record `seq`, 64 hex digits, for the reader to keep and check
    /// an export against later (`skald verify --head`, docs/fairness.md).
    pub head: String,
    /// Whether the reader is the GM.
    pub gm: bool,
    /// The reader as the page names them: "the GM", or the player's name.
    pub you: String,
    /// The characters the reader owns.
    pub mine: Vec<String>,
    /// The seated players.
    pub players: Vec<Player>,
    /// Who owns each character, by name.
    pub owners: BTreeMap<String, Actor>,
    /// The current epoch, 0-based.
    pub epoch: u32,
    /// Hex SHA-256 of the current epoch's seed.
    pub commitment: String,
    /// The system's view of the state (the system's JSON).
    pub state: Value,
    /// Whether the board's fold of the whole state as JSON is drawn filled: only for a page that
    /// says it shows that fold open (`/t/{id}/parts?state=1`). Closed, the fold is drawn empty
    /// and the page asks for it once opened: the state's entries changed with nearly every
    /// action, a tenth of the largest live update's bytes (issue 34).
    pub state_shown: bool,
    /// The moves legal now for the reader.
    pub moves: Vec<Move>,
    /// The same moves as the moves tab lays them out: leads first, the rest folded.
    pub arranged: Arranged,
    /// The log's last lines (at most a page's worth), oldest first.
    pub lines: Vec<Line>,
    /// Whether earlier records were left out (`GET /t/{id}/log?before=first` shows them).
    pub earlier: bool,
    /// The seq of the first record the page's log and talk are drawn from.
    pub first: u64,
    /// Whether every record after the page's `after` was read and none may change a move's odds
    /// ([`skald_table::Body::may_change_odds`]: talk, notes, free rolls...); false for a page
    /// drawn whole (`after` 0).
    pub odds_kept: bool,
}

/// `GET /t/{id}/parts` answer: the parts the script swaps in, as HTML; each part the page
/// already shows (its digest among the page's `have`) as its digest alone (`crate::parts`).
#[derive(Debug, Clone, Serialize)]
pub struct Parts {
    /// The seq of the last record they show.
    pub seq: u64,
    /// The board.
    pub board: Piece,
    /// The moves, piece by piece in the page's order: a piece the page shows and that is not
    /// listed goes.
    pub moves: Vec<MovePiece>,
    /// The log lines after the page's `after` (talk left out), always sent.
    pub log: String,
    /// The lines of talk after `after` (said, and whispers the reader may read), always sent.
    pub talk: String,
    /// The talk box, its seats and characters current.
    pub say: Piece,
    /// The log's head to keep, for the record `seq`.
    pub head: Piece,
    /// Whether the records since the page's `after` leave every move's odds as they were
    /// (talk, notes, free rolls...: [`skald_table::Body::may_change_odds`]): the page then asks
    /// the odds again only of the forms drawn anew, and takes odds of any state since the last
    /// record that may change them.
    pub odds_kept: bool,
}

/// A part of the page in an update: its digest, and its HTML unless the page shows it already.
#[derive(Debug, Clone, Serialize)]
pub struct Piece {
    /// The digest of its HTML (`crate::parts::digest`): 16 hex digits.
    pub digest: String,
    /// Its HTML; absent when the page said it shows this digest. In the board, a piece whose
    /// digest the page sent is a stub of its opening tag with `data-same` (`crate::parts`): the
    /// page keeps the piece it shows.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub html: Option<String>,
    /// With the board's HTML, the digest of each of its pieces by its key (`data-piece`), for
    /// the page to send back; empty (and left out) otherwise.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub pieces: BTreeMap<String, String>,
}

/// A piece of the moves in an update: its key, its digest, and its HTML unless the page shows it.
#[derive(Debug, Clone, Serialize)]
pub struct MovePiece {
    /// `lead`, `requests`, a fold's id (`fold-` and 16 hex digits) or `none`: the piece's
    /// `data-part` on the page.
    pub key: String,
    /// The digest of its HTML: 16 hex digits.
    pub digest: String,
    /// Its HTML; absent when the page said it shows this digest. A move form in it whose digest
    /// the page sent is a stub of its tag, id and key with `data-same` (`crate::parts`): the page
    /// keeps the form it shows.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub html: Option<String>,
    /// With the HTML, the digest of each move form in it by its key (`data-key`), for the page
    /// to send back; empty (and left out) without the HTML.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub forms: BTreeMap<String, String>,
}

/// One line of the lobby's "Your tables": a seat this browser holds
/// ([`skald_server::shapes::HeldSeat`]), in words.
#[derive(Debug, Serialize)]
pub struct YourTable {
    /// The table id, for its link.
    pub table: String,
    /// Its title.
    pub title: String,
    /// The system's name as people read it ("Chi").
    pub system: String,
    /// The seat: "the GM", or the player's name.
    pub seat: String,
    /// Whether the seat is the GM's.
    pub gm: bool,
    /// When the table last saw activity, in words ("5 minutes ago", "on 2026-01-05").
    pub active: String,
    /// The same as a UTC date (`YYYY-MM-DD`), for the `<time>` element.
    pub active_date: String,
}

/// A seat's moves as the moves tab lays them out (`crate::arrange`).
#[derive(Debug, Clone, Default, Serialize)]
pub struct Arranged {
    /// What the table waits on this seat for now ([`Move::lead`]), in the order the table lists
    /// them: answers it waits for first, then the system's (a turn, a narration, a secret
    /// choice, a reveal). Shown first, the first one open.
    pub lead: Vec<Placed>,
    /// The seat's own requests still waiting (their leading `withdraw` moves): shown open right
    /// after the leads, with whom each waits for.
    pub requests: Vec<Placed>,
    /// Every other move, folded by character or group.
    pub folds: Vec<Fold>,
    /// What the page says at its top, in its title and to a screen reader while the table waits
    /// on this seat; `None` when nothing does.
    pub awaited: Option<Awaited>,
}

/// A move as the moves tab places it, with the key it keeps across updates and reloads.
#[derive(Debug, Clone, Serialize)]
pub struct Placed {
    /// The move's identity on the page (`crate::arrange::move_key`): 16 hex digits, with `-2`,
    /// `-3`... after a second and third move of the same identity. Its fold's id is
    /// `fold-<key>`, its form's `move-<key>`.
    pub key: String,
    /// The move.
    #[serde(flatten)]
    pub mv: Move,
}

/// What the table waits on a seat for, in words (`crate::arrange::awaited`).
#[derive(Debug, Clone, Serialize)]
pub struct Awaited {
    /// "Your turn" or "Your answer": the page title's prefix and the Moves tab's badge.
    pub short: String,
    /// The line at the top of every tab: "Your turn: Gorand, bring in dice", with "(and 1 more)"
    /// when several moves are awaited.
    pub text: String,
}

/// One folded group of moves: a character's, or the table's own moves of one group.
#[derive(Debug, Clone, Serialize)]
pub struct Fold {
    /// Its element id, the same across updates and reloads (`crate::arrange::fold_id`).
    pub id: String,
    /// `character:<name>` or `group:<group>`.
    pub key: String,
    /// What its summary says: the character's name or the group's.
    pub title: String,
    /// Whether it is a character's.
    pub character: bool,
    /// Its moves, in the order the table lists them.
    pub moves: Vec<Placed>,
}

/// The lobby's form (`POST /tables`, `lobby.html`), drawn back into the lobby when the table is
/// refused (without its creation key). A field the form leaves out is `None`, and is left out of
/// the page drawn again.
#[derive(Debug, Default, Deserialize, Serialize)]
pub struct LobbyForm {
    /// The game picked, a system's name (`twenty`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub system: Option<String>,
    /// The table's title.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// The server's creation key, when it asks for one; never drawn back into a page.
    #[serde(default, skip_serializing)]
    pub creation_key: Option<String>,
    /// The table's own option, a checkbox: there (`on`) when ticked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players_set_gm_numbers: Option<String>,
    /// The system's options, each `opt_<key>` as its lobby field (`skald_core::Listed`'s
    /// `option_fields`) names it: a checkbox there when ticked, a number or a choice's JSON.
    #[serde(flatten)]
    pub options: HashMap<String, String>,
}

/// A player's joining form (`POST /t/{id}/join`, `join.html`): the invite and the name to sit
/// under; a field left out is empty.
#[derive(Debug, Default, Deserialize)]
pub struct JoinForm {
    /// The invite token from the invite link.
    #[serde(default)]
    pub invite: String,
    /// The name the player sits under.
    #[serde(default)]
    pub name: String,
}
