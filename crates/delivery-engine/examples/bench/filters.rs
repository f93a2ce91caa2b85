//! Measure 6, `--only filters`: what content filters cost per event and endpoint, in the
//! process alone (no store): parsing a campaign-api envelope (the outbox parses an event's body
//! once, whatever the number of filtered endpoints) and evaluating filters of three sizes
//! against it (once per filtered endpoint of the event's type). Median of 5 rounds.

use delivery_engine::filter::Filter;
use serde_json::{json, Value};
use std::hint::black_box;
use std::time::Instant;

const ROUNDS: usize = 5;
const PER_ROUND: u32 = 200_000;

/// A `segment.evaluated.v1` envelope as `campaign-api load` publishes it: 256 bytes of padding.
fn envelope() -> Vec<u8> {
    json!({
        "id": "01a224a4-91cb-711a-ac3c-9024e3994bbe", "type": "segment.evaluated.v1",
        "entityType": "segment", "entityId": "01a224a4-91cb-711a-ac3c-9024e3994bbf",
        "workspaceId": "01a224a4-91cb-711a-ac3c-9024e3994bc0",
        "payload": { "size": 48210, "load": { "run": 7, "seq": 12345 }, "kept": true, "pad": "x".repeat(256),
                     "tags": ["eu", "retail", "q1"] },
        "occurredAt": "2026-11-29T00:11:34.731Z"
    })
    .to_string()
    .into_bytes()
}

/// Nanoseconds per call of `f`, median of the rounds.
fn per_call(mut f: impl FnMut()) -> f64 {
    let mut rounds: Vec<f64> = (0..ROUNDS)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..PER_ROUND {
                f();
            }
            start.elapsed().as_nanos() as f64 / f64::from(PER_ROUND)
        })
        .collect();
    rounds.sort_by(f64::total_cmp);
    rounds[ROUNDS / 2]
}

pub fn run() {
    let body = envelope();
    let parse = per_call(|| {
        black_box(serde_json::from_slice::<Value>(black_box(&body)).unwrap());
    });
    println!("filters: parse one {}-byte envelope: {parse:.0} ns", body.len());
    let parsed: Value = serde_json::from_slice(&body).unwrap();
    let small = json!({ "payload.kept": true });
    let typical = json!({ "type": "segment.evaluated.v1", "payload": { "size": { "$gte": 1000 },
        "tags": { "$in": ["eu", "us"] } }, "entityId": { "$startsWith": "01a2" } });
    let branches: Vec<Value> =
        (0..20).map(|i| json!({ "payload.load.seq": i, "payload.tags": format!("t{i}") })).collect();
    let large = json!({ "$or": branches });
    for (name, filter) in [("1 test", small), ("4 tests", typical), ("$or of 20 x 2 tests", large)] {
        let filter = Filter::compile(&filter).unwrap();
        let ns = per_call(|| {
            black_box(filter.matches(black_box(&parsed)));
        });
        println!("filters: evaluate {name} (matches: {}): {ns:.0} ns", filter.matches(&parsed));
    }
}
