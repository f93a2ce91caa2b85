// Hand-written to match migrations/engine. Private to the engine: no other crate sees these tables.

diesel::table! {
    webhook_endpoints (id) {
        id -> Uuid,
        tenant_id -> Text,
        url -> Text,
        event_types -> Array<Text>,
        secret_key_id -> Text,
        secret_nonce -> Bytea,
        secret_ciphertext -> Bytea,
        disabled_at -> Nullable<Timestamptz>,
        disabled_reason -> Nullable<Text>,
        deleted_at -> Nullable<Timestamptz>,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
        failing_since -> Nullable<Timestamptz>,
        rate_limit_per_s -> Nullable<Int4>,
        disabled_cause -> Nullable<Text>,
        failing_warned -> Int2,
        next_probe_at -> Nullable<Timestamptz>,
        probes -> Int4,
        headers -> Nullable<Text>,
        auth_summary -> Nullable<Text>,
        auth_key_id -> Nullable<Text>,
        auth_nonce -> Nullable<Bytea>,
        auth_ciphertext -> Nullable<Bytea>,
        client_cert_summary -> Nullable<Text>,
        client_cert_not_after -> Nullable<Timestamptz>,
        content_filter -> Nullable<Text>,
    }
}

diesel::table! {
    webhook_events (id) {
        id -> Uuid,
        tenant_id -> Text,
        event_type -> Text,
        dedupe_key -> Nullable<Text>,
        body -> Bytea,
        created_at -> Timestamptz,
        seq -> Nullable<Int8>,
        payload_erased_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    webhook_deliveries (id) {
        id -> Uuid,
        tenant_id -> Text,
        event_id -> Uuid,
        endpoint_id -> Uuid,
        status -> Text,
        attempt_count -> Int4,
        next_attempt_at -> Nullable<Timestamptz>,
        available_at -> Nullable<Timestamptz>,
        leased_until -> Nullable<Timestamptz>,
        fence -> Int8,
        manual -> Bool,
        last_response_code -> Nullable<Int4>,
        last_error -> Nullable<Text>,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
        delivered_at -> Nullable<Timestamptz>,
        event_type -> Text,
    }
}

diesel::table! {
    webhook_attempts (id) {
        id -> Int8,
        delivery_id -> Uuid,
        attempt_number -> Int4,
        started_at -> Timestamptz,
        duration_ms -> Int4,
        response_code -> Nullable<Int4>,
        error -> Nullable<Text>,
        response_body -> Nullable<Bytea>,
        rate_limited_ms -> Nullable<Int4>,
        via_proxy -> Bool,
    }
}

diesel::table! {
    webhook_endpoint_backlogs (endpoint_id) {
        endpoint_id -> Uuid,
        backlog_after -> Int8,
        backlog_until -> Nullable<Int8>,
        event_types -> Nullable<Array<Text>>,
    }
}

diesel::joinable!(webhook_deliveries -> webhook_events (event_id));
diesel::joinable!(webhook_deliveries -> webhook_endpoints (endpoint_id));
diesel::joinable!(webhook_attempts -> webhook_deliveries (delivery_id));
diesel::allow_tables_to_appear_in_same_query!(
    webhook_endpoints,
    webhook_endpoint_backlogs,
    webhook_events,
    webhook_deliveries,
    webhook_attempts,
);
