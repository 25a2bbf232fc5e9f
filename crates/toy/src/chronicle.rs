//! The session report's summary of a Toy table: each try an episode, told as its log line.

use crate::describe::describe;
use crate::model::event::Event;
use crate::model::options::Options;
use skald_core::{Chronicle, Episode};

/// The episodes of `events` (in log order): one per try, titled by its number, with who tried and
/// how it ended; enrolments are left out (the report lists the characters).
pub fn chronicle(_options: &Options, events: &[Event]) -> Vec<Episode> {
    let mut chronicle = Chronicle::new();
    let mut tries = 0;
    for event in events {
        if let Event::Tried { who, .. } = event {
            tries += 1;
            let mut episode = Episode::new(format!("Try {tries}"));
            episode.joined(who);
            chronicle.open(episode);
            chronicle.end(describe(event));
        }
    }
    chronicle.finish()
}
