//! The session report (`GET /api/tables/{id}/export?format=html|md`): printable HTML and Markdown
//! with the same parts, in order (docs/decisions.md, "The session report"):
//! 1. the title and who played (each player with the characters they own);
//! 2. the summary: the system's episodes ([`skald_core::Episode`], from its `chronicle`), each
//!    conflict, problem, round or event with who took part, its outcome and what it left behind;
//! 3. the story: the log and the talk interleaved ([`crate::export::Log::lines`]), talk as speech,
//!    a whisper only where the reader may read it, odds as percentages with their fractions;
//! 4. the appendix: each epoch's seed commitment and revealed seed, the seeds players added and
//!    the mix after each, each roll's index, epoch and mix, each secret roll's commitment, and how
//!    to check them all with `skald verify`.
//!
//! Everything comes from the records as redacted for the reader, so the report holds nothing the
//! reader could not read in the log: a secret roll not revealed is its index and commitment only,
//! a whisper not theirs is absent, an undone command's events are in no episode.

use crate::export::{Line, Log};
use serde::Serialize;
use skald_core::Episode;
use skald_table::{Actor, Body, Record};
use std::collections::BTreeSet;

/// Who played: a seat's name and the characters it plays.
#[derive(Debug, Clone, Serialize)]
pub struct Seat {
    /// "the GM", or the player's name.
    pub name: String,
    /// The seat: 0 for the GM, else the player's id.
    pub seat: u32,
    /// The characters it plays, by name, in name order.
    pub characters: Vec<String>,
}

/// One epoch of the dice (docs/fairness.md): the commitment made before its first roll and, once
/// it has ended, the seed that hashes to it.
#[derive(Debug, Clone, Serialize)]
pub struct Epoch {
    /// 0-based.
    pub epoch: u32,
    /// The record that committed it (the table's creation, or the end of the epoch before).
    pub committed_in: u64,
    /// Hex SHA-256 of the epoch's server seed, 64 hex digits.
    pub commitment: String,
    /// The server seed, 64 hex digits, once the epoch has ended; none while it goes on.
    pub seed: Option<String>,
    /// The record that ended it (`epoch_ended`), and the log's head then: that record's hash,
    /// 64 hex digits, for a reader to keep and check a later export against (`skald verify
    /// --head`, docs/fairness.md); none while the epoch goes on.
    pub ended: Option<(u64, String)>,
}

/// A seed a seat added to the dice, and the mix after it.
#[derive(Debug, Clone, Serialize)]
pub struct Contribution {
    /// The record.
    pub seq: u64,
    /// Who added it.
    pub who: String,
    /// The seed as given.
    pub seed: String,
    /// The player-seed mix after it, 64 hex digits.
    pub mix: String,
}

/// One roll's place in the dice stream: what `skald verify` recomputes.
#[derive(Debug, Clone, Serialize)]
pub struct Roll {
    /// The record it is in.
    pub seq: u64,
    /// The roll's index over the whole table (0-based).
    pub index: u64,
    /// The epoch whose seed it used.
    pub epoch: u32,
    /// The player-seed mix in force, 64 hex digits; none for a secret roll not revealed to the
    /// reader (its commitment stands for it).
    pub mix: Option<String>,
    /// For a GM's secret roll: its commitment (hex SHA-256 of its contents), and whether and in
    /// which record it was revealed.
    pub secret: Option<SecretRollProof>,
}

/// A secret roll's proof.
#[derive(Debug, Clone, Serialize)]
pub struct SecretRollProof {
    /// Hex SHA-256 of the roll's contents.
    pub commitment: String,
    /// The record that revealed it, if one did.
    pub revealed_in: Option<u64>,
}

/// The report's appendix: what proves the dice.
#[derive(Debug, Clone, Serialize)]
pub struct Appendix {
    /// Every epoch so far, in order.
    pub epochs: Vec<Epoch>,
    /// Every seed added, in order.
    pub seeds: Vec<Contribution>,
    /// Every roll, in index order.
    pub rolls: Vec<Roll>,
    /// How a reader gets the JSON export and checks it.
    pub verify: Verify,
}

