//! The node's gate for working out odds: at most [`ODDS_AT_ONCE`] computations at a time on
//! tokio's blocking threads, never on a table's task (the invariant stated in ARCHITECTURE.md,
//! "Odds"). A system's odds may be a simulation taking ~200 ms (issue 32); one reader asking for
//! odds again and again then queues behind the gate, and past [`ODDS_WAIT`] is told the server is
//! busy, so no table's actions and no other node's work wait on it.

use crate::error::ApiError;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// How many odds a node works out at once: the machine's cores are for the tables first.
pub const ODDS_AT_ONCE: usize = 2;

/// How long a question for odds waits for the gate before it is told the server is busy: a few
/// of the longest computations (~200 ms each).
pub const ODDS_WAIT: Duration = Duration::from_secs(1);

/// How many advices beyond the roll a node works out at once ([`skald_core::System::advice`],
/// up to ~200 ms each): a gate of their own, so they never hold up a roll's exact odds.
pub const ADVICE_AT_ONCE: usize = 1;

/// What a reader is told when the gate stays shut past its wait.
const BUSY: &str = "the server is busy working out other odds: ask again in a moment";

/// A node-wide bound on odds computations running at once.
#[derive(Debug, Clone)]
pub struct OddsGate {
    permits: Arc<Semaphore>,
    wait: Duration,
}

impl Default for OddsGate {
    /// [`ODDS_AT_ONCE`] at a time, waiting at most [`ODDS_WAIT`].
    fn default() -> Self {
        Self::new(ODDS_AT_ONCE, ODDS_WAIT)
    }
}

impl OddsGate {
    /// At most `at_once` computations at a time (at least 1); a question waits at most `wait`
    /// for its turn.
    pub fn new(at_once: usize, wait: Duration) -> Self {
        Self {
            permits: Arc::new(Semaphore::new(at_once.max(1))),
            wait,
        }
    }

    /// Runs `work` on a blocking thread once the gate lets it through, and gives back what it
    /// returns. The turn is held until `work` returns, even if the asker stops waiting (a page
    /// closed): the bound counts the computations running, not the askers.
    ///
    /// # Errors
    /// [`ApiError::Busy`] when no turn came within the wait, or when `work` panicked.
    pub async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let turn = tokio::time::timeout(self.wait, Arc::clone(&self.permits).acquire_owned())
            .await
            .map_err(|_| ApiError::Busy(BUSY.into()))?
            .map_err(|_| ApiError::Busy(BUSY.into()))?;
        tokio::task::spawn_blocking(move || {
            let answer = work();
            drop(turn);
            answer
        })
        .await
        .map_err(|_| ApiError::Busy("the odds could not be worked out: ask again".into()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

    /// A computation that runs until `release` says so, and says when it has started.
    fn held(
        gate: &OddsGate,
    ) -> (
        tokio::task::JoinHandle<Result<u32, ApiError>>,
        mpsc::Sender<()>,
    ) {
        let (release, hold) = mpsc::channel::<()>();
        let (started, start) = std::sync::mpsc::channel::<()>();
        let gate = gate.clone();
        let job = tokio::spawn(async move {
            gate.run(move || {
                let _ = started.send(());
                let _ = hold.recv();
                7
            })
            .await
        });
        let _ = start.recv();
        (job, release)
    }

    /// Two computations hold both turns: a third is told the server is busy (no wait), and
    /// gets through once one of the two returns.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn no_more_than_the_bound_run_at_once_and_the_rest_are_busy_after_the_wait() {
        let gate = OddsGate::new(2, Duration::ZERO);
        let (first, release_first) = held(&gate);
        let (second, release_second) = held(&gate);
        let refused = gate.run(|| 1).await;
        assert!(
            matches!(&refused, Err(ApiError::Busy(m)) if m == BUSY),
            "{refused:?}"
        );
        let _ = release_first.send(());
        assert_eq!(first.await.ok().and_then(Result::ok), Some(7));
        assert_eq!(gate.run(|| 1).await.ok(), Some(1));
        let _ = release_second.send(());
        assert_eq!(second.await.ok().and_then(Result::ok), Some(7));
    }

    /// A question that finds the gate shut waits for its turn within the wait, and is answered.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_question_waits_its_turn_within_the_wait() {
        let gate = OddsGate::new(1, Duration::from_secs(600));
        let (first, release) = held(&gate);
        let waiting = {
            let gate = gate.clone();
            tokio::spawn(async move { gate.run(|| 2).await })
        };
        let _ = release.send(());
        assert_eq!(first.await.ok().and_then(Result::ok), Some(7));
        assert_eq!(waiting.await.ok().and_then(Result::ok), Some(2));
    }

    /// The table's task works out no odds for a page (ARCHITECTURE.md, "Odds"): its source
    /// neither asks the table for them nor answers a question for odds; it only hands one out
    /// (`odds_question`). The odds a record keeps are the table's (`Table::decide_request`).
    #[test]
    fn the_table_task_works_out_no_odds() {
        let task = include_str!("actor.rs");
        for call in [
            ".odds(",
            ".advice(",
            ".answer()",
            "odds_gate",
            "spawn_blocking",
        ] {
            assert!(!task.contains(call), "actor.rs holds {call}");
        }
        assert!(task.contains("self.table.odds_question(&command)"));
        // Nor does the table itself: a record never keeps the advice beyond the roll.
        for (file, text) in [
            ("mod.rs", include_str!("../../table/src/table/mod.rs")),
            ("decide.rs", include_str!("../../table/src/table/decide.rs")),
            ("fold.rs", include_str!("../../table/src/table/fold.rs")),
            ("rolls.rs", include_str!("../../table/src/table/rolls.rs")),
            ("undo.rs", include_str!("../../table/src/table/undo.rs")),
        ] {
            assert!(!text.contains(".advice("), "table/{file} asks for advice");
        }
    }

    /// A panicking computation is a busy answer, and gives its turn back.
    #[tokio::test]
    async fn a_panic_is_busy_and_frees_its_turn() {
        let gate = OddsGate::new(1, Duration::ZERO);
        let panicked = gate.run(|| -> u32 { panic!("odds") }).await;
        assert!(matches!(panicked, Err(ApiError::Busy(_))), "{panicked:?}");
        assert_eq!(gate.run(|| 3).await.ok(), Some(3));
    }
}
