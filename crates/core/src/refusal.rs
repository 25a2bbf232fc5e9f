//! Refusals in the reader's words: a command that does not parse, or a value the rules refuse,
//! said with the blank named as the seat's form names it ([`Field::label`]), the value given and
//! what is allowed, with no parser wording, field path, backtick or option key in it.
//!
//! Two parts. [`Problem`] is what a command's parser found wrong (as the parser reported it,
//! [`crate::read_json`]: a blank missing, one the command does not take, a value of the wrong
//! kind, an unknown command), said in words even where no form is known. [`Forms`] holds the moves a seat was
//! offered and the table's options as forms: given the command sent and a refusal (its message
//! and the dotted path of the field it is about, [`crate::GameError::field`]), it finds the move
//! the command was made from and the blank the refusal is about, and says it with that blank's
//! label ([`Forms::word`], [`Forms::word_problem`]). The machine-readable details stay beside the
//! words ([`Worded::field`], [`Problem::code`]) for scripts.
//!
//! A system's refusal sentence is a template, filled, never parsed: it names a field, an option
//! or a command only inside backticks (`` `spend` ``, `` `{field}` ``, `` `high_ratings` ``,
//! `` `task_check` ``), and those backticked spans are its blanks; nothing else in the sentence
//! is read (a bare word, even one that happens to be an option's key, stays as written). Which
//! field the refusal is about comes from its data ([`crate::Refusal::field`]), not its words.
//! `tests/it/tidy.rs` holds every system's `#[error("...")]` strings to it.

use crate::moves::{Field, FieldKind, Move};
use crate::words::capitalized;
use serde_json::Value;

/// What a command's parser found wrong ([`crate::read_json`]; serde's wording is its own, not
/// the reader's: it is never shown, nor read back).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// A blank the command needs was left out (`missing field`): its name, without its path
    /// (serde reads a command tagged by `do` through a buffer that keeps none).
    Missing {
        /// The field's name (`"spend"`).
        field: String,
    },
    /// A field the command does not take (`unknown field`).
    Unknown {
        /// The field's name as sent.
        field: String,
    },
    /// A field given twice (`duplicate field`).
    Duplicate {
        /// The field's name.
        field: String,
    },
    /// A command the system does not have (`unknown variant` of the `do`).
    UnknownCommand {
        /// The `do` as sent.
        name: String,
    },
    /// A value of the wrong kind or out of the type's range (`invalid type`, `invalid value`,
    /// `invalid length`), at a field the parser does not name.
    WrongType {
        /// What was found, in words ("the text \"x\"", "the number -3").
        found: String,
        /// What belongs there, in words ("a whole number from 0 to 4294967295").
        expected: String,
    },
    /// A message of the system's own reader (a character line that does not read): its words,
    /// with any backticked name made plain.
    Said(String),
}

impl Problem {
    /// This problem of `command`: an unknown variant that is not the command's `do` is a value of
    /// the wrong kind in one of its blanks (a choice not offered), not an unknown command.
    #[must_use]
    pub fn about(self, command: &Value) -> Self {
        match self {
            Problem::UnknownCommand { name }
                if crate::Head::of(command).verb.as_deref() != Some(name.as_str()) =>
            {
                Problem::WrongType {
                    found: format!("\"{name}\""),
                    expected: "one of the choices offered".to_owned(),
                }
            }
            other => other,
        }
    }

    /// The machine-readable name of the problem, for scripts (the error body's `code`):
    /// `missing`, `unknown_field`, `duplicate_field`, `unknown_command`, `wrong_type`, `unreadable`.
    pub fn code(&self) -> &'static str {
        match self {
            Problem::Missing { .. } => "missing",
            Problem::Unknown { .. } => "unknown_field",
            Problem::Duplicate { .. } => "duplicate_field",
            Problem::UnknownCommand { .. } => "unknown_command",
            Problem::WrongType { .. } => "wrong_type",
            Problem::Said(_) => "unreadable",
        }
    }

    /// The field the parser named, if it named one (its name only, not its path).
    pub fn field(&self) -> Option<&str> {
        match self {
            Problem::Missing { field }
            | Problem::Unknown { field }
            | Problem::Duplicate { field } => Some(field),
            _ => None,
        }
    }

    /// The problem with a table's options in words, where no form is known.
    pub fn option_words(&self, title: &str) -> String {
        match self {
            Problem::Unknown { field } => {
                format!(
                    "{title} has no option called {}",
                    quoted(&human_path(field))
                )
            }
            Problem::Duplicate { field } => {
                format!(
                    "the option {} is given twice: give it once",
                    quoted(&human_path(field))
                )
            }
            Problem::UnknownCommand { name } => {
                format!("an option holds \"{name}\", which is not one of its choices")
            }
            Problem::WrongType { found, expected } => {
                format!("an option holds {found}, where {expected} belongs")
            }
            Problem::Missing { field } => {
                format!("the option {} is missing", quoted(&human_path(field)))
            }
            Problem::Said(message) => plain(message, &|_| None),
        }
    }

    /// The problem in words where no form is known: the blank by its name in words, the system
    /// by its title (`"Chi"`).
    pub fn words(&self, title: &str) -> String {
        match self {
            Problem::Missing { field } => format!("{} is empty: fill it in", human_path(field)),
            Problem::Unknown { field } => format!(
                "this move takes no blank called {}: the form may be out of date, so open the \
                 move again",
                quoted(&human_path(field))
            ),
            Problem::Duplicate { field } => {
                format!("{} is given twice: give it once", human_path(field))
            }
            Problem::UnknownCommand { name } => {
                format!("{title} has no move called {}", quoted(&human_path(name)))
            }
            Problem::WrongType { found, expected } => {
                format!("a blank holds {found}, where {expected} belongs")
            }
            Problem::Said(message) => plain(message, &|_| None),
        }
    }
}

