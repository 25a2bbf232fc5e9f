//! [`Move`]s and [`Odds`]: what a seat may do now, as forms a table page can offer, and the exact
//! chances of a command before its dice are rolled.
//!
//! A system lists the moves legal for a seat in the current state ([`System::moves`](crate::System::moves));
//! a page shows each as a form whose fixed part is `command` and whose blanks are `fields`. The
//! rules still decide every command sent: a move list is an offer, never a permission.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Who asks: the GM, or a player with the characters it owns.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Seat {
    /// Whether this is the GM (who may act for every character).
    pub gm: bool,
    /// The characters this seat owns, by name as the state names them.
    pub characters: Vec<String>,
}

impl Seat {
    /// Whether this seat may act for `name`: the GM, or its owner.
    pub fn controls(&self, name: &str) -> bool {
        self.gm || self.characters.iter().any(|c| c == name)
    }
}

/// One legal move: a command with its fixed fields, and the blanks the user fills in.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Move {
    /// What the move is about, for grouping on a page: `"Conflict"`, `"Round"`, `"Problem"`, ...
    pub group: String,
    /// A short label in the book's terms: `"Gorand: bring in dice"`.
    pub label: String,
    /// The verb of the command this move sends (its `do`), typed where the move is made: the
    /// system's own ([`CommandShape::verb`](crate::CommandShape::verb), by its enum of verbs) or a
    /// table action's (`say`, `withdraw`). Not sent to a page: `command` says it there.
    #[serde(skip)]
    pub verb: &'static str,
    /// The fixed part of the command, `{"do": ..., ...}` (its `do` written from `verb`), the
    /// template of the form; each field's value is set at its `name`.
    pub command: Value,
    /// The blanks, in the order a form shows them.
    pub fields: Vec<Field>,
    /// Whether a page asks for this command's exact odds ([`System::odds`](crate::System::odds))
    /// and advice ([`System::advice`](crate::System::advice)) as its form is filled in.
    pub odds: bool,
    /// A rule reminder shown beside the form (at most a sentence or two), with its source.
    pub note: Option<String>,
    /// Where the command holds a character sheet (`"character"`), for a move that enrolls one: a
    /// page offers to save the sheet as a file and to fill the form from such a file.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sheet: Option<String>,
    /// A question the page asks before sending, for a move that cannot be taken back in play (it
    /// ends a round, a turn, a problem, an event or a conflict, or gives one up): one or two
    /// sentences in the reader's words saying what is lost, such as "End the event \"ambush\"?
    /// Its remaining turns are lost." `None` sends at once. A [`Choice`] may carry its own
    /// (asked instead when that option is picked). Undo still exists; this is a second look.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub confirm: Option<String>,
    /// Whether this is what the rules expect of this seat now, its turn ("Gorand: bring in dice"
    /// while Gorand's exchange waits for him; the GM's initiative when a round is over; an
    /// answer the table waits for): a page puts it first, open, as "Your turn: ...". Each system
    /// sets it from its own state (whose turn it is); several moves may lead at once (every
    /// action of a character with dice left), and none at all when nothing waits for the seat.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub lead: bool,
    /// The character the move is for, by name as the state names it, or `None` for the table's
    /// own moves (a new round, a character builder): a page groups moves by it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub character: Option<String>,
}

/// The `do` of the table's own talk action (`say`, crates/table `talk.rs`), which a system's
/// [`Move::talk`] prompts send.
pub const SAY: &str = "say";

/// The most characters one `say` holds (crates/table `limits::TALK`).
pub const TALK_CHARS: usize = 1000;

impl Move {
    /// A prompt to speak where the book calls for words (a narration in its turn, an outcome told
    /// in detail): a talk box sending the table's `say`, in character as `voice` (none: as the
    /// seat itself, the GM telling its own outcome), its words at most [`TALK_CHARS`] characters.
    /// `label` says what to tell; `note` when and why, with the source. Talk is not a system
    /// command: the table records it as talk, and the rules never see it.
    pub fn talk(group: &str, label: String, voice: Option<&str>, note: String) -> Self {
        let fixed = match voice {
            Some(voice) => serde_json::json!({"as": voice}),
            None => serde_json::json!({}),
        };
        Self {
            fields: vec![Field::text("text", "What you say", TALK_CHARS)],
            note: Some(note),
            character: voice.map(str::to_owned),
            ..Self::new(group, label, SAY, fixed)
        }
    }

