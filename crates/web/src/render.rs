//! The pages' templates, compiled into the binary and rendered in its one environment, which
//! skald-server owns (`skald_server::templates`) so its export shares it: the pages' own, and
//! each system's board as the registry hands it over ([`skald_core::Board`], kept in the system's
//! crate), named `board_<system>.html`.

use skald_server::templates::Template;
use std::sync::OnceLock;

/// The pages' own templates.
const PAGES: &[Template] = &[
    ("base.html", include_str!("../templates/base.html")),
    ("macros.html", include_str!("../templates/macros.html")),
    ("lobby.html", include_str!("../templates/lobby.html")),
    ("created.html", include_str!("../templates/created.html")),
    ("gm_link.html", include_str!("../templates/gm_link.html")),
    (
        "seat_keep.html",
        include_str!("../templates/seat_keep.html"),
    ),
    (
        "seat_link.html",
        include_str!("../templates/seat_link.html"),
    ),
    ("join.html", include_str!("../templates/join.html")),
    ("error.html", include_str!("../templates/error.html")),
    ("table.html", include_str!("../templates/table.html")),
    ("board.html", include_str!("../templates/board.html")),
    ("moves.html", include_str!("../templates/moves.html")),
    ("log.html", include_str!("../templates/log.html")),
    ("talk.html", include_str!("../templates/talk.html")),
    ("older.html", include_str!("../templates/older.html")),
    ("say.html", include_str!("../templates/say.html")),
    ("head.html", include_str!("../templates/head.html")),
    ("odds.html", include_str!("../templates/odds.html")),
    ("rules.html", include_str!("../templates/rules.html")),
    ("fairness.html", include_str!("../templates/fairness.html")),
];

/// The name of each system's board template, in the registry's order, made once.
fn board_names() -> &'static [(&'static str, String)] {
    static NAMES: OnceLock<Vec<(&'static str, String)>> = OnceLock::new();
    NAMES.get_or_init(|| {
        skald_systems::REGISTRY
            .names()
            .map(|name| (name, format!("board_{name}.html")))
            .collect()
    })
}

/// The name of the template that draws the board of `system` (`board_<system>.html`, which
/// `board.html` includes); `None` for a system the registry does not list.
pub(crate) fn board(system: &str) -> Option<&'static str> {
    board_names()
        .iter()
        .find(|(name, _)| *name == system)
        .map(|(_, template)| template.as_str())
}

/// Every template of the pages: their own, then each system's board.
fn templates() -> &'static [Template] {
    static ALL: OnceLock<Vec<Template>> = OnceLock::new();
    ALL.get_or_init(|| {
        let boards = skald_systems::REGISTRY
            .iter()
            .zip(board_names())
            .map(|(system, (_, name))| (name.as_str(), system.board.template));
        PAGES.iter().copied().chain(boards).collect()
    })
}

/// Renders `name` with `context`, in the binary's one environment (`skald_server::templates`),
/// to which the pages' templates are added first.
///
/// # Errors
/// The template's name and the engine's message: one that does not compile, or fails to render.
pub fn render(name: &str, context: minijinja::Value) -> Result<String, String> {
    skald_server::templates::add(templates());
    skald_server::templates::render(name, context)
}

/// A rendered page as the answer, with `status`; a page that failed to render is a 500 saying so.
pub(crate) fn page(
    status: axum::http::StatusCode,
    html: Result<String, String>,
) -> axum::response::Response {
    use axum::response::IntoResponse as _;
    match html {
        Ok(html) => (status, axum::response::Html(html)).into_response(),
        Err(e) => (
            axum::http::StatusCode::INTERNAL_SERVER_ERROR,
            format!("page failed: {e}"),
        )
            .into_response(),
    }
}

#[cfg(test)]
mod tests {
    /// Every template of the binary, the pages' and the export's, compiles.
    #[test]
    fn every_template_compiles() {
        skald_server::templates::add(super::templates());
        let env = skald_server::templates::environment();
        let names: Vec<_> = skald_server::templates::names().collect();
        for (name, _) in super::templates() {
            assert!(names.contains(name), "{name}");
        }
        for system in skald_systems::REGISTRY.names() {
            let board = super::board(system).unwrap_or_default();
            assert_eq!(board, format!("board_{system}.html"));
            assert!(names.contains(&board), "{system}'s board");
        }
        assert_eq!(super::board("dnd"), None);
        assert!(names.contains(&"report.md"));
        for name in names {
            if let Err(e) = env.get_template(name) {
                panic!("{name} does not compile: {e:#}");
            }
        }
    }
}

