//! Property tests of the derivation: faces, determinism, independence of indices.

use proptest::prelude::*;
use skald_dice::{DiceSource, Die};
use skald_fair::{FairSource, Mix, ServerSeed, roll_key, verify};

fn die() -> impl Strategy<Value = Die> {
    prop_oneof![
        Just(Die::Fate),
        (1u32..=20).prop_map(Die::Numbered),
        prop_oneof![
            Just(100u32),
            Just(1_431_655_766),
            Just(3_000_000_000),
            Just(u32::MAX)
        ]
        .prop_map(Die::Numbered),
        any::<u32>().prop_map(|n| Die::Numbered(n.max(1))),
    ]
}

fn roll(seed: &ServerSeed, mix: &Mix, index: u64, dice: &[Die]) -> Vec<i64> {
    let mut source = FairSource::new(seed, mix, index);
    dice.iter()
        .map(|&d| source.roll(d).expect("a die with faces"))
        .collect()
}

proptest! {
    #[test]
    fn every_draw_is_a_face_of_its_die(
        seed in any::<[u8; 32]>(),
        contribution in "[a-z]{1,12}",
        index in any::<u64>(),
        dice in prop::collection::vec(die(), 1..40),
    ) {
        let seed = ServerSeed::from_bytes(seed);
        let mix = Mix::initial().with(&contribution);
        let mut source = FairSource::new(&seed, &mix, index);
        for &d in &dice {
            let value = source.roll(d).expect("a die with faces");
            prop_assert!(d.has_face(value), "{value} is not a face of {d}");
        }
        let draws = source.into_draws();
        prop_assert_eq!(draws.len(), dice.len());
        for (draw, &d) in draws.iter().zip(&dice) {
            prop_assert_eq!(draw.die, d);
        }
        prop_assert_eq!(verify(&seed, &mix, index, &draws), Ok(()));
    }

    #[test]
    fn the_same_inputs_give_the_same_draws(
        seed in any::<[u8; 32]>(),
        mix in any::<[u8; 32]>(),
        index in any::<u64>(),
        dice in prop::collection::vec(die(), 1..40),
    ) {
        let seed = ServerSeed::from_bytes(seed);
        let mix = Mix::from_bytes(mix);
        prop_assert_eq!(roll(&seed, &mix, index, &dice), roll(&seed, &mix, index, &dice));
    }

    #[test]
    fn another_index_gives_another_stream(
        seed in any::<[u8; 32]>(),
        mix in any::<[u8; 32]>(),
        index in any::<u64>(),
        other in any::<u64>(),
    ) {
        prop_assume!(index != other);
        let seed = ServerSeed::from_bytes(seed);
        let mix = Mix::from_bytes(mix);
        prop_assert_ne!(roll_key(&seed, &mix, index), roll_key(&seed, &mix, other));
        // Eight full 32-bit words (u32::MAX faces: almost never a rejection) coincide with
        // probability about 2^-256.
        let dice = [Die::Numbered(u32::MAX); 8];
        prop_assert_ne!(roll(&seed, &mix, index, &dice), roll(&seed, &mix, other, &dice));
    }
}
