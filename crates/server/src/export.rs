//! Exports of a table's log: JSON (complete for its reader, what `skald verify` reads), and the
//! story of a session: one [`Line`] per record the reader may read, in words, without the hashes
//! and seeds that prove the dice (those are the report's appendix, [`crate::report`], and the
//! JSON export's). The table page's log draws the same lines.

use crate::shapes::{ExportedLog, Summary};
use serde::Serialize;
use serde_json::Value;
use skald_table::{Actor, Body, Record, SecretBody, Table, Waiting};
use std::collections::BTreeMap;

/// Table `id`'s summary as `reader` reads it: its system, title, options, epoch, players, owners
/// and the system's view of its state (which holds no secret).
pub fn summary_of(table: &Table, id: &str, reader: Actor) -> Summary {
    let (epoch, commitment) = table.epoch();
    Summary {
        table: id.to_owned(),
        system: table.system().to_owned(),
        title: table.title().to_owned(),
        options: table.options(),
        you: reader,
        seq: table.last_seq(),
        epoch,
        commitment: commitment.to_owned(),
        players: table.players().to_vec(),
        owners: table.owners().clone(),
        state: table.view(),
    }
}

/// The version of the JSON export's format ([`ExportedLog::skald_export`]).
pub const EXPORT_FORMAT: u32 = 1;

/// A table's log as one reader may see it.
pub struct Log {
    /// The table id.
    pub table: String,
    /// The table's summary for the reader.
    pub summary: Summary,
    /// Who exports.
    pub reader: Actor,
    /// Every record, redacted for the reader.
    pub records: Vec<Record>,
}

/// One line of a session report.
///
/// A line's size is bounded whatever its record holds: at most [`DICE_DRAWN`] dice drawn and
/// [`DICE_LISTED`] listed in words; the JSON export keeps every die.
#[derive(Debug, Serialize)]
pub struct Line {
    /// The record's seq.
    pub seq: u64,
    /// When, `YYYY-MM-DD HH:MM:SS` UTC.
    pub time: String,
    /// Who acted.
    pub who: String,
    /// Whether the GM acted: pages and reports mark the GM's lines by this, with a badge no
    /// seat's name can make, never by the name in `who`.
    pub gm: bool,
    /// What happened, one or more lines.
    pub what: Vec<String>,
    /// What only the reader may see, if anything.
    pub secret: Option<String>,
    /// The dice the record shows (its roll, or a secret roll the reader may see), in order: the
    /// first [`DICE_DRAWN`] of them.
    pub dice: Vec<Shown>,
    /// The record's dice past the first [`DICE_DRAWN`], counted, not drawn: `"and 9,970 more
    /// dice"` (every one is in the JSON export); none when every die is drawn.
    pub more_dice: Option<String>,
    /// The exact chances given just before the roll, as one line, if the rules gave them.
    pub odds: Option<String>,
    /// The same chances one by one (none if the rules gave none), for a page that shows the
    /// percentage first and the exact fraction a tap away (the HTML report).
    pub chances: Vec<ChanceLine>,
    /// For talk (`said`, `whispered`): how it was said; `what` holds the words.
    pub talk: Option<TalkLine>,
}

/// How a line of talk was said.
#[derive(Debug, Clone, Serialize)]
pub struct TalkLine {
    /// The character spoken as; none: out of character.
    pub voice: Option<String>,
    /// For a whisper, who it went to, as the reader reads it: "to the GM", "to Bob", "to you";
    /// none: said to everyone.
    pub whisper: Option<String>,
}

/// One chance given before a roll, as a report shows it.
#[derive(Debug, Serialize)]
pub struct ChanceLine {
    /// The outcome, in the book's terms ("Success", "Ahead of every other pool after the
    /// exchange (T3)").
    pub label: String,
    /// The chance as people read it: "35.6%", "under 0.1%", "certain", "impossible"
    /// ([`skald_core::percent`]); an estimate with its margin, "62% ± 2%", "at least 99.8%"
    /// ([`skald_core::estimate`]).
    pub percent: String,
    /// The exact reduced fraction `"n/d"`; none for a certainty or an impossibility, which the
    /// words say exactly. For a simulation's estimate, how it was simulated ("simulated: 6213 of
    /// 10000 plays", [`skald_core::simulated`]).
    pub exact: Option<String>,
}

