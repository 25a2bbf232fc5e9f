//! Reading a table's stat formula (ruling F8): the text lexed and parsed, by precedence, into the
//! tree of [`crate::model::formula`] (where the language's grammar is written), with the position of
//! every refusal; a formula reads from its text in options (`Deserialize`). Its value for a character
//! is [`crate::rules::formula`].

use crate::limits::{MAX_FORMULA, MAX_FORMULA_DEPTH, MAX_RATING};
use crate::model::formula::{Expr, Formula, Op, ParseError, Variable};
use crate::model::sheet::Rating;
use serde::{Deserialize, Deserializer};
use std::fmt;

impl Formula {
    /// Parses `source`.
    ///
    /// # Errors
    /// [`ParseError`] with the position: an unknown name, a number above 10^30, a missing operand or
    /// `)`, a stray character, more than 200 characters or 32 levels of nesting.
    pub fn parse(source: &str) -> Result<Formula, ParseError> {
        let length = source.chars().count();
        if length > MAX_FORMULA {
            return Err(ParseError {
                position: MAX_FORMULA + 1,
                message: format!(
                    "the formula is {length} characters long, but at most {MAX_FORMULA} are allowed"
                ),
            });
        }
        let tokens = lex(source)?;
        let mut parser = Parser {
            tokens,
            at: 0,
            end: length + 1,
            uses: Vec::new(),
        };
        let expr = parser.sum(0)?;
        if let Some((token, position)) = parser.tokens.get(parser.at) {
            return Err(ParseError {
                position: *position,
                message: format!("expected an operator (+ - * /) or the end, found {token}"),
            });
        }
        Ok(Formula::new(source.to_owned(), expr, parser.uses))
    }
}

impl<'de> Deserialize<'de> for Formula {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let source = String::deserialize(deserializer)?;
        Formula::parse(&source)
            .map_err(|e| serde::de::Error::custom(format!("the formula {source:?}: {e}")))
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Number(u128),
    Name(Variable),
    Plus,
    Minus,
    Star,
    Slash,
    Open,
    Close,
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Token::Number(n) => write!(f, "the number {n}"),
            Token::Name(v) => write!(f, "{}", v.name()),
            Token::Plus => f.write_str("`+`"),
            Token::Minus => f.write_str("`-`"),
            Token::Star => f.write_str("`*`"),
            Token::Slash => f.write_str("`/`"),
            Token::Open => f.write_str("`(`"),
            Token::Close => f.write_str("`)`"),
        }
    }
}

fn lex(source: &str) -> Result<Vec<(Token, usize)>, ParseError> {
    let chars: Vec<char> = source.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let position = i + 1;
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if c.is_ascii_digit() {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_digit() || chars[i] == '_') {
                i += 1;
            }
            let digits: String = chars[start..i].iter().filter(|c| **c != '_').collect();
            let value = digits
                .parse::<u128>()
                .ok()
                .filter(|v| *v <= MAX_RATING)
                .ok_or_else(|| ParseError {
                    position,
                    message: format!("the number {digits} is above 10^30"),
                })?;
            tokens.push((Token::Number(value), position));
            continue;
        }
        if c.is_ascii_alphabetic() {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_alphanumeric() {
                i += 1;
            }
            let name: String = chars[start..i].iter().collect();
            let variable = if name.eq_ignore_ascii_case("LVL") {
                Some(Variable::Level)
            } else {
                Rating::from_abbreviation(&name)
                    .filter(|r| r.is_attribute())
                    .map(Variable::Attribute)
            };
            let variable = variable.ok_or_else(|| ParseError {
                position,
                message: format!(
                    "{name:?} is not a name a formula knows (MIT VIG ALC INT MRL LCK, or LVL for the level)"
                ),
            })?;
            tokens.push((Token::Name(variable), position));
            continue;
        }
        let token = match c {
            '+' => Token::Plus,
            '-' => Token::Minus,
            '*' => Token::Star,
            '/' => Token::Slash,
            '(' => Token::Open,
            ')' => Token::Close,
            other => {
                return Err(ParseError {
                    position,
                    message: format!(
                        "{other:?} is not part of a formula (integers, attribute names, LVL, + - * / and parentheses)"
                    ),
                });
            }
        };
        tokens.push((token, position));
        i += 1;
    }
    Ok(tokens)
}

struct Parser {
    tokens: Vec<(Token, usize)>,
    at: usize,
    end: usize,
    uses: Vec<(Variable, usize)>,
}

