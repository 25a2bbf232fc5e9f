//! [`Episode`]: one conflict, problem, round or event of a session, as a session report's summary
//! tells it. Each system folds its own events into episodes ([`crate::System::chronicle`], in its
//! crate's `chronicle.rs`); the report draws them without knowing the system.

use serde::{Deserialize, Serialize};

/// One episode of a session, in the book's terms: a Twenty conflict, a Loqi problem, a Chi round,
/// a Freelancer event or check; or what happened between them (advancement, goals, rewards).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Episode {
    /// What it was, as a heading: `"Conflict 1"`, `"Problem 2 (tactical): the gate"`,
    /// `"Round 3"`, `"Event: the ambush"`, `"Between conflicts"`.
    pub title: String,
    /// Who took part, by the names the table gave them, in the order they came in (no repeats).
    pub who: Vec<String>,
    /// How it ended, one sentence in the book's terms (`"Gorand wins: ..."`); `"still going"`
    /// when the log stops before its end.
    pub outcome: String,
    /// What it left behind, one sentence each, in order: burdens and boxes, goals met, influence
    /// spent, strength and traits changed, dice lost, advancement.
    pub changes: Vec<String>,
}

impl Episode {
    /// A new episode titled `title`, nobody in it yet, still going.
    pub fn new(title: impl Into<String>) -> Self {
        Self {
            title: title.into(),
            who: Vec::new(),
            outcome: STILL_GOING.to_owned(),
            changes: Vec::new(),
        }
    }

    /// Adds `name` to who took part, unless it is there already.
    pub fn joined(&mut self, name: &str) {
        if !self.who.iter().any(|w| w == name) {
            self.who.push(name.to_owned());
        }
    }
}

/// The outcome of an episode the log stops inside.
pub const STILL_GOING: &str = "still going";

/// Episodes being folded: the one open now, and those done. A system's `chronicle` opens an
/// episode where its book starts one and closes it where the book ends it; what happens outside
/// any (advancement between conflicts) goes to a "between" episode opened on demand.
#[derive(Debug, Default)]
pub struct Chronicle {
    done: Vec<Episode>,
    open: Option<Episode>,
    /// Whether the open episode is a "between" one (closed by the next real episode).
    between: bool,
    /// Whether the last episode done is a real one (for [`Self::after`]).
    last_real: bool,
}

impl Chronicle {
    /// An empty chronicle.
    pub fn new() -> Self {
        Self::default()
    }

    /// Opens `episode`, closing the one open (which keeps its outcome, `"still going"` if none
    /// was given).
    pub fn open(&mut self, episode: Episode) {
        self.close_open();
        self.open = Some(episode);
        self.between = false;
    }

    /// The episode open now, if it is a real one (not a "between" episode).
    pub fn current(&mut self) -> Option<&mut Episode> {
        if self.between {
            None
        } else {
            self.open.as_mut()
        }
    }

    /// Ends the open real episode with `outcome`; nothing when none is open.
    pub fn end(&mut self, outcome: impl Into<String>) {
        if let Some(episode) = self.current() {
            episode.outcome = outcome.into();
            self.close_open();
        }
    }

    /// The open episode, or a "between" episode titled `between` opened for what happens
    /// outside one.
    pub fn here(&mut self, between: &str) -> &mut Episode {
        if self.open.is_none() {
            let mut episode = Episode::new(between);
            episode.outcome = String::new();
            self.open = Some(episode);
            self.between = true;
        }
        self.open.get_or_insert_with(|| Episode::new(between))
    }

    /// Notes `change` (done by `who`, if anyone) on the open episode, or on a "between" one.
    pub fn change(&mut self, between: &str, who: Option<&str>, change: String) {
        let episode = self.here(between);
        if let Some(who) = who {
            episode.joined(who);
        }
        episode.changes.push(change);
    }

    /// Notes `change`, a consequence of the episode that just ended (a death after a conflict
    /// is won), on that episode when nothing happened since; else as [`Self::change`].
    pub fn after(&mut self, between: &str, who: Option<&str>, change: String) {
        match self.done.last_mut() {
            Some(episode) if self.open.is_none() && self.last_real => {
                if let Some(who) = who {
                    episode.joined(who);
                }
                episode.changes.push(change);
            }
            _ => self.change(between, who, change),
        }
    }

    fn close_open(&mut self) {
        if let Some(episode) = self.open.take() {
            self.done.push(episode);
            self.last_real = !self.between;
        }
        self.between = false;
    }

    /// Every episode, in order; the last one still open keeps `"still going"` (a "between"
    /// episode has no outcome: an empty string).
    pub fn finish(mut self) -> Vec<Episode> {
        self.close_open();
        self.done
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_outside_an_episode_gather_between_and_episodes_keep_their_order() {
        let mut c = Chronicle::new();
        c.change("Between conflicts", Some("Ann"), "Ann rests".into());
        let mut e = Episode::new("Conflict 1");
        e.joined("Ann");
        e.joined("Bob");
        e.joined("Ann");
        c.open(e);
        c.change(
            "Between conflicts",
            Some("Bob"),
            "Bob takes a burden".into(),
        );
        c.end("Ann wins");
        c.after("Between conflicts", None, "Bob dies".into());
        c.end("ignored: nothing is open");
        c.open(Episode::new("Conflict 2"));
        let episodes = c.finish();
        assert_eq!(episodes.len(), 3);
        assert_eq!(episodes[0].title, "Between conflicts");
        assert_eq!(episodes[0].outcome, "");
        assert_eq!(episodes[1].who, ["Ann", "Bob"]);
        assert_eq!(episodes[1].changes, ["Bob takes a burden", "Bob dies"]);
        assert_eq!(episodes[1].outcome, "Ann wins");
        assert_eq!(episodes[2].outcome, STILL_GOING);
    }
}