/// The most dice a line draws as dice (pictures on the table page): the rest are counted ("and
/// 9,970 more dice"). A roll of the four systems draws far fewer; a roll by notation may draw
/// 10,000, which drawn whole made one line 2.7 MB of the table page (issue 30). 30 pictures of at
/// most about 450 bytes each keep a line's dice under 14 KB.
pub const DICE_DRAWN: usize = 30;

/// The most dice a line lists in words (a roll's text, `10000d6 [3, 5, …]`): the rest are
/// counted (`… and 9,900 more`). At most 8 bytes a die, so under 1 KB a line.
pub const DICE_LISTED: usize = 100;

/// One die as a report draws it.
#[derive(Debug, Serialize)]
pub struct Shown {
    /// Its sides, or `"F"` for a Fate die.
    pub sides: Value,
    /// The face it showed.
    pub value: i64,
}

/// The first [`DICE_DRAWN`] dice of `roll`, and how many more it has, in words.
fn shown(roll: Option<&skald_table::FairRoll>) -> (Vec<Shown>, Option<String>) {
    let draws = roll.map(|r| r.draws.as_slice()).unwrap_or_default();
    let drawn = draws
        .iter()
        .take(DICE_DRAWN)
        .map(|d| Shown {
            sides: match d.die {
                skald_dice::Die::Numbered(n) => Value::from(n),
                skald_dice::Die::Fate => Value::from("F"),
            },
            value: d.value,
        })
        .collect();
    let more = draws.len().saturating_sub(DICE_DRAWN);
    let more = (more > 0).then(|| {
        format!(
            "and {} more {}",
            thousands(more),
            skald_core::plural(more as u64, "die", "dice")
        )
    });
    (drawn, more)
}

/// A roll's text (`10000d6 [3, 5, 1, …] = 35012`, one list per dice term) with at most
/// [`DICE_LISTED`] dice listed over all its lists: each list cut past them ends `… and 9,900
/// more`. Any other text comes back as it was.
pub fn brief_roll(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(2 * DICE_LISTED * 8));
    let mut listed = 0;
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        let Some(close) = rest[open..].find(']').map(|c| open + c) else {
            break;
        };
        out.push_str(&rest[..=open]);
        let dice: Vec<&str> = rest[open + 1..close].split(", ").collect();
        let room = DICE_LISTED.saturating_sub(listed).min(dice.len());
        out.push_str(&dice[..room].join(", "));
        listed += room;
        let cut = dice.len() - room;
        if cut > 0 {
            if room > 0 {
                out.push_str(", ");
            }
            out.push_str(&format!("… and {} more", thousands(cut)));
        }
        out.push(']');
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

/// `n` with a comma every three digits: `9,900`.
pub fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The chances a command's record kept from before its roll, one by one (none if it kept none).
fn chances_of(record: &Record) -> Vec<ChanceLine> {
    let Body::Command {
        odds: Some(odds), ..
    } = &record.body
    else {
        return Vec::new();
    };
    odds.chances.iter().map(chance_line).collect()
}

/// One chance as a report shows it: exact, its percentage and its fraction (none for a
/// certainty); a simulation's estimate, its percentage with its margin and how it was simulated
/// ([`skald_core::estimate`], [`skald_core::simulated`]).
fn chance_line(c: &skald_core::Chance) -> ChanceLine {
    match c.margin {
        None => ChanceLine {
            label: c.label.clone(),
            percent: skald_core::percent(&c.p, c.decimal),
            exact: (c.p != "1" && c.p != "0").then(|| c.p.clone()),
        },
        Some(margin) => ChanceLine {
            label: c.label.clone(),
            percent: skald_core::estimate(c.decimal, margin),
            exact: Some(skald_core::simulated(&c.p)),
        },
    }
}

/// `chances` as one line, `odds before the roll: label 35.6% (89/250), ...` (a percentage
/// first, the exact fraction beside it, as [`skald_core::chance`] words it; an estimate as
/// [`skald_core::said`] words it, `label 62% ± 2% (simulated: 6213 of 10000 plays)`); none for
/// none.
fn odds_line(chances: &[ChanceLine]) -> Option<String> {
    if chances.is_empty() {
        return None;
    }
    let said: Vec<String> = chances
        .iter()
        .map(|c| match &c.exact {
            Some(exact) => format!("{} {} ({exact})", c.label, c.percent),
            None => format!("{} {}", c.label, c.percent),
        })
        .collect();
    Some(format!("odds before the roll: {}", said.join(", ")))
}

