//! The moves a table page offers and the odds it shows (`moves.rs`), on states folded from the
//! book's examples (`examples/twenty/*.toml`).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use serde_json::{Value, json};
use skald_core::{Authority, FieldKind, Move, Scripted, Seat, SeededRandom, System, Table};
use skald_twenty::odds::p_ahead;
use skald_twenty::{Command, State, Twenty, compare_pools};
use std::cmp::Ordering;

const EXAMPLES: [&str; 7] = [
    "gorand-and-the-dragon",
    "dragon-surrenders",
    "dragon-burden",
    "healing",
    "caravan-obligation",
    "three-way",
    "disabled",
];

fn example(name: &str) -> toml::Table {
    let path = format!(
        "{}/../../examples/twenty/{name}.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(path).unwrap().parse().unwrap()
}

/// The example's table after its characters sit down and its first `steps` steps are played (steps
/// the example expects refused are skipped, as they change nothing).
fn after(name: &str, steps: usize) -> Table<Twenty> {
    let doc = example(name);
    let mut table = Table::<Twenty>::new(Default::default());
    for c in doc["characters"].as_array().unwrap() {
        let sheet = c.clone().try_into().unwrap();
        table
            .execute(<Twenty as System>::enroll(sheet), &mut Scripted::default())
            .unwrap();
    }
    for step in doc["steps"].as_array().unwrap().iter().take(steps) {
        let mut step = step.as_table().unwrap().clone();
        if step.contains_key("expect_error") {
            continue;
        }
        let dice: Vec<i64> = step
            .remove("dice")
            .map(|d| d.try_into().unwrap())
            .unwrap_or_default();
        for key in ["note", "expect"] {
            step.remove(key);
        }
        let command: Command = toml::Value::Table(step).try_into().unwrap();
        table.execute(command, &mut Scripted::new(dice)).unwrap();
    }
    table
}

fn steps_of(name: &str) -> usize {
    example(name)["steps"].as_array().unwrap().len()
}

fn gm() -> Seat {
    Seat {
        gm: true,
        characters: Vec::new(),
    }
}

fn player(characters: &[&str]) -> Seat {
    Seat {
        gm: false,
        characters: characters.iter().map(|c| c.to_string()).collect(),
    }
}

/// One move in a line: its label, its fixed command, and each blank (choices by value; long lists by
/// count).
fn line(mv: &Move) -> String {
    let fields: Vec<String> = mv
        .fields
        .iter()
        .map(|f| match &f.kind {
            FieldKind::Number { min, max, default } => {
                format!("{}={min}..{max}({default})", f.name)
            }
            FieldKind::Choice { options, multiple } => {
                let many = if *multiple { "*" } else { "" };
                if options.len() > 8 {
                    format!("{}{many}=[{} options]", f.name, options.len())
                } else {
                    let values: Vec<String> = options
                        .iter()
                        .map(|o| match &o.value {
                            Value::String(s) => s.clone(),
                            other => other.to_string(),
                        })
                        .collect();
                    format!("{}{many}=[{}]", f.name, values.join("|"))
                }
            }
            FieldKind::Text { max } => format!("{}:text{max}", f.name),
            FieldKind::Json { max, .. } => format!("{}:json{max}", f.name),
            FieldKind::Flag { default } => format!("{}?{default}", f.name),
        })
        .collect();
    let odds = if mv.odds { " +odds" } else { "" };
    format!("{} | {} | {}{odds}", mv.label, mv.command, fields.join(" "))
}

fn check(state: &State, seat: &Seat, expected: &[&str]) {
    let got: Vec<String> = <Twenty as System>::moves(state, seat)
        .iter()
        .map(line)
        .collect();
    assert_eq!(got, expected, "moves for {seat:?}");
}

const ADD: &str = r#"Add a character | {"do":"add_character"} | character:json8000"#;
const DEFINE: &str =
    r#"Define a trait | {"do":"define_trait"} | name:text64 description:text500 open?false"#;

#[test]
fn exchange_two_of_the_dragon_for_the_gm_and_for_gorands_player() {
    // Gorand 12 10 against the dragon 14 6 5; exchange 2, neither has acted.
    let table = after("gorand-and-the-dragon", 3);
    let gorand = [
        r#"Gorand: bring in dice | {"do":"bring_in","who":"Gorand"} | trait=[Physical|Mental|Social|Spiritual|Arms|Swords|Honeybee] +odds"#,
        r#"Gorand: stand | {"do":"stand","who":"Gorand"} |  +odds"#,
        r#"Gorand: surrender | {"do":"surrender","who":"Gorand"} | "#,
    ];
    let dragon = [
        r#"Dragon: bring in dice | {"do":"bring_in","who":"Dragon"} | trait=[Enormous|Talons|Fire Breath] +odds"#,
        r#"Dragon: stand | {"do":"stand","who":"Dragon"} |  +odds"#,
        r#"Dragon: surrender | {"do":"surrender","who":"Dragon"} | "#,
    ];
    let take = r#"Gorand: take a burden from Dragon | {"do":"take_burden","from":"Dragon","who":"Gorand"} | boxes=1..1(1) name:text64 +odds"#;
    let gorand_major = r#"Gorand: major goal | {"do":"major_goal","who":"Gorand"} | goal=[Have the rest of your group admit that you are its best fighter.|Beat a mighty foe in a fight: one whose dice are at least 1.5 times your total dice.|Take a physical burden of 3 boxes.] reward=[73 options]"#;
    let dragon_major = r#"Dragon: major goal | {"do":"major_goal","who":"Dragon"} | goal:text500 reward=[56 options]"#;
    let gorand_grant = r#"Gorand: grant an obligation | {"do":"grant_obligation","granter":"Gorand"} | trait=[12 options] boxes=1..5(1) grantee=[Dragon] as:text64 service:text500"#;
    let dragon_grant = r#"Dragon: grant an obligation | {"do":"grant_obligation","granter":"Dragon"} | trait=[Enormous|Talons|Ancient and Wise|Winged Flight|Fire Breath] boxes=1..4(1) grantee=[Gorand] as:text64 service:text500"#;

    let mut for_gm: Vec<&str> = gorand.iter().chain(&dragon).copied().collect();
    for_gm.extend([
        take,
        gorand_major,
        dragon_major,
        gorand_grant,
        dragon_grant,
        ADD,
        DEFINE,
    ]);
    check(table.state(), &gm(), &for_gm);

    // The player of Gorand: only Gorand's moves, and never a GM-only one.
    let mut for_player: Vec<&str> = gorand.to_vec();
    for_player.extend([take, gorand_major, gorand_grant, ADD]);
    check(table.state(), &player(&["Gorand"]), &for_player);

    // A player with no character yet: only sitting down.
    check(table.state(), &player(&[]), &[ADD]);
}

#[test]
fn what_is_done_is_no_longer_offered() {
    let mut table = after("gorand-and-the-dragon", 3);
    table
        .execute(
            Command::Stand {
                who: "Gorand".into(),
            },
            &mut Scripted::default(),
        )
        .unwrap();
    let offered: Vec<String> = <Twenty as System>::moves(table.state(), &player(&["Gorand"]))
        .iter()
        .map(|m| m.label.clone())
        .collect();
    // Stood in exchange 2: no bring-in, no stand; surrender and burdens stay.
    assert_eq!(
        offered,
        [
            "Gorand: surrender",
            "Gorand: take a burden from Dragon",
            "Gorand: major goal",
            "Gorand: grant an obligation",
            "Add a character",
        ]
    );

    // The end of the book's conflict: the dragon is dead and acts no more; no conflict to start
    // with one living character; Gorand's checked boxes may regenerate.
    let table = after("gorand-and-the-dragon", steps_of("gorand-and-the-dragon"));
    let state = table.state();
    let minor = r#"Gorand: minor goal | {"do":"minor_goal","who":"Gorand"} | goal=[Fight a foe you have not fought before.|Beat a foe in a fight.|Take a physical burden.] uncheck=[Arms|Swords|Friendly]"#;
    let major = r#"Gorand: major goal | {"do":"major_goal","who":"Gorand"} | goal=[Have the rest of your group admit that you are its best fighter.|Beat a mighty foe in a fight: one whose dice are at least 1.5 times your total dice.|Take a physical burden of 3 boxes.] reward=[74 options]"#;
    let rest =
        r#"Rest for Gorand | {"do":"rest","who":"Gorand"} | uncheck*=[Arms|Swords|Friendly]"#;
    check(state, &gm(), &[minor, major, rest, ADD, DEFINE]);
    check(state, &player(&["Gorand"]), &[minor, major, ADD]);
    let rewards = <Twenty as System>::moves(state, &gm())
        .into_iter()
        .find(|m| m.label == "Gorand: major goal")
        .map(|m| match &m.fields[1].kind {
            FieldKind::Choice { options, .. } => options[0].clone(),
            other => panic!("{other:?}"),
        })
        .unwrap();
    assert_eq!(
        rewards.value,
        json!({"uncheck": ["Arms", "Swords", "Friendly"]})
    );
    assert_eq!(rewards.label, "Uncheck 3 boxes: Arms, Swords, Friendly");
}

#[test]
fn burdens_healing_and_obligations_are_offered_to_whom_they_belong() {
    // Three-way, exchange 2: Cole surrendered; Bram carries "Cut along the ribs" [18], made in this
    // conflict (so nobody may use it here).
    let table = after("three-way", 7);
    check(
        table.state(),
        &player(&["Bram"]),
        &[
            r#"Bram: bring in dice | {"do":"bring_in","who":"Bram"} | trait=[Physical|Mental|Emotional|Spiritual|Stubborn] +odds"#,
            r#"Bram: stand | {"do":"stand","who":"Bram"} |  +odds"#,
            r#"Bram: surrender | {"do":"surrender","who":"Bram"} | "#,
            r#"Bram: major goal | {"do":"major_goal","who":"Bram"} | goal:text500 reward=[22 options]"#,
            r#"Bram: grant an obligation | {"do":"grant_obligation","granter":"Bram"} | trait=[Physical|Mental|Social|Emotional|Spiritual|Brawling|Stubborn] boxes=1..5(1) grantee=[Ilsa|Cole] as:text64 service:text500"#,
            ADD,
        ],
    );
    // The next conflict: Cole may use Bram's burden box, once.
    let table = after("three-way", 11);
    let cole: Vec<String> = <Twenty as System>::moves(table.state(), &player(&["Cole"]))
        .iter()
        .map(line)
        .filter(|l| l.contains("burden"))
        .collect();
    assert_eq!(
        cole,
        [
            r#"Cole: use Bram's burden Cut along the ribs | {"burden":"Cut along the ribs","do":"use_burden","of":"Bram","who":"Cole"} | value=[18]"#
        ]
    );
    let table = after("three-way", 12);
    let cole: Vec<String> = <Twenty as System>::moves(table.state(), &player(&["Cole"]))
        .iter()
        .map(|m| m.label.clone())
        .filter(|l| l.contains("burden"))
        .collect();
    assert_eq!(cole, Vec::<String>::new());

    // Healing: the patient's player starts it (the GM's "may" is the GM's alone, T8).
    let table = after("healing", 0);
    let heal = |flag: &str| {
        format!(
            r#"Heal Gorand's burden | {{"do":"start_healing","patient":"Gorand"}} | burden=[Flesh wound across my cheek] healer=[Gorand|Healer]{flag}"#
        )
    };
    let healing: Vec<String> = <Twenty as System>::moves(table.state(), &player(&["Gorand"]))
        .iter()
        .map(line)
        .filter(|l| l.starts_with("Heal "))
        .collect();
    assert_eq!(healing, [heal("")]);
    let healing: Vec<String> = <Twenty as System>::moves(table.state(), &gm())
        .iter()
        .map(line)
        .filter(|l| l.starts_with("Heal "))
        .collect();
    assert_eq!(healing, [heal(" worsen_on_loss?true")]);
    // The healer acts in the healing; the GM's side never does.
    let table = after("healing", 2);
    let labels: Vec<String> = <Twenty as System>::moves(table.state(), &gm())
        .iter()
        .map(|m| m.label.clone())
        .take(4)
        .collect();
    assert_eq!(
        labels,
        [
            "Healer: bring in dice",
            "Healer: stand",
            "Healer: surrender",
            "Healer: take a burden from GM"
        ]
    );

    // Obligations: the grantee's player ends it as fulfilled; the GM may rescind.
    let table = after("caravan-obligation", 2);
    let ends = |seat: &Seat| -> Vec<String> {
        <Twenty as System>::moves(table.state(), seat)
            .iter()
            .map(line)
            .filter(|l| l.contains("end an obligation"))
            .collect()
    };
    assert_eq!(
        ends(&player(&["Gorand"])),
        [
            r#"Gorand: end an obligation | {"do":"end_obligation","grantee":"Gorand","reason":"fulfilled"} | trait=[Fame in Corsille]"#
        ]
    );
    assert_eq!(
        ends(&gm()),
        [
            r#"Gorand: end an obligation | {"do":"end_obligation","grantee":"Gorand"} | trait=[Fame in Corsille] reason=[fulfilled|rescinded]"#
        ]
    );
    assert_eq!(ends(&player(&["Caravan master"])), Vec::<String>::new());
}

/// Who may send `command` by `authority.rs`, for `seat`.
fn may_send(seat: &Seat, command: &Command) -> bool {
    match <Twenty as System>::authority(command) {
        Authority::Gm => seat.gm,
        Authority::Character(name) => seat.controls(&name),
        Authority::Anyone | Authority::Enroll(_) => true,
    }
}

/// The command a form sends when its blanks keep their defaults: a number its default, a choice its
/// first option, a multiple choice every option, a flag its default; a text what a user would write
/// there (a form cannot know it): a valid new sheet with a new name, a new trait or burden name, a
/// goal.
fn filled(mv: &Move) -> Command {
    let mut command = mv.command.clone();
    for f in &mv.fields {
        let value = match &f.kind {
            FieldKind::Number { default, .. } => json!(default),
            FieldKind::Choice {
                options,
                multiple: false,
            } => options[0].value.clone(),
            FieldKind::Choice {
                options,
                multiple: true,
            } => Value::Array(options.iter().map(|o| o.value.clone()).collect()),
            FieldKind::Flag { default } => json!(default),
            FieldKind::Json { .. } if f.name == "character" => json!({
                "name": "Probe the Bold",
                "stats": {"Physical": 1, "Mental": 2, "Social": 3, "Emotional": 4, "Spiritual": 5},
                "keys": ["Scholar"],
                "traits": [{"name": "Smart", "boxes": 4}, {"name": "Wise", "boxes": 3}, {"name": "Stubborn", "boxes": 3}],
                "equipment": [{"name": "Lantern", "boxes": 2}, {"name": "Map case", "boxes": 1}],
            }),
            FieldKind::Json { example, .. } => example.clone(),
            FieldKind::Text { .. } => json!(format!("Probe {}", f.name)),
        };
        command[f.name.as_str()] = value;
    }
    serde_json::from_value(command.clone()).unwrap_or_else(|e| panic!("{command}: {e}"))
}

/// The criterion: every move offered, with its blanks filled as `filled` fills them, is one the seat
/// may send (`authority.rs`) and one `decide` accepts, at every step of every example, for the GM and
/// for each character's player. What a form cannot know is only what the user types (a sheet, a
/// name) and how two blanks combine (grant more boxes than the chosen trait has unchecked); those
/// `decide` refuses by name, below.
#[test]
fn every_move_offered_is_sent_and_accepted_with_its_defaults() {
    let mut tried = 0;
    for name in EXAMPLES {
        for steps in 0..=steps_of(name) {
            let table = after(name, steps);
            let state = table.state();
            let mut seats = vec![gm()];
            seats.extend(state.characters.iter().map(|c| player(&[c.name.as_str()])));
            for seat in &seats {
                for mv in <Twenty as System>::moves(state, seat) {
                    let command = filled(&mv);
                    assert!(
                        may_send(seat, &command),
                        "{name} after {steps}: {seat:?} may not send {command:?}"
                    );
                    let decided = <Twenty as System>::decide(
                        state,
                        &command,
                        &mut SeededRandom::from_seed(7),
                    );
                    assert!(
                        decided.is_ok(),
                        "{name} after {steps}, {}: {command:?} refused: {:?}",
                        mv.label,
                        decided.err()
                    );
                    tried += 1;
                }
            }
        }
    }
    assert!(tried > 500, "{tried} moves tried");
}

#[test]
fn what_a_form_cannot_know_is_refused_by_name() {
    let table = after("caravan-obligation", 0);
    let refused = |command: Value| {
        let command: Command = serde_json::from_value(command).unwrap();
        <Twenty as System>::decide(table.state(), &command, &mut Scripted::default())
            .unwrap_err()
            .to_string()
    };
    let cases = [
        (
            json!({"do": "grant_obligation", "granter": "Caravan master", "trait": "Haggling", "boxes": 3,
                   "grantee": "Gorand", "as": "Fame", "service": "Bring her back"}),
            "boxes is 3; Caravan master's Haggling has 2 unchecked boxes to colour (T11: 1 to that)",
        ),
        (
            json!({"do": "add_character", "character": {"name": "Ann", "stats": {"Physical": 5}}}),
            "Ann: stats are Physical 5, Mental missing, Social missing, Emotional missing, Spiritual missing; the five stats take 1, 2, 3, 4 and 5 boxes, one each (T1)",
        ),
    ];
    for (command, message) in cases {
        assert_eq!(refused(command), message);
    }
}

fn odds_of(state: &State, command: Value) -> Option<Vec<(String, String)>> {
    let command: Command = serde_json::from_value(command).unwrap();
    <Twenty as System>::odds(state, &command)
        .map(|o| o.chances.into_iter().map(|c| (c.label, c.p)).collect())
}

fn pairs(list: &[(&str, &str)]) -> Option<Vec<(String, String)>> {
    Some(
        list.iter()
            .map(|(l, p)| (l.to_string(), p.to_string()))
            .collect(),
    )
}

#[test]
fn bring_in_and_stand_odds_are_exact() {
    // Gorand 12 10 against 14 6 5; the dragon is yet to act and is taken to bring in Fire Breath (4).
    // The same numbers as `skald twenty odds --mine 12,10 --theirs 14,6,5 --bring 2 --theirs-bring 4`.
    let table = after("gorand-and-the-dragon", 3);
    let state = table.state();
    let arms = p_ahead(&[12, 10], 2, &[(vec![14, 6, 5], 4)]).unwrap();
    assert_eq!(arms.to_string(), "8944929/32000000");
    let cases = [
        (
            json!({"do": "bring_in", "who": "Gorand", "trait": "Arms"}),
            pairs(&[
                (
                    "Ahead of every other pool after the exchange (T3)",
                    "8944929/32000000",
                ),
                ("Ahead after the exchange if you stand instead", "0"),
                (
                    "A 1 among the dice: forced to stand for the rest of the conflict (T2)",
                    "39/400",
                ),
            ]),
        ),
        (
            json!({"do": "bring_in", "who": "Gorand", "trait": "Honeybee"}),
            pairs(&[
                (
                    "Ahead of every other pool after the exchange (T3)",
                    "8944929/32000000",
                ),
                ("Ahead after the exchange if you stand instead", "0"),
                (
                    "A 1 among the dice: forced to stand (T2) and Honeybee breaks (T9)",
                    "39/400",
                ),
            ]),
        ),
        (
            json!({"do": "bring_in", "who": "Gorand", "trait": "Physical"}),
            pairs(&[
                (
                    "Ahead of every other pool after the exchange (T3)",
                    "11012414159/20480000000",
                ),
                ("Ahead after the exchange if you stand instead", "0"),
                (
                    "A 1 among the dice: forced to stand for the rest of the conflict (T2)",
                    "723901/3200000",
                ),
            ]),
        ),
        (
            json!({"do": "stand", "who": "Gorand"}),
            pairs(&[("Ahead of every other pool after the exchange (T3)", "0")]),
        ),
        // Refused now: no odds.
        (
            json!({"do": "bring_in", "who": "Gorand", "trait": "Friendly"}),
            None,
        ),
        (
            json!({"do": "bring_in", "who": "Gorand", "trait": "Strong"}),
            None,
        ),
        // Rolls nothing a choice could weigh.
        (json!({"do": "surrender", "who": "Gorand"}), None),
    ];
    for (command, expected) in cases {
        let text = command.to_string();
        assert_eq!(odds_of(state, command), expected, "{text}");
    }
    let command: Command =
        serde_json::from_value(json!({"do": "bring_in", "who": "Gorand", "trait": "Arms"}))
            .unwrap();
    let odds = <Twenty as System>::odds(state, &command).unwrap();
    assert_eq!(
        odds.summary,
        "Gorand brings in Arms: 2 d20 in exchange 2, assuming everyone yet to act brings in its largest eligible trait (burden dice not foreseen)."
    );
    // The highest of the two new dice: (v^2 - (v-1)^2)/400.
    let highest: Vec<&str> = odds.distribution.iter().map(|c| c.p.as_str()).collect();
    assert_eq!(highest[..3], ["1/400", "3/400", "1/80"]);
    assert_eq!(highest[19], "39/400");
}

#[test]
fn bring_in_odds_agree_with_brute_force() {
    // Exchange 1: Gorand has brought in 12 10 and adds nothing more; the dragon weighs Enormous (2
    // dice) and Ancient and Wise (3): count every roll.
    let table = after("gorand-and-the-dragon", 2);
    let state = table.state();
    let brute = |n: u32| -> (u64, u64) {
        let total = 20u64.pow(n);
        let ahead = (0..total)
            .filter(|i| {
                let pool: Vec<u32> = (0..n).map(|d| (i / 20u64.pow(d) % 20) as u32 + 1).collect();
                compare_pools(&pool, &[12, 10]) == Ordering::Greater
            })
            .count() as u64;
        (ahead, total)
    };
    let reduce = |(n, d): (u64, u64)| {
        let g = (1..=n.min(d))
            .rev()
            .find(|g| n % g == 0 && d % g == 0)
            .unwrap_or(1);
        format!("{}/{}", n / g, d / g)
    };
    for (trait_name, dice) in [("Enormous", 2), ("Ancient and Wise", 3)] {
        let found = odds_of(
            state,
            json!({"do": "bring_in", "who": "Dragon", "trait": trait_name}),
        )
        .unwrap();
        assert_eq!(found[0].1, reduce(brute(dice)), "{trait_name}");
    }
    // 1 - (12/20)^2 for a die above 12, and 12 with 11 or 12 beside it: (256 + 3)/400.
    assert_eq!(reduce(brute(2)), "259/400");
}

#[test]
fn take_burden_odds_weigh_the_burden_and_what_follows() {
    // Gorand 14 12 9 3 against the witch's 19 17 6 2, exchange 2: two boxes toss the 19 and 17. The
    // d20 picks the stat; Gorand has one Emotional box, so two boxes there disable him (T7).
    let table = after("disabled", 3);
    let state = table.state();
    let stats = |disabling: &str| {
        vec![
            ("Under Physical (d20 1-4)".to_string(), "1/5".to_string()),
            ("Under Mental (d20 5-8)".to_string(), "1/5".to_string()),
            ("Under Social (d20 9-12)".to_string(), "1/5".to_string()),
            (
                format!("Under Emotional (d20 13-16){disabling}"),
                "1/5".to_string(),
            ),
            ("Under Spiritual (d20 17-20)".to_string(), "1/5".to_string()),
        ]
    };
    let two = odds_of(state, json!({"do": "take_burden", "who": "Gorand", "from": "Witch", "boxes": 2, "name": "Terror"})).unwrap();
    assert_eq!(
        two[..2],
        [
            (
                "Ahead of Witch right after (T5)".to_string(),
                "1".to_string()
            ),
            (
                "Disabled by it: loses the conflict at once (T7)".to_string(),
                "1/5".to_string()
            ),
        ]
    );
    assert_eq!(two[2..7], stats(": disabled")[..]);
    let one = odds_of(state, json!({"do": "take_burden", "who": "Gorand", "from": "Witch", "boxes": 1, "name": "Terror"})).unwrap();
    assert_eq!(
        one[..2],
        [
            (
                "Ahead of Witch right after (T5)".to_string(),
                "0".to_string()
            ),
            (
                "Disabled by it: loses the conflict at once (T7)".to_string(),
                "0".to_string()
            ),
        ]
    );
    assert_eq!(one[2..7], stats("")[..]);
    // Then each choice Gorand has left in exchange 2, against the witch's Whispers (3 dice) on 17 6 2.
    let then: Vec<(String, String)> = one[7..].to_vec();
    let expected: Vec<(String, String)> = [
        ("Physical", 5),
        ("Mental", 2),
        ("Social", 3),
        ("Spiritual", 4),
        ("Arms", 2),
        ("Friendly", 2),
        ("Honeybee", 2),
    ]
    .iter()
    .map(|(t, n)| {
        let p = p_ahead(&[14, 12, 9, 3], *n, &[(vec![17, 6, 2], 3)]).unwrap();
        (
            format!("Then bring in {t} ({n} d20): ahead after the exchange"),
            p.to_string(),
        )
    })
    .chain([(
        "Then stand: ahead after the exchange".to_string(),
        p_ahead(&[14, 12, 9, 3], 0, &[(vec![17, 6, 2], 3)])
            .unwrap()
            .to_string(),
    )])
    .collect();
    assert_eq!(then, expected);
    // Three boxes are more than the witch has above 14: refused, no odds.
    assert_eq!(
        odds_of(
            state,
            json!({"do": "take_burden", "who": "Gorand", "from": "Witch", "boxes": 3, "name": "Terror"})
        ),
        None
    );
}

/// The sheet a new-character form starts from is one the creation rules accept (T1).
#[test]
fn the_character_form_starts_from_a_valid_sheet() {
    let state = skald_twenty::State::new(skald_twenty::Options::default());
    let seat = skald_core::Seat {
        gm: false,
        characters: vec![],
    };
    let moves = <skald_twenty::Twenty as skald_core::System>::moves(&state, &seat);
    let add = moves
        .iter()
        .find(|m| m.command["do"] == "add_character")
        .unwrap();
    let FieldKind::Json { example, .. } = &add.fields[0].kind else {
        panic!("{:?}", add.fields[0])
    };
    let mut command = add.command.clone();
    command["character"] = example.clone();
    let command: Command = serde_json::from_value(command).unwrap();
    let events = <skald_twenty::Twenty as skald_core::System>::decide(
        &state,
        &command,
        &mut skald_core::Scripted::new(Vec::<i64>::new()),
    )
    .unwrap();
    assert_eq!(events.len(), 1);
}
