//! Exact test vectors of the skald-fair-v1 derivation, through the public API.
//!
//! The expected values were computed outside Rust with python3: `hashlib` for SHA-256, a pure-python
//! ChaCha20 block function written from RFC 8439 section 2.3 (cross-checked against the RFC's
//! appendix A.1 and against the `cryptography` package's ChaCha20) and the sampling rule of
//! `docs/fairness.md`. The model is the script of `docs/fairness.md` ("Checking by hand").

use skald_dice::{DiceSource, Die, SourceError};
use skald_fair::{Draw, ErrorKind, FairSource, Mismatch, Mix, ServerSeed, roll_key, verify};

/// The seed 00 01 02 ... 1f.
fn seed() -> ServerSeed {
    ServerSeed::from_bytes(std::array::from_fn(|i| i as u8))
}

/// Initial mix, then "alice", then "bob".
fn mix() -> Mix {
    Mix::initial().with("alice").with("bob")
}

const SEED_HEX: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

fn draw(die: Die, value: i64) -> Draw {
    Draw { die, value }
}

#[test]
fn the_seed_reads_and_writes_hex_and_hides_itself_from_debug() {
    assert_eq!(seed().to_hex(), SEED_HEX);
    assert_eq!(
        ServerSeed::from_hex(&SEED_HEX.to_ascii_uppercase()).expect("hex"),
        seed()
    );
    assert_eq!(seed().as_bytes()[31], 0x1f);
    assert_eq!(format!("{:?}", seed()), "ServerSeed(..)");
    let err = ServerSeed::from_hex("xyz").expect_err("not hex");
    assert_eq!(
        err.kind(),
        &ErrorKind::BadHex {
            field: "server seed",
            value: "xyz".to_owned(),
            length: 3,
        }
    );
}

#[test]
fn the_commitment_is_sha256_of_the_raw_bytes() {
    // printf '%s' 000102...1f | xxd -r -p | sha256sum
    // and python3: hashlib.sha256(bytes(range(32))).hexdigest()
    assert_eq!(
        seed().commitment(),
        "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
    );
}

#[test]
fn the_mix_chain() {
    // python3: m0 = hashlib.sha256(b"skald-fair-v1/mix").digest()
    //          with(m, s) = hashlib.sha256(m + struct.pack(">I", len(s.encode())) + s.encode()).digest()
    let m0 = Mix::initial();
    assert_eq!(
        m0.to_hex(),
        "4031ec047d4a4c2d2f1f0440ddc8760ff4db697e09131879867e5adc61e7b01b"
    );
    let m1 = m0.with("alice");
    assert_eq!(
        m1.to_hex(),
        "2c522c6553a477930b588fdeee426b1503fc5a6cee196e9d952d3ed437e48f48"
    );
    let m2 = m1.with("bob");
    assert_eq!(
        m2.to_hex(),
        "7efcf1e15645a06ba9662be02cedb1731a1264d69732309a409c878de6cedda5"
    );
    // Non-ASCII: the length is in UTF-8 bytes (16 here), not characters.
    assert_eq!(
        m2.with("🎲 für Gorand").to_hex(),
        "7418979c3942b14c26c8853165d64f51dc6218cfe521e3965dcd040e525bd949"
    );
    assert_eq!(Mix::from_hex(&m2.to_hex()).expect("hex"), m2);
    assert_eq!(Mix::from_bytes(*m2.as_bytes()), m2);
    assert_ne!(
        Mix::initial().with("ab").with("c"),
        Mix::initial().with("a").with("bc")
    );
}

#[test]
fn roll_keys() {
    // python3: hashlib.sha256(b"skald-fair-v1/roll" + seed + mix + struct.pack(">Q", index)).hexdigest()
    assert_eq!(
        hex::encode(roll_key(&seed(), &mix(), 0)),
        "1c3f23e4fcc575b68467496bf298cef33064d3923a3b13aad071e6d9fb85cd6d"
    );
    assert_eq!(
        hex::encode(roll_key(&seed(), &mix(), 7)),
        "be2eecbf9ca2da9f36fbbeab537ce2fb3349addfcad24be371966242d3dfac85"
    );
    assert_eq!(
        hex::encode(roll_key(&seed(), &Mix::initial(), 7)),
        "3ddf4e87b15c1d5ee73a79ae074f3ead79ba4048db26ffa075ac8ca753a2b003"
    );
}

fn roll_all(index: u64, dice: &[Die]) -> Vec<i64> {
    let mut source = FairSource::new(&seed(), &mix(), index);
    dice.iter()
        .map(|&d| source.roll(d).expect("a die with faces"))
        .collect()
}

const MIXED: [Die; 10] = [
    Die::Numbered(6),
    Die::Numbered(20),
    Die::Fate,
    Die::Numbered(6),
    Die::Numbered(20),
    Die::Fate,
    Die::Numbered(100),
    Die::Numbered(6),
    Die::Numbered(20),
    Die::Fate,
];

