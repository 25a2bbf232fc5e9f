//! The session report's summary of Twenty (`chronicle.rs`): the book's examples folded into
//! conflicts with who won and its goal, burdens, boxes checked, and advancement between them.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use skald_testkit::{check, example_episodes, expect, sketch_episodes};
use skald_twenty::Twenty;

#[test]
fn gorand_and_the_dragon_is_one_conflict_won_by_its_winner() {
    check(
        sketch_episodes(&example_episodes::<Twenty>("gorand-and-the-dragon")),
        expect![[r#"
            Conflict 1 | Gorand, Dragon | Gorand wins and gets its goal: kill this dragon and get to my brother's wedding on time (T4), after 4 exchanges
              - Gorand wants: kill this dragon and get to my brother's wedding on time (death goal: Dragon)
              - Dragon wants: keep the upstart off its road
              - Gorand checked 3 boxes (Friendly, Arms, Swords)
              - Dragon checked 3 boxes (Ancient and Wise, Enormous, Fire Breath)
              - Dragon dies: Gorand won with Dragon's death as its goal (T7)
        "#]],
    );
}

#[test]
fn a_burden_taken_and_a_healing_are_told_with_their_boxes() {
    check(
        sketch_episodes(&example_episodes::<Twenty>("dragon-burden")),
        expect![[r#"
            Conflict 1 | Gorand, Dragon | Gorand wins and gets its goal: kill this dragon and get to my brother's wedding on time (T4), after 4 exchanges
              - Gorand wants: kill this dragon and get to my brother's wedding on time (death goal: Dragon)
              - Dragon wants: keep the upstart off its road
              - Gorand takes a 1-box burden to make Dragon discard 17; Gorand carries it: "Flesh wound across my cheek" [17] under Physical (d20 3, T5)
              - Gorand checked 3 boxes (Social, Arms, Swords)
              - Dragon checked 3 boxes (Ancient and Wise, Enormous, Fire Breath)
              - Dragon dies: Gorand won with Dragon's death as its goal (T7)
        "#]],
    );
    check(
        sketch_episodes(&example_episodes::<Twenty>("healing")),
        expect![[r#"
            Conflict 1: healing Gorand's Flesh wound across my cheek (T8) | Healer, Gorand | Healer wins (T8), after 4 exchanges
              - Healer checked 3 boxes (Shaman, Healing, Spiritual)
              - Gorand's Flesh wound across my cheek loses [17] (T8)
        "#]],
    );
}

#[test]
fn a_surrender_and_an_obligation_are_in_the_summary() {
    check(
        sketch_episodes(&example_episodes::<Twenty>("dragon-surrenders")),
        expect![[r#"
            Conflict 1 | Gorand, Dragon | Gorand wins and gets its goal: kill this dragon and get to my brother's wedding on time (T4), after 3 exchanges
              - Gorand wants: kill this dragon and get to my brother's wedding on time (death goal: Dragon)
              - Dragon wants: keep the upstart off its road
              - Dragon surrenders: goal lost
              - Gorand checked 2 boxes (Friendly, Arms)
              - Dragon checked 2 boxes (Ancient and Wise, Enormous)
              - Dragon dies: Gorand won with Dragon's death as its goal (T7)
        "#]],
    );
    check(
        sketch_episodes(&example_episodes::<Twenty>("caravan-obligation")),
        expect![[r#"
            Between conflicts | Caravan master | 
              - Caravan master colours 2 boxes of Word of Mouth: Gorand gets Fame in Corsille 2 under Obligations, owing: bring back my daughter from the big dragon
            Conflict 1 | Gorand, Guard | Gorand wins and gets its goal: get into the city (T4), after 2 exchanges
              - Gorand wants: get into the city
              - Guard wants: keep the barbarian out
              - Gorand checked 1 box (Fame in Corsille)
              - Guard checked 1 box (Suspicious)
            Between conflicts | Gorand | 
              - Gorand's obligation Fame in Corsille ends, the service is done: Gorand loses the trait and the granter's coloured boxes are unchecked (T11)
              - Gorand advances: a box more on Arms, Strong, Marching
        "#]],
    );
}
