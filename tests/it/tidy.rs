//! The tree tells the truth (issue 33), in the style of rust-analyzer's tidy tests: the registry is
//! the only list of the systems (no neutral crate names one, `no_neutral_crate_names_a_system`),
//! and ARCHITECTURE.md's "Code map" names every source file and template. Every `crates/*/src/**/*.rs`,
//! `src/**/*.rs` and `crates/*/templates/*` but `lib.rs` and `main.rs` must be named in its
//! crate's section (`` ### `crates/NAME` `` or `` ### `src/` ``): `a/b/c.rs` by a code span that
//! is `c.rs` or a path ending in it (`b/c.rs`), a `mod.rs` by its directory (`b/`), a template
//! by its file name. Reading the text only: no markdown parser, no dependency.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

/// The crates under `crates/` that are neither a system's nor neutral: the registry, the dev-only
/// test kit (each system's sample sheets, for tests) and the load generator (its tables are of two
/// systems picked for its measure, docs/benchmarks.md).
const NOT_NEUTRAL: &[&str] = &["systems", "testkit", "load"];

/// The neutral crates that may depend on `skald-systems`: the shell over the table, which takes
/// `skald_systems::REGISTRY` and hands it down, and the binary (`skald`, the repository's root),
/// which finds each system's calculators there. The others (the table among them) take a
/// `skald_core::Registry` or need none.
const SHELL: &[&str] = &["server", "web", "skald"];

