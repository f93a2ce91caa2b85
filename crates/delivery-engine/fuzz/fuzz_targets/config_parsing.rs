//! Parsers of operator input and receiver headers never panic: durations and schedules,
//! CIDR allow-lists, master keys, Retry-After.
#![no_main]

use delivery_engine::http::{parse_retry_after, AddressPolicy};
use delivery_engine::policy::{parse_duration, parse_schedule};
use delivery_engine::secrets::Keyring;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(d) = parse_duration(text) {
        assert!(text.ends_with('s') || text.ends_with('m') || text.ends_with('h') || text.ends_with('d'));
        let _ = d;
    }
    let _ = parse_schedule(text);
    let _ = AddressPolicy::parse_allow_list(text);
    let _ = Keyring::parse(text);
    // A fixed instant keeps runs reproducible.
    if let Some(now) = chrono::DateTime::from_timestamp(1_800_000_000, 0) {
        let _ = parse_retry_after(text, now);
    }
});
