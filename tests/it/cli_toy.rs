//! `skald toy ...`, the calculator of Toy (the system only the tests play, which every test build
//! lists): a system's calculators come from its crate through the registry, so Toy's is there
//! with no line of the binary naming it (issue 33).
use crate::common::check;

#[test]
fn a_trys_odds_come_from_the_toy_crate() {
    check(
        &["toy", "odds", "--skill", "2"],
        0,
        "A try: d6 + skill 2 against 4 (Y2)\n\
         success  5/6 (83.3%)\n\
         failure  1/6 (16.7%)\n",
    );
    check(
        &["toy", "odds", "--skill", "2", "--hard"],
        0,
        "A try: d6 + skill 2 against 5 (Y2)\n\
         success  2/3 (66.7%)\n\
         failure  1/3 (33.3%)\n",
    );
    check(
        &["toy", "odds", "--skill", "9"],
        2,
        "skald: the skill is 9, but it must be 0 to 5 (Y1)\n",
    );
}

/// `skald --help` lists each system of the registry with its crate's words, and names them in
/// its examples: Toy too, in a test build.
#[test]
fn the_help_lists_the_registrys_calculators() {
    let help = check(&["--help"], 0, "");
    for line in [
        "\n  toy         Toy's calculator: the odds of a try\n",
        "\n  skald twenty --help                each game's calculators (also loqi, chi, freelancer, toy)",
    ] {
        assert!(help.contains(line), "{line:?} in\n{help}");
    }
}