impl Parser {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.at).map(|(t, _)| t)
    }

    fn position(&self) -> usize {
        self.tokens.get(self.at).map_or(self.end, |(_, p)| *p)
    }

    fn too_deep(&self, depth: usize) -> Result<(), ParseError> {
        if depth > MAX_FORMULA_DEPTH {
            return Err(ParseError {
                position: self.position(),
                message: format!("nested more than {MAX_FORMULA_DEPTH} levels deep"),
            });
        }
        Ok(())
    }

    fn sum(&mut self, depth: usize) -> Result<Expr, ParseError> {
        let mut left = self.product(depth)?;
        loop {
            let op = match self.peek() {
                Some(Token::Plus) => Op::Add,
                Some(Token::Minus) => Op::Subtract,
                _ => return Ok(left),
            };
            self.at += 1;
            let right = self.product(depth)?;
            left = Expr::Binary(op, Box::new(left), Box::new(right));
        }
    }

    fn product(&mut self, depth: usize) -> Result<Expr, ParseError> {
        let mut left = self.unary(depth)?;
        loop {
            let op = match self.peek() {
                Some(Token::Star) => Op::Multiply,
                Some(Token::Slash) => Op::Divide(self.position()),
                _ => return Ok(left),
            };
            self.at += 1;
            let right = self.unary(depth)?;
            left = Expr::Binary(op, Box::new(left), Box::new(right));
        }
    }

    fn unary(&mut self, depth: usize) -> Result<Expr, ParseError> {
        self.too_deep(depth)?;
        let position = self.position();
        let Some((token, _)) = self.tokens.get(self.at).cloned() else {
            return Err(ParseError {
                position,
                message: "the formula ends where a number, a name or `(` was expected".into(),
            });
        };
        self.at += 1;
        match token {
            Token::Number(n) => Ok(Expr::Number(n)),
            Token::Name(v) => {
                if !self.uses.iter().any(|(used, _)| *used == v) {
                    self.uses.push((v, position));
                }
                Ok(Expr::Variable(v))
            }
            Token::Minus => Ok(Expr::Negate(Box::new(self.unary(depth + 1)?))),
            Token::Open => {
                let inner = self.sum(depth + 1)?;
                match self.peek() {
                    Some(Token::Close) => {
                        self.at += 1;
                        Ok(inner)
                    }
                    _ => Err(ParseError {
                        position: self.position(),
                        message: format!("expected `)` to close the `(` at character {position}"),
                    }),
                }
            }
            other => Err(ParseError {
                position,
                message: format!("expected a number, a name or `(`, found {other}"),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Parses `source` and evaluates it with MIT 12, VIG 30, ALC 5, LVL 3 (others missing), or gives
    /// the error text.
    fn check(source: &str, expected: Result<u128, &str>) {
        let lookup = |v: Variable| match v {
            Variable::Attribute(Rating::Mit) => Some(12),
            Variable::Attribute(Rating::Vig) => Some(30),
            Variable::Attribute(Rating::Alc) => Some(5),
            Variable::Attribute(Rating::Int) => Some(1_000_000_000_000_000_000_000_000_000_000),
            Variable::Level => Some(3),
            _ => None,
        };
        let got = Formula::parse(source)
            .map_err(|e| e.to_string())
            .and_then(|f| f.evaluate(&lookup).map_err(|e| e.to_string()));
        assert_eq!(got, expected.map_err(str::to_owned), "{source}");
    }

    #[test]
    fn formulas_evaluate_with_precedence_and_dropped_fractions() {
        check("MIT + VIG * 2", Ok(72));
        check("(MIT + VIG) * 2", Ok(84));
        check("vig / 4", Ok(7));
        check("(MIT - VIG) / 4 + 10", Ok(6)); // -18 / 4 = -4 (toward zero), + 10
        check("-MIT + 20", Ok(8));
        check("--MIT", Ok(12));
        check("LVL * 10 + ALC", Ok(35));
        check("1_000 + MIT", Ok(1012));
        check(
            "INT * INT / INT",
            Ok(1_000_000_000_000_000_000_000_000_000_000),
        );
        check("  42  ", Ok(42));
    }

    #[test]
    fn formula_errors_say_where() {
        check(
            "MIT - VIG",
            Err("it comes to -18, but a stat is 0 to 10^30"),
        );
        check(
            "INT + 1",
            Err("it comes to 1000000000000000000000000000001, but a stat is 0 to 10^30"),
        );
        check("LCK + 1", Err("the sheet has no LCK"));
        check(
            "MIT / (VIG - 30)",
            Err("the division at character 5 divides by zero"),
        );
        check(
            "MIT +",
            Err("at character 6: the formula ends where a number, a name or `(` was expected"),
        );
        check(
            "MIT + STR",
            Err(
                "at character 7: \"STR\" is not a name a formula knows (MIT VIG ALC INT MRL LCK, or LVL for the level)",
            ),
        );
        check(
            "(MIT + 2",
            Err("at character 9: expected `)` to close the `(` at character 1"),
        );
        check(
            "MIT 2",
            Err("at character 5: expected an operator (+ - * /) or the end, found the number 2"),
        );
        check(
            "MIT ^ 2",
            Err(
                "at character 5: '^' is not part of a formula (integers, attribute names, LVL, + - * / and parentheses)",
            ),
        );
        check(
            "* 2",
            Err("at character 1: expected a number, a name or `(`, found `*`"),
        );
        check(
            "1000000000000000000000000000001",
            Err("at character 1: the number 1000000000000000000000000000001 is above 10^30"),
        );
        check(
            &"(".repeat(40),
            Err("at character 34: nested more than 32 levels deep"),
        );
        check(
            &"1+".repeat(101),
            Err(
                "at character 201: the formula is 202 characters long, but at most 200 are allowed",
            ),
        );
    }

    #[test]
    fn a_formula_may_name_only_what_affects_its_stat() {
        let hp = Formula::parse("VIG * 10 + MRL + LCK").ok();
        assert_eq!(hp.and_then(|f| f.foreign_name(Rating::Hp)), None);
        let hp = Formula::parse("VIG + MIT").ok();
        assert_eq!(
            hp.and_then(|f| f.foreign_name(Rating::Hp)),
            Some((Variable::Attribute(Rating::Mit), 7))
        );
        let wil = Formula::parse("LVL + MIT").ok();
        assert_eq!(wil.and_then(|f| f.foreign_name(Rating::Wil)), None);
        let hp = Formula::parse("LVL + VIG").ok();
        assert_eq!(
            hp.and_then(|f| f.foreign_name(Rating::Hp)),
            Some((Variable::Level, 1))
        );
    }
}
