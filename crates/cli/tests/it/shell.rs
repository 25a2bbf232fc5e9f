#![allow(clippy::unwrap_used)]
//! A scenario's position read through a shell, and a system's command line run from what clap
//! matched, with no file and no binary.

use skald_cli::{Calculators, Cli, Error, Shell};
use skald_toy::Toy;
use std::collections::BTreeMap;
use std::path::Path;

/// A shell of files held in memory, and no entropy.
struct Files(BTreeMap<&'static str, &'static str>);

impl Shell for Files {
    fn read(&self, path: &Path) -> std::io::Result<String> {
        path.to_str()
            .and_then(|p| self.0.get(p))
            .map(|text| (*text).to_owned())
            .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::NotFound, "no such file"))
    }

    fn entropy(&self) -> Result<[u8; 32], Error> {
        Err(Error::Machine("no entropy in a test".into()))
    }
}

const EVENING: &str = r#"
title = "Ann tries twice"
system = "toy"

[[characters]]
name = "Ann"
skill = 2

[[steps]]
do = "try"
who = "Ann"
dice = [1]

[[steps]]
do = "try"
who = "Ann"
dice = [2]
"#;

fn shell() -> Files {
    Files(BTreeMap::from([("evening.toml", EVENING)]))
}

#[test]
fn a_position_is_played_from_the_file_the_shell_reads() {
    let path = Path::new("evening.toml");
    let (table, steps, next) = skald_cli::scenario_at::<Toy>(&shell(), path, Some(1)).unwrap();
    assert_eq!(steps, 1);
    assert_eq!(table.state().tries, 1);
    assert!(matches!(next, Some(skald_toy::Command::Try { .. })));
    let (table, steps) = skald_cli::scenario_after::<Toy>(&shell(), path, None).unwrap();
    assert_eq!((steps, table.state().tries), (2, 2));

    let refused = |after| {
        skald_cli::scenario_after::<Toy>(&shell(), Path::new("nowhere.toml"), after)
            .err()
            .map(|e| e.to_string())
    };
    assert_eq!(
        refused(None).as_deref(),
        Some("cannot read nowhere.toml: no such file")
    );
    assert_eq!(
        skald_cli::scenario_after::<Toy>(&shell(), path, Some(3))
            .err()
            .map(|e| e.to_string())
            .as_deref(),
        Some("--after is 3, but the scenario has 2 steps: give 0 to 2 (evening.toml)")
    );
}

#[test]
fn a_refusal_at_a_position_says_where_the_question_is_answered() {
    let path = Path::new("evening.toml");
    let hint = skald_cli::refused_at::<Toy>(&shell(), path, "no try is next".into(), |_, next| {
        next.is_some()
    });
    assert_eq!(
        hint,
        Error::Usage(
            "no try is next; it is answered after steps 0 and 1: give --after one of them".into()
        )
    );
    let alone = skald_cli::refused_at::<Toy>(&shell(), path, "never".into(), |_, _| false);
    assert_eq!(alone, Error::Usage("never".into()));
}

/// What the registry holds of a system's command line runs it from clap's matches alone.
#[test]
fn a_systems_command_line_runs_from_what_clap_matched() {
    let cli = Cli::of::<Toy>();
    let run = |args: &[&str]| {
        let matches = (cli.command)().try_get_matches_from(args).unwrap();
        (cli.run)(&matches, &shell())
    };
    assert_eq!(
        run(&["toy", "odds", "--skill", "3"]).unwrap(),
        "A try: d6 + skill 3 against 4 (Y2)\nsuccess  1 (100.0%)\nfailure  0 (0.0%)\n"
    );
    let json: serde_json::Value =
        serde_json::from_str(&run(&["toy", "odds", "--skill", "0", "--json"]).unwrap()).unwrap();
    assert_eq!(json["target"], 4);
    assert_eq!(
        run(&["toy", "odds", "--skill", "6"])
            .err()
            .map(|e| e.to_string())
            .as_deref(),
        Some("the skill is 6, but it must be 0 to 5 (Y1)")
    );
    // The help of `skald toy` is the doc comment of Toy's subcommand enum.
    let command = (cli.command)();
    assert_eq!(
        command.get_about().map(ToString::to_string).as_deref(),
        Some("Toy's calculator: the odds of a try")
    );
    assert!(
        <Toy as Calculators>::calculate(
            &skald_toy::cli::Command::Odds(skald_toy::cli::OddsArgs {
                skill: 1,
                hard: true,
                json: false
            }),
            &shell()
        )
        .is_ok()
    );
}