/// The table options `options` refused for `problem`, in words: each option by its label in
/// `fields` (the lobby's, [`crate::System::option_fields`]) when it has one. `title` is the
/// system's ("Chi").
pub fn word_options(fields: &[Field], options: &Value, problem: &Problem, title: &str) -> Worded {
    match problem {
        Problem::Unknown { field } => Worded {
            message: format!(
                "{title} has no option called {}",
                quoted(&human_path(field))
            ),
            field: Some(field.clone()),
        },
        Problem::WrongType { .. } | Problem::UnknownCommand { .. } => {
            match misfit(fields, options, "") {
                Some(misfit) => Worded {
                    message: format!(
                        "the option {} is {}, but it must be {}",
                        quoted(&misfit.phrase),
                        shown(&misfit.value),
                        allowed(misfit.kind)
                    ),
                    field: Some(misfit.path),
                },
                None => Worded {
                    message: problem.option_words(title),
                    field: None,
                },
            }
        }
        _ => Worded {
            message: problem.option_words(title),
            field: problem.field().map(str::to_owned),
        },
    }
}

/// A refusal as people read it, with the field it is about for a form to show it beside.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Worded {
    /// The words.
    pub message: String,
    /// The dotted path of the field it is about (as [`Field::name`] writes it), when known.
    pub field: Option<String>,
}

/// The forms a seat was offered (its moves, [`crate::System::moves`]) and the table's options as
/// forms ([`crate::System::option_fields`]): what a refusal is worded by.
#[derive(Debug, Clone, Copy)]
pub struct Forms<'a> {
    /// The moves offered to the seat that sent the command.
    pub moves: &'a [Move],
    /// The table's options as a lobby's fields (for an option named in a refusal).
    pub options: &'a [Field],
}