    /// A move of `group` labelled `label` that sends `verb` (a system's enum of verbs, or a table
    /// action's name), with the rest of its fixed part `fixed` (a JSON object of the command's
    /// other keys; anything else is taken as none): `do` is written from `verb`, so the form's
    /// template and the typed verb cannot differ. No blanks, no odds, no note, no character: set
    /// those on the value made (`Move { fields, ..Move::new(...) }`, [`Move::for_character`]).
    pub fn new(
        group: &str,
        label: impl Into<String>,
        verb: impl Into<&'static str>,
        fixed: Value,
    ) -> Self {
        let verb = verb.into();
        let mut command = match fixed {
            Value::Object(map) => map,
            _ => serde_json::Map::new(),
        };
        command.insert("do".to_owned(), Value::from(verb));
        Self {
            group: group.to_owned(),
            label: label.into(),
            verb,
            command: Value::Object(command),
            fields: Vec::new(),
            odds: false,
            note: None,
            sheet: None,
            confirm: None,
            lead: false,
            character: None,
        }
    }

    /// This move, marked as the one the rules expect of its seat now ([`Move::lead`]).
    #[must_use]
    pub fn leading(mut self) -> Self {
        self.lead = true;
        self
    }

    /// This move, marked as `name`'s ([`Move::character`]).
    #[must_use]
    pub fn for_character(mut self, name: &str) -> Self {
        self.character = Some(name.to_owned());
        self
    }

    /// The verb of the command this move sends ([`Move::verb`], its `do`: `say` for a talk
    /// prompt, `withdraw` for a request taken back).
    pub fn does(&self) -> &'static str {
        self.verb
    }

    /// Whether this move sends `verb` (a system's enum of verbs, or a table action's name).
    pub fn sends(&self, verb: impl Into<&'static str>) -> bool {
        self.verb == verb.into()
    }

    /// The command this move sends with every blank at its starting value: a number at its
    /// default, a flag as it starts, a choice at its first option (a multiple choice empty), a text
    /// at its default when it has one, a list at the entries it starts with when it has some;
    /// other lists and blank texts are left out.
    pub fn starting_command(&self) -> Value {
        let mut command = self.command.clone();
        for field in &self.fields {
            let value = match &field.kind {
                FieldKind::Number { default, .. } => Value::from(*default),
                FieldKind::Flag { default } => Value::Bool(*default),
                FieldKind::Choice { options, multiple } => match (multiple, options.first()) {
                    (true, _) => Value::Array(Vec::new()),
                    (false, Some(first)) => first.value.clone(),
                    (false, None) => continue,
                },
                FieldKind::Text { default, .. } if !default.is_empty() => {
                    Value::String(default.clone())
                }
                FieldKind::List { entries, .. } if !entries.is_empty() => {
                    Value::Array(entries.clone())
                }
                FieldKind::Text { .. } | FieldKind::List { .. } => continue,
            };
            crate::set_path(&mut command, &field.name, value);
        }
        command
    }
}

