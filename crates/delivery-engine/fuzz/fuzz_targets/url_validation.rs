//! Endpoint URL validation never panics, and what it accepts is consistent: an http(s) URL
//! with a host, sendable by hyper, whose IP literal (any spelling) the address policy judges
//! exactly as the classifier does.
#![no_main]

use delivery_engine::http::{forbidden_class, host_ip, parse_target, AddressPolicy};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for https_only in [false, true] {
        let Ok(url) = parse_target(text, https_only) else { continue };
        assert!(url.host().is_some());
        assert!(url.username().is_empty() && url.password().is_none());
        match url.scheme() {
            "https" => {}
            "http" => assert!(!https_only),
            other => panic!("accepted scheme {other}"),
        }
        if let Some(ip) = host_ip(&url) {
            assert_eq!(AddressPolicy::default().check(ip).is_err(), forbidden_class(ip).is_some());
        }
        assert!(url.as_str().parse::<hyper::Uri>().is_ok(), "accepted but not sendable: {url}");
    }
});
