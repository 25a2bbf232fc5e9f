//! The `skald` binary as a user meets it: exit codes, stdout and stderr.
use crate::common;
use common::{skald, text};

#[test]
fn replay_prints_the_dragon_example_with_its_dice() {
    let out = skald(&["replay", "examples/twenty/gorand-and-the-dragon.toml"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("Gorand brings in Friendly (exchange 1): rolls 2d20 = 12 10"),
        "{stdout}"
    );
    assert!(
        stdout.contains("Dragon brings in Fire Breath (exchange 3): rolls 4d20 = 18 16 13 5"),
        "{stdout}"
    );
    assert!(
        stdout.contains("The conflict ends: Gorand wins. Final narration: Gorand, Dragon"),
        "{stdout}"
    );
}

#[test]
fn replay_json_lists_the_events() {
    let out = skald(&[
        "replay",
        "examples/twenty/gorand-and-the-dragon.toml",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    assert_eq!(json["steps"][1]["events"][0]["event"], "brought_in");
    assert_eq!(
        json["steps"][1]["events"][0]["dice"],
        serde_json::json!([12, 10])
    );
    assert_eq!(json["state"]["conflict"]["winner"], "Gorand");
}

#[test]
fn a_failed_expectation_exits_1_with_a_diff() {
    let dir = std::env::temp_dir().join(format!("skald-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let original = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("examples/twenty/gorand-and-the-dragon.toml"),
    )
    .expect("example readable");
    let broken = original.replacen("winning = \"Dragon\"", "winning = \"Gorand\"", 1);
    let path = dir.join("broken.toml");
    std::fs::write(&path, broken).expect("write");
    let out = skald(&["replay", path.to_str().expect("utf-8 path")]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("step 3 failed"), "{stderr}");
    assert!(
        stderr.contains("-    \"winning\": \"Gorand\"")
            && stderr.contains("+    \"winning\": \"Dragon\""),
        "{stderr}"
    );
}

#[test]
fn usage_errors_exit_2_on_stderr() {
    for args in [
        &["replay"][..],
        &["frobnicate"],
        &["replay", "no/such/file.toml"],
        &["roll"],
    ] {
        let out = skald(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}: {}", text(&out.stdout));
        assert!(!out.stderr.is_empty(), "{args:?}");
    }
}

/// Each system's help says every calculator it has (issue 31: `skald chi --help` left out
/// `character` and `commit`, `skald freelancer --help` left out `opposed`).
#[test]
fn each_systems_help_names_every_calculator() {
    for (system, words) in [
        (
            "chi",
            &[
                "odds of an action",
                "allocation advice",
                "character lines",
                "secret-roll commitments",
            ][..],
        ),
        (
            "freelancer",
            &[
                "task checks",
                "opposed checks",
                "initiative",
                "actions",
                "advice over an event",
            ][..],
        ),
    ] {
        let out = skald(&[system, "--help"]);
        let first = text(&out.stdout)
            .lines()
            .next()
            .unwrap_or_default()
            .to_owned();
        for word in words {
            assert!(first.contains(word), "{system}: {first}");
        }
    }
}

#[test]
fn help_shows_examples_for_each_subcommand() {
    let out = skald(&["--help"]);
    assert_eq!(out.status.code(), Some(0));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("skald roll 4d6kh3") && stdout.contains("skald replay examples/"),
        "{stdout}"
    );
    // The README's first steps are the table and its verification: the help names them too.
    for line in [
        "skald serve                        the online table",
        "skald verify log.json",
        "skald twenty --help",
        "an online table, dice, odds, scenarios",
    ] {
        assert!(stdout.contains(line), "{line}: {stdout}");
    }
    for sub in ["roll", "replay"] {
        let out = skald(&[sub, "--help"]);
        assert!(text(&out.stdout).contains("Examples:"), "{sub}");
    }
}

#[test]
fn roll_with_a_seed_is_reproducible_and_shows_every_die() {
    let first = skald(&["roll", "4d6kh3", "--seed", "7"]);
    assert_eq!(first.status.code(), Some(0));
    assert_eq!(
        text(&first.stdout),
        "4d6kh3: [~1~, 4, 6, 2] = 12\ntotal: 12 (4d6kh3)\n"
    );
    assert_eq!(
        skald(&["roll", "4d6kh3", "--seed", "7"]).stdout,
        first.stdout
    );
    let json = skald(&["roll", "2d6 - 3", "--seed", "1", "--json"]);
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).expect("valid JSON");
    let dice: i64 = value["terms"][0]["dice"]
        .as_array()
        .expect("dice")
        .iter()
        .map(|d| d["value"].as_i64().unwrap_or(0))
        .sum();
    assert_eq!(value["total"].as_i64(), Some(dice - 3));
}

/// Words after the notation are the roll's label, as chat rollers read them (issue 31: `skald
/// roll "1d20 please don't break"` was refused); a notation with a typo is still refused.
#[test]
fn words_after_the_notation_are_the_rolls_label() {
    let out = skald(&["roll", "1d20 please don't break", "--seed", "7"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "label: please don't break\n1d20: [1] = 1\ntotal: 1 (1d20)\n"
    );
    let out = skald(&["roll", "2d6 + 3 for damage", "--seed", "7", "--json"]);
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    assert_eq!(value["label"], "for damage");
    assert_eq!(value["expression"], "2d6 + 3");
    let out = skald(&["roll", "1dx6 to hit"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("unexpected character 'x'"),
        "{}",
        text(&out.stderr)
    );
}

/// A comparison takes everything after it: `3d8>=7 + 5` compares the total with 12, and says so
/// with the way to write what a GM usually means (issue 31: it was read silently).
#[test]
fn a_comparison_with_a_sum_after_it_says_how_it_was_read() {
    let note = "note: read as: 3d8 >= (7 + 5), the total compared with all of 7 + 5; to count the \
                dice showing 7 or more and then add 5, write (3d8>=7) + 5\n";
    for args in [
        &["odds", "3d8>=7 + 5"][..],
        &["roll", "3d8>=7 + 5", "--seed", "1"][..],
    ] {
        let out = skald(args);
        assert_eq!(out.status.code(), Some(0));
        assert!(
            text(&out.stdout).contains(note),
            "{args:?}: {}",
            text(&out.stdout)
        );
    }
    let plain = skald(&["odds", "(3d8>=7) + 5"]);
    assert!(
        !text(&plain.stdout).contains("note:"),
        "{}",
        text(&plain.stdout)
    );
}

#[test]
fn roll_refuses_bad_notation_with_a_caret_and_exit_2() {
    for (expr, caret_line, message) in [
        ("1da", "  ^", "unexpected character 'a'"),
        ("((0+1)d6 + 3 + )", "               ^", "found ')'"),
        ("99999999d6", "^", "the limit is 10000 dice per roll"),
        ("1d6r<7", "", "rerolls every face"),
    ] {
        let out = skald(&["roll", expr]);
        assert_eq!(out.status.code(), Some(2), "{expr}");
        assert!(out.stdout.is_empty(), "{expr}");
        let stderr = text(&out.stderr);
        assert!(stderr.contains(message), "{expr}: {stderr}");
        if !caret_line.is_empty() {
            assert!(stderr.lines().any(|l| l == caret_line), "{expr}: {stderr}");
        }
    }
}

#[test]
fn d_drops_the_lowest_like_dl_in_roll_and_odds() {
    // The same odds, JSON byte for byte; the text adds how `2d20d1` was read.
    let short = skald(&["odds", "2d20d1", "--json"]);
    let long = skald(&["odds", "2d20dl1", "--json"]);
    assert_eq!(short.status.code(), Some(0), "{}", text(&short.stderr));
    assert_eq!(text(&short.stdout), text(&long.stdout));
    let short = text(&skald(&["odds", "2d20d1"]).stdout);
    let long = text(&skald(&["odds", "2d20dl1"]).stdout);
    assert_eq!(
        short.replacen("note: read as: 2d20dl1\n", "", 1),
        long,
        "{short}"
    );
    assert!(
        short.starts_with("2d20dl1\nnote: read as: 2d20dl1\n"),
        "{short}"
    );
    // The same dice from the same seed.
    let short = text(&skald(&["roll", "2d20d1", "--seed", "7", "--json"]).stdout);
    let long = text(&skald(&["roll", "2d20dl1", "--seed", "7", "--json"]).stdout);
    assert_eq!(short, long);
}

#[test]
fn a_refusal_of_a_long_expression_quotes_80_characters() {
    let expression = "1d6+".repeat(10_000);
    let out = skald(&["roll", &expression]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    // Before: 41,072 bytes of the refusal itself (the whole input, 1,000 spaces, the caret).
    assert!(stderr.len() < 300, "{} bytes: {stderr}", stderr.len());
    let lines: Vec<&str> = stderr.lines().collect();
    let quote = lines
        .iter()
        .position(|l| l.starts_with('…'))
        .unwrap_or_else(|| panic!("no quote in {stderr}"));
    assert_eq!(lines[quote], format!("…{}…", &expression[960..1040]));
    assert_eq!(lines[quote + 1], format!("{}^", " ".repeat(41)));
    assert_eq!(
        lines[quote + 2],
        "the expression is 40000 characters long: the limit is 1000 characters"
    );
}

#[test]
fn odds_prints_exact_fractions_and_json() {
    let out = skald(&["odds", "2d6"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("mean ≈ 7.000000 = 7"), "{stdout}");
    assert!(
        stdout
            .lines()
            .any(|l| l.split_whitespace().collect::<Vec<_>>()
                == ["7", "16.7%", "58.3%", "1/6", "7/12"]),
        "{stdout}"
    );
    let out = skald(&["odds", "8d6 > 6d6", "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    assert_eq!(json["p_true"], "22043155505/26121388032");
    assert_eq!(json["mean"], "22043155505/26121388032");
    assert_eq!(
        json["distribution"][0],
        serde_json::json!({
            "outcome": 0, "p": "4078232527/26121388032", "p_decimal": 4078232527f64 / 26121388032f64,
            "p_at_least": "1", "p_at_least_decimal": 1.0
        })
    );
}

/// Issue 31: `skald odds 1000d6 --json`, the README's example, wrote 14.8 MB. A large
/// distribution is summed up by default (its first and last outcomes, the 21 around the most
/// likely, the median and the middle 90%, how many were left out); `--full` gives every outcome.
#[test]
fn odds_sums_up_a_large_distribution_unless_asked_for_in_full() {
    let out = skald(&["odds", "1000d6"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.len() < 5_000, "{} bytes", stdout.len());
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines[3],
        "5001 outcomes, from 1000 to 6000; most likely 3500; median 3500; 90% of rolls from 3411 \
         to 3589"
    );
    assert_eq!(
        lines[4],
        "summary: 31 of 5001 outcomes shown (the first and last 5, and the 21 around the most \
         likely); 4970 left out, and exact fractions of more than 60 characters; --full prints \
         every outcome with its exact fractions"
    );
    // A chance below the smallest f64 still shows, from its fraction's digits: 1/6^1000, as a
    // percentage.
    assert_eq!(
        lines[6],
        "   1000  7.059e-777%         100%      (--full)  1"
    );
    assert_eq!(lines[11], "… 2485 left out");
    assert_eq!(
        lines[22],
        "   3500         0.7%        50.4%      (--full)  (--full)"
    );
    assert_eq!(stdout.matches("… 2485 left out").count(), 2, "{stdout}");
    let json = skald(&["odds", "1000d6", "--json"]);
    assert!(json.stdout.len() < 200_000, "{} bytes", json.stdout.len());
    let json: serde_json::Value = serde_json::from_slice(&json.stdout).expect("valid JSON");
    assert_eq!(json["full"], false);
    assert_eq!(json["outcomes"], 5001);
    assert_eq!(json["left_out"], 4970);
    assert_eq!(json["median"], 3500);
    assert_eq!(json["middle_90"], serde_json::json!([3411, 3589]));
    assert!(
        json.get("distribution").is_none(),
        "an excerpt is never the distribution"
    );
    let excerpt = json["excerpt"].as_array().expect("rows");
    assert_eq!(excerpt.len(), 31);
    assert_eq!(excerpt[5]["outcome"], 3490);
    assert_eq!(excerpt[5]["left_out_before"], 2485);
    // Every outcome with --full (200d2: 201 outcomes, one past the summary's bound).
    let full = skald(&["odds", "200d2", "--json", "--full"]);
    let full: serde_json::Value = serde_json::from_slice(&full.stdout).expect("valid JSON");
    assert_eq!(full["distribution"].as_array().map(Vec::len), Some(201));
    let summed = skald(&["odds", "200d2", "--json"]);
    let summed: serde_json::Value = serde_json::from_slice(&summed.stdout).expect("valid JSON");
    assert_eq!(summed["excerpt"].as_array().map(Vec::len), Some(31));
    let text_full = text(&skald(&["odds", "200d2", "--full"]).stdout);
    assert_eq!(text_full.lines().count(), 4 + 201, "{text_full}");
    // A small distribution is whole, as before.
    let small: serde_json::Value =
        serde_json::from_slice(&skald(&["odds", "3d6", "--json"]).stdout).expect("valid JSON");
    assert_eq!(small["distribution"].as_array().map(Vec::len), Some(16));
}

#[test]
fn odds_refuses_what_roll_refuses_and_names_bounds() {
    let roll = skald(&["roll", "1d6r<7"]);
    let odds = skald(&["odds", "1d6r<7"]);
    assert_eq!(odds.status.code(), Some(2));
    assert_eq!(text(&odds.stderr), text(&roll.stderr));
    let big = skald(&["odds", "10000d1000000"]);
    assert_eq!(big.status.code(), Some(2));
    assert!(
        text(&big.stderr).contains("outcomes in one distribution"),
        "{}",
        text(&big.stderr)
    );
    let estimate = skald(&[
        "odds",
        "1d1000000 * 1d1000000",
        "--estimate",
        "--seed",
        "5",
        "--json",
    ]);
    assert_eq!(
        estimate.status.code(),
        Some(0),
        "{}",
        text(&estimate.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&estimate.stdout).expect("valid JSON");
    assert_eq!(json["exact"], false);
    let mean = json["mean_decimal"].as_f64().expect("mean");
    let se = json["mean_standard_error"]
        .as_f64()
        .expect("standard error");
    assert_eq!(json["samples"], 100_000);
    assert!(
        (mean - 250_000_500_000.25).abs() < 6.0 * se,
        "{mean} ± {se}"
    );
}

#[test]
fn odds_plot_writes_an_svg_with_axes_and_the_mean() {
    let path = std::env::temp_dir().join(format!("skald-plot-{}.svg", std::process::id()));
    let out = skald(&["odds", "3d6", "--plot", path.to_str().expect("utf-8")]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let svg = std::fs::read_to_string(&path).expect("svg written");
    assert!(svg.starts_with("<svg"));
    for label in [
        "outcome",
        "probability",
        "mean 10.500",
        "3d6: distribution (mean 10.500)",
    ] {
        assert!(svg.contains(label), "{label} missing");
    }
    let _ = std::fs::remove_file(path);
}

#[test]
fn roll_and_odds_say_when_a_compare_point_counts_successes() {
    let note = "note: this counts the dice showing >=15 (success counting); to compare the total, write (2d20) >= 15";
    let roll = skald(&["roll", "2d20 >= 15", "--seed", "1"]);
    assert!(
        text(&roll.stdout).lines().any(|l| l == note),
        "{}",
        text(&roll.stdout)
    );
    let odds = skald(&["odds", "2d20 >= 15"]);
    assert!(
        text(&odds.stdout).lines().any(|l| l == note),
        "{}",
        text(&odds.stdout)
    );
}

#[test]
fn odds_plot_must_be_an_svg_file() {
    let out = skald(&["odds", "3d6", "--plot", "chart.png"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert_eq!(
        text(&out.stderr),
        "skald: --plot chart.png: the chart is an SVG; name the file with .svg\n"
    );
}

#[test]
fn an_explosion_point_read_where_a_comparison_was_meant_is_said() {
    // `1d8! >= 4` explodes on 4 or more (the point belongs to the `!`, spaces or not): the text says
    // so and how to compare the total; written without spaces, it is plainly a point.
    let spaced = text(&skald(&["odds", "1d8! >= 4"]).stdout);
    assert!(
        spaced.starts_with(
            "1d8!>=4\nnote: >=4 right after ! is where the dice explode, not a comparison of the total; to compare the total, write (1d8!) >= 4\n"
        ),
        "{spaced}"
    );
    let plain = text(&skald(&["odds", "1d8!>=4"]).stdout);
    assert!(!plain.contains("right after"), "{plain}");
    // A point no face meets: nothing explodes, and the text says so.
    let never = text(&skald(&["odds", "3d6!! > 10"]).stdout);
    assert!(
        never.starts_with(
            "3d6!!>10\nnote: no face of these dice is >10, so they never explode; to compare the total, write (3d6!!) > 10\nmean ≈ 10.500000 = 21/2\n"
        ),
        "{never}"
    );
    // The comparison it points to is a comparison.
    let compared = text(&skald(&["odds", "(1d8!) >= 4"]).stdout);
    assert!(compared.contains("P(true) = 62.5% (5/8)"), "{compared}");
    // `roll` reads the same way and says the same.
    let rolled = text(&skald(&["roll", "1d8! >= 4", "--seed", "1"]).stdout);
    assert!(
        rolled.contains("right after ! is where the dice explode"),
        "{rolled}"
    );
}

/// `skald systems` lists the registry's systems in the lobby's order: this test build's, Toy
/// included (a release build lists the four without it, docs/decisions.md). Scripts and the
/// browser tests read its JSON to go through every system.
#[test]
fn systems_lists_the_registrys_systems_as_text_and_json() {
    let out = skald(&["systems"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "twenty      Twenty\nloqi        Loqi\nchi         Chi\nfreelancer  Freelancer\ntoy         Toy\n"
    );
    let out = skald(&["systems", "--json"]);
    let listed: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_default();
    let names: Vec<&str> = listed
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|s| s["name"].as_str())
        .collect();
    assert_eq!(names, skald_systems::REGISTRY.names().collect::<Vec<_>>());
    assert_eq!(
        listed[4],
        serde_json::json!({"name": "toy", "title": "Toy"})
    );
}
