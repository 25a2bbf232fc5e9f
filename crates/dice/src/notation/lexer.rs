//! Text to tokens: numbers, `d`, `%`, `F`, operators, comparisons, parentheses and the modifier words
//! (`kh kl k dh dl r ro ! !!`).
//!
//! Whitespace separates tokens and is otherwise ignored, so `9d8 + 5000` and `9d8+5000` give the same
//! tokens. Letters are case-insensitive (`4D6KH3`). U+2212 (the minus sign, `−`) reads as `-`. Positions
//! are 0-based character indexes, not byte offsets, so a caret lines up under non-ASCII input.

use super::error::{ErrorKind, NotationError};

/// One token and the character position where it starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Token {
    pub kind: TokenKind,
    pub position: usize,
}

/// The notation's tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TokenKind {
    Number(i64),
    /// A number above `i64::MAX`: the parser refuses it, naming the limits of the place it is in
    /// (its digits are the input's, from the token's position).
    TooLarge,
    /// `d` between a count and the sides.
    Dice,
    Percent,
    Fate,
    Plus,
    Minus,
    Star,
    Slash,
    LeftParen,
    RightParen,
    Less,
    LessEqual,
    Greater,
    GreaterEqual,
    Equal,
    /// `kh`, or `k` alone.
    KeepHighest,
    KeepLowest,
    DropHighest,
    DropLowest,
    Reroll,
    RerollOnce,
    Explode,
    Compound,
}

impl TokenKind {
    /// The token as a person would write it, for error messages.
    pub(crate) fn describe(self) -> String {
        let text = match self {
            TokenKind::Number(n) => return n.to_string(),
            TokenKind::TooLarge => "a number",
            TokenKind::Dice => "d",
            TokenKind::Percent => "%",
            TokenKind::Fate => "F",
            TokenKind::Plus => "+",
            TokenKind::Minus => "-",
            TokenKind::Star => "*",
            TokenKind::Slash => "/",
            TokenKind::LeftParen => "(",
            TokenKind::RightParen => ")",
            TokenKind::Less => "<",
            TokenKind::LessEqual => "<=",
            TokenKind::Greater => ">",
            TokenKind::GreaterEqual => ">=",
            TokenKind::Equal => "=",
            TokenKind::KeepHighest => "kh",
            TokenKind::KeepLowest => "kl",
            TokenKind::DropHighest => "dh",
            TokenKind::DropLowest => "dl",
            TokenKind::Reroll => "r",
            TokenKind::RerollOnce => "ro",
            TokenKind::Explode => "!",
            TokenKind::Compound => "!!",
        };
        text.to_string()
    }
}

/// Splits `input` into tokens.
///
/// # Errors
/// [`ErrorKind::UnexpectedCharacter`] for a character outside the notation, at its position. A
/// literal above `i64::MAX` is a [`TokenKind::TooLarge`], which the parser refuses where it knows
/// the number's place ([`ErrorKind::NumberTooLarge`]).
pub(crate) fn lex(input: &str) -> Result<Vec<Token>, NotationError> {
    let chars: Vec<char> = input.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        let position = i;
        let next = chars.get(i + 1).map(|c| c.to_ascii_lowercase());
        let (kind, width) = match c.to_ascii_lowercase() {
            '0'..='9' => {
                let end = chars[i..]
                    .iter()
                    .position(|c| !c.is_ascii_digit())
                    .map_or(chars.len(), |n| i + n);
                let digits: String = chars[i..end].iter().collect();
                let kind = digits
                    .parse::<i64>()
                    .map_or(TokenKind::TooLarge, TokenKind::Number);
                (kind, end - i)
            }
            'd' => match next {
                Some('h') => (TokenKind::DropHighest, 2),
                Some('l') => (TokenKind::DropLowest, 2),
                _ => (TokenKind::Dice, 1),
            },
            'k' => match next {
                Some('h') => (TokenKind::KeepHighest, 2),
                Some('l') => (TokenKind::KeepLowest, 2),
                _ => (TokenKind::KeepHighest, 1),
            },
            'r' => match next {
                Some('o') => (TokenKind::RerollOnce, 2),
                _ => (TokenKind::Reroll, 1),
            },
            '!' => match next {
                Some('!') => (TokenKind::Compound, 2),
                _ => (TokenKind::Explode, 1),
            },
            '<' => match next {
                Some('=') => (TokenKind::LessEqual, 2),
                _ => (TokenKind::Less, 1),
            },
            '>' => match next {
                Some('=') => (TokenKind::GreaterEqual, 2),
                _ => (TokenKind::Greater, 1),
            },
            'f' => (TokenKind::Fate, 1),
            '%' => (TokenKind::Percent, 1),
            '+' => (TokenKind::Plus, 1),
            '-' | '\u{2212}' => (TokenKind::Minus, 1),
            '*' => (TokenKind::Star, 1),
            '/' => (TokenKind::Slash, 1),
            '(' => (TokenKind::LeftParen, 1),
            ')' => (TokenKind::RightParen, 1),
            '=' => (TokenKind::Equal, 1),
            _ => {
                return Err(NotationError::at(
                    ErrorKind::UnexpectedCharacter { found: c },
                    position,
                ));
            }
        };
        tokens.push(Token { kind, position });
        i += width;
    }
    Ok(tokens)
}

#[cfg(test)]
mod tests {
    use super::TokenKind::*;
    use super::*;

    fn kinds(input: &str) -> Vec<TokenKind> {
        lex(input)
            .expect("lexes")
            .into_iter()
            .map(|t| t.kind)
            .collect()
    }

    #[test]
    fn modifier_words_are_single_tokens_and_case_does_not_matter() {
        assert_eq!(
            kinds("4D6KH3dl1k r<=2ro3!!>=5!"),
            vec![
                Number(4),
                Dice,
                Number(6),
                KeepHighest,
                Number(3),
                DropLowest,
                Number(1),
                KeepHighest,
                Reroll,
                LessEqual,
                Number(2),
                RerollOnce,
                Number(3),
                Compound,
                GreaterEqual,
                Number(5),
                Explode
            ]
        );
    }

    #[test]
    fn whitespace_and_the_unicode_minus_sign() {
        assert_eq!(
            kinds(" 9d8\t−\n40d10 "),
            vec![
                Number(9),
                Dice,
                Number(8),
                Minus,
                Number(40),
                Dice,
                Number(10)
            ]
        );
        let tokens = lex("1d4 − 1").expect("lexes");
        assert_eq!(
            tokens.iter().map(|t| t.position).collect::<Vec<_>>(),
            vec![0, 1, 2, 4, 6]
        );
    }

    #[test]
    fn positions_count_characters_not_bytes() {
        let err = lex("1 − x").expect_err("x is not notation");
        assert_eq!(err.position(), Some(4));
        assert_eq!(err.kind(), &ErrorKind::UnexpectedCharacter { found: 'x' });
    }

    #[test]
    fn a_literal_above_i64_max_is_one_token_for_the_parser_to_refuse() {
        let tokens = lex("1+9223372036854775808d6").expect("lexes");
        assert_eq!(
            tokens,
            vec![
                Token {
                    kind: Number(1),
                    position: 0
                },
                Token {
                    kind: Plus,
                    position: 1
                },
                Token {
                    kind: TooLarge,
                    position: 2
                },
                Token {
                    kind: Dice,
                    position: 21
                },
                Token {
                    kind: Number(6),
                    position: 22
                },
            ]
        );
        assert_eq!(kinds("9223372036854775807"), vec![Number(i64::MAX)]);
    }
}
