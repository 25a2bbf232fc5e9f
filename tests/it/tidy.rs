//! The tree tells the truth (issue 33): ARCHITECTURE.md's "Code map" names every source file and
//! template, in the style of rust-analyzer's tidy tests. Every `crates/*/src/**/*.rs`,
//! `src/**/*.rs` and `crates/*/templates/*` but `lib.rs` and `main.rs` must be named in its
//! crate's section (`` ### `crates/NAME` `` or `` ### `src/` ``): `a/b/c.rs` by a code span that
//! is `c.rs` or a path ending in it (`b/c.rs`), a `mod.rs` by its directory (`b/`), a template
//! by its file name. Reading the text only: no markdown parser, no dependency.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

/// Names every file missing from its crate's section of the code map, and what to do about it.
#[test]
fn the_code_map_names_every_source_file_and_template() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = fs::read_to_string(root.join("ARCHITECTURE.md")).expect("ARCHITECTURE.md is read");
    let sections = code_map(&text);

    let files = mapped_files(root);
    assert!(
        files.len() > 100,
        "only {} files found under {}: the walk is wrong",
        files.len(),
        root.display()
    );

    let mut missing = Vec::new();
    for (section, path) in &files {
        let word = word_for(path);
        let spans = sections
            .get(section.as_str())
            .map(Vec::as_slice)
            .unwrap_or(&[]);
        if !named(spans, &word) {
            let found = if sections.contains_key(section.as_str()) {
                ""
            } else {
                ", which has no section"
            };
            missing.push(format!("  {path} (`{word}`, in `{section}`{found})"));
        }
    }
    assert!(
        missing.is_empty(),
        "{} missing from ARCHITECTURE.md's code map; name each in ARCHITECTURE.md's code map, \
         in its crate's section, with what it is for:\n{}",
        match missing.len() {
            1 => "1 file is".to_string(),
            n => format!("{n} files are"),
        },
        missing.join("\n")
    );
}

/// The matching itself, so that the test above can fail.
#[test]
fn a_file_is_named_by_its_name_or_a_path_ending_in_it() {
    let spans = [
        "conflict/balance.rs",
        "moves/",
        "odds.rs",
        "board_<system>.html",
    ]
    .map(String::from);
    assert!(named(&spans, "balance.rs"));
    assert!(named(&spans, "odds.rs"));
    assert!(named(&spans, "moves/"));
    assert!(
        !named(&spans, "conflict/"),
        "a directory is named by its own span"
    );
    assert!(!named(&spans, "ance.rs"), "a name is matched whole");
    assert!(!named(&spans, "board_chi.html"), "a pattern names no file");

    assert_eq!(word_for("crates/twenty/src/advice/mod.rs"), "advice/");
    assert_eq!(word_for("crates/twenty/src/advice/exact.rs"), "exact.rs");
    assert_eq!(word_for("crates/web/templates/lobby.html"), "lobby.html");

    let map = code_map(
        "# A\n\n## Code map\n\n### `crates/a` (a)\n`x.rs` and `y/\nz.rs`\n\n### `src/` (bin)\n`w.rs`\n\n\
         ## Invariants\n`v.rs`\n",
    );
    assert_eq!(map["crates/a"], ["x.rs", "y/\nz.rs"]);
    assert_eq!(map["src"], ["w.rs"]);
    assert_eq!(map.len(), 2, "the code map ends at the next `## `");
}

/// The code map's sections, each by the first code span of its `###` heading without a trailing
/// `/` (`crates/dice`, `src`), with the code spans of its text.
fn code_map(text: &str) -> BTreeMap<&str, Vec<String>> {
    let start = text
        .find("\n## Code map\n")
        .expect("ARCHITECTURE.md has a `## Code map`");
    let map = &text[start + 1..];
    let end = map[1..].find("\n## ").map_or(map.len(), |end| end + 1);
    let mut sections = BTreeMap::new();
    for section in map[..end].split("\n### ").skip(1) {
        let (heading, body) = section.split_once('\n').unwrap_or((section, ""));
        let Some(name) = heading.split('`').nth(1) else {
            continue;
        };
        let spans = body
            .split('`')
            .skip(1)
            .step_by(2)
            .map(|span| span.trim().to_string());
        sections.insert(name.trim_end_matches('/'), spans.collect());
    }
    sections
}

/// Whether a code span is `word` or a path ending in it.
fn named(spans: &[String], word: &str) -> bool {
    spans.iter().any(|span| {
        span == word
            || span
                .strip_suffix(word)
                .is_some_and(|rest| rest.ends_with('/'))
    })
}

/// What names a file: its name, or for a `mod.rs` its directory's with a `/`.
fn word_for(path: &str) -> String {
    let mut parts = path.rsplit('/');
    let name = parts.next().unwrap_or(path);
    match (name, parts.next()) {
        ("mod.rs", Some(dir)) => format!("{dir}/"),
        _ => name.to_string(),
    }
}

/// Every file the code map must name, as (section, path from the root with `/`), sorted.
fn mapped_files(root: &Path) -> Vec<(String, String)> {
    let mut files = Vec::new();
    let mut crates: Vec<_> = fs::read_dir(root.join("crates"))
        .expect("crates/ is read")
        .map(|entry| {
            entry
                .expect("crates/ is listed")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    crates.sort();
    for name in crates {
        let section = format!("crates/{name}");
        let mut found = Vec::new();
        walk(root, &format!("{section}/src"), ".rs", true, &mut found);
        // Every template: the pages' HTML and the session report's Markdown alike.
        walk(root, &format!("{section}/templates"), "", false, &mut found);
        files.extend(found.into_iter().map(|path| (section.clone(), path)));
    }
    let mut found = Vec::new();
    walk(root, "src", ".rs", true, &mut found);
    files.extend(found.into_iter().map(|path| ("src".to_string(), path)));
    files.retain(|(_, path)| !path.ends_with("/lib.rs") && !path.ends_with("/main.rs"));
    files.sort();
    files
}

/// The files under `dir` (from `root`, with `/`) whose names end in `end`, into `found`, and
/// those under its directories too if `deep`; a missing `dir` has none.
fn walk(root: &Path, dir: &str, end: &str, deep: bool, found: &mut Vec<String>) {
    let Ok(entries) = fs::read_dir(root.join(dir)) else {
        return;
    };
    for entry in entries {
        let entry = entry.expect("a directory is listed");
        let path = format!("{dir}/{}", entry.file_name().to_string_lossy());
        let kind = entry.file_type().expect("a file's type is read");
        if kind.is_dir() {
            if deep {
                walk(root, &path, end, deep, found);
            }
        } else if path.ends_with(end) {
            found.push(path);
        }
    }
}
