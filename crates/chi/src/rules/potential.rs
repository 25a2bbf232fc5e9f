//! Loss of potential and advancement (ruling C5): injuries, fatigue and other losses (temporary or
//! permanent), recovery, new dice (waiting while the character is below its maximum), new
//! descriptive words and changes of concept.

use crate::error::Error;
use crate::limits::{MAX_DETAIL, MAX_POOL, MAX_TEXT, MAX_WORDS};
use crate::model::command::{Cause, WordChange};
use crate::model::event::{Event, Loss};
use crate::model::sheet::Sheet;
use crate::model::state::{Character, State};
use crate::rules::sheets::{self, check_text};

/// `lose`: the current pool drops by `amount` (and the maximum too when `permanent`).
pub(crate) fn lose(
    state: &State,
    who: &str,
    amount: u32,
    cause: Cause,
    permanent: bool,
    detail: Option<&str>,
) -> Result<Vec<Event>, Error> {
    let character = sheets::character(state, "who", who)?;
    Error::check_range("amount", amount, 1, MAX_POOL, "dice lost")?;
    let current = character.sheet.current;
    if amount > current {
        return Err(Error::LossBeyondPool {
            field: "amount",
            name: who.to_owned(),
            amount,
            current,
        });
    }
    if let Some(detail) = detail {
        check_text("detail", detail, MAX_DETAIL)?;
    }
    let pool = character.sheet.pool;
    Ok(vec![Event::Lost(Loss {
        who: who.to_owned(),
        amount,
        cause,
        permanent,
        detail: detail.map(str::to_owned),
        pool: if permanent { pool - amount } else { pool },
        current: current - amount,
    })])
}

/// `recover`: temporarily lost dice come back; back at the maximum, a waiting die joins (C5).
pub(crate) fn recover(
    state: &State,
    who: &str,
    amount: u32,
    cause: Option<Cause>,
) -> Result<Vec<Event>, Error> {
    let character = sheets::character(state, "who", who)?;
    Error::check_range("amount", amount, 1, MAX_POOL, "dice recovered")?;
    let recoverable = character.recoverable(cause);
    if amount > recoverable {
        let dice = if recoverable == 1 { "die" } else { "dice" };
        let what = match cause {
            Some(cause) => format!("{dice} temporarily lost to {cause}"),
            None => format!("{dice} temporarily lost"),
        };
        return Err(Error::NothingToRecover {
            field: "amount",
            name: who.to_owned(),
            amount,
            recoverable,
            what,
        });
    }
    let pool = character.sheet.pool;
    let current = character.sheet.current + amount;
    let mut events = vec![Event::Recovered {
        who: who.to_owned(),
        amount,
        cause,
        pool,
        current,
    }];
    if character.waiting && current == pool {
        events.push(Event::DieAdded {
            who: who.to_owned(),
            waited: true,
            pool: pool + 1,
            current: current + 1,
        });
    }
    Ok(events)
}

/// `advance`: one new die, added now or waiting (C5), with an optional word and concept change.
pub(crate) fn advance(
    state: &State,
    who: &str,
    word: Option<&str>,
    replace: Option<&WordChange>,
    occupation: Option<&str>,
) -> Result<Vec<Event>, Error> {
    let character = sheets::character(state, "who", who)?;
    if character.waiting {
        return Err(Error::DieAlreadyWaiting {
            name: who.to_owned(),
        });
    }
    let c = &character.sheet;
    Error::check_range(
        "pool",
        c.pool + 1,
        1,
        MAX_POOL,
        "the maximum pool with the new die, in d6",
    )?;
    let waiting = c.current < c.pool;
    let mut events = vec![Event::DieAwarded {
        who: who.to_owned(),
        waiting,
    }];
    if !waiting {
        events.push(Event::DieAdded {
            who: who.to_owned(),
            waited: false,
            pool: c.pool + 1,
            current: c.current + 1,
        });
    }
    let mut sheet = c.clone();
    if !waiting {
        sheet.pool += 1;
        sheet.current += 1;
    }
    if replace.is_some() || occupation.is_some() {
        events.push(change(&mut sheet, replace, occupation)?);
    }
    if let Some(word) = word {
        events.push(new_word(&mut sheet, word)?);
    }
    Ok(events)
}

