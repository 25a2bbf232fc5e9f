//! [`Refusals`]: how 429s (a rate or a bound reached: the address's rate, the seat's, tables per
//! hour, WebSocket places, talk's pace) are logged: once per client per minute, with a count, rather
//! than a line each (a flood of refused requests would otherwise write the log as fast as it is
//! refused: 66 MB in 12 s, issue 30).

use crate::client::ClientAddr;
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How often at most one client's 429s are logged: one line per client per minute.
pub const REFUSAL_WINDOW: Duration = Duration::from_secs(60);

/// Each client's rate refusals not logged yet. A client's first refusal is logged at once and
/// opens its window of [`REFUSAL_WINDOW`]; the refusals in the window are only counted; the first
/// one after it, or the sweep (`App::forget_idle_connections`, once a minute), logs the count.
#[derive(Debug, Default)]
pub struct Refusals {
    windows: Mutex<HashMap<ClientAddr, Window>>,
}

/// One client's window: when it opened, and the refusals in it since then.
#[derive(Debug, Clone, Copy)]
struct Window {
    opened: Instant,
    counted: u64,
}

impl Refusals {
    /// One more rate refusal of `client` at `now`; logged as [`Refusals::note`] says.
    pub fn refused(&self, client: ClientAddr, now: Instant) {
        if let Some(count) = self.note(client, now) {
            log(client, count);
        }
    }

    /// Counts one refusal of `client` at `now`: `Some(n)` when a line is due, `n` being the
    /// refusals it reports (this one and those counted in the window before it); `None` while the
    /// client's window is open.
    pub fn note(&self, client: ClientAddr, now: Instant) -> Option<u64> {
        let mut windows = self
            .windows
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let fresh = Window {
            opened: now,
            counted: 0,
        };
        match windows.get_mut(&client) {
            Some(window) if now.saturating_duration_since(window.opened) < REFUSAL_WINDOW => {
                window.counted += 1;
                None
            }
            Some(window) => {
                let count = window.counted + 1;
                *window = fresh;
                Some(count)
            }
            None => {
                windows.insert(client, fresh);
                Some(1)
            }
        }
    }

    /// Closes every window over at `now`, logging the refusals counted in it (when there were
    /// any); forgets those clients.
    pub fn sweep(&self, now: Instant) {
        for (client, count) in self.closed(now) {
            log(client, count);
        }
    }

    /// The windows over at `now` with their counts (those with none are forgotten silently).
    fn closed(&self, now: Instant) -> Vec<(ClientAddr, u64)> {
        let mut windows = self
            .windows
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut closed = Vec::new();
        windows.retain(|client, window| {
            let open = now.saturating_duration_since(window.opened) < REFUSAL_WINDOW;
            if !open && window.counted > 0 {
                closed.push((*client, window.counted));
            }
            open
        });
        closed
    }
}

/// The one line for `count` rate refusals of `client`.
fn log(client: ClientAddr, count: u64) {
    tracing::info!(
        %client,
        refused = count,
        "rate: requests refused with 429 (a rate or a bound reached) since the client's last such \
         line (one line a minute at most)"
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::{IpAddr, Ipv4Addr};

    #[test]
    fn a_clients_refusals_are_one_line_a_minute_with_their_count() {
        let refusals = Refusals::default();
        let client = ClientAddr::new(IpAddr::V4(Ipv4Addr::new(203, 0, 113, 9)));
        let other = ClientAddr::new(IpAddr::V4(Ipv4Addr::new(198, 51, 100, 4)));
        let start = Instant::now();
        let at = |seconds: u64| start + Duration::from_secs(seconds);
        // The first is logged at once; the next 4,999 in its minute are only counted.
        assert_eq!(refusals.note(client, at(0)), Some(1));
        for _ in 0..4_999 {
            assert_eq!(refusals.note(client, at(30)), None);
        }
        assert_eq!(refusals.note(other, at(30)), Some(1));
        // The first after the minute reports them with itself, and opens a new minute.
        assert_eq!(refusals.note(client, at(60)), Some(5_000));
        assert_eq!(refusals.note(client, at(61)), None);
        // The sweep reports a minute that is over and forgets the client.
        assert_eq!(refusals.closed(at(100)), Vec::new());
        assert_eq!(refusals.closed(at(120)), vec![(client, 1)]);
        assert_eq!(refusals.note(client, at(121)), Some(1));
    }
}
