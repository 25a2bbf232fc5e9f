//! The fuzz targets' own checks over every input kept for them, in each run of the test command:
//! what libFuzzer found and Skald fixed (`fuzz/regressions/TARGET/`, a finding fixed stays fixed)
//! and the seeds it starts from (`fuzz/seeds/TARGET/`). The checks are `fuzz/src/lib.rs` itself,
//! compiled here too, so the targets' code builds with Skald's crates at every commit although
//! the libFuzzer runs (`scripts/fuzz`) are not part of the test command (docs/reliability.md,
//! "Fuzzers"; docs/decisions.md, "CI in less time").

#[path = "../../fuzz/src/lib.rs"]
mod targets;

use std::fs;
use std::path::Path;

/// Runs `check` over each file kept for the target `name`, naming the file first so that a
/// failure says which input broke; returns how many files it read.
fn replay(name: &str, check: fn(&[u8])) -> usize {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    let mut read = 0;
    for kept in ["regressions", "seeds"] {
        let Ok(entries) = fs::read_dir(fuzz.join(kept).join(name)) else {
            continue;
        };
        let mut paths: Vec<_> = entries
            .map(|e| e.expect("a kept input's folder lists").path())
            .collect();
        paths.sort();
        for path in paths {
            let data = fs::read(&path).expect("a kept input reads");
            eprintln!("{name}: {}", path.display());
            check(&data);
            read += 1;
        }
    }
    read
}

#[test]
fn dice_targets_pass_every_kept_input() {
    assert_eq!(
        replay("dice", targets::dice),
        20,
        "fuzz/seeds/dice holds 20 notations"
    );
    assert_eq!(
        replay("odds", targets::odds),
        23,
        "fuzz/seeds/odds holds 20, fuzz/regressions/odds three"
    );
}

#[test]
fn scenario_and_table_targets_pass_their_own_inputs() {
    // No file is kept for these two yet (their seeds are the scenarios of examples/, which
    // scripts/fuzz writes out): one input each shows their checks run here.
    assert_eq!(replay("scenario", targets::scenario), 0);
    assert_eq!(replay("table", targets::table), 0);
    targets::scenario(include_bytes!("../../examples/chi/pool-7-round.toml"));
    targets::table(b"chi\ngm {\"do\": \"enroll\", \"character\": {\"name\": \"Ann\"}}\n");
}
