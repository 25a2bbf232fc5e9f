//! Who a request comes from, for rate limits: [`ClientAddr`], the client's IP address (an IPv6
//! client by its /64, the block one subscriber holds), taken from the TCP peer, or from
//! `X-Forwarded-For` when the peer is the operator's trusted reverse proxy. `admission.rs` checks
//! its rate on every route.

use axum::extract::FromRequestParts;
use axum::http::HeaderMap;
use axum::http::request::Parts;
use std::convert::Infallible;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// A client's address as rate limits key it: IPv4 whole, IPv6 by its /64 (the rest zeroed), an
/// IPv4-mapped IPv6 address as the IPv4 it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ClientAddr(IpAddr);

impl ClientAddr {
    /// The key of address `ip`.
    pub fn new(ip: IpAddr) -> Self {
        match ip.to_canonical() {
            IpAddr::V4(v4) => Self(IpAddr::V4(v4)),
            IpAddr::V6(v6) => {
                let bits = u128::from(v6) & !((1u128 << 64) - 1);
                Self(IpAddr::V6(Ipv6Addr::from(bits)))
            }
        }
    }

    /// The client of a request from TCP peer `peer` with `headers`: the peer itself, unless it is
    /// exactly `trusted_proxy` (the proxy's own address, not its /64: a neighbour on the same IPv6
    /// network must not be able to write its own `X-Forwarded-For`); then the last address of the last `X-Forwarded-For` header (the one that
    /// proxy appended; those before it are whatever the client wrote), or the proxy's own when
    /// there is none that reads as an address.
    pub fn of(peer: IpAddr, headers: &HeaderMap, trusted_proxy: Option<IpAddr>) -> Self {
        let via_proxy =
            trusted_proxy.is_some_and(|proxy| proxy.to_canonical() == peer.to_canonical());
        if via_proxy
            && let Some(forwarded) = headers
                .get_all("x-forwarded-for")
                .iter()
                .next_back()
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.rsplit(',').next())
                .and_then(|last| last.trim().parse::<IpAddr>().ok())
        {
            return Self::new(forwarded);
        }
        Self::new(peer)
    }

    /// The address (an IPv6 one with its last 64 bits zeroed).
    pub fn ip(&self) -> IpAddr {
        self.0
    }
}

impl std::fmt::Display for ClientAddr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            IpAddr::V4(v4) => v4.fmt(f),
            IpAddr::V6(v6) => write!(f, "{v6}/64"),
        }
    }
}

/// A request's client, as [`admit`](crate::admission::admit) found it (the unspecified address when the router was served
/// without it, e.g. in a test calling the router directly).
impl<S: Send + Sync> FromRequestParts<S> for ClientAddr {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Infallible> {
        Ok(parts
            .extensions
            .get::<ClientAddr>()
            .copied()
            .unwrap_or(ClientAddr(IpAddr::V4(Ipv4Addr::UNSPECIFIED))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn ipv6_clients_are_keyed_by_their_64_and_mapped_ipv4_as_ipv4() {
        assert_eq!(
            ClientAddr::new(ip("2001:db8:1:2:aaaa:bbbb:cccc:dddd")),
            ClientAddr::new(ip("2001:db8:1:2::1"))
        );
        assert_ne!(
            ClientAddr::new(ip("2001:db8:1:2::1")),
            ClientAddr::new(ip("2001:db8:1:3::1"))
        );
        assert_eq!(
            ClientAddr::new(ip("2001:db8:1:2::1")).to_string(),
            "2001:db8:1:2::/64"
        );
        assert_eq!(ClientAddr::new(ip("::ffff:10.0.0.7")).ip(), ip("10.0.0.7"));
    }

    #[test]
    fn forwarded_for_counts_only_from_the_trusted_proxy_and_only_its_last_entry() {
        let mut headers = HeaderMap::new();
        headers.append(
            "x-forwarded-for",
            HeaderValue::from_static("6.6.6.6, 203.0.113.9"),
        );
        let proxy = Some(ip("10.0.0.1"));
        assert_eq!(
            ClientAddr::of(ip("10.0.0.1"), &headers, proxy).ip(),
            ip("203.0.113.9")
        );
        // Not from the proxy, or no proxy configured: the header is the client's word, ignored.
        assert_eq!(
            ClientAddr::of(ip("198.51.100.4"), &headers, proxy).ip(),
            ip("198.51.100.4")
        );
        assert_eq!(
            ClientAddr::of(ip("10.0.0.1"), &headers, None).ip(),
            ip("10.0.0.1")
        );
        // A neighbour in the proxy's IPv6 /64 is not the proxy: its header is ignored.
        let v6_proxy = Some(ip("2001:db8:1:2::1"));
        assert_eq!(
            ClientAddr::of(ip("2001:db8:1:2::66"), &headers, v6_proxy).ip(),
            ip("2001:db8:1:2::")
        );
        assert_eq!(
            ClientAddr::of(ip("2001:db8:1:2::1"), &headers, v6_proxy).ip(),
            ip("203.0.113.9")
        );
        // From the proxy without a readable address: the proxy's own.
        let mut junk = HeaderMap::new();
        junk.append("x-forwarded-for", HeaderValue::from_static("unknown"));
        assert_eq!(
            ClientAddr::of(ip("10.0.0.1"), &junk, proxy).ip(),
            ip("10.0.0.1")
        );
    }
}
