//! [`Params`]: a request's query string, read the same way on every route (percent-decoded, `+` as
//! a space), with refusals in the reader's words: which parameter, the value given, and what is
//! allowed. Handlers use it instead of axum's `Query`, whose refusals speak the parser's language.
//!
//! One rule for a parameter given twice (`?token=A&token=B`): refused on every route, with the same
//! message, before anything reads it (no route takes the first or the last).

use crate::error::ApiError;
use axum::extract::FromRequestParts;
use axum::http::Uri;
use axum::http::request::Parts;

/// The longest part of a refused value quoted back, in characters.
const QUOTED: usize = 40;

/// A query string's `name=value` pairs, decoded, in order.
#[derive(Debug, Clone, Default)]
pub struct Params {
    pairs: Vec<(String, String)>,
}

impl Params {
    /// The parameters of `uri`'s query (none when it has none).
    ///
    /// # Errors
    /// [`ApiError::BadRequest`] when the query does not decode to text, or gives a parameter
    /// more than once (`NAME: given more than once; give it once`).
    pub fn of(uri: &Uri) -> Result<Self, ApiError> {
        if uri.query().is_none() {
            return Ok(Self::default());
        }
        // Not quoted back: the query may hold a token.
        let pairs = axum::extract::Query::<Vec<(String, String)>>::try_from_uri(uri)
            .map_err(|_| {
                ApiError::BadRequest(
                    "query: not a query string: name=value pairs joined by &, percent-encoded"
                        .into(),
                )
            })?
            .0;
        for (i, (name, _)) in pairs.iter().enumerate() {
            if pairs[..i].iter().any(|(earlier, _)| earlier == name) {
                return Err(repeated(name));
            }
        }
        Ok(Self { pairs })
    }

    /// Refuses a parameter not in `allowed` (one given more than once never gets here:
    /// [`Params::of`] refused it).
    ///
    /// # Errors
    /// [`ApiError::BadRequest`] naming the parameter and what this route takes.
    pub fn only(&self, allowed: &[&str]) -> Result<&Self, ApiError> {
        for (name, _) in &self.pairs {
            if !allowed.contains(&name.as_str()) {
                return Err(ApiError::BadRequest(format!(
                    "query: \"{}\" is not a parameter of this route; it takes {}",
                    quoted(name),
                    allowed.join(", ")
                )));
            }
        }
        Ok(self)
    }

    /// The value of `name`, if given (each name is given once at most: [`Params::of`]).
    pub fn text(&self, name: &str) -> Option<&str> {
        self.pairs
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The value of `name` as a whole number from `min` to `max`, if given.
    ///
    /// # Errors
    /// [`ApiError::BadRequest`]: `name: "value" is not a whole number from min to max`.
    pub fn whole(&self, name: &str, min: u64, max: u64) -> Result<Option<u64>, ApiError> {
        let Some(value) = self.text(name) else {
            return Ok(None);
        };
        match value.parse::<u64>() {
            Ok(n) if (min..=max).contains(&n) => Ok(Some(n)),
            _ => Err(ApiError::BadRequest(format!(
                "{name}: \"{}\" is not a whole number from {min} to {max}",
                quoted(value)
            ))),
        }
    }
}

/// The refusal of parameter `name` given more than once (its values are not quoted back: a
/// token may be among them).
fn repeated(name: &str) -> ApiError {
    ApiError::BadRequest(format!(
        "{}: given more than once; give it once",
        quoted(name)
    ))
}

/// At most [`QUOTED`] characters of `text`, with `...` when cut.
fn quoted(text: &str) -> String {
    let mut out: String = text.chars().take(QUOTED).collect();
    if text.chars().count() > QUOTED {
        out.push_str("...");
    }
    out
}

impl<S: Send + Sync> FromRequestParts<S> for Params {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, ApiError> {
        Params::of(&parts.uri)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(uri: &str) -> Result<Params, ApiError> {
        Params::of(&uri.parse::<Uri>().unwrap_or_else(|e| panic!("{uri}: {e}")))
    }

    #[test]
    fn values_are_percent_decoded_and_errors_name_field_value_and_range() {
        let p = params("/x?token=a%2Db_c&after=7&label=two+words").unwrap_or_default();
        assert_eq!(p.text("token"), Some("a-b_c"));
        assert_eq!(p.text("label"), Some("two words"));
        assert_eq!(p.whole("after", 0, 9).ok().flatten(), Some(7));
        fn message<T>(r: Result<T, ApiError>) -> Option<String> {
            r.err().map(|e| e.to_string())
        }
        assert_eq!(
            message(p.whole("after", 0, 5)).as_deref(),
            Some("after: \"7\" is not a whole number from 0 to 5")
        );
        let p = params("/x?after=-1").unwrap_or_default();
        assert_eq!(
            message(p.whole("after", 0, 10)).as_deref(),
            Some("after: \"-1\" is not a whole number from 0 to 10")
        );
        assert_eq!(
            message(p.only(&["token"]).map(|_| ())).as_deref(),
            Some("query: \"after\" is not a parameter of this route; it takes token")
        );
        assert_eq!(
            message(params("/x?after=1&after=2")).as_deref(),
            Some("after: given more than once; give it once")
        );
        assert_eq!(
            message(params("/x?token=a&after=1&token=b")).as_deref(),
            Some("token: given more than once; give it once")
        );
    }
}