/// How a reader checks the dice (docs/fairness.md, "Checking"): the JSON export, fetched as the
/// reader, then `skald verify` on it. Nothing here is a token: the reader's own token is in their
/// seat's link (the GM's in the GM link), and the report says so in words.
#[derive(Debug, Clone, Serialize)]
pub struct Verify {
    /// The export's address on the server the report came from (relative: the browser that shows
    /// the report holds the seat's cookie, so a link to it downloads the reader's own export).
    pub export: String,
    /// The file the export downloads as, the name the table page's link gives it too:
    /// `skald-<table>.json`.
    pub file: String,
    /// The shell command that fetches the export, for a reader who has no browser at hand: the
    /// words `SERVER` (the table's address up to `/t/`) and `TOKEN` (the end of the reader's seat
    /// link, after `token=`) are the reader's to put in.
    pub fetch: String,
    /// The command that checks it: `skald verify skald-<table>.json`.
    pub check: String,
}

impl Verify {
    /// The way to check `table`'s dice.
    pub fn of(table: &str) -> Self {
        let file = format!("skald-{table}.json");
        Self {
            export: format!("/api/tables/{table}/export?format=json"),
            fetch: format!(
                "curl -s -H \"Authorization: Bearer TOKEN\" \"SERVER/api/tables/{table}/export\" > {file}"
            ),
            check: format!("skald verify {file}"),
            file,
        }
    }
}

/// The session report's parts, before a template draws them.
#[derive(Debug, Serialize)]
pub struct Report {
    /// The table id.
    pub table: String,
    /// The table's title.
    pub title: String,
    /// The system as people read it ("Twenty").
    pub system: String,
    /// The address of the system's rules page (`/rules/twenty`).
    pub rules: String,
    /// Who the report was made for: "the GM" or the player's name.
    pub reader: String,
    /// Who played.
    pub seats: Vec<Seat>,
    /// The summary.
    pub episodes: Vec<Episode>,
    /// The story.
    pub story: Vec<Line>,
    /// The appendix.
    pub appendix: Appendix,
}

/// The events of every command the log still holds, in order: a command taken back by an
/// `undone` record is left out.
fn standing_events(records: &[Record]) -> Vec<serde_json::Value> {
    let undone: BTreeSet<u64> = records
        .iter()
        .filter_map(|r| match r.body {
            Body::Undone { of } => Some(of),
            _ => None,
        })
        .collect();
    records
        .iter()
        .filter(|r| !undone.contains(&r.seq))
        .flat_map(|r| match &r.body {
            Body::Command { events, .. } => events.clone(),
            _ => Vec::new(),
        })
        .collect()
}

/// The summary: the system's episodes of the log's standing events (through the registry).
///
/// # Errors
/// A log with no creation record, of a system not in the registry, or with events its system does
/// not read (a damaged log).
pub fn episodes(log: &Log) -> Result<Vec<Episode>, String> {
    let Some(Body::Created {
        system, options, ..
    }) = log.records.first().map(|r| &r.body)
    else {
        return Err("the log does not start with the table's creation".to_owned());
    };
    let listed = skald_systems::REGISTRY
        .find(system)
        .ok_or_else(|| format!("no system is called {system}"))?;
    let game = (listed.new_game)(options).map_err(|e| e.to_string())?;
    game.chronicle(&standing_events(&log.records))
        .map_err(|e| e.to_string())
}

fn seats(log: &Log) -> Vec<Seat> {
    let plays = |actor: Actor| -> Vec<String> {
        log.summary
            .owners
            .iter()
            .filter(|(_, owner)| **owner == actor)
            .map(|(name, _)| name.clone())
            .collect()
    };
    let mut seats = vec![Seat {
        name: "the GM".to_owned(),
        seat: 0,
        characters: plays(Actor::Gm),
    }];
    seats.extend(log.summary.players.iter().map(|p| Seat {
        name: p.name.clone(),
        seat: p.id,
        characters: plays(Actor::Player(p.id)),
    }));
    seats
}

/// The name of a seat that added a seed.
fn seat_name(log: &Log, actor: Actor) -> String {
    match actor {
        Actor::Gm => "the GM".to_owned(),
        Actor::Player(id) => log
            .summary
            .players
            .iter()
            .find(|p| p.id == id)
            .map_or_else(|| format!("player {id}"), |p| p.name.clone()),
    }
}

