//! The whole-conflict advice of `docs/benchmarks.md` ("Twenty: whole-conflict advice"), timed
//! in-process on one thread: for every position of the books' examples where someone can act
//! (`examples/twenty/*.toml`, step by step) and for four-character conflicts, the time of
//! `conflict_advice` with [`AdviceBudget::TABLE`] (every choice of a page at once), the median of
//! a few runs. Prints one line per position and a summary: the slowest page, and the largest
//! position answered exactly (by the dice its participants could still roll). Then a fair fight:
//! the party's chance against an NPC drafted and the three opponents proposed, as the GM's
//! builder works them out, for the book's Gorand alone and for four fighters. Run with
//! `cargo bench -p skald-twenty --bench advice`.
#![allow(missing_docs, clippy::unwrap_used)]
#![allow(clippy::too_many_lines)] // a test's snapshot of a whole move list or walk; product code keeps to 150 (clippy.toml)

use skald_core::{Scripted, Table};
use skald_twenty::advice::balance::{BalanceBudget, balance, party, party_chance};
use skald_twenty::{
    AdviceBudget, AdviceModel, Command, Declaration, Sheet, SheetKind, StatBoxes, State, Trait,
    Twenty, conflict_advice,
};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// The dice the participants still in could roll from now: every eligible trait's unchecked boxes.
fn dice_left(state: &State) -> u32 {
    let c = state.active_conflict().unwrap();
    c.participants
        .iter()
        .filter(|p| p.can_act())
        .filter_map(|p| {
            let ch = state.character(&p.who)?;
            Some(
                ch.rollables()
                    .filter(|t| {
                        t.unchecked() >= c.exchange && !t.broken && !p.used.contains(&t.name)
                    })
                    .map(Trait::unchecked)
                    .sum::<u32>(),
            )
        })
        .sum()
}

/// The median time of `conflict_advice` over 5 runs, with its model.
fn time(state: &State, who: &str) -> (Duration, AdviceModel, usize) {
    let mut times = Vec::new();
    let mut last = None;
    for _ in 0..5 {
        let t = Instant::now();
        let advice = conflict_advice(state, who, AdviceBudget::TABLE).unwrap();
        times.push(t.elapsed());
        last = Some(advice);
    }
    times.sort();
    let advice = last.unwrap();
    (times[2], advice.model, advice.choices.len())
}

/// A fighter like the book's Gorand, as an NPC sheet (stats as traits, T1).
fn fighter(name: &str) -> Sheet {
    let stats = [
        ("Physical", 5),
        ("Mental", 2),
        ("Social", 3),
        ("Emotional", 1),
        ("Spiritual", 4),
    ];
    Sheet {
        name: name.into(),
        kind: SheetKind::Npc,
        stats: stats
            .iter()
            .map(|(s, b)| ((*s).to_string(), StatBoxes::Boxes(*b)))
            .collect::<BTreeMap<_, _>>(),
        keys: Vec::new(),
        traits: [
            ("Arms", 2),
            ("Swords", 4),
            ("Strong", 1),
            ("Friendly", 2),
            ("Marching", 1),
        ]
        .iter()
        .map(|(n, b)| Trait::new(*n, *b))
        .collect(),
        equipment: vec![Trait::new("Honeybee", 2), Trait::new("Wine flask", 1)],
        gear: Vec::new(),
        burdens: Vec::new(),
    }
}

/// Four fighters in a conflict: two sides of two (`allies`) or four sides.
fn four(allies: bool) -> Table<Twenty> {
    let mut table = Table::<Twenty>::new(Default::default());
    let names = ["Gorand", "Kaya", "Brom", "Ilsa"];
    for n in names {
        table
            .execute(
                Command::AddCharacter {
                    character: fighter(n),
                },
                &mut Scripted::default(),
            )
            .unwrap();
    }
    let participants = names
        .iter()
        .enumerate()
        .map(|(i, n)| Declaration {
            who: (*n).into(),
            goal: if allies {
                format!("side {}", i / 2)
            } else {
                format!("goal {i}")
            },
            death_of: None,
        })
        .collect();
    table
        .execute(
            Command::StartConflict { participants },
            &mut Scripted::default(),
        )
        .unwrap();
    table
}

