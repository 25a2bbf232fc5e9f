//! Requests in people's words (`requests.rs`): what a request asks, what it proposes (each field's
//! label and value, as the form that sent it names them), who it waits for and what each answer
//! set. The log keeps these words in the `requested` and `answered` records, and the answer's form
//! shows the proposal, so the GM confirms what the player asked without asking it out loud.

use crate::pending::Open;
use crate::record::{Actor, Waiting};
use crate::table::Table;
use serde_json::Value;
use skald_core::{Decider, Field, FieldKind, Move, Seat, get_path};

impl Table {
    /// The move `by` would send `command` with: its fixed fields are part of the command.
    fn move_for(&self, by: Actor, command: &Value) -> Option<Move> {
        let seat = Seat {
            gm: by == Actor::Gm,
            characters: self
                .owners()
                .iter()
                .filter(|(_, owner)| **owner == by)
                .map(|(name, _)| name.clone())
                .collect(),
        };
        self.game()
            .moves(&seat)
            .into_iter()
            .find(|m| within(&m.command, command))
    }

    /// What `open` asks, as the move that sends it is labelled ("Ash: task check"), else its
    /// `do` in words.
    pub(crate) fn describe_request(&self, open: &Open) -> String {
        self.move_for(open.by, &open.command)
            .map(|m| m.label)
            .unwrap_or_else(|| {
                skald_core::Head::of(&open.command)
                    .verb
                    .as_deref()
                    .unwrap_or("a command")
                    .replace('_', " ")
            })
    }

    /// What `command` from `by` proposes: "Label: value" for each field of its move it holds.
    pub(crate) fn proposal(&self, by: Actor, command: &Value) -> Vec<String> {
        let Some(mv) = self.move_for(by, command) else {
            return Vec::new();
        };
        mv.fields
            .iter()
            .filter_map(|f| {
                let value = get_path(command, &f.name)?;
                Some(format!(
                    "{}: {}",
                    short(&f.label),
                    unstopped(&shown(f, value)?)
                ))
            })
            .collect()
    }

    /// A field of `command` in words: its part's label ("Difficulty"), else its path with spaces
    /// ("who", "defender spend").
    pub(crate) fn field_words(&self, command: &Value, name: &str) -> String {
        self.game()
            .parts(command)
            .unwrap_or_default()
            .iter()
            .find(|p| p.field.name == name)
            .map_or_else(|| name.replace(['.', '_'], " "), |p| short(&p.field.label))
    }

    /// Who a request waits for, in words: "the GM (Difficulty, Modifier)", "Ash's player to
    /// roll".
    pub(crate) fn waiting_words(&self, command: &Value, waiting: &[Waiting]) -> Vec<String> {
        let label = |name: &String| self.field_words(command, name);
        waiting
            .iter()
            .map(|w| {
                let who = decider_words(&w.decider);
                if w.fields.is_empty() {
                    format!("{who} to roll")
                } else {
                    let fields: Vec<String> = w.fields.iter().map(label).collect();
                    format!("{who} ({})", fields.join(", "))
                }
            })
            .collect()
    }

    /// The log's words for a request: what is asked, what is proposed, who it waits for.
    pub(crate) fn request_lines(
        &self,
        by: Actor,
        command: &Value,
        waiting: &[Waiting],
    ) -> Vec<String> {
        let open = Open {
            by,
            command: command.clone(),
            waiting: waiting.to_vec(),
        };
        let mut lines = vec![format!("asked: {}", self.describe_request(&open))];
        let proposal = self.proposal(by, command);
        if !proposal.is_empty() {
            lines.push(format!("proposed: {}", proposal.join("; ")));
        }
        lines.push(format!(
            "waiting for {}",
            self.waiting_words(command, waiting).join(" and ")
        ));
        lines
    }

    /// Whose request `open` is and what it asks, as the object of a sentence: "Ann's request:
    /// Ash: task check", "the GM's request: Ash: plain chance".
    fn whose_request(&self, open: &Open) -> String {
        format!(
            "{}'s request: {}",
            self.name_of(open.by),
            self.describe_request(open)
        )
    }

