//! Tokens to an [`Expr`]: a recursive-descent parser that also applies the text limits (length,
//! nesting) and, once the text is read, the checks of `checks.rs` with each term's position, so that
//! errors point at the term.
//!
//! # Grammar
//!
//! ```text
//! expression := comparison
//! comparison := additive [ compare additive [ compare additive ] ]   (see "success counting")
//! additive   := multiplicative { ("+" | "-") multiplicative }
//! multiplicative := unary { ("*" | "/") unary }
//! unary      := { "-" } dice                          -3d6 is -(3d6)
//! dice       := [ primary ] "d" sides { modifier }    d6 is 1d6
//!             | primary
//! primary    := NUMBER | "(" comparison ")"
//! sides      := NUMBER | "%" | "F" | "(" comparison ")"
//! modifier   := ("kh" | "k" | "kl" | "dh" | "dl") [ NUMBER ]         missing count: 1
//!             | ("r" | "ro") point
//!             | ("!" | "!!") [ point ]                                 missing point: highest face
//! point      := compare [ "-" ] NUMBER | NUMBER                       a bare number means "="
//! compare    := "=" | "<" | ">" | "<=" | ">="
//! ```
//!
//! Precedence, loosest first: comparison, `+ -`, `* /`, unary minus, dice. Binary operators are
//! left-associative; comparisons do not chain.
//!
//! # Success counting or comparison
//!
//! A comparison whose left side is a single dice term (not in parentheses, not negated, not part of
//! a sum) and whose right side is a single integer (`7`, `-1`; not in parentheses, not part of a sum)
//! counts successes: `6d10>=7` is the number of kept dice showing 7 or more. Any other comparison
//! compares two values and gives 1 or 0: `8d6 > 6d6`, `1d20 + 5 >= 15`, `5 + 1d20 >= 15`,
//! `1d20 >= 10 + 5`, and, to compare a term's total with a number, `(3d6) >= 10` or `3d6 >= (10)`.
//! Modifiers may follow a success count (`3d6>=5!`), and a success count may itself be compared once
//! (`6d10>=7 >= 2`: at least two successes).
//!
//! A point right after `r`, `ro`, `!` or `!!` belongs to that modifier: `3d6!>5` explodes on 6 (more
//! than 5), it does not count successes. A point's number never starts a dice term (`3d6! > 2d6`
//! compares, the `!` keeps its default), and a point with an operator may be negative (`1dF!=-1`).

use super::ast::{
    BinaryOp, CompareOp, ComparePoint, DiceTerm, Explode, ExplodeMode, Expr, Keep, KeepMode,
    Modifiers, Reroll, RerollMode, Sides,
};
use super::checks;
use super::error::{ErrorKind, NotationError};
use super::lexer::{Token, TokenKind, lex};
use super::limits::{MAX_DEPTH, MAX_LENGTH};

/// Parses `input` into an [`Expr`]; see the module docs for the grammar.
pub(crate) fn parse(input: &str) -> Result<Expr, NotationError> {
    parse_positioned(input).map(|(expr, _)| expr)
}

/// [`parse`], with where each node of the tree is in the text, in evaluation order (see
/// [`checks::check_rolling`]): an operator's position for an operation or comparison, a minus sign's
/// for a negation, a number's own, a dice term's start.
pub(crate) fn parse_positioned(input: &str) -> Result<(Expr, Vec<usize>), NotationError> {
    let length = input.chars().count();
    if length > MAX_LENGTH {
        return Err(NotationError::at(ErrorKind::TooLong { length }, MAX_LENGTH));
    }
    let mut parser = Parser {
        tokens: lex(input)?,
        next: 0,
        end: length,
        depth: 0,
        starts: Vec::new(),
        nodes: Vec::new(),
    };
    let expr = parser.comparison()?;
    if let Some(token) = parser.peek() {
        return Err(parser.unexpected(token, "an operator (+ - * /), a comparison or the end"));
    }
    // Terms are checked once the whole text is read, because a success count and the modifiers after
    // it (`3d6>=5!`) join a term after the term itself was read.
    checks::check_terms(&expr, &parser.starts)?;
    Ok((expr, parser.nodes))
}

/// What a parsed operand looks like in the text, for the success-counting rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// A single dice term.
    Term,
    /// A single integer literal, maybe with one minus sign.
    Integer,
    Other,
}

struct Parser {
    tokens: Vec<Token>,
    next: usize,
    /// The input's length in characters: where "ended too early" errors point.
    end: usize,
    depth: usize,
    /// Where each dice term starts, in the order the terms are completed (the order in which
    /// [`checks::check_terms`] visits them).
    starts: Vec<usize>,
    /// Where each node is, in the order the nodes are completed, which is evaluation order (see
    /// [`parse_positioned`]).
    nodes: Vec<usize>,
}

