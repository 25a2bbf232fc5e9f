//! Playing a [`Scenario`] through a [`Table`] of its system, step by step, checking every expectation.

use crate::expect::{matches, project};
use crate::{Error, ErrorKind, Scenario};
use serde::Serialize;
use serde_json::Value;
use skald_core::{Scripted, System, Table};
use std::fmt::Write as _;

/// What a replay did: the log of every step played and, if one went wrong, the failure.
#[derive(Debug, Clone, Serialize)]
pub struct Replay {
    /// The scenario's title.
    pub title: String,
    /// The system played.
    pub system: String,
    /// Where the scenario comes from.
    pub source: Option<String>,
    /// The table options in force, defaults filled in: the head of the log.
    pub options: Value,
    /// Putting the characters at the table.
    pub setup: Vec<StepLog>,
    /// The steps played, in order; a failed step is the last one.
    pub steps: Vec<StepLog>,
    /// The state after the last step played, as the system's view.
    pub state: Value,
    /// The first step that went wrong, if any; the replay stops there.
    pub failure: Option<Failure>,
}

/// One step as played.
#[derive(Debug, Clone, Serialize)]
pub struct StepLog {
    /// 1-based step number (characters: 1-based position in `[[characters]]`).
    pub step: usize,
    /// The step's note.
    pub note: Option<String>,
    /// The command as written.
    pub command: Value,
    /// The events it produced (empty when refused).
    pub events: Vec<Value>,
    /// The events as log lines, every die shown.
    pub lines: Vec<String>,
    /// The refusal message, when the command was refused.
    pub refused: Option<String>,
}

/// Why a replay stopped.
#[derive(Debug, Clone, Serialize)]
pub struct Failure {
    /// 1-based number of the step that failed.
    pub step: usize,
    /// What went wrong, in a sentence.
    pub message: String,
    /// What the scenario expected, as pretty JSON or text.
    pub expected: Option<String>,
    /// What happened, cut to the shape of the expectation.
    pub actual: Option<String>,
}

impl Failure {
    /// A unified diff of expected and actual, or an empty string when there is nothing to compare.
    pub fn diff(&self) -> String {
        match (&self.expected, &self.actual) {
            (Some(expected), Some(actual)) => similar::TextDiff::from_lines(expected, actual)
                .unified_diff()
                .header("expected", "actual")
                .to_string(),
            _ => String::new(),
        }
    }
}

impl Replay {
    /// Whether every step played and every expectation held.
    pub fn passed(&self) -> bool {
        self.failure.is_none()
    }

    /// The table log as text: the header, the options, then each step's note and event lines.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "{} ({})", self.title, self.system);
        if let Some(source) = &self.source {
            let _ = writeln!(out, "source: {source}");
        }
        let _ = writeln!(out, "options: {}", self.options);
        for entry in &self.setup {
            for line in &entry.lines {
                let _ = writeln!(out, "  {line}");
            }
        }
        for entry in &self.steps {
            let _ = writeln!(out);
            match &entry.note {
                Some(note) => {
                    let _ = writeln!(out, "{}. {note}", entry.step);
                }
                None => {
                    let _ = writeln!(out, "{}.", entry.step);
                }
            }
            for line in &entry.lines {
                let _ = writeln!(out, "   {line}");
            }
            if let Some(refusal) = &entry.refused {
                let _ = writeln!(out, "   refused: {refusal}");
            }
        }
        out
    }
}