/// The appendix: epochs, seeds and rolls, from the records as the reader reads them.
pub fn appendix(log: &Log) -> Appendix {
    let mut epochs = Vec::new();
    let mut seeds = Vec::new();
    let mut rolls: Vec<Roll> = Vec::new();
    let roll_of = |seq: u64, roll: &skald_table::FairRoll| Roll {
        seq,
        index: roll.index,
        epoch: roll.epoch,
        mix: Some(roll.mix.clone()),
        secret: None,
    };
    for record in &log.records {
        match &record.body {
            Body::Created { commitment, .. } => epochs.push(Epoch {
                epoch: 0,
                committed_in: record.seq,
                commitment: commitment.clone(),
                seed: None,
                ended: None,
            }),
            Body::EpochEnded {
                epoch,
                seed,
                next_commitment,
            } => {
                if let Some(ended) = epochs.iter_mut().find(|e| e.epoch == *epoch) {
                    ended.seed = Some(seed.clone());
                    ended.ended = Some((record.seq, record.hash()));
                }
                epochs.push(Epoch {
                    epoch: epoch.saturating_add(1),
                    committed_in: record.seq,
                    commitment: next_commitment.clone(),
                    seed: None,
                    ended: None,
                });
            }
            Body::SeedContributed { by, seed, mix } => seeds.push(Contribution {
                seq: record.seq,
                who: seat_name(log, *by),
                seed: seed.clone(),
                mix: mix.clone(),
            }),
            Body::Command {
                roll: Some(roll), ..
            }
            | Body::DiceRolled { roll, .. }
            | Body::RollFailed { roll, .. } => rolls.push(roll_of(record.seq, roll)),
            Body::SecretRolled {
                index,
                epoch,
                commitment,
            } => rolls.push(Roll {
                seq: record.seq,
                index: *index,
                epoch: *epoch,
                mix: None,
                secret: Some(SecretRollProof {
                    commitment: commitment.clone(),
                    revealed_in: None,
                }),
            }),
            Body::SecretRevealed { of, contents } => {
                if let Some(roll) = rolls.iter_mut().find(|r| r.seq == *of) {
                    roll.mix = Some(contents.roll.mix.clone());
                    if let Some(secret) = roll.secret.as_mut() {
                        secret.revealed_in = Some(record.seq);
                    }
                }
            }
            _ => {}
        }
    }
    rolls.sort_by_key(|r| r.index);
    Appendix {
        epochs,
        seeds,
        rolls,
        verify: Verify::of(&log.table),
    }
}

/// The report's parts for `log`'s reader.
///
/// # Errors
/// As [`episodes`].
pub fn report(log: &Log) -> Result<Report, String> {
    Ok(Report {
        table: log.table.clone(),
        title: log.summary.title.clone(),
        system: skald_systems::REGISTRY
            .find(&log.summary.system)
            .map_or_else(|| log.summary.system.clone(), |s| s.title.to_owned()),
        rules: format!("/rules/{}", log.summary.system),
        reader: log.reader_name(),
        seats: seats(log),
        episodes: episodes(log)?,
        story: log.lines(),
        appendix: appendix(log),
    })
}

/// Player-typed text made inert in Markdown: `&`, `<` and `>` as HTML entities, so a name, title,
/// label or note can never become a tag (`<script>`, `<img onerror>`) or an autolink
/// (`<http://...>`) where the report is rendered, as the HTML report escapes them too. Every
/// `[` and `]` is backslash-escaped, and so is a `!` before a `[` and a `(` after a `]`: no text
/// can open a link or an image (`![m](http://...)`, `[x](javascript:...)` show as typed), while
/// a `!` or `(` elsewhere stays as typed, to keep the text readable. `*`, `_` and `~` are
/// escaped (no emphasis or strike-through: no seat can make the report's own bold names), and
/// `` ` `` (no code span: the GM's mark is one), `\`, `|` (no table cell ends), `#`, `{` and
/// `}`; line breaks become `<br>`, so no text starts a list item, heading or paragraph of its own
/// (every line of the report starts with the report's own words). A renderer shows the text as
/// typed.
fn md(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    let mut previous = None;
    while let Some(c) = chars.next() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '\\' | '|' | '[' | ']' | '*' | '_' | '~' | '`' | '#' | '{' | '}' => {
                out.push('\\');
                out.push(c);
            }
            '!' if chars.peek() == Some(&'[') => out.push_str("\\!"),
            '(' if previous == Some(']') => out.push_str("\\("),
            '\n' => out.push_str("<br>"),
            '\r' => {}
            _ => out.push(c),
        }
        previous = Some(c);
    }
    out
}