impl Parser {
    fn peek(&self) -> Option<Token> {
        self.tokens.get(self.next).copied()
    }

    fn peek_kind(&self) -> Option<TokenKind> {
        self.peek().map(|t| t.kind)
    }

    fn kind_at(&self, index: usize) -> Option<TokenKind> {
        self.tokens.get(index).map(|t| t.kind)
    }

    /// Where the current token starts (the input's length at the end).
    fn position(&self) -> usize {
        self.peek().map_or(self.end, |t| t.position)
    }

    fn bump(&mut self) {
        self.next += 1;
    }

    fn unexpected(&self, token: Token, expected: &'static str) -> NotationError {
        NotationError::at(
            ErrorKind::UnexpectedToken {
                found: token.kind.describe(),
                expected,
            },
            token.position,
        )
    }

    /// The error for the current token, or for the end of the input.
    fn expected(&self, expected: &'static str) -> NotationError {
        match self.peek() {
            Some(token) => self.unexpected(token, expected),
            None => NotationError::at(ErrorKind::UnexpectedEnd { expected }, self.end),
        }
    }

    fn peek_compare(&self) -> Option<CompareOp> {
        self.peek_kind().and_then(compare_op)
    }

    fn comparison(&mut self) -> Result<Expr, NotationError> {
        let (lhs, lhs_shape) = self.additive()?;
        let Some(op) = self.peek_compare() else {
            return Ok(lhs);
        };
        let at = self.position();
        self.bump();
        let mark = self.nodes.len();
        let (rhs, rhs_shape) = self.additive()?;
        let expr = match (lhs, lhs_shape, rhs_shape) {
            (Expr::Dice(mut term), Shape::Term, Shape::Integer)
                if term.modifiers.success.is_none() =>
            {
                // The integer joins the term: it is no node of the tree.
                self.nodes.truncate(mark);
                term.modifiers.success = Some(ComparePoint {
                    op,
                    value: integer_value(&rhs),
                });
                self.modifiers(&mut term)?;
                let counted = Expr::Dice(term);
                let Some(op) = self.peek_compare() else {
                    return Ok(counted);
                };
                let at = self.position();
                self.bump();
                let (rhs, _) = self.additive()?;
                self.nodes.push(at);
                Expr::Compare {
                    op,
                    lhs: Box::new(counted),
                    rhs: Box::new(rhs),
                }
            }
            (lhs, _, _) => {
                self.nodes.push(at);
                Expr::Compare {
                    op,
                    lhs: Box::new(lhs),
                    rhs: Box::new(rhs),
                }
            }
        };
        match self.peek() {
            Some(token) if compare_op(token.kind).is_some() => Err(NotationError::at(
                ErrorKind::ChainedComparison,
                token.position,
            )),
            _ => Ok(expr),
        }
    }

    fn additive(&mut self) -> Result<(Expr, Shape), NotationError> {
        let (mut lhs, mut shape) = self.multiplicative()?;
        loop {
            let op = match self.peek_kind() {
                Some(TokenKind::Plus) => BinaryOp::Add,
                Some(TokenKind::Minus) => BinaryOp::Sub,
                _ => return Ok((lhs, shape)),
            };
            let at = self.position();
            self.bump();
            let (rhs, _) = self.multiplicative()?;
            self.nodes.push(at);
            lhs = Expr::Binary {
                op,
                lhs: Box::new(lhs),
                rhs: Box::new(rhs),
            };
            shape = Shape::Other;
        }
    }

    fn multiplicative(&mut self) -> Result<(Expr, Shape), NotationError> {
        let (mut lhs, mut shape) = self.unary()?;
        loop {
            let op = match self.peek_kind() {
                Some(TokenKind::Star) => BinaryOp::Mul,
                Some(TokenKind::Slash) => BinaryOp::Div,
                _ => return Ok((lhs, shape)),
            };
            let at = self.position();
            self.bump();
            let (rhs, _) = self.unary()?;
            self.nodes.push(at);
            lhs = Expr::Binary {
                op,
                lhs: Box::new(lhs),
                rhs: Box::new(rhs),
            };
            shape = Shape::Other;
        }
    }