/// One blank of a move.
///
/// `name` is where its value goes in the command: a key of `command` (`"spend"`), or a dotted path
/// into it (`"character.stats.Physical"`; a number segment is an array's index: `"character.keys.0"`).
/// Inside a [`FieldKind::List`] the names of its item's fields are relative to one entry.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Field {
    /// Where the value goes in the command (see above).
    pub name: String,
    /// What a form calls it.
    pub label: String,
    /// What may go in it.
    pub kind: FieldKind,
    /// What it means, in a sentence (an abbreviation spelled out, what a number does), shown beside it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub help: Option<String>,
    /// Shown only while another blank of the same scope (the form, or the list entry it sits in)
    /// holds one of some values: a consequence's trait blank only while its kind is a trait change.
    /// Its `field` is a path from that scope (`"kind"`). While hidden, the blank is left out of the
    /// command a page sends. Always shown when `None`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shown_when: Option<Condition>,
    /// A number the form may leave empty (left out of the command then), where the rules give it
    /// no value of its own: a Twenty NPC's stats (the book's dragon has none, T12). Numbers are
    /// required otherwise.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub optional: bool,
    /// A single choice that steers the form and is never sent: which other blanks show
    /// ([`Field::shown_when`] names it), where the command has no place for it. A Twenty major
    /// goal's kind of reward (T10) picks which of the reward's own blanks show (a key, a trait,
    /// three traits, a trait swapped), so the form lists each trait once per blank, not once per
    /// combination. Its `name` is one key (no dots), kept out of the command; only a single
    /// choice may be one ([`Field::form_only`] asserts it in debug builds).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub form_only: bool,
}

impl Field {
    /// A field of any kind, without help.
    pub fn new(name: impl Into<String>, label: impl Into<String>, kind: FieldKind) -> Self {
        Self {
            name: name.into(),
            label: label.into(),
            kind,
            help: None,
            shown_when: None,
            optional: false,
            form_only: false,
        }
    }

    /// This blank, which the form may leave empty ([`Field::optional`]).
    #[must_use]
    pub fn optional(mut self) -> Self {
        self.optional = true;
        self
    }

    /// This blank, which steers the form and is never sent ([`Field::form_only`]).
    #[must_use]
    pub fn form_only(mut self) -> Self {
        // A page draws only a single choice so (`macros.html`), while the test kit's form filler
        // leaves any kind out: another kind would be sent by the one and not the other.
        debug_assert!(
            matches!(
                self.kind,
                FieldKind::Choice {
                    multiple: false,
                    ..
                }
            ),
            "{}: only a single choice steers a form",
            self.name
        );
        self.form_only = true;
        self
    }

    /// A yes-or-no field starting at `default`.
    pub fn flag(name: &str, label: &str, default: bool) -> Self {
        Self::new(name, label, FieldKind::Flag { default })
    }

    /// A whole number from `min` to `max`, starting at `default`.
    pub fn number(name: &str, label: &str, min: i64, max: i64, default: i64) -> Self {
        Self::new(name, label, FieldKind::Number { min, max, default })
    }

    /// Free text of at most `max` characters.
    pub fn text(name: &str, label: &str, max: usize) -> Self {
        Self::new(
            name,
            label,
            FieldKind::Text {
                max,
                default: String::new(),
            },
        )
    }

    /// One of `options`, each `(value, label)`.
    pub fn choice(name: &str, label: &str, options: &[(Value, &str)]) -> Self {
        Self::new(
            name,
            label,
            FieldKind::Choice {
                options: options
                    .iter()
                    .map(|(value, label)| Choice::new(value.clone(), *label))
                    .collect(),
                multiple: false,
            },
        )
    }

    /// A list of `min` to `max` entries, each made of `item`'s fields, showing `start` entries at
    /// first (clamped into `min..=max`).
    pub fn list(
        name: &str,
        label: &str,
        item: Vec<Field>,
        min: usize,
        max: usize,
        start: usize,
    ) -> Self {
        Self::new(
            name,
            label,
            FieldKind::List {
                item,
                min,
                max,
                start: start.clamp(min, max),
                total: None,
                entries: Vec::new(),
            },
        )
    }

    /// The same list field starting with `entries` filled in, each as the command holds one (an
    /// object of the item fields' values, or a value for a list of one unnamed item): an answer's
    /// form starting at the adjustments a player proposed. Entries beyond the list's most are
    /// dropped; any other field is returned unchanged.
    #[must_use]
    pub fn with_entries(mut self, values: Vec<Value>) -> Self {
        if let FieldKind::List {
            entries,
            max,
            start,
            min,
            ..
        } = &mut self.kind
        {
            *entries = values.into_iter().take(*max).collect();
            *start = entries.len().clamp(*min, *max);
        }
        self
    }