/// Every text of `report` made inert for Markdown ([`md`]), the rulings cited in the system's
/// words (the summary, the log's lines, the odds) as links to their statements
/// ([`crate::links::linked_markdown`], as the HTML report links them); hex, numbers and the
/// commands are left as they are (the template puts those in code spans or blocks). Talk is the
/// players' words: escaped, never linked.
fn for_markdown(mut report: Report) -> Report {
    let linked = |text: &str| crate::links::linked_markdown(text, &md);
    report.title = md(&report.title);
    report.system = md(&report.system);
    report.reader = md(&report.reader);
    for seat in &mut report.seats {
        seat.name = md(&seat.name);
        seat.characters = seat.characters.iter().map(|c| md(c)).collect();
    }
    for episode in &mut report.episodes {
        episode.title = linked(&episode.title);
        episode.who = episode.who.iter().map(|w| md(w)).collect();
        episode.outcome = linked(&episode.outcome);
        episode.changes = episode.changes.iter().map(|c| linked(c)).collect();
    }
    for line in &mut report.story {
        let talk = line.talk.is_some();
        line.who = md(&line.who);
        line.what = line
            .what
            .iter()
            .map(|w| if talk { md(w) } else { linked(w) })
            .collect();
        line.secret = line.secret.as_deref().map(linked);
        line.odds = line.odds.as_deref().map(linked);
        for chance in &mut line.chances {
            chance.label = linked(&chance.label);
        }
        if let Some(talk) = &mut line.talk {
            talk.voice = talk.voice.as_deref().map(md);
            talk.whisper = talk.whisper.as_deref().map(md);
        }
    }
    for seed in &mut report.appendix.seeds {
        seed.who = md(&seed.who);
        seed.seed = md(&seed.seed);
    }
    report
}

fn render(log: &Log, name: &str) -> Result<String, String> {
    let mut report = report(log)?;
    if name.ends_with(".md") {
        report = for_markdown(report);
    }
    crate::templates::render(
        name,
        minijinja::Value::from(minijinja::value::Serde(&report)),
    )
}

/// The Markdown session report.
///
/// # Errors
/// As [`report`], or the template engine's message.
pub fn markdown(log: &Log) -> Result<String, String> {
    render(log, "report.md")
}

/// The HTML session report (one page, printable, at most a phone's width).
///
/// # Errors
/// As [`report`], or the template engine's message.
pub fn html(log: &Log) -> Result<String, String> {
    render(log, "report.html")
}

/// The Content-Security-Policy of the HTML session report: [`crate::CONTENT_SECURITY_POLICY`], but
/// its one `<style>` (the report is a file people keep and print, so its style is in it) allowed by
/// its SHA-256. Nothing else inline runs: the report has no script.
pub fn content_security_policy() -> &'static str {
    static POLICY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    POLICY.get_or_init(|| {
        use base64::Engine as _;
        use sha2::Digest as _;
        let template = include_str!("../templates/report.html");
        let style = template
            .split_once("<style>")
            .and_then(|(_, rest)| rest.split_once("</style>"))
            .map_or("", |(style, _)| style);
        let hash = base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(style));
        crate::CONTENT_SECURITY_POLICY.replace(
            "style-src 'self'",
            &format!("style-src 'self' 'sha256-{hash}'"),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::md;

    #[test]
    fn the_reports_policy_allows_its_own_style_by_its_hash_and_nothing_else_inline() {
        let policy = super::content_security_policy();
        assert!(
            policy.starts_with("default-src 'self'; script-src 'self'; style-src 'self' 'sha256-"),
            "{policy}"
        );
        assert!(!policy.contains("unsafe-inline"), "{policy}");
        assert!(policy.ends_with("frame-ancestors 'none'"), "{policy}");
    }

    #[test]
    fn markdown_text_cannot_become_markup() {
        assert_eq!(
            md("<b>Ann</b> | a\\b\n# z"),
            "&lt;b&gt;Ann&lt;/b&gt; \\| a\\\\b<br>\\# z"
        );
        assert_eq!(
            md("![m](http://x/a.png) [x](javascript:alert(1)) <http://x> **GM** `GM` Go! (now)"),
            "\\!\\[m\\]\\(http://x/a.png) \\[x\\]\\(javascript:alert(1)) &lt;http://x&gt; \\*\\*GM\\*\\* \\`GM\\` Go! (now)"
        );
    }
}
