//! [`check_verbs`]: a system's enum of verbs against its command's serde shape, so that a move's
//! typed verb ([`skald_core::Move::verb`]) and [`skald_core::CommandShape::verb`] are the `do`
//! serde writes and reads, variant by variant.

use serde::de::DeserializeOwned;

/// Fails unless `verbs`, in order, are the tags serde takes for `C`'s `do`, in order: the list
/// serde's own refusal of an unknown `do` gives (`expected one of `a`, `b``). Both lists follow
/// the enum's declaration, so equal lists mean each variant's verb is its serialized `do`.
///
/// # Panics
/// When the lists differ, or `C` reads `{"do": "?"}` as a command.
pub fn check_verbs<C: DeserializeOwned>(verbs: impl IntoIterator<Item = &'static str>) {
    let verbs: Vec<String> = verbs.into_iter().map(|v| format!("`{v}`")).collect();
    let expected = match &verbs[..] {
        [one] => one.clone(),
        [a, b] => format!("{a} or {b}"),
        _ => format!("one of {}", verbs.join(", ")),
    };
    let refusal = match serde_json::from_value::<C>(serde_json::json!({"do": "?"})) {
        Ok(_) => panic!("a command with the verb ? was read"),
        Err(e) => e.to_string(),
    };
    assert_eq!(
        refusal,
        format!("unknown variant `?`, expected {expected}"),
        "the verbs are not serde's tags"
    );
}
