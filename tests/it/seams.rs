//! No product code reads JSON by field name (issue 33, "Commands are types"; ARCHITECTURE.md,
//! "Invariants"): the seams between the table, the server and the pages pass the typed shapes of
//! `skald_server::shapes` and the pages' `shapes`, a system's command tells its verb and acting
//! character as a type (`skald_core::CommandShape`, `Move::verb`), and JSON from outside (a
//! command as sent, an export, a form) is read into a small `Deserialize` struct
//! (`skald_core::Head` for a command's `do` and `who`). This test reads the product code of every
//! crate (`crates/*/src` and `src/`, without the items under `#[cfg(test)]`; not the dev-only
//! test kit, nor the load generator, which reads the server's answers as a client would) and
//! fails on a value indexed by a string (`value["title"]`), a JSON pointer, a template value's
//! attribute read back by name, or a `.get("...")`, but for the few lookups of [`ALLOWED`].

use crate::tidy::{product_lines, walk};
use std::fs;
use std::path::Path;

/// The crates whose code is not product code: the dev-only test kit and the load generator.
const NOT_PRODUCT: &[&str] = &["testkit", "load"];

/// The lookups by name that are not of JSON: the file, the code, and why it may stay.
const ALLOWED: &[(&str, &str, &str)] = &[
    (
        "crates/server/src/same_origin.rs",
        r#"headers.get("sec-fetch-site")"#,
        "an HTTP header, looked up by its name in the request's header map",
    ),
    (
        "crates/server/src/openapi.rs",
        r#".get_mut("/api/tables")"#,
        "a path of the OpenAPI document's typed map of paths (utoipa), not JSON",
    ),
    (
        "crates/server/src/openapi.rs",
        r#".get_mut("application/json")"#,
        "a media type of a typed request body (utoipa), not JSON",
    ),
    (
        "crates/server/src/openapi.rs",
        r#".get_mut("CreateTable")"#,
        "a schema of the OpenAPI document's typed components (utoipa), not JSON",
    ),
    (
        "crates/server/src/openapi.rs",
        r#".get_mut("system")"#,
        "a property of a typed schema object (utoipa), not JSON",
    ),
];

/// Where `line` reads a field by name: a string index right after a value (`x["a"]`, `f()["a"]`,
/// `x[0]["a"]`), `.get("`, `.get_mut("`, `.remove("`, `.contains_key("`, `.entry("`,
/// `.pointer(`, `.pointer_mut(` or `.get_attr(`.
fn lookup(line: &str) -> Option<&'static str> {
    let code = line.split("//").next().unwrap_or("");
    let bytes = code.as_bytes();
    let indexed = code.match_indices("[\"").any(|(at, _)| {
        at > 0 && {
            let before = bytes[at - 1];
            before.is_ascii_alphanumeric() || matches!(before, b'_' | b')' | b']')
        }
    });
    if indexed {
        return Some("a JSON field indexed by name");
    }
    [
        ".get(\"",
        ".get_mut(\"",
        ".remove(\"",
        ".contains_key(\"",
        ".entry(\"",
        ".pointer(",
        ".pointer_mut(",
        ".get_attr(",
    ]
    .into_iter()
    .find(|call| code.contains(call))
}

/// Whether `line` of `path` is one of [`ALLOWED`].
fn allowed(path: &str, line: &str) -> bool {
    ALLOWED
        .iter()
        .any(|(file, code, _)| path == *file && line.contains(code))
}

#[test]
fn no_product_code_reads_json_by_field_name() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    walk(root, "src", ".rs", true, &mut files);
    for entry in fs::read_dir(root.join("crates")).expect("crates/ is read") {
        let name = entry.expect("crates/ is listed").file_name();
        let name = name.to_string_lossy();
        if !NOT_PRODUCT.contains(&name.as_ref()) {
            walk(root, &format!("crates/{name}/src"), ".rs", true, &mut files);
        }
    }
    assert!(files.len() > 100, "{files:?}");
    for must in [
        "src/verify.rs",
        "crates/server/src/export.rs",
        "crates/web/src/pages.rs",
    ] {
        assert!(files.iter().any(|f| f == must), "{must} is read");
    }
    let mut found = Vec::new();
    let mut allowed_seen = Vec::new();
    for path in &files {
        let text = fs::read_to_string(root.join(path)).expect("a source file is read");
        for (number, line) in product_lines(&text) {
            match lookup(line) {
                Some(_) if allowed(path, line) => allowed_seen.push(line.trim().to_owned()),
                Some(what) => found.push(format!("  {path}:{number}: {what}: {}", line.trim())),
                None => {}
            }
        }
    }
    assert!(
        found.is_empty(),
        "product code reads JSON by field name; read it into a typed struct instead (a system's \
         command, `skald_core::Head`, a `#[derive(Deserialize)]` of what is read), or write it \
         from one (`serde_json::to_value`):\n{}",
        found.join("\n")
    );
    // An allowance the code no longer needs goes, so the list stays the exceptions there are.
    for (file, code, _) in ALLOWED {
        assert!(
            allowed_seen.iter().any(|line| line.contains(code)),
            "{file}: {code} is allowed but no longer there"
        );
    }
}

#[test]
fn the_check_sees_each_kind_of_lookup() {
    assert!(lookup(r#"    let id = created["table"].as_str();"#).is_some());
    assert!(lookup(r#"    summary["players"][0]["name"]"#).is_some());
    assert!(lookup(r#"    error.body()["error"]"#).is_some());
    assert!(lookup(r#"    command["by"] = json!(acting);"#).is_some());
    assert!(lookup(r#"    doc.pointer("/paths")"#).is_some());
    assert!(lookup(r#"    doc.pointer_mut("/paths")"#).is_some());
    assert!(lookup(r#"    context.get_attr("seq")"#).is_some());
    assert!(lookup(r#"    object.remove("client_id");"#).is_some());
    assert!(lookup(r#"    if !map.contains_key("do") {"#).is_some());
    assert!(lookup(r#"    map.get_mut("who")"#).is_some());
    assert!(lookup(r#"    map.entry("who")"#).is_some());
    assert!(lookup(r#"    m.command.get("do").and_then(Value::as_str)"#).is_some());
    assert!(lookup(r#"    let title = form.get("title").cloned();"#).is_some());
    assert!(lookup(r#"    params.only(&["after", "token"])?;"#).is_none());
    assert!(lookup(r#"    if !["json", "md"].contains(&f) {"#).is_none());
    assert!(lookup(r#"    Verb::BringIn, json!({"who": who}),"#).is_none());
    assert!(lookup(r#"    form.options.get(&format!("opt_{}", field.key))"#).is_none());
    assert!(lookup(r#"    // a comment may say x["a"] or x.get("a")"#).is_none());
    let header = r#"    if let Some(site) = headers.get("sec-fetch-site") {"#;
    assert!(lookup(header).is_some());
    assert!(allowed("crates/server/src/same_origin.rs", header));
    assert!(!allowed("crates/server/src/export.rs", header));
}