impl Scenario {
    /// Plays the scenario with the rules of `S` (the registry, `crates/systems`, picks `S` by the
    /// scenario's `system`).
    ///
    /// # Errors
    /// [`ErrorKind::WrongSystem`] when the scenario is not of system `S`; [`ErrorKind::Options`],
    /// [`ErrorKind::Character`] or [`ErrorKind::Step`] when the options, a character or a command
    /// do not fit the system; these are found before any step is played. A step that goes wrong
    /// while playing is not an error: it is the replay's [`Failure`].
    pub fn replay_as<S: System>(&self) -> Result<Replay, Error> {
        self.check_system::<S>()?;
        let options: S::Options = serde_json::from_value(self.options.clone())
            .map_err(|e| ErrorKind::Options(e.to_string()))?;
        let characters: Vec<S::Character> = self
            .characters
            .iter()
            .enumerate()
            .map(|(i, c)| {
                serde_json::from_value(c.clone()).map_err(|e| {
                    Error::from(ErrorKind::Character {
                        index: i + 1,
                        message: e.to_string(),
                    })
                })
            })
            .collect::<Result<_, _>>()?;
        let commands: Vec<S::Command> = self
            .steps
            .iter()
            .enumerate()
            .map(|(i, step)| {
                serde_json::from_value(step.command.clone()).map_err(|e| {
                    Error::from(ErrorKind::Step {
                        index: i + 1,
                        message: e.to_string(),
                    })
                })
            })
            .collect::<Result<_, _>>()?;

        let mut table = Table::<S>::new(options);
        let mut replay = Replay {
            title: self.title.clone(),
            system: self.system.clone(),
            source: self.source.clone(),
            options: to_json(table.options()),
            setup: Vec::new(),
            steps: Vec::new(),
            state: Value::Null,
            failure: None,
        };
        for (i, character) in characters.into_iter().enumerate() {
            let command = S::enroll(character);
            let command_json = to_json(&command);
            match table.execute(command, &mut Scripted::new(Vec::new())) {
                Ok(events) => replay
                    .setup
                    .push(logged::<S>(i + 1, None, command_json, events)),
                Err(err) => {
                    replay.failure = Some(Failure {
                        step: 0,
                        message: format!("character {} was refused: {err}", i + 1),
                        expected: None,
                        actual: None,
                    });
                    replay.state = S::view(table.state());
                    return Ok(replay);
                }
            }
        }
        for (i, (step, command)) in self.steps.iter().zip(commands).enumerate() {
            let number = i + 1;
            let mut dice = Scripted::new(step.dice.clone());
            let outcome = table.execute(command, &mut dice);
            let (entry, failure) = match (outcome, &step.expect_error) {
                (Ok(events), None) => {
                    let entry =
                        logged::<S>(number, step.note.clone(), step.command.clone(), events);
                    let failure = leftover_dice(number, &dice);
                    (entry, failure)
                }
                (Ok(events), Some(wanted)) => {
                    let entry =
                        logged::<S>(number, step.note.clone(), step.command.clone(), events);
                    let failure = Failure {
                        step: number,
                        message:
                            "the command was accepted, but the scenario expects it to be refused"
                                .into(),
                        expected: Some(format!("refused: ...{wanted}...\n")),
                        actual: Some(format!("accepted: {}\n", entry.lines.join("; "))),
                    };
                    (entry, Some(failure))
                }
                (Err(err), wanted) => {
                    let message = err.to_string();
                    let mut entry =
                        logged::<S>(number, step.note.clone(), step.command.clone(), &[]);
                    entry.refused = Some(message.clone());
                    let failure = match wanted {
                        Some(_) if !step.dice.is_empty() && !scripted_dice_at_fault(&err) => {
                            Some(Failure {
                                step: number,
                                message: format!(
                                    "the command was refused as expected, but a refused command rolls nothing: remove its dice {:?}",
                                    step.dice
                                ),
                                expected: None,
                                actual: None,
                            })
                        }
                        Some(wanted) if message.contains(wanted.as_str()) => None,
                        Some(wanted) => Some(Failure {
                            step: number,
                            message: "the command was refused, but not for the expected reason"
                                .into(),
                            expected: Some(format!("refused: ...{wanted}...\n")),
                            actual: Some(format!("refused: {message}\n")),
                        }),
                        None => Some(Failure {
                            step: number,
                            message: if scripted_dice_at_fault(&err) {
                                format!(
                                    "the step's scripted dice do not fit what the command rolls \
                                     ({} given): {message}",
                                    step.dice.len()
                                )
                            } else {
                                format!("the command was refused: {message}")
                            },
                            expected: None,
                            actual: None,
                        }),
                    };
                    (entry, failure)
                }
            };
            replay.steps.push(entry);
            let failure = failure.or_else(|| {
                let expected = step.expect.as_ref()?;
                let view = S::view(table.state());
                (!matches(expected, &view)).then(|| Failure {
                    step: number,
                    message: "the state after the step is not what the scenario expects".into(),
                    expected: Some(pretty(expected)),
                    actual: Some(pretty(&project(expected, &view))),
                })
            });
            if failure.is_some() {
                replay.failure = failure;
                break;
            }
        }
        replay.state = S::view(table.state());
        Ok(replay)
    }
}

fn logged<S: System>(
    step: usize,
    note: Option<String>,
    command: Value,
    events: &[S::Event],
) -> StepLog {
    StepLog {
        step,
        note,
        command,
        events: events.iter().map(to_json).collect(),
        lines: events.iter().map(S::describe).collect(),
        refused: None,
    }
}