/// The dice a record shows its reader (the first [`DICE_DRAWN`]), and how many more it has.
fn dice_of(record: &Record) -> (Vec<Shown>, Option<String>) {
    match (&record.body, &record.secret) {
        (Body::Command { roll, .. }, _) => shown(roll.as_ref()),
        (Body::DiceRolled { roll, .. } | Body::RollFailed { roll, .. }, _) => shown(Some(roll)),
        (Body::SecretRevealed { contents, .. }, _) => shown(Some(&contents.roll)),
        (
            Body::SecretRolled { .. },
            Some(skald_table::Secret {
                body: SecretBody::Roll { contents },
                ..
            }),
        ) => shown(Some(&contents.roll)),
        _ => (Vec::new(), None),
    }
}

impl Log {
    /// The JSON export, `head` being the hash of the last record (the end of the log's hash
    /// chain, docs/fairness.md). `skald verify` reads it.
    pub fn exported(&self) -> ExportedLog {
        ExportedLog {
            skald_export: EXPORT_FORMAT,
            table: self.table.clone(),
            system: self.summary.system.clone(),
            title: self.summary.title.clone(),
            exported_for: self.reader,
            records: self.records.clone(),
            head: self.records.last().map(Record::hash),
        }
    }

    fn names(&self) -> BTreeMap<u32, String> {
        self.summary
            .players
            .iter()
            .map(|p| (p.id, p.name.clone()))
            .collect()
    }

    /// Who exports, as a page or report names them: "the GM", or the player's name ("player N"
    /// if the summary has none).
    pub fn reader_name(&self) -> String {
        match self.reader {
            Actor::Gm => "the GM".to_owned(),
            Actor::Player(id) => self
                .names()
                .get(&id)
                .cloned()
                .unwrap_or_else(|| format!("player {id}")),
        }
    }

    /// The report's lines, oldest first. A whisper the reader may not read has no line.
    pub fn lines(&self) -> Vec<Line> {
        let names = self.names();
        let who = |actor: &Actor| match actor {
            Actor::Gm => "GM".to_owned(),
            Actor::Player(id) => names
                .get(id)
                .cloned()
                .unwrap_or_else(|| format!("player {id}")),
        };
        self.records
            .iter()
            .filter_map(|record| match &record.body {
                Body::Said { .. } | Body::Whispered { .. } => talk_line(record, self.reader, &who),
                _ => {
                    let (by, what) = describe(record, &who);
                    let chances = chances_of(record);
                    let (dice, more_dice) = dice_of(record);
                    Some(Line {
                        secret: record.secret.as_ref().map(|s| secret_text(&s.body)),
                        dice,
                        more_dice,
                        odds: odds_line(&chances),
                        chances,
                        ..bare_line(record, by, what)
                    })
                }
            })
            .collect()
    }
}

fn bare_line(record: &Record, who: String, what: Vec<String>) -> Line {
    Line {
        seq: record.seq,
        time: utc(record.at_ms),
        gm: skald_table::actor_of(record) == Actor::Gm,
        who,
        what,
        secret: None,
        dice: Vec::new(),
        more_dice: None,
        odds: None,
        chances: Vec::new(),
        talk: None,
    }
}

/// A talk record's line as `reader` reads it; none for a whisper not theirs.
fn talk_line(record: &Record, reader: Actor, who: &dyn Fn(&Actor) -> String) -> Option<Line> {
    let (by, voice, text, whisper) = match (&record.body, &record.secret) {
        (Body::Said { by, voice, text }, _) => (by, voice, text, None),
        (
            Body::Whispered { .. },
            Some(skald_table::Secret {
                body:
                    SecretBody::Whisper {
                        by,
                        to,
                        voice,
                        text,
                        ..
                    },
                ..
            }),
        ) => {
            let between = if *to == reader {
                "to you".to_owned()
            } else {
                format!("to {}", whom(to, who))
            };
            (by, voice, text, Some(between))
        }
        _ => return None,
    };
    Some(Line {
        talk: Some(TalkLine {
            voice: voice.clone(),
            whisper,
        }),
        ..bare_line(record, who(by), vec![text.clone()])
    })
}

/// A seat as the object of a sentence: "the GM", or the player's name.
fn whom(actor: &Actor, who: &dyn Fn(&Actor) -> String) -> String {
    match actor {
        Actor::Gm => "the GM".to_owned(),
        player => who(player),
    }
}

