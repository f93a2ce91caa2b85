//! The operator API's credential: `OPERATOR_KEYS`, the keys of the product that runs a service
//! for its customers (it provisions their workspaces or accounts and mints their console links).
//! Several keys may be set at once, so one can be rotated without a gap; each is compared in
//! constant time. A key is never a tenant's credential and a tenant's credential is never an
//! operator key: the operator routes (`RouteTable::operator`) take only these, the tenants'
//! routes only the service's own. Unset, the operator routes answer 404, as if absent.

use crate::api::tokens_match;
use std::sync::Arc;

/// A key's shortest length: 32 characters (a random 24-byte value in base64 has that many).
pub const MIN_KEY_LEN: usize = 32;

/// The operator keys (`OPERATOR_KEYS`: comma-separated). `Debug` shows how many, never a key.
#[derive(Clone)]
pub struct OperatorKeys(Arc<Vec<String>>);

impl std::fmt::Debug for OperatorKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "OperatorKeys({} keys)", self.0.len())
    }
}

impl std::str::FromStr for OperatorKeys {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let keys: Vec<String> = text.split(',').map(str::trim).map(str::to_owned).collect();
        for (i, key) in keys.iter().enumerate() {
            if key.len() < MIN_KEY_LEN || !key.bytes().all(|b| b.is_ascii_graphic()) {
                return Err(format!(
                    "OPERATOR_KEYS: key {} is not {MIN_KEY_LEN} or more visible ASCII characters \
                     (`openssl rand -base64 32` makes one)",
                    i + 1
                ));
            }
        }
        Ok(Self(Arc::new(keys)))
    }
}

impl OperatorKeys {
    /// Whether `sent` is one of the keys. Every key is compared, each in constant time.
    pub fn accepts(&self, sent: &str) -> bool {
        self.0.iter().fold(false, |found, key| tokens_match(key, sent) | found)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const OLD: &str = "operator-key-old-0123456789abcdefghij";
    const NEW: &str = "operator-key-new-0123456789abcdefghij";

    #[test]
    fn either_key_of_a_rotation_is_accepted_and_nothing_else() {
        let keys: OperatorKeys = format!("{OLD}, {NEW}").parse().expect("two keys");
        assert!(keys.accepts(OLD) && keys.accepts(NEW));
        for other in
            ["", "operator-key-old", "operator-key-old-0123456789abcdefghik", &format!("{OLD},{NEW}")]
        {
            assert!(!keys.accepts(other), "{other}");
        }
        assert_eq!(format!("{keys:?}"), "OperatorKeys(2 keys)", "no key in the logs");
    }

    #[test]
    fn short_or_blank_keys_are_refused_by_position() {
        let short = format!("{OLD},too-short").parse::<OperatorKeys>().unwrap_err();
        assert!(short.starts_with("OPERATOR_KEYS: key 2 is not 32 or more"), "{short}");
        assert!("".parse::<OperatorKeys>().is_err());
        assert!(format!("{OLD},").parse::<OperatorKeys>().is_err(), "a trailing comma is an empty key");
        assert!("operator key with spaces 0123456789".parse::<OperatorKeys>().is_err());
    }
}