    /// The same field with `help` shown beside it.
    #[must_use]
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// The same field, shown only while the blank at `field` (a path from the same scope: the form,
    /// or the list entry this field belongs to) holds one of `any_of` (see [`Field::shown_when`]).
    #[must_use]
    pub fn shown_when(mut self, field: &str, any_of: Vec<Value>) -> Self {
        self.shown_when = Some(Condition {
            field: field.to_owned(),
            any_of,
        });
        self
    }

    /// The same text field starting at `text`; any other field is returned unchanged.
    #[must_use]
    pub fn starting_at(mut self, text: impl Into<String>) -> Self {
        if let FieldKind::Text { default, .. } = &mut self.kind {
            *default = text.into();
        }
        self
    }

    /// A list field whose entries' `field` must add up to `target` (a form shows the running sum);
    /// any other field is returned unchanged.
    #[must_use]
    pub fn with_total(mut self, field: &str, target: i64) -> Self {
        if let FieldKind::List { total, .. } = &mut self.kind {
            *total = Some(Total {
                field: field.to_owned(),
                target,
            });
        }
        self
    }
}

/// What a field takes.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum FieldKind {
    /// A whole number from `min` to `max` (inclusive), starting at `default`.
    Number {
        /// The least allowed.
        min: i64,
        /// The most allowed.
        max: i64,
        /// The starting value.
        default: i64,
    },
    /// One of `options` (or several, with `multiple`: the field is then a JSON array).
    Choice {
        /// The options.
        options: Vec<Choice>,
        /// Whether several may be picked.
        multiple: bool,
    },
    /// Free text of at most `max` characters, starting at `default`.
    Text {
        /// The most characters allowed.
        max: usize,
        /// The starting text (empty: a blank).
        #[serde(skip_serializing_if = "String::is_empty")]
        default: String,
    },
    /// Yes or no, starting at `default`.
    Flag {
        /// The starting value.
        default: bool,
    },
    /// A list of entries, each made of the `item` fields (their names relative to the entry): the
    /// command gets an array of objects, or, when `item` is one field named `""`, an array of its
    /// values.
    List {
        /// The fields of one entry.
        item: Vec<Field>,
        /// The fewest entries allowed.
        min: usize,
        /// The most entries allowed.
        max: usize,
        /// How many entries a form shows at first (`min..=max`).
        start: usize,
        /// A sum the entries must reach, which a form shows as they change.
        #[serde(skip_serializing_if = "Option::is_none")]
        total: Option<Total>,
        /// The entries a form starts with, filled in (each as the command holds one); empty:
        /// `start` blank entries.
        #[serde(skip_serializing_if = "Vec::is_empty")]
        entries: Vec<Value>,
    },
}

/// A sum over a [`FieldKind::List`]'s entries: their `field` values must add up to `target`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Total {
    /// The entry field summed (a name of the list's item).
    pub field: String,
    /// The sum required.
    pub target: i64,
}

/// One option of a [`FieldKind::Choice`].
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Choice {
    /// The JSON value the command gets.
    pub value: Value,
    /// What a form shows.
    pub label: String,
    /// What it means, in a sentence (a trait's description), shown when it is picked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub help: Option<String>,
    /// Offered only while another field of the same form holds one of some values (a key's
    /// traits while that key is picked); always offered when `None`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub only_if: Option<Condition>,
    /// A question the page asks before sending while this option is picked (in place of the
    /// move's own [`Move::confirm`]): for the one option that loses something, such as taking 1 of
    /// a divided turn's 2 Full Actions. `None`: nothing more is asked for it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub confirm: Option<String>,
}

impl Choice {
    /// An option always offered, without help.
    pub fn new(value: Value, label: impl Into<String>) -> Self {
        Self {
            value,
            label: label.into(),
            help: None,
            only_if: None,
            confirm: None,
        }
    }

    /// The same option with `help`.
    #[must_use]
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// The same option, asking `question` before a form sends it picked (see [`Choice::confirm`]).
    #[must_use]
    pub fn confirming(mut self, question: impl Into<String>) -> Self {
        self.confirm = Some(question.into());
        self
    }

