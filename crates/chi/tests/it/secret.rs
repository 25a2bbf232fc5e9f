#![allow(clippy::unwrap_used)]
//! Secret rolls (ruling C4): allocations committed unseen as hashes, revealed only once everyone has
//! committed and checked against the commitment, then rolled together; what the table sees before
//! the reveal does not depend on the allocations.

use serde_json::json;
use skald_chi::rules::line as notation;
use skald_chi::rules::secret::commitment;
use skald_chi::{
    Chi, Command, Error, Event, Options, SecretAction, SecretOpposed, SecretSide, Sheet,
};
use skald_core::{Scripted, System, Table};
use skald_testkit::sheets::RAGNAR;

const SALT_R: &str = "ragnar-salt-0001";
const SALT_D: &str = "dirk-salt-000001";

fn table() -> Table<Chi> {
    let mut table = Table::<Chi>::new(Options::default());
    for line in [
        RAGNAR,
        "Dirk, dashing, handsome, and brave star marine7",
        "orc3",
    ] {
        let character: Sheet = notation::parse(line).unwrap();
        table
            .execute(Chi::enroll(character), &mut Scripted::new(vec![]))
            .unwrap();
    }
    table
}

fn side(who: &str) -> SecretSide {
    SecretSide {
        who: who.into(),
        modifier: 0,
        fits_concept: true,
    }
}

/// Ragnar acts against Difficulty 3 off-concept (cap 3); Dirk attacks the orc, which defends.
fn open() -> Command {
    Command::SecretOpen {
        actions: vec![SecretAction {
            who: "Ragnar".into(),
            difficulty: 3,
            modifier: 0,
            fits_concept: false,
            reaction: false,
        }],
        opposed: vec![SecretOpposed {
            actor: side("Dirk"),
            defender: side("orc"),
        }],
    }
}

fn commit(who: &str, spend: u32, salt: &str) -> Command {
    Command::SecretCommit {
        who: who.into(),
        commitment: commitment(who, spend, salt),
    }
}

fn reveal(who: &str, spend: u32, salt: &str) -> Command {
    Command::SecretReveal {
        who: who.into(),
        spend,
        salt: salt.into(),
    }
}

/// Plays `commands` in order; the last must be refused with exactly `error` (or accepted when
/// `error` is empty), leaving the table as it was.
fn check(commands: &[Command], dice: &[i64], error: &str) -> Table<Chi> {
    let mut t = table();
    let (last, before) = commands.split_last().unwrap();
    for command in before {
        t.execute(command.clone(), &mut Scripted::new(vec![]))
            .unwrap_or_else(|e| panic!("{command:?}: {e}"));
    }
    let state = t.state().clone();
    let entries = t.log().len();
    let outcome = t.execute(last.clone(), &mut Scripted::new(dice.to_vec()));
    match (outcome, error) {
        (Ok(_), "") => {}
        (Ok(events), _) => panic!("accepted: {events:?}, expected {error}"),
        (Err(e), "") => panic!("refused: {e}"),
        (Err(e), _) => {
            assert_eq!(e.to_string(), error);
            assert_eq!(t.state(), &state, "a refused command changes nothing");
            assert_eq!(t.log().len(), entries);
        }
    }
    t
}

#[test]
fn a_secret_roll_is_committed_revealed_and_rolled_together() {
    let all = [
        open(),
        commit("Ragnar", 3, SALT_R),
        commit("Dirk", 4, SALT_D),
        commit("orc", 2, "orc-salt-0000001"),
        reveal("orc", 2, "orc-salt-0000001"),
        reveal("Ragnar", 3, SALT_R),
        reveal("Dirk", 4, SALT_D),
        Command::SecretRoll {},
    ];
    // Ragnar's 3 d6 then the GM's 3; Dirk's 4 then the orc's 2.
    let t = check(&all, &[6, 5, 4, 1, 2, 3, 3, 3, 2, 1, 6, 5], "");
    let events = &t.log().last().unwrap().events;
    let [
        Event::ActionRolled(action),
        Event::OpposedRolled(opposed),
        Event::SecretClosed { round: 1 },
    ] = events.as_slice()
    else {
        panic!("{events:?}")
    };
    assert_eq!(
        (action.spent, action.cap, action.total, action.gm_total),
        (3, Some(3), 15, 6)
    );
    assert!(action.secret);
    assert_eq!(
        (
            opposed.actor.total,
            opposed.defender.total,
            opposed.winner.as_str()
        ),
        (9, 11, "orc")
    );
    let view = Chi::view(t.state());
    assert_eq!(view["secret_open"], json!(false));
    assert_eq!(view["characters"]["Ragnar"]["left"], json!(5));
    assert_eq!(view["characters"]["Dirk"]["left"], json!(3));
    assert_eq!(view["characters"]["orc"]["left"], json!(1));
    assert_eq!(
        Chi::describe(&events[0]),
        "Round 1, Ragnar puts 3 dice in from the secret roll (off-concept, at most 3 (C2)): \
         [6, 5, 4] = 15 vs Difficulty 3: [1, 2, 3] = 6: success. 5 of 8 dice left."
    );
}

