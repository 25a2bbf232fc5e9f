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
//!             | "d" NUMBER                                          drop the lowest: dl
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
//! than 5), it does not count successes. After `!` or `!!` (whose point may be left out), a point
//! with an operator whose number starts a dice term is no point: `3d6! > 2d6` compares, the `!`
//! keeps its default. Anywhere else a point's number is the point, and a `d` after it drops
//! (`2d6r1d1`, `3d6!6d1`). A point with an operator may be negative (`1dF!=-1`).
//!
//! # `d` after a term
//!
//! `d` with a number right after a dice term's sides or modifiers is a modifier: drop the lowest
//! (`2d20d1` is `2d20dl1`, as in Roll20 and Foundry). It never starts a dice term there: a dice term
//! cannot be the count of another without parentheses (`(1d4)d6`), so `XdYdZ` was an error before
//! it meant this. A `d` there without a number is refused.
//!
//! # Numbers too large for their place
//!
//! A number above `i64::MAX` is refused where the parser reads it, naming the limits of its place
//! ([`NumberPlace`]): `1d99999999999999999999` says `sides must be 1 to 1000000, got ...`.

use super::ast::{
    BinaryOp, CompareOp, ComparePoint, DiceTerm, Explode, ExplodeMode, Expr, Keep, KeepMode,
    Modifiers, Reroll, RerollMode, Sides,
};
use super::checks;
use super::error::{ErrorKind, NotationError, NumberPlace, shown_digits};
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
        chars: input.chars().collect(),
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
    /// The input, for the digits of a number too large for a token.
    chars: Vec<char>,
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
        let found = match token.kind {
            TokenKind::TooLarge => shown_digits(&self.digits(token)),
            kind => kind.describe(),
        };
        NotationError::at(
            ErrorKind::UnexpectedToken { found, expected },
            token.position,
        )
    }

    /// The digits of the number that starts at `token`.
    fn digits(&self, token: Token) -> String {
        self.chars
            .iter()
            .skip(token.position)
            .take_while(|c| c.is_ascii_digit())
            .collect()
    }

    /// The refusal of a number too large for its `place`, at `token` (written after a minus sign
    /// when `negative`).
    fn too_large(&self, token: Token, place: NumberPlace, negative: bool) -> NotationError {
        let digits = self.digits(token);
        let digits = if negative {
            format!("-{digits}")
        } else {
            digits
        };
        NotationError::at(ErrorKind::NumberTooLarge { place, digits }, token.position)
    }

    /// [`Parser::too_large`] for the current token, a number too large for `place`.
    fn too_large_here(&self, place: NumberPlace) -> NotationError {
        match self.peek() {
            Some(token) => self.too_large(token, place, false),
            None => self.expected("a number"),
        }
    }

    /// The place of a number in an operand (not a dice term's sides, keep count or point): the
    /// count of a dice term when a `d` follows it, else a constant.
    fn operand_place(&self, index: usize) -> NumberPlace {
        if self.kind_at(index + 1) == Some(TokenKind::Dice) {
            NumberPlace::Count
        } else {
            NumberPlace::Constant
        }
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
        if lhs_shape == Shape::Term {
            self.refuse_success_point()?;
        }
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

    /// Refuses a success-counting point (the next operand: an integer, maybe negative, alone) too
    /// large to read, naming its place; anything else is left for the operand to read.
    fn refuse_success_point(&self) -> Result<(), NotationError> {
        let negative = self.peek_kind() == Some(TokenKind::Minus);
        let index = self.next + usize::from(negative);
        let Some(token) = self.tokens.get(index).copied() else {
            return Ok(());
        };
        let alone = !matches!(
            self.kind_at(index + 1),
            Some(
                TokenKind::Dice
                    | TokenKind::Star
                    | TokenKind::Slash
                    | TokenKind::Plus
                    | TokenKind::Minus
            )
        );
        if token.kind == TokenKind::TooLarge && alone {
            return Err(self.too_large(token, NumberPlace::SuccessPoint, negative));
        }
        Ok(())
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
            Some(TokenKind::TooLarge) => {
                return Err(self.too_large_here(NumberPlace::Sides));
            }
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
            Some(TokenKind::TooLarge) => Err(self.too_large_here(self.operand_place(self.next))),
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
                | TokenKind::DropLowest
                | TokenKind::Dice => {
                    if m.keep.is_some() {
                        return Err(duplicate(token, "keep/drop (kh kl dh dl d)"));
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
                        Some(TokenKind::TooLarge) => {
                            return Err(self.too_large_here(NumberPlace::KeepCount));
                        }
                        // `d` alone after a term is no modifier: it needs its count.
                        _ if token.kind == TokenKind::Dice => {
                            return Err(self.expected(
                                "the number of dice to drop after 'd', like 2d20d1 (a dice term \
                                 is the count of another only in parentheses: (1d4)d6)",
                            ));
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
                    let Some(point) = self.compare_point(false, NumberPlace::RerollPoint)? else {
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
                    let point = self.compare_point(true, NumberPlace::ExplodePoint)?;
                    term.modifiers.explode = Some(Explode { mode, point });
                }
                _ => return Ok(()),
            }
        }
        Ok(())
    }

    /// Reads a compare point if the next tokens make one, else reads nothing. When the point may
    /// be left out (`optional`: after `!` or `!!`), an operator and a number that starts a dice term
    /// are no point but a comparison (`3d6! > 2d6`); else the number is the point, and a `d` after it
    /// is the drop modifier (`2d6r1d1`).
    ///
    /// # Errors
    /// [`ErrorKind::NumberTooLarge`] for a point's number above `i64::MAX`, naming `place`.
    fn compare_point(
        &mut self,
        optional: bool,
        place: NumberPlace,
    ) -> Result<Option<ComparePoint>, NotationError> {
        let mut at = self.next;
        let op = self.kind_at(at).and_then(compare_op);
        if op.is_some() {
            at += 1;
        }
        let negative = op.is_some() && self.kind_at(at) == Some(TokenKind::Minus);
        if negative {
            at += 1;
        }
        let Some(token) = self.tokens.get(at).copied() else {
            return Ok(None);
        };
        if !matches!(token.kind, TokenKind::Number(_) | TokenKind::TooLarge) {
            return Ok(None);
        }
        if optional && op.is_some() && self.kind_at(at + 1) == Some(TokenKind::Dice) {
            return Ok(None);
        }
        let TokenKind::Number(n) = token.kind else {
            return Err(self.too_large(token, place, negative));
        };
        self.next = at + 1;
        Ok(Some(ComparePoint {
            op: op.unwrap_or(CompareOp::Eq),
            value: if negative { -n } else { n },
        }))
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
