//! Which addresses outbound requests may reach (`OUTBOUND_ALLOW_CIDRS`), and the vetting every
//! connection's destination goes through, direct (`VettingResolver`, hyper's resolver) or
//! through the egress proxy (`proxy.rs`): a name is refused whole if any of its addresses is
//! forbidden, and only the vetted addresses are connected to.

use hyper_util::client::legacy::connect::dns::Name;
use ipnet::IpNet;
use std::future::Future;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

/// Why an address may not be contacted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{ip} is a {class} address")]
pub struct ForbiddenAddress {
    pub ip: IpAddr,
    pub class: &'static str,
}

/// Which addresses outbound requests may reach: every globally routable address, plus the
/// ranges an operator allows (`OUTBOUND_ALLOW_CIDRS`).
#[derive(Debug, Clone, Default)]
pub struct AddressPolicy {
    allow: Vec<IpNet>,
}

impl AddressPolicy {
    pub fn new(allow: Vec<IpNet>) -> Self {
        Self { allow }
    }

    /// Parses a comma-separated CIDR list; a bare address means a single host.
    pub fn parse_allow_list(text: &str) -> Result<Self, String> {
        let mut allow = Vec::new();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let net = part
                .parse::<IpNet>()
                .or_else(|_| part.parse::<IpAddr>().map(IpNet::from))
                .map_err(|_| format!("`{part}` is not a CIDR range (e.g. 127.0.0.0/8, ::1/128)"))?;
            allow.push(net);
        }
        Ok(Self { allow })
    }

    pub fn check(&self, ip: IpAddr) -> Result<(), ForbiddenAddress> {
        let Some(class) = forbidden_class(ip) else { return Ok(()) };
        let canonical = canonical_ip(ip);
        if self.allow.iter().any(|net| net.contains(&ip) || net.contains(&canonical)) {
            return Ok(());
        }
        Err(ForbiddenAddress { ip, class })
    }
}

/// IPv4 addresses embedded in IPv6 forms that route to them (mapped, NAT64) are judged as IPv4.
fn canonical_ip(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => embedded_v4(v6).map(IpAddr::V4).unwrap_or(ip),
        v4 => v4,
    }
}

fn embedded_v4(v6: Ipv6Addr) -> Option<Ipv4Addr> {
    let s = v6.segments();
    let tail = || Ipv4Addr::new((s[6] >> 8) as u8, s[6] as u8, (s[7] >> 8) as u8, s[7] as u8);
    match s {
        // ::ffff:a.b.c.d (IPv4-mapped)
        [0, 0, 0, 0, 0, 0xffff, _, _] => Some(tail()),
        // 64:ff9b::a.b.c.d (NAT64 well-known prefix)
        [0x64, 0xff9b, 0, 0, 0, 0, _, _] => Some(tail()),
        _ => None,
    }
}

/// The class of a non-public address, or `None` for a globally routable one.
pub(crate) fn forbidden_class(ip: IpAddr) -> Option<&'static str> {
    match ip {
        IpAddr::V4(v4) => forbidden_v4(v4),
        IpAddr::V6(v6) => {
            if let Some(v4) = embedded_v4(v6) {
                return forbidden_v4(v4).or(Some("IPv4-embedded IPv6"));
            }
            forbidden_v6(v6)
        }
    }
}

fn forbidden_v4(ip: Ipv4Addr) -> Option<&'static str> {
    let o = ip.octets();
    let in_net = |net: [u8; 4], bits: u32| {
        let mask = if bits == 0 { 0 } else { u32::MAX << (32 - bits) };
        u32::from(ip) & mask == u32::from(Ipv4Addr::from(net)) & mask
    };
    Some(match () {
        _ if ip.is_unspecified() || o[0] == 0 => "unspecified",
        _ if ip.is_loopback() => "loopback",
        _ if ip.is_private() => "private",
        _ if ip.is_link_local() => "link-local",
        _ if in_net([100, 64, 0, 0], 10) => "carrier-grade NAT",
        _ if ip.is_broadcast() => "broadcast",
        _ if ip.is_documentation() => "documentation",
        _ if in_net([198, 18, 0, 0], 15) => "benchmarking",
        _ if in_net([192, 0, 0, 0], 24) => "reserved",
        _ if ip.is_multicast() => "multicast",
        _ if in_net([240, 0, 0, 0], 4) => "reserved",
        _ => return None,
    })
}

fn forbidden_v6(ip: Ipv6Addr) -> Option<&'static str> {
    let s = ip.segments();
    Some(match () {
        _ if ip.is_unspecified() => "unspecified",
        _ if ip.is_loopback() => "loopback",
        _ if s[0] & 0xff00 == 0xff00 => "multicast",
        _ if s[0] & 0xffc0 == 0xfe80 => "link-local",
        _ if s[0] & 0xfe00 == 0xfc00 => "private",
        _ if s[0] & 0xffc0 == 0xfec0 => "reserved",
        _ if s[0] == 0x2001 && s[1] == 0x0db8 => "documentation",
        _ if s[0] & 0xfff0 == 0x3ff0 => "documentation",
        _ if s[0] == 0x0064 && s[1] == 0xff9b => "private",
        _ if s[0] == 0x0100 && s[1..4] == [0, 0, 0] => "reserved",
        _ if s[0] == 0x2002 => "reserved",
        _ if s[0] == 0x2001 && s[1] == 0 => "reserved",
        _ if s[0..6] == [0, 0, 0, 0, 0, 0] => "reserved",
        _ => return None,
    })
}

/// A resolver for hyper's connector that refuses a name if any of its addresses is forbidden,
/// and hands the connector only the vetted addresses (so a rebinding DNS answer cannot slip in
/// between the check and the connect).
#[derive(Debug, Clone)]
pub(crate) struct VettingResolver {
    pub(crate) policy: Arc<AddressPolicy>,
}

impl tower_service::Service<Name> for VettingResolver {
    type Response = std::vec::IntoIter<SocketAddr>;
    type Error = std::io::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self::Response, Self::Error>> + Send>>;

    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, name: Name) -> Self::Future {
        let policy = self.policy.clone();
        Box::pin(async move {
            let addrs: Vec<SocketAddr> = tokio::net::lookup_host((name.as_str(), 0)).await?.collect();
            vet_addresses(name.as_str(), addrs, &policy).map(Vec::into_iter)
        })
    }
}

/// The resolver's rule: a name with no address, or with any forbidden address among its
/// answers, is refused as a whole (a rebinding answer mixing a public and an internal address
/// gets nothing); otherwise exactly the vetted addresses are returned.
pub(crate) fn vet_addresses(
    name: &str,
    addrs: Vec<SocketAddr>,
    policy: &AddressPolicy,
) -> Result<Vec<SocketAddr>, std::io::Error> {
    if addrs.is_empty() {
        return Err(std::io::Error::other(format!("{name} has no address")));
    }
    for addr in &addrs {
        policy.check(addr.ip()).map_err(|e| {
            std::io::Error::new(
                std::io::ErrorKind::PermissionDenied,
                // The class only: the address itself would tell a tenant about internal DNS.
                format!("{name} resolves to a forbidden address ({})", e.class),
            )
        })?;
    }
    Ok(addrs)
}
