//! The binary's one template environment (minijinja), built once: the export's reports
//! (`templates/` here) and the pages' templates, which skald-web hands over with [`add`] since
//! this crate cannot name them. Templates are compiled in; each is compiled on first use and kept.
//! `.html` templates escape HTML; the Markdown report escapes its text itself. The filter
//! `rule_links` ([`crate::links`]) escapes a text and links the rulings it cites; the `percent`
//! filter writes a chance as [`skald_core::percent`] does (an estimate as [`skald_core::estimate`]),
//! the `simulated` filter an estimate's plays as [`skald_core::simulated`].

use minijinja::Environment;
use std::sync::OnceLock;

/// A template compiled into the binary: its name and its source.
pub type Template = (&'static str, &'static str);

/// The export's templates.
const EXPORT: &[Template] = &[
    ("report.md", include_str!("../templates/report.md")),
    ("report.html", include_str!("../templates/report.html")),
    (
        "odds_fold.html",
        include_str!("../templates/odds_fold.html"),
    ),
];

/// The templates of the crate over this one (skald-web's pages), once given.
static MORE: OnceLock<&'static [Template]> = OnceLock::new();

/// Adds the templates of the crate over the server (skald-web's pages) to the environment; call it
/// before rendering one of them. The first list given is kept: later calls change nothing.
pub fn add(templates: &'static [Template]) {
    let _ = MORE.get_or_init(|| templates);
}

/// The name of every template the environment has: the export's, then those [`add`]ed.
pub fn names() -> impl Iterator<Item = &'static str> {
    EXPORT
        .iter()
        .chain(MORE.get().copied().unwrap_or_default())
        .map(|(name, _)| *name)
}

fn source(name: &str) -> Option<&'static str> {
    EXPORT
        .iter()
        .chain(MORE.get().copied().unwrap_or_default())
        .find(|(n, _)| *n == name)
        .map(|(_, source)| *source)
}

/// The one environment, built once.
pub fn environment() -> &'static Environment<'static> {
    static ENVIRONMENT: OnceLock<Environment<'static>> = OnceLock::new();
    ENVIRONMENT.get_or_init(|| {
        let mut env = Environment::new();
        env.set_auto_escape_callback(|name| {
            if name.ends_with(".html") {
                minijinja::AutoEscape::Html
            } else {
                minijinja::AutoEscape::None
            }
        });
        env.set_loader(|name| Ok(source(name).map(str::to_owned)));
        env.add_filter("rule_links", crate::links::rule_links);
        env.add_filter("uncited", |text: String| crate::links::uncited(&text));
        // A chance as people read it, the one wording of the pages and the report:
        // `{{ p | percent(decimal) }}` ([`skald_core::percent`]), or with a simulation's margin
        // `{{ p | percent(decimal, margin) }}` ([`skald_core::estimate`]; a margin of none or
        // undefined is an exact chance's); `{{ p | simulated }}` ([`skald_core::simulated`]).
        // A choice's chance in advice (`choice` true) says "0% (no chance)" where a roll's says
        // "impossible" ([`skald_core::choice_percent`]).
        env.add_filter(
            "percent",
            |p: String, decimal: f64, margin: Option<f64>, choice: Option<bool>| match margin {
                None if choice == Some(true) => skald_core::choice_percent(&p, decimal),
                None => skald_core::percent(&p, decimal),
                Some(margin) => skald_core::estimate(decimal, margin),
            },
        );
        env.add_filter("simulated", |p: String| skald_core::simulated(&p));
        env
    })
}

/// Template `name` of the one environment.
///
/// # Errors
/// The template's name and the engine's message: no such template, or one that does not compile
/// (with its line).
pub fn template(name: &str) -> Result<minijinja::Template<'static, 'static>, String> {
    environment()
        .get_template(name)
        .map_err(|e| format!("{name}: {e:#}"))
}

/// Renders template `name` with `context`.
///
/// # Errors
/// As [`template`], or the template fails to render.
pub fn render(name: &str, context: minijinja::Value) -> Result<String, String> {
    template(name)?
        .render(context)
        .map_err(|e| format!("{name}: {e:#}"))
}

#[cfg(test)]
mod tests {
    /// Every template the server has compiles (skald-web's test does the same with the pages').
    #[test]
    fn every_template_compiles() {
        let env = super::environment();
        for name in super::names() {
            if let Err(e) = env.get_template(name) {
                panic!("{name} does not compile: {e:#}");
            }
        }
        assert!(env.get_template("nothing.html").is_err());
    }
}