impl Forms<'_> {
    /// A refusal of `command` (`message`, about the field at the dotted path `field` when it
    /// names one) in the words of the form it was sent from: `message` is a template whose blanks
    /// are its backticked spans, and nothing else in it is read. A span naming the refused field
    /// (its path or a dotted tail of it) becomes that blank's label; any other a blank of the
    /// move by its label, an option by its lobby label, a command's `do` by its move's label, or
    /// else plain words ([`human_path`]). A span that opens a sentence opens it capitalized.
    pub fn word(&self, command: &Value, message: &str, field: Option<&str>) -> Worded {
        let found = self.find_move(command, field);
        let refused = field.map(|path| {
            let phrase = found
                .and_then(|m| {
                    blank(&m.fields, path)
                        .map(|b| b.phrase)
                        .or_else(|| group(&m.fields, path))
                })
                .unwrap_or_else(|| human_path(path));
            (path, phrase)
        });
        let name = |span: &str| match &refused {
            Some((path, phrase)) if names_field(span, path) => phrase.clone(),
            _ => self.name(found, span),
        };
        Worded {
            message: fill(message, &name),
            field: field.map(str::to_owned),
        }
    }

    /// A command that did not parse (`problem`; `field`, the path the system's reader named, if
    /// any), in the words of the form it was sent from: the blank left empty, the blank whose
    /// value is of the wrong kind with the value and what it must be, or the move's own label for
    /// a blank it does not take. `title` is the system's ("Chi"), for a command it does not have.
    pub fn word_problem(
        &self,
        command: &Value,
        problem: &Problem,
        field: Option<&str>,
        title: &str,
    ) -> Worded {
        let found = self.find_move(command, field.or(problem.field()));
        let Some(offered) = found else {
            return Worded {
                message: match problem {
                    Problem::Said(message) => fill(message, &|span| self.name(None, span)),
                    _ => problem.words(title),
                },
                field: field.or(problem.field()).map(str::to_owned),
            };
        };
        match problem {
            Problem::Missing { field: name } => {
                let group = format!("{name}.");
                let message = match named(&offered.fields, command, name) {
                    Some((path, blank)) => {
                        return Worded {
                            message: format!("{} is empty: fill it in", blank.phrase),
                            field: Some(path),
                        };
                    }
                    // A group of blanks left out whole (a sheet): the form's.
                    None if offered.fields.iter().any(|f| f.name.starts_with(&group)) => {
                        format!("{} is empty: fill in its blanks", quoted(&offered.label))
                    }
                    None => format!("{} is empty: fill it in", human_path(name)),
                };
                Worded {
                    message,
                    field: Some(name.clone()),
                }
            }
            Problem::Unknown { field: name } => Worded {
                message: format!(
                    "{} takes no blank called {}: the form may be out of date, so open the move \
                     again",
                    quoted(&offered.label),
                    quoted(&human_path(name))
                ),
                field: Some(name.clone()),
            },
            Problem::Duplicate { field: name } => {
                let (path, phrase) = match named(&offered.fields, command, name) {
                    Some((path, blank)) => (path, blank.phrase),
                    None => (name.clone(), human_path(name)),
                };
                Worded {
                    message: format!("{phrase} is given twice: give it once"),
                    field: Some(path),
                }
            }
            Problem::WrongType { found, expected } => match self
                .candidates(command)
                .into_iter()
                .find_map(|m| misfit(&m.fields, command, ""))
            {
                Some(misfit) => Worded {
                    message: format!(
                        "{} is {}, but it must be {}",
                        misfit.phrase,
                        shown(&misfit.value),
                        allowed(misfit.kind)
                    ),
                    field: Some(misfit.path),
                },
                None => Worded {
                    message: format!("a blank holds {found}, where {expected} belongs"),
                    field: field.map(str::to_owned),
                },
            },
            Problem::UnknownCommand { .. } => Worded {
                message: problem.words(title),
                field: None,
            },
            Problem::Said(message) => {
                let path = field
                    .map(str::to_owned)
                    .or_else(|| match &offered.fields[..] {
                        [only] => Some(only.name.clone()),
                        _ => None,
                    });
                // A reader's message that names its value by a name of its own (a Chi
                // character line's `line`) is about the move's one blank when it has one.
                let message = match (&offered.fields[..], message.strip_prefix('`')) {
                    ([only], Some(rest)) if field.is_none() => match rest.split_once('`') {
                        Some((name, after)) if is_identifier(name) => {
                            format!("{}{after}", capitalized(&only.label))
                        }
                        _ => message.clone(),
                    },
                    _ => message.clone(),
                };
                self.word(command, &message, path.as_deref())
            }
        }
    }

    /// The moves `command` may have been made from, the likeliest first (as [`Forms::find_move`]
    /// ranks them, without a field).
    fn candidates(&self, command: &Value) -> Vec<&Move> {
        let mut found: Vec<&Move> = self.find_move(command, None).into_iter().collect();
        let does = crate::Head::of(command).verb;
        for m in self.moves {
            if does.as_deref() == Some(m.verb) && !found.iter().any(|f| std::ptr::eq(*f, m)) {
                found.push(m);
            }
        }
        found
    }

    /// The move `command` was most likely made from: the offered move whose fixed part the
    /// command holds the most of (its `do` at least), preferring one with a blank at `field`.
    fn find_move(&self, command: &Value, field: Option<&str>) -> Option<&Move> {
        let does = crate::Head::of(command).verb?;
        self.moves
            .iter()
            .filter(|m| m.verb == does)
            .map(|m| {
                let held = holds(command, &m.command);
                let has_field = field.is_some_and(|f| {
                    blank(&m.fields, f).is_some() || named(&m.fields, command, f).is_some()
                });
                let fits = misfit(&m.fields, command, "").is_none() && shaped(&m.fields, command);
                (m, (held, has_field, fits))
            })
            // The first of the best: `max_by_key` keeps the last of equals.
            .fold(
                None,
                |best: Option<(&Move, (i64, bool, bool))>, (m, score)| match best {
                    Some((_, s)) if s >= score => best,
                    _ => Some((m, score)),
                },
            )
            .map(|(m, _)| m)
    }

    /// A backticked `span` of a system's sentence in words: a blank of `offered` by its label
    /// (its path, or its name without the path), an option by its lobby label, a command's `do`
    /// by its move's label, any other name or path in words ([`human_path`]), anything else as
    /// it is.
    fn name(&self, offered: Option<&Move>, span: &str) -> String {
        if let Some(m) = offered
            && let Some(b) = blank(&m.fields, span).or_else(|| suffix(&m.fields, span))
        {
            return b.phrase;
        }
        if let Some(m) = offered
            && let Some(group) = group(&m.fields, span).filter(|_| span.contains('.'))
        {
            return group;
        }
        self.option(span)
            .or_else(|| {
                self.moves
                    .iter()
                    .find(|m| m.does() == span)
                    .map(|m| quoted(&m.label))
            })
            .unwrap_or_else(|| words_of(span))
    }

    /// The option `key` as the lobby labels it, quoted.
    fn option(&self, key: &str) -> Option<String> {
        self.options
            .iter()
            .find(|o| o.name == key)
            .map(|o| quoted(&o.label))
    }
}

/// How many of `fixed`'s leaves `command` holds with the same value (nested objects leaf by
/// leaf), or -1 when one differs.
fn holds(command: &Value, fixed: &Value) -> i64 {
    match (fixed, command) {
        (Value::Object(fixed), Value::Object(sent)) => {
            let mut held = 0;
            // A fixed part left out is no contradiction (a form may send less).
            for (key, value) in fixed {
                if let Some(sent) = sent.get(key) {
                    let h = holds(sent, value);
                    if h < 0 {
                        return -1;
                    }
                    held += h;
                }
            }
            held
        }
        (fixed, sent) if fixed == sent => 1,
        _ => -1,
    }
}

/// A blank found in a form: the field, and how a sentence names it.
struct Blank<'f> {
    field: &'f Field,
    /// Its label, with its entry for a blank inside a list ("Rating in entry 2 of Traits").
    phrase: String,
}

