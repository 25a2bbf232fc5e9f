//! [`Resends`]: what each recent `client_id` asked for, so that an id sent again with another
//! action is refused instead of being answered with the first action's records.
//!
//! A resent action (same sender, same `client_id`) is answered with the records it made the first
//! time (`TableTask::resent`), which the log keeps for good. What the first action *was* is not in
//! the log (a whisper's words must not be hashed into a public record), so the table's task keeps a
//! digest of each action it did, for the last [`REMEMBERED`] ids, while the table stays loaded
//! (docs/decisions.md, "A client id reused for another action").

use sha2::{Digest, Sha256};
use skald_table::{Action, Actor};
use std::collections::{HashMap, VecDeque};

/// The `client_id`s whose action a table's task remembers (the newest; older ones are forgotten
/// first). A resend comes seconds after its first sending: 4,096 ids cover minutes of the
/// busiest table, at about 150 bytes each.
pub const REMEMBERED: usize = 4096;

/// The digests of the last [`REMEMBERED`] actions sent with a `client_id`, by sender and id.
#[derive(Debug, Default)]
pub struct Resends {
    digests: HashMap<(Actor, String), [u8; 32]>,
    order: VecDeque<(Actor, String)>,
}

/// SHA-256 of the action's JSON as the table read it (the system's command as sent, or the
/// table's own action with its defaults filled in).
fn digest(action: &Action) -> [u8; 32] {
    let json = match action {
        Action::Command(command) => serde_json::to_string(command),
        Action::Table(action) => serde_json::to_string(action),
    }
    .unwrap_or_default();
    Sha256::digest(json.as_bytes()).into()
}

impl Resends {
    /// Whether `action`, sent by `by` with `client`, is another action than the one first sent
    /// with that id. `false` when the id is not remembered (never sent, or forgotten since).
    pub fn differs(&self, by: Actor, client: &str, action: &Action) -> bool {
        self.digests
            .get(&(by, client.to_owned()))
            .is_some_and(|first| *first != digest(action))
    }

    /// Remembers that `by` sent `action` with `client`, forgetting the oldest id past
    /// [`REMEMBERED`].
    pub fn remember(&mut self, by: Actor, client: &str, action: &Action) {
        let key = (by, client.to_owned());
        if self.digests.insert(key.clone(), digest(action)).is_none() {
            self.order.push_back(key);
        }
        while self.order.len() > REMEMBERED {
            if let Some(oldest) = self.order.pop_front() {
                self.digests.remove(&oldest);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn say(text: &str) -> Action {
        Action::from_json(json!({"do": "say", "text": text})).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn the_same_action_again_is_a_resend_and_another_one_differs() {
        let mut resends = Resends::default();
        assert!(!resends.differs(Actor::Player(1), "a1", &say("hello")));
        resends.remember(Actor::Player(1), "a1", &say("hello"));
        assert!(!resends.differs(Actor::Player(1), "a1", &say("hello")));
        assert!(resends.differs(Actor::Player(1), "a1", &say("goodbye")));
        // Ids are per sender.
        assert!(!resends.differs(Actor::Player(2), "a1", &say("goodbye")));
    }

    #[test]
    fn the_oldest_ids_are_forgotten_past_the_bound() {
        let mut resends = Resends::default();
        for n in 0..=REMEMBERED {
            resends.remember(Actor::Gm, &format!("id{n}"), &say("x"));
        }
        assert_eq!(resends.digests.len(), REMEMBERED);
        assert!(!resends.differs(Actor::Gm, "id0", &say("y")), "forgotten");
        assert!(resends.differs(Actor::Gm, &format!("id{REMEMBERED}"), &say("y")));
    }
}
