//! The template environment: every template compiled into the binary, HTML auto-escaped.

use minijinja::Environment;
use std::sync::OnceLock;

const TEMPLATES: &[(&str, &str)] = &[
    ("base.html", include_str!("../templates/base.html")),
    ("macros.html", include_str!("../templates/macros.html")),
    ("lobby.html", include_str!("../templates/lobby.html")),
    ("created.html", include_str!("../templates/created.html")),
    ("join.html", include_str!("../templates/join.html")),
    ("error.html", include_str!("../templates/error.html")),
    ("table.html", include_str!("../templates/table.html")),
    ("board.html", include_str!("../templates/board.html")),
    ("moves.html", include_str!("../templates/moves.html")),
    ("log.html", include_str!("../templates/log.html")),
    ("odds.html", include_str!("../templates/odds.html")),
    (
        "board_twenty.html",
        include_str!("../templates/board_twenty.html"),
    ),
    (
        "board_loqi.html",
        include_str!("../templates/board_loqi.html"),
    ),
    (
        "board_chi.html",
        include_str!("../templates/board_chi.html"),
    ),
    (
        "board_freelancer.html",
        include_str!("../templates/board_freelancer.html"),
    ),
];

/// The environment, built once. A template that does not compile is left out, and rendering it
/// fails with the engine's message (the page tests render every one).
pub fn env() -> &'static Environment<'static> {
    static ENV: OnceLock<Environment<'static>> = OnceLock::new();
    ENV.get_or_init(|| {
        let mut env = Environment::new();
        env.set_auto_escape_callback(|_| minijinja::AutoEscape::Html);
        for (name, source) in TEMPLATES {
            if let Err(e) = env.add_template(name, source) {
                eprintln!("skald-web: template {name} does not compile: {e}");
            }
        }
        env
    })
}

/// Renders `name` with `context`.
///
/// # Errors
/// The engine's message.
pub fn render(name: &str, context: minijinja::Value) -> Result<String, String> {
    env()
        .get_template(name)
        .and_then(|t| t.render(context))
        .map_err(|e| format!("{name}: {e:#}"))
}