/// No neutral crate (every crate under `crates/` but the registry's systems, named by their names,
/// and [`NOT_NEUTRAL`]) spells a system's name in its product code: a quoted name (`"chi"`, in code
/// or its docs, as a list would), a path to a system crate (`skald_chi`), a board's file
/// (`board_chi`, `board-chi`), or a system crate in its `[dependencies]`; and only the
/// [`SHELL`] depends on `skald-systems`. The binary (`src/`, the root's `Cargo.toml`) is held to
/// the same: each system's calculators come from its crate through the registry (issue 33). Test
/// code (after `#[cfg(test)]`, and `tests/`) may name systems; a test that means every system
/// iterates the registry. A fifth system is its crate and its line in the registry
/// (ARCHITECTURE.md, "Adding a system").
#[test]
fn no_neutral_crate_names_a_system() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let systems: Vec<&str> = skald_systems::REGISTRY.names().collect();
    let mut crates: Vec<String> = fs::read_dir(root.join("crates"))
        .expect("crates/ is read")
        .map(|entry| entry.expect("crates/ is listed").file_name())
        .map(|name| name.to_string_lossy().into_owned())
        .filter(|name| !systems.contains(&name.as_str()) && !NOT_NEUTRAL.contains(&name.as_str()))
        .collect();
    crates.sort();
    for expected in [
        "core", "dice", "fair", "scenario", "server", "store", "table", "web",
    ] {
        assert!(
            crates.iter().any(|c| c == expected),
            "{expected} is neutral: {crates:?}"
        );
    }

    let mut found = Vec::new();
    let binary = ("skald".to_string(), ".".to_string());
    let checked = crates
        .iter()
        .map(|name| (name.clone(), format!("crates/{name}")))
        .chain([binary]);
    for (name, dir) in checked {
        let manifest = fs::read_to_string(root.join(&dir).join("Cargo.toml"))
            .expect("a crate's Cargo.toml is read");
        for (line, dependency) in dependencies(&manifest) {
            let listed = systems
                .iter()
                .any(|system| dependency == format!("skald-{system}"));
            if listed || (dependency == "skald-systems" && !SHELL.contains(&name.as_str())) {
                found.push(format!(
                    "  {dir}/Cargo.toml:{line}: depends on {dependency}"
                ));
            }
        }
        let mut files = Vec::new();
        walk(root, &format!("{dir}/src"), ".rs", true, &mut files);
        walk(root, &format!("{dir}/templates"), "", false, &mut files);
        walk(root, &format!("{dir}/static"), "", false, &mut files);
        for path in files {
            let Ok(text) = fs::read_to_string(root.join(&path)) else {
                continue; // not text: the icon
            };
            let lines = if path.ends_with(".rs") {
                product_lines(&text)
            } else {
                text.lines().enumerate().map(|(i, l)| (i + 1, l)).collect()
            };
            for (number, line) in lines {
                if let Some(spelled) = spelled(line, &systems) {
                    found.push(format!("  {path}:{number}: {spelled}: {}", line.trim()));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "a neutral crate names a system; take it from the registry (`skald_core::Registry`, \
         `skald_systems::REGISTRY`) instead, or move the code to the system's crate:\n{}",
        found.join("\n")
    );
}

/// The matching of the test above, so that it can fail.
#[test]
fn a_system_is_spelled_by_its_quoted_name_its_crate_or_its_board() {
    let systems = ["chi", "twenty"];
    let found = |line: &str| spelled(line, &systems);
    assert_eq!(found(r#"find("chi")"#).as_deref(), Some("\"chi\""));
    assert_eq!(
        found("use skald_twenty::Twenty;").as_deref(),
        Some("skald_twenty")
    );
    assert_eq!(
        found("{% include \"board_chi.html\" %}").as_deref(),
        Some("board_chi")
    );
    assert_eq!(
        found(".board-twenty { gap: 0 }").as_deref(),
        Some("board-twenty")
    );
    assert_eq!(spelled(r#"let s = "chip";"#, &systems), None);
    assert_eq!(
        spelled("/// the rules page (`/rules/<name>`)", &systems),
        None
    );

    let source = "fn a() {}\n#[cfg(test)]\nuse x::y;\nfn b() {}\n#[cfg(test)]\nmod tests {\n    fn c() {\n    }\n}\nfn d() {\n    #[cfg(test)]\n    {\n        e();\n    }\n    f();\n}\n";
    let kept: Vec<&str> = product_lines(source)
        .into_iter()
        .map(|(_, l)| l.trim())
        .collect();
    assert_eq!(kept, ["fn a() {}", "fn b() {}", "fn d() {", "f();", "}"]);

    let manifest = "[package]\nname = \"x\"\n\n[dependencies]\nskald-core.workspace = true\nserde = { workspace = true }\n\n[dev-dependencies]\nskald-chi.workspace = true\n";
    assert_eq!(dependencies(manifest), [(5, "skald-core"), (6, "serde")]);
}

/// The first way `line` spells one of `systems`: `"name"`, `skald_name`, `board_name` or
/// `board-name`.
fn spelled(line: &str, systems: &[&str]) -> Option<String> {
    systems.iter().find_map(|system| {
        [
            format!("\"{system}\""),
            format!("skald_{system}"),
            format!("board_{system}"),
            format!("board-{system}"),
        ]
        .into_iter()
        .find(|word| line.contains(word.as_str()))
    })
}

/// The lines of a Rust source that are product code, each with its number: all but the item after
/// each `#[cfg(test)]` (one line when it ends in `;`, else up to the `}` at the attribute's
/// indentation that closes it, as rustfmt writes it).
pub(crate) fn product_lines(text: &str) -> Vec<(usize, &str)> {
    let mut kept = Vec::new();
    let mut lines = text.lines().enumerate();
    while let Some((i, line)) = lines.next() {
        if line.trim() != "#[cfg(test)]" {
            kept.push((i + 1, line));
            continue;
        }
        let indent = &line[..line.len() - line.trim_start().len()];
        let close = format!("{indent}}}");
        let item = lines
            .by_ref()
            .map(|(_, l)| l)
            .find(|l| !l.trim().is_empty() && !l.trim_start().starts_with("#["));
        if item.is_some_and(|l| !l.trim_end().ends_with(';')) {
            for (_, l) in lines.by_ref() {
                if l == close {
                    break;
                }
            }
        }
    }
    kept
}

/// The names in a `Cargo.toml`'s `[dependencies]` (not its dev- or build-dependencies), each with
/// its line number.
fn dependencies(manifest: &str) -> Vec<(usize, &str)> {
    let mut section = "";
    let mut found = Vec::new();
    for (i, line) in manifest.lines().enumerate() {
        let line = line.trim();
        if line.starts_with('[') {
            section = line;
        } else if section == "[dependencies]" && !line.is_empty() && !line.starts_with('#') {
            let name = line.split(['=', '.', ' ']).next().unwrap_or_default();
            found.push((i + 1, name));
        }
    }
    found
}

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
pub(crate) fn walk(root: &Path, dir: &str, end: &str, deep: bool, found: &mut Vec<String>) {
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

/// The crates whose refusal sentences reach a page through `skald_core::Forms::word` besides the
/// registry's systems: the table's own refusals and the core's.
const WORDED_CRATES: &[&str] = &["table", "core"];

/// A system's refusal sentence is a template (issue 33; `crates/core/src/refusal.rs`): it names a
/// field, an option or a command only inside backticks, the template's blanks, and nothing else
/// in it is read. So no `#[error("...")]` string of a system's crate (every crate the registry
/// names, a fifth one too) or of [`WORDED_CRATES`] holds, outside backticks and `{...}`
/// placeholders, a bare snake_case name (a word of lowercase letters and digits with an `_`:
/// `high_ratings`, `task_check`), nor a `{field}` placeholder (the field's name, filled in) outside
/// backticks. Test code (after `#[cfg(test)]`) is not read.
#[test]
fn a_refusal_names_fields_options_and_commands_only_in_backticks() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut crates: Vec<&str> = skald_systems::REGISTRY.names().collect();
    crates.extend(WORDED_CRATES);
    let mut found = Vec::new();
    for name in crates {
        let mut files = Vec::new();
        walk(root, &format!("crates/{name}/src"), ".rs", true, &mut files);
        files.sort();
        for path in files {
            let text = fs::read_to_string(root.join(&path)).expect("a source file is read");
            let product = text.split("#[cfg(test)]").next().unwrap_or("");
            for (line, sentence) in error_strings(product) {
                for bare in bare_names(&sentence) {
                    found.push(format!("  {path}:{line}: {bare} outside backticks"));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "a refusal names a field, option or command only in backticks \
         (`{{field}}`, `high_ratings`; docs/system-crate.md):\n{}",
        found.join("\n")
    );
}

#[test]
fn a_bare_name_is_found_outside_backticks_and_placeholders() {
    let strings = error_strings(
        "    #[error(\"{field} is {value}; see high_ratings \\\n     or `task_check`\")]\n    \
         A,\n    #[error(transparent)]\n    B,\n    #[error(\"`{field}` is {my_value} (\\\"a_b\\\")\")]",
    );
    assert_eq!(
        strings,
        vec![
            (
                1,
                "{field} is {value}; see high_ratings or `task_check`".to_owned()
            ),
            (6, "`{field}` is {my_value} (\"a_b\")".to_owned()),
        ]
    );
    assert_eq!(bare_names(&strings[0].1), vec!["{field}", "high_ratings"]);
    assert_eq!(bare_names(&strings[1].1), vec!["a_b"]);
    assert_eq!(
        bare_names("{{field}} has T2-T4 and 4_d6"),
        Vec::<String>::new()
    );
}

/// The format strings of the `#[error("...")]` attributes in `source`, each with the line it
/// starts on (1-based), its escapes read (`\"` as `"`, a `\` line continuation as the one space
/// it leaves).
fn error_strings(source: &str) -> Vec<(usize, String)> {
    let mut strings = Vec::new();
    let mut rest = source;
    while let Some(at) = rest.find("#[error(") {
        let after = &rest[at + "#[error(".len()..];
        let start = source.len() - after.len();
        rest = after;
        let Some(literal) = after.trim_start().strip_prefix('"') else {
            continue; // `transparent`
        };
        let line = source[..start].matches('\n').count() + 1;
        let mut text = String::new();
        let mut chars = literal.chars();
        while let Some(c) = chars.next() {
            match c {
                '"' => break,
                '\\' => match chars.next() {
                    Some('\n') => {
                        // A continuation: the next line's leading spaces go.
                        let skipped: String =
                            chars.clone().take_while(|c| c.is_whitespace()).collect();
                        for _ in skipped.chars() {
                            chars.next();
                        }
                    }
                    Some('n') => text.push('\n'),
                    Some(other) => text.push(other),
                    None => break,
                },
                c => text.push(c),
            }
        }
        strings.push((line, text));
    }
    strings
}

/// The names `sentence` (a format string) holds outside backticks that the convention keeps in
/// them: a snake_case word outside `{...}` placeholders, and a `{field}` placeholder.
fn bare_names(sentence: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut in_ticks = false;
    let mut word = String::new();
    let mut chars = sentence.chars().peekable();
    let snake = |word: &str| {
        word.contains('_')
            && word.chars().any(|c| c.is_ascii_lowercase())
            && word
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
            && !word.starts_with(|c: char| c.is_ascii_digit())
    };
    while let Some(c) = chars.next() {
        if c.is_ascii_alphanumeric() || c == '_' {
            word.push(c);
            continue;
        }
        if !in_ticks && snake(&word) {
            found.push(word.clone());
        }
        word.clear();
        match c {
            '`' => in_ticks = !in_ticks,
            '{' if chars.peek() == Some(&'{') => {
                chars.next();
            }
            '{' => {
                let inside: String = chars.by_ref().take_while(|&c| c != '}').collect();
                let name = inside.split(':').next().unwrap_or("");
                if name == "field" && !in_ticks {
                    found.push("{field}".to_owned());
                }
            }
            _ => {}
        }
    }
    if !in_ticks && snake(&word) {
        found.push(word);
    }
    found
}
