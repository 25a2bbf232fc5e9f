//! Talk at the table (`say`): words to everyone, or a whisper to one seat, out of character or in
//! character as one of the sender's characters (issue 16, "Talk"; docs/decisions.md, "Talk").
//!
//! Talk is part of the log: ordered with everything else, kept, exported, and never taken back by
//! `undo` (which takes back commands only; talk after a command does not stand in its way). A
//! whisper's words, sender and recipient are the record's secret, read by the sender, the
//! recipient and the GM only ([`crate::Audience::Whisper`]); the other seats see that record `n`
//! exists (the log's hash chain needs every seq) and nothing else. Each seat may say
//! [`TALK_PER_MINUTE`] things a minute, counted on the log's own times, so the bound holds on every
//! node and after a restart.

use crate::action::Recipient;
use crate::error::{Error, ErrorKind};
use crate::limits::{self, TALK_PER_MINUTE};
use crate::record::{Actor, Audience, Body, Record, Secret, SecretBody};
use crate::table::Table;

impl Table {
    /// The record of `by` saying `text` (1-1000 characters, lines kept), to everyone or whispered
    /// `to` one seat, in character `voice` (one of `by`'s characters) or out of character. A
    /// whisper's secret takes `fresh` (32 random bytes from the server) as the nonce of the
    /// commitment its public body carries ([`SecretBody::commitment`]).
    ///
    /// # Errors
    /// [`ErrorKind::Length`] / [`ErrorKind::ControlCharacter`] for the text;
    /// [`ErrorKind::BadAction`] naming `to` for no such seat or the sender's own, or naming `as`
    /// for a character that is not the sender's; [`ErrorKind::TalkTooFast`] past
    /// [`TALK_PER_MINUTE`].
    pub(crate) fn say(
        &self,
        by: Actor,
        text: &str,
        to: Option<Recipient>,
        voice: Option<&str>,
        fresh: [u8; 32],
        at_ms: i64,
    ) -> Result<Record, Error> {
        limits::check_lines("text", text, limits::TALK)?;
        let voice = voice.map(|v| self.voice_of(by, v)).transpose()?;
        if let Some(Recipient(to)) = to {
            self.check_recipient(by, to)?;
        }
        self.check_pace(by, at_ms)?;
        let text = text.to_owned();
        Ok(match to {
            None => self.record_now(at_ms, Body::Said { by, voice, text }),
            Some(Recipient(to)) => {
                let secret = SecretBody::Whisper {
                    by,
                    to,
                    voice,
                    text,
                    nonce: Some(hex::encode(fresh)),
                };
                self.record_secret(
                    at_ms,
                    Body::Whispered {
                        commitment: secret.commitment(),
                    },
                    Secret {
                        audience: Audience::Whisper { from: by, to },
                        body: secret,
                    },
                )
            }
        })
    }

    /// Whether `by` has already answered the talk prompt `offered` ([`skald_core::Move::talk`]):
    /// said something aloud in the prompt's voice while it was offered (see
    /// [`Table::fold_prompts`]). The rules never see talk, so without this a narration prompt
    /// would stay until the next exchange. Any other move is never answered here.
    pub(crate) fn answered_prompt(&self, by: Actor, offered: &skald_core::Move) -> bool {
        offered.does() == skald_core::SAY
            && self
                .answered
                .get(&by)
                .is_some_and(|labels| labels.contains(&offered.label))
    }

    /// Keeps [`Table::answered_prompt`]'s memory as a record is folded: words `said` aloud (the
    /// speaker and the voice) answer every talk prompt the speaker is offered in that voice (its
    /// character, or none for a prompt out of character); a change of the rules' state
    /// (`rules_changed`: a command, an answer, an undo) forgets the answered prompts no longer
    /// offered, so the same prompt offered again later (the next conflict's exchange 2) asks
    /// anew, while one still offered (a goal confirmed between exchanges) stays answered.
    pub(crate) fn fold_prompts(
        &mut self,
        said: Option<(Actor, Option<String>)>,
        rules_changed: bool,
    ) {
        if let Some((by, voice)) = said {
            let labels: Vec<String> = self
                .talk_prompts(by)
                .into_iter()
                // A talk prompt's voice is its character (`Move::talk`).
                .filter(|m| m.character == voice)
                .map(|m| m.label)
                .collect();
            if !labels.is_empty() {
                self.answered.entry(by).or_default().extend(labels);
            }
        }
        if rules_changed && !self.answered.is_empty() {
            let seats: Vec<Actor> = self.answered.keys().copied().collect();
            for seat in seats {
                let offered: Vec<String> = self
                    .talk_prompts(seat)
                    .into_iter()
                    .map(|m| m.label)
                    .collect();
                if let Some(labels) = self.answered.get_mut(&seat) {
                    labels.retain(|label| offered.contains(label));
                }
            }
            self.answered.retain(|_, labels| !labels.is_empty());
        }
    }

    /// The talk prompts the rules offer `seat` now.
    fn talk_prompts(&self, seat: Actor) -> Vec<skald_core::Move> {
        let mut moves = self.system_moves(seat);
        moves.retain(|m| m.does() == skald_core::SAY);
        moves
    }

    /// The character `name` as the table spells it, if `by` owns it.
    fn voice_of(&self, by: Actor, name: &str) -> Result<String, Error> {
        let yours: Vec<&String> = self
            .owners()
            .iter()
            .filter(|(_, owner)| **owner == by)
            .map(|(character, _)| character)
            .collect();
        if let Some(character) = yours.iter().find(|c| limits::same_name(c, name)) {
            return Ok((*character).clone());
        }
        let shown: String = name.chars().take(60).collect();
        let message = if yours.is_empty() {
            format!(
                "you cannot speak as \"{shown}\": you have no character yet, so speak as yourself"
            )
        } else {
            let names: Vec<&str> = yours.iter().map(|c| c.as_str()).collect();
            format!(
                "you cannot speak as \"{shown}\": your characters are {}",
                names.join(", ")
            )
        };
        Err(ErrorKind::BadAction { message }.into())
    }

    fn check_recipient(&self, by: Actor, to: Actor) -> Result<(), Error> {
        let message = if to == by {
            "a whisper goes to someone else: pick another seat, or everyone".to_owned()
        } else if let Actor::Player(n) = to {
            return self.player("to", n).map(|_| ());
        } else {
            return Ok(());
        };
        Err(ErrorKind::BadAction { message }.into())
    }

    /// At most [`TALK_PER_MINUTE`] talk records of `by` in the minute up to `at_ms`.
    fn check_pace(&self, by: Actor, at_ms: i64) -> Result<(), Error> {
        let since = at_ms.saturating_sub(60_000);
        let mut said = self
            .records()
            .iter()
            .rev()
            .take_while(|r| r.at_ms > since)
            .filter(|r| r.talker() == Some(by));
        let Some(oldest) = said.nth(TALK_PER_MINUTE - 1) else {
            return Ok(());
        };
        let wait_ms = oldest.at_ms.saturating_sub(since).max(0);
        Err(ErrorKind::TalkTooFast {
            said: TALK_PER_MINUTE,
            wait_s: u64::try_from(wait_ms.div_euclid(1000) + 1).unwrap_or(1),
        }
        .into())
    }
}