#[test]
fn nothing_is_revealed_or_rolled_before_everyone_has_committed_and_revealed() {
    let c = |who, n, salt| commit(who, n, salt);
    let orc_salt = "orc-salt-0000001";
    check(
        &[open(), c("Ragnar", 3, SALT_R), reveal("Ragnar", 3, SALT_R)],
        &[],
        "The character is \"Ragnar\", but Dirk, orc has not chosen yet: nothing is revealed until everyone in the secret roll has chosen (ruling C4)",
    );
    let committed = [
        open(),
        c("Ragnar", 3, SALT_R),
        c("Dirk", 4, SALT_D),
        c("orc", 2, orc_salt),
    ];
    let with = |more: &[Command]| [&committed[..], more].concat();
    check(
        &with(&[reveal("Ragnar", 3, SALT_R), Command::SecretRoll {}]),
        &[],
        "Dirk, orc has not revealed yet: the secret roll is rolled when everyone has (ruling C4)",
    );
    check(
        &with(&[reveal("Ragnar", 2, SALT_R)]),
        &[],
        &format!(
            "2 dice with that salt do not match Ragnar's commitment {}: the reveal must \
             show the choice that was committed (ruling C4)",
            commitment("Ragnar", 3, SALT_R)
        ),
    );
    check(
        &with(&[reveal("Dirk", 4, SALT_R)]),
        &[],
        &format!(
            "4 dice with that salt do not match Dirk's commitment {}: the reveal must \
             show the choice that was committed (ruling C4)",
            commitment("Dirk", 4, SALT_D)
        ),
    );
    check(
        &with(&[reveal("Ragnar", 3, SALT_R), reveal("Ragnar", 3, SALT_R)]),
        &[],
        "The character is \"Ragnar\", who has already revealed 3 (ruling C4)",
    );
    check(
        &with(&[reveal("Ragnar", 3, "short")]),
        &[],
        "The salt is 5 characters long, but it must be 16 to 128: an allocation is one of at most 101 numbers, so a short salt would let anyone try them all (ruling C4)",
    );
    check(
        &with(&[c("Ragnar", 5, SALT_R)]),
        &[],
        "The character is \"Ragnar\", who has already chosen: a secret choice cannot be changed (ruling C4)",
    );
}

#[test]
fn a_revealed_allocation_still_keeps_the_pool_and_the_cap() {
    // Ragnar committed 4 to an off-concept action whose cap is 3: the reveal is refused (C2) and
    // the GM calls the roll off; nothing was spent.
    let salt = SALT_R;
    let steps = [
        open(),
        commit("Ragnar", 4, salt),
        commit("Dirk", 8, SALT_D),
        commit("orc", 0, "orc-salt-0000001"),
        reveal("Ragnar", 4, salt),
    ];
    check(
        &steps,
        &[],
        "The number of dice put in is 4, but an action that does not fit Ragnar's concept may use at most 3 dice: a third of the current pool 8, rounded up (ruling C2)",
    );
    let mut over = steps.to_vec();
    over[4] = reveal("Dirk", 8, SALT_D);
    check(
        &over,
        &[],
        "The number of dice put in is 8, but Dirk has 7 of 7 dice left this round, so at most 7 can go in (ruling C1: the pool refills at the next round)",
    );
    let mut cancelled = steps[..4].to_vec();
    cancelled.push(Command::SecretCancel {});
    let t = check(&cancelled, &[], "");
    assert_eq!(t.state().secret, None);
    assert_eq!(t.state().characters["Ragnar"].left(), 8);
}

