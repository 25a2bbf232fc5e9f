//! Every ruling a system's texts cite has an entry on its rules page, so no link a page draws
//! from a code such as `(T3)` leads nowhere: each system crate's source (its moves, notes, errors,
//! descriptions) is scanned for ruling ids (the letter of a system's codes, `T`, `L`, `C`, `F`,
//! `Y`..., and a number, as a word of its own) and each must be on that system's page.

use std::collections::BTreeSet;
use std::path::Path;

/// Every ruling id in the `.rs` files under `dir` (but the rules page's own `rulings.rs`) whose
/// letter is one of `letters`: `T3` in "(T3)", "T5:" or "T1, T5", never the `T1` of `T10` or of
/// `XT1`.
fn cited(dir: &Path, letters: &[u8], found: &mut BTreeSet<String>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    entries.sort();
    for path in entries {
        if path.is_dir() {
            cited(&path, letters, found);
        } else if path.extension().is_some_and(|e| e == "rs")
            // The page itself states every code: the scan reads what cites them.
            && path.file_name().is_some_and(|n| n != "rulings.rs")
        {
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            found.extend(codes(&text, letters));
        }
    }
}

/// The ruling ids in `text` whose letter is one of `letters`.
fn codes(text: &str, letters: &[u8]) -> Vec<String> {
    let bytes = text.as_bytes();
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut found = Vec::new();
    for (i, &b) in bytes.iter().enumerate() {
        if !letters.contains(&b) || (i > 0 && word(bytes[i - 1])) {
            continue;
        }
        let digits = bytes[i + 1..]
            .iter()
            .take_while(|d| d.is_ascii_digit())
            .count();
        let end = i + 1 + digits;
        if (1..=2).contains(&digits) && bytes.get(end).is_none_or(|&n| !word(n)) {
            found.push(text[i..end].to_owned());
        }
    }
    found
}

#[test]
fn the_scan_finds_codes_as_words_only() {
    assert_eq!(
        codes(
            "loses at once (T4; a disabled character, T7) T10, XT1, T1a, C3: Y2",
            b"TLCF"
        ),
        ["T4", "T7", "T10", "C3"]
    );
}

#[test]
fn every_ruling_a_system_cites_is_on_its_rules_page() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    // The letters the systems' codes start with: a code of any system is looked for in each.
    let letters: Vec<u8> = skald_systems::REGISTRY
        .iter()
        .flat_map(|s| s.rulings.rulings.iter().map(|r| r.code.as_bytes()[0]))
        .collect();
    for system in skald_systems::REGISTRY.iter() {
        let mut found = BTreeSet::new();
        cited(&crates.join(system.name).join("src"), &letters, &mut found);
        assert!(
            !found.is_empty(),
            "{}: only {found:?} cited; is this its crate?",
            system.name
        );
        let stated: BTreeSet<String> = system
            .rulings
            .rulings
            .iter()
            .map(|r| r.code.to_owned())
            .collect();
        let missing: Vec<_> = found.difference(&stated).collect();
        assert!(
            missing.is_empty(),
            "{}: cited but not on /rules/{}: {missing:?}",
            system.name,
            system.name
        );
        // And the page states nothing its texts never cite, each code once, with words.
        let unused: Vec<_> = stated.difference(&found).collect();
        assert!(
            unused.is_empty(),
            "{}: never cited: {unused:?}",
            system.name
        );
        assert_eq!(
            stated.len(),
            system.rulings.rulings.len(),
            "{}: a code twice",
            system.name
        );
        for r in system.rulings.rulings {
            assert!(
                !r.title.is_empty() && r.text.len() > 40,
                "{}: {}",
                system.name,
                r.code
            );
        }
        assert!(!system.rulings.how_to_play.is_empty(), "{}", system.name);
    }
}

#[test]
fn a_code_is_found_on_the_page_of_its_system() {
    let (system, ruling) = skald_systems::REGISTRY.ruling("T3").expect("T3");
    assert_eq!((system.name, ruling.title), ("twenty", "Who is winning"));
    assert_eq!(
        skald_systems::REGISTRY.ruling("C4").map(|(s, _)| s.name),
        Some("chi")
    );
    assert_eq!(
        skald_systems::REGISTRY.ruling("L8").map(|(s, _)| s.name),
        Some("loqi")
    );
    assert_eq!(
        skald_systems::REGISTRY.ruling("F5").map(|(s, _)| s.name),
        Some("freelancer")
    );
    assert_eq!(
        skald_systems::REGISTRY.ruling("T14").map(|(s, _)| s.name),
        Some("twenty")
    );
    assert_eq!(
        skald_systems::REGISTRY.ruling("Y2").map(|(s, _)| s.name),
        Some("toy")
    );
    assert!(skald_systems::REGISTRY.ruling("T15").is_none());
    assert!(skald_systems::REGISTRY.ruling("X1").is_none());
}

/// Sentences a fresh reader's pass (issue 31) found short of the rulings: Chi's off-concept cap
/// is a third of the pool rounded up (C2: ceil(current pool / 3)), and Freelancer's divided turn
/// rounds to the nearest turn, a half up (F5: round(turn / k); 150448 / 3 = 50149.3 gives 50149,
/// which "halves rounded up" read as rounding up would not).
#[test]
fn the_rules_pages_round_as_the_rulings_do() {
    let page = |name: &str| {
        skald_systems::REGISTRY
            .find(name)
            .unwrap_or_else(|| panic!("{name}"))
            .rulings
    };
    let chi = page("chi");
    assert!(
        chi.how_to_play
            .iter()
            .any(|p| p.contains("may use at most a third of the pool, rounded up (C2)")),
        "{:?}",
        chi.how_to_play
    );
    let (_, f5) = skald_systems::REGISTRY.ruling("F5").expect("F5");
    assert!(
        f5.text.contains(concat!(
            "rounded to the nearest whole number, a half up ",
            "(150448 gives 75224 for two, or 50149 for three; 673 would give 337 for two, but against the book's slowest turn of 25 it is only one digit more, so it keeps one Full Action)"
        )),
        "{}",
        f5.text
    );
    assert!(!f5.text.contains("halves rounded up"), "{}", f5.text);
    assert!(page("freelancer").rulings.iter().any(|r| r.code == "F5"));
}