fn main() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/twenty");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let mut positions: Vec<(String, State, String)> = Vec::new();
    for f in files {
        let name = f.file_name().unwrap().to_string_lossy().into_owned();
        let scenario = skald_scenario::load(&std::fs::read_to_string(&f).unwrap()).unwrap();
        for n in 0..=scenario.steps.len() {
            let Ok(table) = scenario.table_after::<Twenty>(n) else {
                continue;
            };
            let Some(c) = table.state().active_conflict() else {
                continue;
            };
            for p in &c.participants {
                let gm = p.who == skald_twenty::GM && c.healing.is_some();
                if p.can_act() && p.acted_in < c.exchange && !gm {
                    positions.push((
                        format!("{name} after {n}"),
                        table.state().clone(),
                        p.who.clone(),
                    ));
                }
            }
        }
    }
    for allies in [true, false] {
        let mut table = four(allies);
        let label = if allies {
            "four fighters, two sides"
        } else {
            "four fighters, four sides"
        };
        positions.push((
            format!("{label}, exchange 1"),
            table.state().clone(),
            "Gorand".into(),
        ));
        // One exchange played: each brings in Swords (4 dice), then Gorand weighs exchange 2.
        for (who, dice) in [
            ("Gorand", [14, 9, 6, 3]),
            ("Kaya", [17, 12, 4, 2]),
            ("Brom", [19, 8, 7, 5]),
            ("Ilsa", [11, 10, 9, 2]),
        ] {
            table
                .execute(
                    Command::BringIn {
                        who: who.into(),
                        trait_name: "Swords".into(),
                        remove: Vec::new(),
                    },
                    &mut Scripted::new(dice.to_vec()),
                )
                .unwrap();
        }
        positions.push((
            format!("{label}, exchange 2"),
            table.state().clone(),
            "Gorand".into(),
        ));
    }
    let mut slowest: Option<(Duration, String)> = None;
    let mut largest_exact: Option<(u32, String)> = None;
    for (label, state, who) in &positions {
        let (t, model, choices) = time(state, who);
        let left = dice_left(state);
        println!(
            "{label:<40} {who:<8} {model:<12?} {choices:>2} choices {left:>3} dice left {:>8.1} ms",
            t.as_secs_f64() * 1000.0
        );
        if slowest.as_ref().is_none_or(|(s, _)| t > *s) {
            slowest = Some((t, format!("{label}, {who}")));
        }
        if model == AdviceModel::BestPlay && largest_exact.as_ref().is_none_or(|(d, _)| left > *d) {
            largest_exact = Some((left, format!("{label}, {who}")));
        }
    }
    if let Some((t, at)) = slowest {
        println!("slowest page: {:.1} ms ({at})", t.as_secs_f64() * 1000.0);
    }
    if let Some((d, at)) = largest_exact {
        println!("largest position answered exactly: {d} dice left to roll ({at})");
    }
    fair_fights();
}

/// A fair fight (an NPC drafted in the GM's builder): the party's chance against the draft and
/// the three proposals, as the page's advice works them out ([`BalanceBudget::TABLE`]), for the
/// book's Gorand alone and for four fighters like him.
fn fair_fights() {
    let gorand = skald_scenario::load(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../examples/twenty/gorand-and-the-dragon.toml"
        ))
        .unwrap(),
    )
    .unwrap()
    .table_after::<Twenty>(0)
    .unwrap();
    let fighters = four(true);
    let dragon = [2, 2, 3, 1, 4];
    for (label, state, names) in [
        ("Gorand alone", gorand.state(), vec!["Gorand".to_string()]),
        (
            "four fighters",
            fighters.state(),
            ["Gorand", "Kaya", "Brom", "Ilsa"]
                .map(String::from)
                .to_vec(),
        ),
    ] {
        let party = party(state, Some(&names)).unwrap();
        let mut times = Vec::new();
        let mut shown = String::new();
        for _ in 0..5 {
            let t = Instant::now();
            let against = party_chance(&party, &dragon, BalanceBudget::TABLE.chance).unwrap();
            let proposals = balance(&party, BalanceBudget::TABLE).unwrap();
            times.push(t.elapsed());
            shown = format!(
                "the book's dragon {:.1}%; {}",
                against.win.chance("").decimal * 100.0,
                proposals
                    .iter()
                    .map(|p| format!(
                        "{} {} {:.1}%",
                        p.target.name(),
                        p.shape(),
                        p.chance.win.chance("").decimal * 100.0
                    ))
                    .collect::<Vec<_>>()
                    .join("; ")
            );
        }
        times.sort();
        println!(
            "fair fight, {label:<14} {:>8.1} ms  ({shown})",
            times[2].as_secs_f64() * 1000.0
        );
    }
}
