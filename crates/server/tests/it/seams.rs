//! No seam between the table, the server and the pages passes JSON read by field name: the
//! server's and the pages' code read the typed shapes of `skald_server::shapes` (ARCHITECTURE.md,
//! "Invariants"). This test reads their source and fails on a JSON value indexed by a string
//! (`value["title"]`), a JSON pointer, or a template value's attribute read back by name.
#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Where `line` reads a field by name: a string index right after a value (`x["a"]`, `f()["a"]`,
/// `x[0]["a"]`), `.pointer(`, `.pointer_mut(` or `.get_attr(`.
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
    [".pointer(", ".pointer_mut(", ".get_attr("]
        .into_iter()
        .find(|call| code.contains(call))
}

#[test]
fn no_json_field_is_read_by_name_in_the_server_or_the_pages() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    sources(&root.join("src"), &mut files);
    sources(&root.join("../web/src"), &mut files);
    assert!(files.len() > 10, "{files:?}");
    let mut found = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            if let Some(what) = lookup(line) {
                found.push(format!(
                    "{}:{}: {what}: {}",
                    file.display(),
                    n + 1,
                    line.trim()
                ));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn the_check_sees_each_kind_of_lookup() {
    assert!(lookup(r#"    let id = created["table"].as_str();"#).is_some());
    assert!(lookup(r#"    summary["players"][0]["name"]"#).is_some());
    assert!(lookup(r#"    error.body()["error"]"#).is_some());
    assert!(lookup(r#"    doc.pointer("/paths")"#).is_some());
    assert!(lookup(r#"    context.get_attr("seq")"#).is_some());
    assert!(lookup(r#"    params.only(&["after", "token"])?;"#).is_none());
    assert!(lookup(r#"    if !["json", "md"].contains(&f) {"#).is_none());
    assert!(lookup(r#"    // a comment may say x["a"]"#).is_none());
}