/// A record in words. Hashes, seeds and mixes are left to the report's appendix: a line says
/// that a seed was committed or revealed and which roll a die came from, not the hex.
fn describe(record: &Record, who: &dyn Fn(&Actor) -> String) -> (String, Vec<String>) {
    match &record.body {
        Body::Created { system, title, .. } => (
            "GM".into(),
            vec![format!(
                "created the {} table \"{title}\"; the dice's seed for epoch 0 is committed",
                skald_systems::REGISTRY
                    .find(system)
                    .map_or(system.as_str(), |s| s.title)
            )],
        ),
        Body::Joined { player, name } => (name.clone(), vec![format!("took seat {player}")]),
        Body::SeatHanded { player } => (
            "GM".into(),
            vec![format!(
                "made a new link to {}'s seat (for a new device; the seat's earlier links no longer work)",
                who(&Actor::Player(*player))
            )],
        ),
        Body::Command {
            by, lines, roll, ..
        } => {
            let mut what = lines.clone();
            if let Some(roll) = roll {
                let mut dice: Vec<String> = roll
                    .draws
                    .iter()
                    .take(DICE_LISTED)
                    .map(|d| format!("{}={}", skald_dice::Die::to_string(&d.die), d.value))
                    .collect();
                if roll.draws.len() > DICE_LISTED {
                    dice.push(format!(
                        "… and {} more",
                        thousands(roll.draws.len() - DICE_LISTED)
                    ));
                }
                what.push(format!("dice (roll {}): {}", roll.index, dice.join(" ")));
            }
            (who(by), what)
        }
        Body::DiceRolled {
            by, label, text, ..
        } => (
            who(by),
            vec![match label {
                Some(label) => format!("rolled for {label}: {}", brief_roll(text)),
                None => format!("rolled {}", brief_roll(text)),
            }],
        ),
        Body::SecretRolled { index, .. } => (
            "GM".into(),
            vec![format!("rolled in secret (roll {index})")],
        ),
        Body::SecretRevealed { of, contents } => (
            "GM".into(),
            vec![format!(
                "revealed the secret roll of record {of}{}: {}",
                contents
                    .label
                    .as_ref()
                    .map(|l| format!(" ({l})"))
                    .unwrap_or_default(),
                brief_roll(&contents.text)
            )],
        ),
        Body::Note { .. } => ("GM".into(), vec!["wrote a note".into()]),
        // `Log::lines` draws talk with `talk_line`, never here: these arms only keep the match whole.
        Body::Said { by, text, .. } => (who(by), vec![text.clone()]),
        Body::Whispered { .. } => (String::new(), vec!["whispered".into()]),
        Body::SeedContributed { by, seed, .. } => (
            who(by),
            vec![format!("added the seed \"{seed}\" to the dice")],
        ),
        Body::EpochEnded { epoch, .. } => (
            "GM".into(),
            vec![format!(
                "ended epoch {epoch}: its seed is revealed, the next epoch's committed"
            )],
        ),
        Body::Undone { of } => ("GM".into(), vec![format!("took back record {of}")]),
        Body::Requested { by, lines, .. } if !lines.is_empty() => (who(by), lines.clone()),
        // A log written before requests carried their words.
        Body::Requested {
            by,
            command,
            waiting,
            ..
        } => (who(by), vec![unworded_request(command, waiting)]),
        // The table writes what was answered and withdrawn, in words; a log written before it
        // has the values only, or nothing.
        Body::Answered { by, lines, .. }
            if lines.first().is_some_and(|l| l.starts_with("answered ")) =>
        {
            (who(by), lines.clone())
        }
        Body::Answered {
            by, request, lines, ..
        } => {
            let mut what = vec![format!("answered request {request}")];
            what.extend(lines.iter().cloned());
            (who(by), what)
        }
        Body::Withdrawn { by, lines, .. } if !lines.is_empty() => (who(by), lines.clone()),
        Body::Withdrawn { by, request, .. } => (
            who(by),
            vec![format!("closed request {request}: nothing rolled")],
        ),
        Body::TableOptions {
            players_set_gm_numbers,
        } => (
            "GM".into(),
            vec![format!(
                "set the table's options: players set the GM's numbers: {}",
                if *players_set_gm_numbers { "yes" } else { "no" }
            )],
        ),
        Body::RollFailed {
            by, error, roll, ..
        } => (
            who(by),
            vec![format!(
                "was refused after rolling (roll {}, its dice kept): {error}",
                roll.index
            )],
        ),
    }
}