    /// The log's words for an answer by `by`: what was answered ("answered Ann's request: Ash:
    /// task check"), then each value set with its field's label, or "as proposed".
    pub(crate) fn answer_lines(
        &self,
        open: &Open,
        by: Actor,
        set: &[(String, Value)],
    ) -> Vec<String> {
        let what = if open.by == by {
            format!("answered the request: {}", self.describe_request(open))
        } else {
            format!("answered {}", self.whose_request(open))
        };
        let mut lines = vec![what];
        lines.extend(self.answer_values(open, set));
        lines
    }

    /// The log's words for a withdrawal by `by`: what was withdrawn or declined, the reason, and
    /// that nothing was rolled.
    pub(crate) fn withdrawn_lines(
        &self,
        open: &Open,
        by: Actor,
        reason: Option<&str>,
    ) -> Vec<String> {
        let mut lines = vec![if open.by == by {
            format!("withdrew the request: {}", self.describe_request(open))
        } else {
            format!("declined {}", self.whose_request(open))
        }];
        if let Some(reason) = reason {
            lines.push(format!("why: {reason}"));
        }
        lines.push("nothing rolled".to_owned());
        lines
    }

    /// Each value of an answer with its field's label, or "as proposed".
    fn answer_values(&self, open: &Open, set: &[(String, Value)]) -> Vec<String> {
        let parts = self.game().parts(&open.command).unwrap_or_default();
        let words: Vec<String> = set
            .iter()
            .map(
                |(path, value)| match parts.iter().find(|p| p.field.name == *path) {
                    Some(p) => format!(
                        "{}: {}",
                        short(&p.field.label),
                        shown(&p.field, value).unwrap_or_else(|| "none".to_owned())
                    ),
                    None => format!("{}: {value}", path.replace(['.', '_'], " ")),
                },
            )
            .collect();
        if words.is_empty() {
            vec!["as proposed".to_owned()]
        } else {
            words
        }
    }
}

/// Who decides, as people say it: "the GM", "Ash's player".
pub(crate) fn decider_words(decider: &Decider) -> String {
    match decider {
        Decider::Gm => "the GM".to_owned(),
        Decider::Owner(c) => format!("{c}'s player"),
    }
}

/// A form's label without its closing remark in brackets: "Difficulty (the GM's Chance of
/// Success)" is "Difficulty" in a sentence.
fn short(label: &str) -> String {
    match label
        .strip_suffix(')')
        .and_then(|l| l.rfind(" (").map(|i| &label[..i]))
    {
        Some(head) if !head.is_empty() => head.to_owned(),
        _ => label.to_owned(),
    }
}

/// Whether every fixed field of `fixed` is in `command` with the same value (objects compared
/// key by key, so `{"character": {"kind": "npc"}}` is within a whole NPC sheet).
fn within(fixed: &Value, command: &Value) -> bool {
    holds(fixed, command, false)
}

/// As [`within`], but any number matches where `fixed` has a number.
fn alike(fixed: &Value, command: &Value) -> bool {
    holds(fixed, command, true)
}

/// Whether `command` holds every field of `fixed` with its value (`any_number`: or any number
/// where `fixed` has one).
fn holds(fixed: &Value, command: &Value, any_number: bool) -> bool {
    match (fixed, command) {
        (Value::Object(fixed), Value::Object(command)) => fixed
            .iter()
            .all(|(k, v)| command.get(k).is_some_and(|c| holds(v, c, any_number))),
        (Value::Number(_), Value::Number(_)) if any_number => true,
        _ => fixed == command,
    }
}

/// `text` without the full stop it ends with, if one (a key's goal is a sentence): a proposal's
/// items are joined by `;` and end with `.`, which read `.;` and `..` otherwise. An ellipsis stays.
fn unstopped(text: &str) -> &str {
    match text.strip_suffix('.') {
        Some(rest) if !rest.ends_with('.') => rest,
        _ => text,
    }
}

