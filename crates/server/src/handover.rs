//! Ownership follows a table's writers (issue 34; docs/scaling.md, "Ownership follows the
//! writers"): a table is owned by the node that first loaded it, which behind a balancer that
//! routes by table id is often not the node its clients reach. Every action then takes the
//! forward hop, both nodes' CPU. An owner that hears a run of forwarded actions from one node and
//! none of its own clients' hands the table to that node, which then decides them without a hop.
//!
//! Behind a balancer that knows nothing of tables, a table's clients are on every node and no run
//! is long: ownership stays where it is.

/// Forwarded actions in a row from one node, none from this node's own clients, after which the
/// owner hands the table to that node. Runs this long are rare unless that node has all the
/// table's clients: with a table's clients spread evenly over three nodes, the next 8 actions all
/// come from one given other node 1 time in 3^8 = 6,561. A handover costs one database round
/// trip on each side.
pub const HAND_OVER_AFTER: u32 = 8;

/// Who has written a table lately, as its owner counts it.
#[derive(Debug, Default)]
pub struct Writers {
    /// The node whose forwarded actions make the current run (its advertised address), and the
    /// run's length; `None` after an action of this node's own clients.
    run: Option<(String, u32)>,
}

impl Writers {
    /// An action from one of this node's own clients: the table is used here, no run.
    pub fn local(&mut self) {
        self.run = None;
    }

    /// An action forwarded by the node at `from` was done. Returns that node once the run
    /// reaches [`HAND_OVER_AFTER`] (and starts counting anew): the table should be handed to
    /// it. A sender that does not say where it is (`from` empty) counts as no run.
    pub fn forwarded(&mut self, from: &str) -> Option<String> {
        if from.is_empty() {
            self.run = None;
            return None;
        }
        let count = match &mut self.run {
            Some((node, count)) if node == from => {
                *count += 1;
                *count
            }
            _ => {
                self.run = Some((from.to_owned(), 1));
                1
            }
        };
        if count >= HAND_OVER_AFTER {
            self.run = None;
            return Some(from.to_owned());
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_from_one_node_hands_over_at_the_bound_and_only_then() {
        let mut writers = Writers::default();
        for _ in 1..HAND_OVER_AFTER {
            assert_eq!(writers.forwarded("http://b"), None);
        }
        assert_eq!(writers.forwarded("http://b"), Some("http://b".to_owned()));
        // Counted anew after a handover.
        assert_eq!(writers.forwarded("http://b"), None);
    }

    #[test]
    fn a_local_action_or_another_node_breaks_the_run() {
        let mut writers = Writers::default();
        for _ in 1..HAND_OVER_AFTER {
            writers.forwarded("http://b");
        }
        writers.local();
        assert_eq!(writers.forwarded("http://b"), None);
        for _ in 2..HAND_OVER_AFTER {
            writers.forwarded("http://b");
        }
        assert_eq!(writers.forwarded("http://c"), None);
        for _ in 1..HAND_OVER_AFTER - 1 {
            assert_eq!(writers.forwarded("http://c"), None);
        }
        assert_eq!(writers.forwarded("http://c"), Some("http://c".to_owned()));
    }

    #[test]
    fn a_sender_that_does_not_say_where_it_is_never_gets_the_table() {
        let mut writers = Writers::default();
        for _ in 0..HAND_OVER_AFTER * 2 {
            assert_eq!(writers.forwarded(""), None);
        }
    }
}