    /// The same option, offered only while the field at `field` (a path from the command's root)
    /// holds one of `any_of`.
    #[must_use]
    pub fn only_if(mut self, field: &str, any_of: Vec<Value>) -> Self {
        self.only_if = Some(Condition {
            field: field.to_owned(),
            any_of,
        });
        self
    }
}

/// When a [`Choice`] is offered, or a [`Field`] shown: while the field at `field` holds one of
/// `any_of` (for a field that takes several values, while any of them is picked).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Condition {
    /// The field's path: from the command's root for a [`Choice::only_if`]
    /// (`"character.keys.0"`), from the field's own scope for a [`Field::shown_when`] (`"kind"`).
    pub field: String,
    /// The values that offer the choice.
    pub any_of: Vec<Value>,
}

/// Exact chances of a command before its dice are rolled.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Odds {
    /// One sentence: what the chances are of.
    pub summary: String,
    /// The outcomes that matter (success, failure, a tie...), each with its exact chance.
    pub chances: Vec<Chance>,
    /// The distribution of the deciding number, when there is one worth drawing (outcome, chance).
    pub distribution: Vec<Chance>,
}

/// One outcome's chance: exact (`margin` is `None`), or a simulation's estimate with its error.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Chance {
    /// The outcome, in the book's terms (or the number, for a distribution).
    pub label: String,
    /// The exact chance as a reduced fraction `"n/d"` (`"1"` and `"0"` for certain and impossible);
    /// for an estimate, the simulated plays that ended so over all the plays, not reduced, so the
    /// plays stay known (`"6213/10000"`, `"5000/10000"`; `"0/0"` for none).
    pub p: String,
    /// The same as a decimal in 0..=1, for drawing; never shown instead of `p`.
    pub decimal: f64,
    /// For a simulation's estimate: the half-width of its 99.9% interval, in 0..=1 (`0.01` is "± 1
    /// point"); `None` (and left out of JSON) for an exact chance.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub margin: Option<f64>,
    /// For a proposal a reader may take (issue 32: a fair fight's opponent, Difficulty or
    /// impact), the values it writes into the form its advice sits under; `None` (and left out of
    /// JSON) for a chance that proposes nothing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fill: Option<Fill>,
}

/// What taking a proposal writes into its form (issue 32: the GM accepts a fair fight's
/// proposal, then sees its chance as for any edit). A page offers it as a button beside the
/// proposal's chance; pressing it sets each named blank of the form the advice sits under to its
/// value and asks the odds and the advice again, as when typed. A name the form has no blank for
/// is passed over, so one proposal may name the blanks of every form its command comes from
/// (Chi's builder and its one-line form). The system sets only blanks of its own forms.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Fill {
    /// What it writes, in the reader's words, after "Use this": "set the Difficulty to 5". A
    /// page says it to a screen reader as the button's name.
    pub label: String,
    /// Blank name (a [`Field::name`]: a dotted path from the form's root) -> the value the blank
    /// takes, as the command holds it: a number or a string for a number or text blank, `null`
    /// to leave one empty, an array of entries for a [`FieldKind::List`] (the form gets one
    /// entry per item, as many as the list allows).
    pub blanks: std::collections::BTreeMap<String, Value>,
}

impl Fill {
    /// A fill that writes `blanks` (name, value), described by `label`.
    pub fn new(
        label: impl Into<String>,
        blanks: impl IntoIterator<Item = (String, Value)>,
    ) -> Self {
        Self {
            label: label.into(),
            blanks: blanks.into_iter().collect(),
        }
    }
}

/// The z value of a two-sided 99.9% normal interval: the margin of [`Chance::estimate`].
pub const Z_999: f64 = 3.290_526_731_491_926;

impl Chance {
    /// An exact chance: `p` as its reduced fraction and its decimal, no margin.
    pub fn exact(label: impl Into<String>, p: &skald_dice::odds::Fraction) -> Self {
        Self {
            label: label.into(),
            p: p.to_string(),
            decimal: p.to_f64(),
            margin: None,
            fill: None,
        }
    }

