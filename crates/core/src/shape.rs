//! What a command says of itself: its verb (the `do` a scenario, a page or the API writes) and the
//! character acting.
//!
//! A system's own command is typed, and tells both ([`CommandShape`]). A command as sent (JSON from
//! a request, a record or a file, which may not be a whole command yet: a request waiting for the
//! GM's numbers, a Chi reveal the table fills in) is read through [`Head`], a small typed reading of
//! the two keys every command shares; no code reads its fields by name.

use serde::Deserialize;
use serde_json::Value;

/// The shape every system's command has ([`crate::System::Command`]): the verb it is sent with and
/// the character acting, read from the typed command (never from its JSON).
pub trait CommandShape {
    /// The command's verb as serialized: its `do` (`"bring_in"`, `"secret_reveal"`). Each system
    /// tests that it is the serialized `do` for every variant.
    fn verb(&self) -> &'static str;

    /// The name of the character acting (the one whose player starts the command, as its
    /// `authority` reads it: the participant bringing in dice, the granter of an obligation), or
    /// `None` for a command of the table or the GM (a new round, a conflict set up, a character
    /// enrolled).
    fn actor(&self) -> Option<&str>;
}

/// The head of a command as sent, read before (or without) reading it as a system's command: its
/// `do` and its `who` when each is a string. Anything else it holds is left unread.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
pub struct Head {
    /// The verb (`do`), when it is a string.
    #[serde(rename = "do", default, deserialize_with = "string")]
    pub verb: Option<String>,
    /// The character named by `who`, when it is a string (a command of another shape names its
    /// characters under other keys, read only by its system).
    #[serde(default, deserialize_with = "string")]
    pub who: Option<String>,
}

impl Head {
    /// The head of `command`: empty when it is not a JSON object.
    pub fn of(command: &Value) -> Self {
        if !command.is_object() {
            return Self::default();
        }
        Self::deserialize(command).unwrap_or_default()
    }
}

/// A string, or `None` for a value of any other kind (a `do` of `7` names no verb).
fn string<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::String(s) => Some(s),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::Head;
    use serde_json::json;

    #[test]
    fn a_head_reads_the_verb_and_who_when_they_are_strings() {
        let head = Head::of(&json!({"do": "stand", "who": "Ann", "remove": [19]}));
        assert_eq!(head.verb.as_deref(), Some("stand"));
        assert_eq!(head.who.as_deref(), Some("Ann"));
        let odd = Head::of(&json!({"do": 7, "who": ["Ann"]}));
        assert_eq!(odd, Head::default());
        assert_eq!(Head::of(&json!(["stand", "Ann"])), Head::default());
        assert_eq!(Head::of(&json!({})), Head::default());
    }
}
