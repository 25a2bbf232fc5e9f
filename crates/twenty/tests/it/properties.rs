//! Invariants of Twenty conflicts over random sheets, random choices and random dice (T2-T4,
//! T13: two goals taken in turn, so some participants are allies).
#![allow(clippy::unwrap_used)]

use proptest::prelude::*;
use skald_core::{SeededRandom, Table};
use skald_twenty::{Command, Declaration, Sheet, SheetKind, Trait, Twenty, compare_pools};

fn sheets() -> impl Strategy<Value = Vec<Vec<u32>>> {
    proptest::collection::vec(proptest::collection::vec(1u32..=6, 1..=5), 2..=4)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn every_conflict_ends_with_the_highest_pool_winning(
        boxes in sheets(),
        choices in proptest::collection::vec(0usize..100, 300),
        seed in any::<u64>(),
    ) {
        let mut table = Table::<Twenty>::new(Default::default());
        let names: Vec<String> = (0..boxes.len()).map(|i| format!("P{i}")).collect();
        for (name, traits) in names.iter().zip(&boxes) {
            let traits = traits
                .iter()
                .enumerate()
                .map(|(j, b)| Trait::new(format!("T{j}"), *b))
                .collect();
            let sheet = Sheet {
                name: name.clone(), kind: SheetKind::Npc, burdens: vec![], stats: Default::default(), keys: vec![], traits,
                equipment: vec![], gear: vec![],
            };
            table.execute(Command::AddCharacter { character: sheet }, &mut SeededRandom::from_seed(0)).unwrap();
        }
        // Two goals taken in turn: with three or four participants some are allies (T13).
        let participants = names
            .iter()
            .enumerate()
            .map(|(i, n)| Declaration { who: n.clone(), goal: format!("goal {}", i % 2), death_of: None })
            .collect();
        let mut dice = SeededRandom::from_seed(seed);
        table.execute(Command::StartConflict { participants }, &mut dice).unwrap();

        for choice in choices {
            let Some(conflict) = table.state().active_conflict() else { break };
            let exchange = conflict.exchange;
            let Some(actor) = conflict.participants.iter().find(|p| p.can_act() && p.acted_in < exchange) else {
                break;
            };
            let who = actor.who.clone();
            let opponent = conflict
                .participants
                .iter()
                .find(|p| p.who != who && p.is_in())
                .map(|p| p.who.clone())
                .unwrap_or_default();
            let command = match choice {
                0..=2 => Command::Surrender { who },
                90..=99 => Command::TakeBurden {
                    who,
                    from: opponent,
                    boxes: 1 + (choice % 3) as u32,
                    name: format!("B{choice}"),
                },
                3..=19 => Command::Stand { who, remove: Vec::new() },
                _ => {
                    let traits = &table.state().character(&who).unwrap().traits;
                    let pick = &traits[choice % traits.len()];
                    Command::BringIn { who, trait_name: pick.name.clone(), remove: Vec::new() }
                }
            };
            let before = table.state().clone();
            if table.execute(command, &mut dice).is_err() {
                prop_assert_eq!(table.state(), &before, "a refused command changed the state");
                let who = table.state().active_conflict().unwrap().participants.iter()
                    .find(|p| p.can_act() && p.acted_in < exchange).unwrap().who.clone();
                table.execute(Command::Stand { who, remove: Vec::new() }, &mut dice).unwrap();
            }
        }

        let conflict = table.state().conflict.as_ref().unwrap();
        prop_assert!(conflict.ended(), "the conflict did not end within 300 commands");
        let winner = conflict.winner.clone().unwrap();
        prop_assert!(conflict.participant(&winner).unwrap().is_in(), "a surrendered participant won");
        let winner_pool = &conflict.participant(&winner).unwrap().pool;
        for p in conflict.participants.iter().filter(|p| p.is_in()) {
            prop_assert!(compare_pools(winner_pool, &p.pool).is_ge(), "{} beat the winner {}", p.who, winner);
        }
        // The winner's allies still in get the goal with it, and they are all of its side in.
        let side = conflict.participant(&winner).unwrap().side;
        let mut allies: Vec<String> = conflict.participants.iter()
            .filter(|p| p.is_in() && p.side == side && p.who != winner)
            .map(|p| p.who.clone())
            .collect();
        let mut got = conflict.winner_allies.clone();
        allies.sort();
        got.sort();
        prop_assert_eq!(got, allies);
        let mut order = conflict.final_order.clone();
        prop_assert_eq!(&order[0], &winner);
        order.sort();
        let mut expected = names.clone();
        expected.sort();
        prop_assert_eq!(order, expected, "each participant narrates once");
        for c in &table.state().characters {
            for t in c.rollables() {
                prop_assert!(t.checked + t.coloured <= t.boxes, "{} of {} breaks its boxes", t.name, c.name);
            }
            for b in &c.burdens {
                prop_assert!(!b.boxes.is_empty() && b.boxes.iter().all(|v| (1..=20).contains(v)));
            }
        }
        prop_assert_eq!(&Table::<Twenty>::fold(table.options(), table.log()), table.state());
    }
}