/// The blank at the dotted `path` of `fields` (inside a list's entry: `traits.1.rating`).
fn blank<'f>(fields: &'f [Field], path: &str) -> Option<Blank<'f>> {
    let path = path.replace('[', ".").replace(']', "");
    for field in fields {
        if field.name == path {
            return Some(Blank {
                field,
                phrase: field.label.clone(),
            });
        }
        let FieldKind::List { item, .. } = &field.kind else {
            continue;
        };
        let Some(rest) = path
            .strip_prefix(field.name.as_str())
            .and_then(|r| r.strip_prefix('.'))
        else {
            continue;
        };
        let (index, inner) = rest.split_once('.').unwrap_or((rest, ""));
        let Ok(index) = index.parse::<usize>() else {
            continue;
        };
        let entry = format!("entry {} of {}", index + 1, field.label);
        if inner.is_empty() {
            return Some(Blank {
                field,
                phrase: entry,
            });
        }
        let inside = match &item[..] {
            [only] if only.name.is_empty() => Some(Blank {
                field: only,
                phrase: String::new(),
            }),
            _ => blank(item, inner),
        };
        return inside.map(|b| Blank {
            field: b.field,
            phrase: if b.phrase.is_empty() {
                entry
            } else {
                format!("{} in {entry}", b.phrase)
            },
        });
    }
    None
}

/// The blank whose path ends with `.name` (or is `name`), for a name written without its path.
fn suffix<'f>(fields: &'f [Field], name: &str) -> Option<Blank<'f>> {
    let tail = format!(".{name}");
    fields
        .iter()
        .find(|f| f.name == name || f.name.ends_with(&tail))
        .map(|field| Blank {
            field,
            phrase: field.label.clone(),
        })
}

/// A group of blanks at `path` (a stat's boxes and checked boxes, `stats.Emotional`), named by
/// what their labels start with ("Emotional"), else by the path's last name.
fn group(fields: &[Field], path: &str) -> Option<String> {
    let path = path.replace('[', ".").replace(']', "");
    let inner = format!(".{path}.");
    let labels: Vec<&str> = fields
        .iter()
        .filter(|f| f.name.starts_with(&format!("{path}.")) || f.name.contains(&inner))
        .map(|f| f.label.as_str())
        .collect();
    let first = labels.first()?;
    let common = labels.iter().fold(first.len(), |n, l| {
        first
            .char_indices()
            .zip(l.chars())
            .take_while(|((i, a), b)| *i < n && a == b)
            .count()
    });
    let common: String = first.chars().take(common).collect();
    let common = common.trim().trim_end_matches([',', ':', '(']).trim();
    Some(if common.is_empty() {
        human_path(path.rsplit('.').next().unwrap_or(&path))
    } else {
        common.to_owned()
    })
}

/// The blank a parser names by `name` only (a missing field): its path and phrase; of several
/// blanks of that name, the first left empty in `command`.
fn named<'f>(fields: &'f [Field], command: &Value, name: &str) -> Option<(String, Blank<'f>)> {
    if let Some(b) = blank(fields, name) {
        return Some((name.to_owned(), b));
    }
    let tail = format!(".{name}");
    let mut first = None;
    for field in fields {
        if field.name == name || field.name.ends_with(&tail) {
            let b = Blank {
                field,
                phrase: field.label.clone(),
            };
            if crate::get_path(command, &field.name).is_none_or(Value::is_null) {
                return Some((field.name.clone(), b));
            }
            first.get_or_insert((field.name.clone(), b));
        }
    }
    first
}

/// Whether every blank of `fields` could be set in `command`: no part of a blank's path holds
/// a value that is neither an object nor an array (a sheet sent as one line of text, where the
/// form has a sheet's blanks).
fn shaped(fields: &[Field], command: &Value) -> bool {
    fields.iter().all(|field| {
        let mut at = command;
        for key in field.name.split('.').filter(|k| !k.is_empty()) {
            let next = match at {
                Value::Object(map) => map.get(key),
                Value::Array(items) => key.parse::<usize>().ok().and_then(|i| items.get(i)),
                Value::Null => return true,
                _ => return false,
            };
            match next {
                Some(next) => at = next,
                None => return true,
            }
        }
        true
    })
}

/// A value that does not fit its blank.
struct Misfit<'f> {
    path: String,
    phrase: String,
    kind: &'f FieldKind,
    value: Value,
}