/// Whether a refusal comes from the scripted dice (too few, or a value that is not a face), not the rules.
fn scripted_dice_at_fault(err: &(dyn std::error::Error + 'static)) -> bool {
    std::iter::successors(err.source(), |e| e.source()).any(|e| e.is::<skald_core::SourceError>())
}

fn leftover_dice(step: usize, dice: &Scripted) -> Option<Failure> {
    let left = dice.remaining();
    (!left.is_empty()).then(|| Failure {
        step,
        message: format!("the command did not roll every scripted die: {left:?} left over"),
        expected: None,
        actual: None,
    })
}

fn to_json<T: Serialize>(value: &T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

fn pretty(value: &Value) -> String {
    let mut text = serde_json::to_string_pretty(value).unwrap_or_default();
    text.push('\n');
    text
}

impl Scenario {
    fn check_system<S: System>(&self) -> Result<(), Error> {
        if self.system == S::NAME {
            Ok(())
        } else {
            Err(ErrorKind::WrongSystem {
                system: self.system.clone(),
                wanted: S::NAME,
            }
            .into())
        }
    }

    /// The table after the characters and the first `steps` steps, for asking questions of a position
    /// (`skald twenty choices`). Steps that expect a refusal are skipped when refused; expectations are
    /// not checked.
    ///
    /// # Errors
    /// As [`Scenario::replay_as`] for a malformed scenario; [`ErrorKind::Step`] when a step is
    /// refused without expecting it, or `steps` is beyond the scenario's length;
    /// [`ErrorKind::WrongSystem`] when the scenario is not of system `S`.
    pub fn table_after<S: System>(&self, steps: usize) -> Result<Table<S>, Error> {
        self.walk(steps, |_, _| {})
    }

    /// The step counts from 0 to the scenario's length after which `holds` is true of the table
    /// there (given the count), in order: where a question such as `skald twenty advise` has an
    /// answer, for a refusal to name. One replay, not one per count.
    ///
    /// # Errors
    /// As [`Scenario::table_after`] with every step.
    pub fn steps_where<S: System>(
        &self,
        holds: impl Fn(usize, &Table<S>) -> bool,
    ) -> Result<Vec<usize>, Error> {
        let mut found = Vec::new();
        self.walk(self.steps.len(), |count, table| {
            if holds(count, table) {
                found.push(count);
            }
        })?;
        Ok(found)
    }

    /// The table after the characters and the first `steps` steps, shown to `visit` after each
    /// count of steps from 0 to `steps`.
    fn walk<S: System>(
        &self,
        steps: usize,
        mut visit: impl FnMut(usize, &Table<S>),
    ) -> Result<Table<S>, Error> {
        self.check_system::<S>()?;
        if steps > self.steps.len() {
            return Err(ErrorKind::Step {
                index: steps,
                message: format!(
                    "the scenario has {}",
                    skald_core::noun(self.steps.len(), "step", "steps")
                ),
            }
            .into());
        }
        let options: S::Options = serde_json::from_value(self.options.clone())
            .map_err(|e| ErrorKind::Options(e.to_string()))?;
        let mut table = Table::<S>::new(options);
        for (i, c) in self.characters.iter().enumerate() {
            let sheet: S::Character = serde_json::from_value(c.clone()).map_err(|e| {
                Error::from(ErrorKind::Character {
                    index: i + 1,
                    message: e.to_string(),
                })
            })?;
            table
                .execute(S::enroll(sheet), &mut Scripted::new(Vec::new()))
                .map_err(|e| {
                    Error::from(ErrorKind::Character {
                        index: i + 1,
                        message: e.to_string(),
                    })
                })?;
        }
        visit(0, &table);
        for (i, step) in self.steps.iter().take(steps).enumerate() {
            let command: S::Command =
                serde_json::from_value(step.command.clone()).map_err(|e| {
                    Error::from(ErrorKind::Step {
                        index: i + 1,
                        message: e.to_string(),
                    })
                })?;
            match table.execute(command, &mut Scripted::new(step.dice.clone())) {
                Ok(_) => {}
                Err(_) if step.expect_error.is_some() => {}
                Err(e) => {
                    return Err(ErrorKind::Step {
                        index: i + 1,
                        message: e.to_string(),
                    }
                    .into());
                }
            }
            visit(i + 1, &table);
        }
        Ok(table)
    }
}