#[test]
fn first_draws_of_d6_d20_df_are_pinned() {
    // Keystream words of roll 7 (first 7): 2853241534 1101062627 2233786725 2919088781 3614881086
    // 34591607 2393258083 -> 2853241534 % 6 = 4 -> 5; 1101062627 % 20 = 7 -> 8; 2233786725 % 3 = 0 -> -1 ...
    assert_eq!(roll_all(7, &MIXED), vec![5, 8, -1, 6, 7, 1, 84, 1, 9, 1]);
    assert_eq!(roll_all(0, &MIXED), vec![4, 5, 1, 6, 1, 0, 11, 1, 6, 0]);
}

#[test]
fn rejection_sampling_discards_words_at_or_above_the_limit() {
    // d3000000000: limit = 2^32 - (2^32 mod 3e9) = 3e9. Words of roll 0: 2777289315 (kept),
    // 3288927764 (>= 3e9: discarded), 1939605995 (kept), 3467554013, 27313760, 1581017146.
    let big = Die::Numbered(3_000_000_000);
    assert_eq!(
        roll_all(0, &[big, big, Die::Numbered(6), big, Die::Fate]),
        vec![2_777_289_316, 1_939_605_996, 6, 27_313_761, 0]
    );
    // Without the discard the second die would have shown 288927765 (3288927764 mod 3e9, plus 1).
    // Roll 11 discards 4 of its first 8 words for four such dice (python model).
    assert_eq!(
        roll_all(11, &[big; 4]),
        vec![2_961_153_459, 613_522_367, 1_259_397_058, 1_308_013_560]
    );
}

#[test]
fn a_die_without_sides_is_refused_and_draws_nothing() {
    let mut source = FairSource::new(&seed(), &mix(), 7);
    assert_eq!(source.roll(Die::Numbered(0)), Err(SourceError::NoSides));
    assert_eq!(source.draws(), &[]);
    assert_eq!(source.roll(Die::Numbered(6)), Ok(5));
    assert_eq!(source.into_draws(), vec![draw(Die::Numbered(6), 5)]);
}

#[test]
fn the_source_records_every_draw() {
    let mut source = FairSource::new(&seed(), &mix(), 7);
    for die in &MIXED[..3] {
        source.roll(*die).expect("faces");
    }
    let expected = vec![
        draw(Die::Numbered(6), 5),
        draw(Die::Numbered(20), 8),
        draw(Die::Fate, -1),
    ];
    assert_eq!(source.draws(), expected.as_slice());
    assert_eq!(
        format!("{source:?}"),
        "FairSource { draws: [Draw { die: Numbered(6), value: 5 }, \
         Draw { die: Numbered(20), value: 8 }, Draw { die: Fate, value: -1 }], .. }"
    );
    assert_eq!(source.into_draws(), expected);
}

#[test]
fn verify_accepts_the_derived_draws_and_finds_an_altered_one() {
    let mut source = FairSource::new(&seed(), &mix(), 7);
    for die in MIXED {
        source.roll(die).expect("faces");
    }
    let mut draws = source.into_draws();
    assert_eq!(verify(&seed(), &mix(), 7, &draws), Ok(()));
    assert_eq!(verify(&seed(), &mix(), 7, &draws[..4]), Ok(()));
    assert_eq!(verify(&seed(), &mix(), 7, &[]), Ok(()));

    draws[4].value = 20; // the d20 at position 4 derives 7
    let mismatch = verify(&seed(), &mix(), 7, &draws).expect_err("altered");
    assert_eq!(
        mismatch,
        Mismatch {
            position: 4,
            die: Die::Numbered(20),
            recorded: 20,
            derived: 7,
        }
    );
    assert_eq!(
        mismatch.to_string(),
        "draw 4 (d20) is recorded as 20 but the seed derives 7"
    );
}

#[test]
fn verify_rejects_another_index_mix_or_seed() {
    let draws: Vec<Draw> = MIXED
        .iter()
        .zip([5, 8, -1, 6, 7, 1, 84, 1, 9, 1])
        .map(|(&die, value)| draw(die, value))
        .collect();
    assert_eq!(verify(&seed(), &mix(), 7, &draws), Ok(()));
    // Roll 0's first d6 is 4.
    assert_eq!(
        verify(&seed(), &mix(), 0, &draws).map_err(|m| (m.position, m.derived)),
        Err((0, 4))
    );
    assert!(verify(&seed(), &Mix::initial(), 7, &draws).is_err());
    let other = ServerSeed::from_bytes([0; 32]);
    assert!(verify(&other, &mix(), 7, &draws).is_err());
}

#[test]
fn verify_refuses_a_d0_draw() {
    let draws = [draw(Die::Numbered(6), 5), draw(Die::Numbered(0), 0)];
    let mismatch = verify(&seed(), &mix(), 7, &draws).expect_err("d0");
    assert_eq!(
        mismatch,
        Mismatch {
            position: 1,
            die: Die::Numbered(0),
            recorded: 0,
            derived: 0,
        }
    );
    assert_eq!(
        mismatch.to_string(),
        "draw 1 is a d0 showing 0, but a d0 has no faces"
    );
}
