#![allow(clippy::unwrap_used)]
//! A Toy scenario, as `examples/*.toml` write them for the other systems, played through with its
//! scripted dice and expectations (skald-scenario).

use skald_scenario::Scenario;
use skald_toy::Toy;

const EVENING: &str = r#"
title = "Ann tries twice"
system = "toy"

[[characters]]
name = "Ann"
skill = 2

[[steps]]
note = "A 1 and her skill make 3: below the target of 4 (Y2, Y3)."
do = "try"
who = "Ann"
dice = [1]
expect = { tries = 1, characters = [{ name = "Ann", successes = 0, last = 3 }] }

[[steps]]
note = "A 2 makes 4: the target, a success."
do = "try"
who = "Ann"
dice = [2]
expect = { characters = [{ name = "Ann", successes = 1, last = 4 }] }
"#;

#[test]
fn a_scenario_plays_to_its_end_with_every_expectation_met() {
    let scenario = skald_scenario::load(EVENING).unwrap();
    let replay = Scenario::replay_as::<Toy>(&scenario).unwrap();
    assert!(replay.failure.is_none(), "{}", replay.to_text());
    assert_eq!(
        replay
            .to_text()
            .lines()
            .filter(|l| l.contains("tried"))
            .count(),
        2,
        "{}",
        replay.to_text()
    );
}
