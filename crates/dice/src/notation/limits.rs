//! The notation's bounds, the `MAX_*` constants; [`check`](super::check) and the parser apply them before
//! anything is rolled.

/// The longest expression, in characters.
pub const MAX_LENGTH: usize = 1_000;
/// The most characters of the input a refusal quotes: [`NotationError::render`](super::NotationError::render)
/// shows a window of at most this many around the caret, and a message that quotes a part of the
/// expression (a divisor, an overflowing operation, a dice term) cuts its middle out past it, each cut
/// marked with `…`. So a refusal stays a few hundred bytes long whatever was sent.
pub const MAX_QUOTE: usize = 80;
/// The deepest nesting of parentheses.
pub const MAX_DEPTH: usize = 64;
/// The most dice one roll may have, summed over its dice terms and counted before rerolls and
/// explosions. A rolled count counts at its highest possible value.
pub const MAX_DICE: u64 = 10_000;
/// The most sides a die may have (the fewest is 1).
pub const MAX_SIDES: i64 = 1_000_000;
/// The most times one die is rerolled; a die that reaches it keeps its last value and is marked
/// capped. Reaching it is not an error.
pub const MAX_REROLLS: usize = 100;
/// The most explosions one die sets off (`!`: dice added after it; `!!`: throws added to it); a die
/// that reaches it is marked capped. Reaching it is not an error.
pub const MAX_EXPLOSIONS: usize = 100;
/// The most throws of a die one roll may need, every reroll and explosion counted at its cap: this
/// bounds the work and memory of a roll whatever its modifiers (10,000 dice each capped at 100
/// explosions of 100 rerolls would be a hundred million). Checked before rolling, from each term's
/// highest count ([`ErrorKind::TooManyThrows`](super::error::ErrorKind::TooManyThrows)), so a roll never stops halfway.
///
/// It is [`MAX_DICE`] dice each thrown 101 times: any roll the dice limit allows may reroll (`r`) or
/// explode (`!`, `!!`) every die up to the cap (`10000d6!`, `10000d6r1`), but not both on many dice
/// (`99d6r1!` may need 1,009,899 throws, `100d6r1!` 1,020,100).
pub const MAX_THROWS: u64 = MAX_DICE * (1 + MAX_EXPLOSIONS as u64);
/// The most nodes (numbers, operators, dice terms) an [`Expr`](super::ast::Expr) may have. Text of [`MAX_LENGTH`]
/// characters makes at most about 1,340 (`d6+d6+...`), so only a hand-built tree can exceed it; the
/// bound keeps [`roll`](fn@super::roll)'s recursion shallow.
pub const MAX_NODES: usize = 2_000;