    fn unary(&mut self) -> Result<(Expr, Shape), NotationError> {
        // A loop, not recursion: a long run of minus signs must not deepen the stack.
        let mut signs = Vec::new();
        while self.peek_kind() == Some(TokenKind::Minus) {
            signs.push(self.position());
            self.bump();
        }
        let (mut expr, shape) = self.dice()?;
        let shape = match (signs.len(), shape) {
            (0, shape) => shape,
            (1, Shape::Integer) => Shape::Integer,
            _ => Shape::Other,
        };
        // The sign nearest the operand negates first.
        for at in signs.into_iter().rev() {
            self.nodes.push(at);
            expr = Expr::Neg(Box::new(expr));
        }
        Ok((expr, shape))
    }

    fn dice(&mut self) -> Result<(Expr, Shape), NotationError> {
        let start = self.peek().map_or(self.end, |t| t.position);
        let count = if self.peek_kind() == Some(TokenKind::Dice) {
            // `d6` is `1d6`: the count's node is the 'd'.
            self.nodes.push(start);
            Expr::Number(1)
        } else {
            let (primary, literal) = self.primary()?;
            if self.peek_kind() != Some(TokenKind::Dice) {
                return Ok((
                    primary,
                    if literal {
                        Shape::Integer
                    } else {
                        Shape::Other
                    },
                ));
            }
            primary
        };
        self.bump();
        let sides = match self.peek_kind() {
            Some(TokenKind::Number(n)) => {
                self.nodes.push(self.position());
                self.bump();
                Sides::Number(Box::new(Expr::Number(n)))
            }
            Some(TokenKind::Percent) => {
                self.bump();
                Sides::Percent
            }
            Some(TokenKind::Fate) => {
                self.bump();
                Sides::Fate
            }
            Some(TokenKind::LeftParen) => Sides::Number(Box::new(self.group()?)),
            _ => return Err(self.expected("the sides after 'd': a number, %, F or '('")),
        };
        let mut term = DiceTerm {
            count: Box::new(count),
            sides,
            modifiers: Modifiers::default(),
        };
        self.modifiers(&mut term)?;
        self.starts.push(start);
        self.nodes.push(start);
        Ok((Expr::Dice(term), Shape::Term))
    }

    /// A number or a parenthesized expression; `true` for a number.
    fn primary(&mut self) -> Result<(Expr, bool), NotationError> {
        match self.peek_kind() {
            Some(TokenKind::Number(n)) => {
                self.nodes.push(self.position());
                self.bump();
                Ok((Expr::Number(n), true))
            }
            Some(TokenKind::LeftParen) => Ok((self.group()?, false)),
            _ => Err(self.expected("a number, a dice term (like 2d6 or d20) or '('")),
        }
    }

    /// `( comparison )`, at the opening parenthesis.
    fn group(&mut self) -> Result<Expr, NotationError> {
        let open = self.peek().map_or(self.end, |t| t.position);
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(NotationError::at(ErrorKind::TooDeep, open));
        }
        self.bump();
        let inner = self.comparison()?;
        if self.peek_kind() != Some(TokenKind::RightParen) {
            return Err(self.expected("')'"));
        }
        self.bump();
        self.depth -= 1;
        Ok(inner)
    }

    fn modifiers(&mut self, term: &mut DiceTerm) -> Result<(), NotationError> {
        while let Some(token) = self.peek() {
            let m = &mut term.modifiers;
            match token.kind {
                TokenKind::KeepHighest
                | TokenKind::KeepLowest
                | TokenKind::DropHighest
                | TokenKind::DropLowest => {
                    if m.keep.is_some() {
                        return Err(duplicate(token, "keep/drop (kh kl dh dl)"));
                    }
                    let mode = match token.kind {
                        TokenKind::KeepHighest => KeepMode::KeepHighest,
                        TokenKind::KeepLowest => KeepMode::KeepLowest,
                        TokenKind::DropHighest => KeepMode::DropHighest,
                        _ => KeepMode::DropLowest,
                    };
                    self.bump();
                    let count = match self.peek_kind() {
                        Some(TokenKind::Number(n)) => {
                            self.bump();
                            n.unsigned_abs()
                        }
                        _ => 1,
                    };
                    m.keep = Some(Keep { mode, count });
                }
                TokenKind::Reroll | TokenKind::RerollOnce => {
                    let mode = if token.kind == TokenKind::Reroll {
                        RerollMode::Repeat
                    } else {
                        RerollMode::Once
                    };
                    if m.reroll.as_ref().is_some_and(|r| r.mode != mode) {
                        return Err(NotationError::at(ErrorKind::MixedRerolls, token.position));
                    }
                    self.bump();
                    let Some(point) = self.compare_point() else {
                        return Err(
                            self.expected("a compare point after r or ro, like r1, r<3 or ro=2")
                        );
                    };
                    term.modifiers
                        .reroll
                        .get_or_insert_with(|| Reroll {
                            mode,
                            points: Vec::new(),
                        })
                        .points
                        .push(point);
                }
                TokenKind::Explode | TokenKind::Compound => {
                    if m.explode.is_some() {
                        return Err(duplicate(token, "explosion (! !!)"));
                    }
                    let mode = if token.kind == TokenKind::Explode {
                        ExplodeMode::Explode
                    } else {
                        ExplodeMode::Compound
                    };
                    self.bump();
                    let point = self.compare_point();
                    term.modifiers.explode = Some(Explode { mode, point });
                }
                _ => return Ok(()),
            }
        }
        Ok(())
    }

    /// Reads a compare point if the next tokens make one, else reads nothing.
    fn compare_point(&mut self) -> Option<ComparePoint> {
        let mut at = self.next;
        let op = self.kind_at(at).and_then(compare_op);
        if op.is_some() {
            at += 1;
        }
        let negative = op.is_some() && self.kind_at(at) == Some(TokenKind::Minus);
        if negative {
            at += 1;
        }
        let Some(TokenKind::Number(n)) = self.kind_at(at) else {
            return None;
        };
        if self.kind_at(at + 1) == Some(TokenKind::Dice) {
            return None;
        }
        self.next = at + 1;
        Some(ComparePoint {
            op: op.unwrap_or(CompareOp::Eq),
            value: if negative { -n } else { n },
        })
    }
}