/// The first blank of `fields` (under `prefix`, a list entry's path) whose value in `command`
/// does not fit it: a number not whole or out of its range, text where none belongs, a choice
/// not offered, a list with a wrong entry. A blank left out is no misfit.
fn misfit<'f>(fields: &'f [Field], command: &Value, prefix: &str) -> Option<Misfit<'f>> {
    for field in fields {
        let path = if prefix.is_empty() {
            field.name.clone()
        } else if field.name.is_empty() {
            prefix.to_owned()
        } else {
            format!("{prefix}.{}", field.name)
        };
        let Some(value) = crate::get_path(command, &path).filter(|v| !v.is_null()) else {
            continue;
        };
        let wrong = |kind| Misfit {
            path: path.clone(),
            phrase: field.label.clone(),
            kind,
            value: value.clone(),
        };
        match &field.kind {
            FieldKind::Number { min, max, .. } => {
                if !whole(value).is_some_and(|n| (*min..=*max).contains(&n)) {
                    return Some(wrong(&field.kind));
                }
            }
            FieldKind::Text { max, .. } => {
                if value.as_str().is_none_or(|s| s.chars().count() > *max) {
                    return Some(wrong(&field.kind));
                }
            }
            FieldKind::Flag { .. } => {
                if !value.is_boolean() {
                    return Some(wrong(&field.kind));
                }
            }
            FieldKind::Choice { options, multiple } => {
                let offered = |v: &Value| options.iter().any(|o| &o.value == v);
                let fits = if *multiple {
                    value.as_array().is_some_and(|a| a.iter().all(offered))
                } else {
                    offered(value)
                };
                if !fits {
                    return Some(wrong(&field.kind));
                }
            }
            FieldKind::List { item, min, max, .. } => {
                let Some(entries) = value.as_array() else {
                    return Some(wrong(&field.kind));
                };
                if !(*min..=*max).contains(&entries.len()) {
                    return Some(wrong(&field.kind));
                }
                for i in 0..entries.len() {
                    if let Some(inner) = misfit(item, command, &format!("{path}.{i}")) {
                        let entry = format!("entry {} of {}", i + 1, field.label);
                        return Some(Misfit {
                            phrase: if inner.phrase.is_empty() {
                                entry
                            } else {
                                format!("{} in {entry}", inner.phrase)
                            },
                            ..inner
                        });
                    }
                }
            }
        }
    }
    None
}

/// A whole number as JSON may write it (`3`, or `3.0`).
fn whole(value: &Value) -> Option<i64> {
    value.as_i64().or_else(|| {
        value
            .as_f64()
            .filter(|f| f.fract() == 0.0 && f.abs() < 9.0e15)
            .map(|f| f as i64)
    })
}

/// What a blank of `kind` takes, as a sentence ends: "a whole number from 1 to 4", "one of A, B
/// or C", "yes or no".
fn allowed(kind: &FieldKind) -> String {
    match kind {
        FieldKind::Number { min, max, .. } if min == max => format!("{min}"),
        FieldKind::Number { min, max, .. } => {
            format!("a whole number from {}", crate::bounds(min, max))
        }
        FieldKind::Text { max, .. } => {
            format!(
                "text of at most {}",
                crate::noun(*max, "character", "characters")
            )
        }
        FieldKind::Flag { .. } => "yes or no".to_owned(),
        FieldKind::Choice { options, multiple } => {
            const SHOWN: usize = 6;
            let mut labels: Vec<String> = options
                .iter()
                .take(SHOWN)
                .map(|o| quoted(&o.label))
                .collect();
            if options.len() > SHOWN {
                labels.push(format!("{} more", options.len() - SHOWN));
            }
            let list = match labels.split_last() {
                None => "nothing (none is offered now)".to_owned(),
                Some((last, [])) => last.clone(),
                Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            };
            if *multiple {
                format!("some of {list}")
            } else {
                format!("one of {list}")
            }
        }
        FieldKind::List { min, max, .. } => format!(
            "a list of {} {}",
            crate::bounds(min, max),
            crate::plural(*max as u64, "entry", "entries")
        ),
    }
}

/// A value as a refusal shows it: text quoted (at most 40 characters), a number as it is, yes or
/// no, "nothing" for null, a list or a group by its size; never as JSON.
fn shown(value: &Value) -> String {
    match value {
        Value::String(s) => {
            let short: String = s.chars().take(40).collect();
            if short.len() < s.len() {
                format!("\"{short}…\"")
            } else {
                format!("\"{s}\"")
            }
        }
        Value::Number(n) => n.to_string(),
        Value::Bool(true) => "yes".to_owned(),
        Value::Bool(false) => "no".to_owned(),
        Value::Null => "nothing".to_owned(),
        Value::Array(items) => {
            format!("a list of {}", crate::noun(items.len(), "entry", "entries"))
        }
        Value::Object(_) => "a group of blanks".to_owned(),
    }
}

/// serde's "what was expected" (`u32`, `a string`, `a boolean`, `struct Sheet`) in words.
pub(crate) fn expected_in_words(expected: &str) -> String {
    let range = |min: i128, max: i128| format!("a whole number from {min} to {max}");
    let bare = expected.trim_matches('`');
    match bare {
        "u8" => range(0, u8::MAX.into()),
        "u16" => range(0, u16::MAX.into()),
        "u32" => range(0, u32::MAX.into()),
        "u64" | "usize" => range(0, u64::MAX.into()),
        "i8" => range(i8::MIN.into(), i8::MAX.into()),
        "i16" => range(i16::MIN.into(), i16::MAX.into()),
        "i32" => range(i32::MIN.into(), i32::MAX.into()),
        "i64" | "isize" => range(i64::MIN.into(), i64::MAX.into()),
        "f32" | "f64" => "a number".to_owned(),
        "a string" | "a borrowed string" | "string" => "text".to_owned(),
        "a boolean" | "bool" => "yes or no".to_owned(),
        "a sequence" => "a list".to_owned(),
        "a map" => "a group of blanks".to_owned(),
        other if other.starts_with("struct ") || other.starts_with("a map") => {
            "a group of blanks".to_owned()
        }
        other if other.starts_with("an array of length ") || other.starts_with("a tuple") => {
            "a list".to_owned()
        }
        _ => plain(expected, &|_| None),
    }
}