    /// The same chance, offering `fill`: the values its proposal writes into the form
    /// ([`Chance::fill`]).
    #[must_use]
    pub fn with_fill(mut self, fill: Fill) -> Self {
        self.fill = Some(fill);
        self
    }

    /// A simulation's estimate: `hits` of `plays` simulated plays ended in this outcome. `p` is
    /// `"hits/plays"` as counted (never reduced: `"5000/10000"` says how many plays, `"1/2"` would
    /// not; [`crate::words::simulated`] reads it as "simulated: 5000 of 10000 plays"); `decimal`
    /// is `hits / plays`; `margin` the half-width of the 99.9% Wilson score interval around it
    /// (never 0, so a share of 0 or 1 still says how sure it is). `plays` 0 is read as no
    /// evidence: 0 with a margin of 1. `hits` above `plays` counts as `plays`.
    pub fn estimate(label: impl Into<String>, hits: u64, plays: u64) -> Self {
        let label = label.into();
        if plays == 0 {
            return Self {
                label,
                p: "0/0".into(),
                decimal: 0.0,
                margin: Some(1.0),
                fill: None,
            };
        }
        let hits = hits.min(plays);
        let n = plays as f64;
        let share = hits as f64 / n;
        let z2 = Z_999 * Z_999;
        let centre = (share + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = Z_999 / (1.0 + z2 / n) * (share * (1.0 - share) / n + z2 / (4.0 * n * n)).sqrt();
        let margin = (centre + half - share).max(share - (centre - half));
        Self {
            label,
            p: format!("{hits}/{plays}"),
            decimal: share,
            margin: Some(margin),
            fill: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// An exact chance carries no margin, and its JSON says nothing of one; an estimate's margin
    /// is the half-width of the 99.9% Wilson interval, never 0 even for a share of 0.
    #[test]
    fn an_estimate_carries_its_margin_and_an_exact_chance_none() {
        let half = skald_dice::odds::Fraction::new(1.into(), 2u32.into());
        let exact = Chance::exact("win", &half);
        assert_eq!(exact.margin, None);
        assert_eq!(
            serde_json::to_value(&exact).ok(),
            Some(json!({"label": "win", "p": "1/2", "decimal": 0.5}))
        );
        let even = Chance::estimate("win", 50, 100);
        assert_eq!((even.p.as_str(), even.decimal), ("50/100", 0.5));
        let margin = even.margin.unwrap_or_default();
        assert!((margin - 0.156_28).abs() < 1e-4, "{margin}");
        let none = Chance::estimate("win", 0, 100);
        let margin = none.margin.unwrap_or_default();
        assert_eq!(none.p, "0/100");
        assert!((margin - 0.097_70).abs() < 1e-4, "{margin}");
        let unplayed = Chance::estimate("win", 3, 0);
        assert_eq!(
            (unplayed.p.as_str(), unplayed.decimal, unplayed.margin),
            ("0/0", 0.0, Some(1.0))
        );
        let capped = Chance::estimate("win", 7, 4);
        assert_eq!(capped.p, "4/4");
    }

    /// A blank shown only while another of its scope holds some values serializes its condition
    /// for a page (`shown_when`), and a blank without one says nothing of it.
    #[test]
    fn a_blank_shown_when_another_holds_a_value_says_so() {
        let trait_name =
            Field::text("trait", "Trait", 60).shown_when("kind", vec![json!("trait_change")]);
        assert_eq!(
            serde_json::to_value(&trait_name).ok(),
            Some(json!({
                "name": "trait", "label": "Trait", "kind": {"type": "text", "max": 60},
                "shown_when": {"field": "kind", "any_of": ["trait_change"]}
            }))
        );
        let plain = Field::text("note", "Note", 300);
        assert_eq!(plain.shown_when, None);
        assert_eq!(
            serde_json::to_value(&plain).ok(),
            Some(json!({"name": "note", "label": "Note", "kind": {"type": "text", "max": 300}}))
        );
    }
}
