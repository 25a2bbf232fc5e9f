//! Disabled (T7; the book's "Disabled"): a character whose burden boxes under a stat exceed that
//! stat's boxes, checked or not, is disabled, and loses every conflict it enters as if it
//! surrendered at once.

use super::log::Log;
use crate::model::{Character, Event, SurrenderReason};

impl Character {
    /// The first stat whose burden boxes exceed its boxes (checked or not), if any: the character
    /// is disabled (T7). A creature without stats is never disabled this way (the GM decides).
    pub fn disabled_by(&self) -> Option<(&str, u32, u32)> {
        self.stats.iter().find_map(|stat| {
            let burdens = self.burden_boxes(&stat.name);
            (burdens > stat.boxes).then_some((stat.name.as_str(), burdens, stat.boxes))
        })
    }
}

/// T7: when a character's burden boxes under a stat exceed the stat's boxes, it is disabled; in a
/// conflict it loses at once, as if it surrendered.
pub(super) fn check_disabled(log: &mut Log, who: &str) {
    let Some(c) = log.state.character(who) else {
        return;
    };
    let Some((stat, burdens, boxes)) = c.disabled_by() else {
        return;
    };
    let event = Event::Disabled {
        who: who.into(),
        stat: stat.into(),
        burden_boxes: burdens,
        stat_boxes: boxes,
    };
    let in_conflict = log
        .conflict()
        .and_then(|c| c.participant(who))
        .is_some_and(|p| p.is_in());
    log.push(event);
    if in_conflict {
        log.push(Event::Surrendered {
            who: who.into(),
            reason: SurrenderReason::Disabled,
        });
    }
}