/// What a request of a log written before requests carried their words says: "asked: bring in
/// for Gorand; it waits for the GM", from its command's `do` and `who` and who it waits for.
fn unworded_request(command: &Value, waiting: &[Waiting]) -> String {
    let head = skald_core::Head::of(command);
    let does = head.verb.as_deref().unwrap_or("a command");
    let whose = head.who.map(|w| format!(" for {w}")).unwrap_or_default();
    let waits: Vec<String> = waiting
        .iter()
        .map(|w| match &w.decider {
            skald_core::Decider::Gm => "the GM".to_owned(),
            skald_core::Decider::Owner(c) => format!("{c}'s player"),
        })
        .collect();
    format!(
        "asked: {}{whose}; it waits for {}",
        does.replace('_', " "),
        waits.join(" and ")
    )
}

fn secret_text(secret: &SecretBody) -> String {
    match secret {
        SecretBody::ServerSeed { .. } => "the server's seed".into(),
        SecretBody::Roll { contents } => format!(
            "{}{}",
            contents
                .label
                .as_ref()
                .map(|l| format!("{l}: "))
                .unwrap_or_default(),
            brief_roll(&contents.text)
        ),
        SecretBody::Note { text, .. } | SecretBody::Whisper { text, .. } => text.clone(),
        SecretBody::Allocation { who, spend, .. } => {
            format!(
                "{who} puts in {}",
                skald_core::noun(*spend as usize, "die", "dice")
            )
        }
    }
}

/// `YYYY-MM-DD HH:MM:SS` in UTC.
fn utc(at_ms: i64) -> String {
    let format = time::macros::format_description!("[year]-[month]-[day] [hour]:[minute]:[second]");
    time::OffsetDateTime::from_unix_timestamp(at_ms.div_euclid(1000))
        .ok()
        .and_then(|t| t.format(&format).ok())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::{brief_roll, chance_line, odds_line, thousands};
    use skald_core::Chance;

    /// A report's odds line says an exact chance with its fraction and an estimate with its
    /// margin and its plays, each as skald_core::said does.
    #[test]
    fn an_odds_line_says_each_chance_as_said() {
        let third = skald_dice::odds::Fraction::new(1.into(), 3u32.into());
        let chances = [
            Chance::exact("Success", &third),
            Chance::estimate("Your side wins", 6213, 10_000),
            Chance::estimate("Every side stands", 0, 10_000),
        ];
        let lines: Vec<_> = chances.iter().map(chance_line).collect();
        assert_eq!(
            odds_line(&lines).as_deref(),
            Some(
                "odds before the roll: Success 33.3% (1/3), Your side wins 62% ± 2% (simulated: \
                 6213 of 10000 plays), Every side stands at most 0.2% (simulated: 0 of 10000 plays)"
            )
        );
        for chance in &chances {
            let line = chance_line(chance);
            let said = match &line.exact {
                Some(beside) => format!("{} ({beside})", line.percent),
                None => line.percent.clone(),
            };
            assert_eq!(said, skald_core::said(chance));
        }
        assert_eq!(odds_line(&[]), None);
    }

    fn listed(from: usize, n: usize) -> String {
        (from..from + n)
            .map(|v| (v % 6 + 1).to_string())
            .collect::<Vec<_>>()
            .join(", ")
    }

    #[test]
    fn a_long_roll_lists_its_first_hundred_dice_and_counts_the_rest() {
        assert_eq!(
            brief_roll(&format!("10000d6 [{}] = 35000", listed(0, 10_000))),
            format!("10000d6 [{}, … and 9,900 more] = 35000", listed(0, 100))
        );
        // Over several terms, a hundred in all: the second list is cut, the third empty.
        assert_eq!(
            brief_roll(&format!(
                "80d6 + 50d6 + 7d6: 80d6 [{}] 50d6 [{}] 7d6 [{}] = 400",
                listed(0, 80),
                listed(80, 50),
                listed(130, 7)
            )),
            format!(
                "80d6 + 50d6 + 7d6: 80d6 [{}] 50d6 [{}, … and 30 more] 7d6 [… and 7 more] = 400",
                listed(0, 80),
                listed(80, 20)
            )
        );
        // A short roll, and text with no list, stay as they were.
        let short = "2d6 + 1d4 + 1: 2d6 [3, (5)] 1d4 [2] = 6";
        assert_eq!(brief_roll(short), short);
        assert_eq!(brief_roll("no dice ["), "no dice [");
        assert_eq!(thousands(9_900), "9,900");
        assert_eq!(thousands(1_234_567), "1,234,567");
        assert_eq!(thousands(999), "999");
    }
}