/// `text` in curly quotes.
fn quoted(text: &str) -> String {
    format!("“{text}”")
}

/// A field's name or dotted path in words, where no form names it: the last name with its
/// underscores as spaces, and the entry or the part it is in ("rating in entry 2 of traits",
/// "LCK of ratings", "spend").
pub fn human_path(path: &str) -> String {
    let path = path.replace('[', ".").replace(']', "");
    let words = |s: &str| s.replace('_', " ");
    let segments: Vec<&str> = path.split('.').filter(|s| !s.is_empty()).collect();
    let Some((last, before)) = segments.split_last() else {
        return String::new();
    };
    if let Ok(index) = last.parse::<usize>() {
        return match before.last() {
            Some(list) => format!("entry {} of {}", index + 1, words(list)),
            None => format!("entry {}", index + 1),
        };
    }
    match before {
        [.., list, index] if index.parse::<usize>().is_ok() => format!(
            "{} in entry {} of {}",
            words(last),
            index.parse::<usize>().unwrap_or(0) + 1,
            words(list)
        ),
        [.., parent] if *parent != "character" => {
            format!("{} of {}", words(last), words(parent))
        }
        _ => words(last),
    }
}

/// Whether the backticked `span` names the field at the dotted `path`: its whole path or a dotted
/// tail of it (`traits[1].rating` as `traits.1.rating`).
fn names_field(span: &str, path: &str) -> bool {
    let span = span.replace('[', ".").replace(']', "");
    let path = path.replace('[', ".").replace(']', "");
    is_identifier(&span) && (span == path || path.ends_with(&format!(".{span}")))
}

/// A name or path in words where nothing names it ([`human_path`]); anything else (a flag such
/// as `--theirs`, a formula) as it is.
fn words_of(span: &str) -> String {
    if is_identifier(span) {
        human_path(span)
    } else {
        span.to_owned()
    }
}

/// `message` as a template filled: each backticked span outside double quotes replaced by
/// `name(span)`, capitalized where it opens a sentence (at the start, or after ". "). Nothing
/// else in `message` is read; text inside double quotes is the sender's and is kept.
fn fill(message: &str, name: &dyn Fn(&str) -> String) -> String {
    spans(message, &|span| Some(name(span)), true)
}

/// `message` with each backticked span outside double quotes made plain: `name(span)` when it
/// knows the span, else the span in words (an identifier or a path by [`human_path`]; anything
/// else as it is, without the backticks). Text inside double quotes is the sender's and is kept.
pub fn plain(message: &str, name: &dyn Fn(&str) -> Option<String>) -> String {
    spans(
        message,
        &|span| Some(name(span).unwrap_or_else(|| words_of(span))),
        false,
    )
}

