//! The reference pages the table's texts link to (`skald_server::links`): a rules page per
//! system (`GET /rules/{system}`, each ruling under its code as an anchor: `/rules/twenty#T3`),
//! its text the system's own ([`skald_core::System::RULINGS`], through the registry), and the
//! page about the dice's fairness (`GET /fairness`).

use crate::render::{page, render};
use axum::extract::Path;
use axum::http::StatusCode;
use axum::response::Response;
use minijinja::context;
use minijinja::value::Serde;
use serde::Serialize;

/// A system as a link to its rules page.
#[derive(Debug, Serialize)]
struct Game {
    name: &'static str,
    title: &'static str,
}

fn games(but: Option<&str>) -> Vec<Game> {
    skald_systems::REGISTRY
        .iter()
        .filter(|s| Some(s.name) != but)
        .map(|s| Game {
            name: s.name,
            title: s.title,
        })
        .collect()
}

/// `GET /rules/{system}`: how to play the system, and each ruling its texts cite, under its code.
/// An unknown system is a 404 naming the ones Skald plays.
pub async fn rules(Path(system): Path<String>) -> Response {
    let Some(listed) = skald_systems::REGISTRY.find(&system) else {
        let message = format!(
            "no rules page for {system:?}: Skald plays {}",
            skald_systems::REGISTRY.names_listed()
        );
        return page(
            StatusCode::NOT_FOUND,
            render("error.html", context! { message => message, hint => "" }),
        );
    };
    let html = render(
        "rules.html",
        context! {
            title => listed.title,
            rulings => Serde(listed.rulings),
            others => Serde(games(Some(listed.name))),
        },
    );
    page(StatusCode::OK, html)
}

/// `GET /fairness`: how the dice are kept fair, in a few paragraphs (the whole derivation is
/// docs/fairness.md).
pub async fn fairness() -> Response {
    page(
        StatusCode::OK,
        render("fairness.html", context! { systems => Serde(games(None)) }),
    )
}