#[test]
fn a_secret_roll_is_not_called_off_once_anyone_has_revealed() {
    // The attack (issue 30): the GM let a player reveal, called the roll off, opened it again and
    // committed knowing the player's choice. Once anyone has revealed, the roll is rolled.
    let steps = [
        open(),
        commit("Ragnar", 3, SALT_R),
        commit("Dirk", 5, SALT_D),
        commit("orc", 0, "orc-salt-0000001"),
        reveal("Dirk", 5, SALT_D),
        Command::SecretCancel {},
    ];
    check(
        &steps,
        &[],
        "The secret roll cannot be called off: Dirk revealed already, and calling it off now would let everyone choose again knowing it; the GM rolls it once everyone has revealed (ruling C4)",
    );
    let mut two = steps[..5].to_vec();
    two.extend([reveal("Ragnar", 3, SALT_R), Command::SecretCancel {}]);
    check(
        &two,
        &[],
        "The secret roll cannot be called off: Ragnar, Dirk revealed already, and calling it off now would let everyone choose again knowing it; the GM rolls it once everyone has revealed (ruling C4)",
    );
    // Before any reveal (everyone committed), it is called off and nothing is spent.
    let mut early = steps[..4].to_vec();
    early.push(Command::SecretCancel {});
    let t = check(&early, &[], "");
    assert_eq!(t.state().secret, None);
    assert_eq!(t.state().characters["Dirk"].left(), 7);
}

#[test]
fn the_open_secret_roll_holds_the_table_and_bad_entries_are_refused() {
    let action = |who: &str, difficulty| SecretAction {
        who: who.into(),
        difficulty,
        modifier: 0,
        fits_concept: true,
        reaction: false,
    };
    let open_with = |actions, opposed| Command::SecretOpen { actions, opposed };
    check(
        &[open(), Command::NewRound {}],
        &[],
        "A secret roll is open (Ragnar, Dirk, orc): everyone in it rolls at the same time, so nothing else happens until the GM rolls it or calls it off (ruling C4)",
    );
    check(
        &[open(), open()],
        &[],
        "A secret roll is open (Ragnar, Dirk, orc): everyone in it rolls at the same time, so nothing else happens until the GM rolls it or calls it off (ruling C4)",
    );
    check(
        &[Command::SecretRoll {}],
        &[],
        "No secret roll is open: the GM opens one first (ruling C4)",
    );
    check(
        &[open_with(vec![], vec![])],
        &[],
        "The secret roll has no action and no opposed action, but it needs at least one (ruling C4)",
    );
    check(
        &[open_with(
            vec![action("Ragnar", 2)],
            vec![SecretOpposed {
                actor: side("Dirk"),
                defender: side("Ragnar"),
            }],
        )],
        &[],
        "The defender is \"Ragnar\", who is already in this secret roll: each character makes one secret choice of dice (ruling C4)",
    );
    check(
        &[open_with(vec![action("Ragnar", 0)], vec![])],
        &[],
        "An action's Difficulty is 0, but it must be 1 to 100 (the GM's Difficulty, in d6)",
    );
    check(
        &[open_with(vec![action("Conan", 2)], vec![])],
        &[],
        "An action's character is \"Conan\", but no character of that name is at the table (at the table: Dirk, Ragnar, orc)",
    );
    check(
        &[open(), commit("Conan", 1, SALT_R)],
        &[],
        "The character is \"Conan\", who is not in the open secret roll (in it: Ragnar, Dirk, orc; ruling C4)",
    );
    check(
        &[
            open(),
            Command::SecretCommit {
                who: "Ragnar".into(),
                commitment: "3 dice".into(),
            },
        ],
        &[],
        "The commitment is \"3 dice\", but it must be 64 hexadecimal digits: the SHA-256 of the allocation and a salt (the command skald chi commit computes it)",
    );
    // An actor with no dice left this round cannot be in a secret roll.
    let spent = Command::Action {
        who: "orc".into(),
        spend: 3,
        difficulty: 1,
        modifier: 0,
        fits_concept: true,
        reaction: false,
    };
    let mut t = table();
    t.execute(spent, &mut Scripted::new(vec![1, 1, 1, 1]))
        .unwrap();
    let err = t
        .execute(
            open_with(vec![action("orc", 1)], vec![]),
            &mut Scripted::new(vec![]),
        )
        .unwrap_err();
    assert!(matches!(err, Error::NoDiceLeft { .. }), "{err}");
}

