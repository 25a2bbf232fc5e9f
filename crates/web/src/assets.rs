//! The static assets, compiled into the binary: one stylesheet (the pages' own, then each
//! system's board's, as the registry hands it over from the system's crate), Skald's script, the
//! browser code it borrows (`static/vendor/`, pinned and checked by `scripts/vendor`) and the icon.

use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use std::sync::OnceLock;

/// The pages' own stylesheet.
const SKALD_CSS: &str = include_str!("../static/skald.css");

/// The one stylesheet: the pages' own, then each system's board's ([`skald_core::Board::style`])
/// in the registry's order, made once.
fn css() -> &'static str {
    static CSS: OnceLock<String> = OnceLock::new();
    CSS.get_or_init(|| {
        std::iter::once(SKALD_CSS)
            .chain(skald_systems::REGISTRY.iter().map(|s| s.board.style))
            .collect()
    })
}
const JS: &str = include_str!("../static/skald.js");
/// idiomorph 0.8.0's `dist/idiomorph.min.js`, unchanged (`static/vendor/README.md`).
const IDIOMORPH: &str = include_str!("../static/vendor/idiomorph.min.js");

/// The pages' icon: a 32x32 die showing five, in the pages' blue (`static/favicon.ico`, one PNG
/// in an ICO file, 185 bytes), so no browser's request for it ends in a 404.
const ICON: &[u8] = include_bytes!("../static/favicon.ico");

/// `GET /favicon.ico`: the icon, for every page (the pages link it; the session report and the
/// API's answers do not, and browsers ask for it there by this name).
pub async fn icon() -> Response {
    (
        [
            (header::CONTENT_TYPE, "image/x-icon"),
            (header::CACHE_CONTROL, "max-age=86400"),
        ],
        ICON,
    )
        .into_response()
}

/// `GET /static/{file}`: `skald.css`, `skald.js` or `idiomorph.js`.
pub async fn asset(Path(file): Path<String>) -> Response {
    let (body, kind) = match file.as_str() {
        "skald.css" => (css(), "text/css; charset=utf-8"),
        "skald.js" => (JS, "text/javascript; charset=utf-8"),
        "idiomorph.js" => (IDIOMORPH, "text/javascript; charset=utf-8"),
        _ => return (StatusCode::NOT_FOUND, "no such asset").into_response(),
    };
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::{ICON, IDIOMORPH, SKALD_CSS, css};

    /// The stylesheet holds every system's board's rules, after the pages' own.
    #[test]
    fn the_stylesheet_is_the_pages_then_each_systems_board() {
        let css = css();
        assert!(css.starts_with(SKALD_CSS));
        let mut at = SKALD_CSS.len();
        for system in skald_systems::REGISTRY.iter() {
            assert!(!system.board.style.is_empty(), "{}", system.name);
            assert_eq!(
                css[at..].find(system.board.style),
                Some(0),
                "{}'s board's style, in the registry's order",
                system.name
            );
            at += system.board.style.len();
        }
        assert_eq!(at, css.len());
    }

    /// The icon is an ICO file of one 32x32 PNG image (its directory, then the PNG).
    #[test]
    fn the_icon_is_one_png_in_an_ico() {
        assert_eq!(&ICON[..6], &[0, 0, 1, 0, 1, 0], "an ICO of one image");
        assert_eq!((ICON[6], ICON[7]), (32, 32));
        assert_eq!(&ICON[22..30], b"\x89PNG\r\n\x1a\n");
        assert_eq!(ICON.len(), 185);
    }
    use sha2::{Digest, Sha256};

    #[test]
    fn the_vendored_idiomorph_is_the_published_file() {
        let digest = Sha256::digest(IDIOMORPH.as_bytes());
        let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(
            hex, "4cbd535caf7663a51eda9bce6595371c384fc430d54b8d414e29a61167f19f96",
            "static/vendor/idiomorph.min.js differs from idiomorph 0.8.0's (scripts/vendor)"
        );
    }
}