/// `add_word`: a new descriptive word, paid for by an earlier pool increase (C5).
pub(crate) fn add_word(state: &State, who: &str, word: &str) -> Result<Vec<Event>, Error> {
    let character: &Character = sheets::character(state, "who", who)?;
    if character.words_earned == 0 {
        return Err(Error::NoWordEarned {
            name: who.to_owned(),
            word: word.to_owned(),
        });
    }
    let mut sheet = character.sheet.clone();
    Ok(vec![new_word(&mut sheet, word)?])
}

/// `change_concept`: only between sessions (C5).
pub(crate) fn change_concept(
    state: &State,
    who: &str,
    replace: Option<&WordChange>,
    occupation: Option<&str>,
) -> Result<Vec<Event>, Error> {
    let character = sheets::character(state, "who", who)?;
    if !state.between_sessions {
        return Err(Error::ConceptChangeNotNow {
            name: who.to_owned(),
        });
    }
    if replace.is_none() && occupation.is_none() {
        return Err(Error::NothingToChange);
    }
    let mut sheet = character.sheet.clone();
    Ok(vec![change(&mut sheet, replace, occupation)?])
}

/// Checks and applies a word change and/or a new occupation to `sheet`; the event for it.
fn change(
    sheet: &mut Sheet,
    replace: Option<&WordChange>,
    occupation: Option<&str>,
) -> Result<Event, Error> {
    if let Some(WordChange { old, new }) = replace {
        if sheet.words.is_empty() {
            return Err(Error::MinorNpcWords {
                name: sheet.name.clone(),
            });
        }
        let Some(at) = sheet.words.iter().position(|w| w == old) else {
            return Err(word_error(
                "replace.old",
                old,
                format!("the concept's words are {}", sheet.words.join(", ")),
            ));
        };
        check_word("replace.new", new, sheet)?;
        sheet.words[at].clone_from(new);
    }
    if let Some(occupation) = occupation {
        check_text("occupation", occupation, MAX_TEXT)?;
        if occupation.contains(',')
            || occupation.ends_with(|c: char| c.is_ascii_digit() || c == '/')
        {
            return Err(Error::Word {
                field: "occupation",
                word: occupation.to_owned(),
                problem: "an occupation has no comma and does not end in a digit or \"/\", so the \
                          character line still reads back (C6)"
                    .to_owned(),
            });
        }
        sheet.occupation = occupation.to_owned();
    }
    Ok(Event::ConceptChanged {
        who: sheet.name.clone(),
        replace: replace.cloned(),
        occupation: occupation.map(str::to_owned),
        line: sheet.to_string(),
    })
}

/// Checks and adds a new descriptive word to `sheet`; the event for it.
fn new_word(sheet: &mut Sheet, word: &str) -> Result<Event, Error> {
    if sheet.words.is_empty() {
        return Err(Error::MinorNpcWords {
            name: sheet.name.clone(),
        });
    }
    if sheet.words.len() >= MAX_WORDS {
        return Err(word_error(
            "word",
            word,
            format!("the concept already has {MAX_WORDS} words, the most Skald keeps"),
        ));
    }
    check_word("word", word, sheet)?;
    sheet.words.push(word.to_owned());
    Ok(Event::WordAdded {
        who: sheet.name.clone(),
        word: word.to_owned(),
        line: sheet.to_string(),
    })
}

fn word_error(field: &'static str, word: &str, problem: String) -> Error {
    Error::Word {
        field,
        word: word.to_owned(),
        problem,
    }
}

/// A descriptive word is one word of 1-64 characters, without commas or digits, not `and` (which
/// separates the last word in a character line, C6), and not already in the concept.
fn check_word(field: &'static str, word: &str, sheet: &Sheet) -> Result<(), Error> {
    check_text(field, word, MAX_TEXT)?;
    if word.contains(|c: char| c.is_whitespace() || c == ',' || c == '/' || c.is_ascii_digit())
        || word.eq_ignore_ascii_case("and")
    {
        return Err(word_error(
            field,
            word,
            "a descriptive word is a single word without spaces, commas, \"/\" or digits, and not \
             \"and\", so the character line still reads back (C6)"
                .to_owned(),
        ));
    }
    if sheet.words.iter().any(|w| w.eq_ignore_ascii_case(word)) {
        return Err(word_error(
            field,
            word,
            format!("{} already has that word", sheet.name),
        ));
    }
    Ok(())
}