/// `message` with `name` deciding every backticked span outside double quotes (`None`: the span
/// as it is, without backticks), capitalized where it opens a sentence when `capitalize`.
fn spans(message: &str, name: &dyn Fn(&str) -> Option<String>, capitalize: bool) -> String {
    let mut out = String::with_capacity(message.len());
    let mut in_quotes = false;
    let mut rest = message;
    while let Some(c) = rest.chars().next() {
        if c == '"' {
            in_quotes = !in_quotes;
        } else if c == '\\' && in_quotes {
            // An escaped character inside a quote (\" does not end it).
            let escaped: String = rest.chars().take(2).collect();
            out.push_str(&escaped);
            rest = &rest[escaped.len()..];
            continue;
        } else if c == '`'
            && !in_quotes
            && let Some(end) = rest[1..].find('`')
        {
            let span = &rest[1..=end];
            let words = name(span).unwrap_or_else(|| span.to_owned());
            if capitalize && (out.is_empty() || out.ends_with(". ")) {
                out.push_str(&capitalized(&words));
            } else {
                out.push_str(&words);
            }
            rest = &rest[end + 2..];
            continue;
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// Whether `span` is a name or a dotted path (`spend`, `actor.who`, `traits[1].rating`).
fn is_identifier(span: &str) -> bool {
    !span.is_empty()
        && span
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '[' | ']'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Choice;
    use serde_json::json;

    fn moves() -> Vec<Move> {
        let action = Move {
            fields: vec![
                Field::number("spend", "Dice to put in", 1, 8, 1),
                Field::number("difficulty", "Difficulty", 1, 6, 2),
                Field::flag("fits_concept", "Fits the concept", true),
            ],
            odds: true,
            ..Move::new("Round", "Ragnar: act", "action", json!({"who": "Ragnar"}))
                .for_character("Ragnar")
        };
        let enroll = Move {
            fields: vec![
                Field::text("character.name", "Name", 40),
                Field::list(
                    "character.traits",
                    "Traits",
                    vec![
                        Field::text("name", "Trait", 40),
                        Field::number("rating", "Rating", 1, 4, 1),
                    ],
                    1,
                    5,
                    1,
                ),
                Field::choice(
                    "character.kind",
                    "Kind",
                    &[(json!("pc"), "Player character"), (json!("npc"), "NPC")],
                ),
            ],
            odds: true,
            ..Move::new("Round", "Make a character", "enroll", json!({}))
        };
        let line = Move {
            fields: vec![Field::text("character", "The book's line", 200)],
            odds: true,
            ..Move::new(
                "Round",
                "Write a character as one line",
                "enroll",
                json!({}),
            )
        };
        vec![action, enroll, line]
    }

    fn options() -> Vec<Field> {
        vec![Field::flag("high_ratings", "Trait ratings 5 and 6", false)]
    }

    fn forms<'a>(moves: &'a [Move], options: &'a [Field]) -> Forms<'a> {
        Forms { moves, options }
    }

    fn missing(field: &str) -> Problem {
        Problem::Missing {
            field: field.into(),
        }
    }

    fn wrong(found: &str, expected: &str) -> Problem {
        Problem::WrongType {
            found: found.into(),
            expected: expected.into(),
        }
    }

    fn unknown_variant(name: &str) -> Problem {
        Problem::UnknownCommand { name: name.into() }
    }

    #[test]
    fn without_a_form_a_problem_is_said_in_words() {
        let words = |p: Problem| p.words("Chi");
        assert_eq!(
            words(missing("reveal_hidden")),
            "reveal hidden is empty: fill it in"
        );
        assert_eq!(
            words(unknown_variant("secret_fly")),
            "Chi has no move called “secret fly”"
        );
        assert_eq!(
            words(wrong(
                "the text \"x\"",
                "a whole number from 0 to 4294967295"
            )),
            "a blank holds the text \"x\", where a whole number from 0 to 4294967295 belongs"
        );
        assert_eq!(
            words(Problem::Said(
                "`line` is \"a `b` c\", but it must end with the pool".into()
            )),
            "line is \"a `b` c\", but it must end with the pool"
        );
    }

    #[test]
    fn a_problem_names_the_blank_as_the_form_labels_it() {
        let (moves, options) = (moves(), options());
        let forms = forms(&moves, &options);
        let word = |command: Value, problem: Problem| {
            let w = forms.word_problem(&command, &problem.about(&command), None, "Chi");
            (w.message, w.field)
        };
        assert_eq!(
            word(
                json!({"do": "action", "who": "Ragnar", "difficulty": 2}),
                missing("spend")
            ),
            (
                "Dice to put in is empty: fill it in".into(),
                Some("spend".into())
            )
        );
        assert_eq!(
            word(
                json!({"do": "action", "who": "Ragnar", "spend": "x"}),
                wrong("the text \"x\"", "a whole number from 0 to 4294967295")
            ),
            (
                "Dice to put in is \"x\", but it must be a whole number from 1 to 8".into(),
                Some("spend".into())
            )
        );
        assert_eq!(
            word(
                json!({"do": "enroll", "character": {"name": "Ann", "traits": [
                    {"name": "Quick", "rating": 2}, {"name": "Sly", "rating": "1l"}]}}),
                wrong(
                    "the text \"1l\"",
                    "a whole number from -9223372036854775808 to 9223372036854775807"
                )
            ),
            (
                "Rating in entry 2 of Traits is \"1l\", but it must be a whole number from 1 to 4"
                    .into(),
                Some("character.traits.1.rating".into())
            )
        );
        assert_eq!(
            word(
                json!({"do": "enroll", "character": {"name": "Ann", "kind": "god"}}),
                unknown_variant("god")
            )
            .0,
            "Kind is \"god\", but it must be one of “Player character” or “NPC”"
        );
        assert_eq!(
            word(
                json!({"do": "action", "who": "Ragnar", "spend": 2, "character": "x"}),
                Problem::Unknown {
                    field: "character".into()
                }
            ),
            (
                "“Ragnar: act” takes no blank called “character”: the form may be out of date, \
                 so open the move again"
                    .into(),
                Some("character".into())
            )
        );
        // A system reader's own words about the move's one blank name it by its label.
        assert_eq!(
            word(
                json!({"do": "enroll", "character": "Ragnar, fierce barbarian"}),
                Problem::Said(
                    "`line` is \"Ragnar, fierce barbarian\", but it must end with the pool".into()
                )
            ),
            (
                "The book's line is \"Ragnar, fierce barbarian\", but it must end with the pool"
                    .into(),
                Some("character".into())
            )
        );
        assert_eq!(
            word(json!({"do": "fly"}), unknown_variant("fly")).0,
            "Chi has no move called “fly”"
        );
    }

    #[test]
    fn a_rule_refusal_names_its_blank_and_options_by_their_labels() {
        let (moves, options) = (moves(), options());
        let forms = forms(&moves, &options);
        let word = |command: Value, message: &str, field: &str| {
            forms.word(&command, message, Some(field)).message
        };
        assert_eq!(
            word(
                json!({"do": "action", "who": "Ragnar", "spend": 9}),
                "`spend` is 9, but Ragnar has 8 dice left (`fits_concept` is off)",
                "spend"
            ),
            "Dice to put in is 9, but Ragnar has 8 dice left (Fits the concept is off)"
        );
        assert_eq!(
            word(
                json!({"do": "enroll", "character": {"traits": [{}, {"rating": 5}]}}),
                "`traits[1].rating` is 5; allowed: 1 to 4 (book: Traits; 5-6 need option `high_ratings`)",
                "character.traits.1.rating"
            ),
            "Rating in entry 2 of Traits is 5; allowed: 1 to 4 (book: Traits; 5-6 need option \
             “Trait ratings 5 and 6”)"
        );
        // Not offered: the path in words.
        assert_eq!(
            word(
                json!({"do": "lose", "who": "Ragnar"}),
                "`ratings.LCK` is \"1l\", but it must be a whole number",
                "character.ratings.LCK"
            ),
            "LCK of ratings is \"1l\", but it must be a whole number"
        );
        // The sender's quoted words are kept as typed.
        assert_eq!(
            word(
                json!({"do": "action", "who": "Ragnar"}),
                "`who` is \"`spend`\", no such character",
                "who"
            ),
            "Who is \"`spend`\", no such character"
        );
    }

    #[test]
    fn backticked_paths_commands_and_keys_in_a_refusal_become_words() {
        let (moves, options) = (moves(), options());
        let forms = forms(&moves, &options);
        let enroll = json!({"do": "enroll", "character": {"name": "Ann"}});
        // A dotted path the form has, written bare in the middle of a message.
        assert_eq!(
            forms
                .word(
                    &enroll,
                    "Ann: `character.kind` is odd; see `high_ratings`",
                    None
                )
                .message,
            "Ann: Kind is odd; see “Trait ratings 5 and 6”"
        );
        // Nothing outside backticks is read: a bare key, path or command stays as written.
        assert_eq!(
            forms
                .word(
                    &enroll,
                    "character.kind is odd; see high_ratings or enroll",
                    Some("character.kind")
                )
                .message,
            "character.kind is odd; see high_ratings or enroll"
        );
        // A span that opens a sentence opens it capitalized, whatever it names.
        assert_eq!(
            forms
                .word(&enroll, "`task_check` first. `enroll` then", None)
                .message,
            "Task check first. “Make a character” then"
        );
        // A command by the move offered for it; any other snake_case word as words; the
        // sender's quoted text as typed.
        assert_eq!(
            forms
                .word(
                    &enroll,
                    "first an action, then `enroll`, or `task_check` (\"a_b\")",
                    None
                )
                .message,
            "first an action, then “Make a character”, or task check (\"a_b\")"
        );
        // A group of blanks left out whole; a value no variant of an untagged enum reads.
        let said = |command: Value, problem: Problem| {
            forms
                .word_problem(&command, &problem.about(&command), None, "Chi")
                .message
        };
        assert_eq!(
            said(json!({"do": "enroll"}), missing("character")),
            "The book's line is empty: fill it in"
        );
        let sheet_only = Forms {
            moves: &moves[1..2],
            options: &options,
        };
        let missing = missing("character");
        assert_eq!(
            sheet_only
                .word_problem(&json!({"do": "enroll"}), &missing, None, "Chi")
                .message,
            "“Make a character” is empty: fill in its blanks"
        );
        assert_eq!(
            said(
                json!({"do": "enroll", "character": {"name": "Ann", "traits": [{"rating": "x"}]}}),
                wrong("a value", "what the blank takes")
            ),
            "Rating in entry 1 of Traits is \"x\", but it must be a whole number from 1 to 4"
        );
        // A wrong kind found in another move of the same command (a sheet sent as a number
        // where the line is text).
        assert_eq!(
            said(
                json!({"do": "enroll", "character": 7}),
                wrong("the number 7", "a line or `pool`")
            ),
            "The book's line is 7, but it must be text of at most 200 characters"
        );
    }

    #[test]
    fn a_group_of_blanks_is_named_by_what_their_labels_share() {
        let fields = vec![
            Field::number(
                "character.stats.Emotional.boxes",
                "Emotional boxes",
                1,
                20,
                2,
            ),
            Field::number(
                "character.stats.Emotional.checked",
                "Emotional checked",
                0,
                20,
                0,
            ),
        ];
        assert_eq!(
            group(&fields, "stats.Emotional").as_deref(),
            Some("Emotional")
        );
        assert_eq!(group(&fields, "stats.Mental"), None);
        let moves = vec![Move {
            fields,
            ..Move::new(
                "Table",
                "Bring a character from earlier play",
                "add_character",
                json!({}),
            )
        }];
        let forms = forms(&moves, &[]);
        assert_eq!(
            forms
                .word(
                    &json!({"do": "add_character"}),
                    "Onward: `stats.Emotional` has 21 boxes; allowed 1 to 20",
                    Some("character.stats.Emotional.boxes")
                )
                .message,
            "Onward: Emotional has 21 boxes; allowed 1 to 20"
        );
    }

    #[test]
    fn a_choice_lists_at_most_six_labels() {
        let options: Vec<Choice> = (1..=8)
            .map(|i| Choice::new(json!(i), format!("C{i}")))
            .collect();
        let kind = FieldKind::Choice {
            options,
            multiple: false,
        };
        assert_eq!(
            allowed(&kind),
            "one of “C1”, “C2”, “C3”, “C4”, “C5”, “C6” or 2 more"
        );
        assert_eq!(
            human_path("character.traits.1.rating"),
            "rating in entry 2 of traits"
        );
        assert_eq!(
            human_path("traits[1].rating"),
            "rating in entry 2 of traits"
        );
        assert_eq!(human_path("character.words.2"), "entry 3 of words");
        assert_eq!(human_path("defender.spend"), "spend of defender");
    }
}