/// `value` as a form's `field` shows it: a choice's label, "yes" or "no", a list's entries; `None`
/// when there is nothing to show (blank, or a shape the field does not give).
pub(crate) fn shown(field: &Field, value: &Value) -> Option<String> {
    let text = |v: &Value| match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    match (&field.kind, value) {
        (_, Value::Null) => None,
        (FieldKind::Choice { options, .. }, Value::Array(items)) => {
            let labels: Vec<String> = items
                .iter()
                .map(|v| {
                    options
                        .iter()
                        .find(|o| o.value == *v)
                        .map_or_else(|| text(v), |o| o.label.clone())
                })
                .collect();
            (!labels.is_empty()).then(|| labels.join(", "))
        }
        (FieldKind::Choice { options, .. }, v) => Some(
            options
                .iter()
                .find(|o| o.value == *v)
                // A picked object gains the blanks set inside it (Chi's opposed action:
                // `{"who", "spend"}` picked, then `actor.modifier` set): still that option.
                .or_else(|| {
                    options.iter().find(|o| {
                        o.value.as_object().is_some_and(|m| !m.is_empty()) && within(&o.value, v)
                    })
                })
                // The one option like it but for a number (Chi's defender offered to its
                // attacker once, its player choosing the dice: 2 put in): that option's words,
                // the number being another blank's, shown beside. Of several such options each
                // would state a number, so none is picked.
                .or_else(|| {
                    let mut alike = options.iter().filter(|o| {
                        o.value.as_object().is_some_and(|m| !m.is_empty()) && alike(&o.value, v)
                    });
                    alike.next().filter(|_| alike.next().is_none())
                })
                .map_or_else(|| text(v), |o| o.label.clone()),
        ),
        (FieldKind::Flag { .. }, Value::Bool(b)) => Some(if *b { "yes" } else { "no" }.to_owned()),
        (FieldKind::List { .. }, Value::Array(items)) => {
            let entries: Vec<String> = items
                .iter()
                .map(|entry| match entry {
                    Value::Object(map) => map.values().map(text).collect::<Vec<_>>().join(" "),
                    other => text(other),
                })
                .collect();
            Some(if entries.is_empty() {
                "none".to_owned()
            } else {
                entries.join(", ")
            })
        }
        (_, Value::Object(_) | Value::Array(_)) => None,
        (_, Value::String(s)) if s.trim().is_empty() => None,
        (_, v) => Some(text(v)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use skald_core::Choice;

    /// A proposal's item loses the full stop it ends with (its items end with `;` and `.`), not
    /// an ellipsis.
    #[test]
    fn an_item_loses_its_full_stop_not_its_ellipsis() {
        assert_eq!(
            unstopped("Take a physical burden of 3 boxes."),
            "Take a physical burden of 3 boxes"
        );
        assert_eq!(unstopped("and then..."), "and then...");
        assert_eq!(unstopped("Arms, Swords"), "Arms, Swords");
        assert_eq!(unstopped("."), "");
    }

    /// A picked option with the blanks set inside it reads as the option's label; a value no
    /// option holds stays as written.
    #[test]
    fn a_picked_option_with_blanks_set_in_it_reads_as_its_label() {
        let field = Field::new(
            "actor",
            "Blackfang puts in",
            FieldKind::Choice {
                options: vec![
                    Choice::new(json!({"who": "Blackfang", "spend": 1}), "1 die".to_owned()),
                    Choice::new(json!({"who": "Blackfang", "spend": 2}), "2 dice".to_owned()),
                ],
                multiple: false,
            },
        );
        let set = json!({"who": "Blackfang", "spend": 2, "modifier": 0, "fits_concept": true});
        assert_eq!(shown(&field, &set).as_deref(), Some("2 dice"));
        let other = json!({"who": "Blackfang", "spend": 3});
        assert_eq!(
            shown(&field, &other).as_deref(),
            Some(r#"{"spend":3,"who":"Blackfang"}"#)
        );
        // Offered once, its player choosing the number: that option's words whatever the number.
        let once = Field::new(
            "defender",
            "Who reacts",
            FieldKind::Choice {
                options: vec![Choice::new(
                    json!({"who": "Blackfang", "spend": 0}),
                    "Blackfang (who chooses its own dice)".to_owned(),
                )],
                multiple: false,
            },
        );
        let chosen = json!({"who": "Blackfang", "spend": 2, "modifier": 0, "fits_concept": true});
        assert_eq!(
            shown(&once, &chosen).as_deref(),
            Some("Blackfang (who chooses its own dice)")
        );
        let someone_else = json!({"who": "Vex", "spend": 2});
        assert_eq!(
            shown(&once, &someone_else).as_deref(),
            Some(r#"{"spend":2,"who":"Vex"}"#)
        );
    }
}
