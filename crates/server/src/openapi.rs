//! The OpenAPI document, generated from the `#[utoipa::path]` of every handler the router serves
//! (the list in [`crate::routes`]) and the types of [`crate::shapes`] (with [`crate::schemas`] for
//! the table's own types, [`crate::responses`] for the answers routes share); the systems a table
//! may play come from the registry (`skald_systems`). Only the test below builds it, to keep
//! `crates/server/openapi.json` equal to it: the server serves that text
//! ([`crate::openapi_json`]).

use crate::shapes::{CreateTable, ErrorBody, Incoming, Outgoing};
// The handlers' modules, named as the paths below name them: each operation's tag is its module's
// name (`api`, `ws`, ...).
use crate::{api, openapi_json, ready, ws};
use serde_json::Value;
use utoipa::OpenApi;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{RefOr, Schema};

/// `Document`, the OpenAPI derive, with the paths of the handlers [`crate::routes::api_handlers`]
/// names.
macro_rules! document {
    ($($module:ident :: $handler:ident),* $(,)?) => {
        #[derive(OpenApi)]
        #[openapi(
            info(
                title = "Skald table server",
                version = "1",
                description = "Online tables for the systems the server plays (the create body's \
                    `system` lists them). Every route but create, openapi, health and ready takes a \
                    table token: `Authorization: Bearer TOKEN` or `?token=TOKEN`. Errors are \
                    `{\"error\": {\"kind\": ..., \"message\": ...}}`. See docs/server.md and \
                    docs/fairness.md. Rates are kept per client address (every route; an IPv6 \
                    client by its /64) and per seat (every route with a token, HTTP and WebSocket \
                    together): past them, 429 `limit`. Query parameters not listed for a route, \
                    given twice, or out of range are refused with 400 `bad_request` naming the \
                    parameter, the value and what is allowed.",
            ),
            paths($($module::$handler),*),
            components(schemas(CreateTable, Incoming, Outgoing, ErrorBody)),
            modifiers(&Token, &Systems),
        )]
        struct Document;
    };
}
crate::routes::api_handlers!(document);

/// The `token` security scheme the table routes name.
struct Token;

impl utoipa::Modify for Token {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let scheme = HttpBuilder::new()
            .scheme(HttpAuthScheme::Bearer)
            .description(Some("A GM or player token (256 random bits, base64url)."))
            .build();
        if let Some(components) = openapi.components.as_mut() {
            components
                .security_schemes
                .insert("token".into(), SecurityScheme::Http(scheme));
        }
    }
}

/// The systems a table may play, from the registry, as the create body's `system` enum (in the
/// route's body, written out there as clients read it, and in the named schema).
struct Systems;

impl utoipa::Modify for Systems {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let in_route = openapi
            .paths
            .paths
            .get_mut("/api/tables")
            .and_then(|item| item.post.as_mut())
            .and_then(|create| create.request_body.as_mut())
            .and_then(|body| body.content.get_mut("application/json"))
            .and_then(|json| json.schema.as_mut());
        if let Some(schema) = in_route {
            list_systems(schema);
        }
        let named = openapi
            .components
            .as_mut()
            .and_then(|c| c.schemas.get_mut("CreateTable"));
        if let Some(schema) = named {
            list_systems(schema);
        }
    }
}

fn list_systems(create: &mut RefOr<Schema>) {
    let RefOr::T(Schema::Object(create)) = create else {
        return;
    };
    if let Some(RefOr::T(Schema::Object(system))) = create.properties.get_mut("system") {
        // A release's systems: the document is written once for every build, and a test build's
        // Toy is no system a client is offered.
        system.enum_values = Some(skald_systems::released().map(Value::from).collect());
    }
}

/// The document, generated from the handlers and the types.
pub fn document() -> utoipa::openapi::OpenApi {
    Document::openapi()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::openapi_json::SERVED;

    /// `crates/server/openapi.json` is [`document`] as generated now; with `UPDATE_OPENAPI=1` the
    /// test writes it anew instead of failing (after a change to a route, a shape or the registry).
    #[test]
    fn the_served_document_is_the_generated_one() {
        let generated = document().to_pretty_json().unwrap_or_default() + "\n";
        if std::env::var_os("UPDATE_OPENAPI").is_some() {
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/openapi.json");
            std::fs::write(path, &generated).unwrap_or_else(|e| panic!("{path}: {e}"));
            return;
        }
        assert!(
            SERVED == generated,
            "crates/server/openapi.json is not the document the types make: run \
             UPDATE_OPENAPI=1 cargo test -p skald-server --lib openapi, and review the diff"
        );
    }
}