/// Before the reveals the view does not depend on the allocations; commands carry only hashes.
#[test]
fn the_table_cannot_see_an_allocation_before_it_is_revealed() {
    let commit_all = |r: u32, d: u32, o: u32| {
        let mut t = table();
        for command in [
            open(),
            commit("Ragnar", r, SALT_R),
            commit("Dirk", d, SALT_D),
            commit("orc", o, "orc-salt-0000001"),
        ] {
            t.execute(command, &mut Scripted::new(vec![])).unwrap();
        }
        t
    };
    let a = commit_all(1, 1, 0);
    let b = commit_all(3, 7, 3);
    assert_eq!(Chi::view(a.state()), Chi::view(b.state()));
    assert_eq!(
        Chi::view(a.state())["secret"],
        json!({
            "round": 1,
            "seats": [
                { "who": "Ragnar", "role": "action", "committed": true, "revealed": false },
                { "who": "Dirk", "role": "actor", "committed": true, "revealed": false },
                { "who": "orc", "role": "defender", "committed": true, "revealed": false },
            ],
            "waiting_to_commit": [],
            "waiting_to_reveal": ["Ragnar", "Dirk", "orc"],
        })
    );
    let lines: Vec<String> = b.log()[3..]
        .iter()
        .flat_map(|e| e.events.iter().map(Chi::describe))
        .collect();
    assert_eq!(
        lines[..2],
        [
            "Round 1, the GM opens a secret roll: Ragnar against Difficulty 3 (off-concept, at most 3 \
             (C2)); Dirk acts (fits the concept), orc resists (fits the concept). Each allocation is \
             committed unseen (C4).",
            &format!(
                "Ragnar commits a secret allocation: {} (C4).",
                commitment("Ragnar", 3, SALT_R)
            ),
        ]
    );
    let log = serde_json::to_string(&b.log()[3..]).unwrap();
    assert!(!log.contains("spend"), "{log}");
    assert!(log.contains(&commitment("Dirk", 7, SALT_D)));
}

/// Every result of a secret roll stays on the board, not only the last (issue 16's "a board that
/// remembers"): `rolls` holds Ragnar's action and Dirk's opposed action, in rolling order, until
/// the next round starts; `last` still names the last roll after that.
#[test]
fn every_result_of_the_secret_round_stays_in_the_view_until_the_next_round() {
    let all = [
        open(),
        commit("Ragnar", 3, SALT_R),
        commit("Dirk", 4, SALT_D),
        commit("orc", 2, "orc-salt-0000001"),
        reveal("orc", 2, "orc-salt-0000001"),
        reveal("Ragnar", 3, SALT_R),
        reveal("Dirk", 4, SALT_D),
        Command::SecretRoll {},
    ];
    let mut t = check(&all, &[6, 5, 4, 1, 2, 3, 3, 3, 2, 1, 6, 5], "");
    let view = Chi::view(t.state());
    let rolls = view["rolls"].as_array().unwrap();
    let summary: Vec<(String, String)> = rolls
        .iter()
        .map(|r| {
            let who = r["who"].as_str().or(r["actor"]["who"].as_str()).unwrap();
            let result = r["winner"].as_str().or(r["outcome"].as_str()).unwrap();
            (who.to_owned(), result.to_owned())
        })
        .collect();
    assert_eq!(
        summary,
        [
            ("Ragnar".to_owned(), "success".to_owned()),
            ("Dirk".to_owned(), "orc".to_owned())
        ]
    );
    assert_eq!(rolls[0]["total"], json!(15));
    assert_eq!(rolls[0]["secret"], json!(true));
    assert_eq!(view["last"], rolls[1]);

    t.execute(Command::NewRound {}, &mut Scripted::new(vec![]))
        .unwrap();
    let view = Chi::view(t.state());
    assert_eq!(view["round"], json!(2));
    assert_eq!(view["rolls"], json!([]));
    assert_eq!(view["last"]["winner"], json!("orc"));
}