fn duplicate(token: Token, modifier: &'static str) -> NotationError {
    NotationError::at(ErrorKind::DuplicateModifier { modifier }, token.position)
}

fn compare_op(kind: TokenKind) -> Option<CompareOp> {
    match kind {
        TokenKind::Equal => Some(CompareOp::Eq),
        TokenKind::Less => Some(CompareOp::Lt),
        TokenKind::Greater => Some(CompareOp::Gt),
        TokenKind::LessEqual => Some(CompareOp::Le),
        TokenKind::GreaterEqual => Some(CompareOp::Ge),
        _ => None,
    }
}

/// The value of an operand of shape [`Shape::Integer`]: `7` or `-7`.
fn integer_value(expr: &Expr) -> i64 {
    match expr {
        Expr::Number(n) => *n,
        Expr::Neg(inner) => match **inner {
            Expr::Number(n) => -n,
            _ => 0,
        },
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Checks that `positions` has one entry per node, in evaluation order, each at a character that
    /// starts the node's part: an operator, a minus sign, a number, the start of a dice term.
    fn check_positions(input: &str) {
        let (expr, positions) = parse_positioned(input).expect(input);
        let chars: Vec<char> = input.chars().collect();
        let mut order = Vec::new();
        post_order(&expr, &mut order);
        assert_eq!(order.len(), positions.len(), "{input}: {positions:?}");
        for (node, &at) in order.iter().zip(&positions) {
            let c = chars[at];
            let ok = match node {
                Expr::Number(_) => c.is_ascii_digit() || c == 'd' || c == 'D',
                Expr::Neg(_) => c == '-' || c == '−',
                Expr::Binary { op, .. } => c.to_string() == op.symbol() || c == '−',
                Expr::Compare { op, .. } => op.symbol().starts_with(c),
                Expr::Dice(_) => c.is_ascii_digit() || c == 'd' || c == 'D' || c == '(',
            };
            assert!(ok, "{input}: {node} is at {at}, '{c}'");
        }
    }

    fn post_order<'a>(expr: &'a Expr, out: &mut Vec<&'a Expr>) {
        match expr {
            Expr::Number(_) => {}
            Expr::Neg(inner) => post_order(inner, out),
            Expr::Binary { lhs, rhs, .. } | Expr::Compare { lhs, rhs, .. } => {
                post_order(lhs, out);
                post_order(rhs, out);
            }
            Expr::Dice(term) => {
                post_order(&term.count, out);
                if let Sides::Number(sides) = &term.sides {
                    post_order(sides, out);
                }
            }
        }
        out.push(expr);
    }

    #[test]
    fn every_node_has_its_position_in_evaluation_order() {
        for input in [
            "1",
            "d6",
            "4d6kh3 + 2",
            "2d20kh1 + 5 >= 15",
            "6d10>=7",
            "6d10>=-7 >= 2",
            "(6d10>=-7) / (2 - 2)",
            "(3d6>=5!) + 1",
            "--(1 - 2) * -3",
            "1 − −1",
            "(1d4)d(2+d%) - 4dF",
            "8d6 > 6d6",
            "(3d6) >= 10",
            "1d6r1!>5kh2 / (1d2*2 - 3)",
            "((1))d((6))",
        ] {
            check_positions(input);
        }
    }
}
