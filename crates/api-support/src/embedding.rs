//! The consoles inside a product's own pages: the sites allowed to frame them
//! (`CONSOLE_FRAME_ANCESTORS`), and the product's name and accent colour in their header
//! (`CONSOLE_PRODUCT_NAME`, `CONSOLE_ACCENT_COLOR`). Parsed and checked here, at start; the
//! console crate applies them (its security headers, its cookies, its header).
//!
//! Framing is off by default (`frame-ancestors 'none'` and `X-Frame-Options: DENY`). With
//! origins listed, the console answers `frame-ancestors <them>` instead, and its cookies are
//! `SameSite=None; Secure; Partitioned`, which a browser sends from inside another site's frame
//! over HTTPS only: so the service refuses to start unless `PUBLIC_URL` is an `https://`
//! address. Each form still carries its CSRF token, which is what keeps it safe once the
//! cookie is sent cross-site. Cost: none with framing off.

/// One allowed framing origin: `https://host[:port]`, no path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Origin(String);

impl Origin {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::str::FromStr for Origin {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let s = s.trim().trim_end_matches('/');
        let host = s.strip_prefix("https://").ok_or_else(|| format!("`{s}` is not an https:// origin"))?;
        let plain = !host.is_empty()
            && host
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b':' | b'[' | b']'));
        if !plain {
            return Err(format!("`{s}` is not an origin: https://, a host and an optional port, no path"));
        }
        Ok(Self(format!("https://{}", host.to_ascii_lowercase())))
    }
}

/// The allowed framing origins, comma-separated.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FrameAncestors(pub Vec<Origin>);

impl std::str::FromStr for FrameAncestors {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let listed = s.split(',').filter(|o| !o.trim().is_empty());
        listed.map(str::parse).collect::<Result<Vec<Origin>, String>>().map(Self)
    }
}

/// An accent colour: `#rrggbb`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Color(String);

impl Color {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::str::FromStr for Color {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let hex = s.strip_prefix('#').filter(|h| h.len() == 6 && h.bytes().all(|b| b.is_ascii_hexdigit()));
        hex.map(|h| Self(format!("#{}", h.to_ascii_lowercase())))
            .ok_or_else(|| format!("`{s}` is not a #rrggbb colour"))
    }
}

/// What the consoles show and allow: registered as app data for the console crate.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ConsoleEmbedding {
    pub frame_ancestors: FrameAncestors,
    /// Shown in the header before the console's own name (`Acme · workflow-api console`).
    pub product_name: Option<String>,
    pub accent: Option<Color>,
}

impl ConsoleEmbedding {
    /// Whether another site may frame the console.
    pub fn framing(&self) -> bool {
        !self.frame_ancestors.0.is_empty()
    }

    /// The CSP's `frame-ancestors` source list.
    pub fn frame_ancestors_directive(&self) -> String {
        if self.framing() {
            let origins: Vec<&str> = self.frame_ancestors.0.iter().map(Origin::as_str).collect();
            format!("frame-ancestors {}", origins.join(" "))
        } else {
            "frame-ancestors 'none'".to_owned()
        }
    }

    /// The check at start: framing needs the console served over HTTPS (`PUBLIC_URL`), and a
    /// product name has no control characters and at most 60 characters.
    pub fn check(&self, public_url: Option<&str>) -> Result<(), String> {
        if self.framing() && !public_url.is_some_and(|u| u.starts_with("https://")) {
            return Err(
                "CONSOLE_FRAME_ANCESTORS needs the console served over HTTPS: set PUBLIC_URL to its \
                        https:// address (a framed console's cookies are SameSite=None; Secure)"
                    .to_owned(),
            );
        }
        if let Some(name) = &self.product_name {
            if name.trim().is_empty() || name.chars().count() > 60 || crate::has_control_chars(name) {
                return Err(
                    "CONSOLE_PRODUCT_NAME must be 1 to 60 characters, without control characters".into()
                );
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_are_https_hosts_with_an_optional_port() {
        let ok: FrameAncestors =
            "https://app.example.com, https://Admin.Example.com:8443/".parse().expect("two");
        let listed: Vec<&str> = ok.0.iter().map(Origin::as_str).collect();
        assert_eq!(listed, ["https://app.example.com", "https://admin.example.com:8443"]);
        for bad in ["http://app.example.com", "https://app.example.com/path", "*", "https://", "https://a b"]
        {
            assert!(bad.parse::<FrameAncestors>().is_err(), "{bad}");
        }
        assert_eq!("".parse::<FrameAncestors>(), Ok(FrameAncestors::default()));
    }

    #[test]
    fn the_directive_lists_the_origins_or_none() {
        let off = ConsoleEmbedding::default();
        assert_eq!(off.frame_ancestors_directive(), "frame-ancestors 'none'");
        let on = ConsoleEmbedding {
            frame_ancestors: "https://a.example,https://b.example".parse().expect("origins"),
            ..Default::default()
        };
        assert_eq!(on.frame_ancestors_directive(), "frame-ancestors https://a.example https://b.example");
    }

    #[test]
    fn framing_needs_https_and_a_name_must_be_printable() {
        let on = ConsoleEmbedding {
            frame_ancestors: "https://a.example".parse().expect("origin"),
            ..Default::default()
        };
        assert!(on.check(None).is_err());
        assert!(on.check(Some("http://console.example")).is_err());
        assert!(on.check(Some("https://console.example")).is_ok());
        assert!(ConsoleEmbedding::default().check(None).is_ok(), "no framing, no HTTPS needed");
        let named =
            |n: &str| ConsoleEmbedding { product_name: Some(n.to_owned()), ..Default::default() }.check(None);
        assert!(
            named("Acme").is_ok()
                && named(" ").is_err()
                && named("a\nb").is_err()
                && named(&"a".repeat(61)).is_err()
        );
        assert_eq!("#1A2b3C".parse::<Color>().map(|c| c.as_str().to_owned()), Ok("#1a2b3c".to_owned()));
        for bad in ["1a2b3c", "#1a2b3", "#1a2b3g", "red"] {
            assert!(bad.parse::<Color>().is_err(), "{bad}");
        }
    }
}
