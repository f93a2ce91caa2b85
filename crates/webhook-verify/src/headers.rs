//! Reading headers from whatever a framework hands over. Names compare ASCII
//! case-insensitively (HTTP/1.1 names are case-insensitive; Node and hyper lowercase them).

use std::collections::{BTreeMap, HashMap};
use std::hash::BuildHasher;

/// A request's headers.
pub trait Headers {
    /// Every value of header `name` (any case), in the order received.
    fn header_values(&self, name: &str) -> Vec<&[u8]>;
}

impl<K: AsRef<str>, V: AsRef<[u8]>> Headers for [(K, V)] {
    fn header_values(&self, name: &str) -> Vec<&[u8]> {
        self.iter().filter(|(k, _)| k.as_ref().eq_ignore_ascii_case(name)).map(|(_, v)| v.as_ref()).collect()
    }
}

impl<K: AsRef<str>, V: AsRef<[u8]>, const N: usize> Headers for [(K, V); N] {
    fn header_values(&self, name: &str) -> Vec<&[u8]> {
        self.as_slice().header_values(name)
    }
}

impl<K: AsRef<str>, V: AsRef<[u8]>> Headers for Vec<(K, V)> {
    fn header_values(&self, name: &str) -> Vec<&[u8]> {
        self.as_slice().header_values(name)
    }
}

impl<V: AsRef<[u8]>, S: BuildHasher> Headers for HashMap<String, V, S> {
    fn header_values(&self, name: &str) -> Vec<&[u8]> {
        self.iter().filter(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_ref()).collect()
    }
}

impl<V: AsRef<[u8]>> Headers for BTreeMap<String, V> {
    fn header_values(&self, name: &str) -> Vec<&[u8]> {
        self.iter().filter(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_ref()).collect()
    }
}

#[cfg(feature = "http")]
impl Headers for http::HeaderMap {
    fn header_values(&self, name: &str) -> Vec<&[u8]> {
        self.get_all(name).iter().map(http::HeaderValue::as_bytes).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_match_in_any_case_and_every_value_is_kept() {
        let h = [("x-webhook-id", "a"), ("X-WEBHOOK-ID", "b"), ("other", "c")];
        assert_eq!(h.header_values("X-Webhook-ID"), [b"a".as_slice(), b"b".as_slice()]);
        assert!(h.header_values("missing").is_empty());
        let map: HashMap<String, String> = [("X-Service-Delivery".to_owned(), "d".to_owned())].into();
        assert_eq!(map.header_values("x-service-delivery"), [b"d".as_slice()]);
    }

    #[cfg(feature = "http")]
    #[test]
    fn http_header_maps() {
        let mut map = http::HeaderMap::new();
        map.append("x-webhook-id", http::HeaderValue::from_static("a"));
        map.append("x-webhook-id", http::HeaderValue::from_static("b"));
        assert_eq!(map.header_values("X-Webhook-ID"), [b"a".as_slice(), b"b".as_slice()]);
    }
}