#[cfg(test)]
mod odds_tests {
    use serde_json::json;

    /// The chances of `chances` (each `(p, decimal)`) as the odds box shows them.
    fn shown(chances: &[(&str, f64)]) -> Vec<String> {
        let chances: Vec<_> = chances
            .iter()
            .map(|(p, d)| json!({"label": "Success", "p": p, "decimal": d}))
            .collect();
        let odds = json!({"summary": "A roll.", "chances": chances, "distribution": []});
        let html = super::render(
            "odds.html",
            minijinja::context! { odds => minijinja::value::Serde(odds) },
        )
        .unwrap();
        html.split("<span class=\"chance-p\">")
            .skip(1)
            .map(|part| part.split("</span>").next().unwrap_or_default().to_owned())
            .collect()
    }

    #[test]
    fn a_chance_reads_as_a_percentage_with_its_fraction_and_certainties_as_words() {
        let long = "910494421/2560000000";
        assert_eq!(
            shown(&[
                ("1", 1.0),
                ("0", 0.0),
                ("89/250", 0.356),
                ("1/10000", 0.0001),
                ("9999/10000", 0.9999),
                (long, 910_494_421.0 / 2_560_000_000.0),
            ]),
            [
                "<b>certain</b>",
                "<b>impossible</b>",
                "<b>35.6%</b> <small class=\"exact\">89&#x2f;250</small>",
                "<b>under 0.1%</b> <small class=\"exact\">1&#x2f;10000</small>",
                "<b>over 99.9%</b> <small class=\"exact\">9999&#x2f;10000</small>",
                "<b>35.6%</b> <details class=\"exact\"><summary>exact</summary><small>910494421&#x2f;2560000000</small></details>",
            ]
        );
    }
    /// A simulation's estimate shows its margin first and its plays a tap away, never a
    /// certainty; a distribution bar's title says the same.
    #[test]
    fn an_estimate_reads_with_its_margin_and_its_plays_folded() {
        let estimate = skald_core::Chance::estimate("Your side wins", 6213, 10_000);
        let all = skald_core::Chance::estimate("Your side wins", 10_000, 10_000);
        let odds = json!({"summary": "The conflict.", "chances": [estimate, all],
            "distribution": [estimate]});
        let html = super::render(
            "odds.html",
            minijinja::context! { odds => minijinja::value::Serde(odds) },
        )
        .unwrap();
        let shown: Vec<&str> = html
            .split("<span class=\"chance-p\">")
            .skip(1)
            .map(|part| part.split("</span>").next().unwrap_or_default())
            .collect();
        assert_eq!(
            shown,
            [
                "<b>62% ± 2%</b> <details class=\"exact\"><summary>estimate</summary><small>simulated: 6213 of 10000 plays</small></details>",
                "<b>at least 99.8%</b> <details class=\"exact\"><summary>estimate</summary><small>simulated: 10000 of 10000 plays</small></details>",
            ]
        );
        assert!(
            html.contains(
                "<title>Your side wins: 62% ± 2% (simulated: 6213 of 10000 plays)</title>"
            ),
            "{html}"
        );
    }
}

#[cfg(test)]
mod form_tests {
    use serde_json::json;
    use skald_core::{Field, Move};

    /// A list inside a list's entry draws as a list of its own (a burden's boxes on a sheet's
    /// list of burdens), each with its own template.
    #[test]
    fn a_list_inside_a_list_draws_its_own_entries() {
        let boxes = Field::list(
            "boxes",
            "Boxes",
            vec![Field::number("", "Box", 1, 20, 10)],
            1,
            20,
            2,
        );
        let burdens = Field::list(
            "character.burdens",
            "Burdens",
            vec![Field::text("name", "Burden", 64), boxes],
            0,
            5,
            1,
        );
        let m = Move {
            fields: vec![burdens],
            sheet: Some("character".into()),
            ..Move::new("Characters", "Add", "add_character", json!({}))
        };
        // The moves are drawn a piece at a time (crate::parts): this move's fold.
        let arranged = crate::arrange::arrange(&[m]);
        let part = arranged.folds[0].id.clone();
        let html = super::render(
            "moves.html",
            minijinja::context! { arranged => minijinja::value::Serde(arranged), part => part },
        )
        .unwrap();
        assert_eq!(html.matches("data-field=\"boxes\"").count(), 2, "{html}");
        // Each boxes list: one box in its template and two drawn; one boxes list in the burdens'
        // template and one in the burden drawn.
        assert_eq!(html.matches("name=\"\"").count(), 2 * (1 + 2), "{html}");
        assert!(html.contains("data-save-sheet"));
    }
}
