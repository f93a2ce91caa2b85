//! Row structs that read the same on both stores (integer, text and boolean columns, which both
//! type alike), each mapped into the model by `From` or `TryFrom`; each backend's `rows.rs`
//! holds the rest and re-exports these.

use crate::error::{EngineError, EngineResult};
use crate::store::model::{DeliveryStatus, ResendTarget};
use diesel::sql_types::{BigInt, Bool, Nullable, Text};
use diesel::QueryableByName;

#[derive(QueryableByName)]
pub(crate) struct SnapshotRow {
    #[diesel(sql_type = BigInt)]
    due: i64,
    #[diesel(sql_type = BigInt)]
    scheduled: i64,
    #[diesel(sql_type = BigInt)]
    in_flight: i64,
    #[diesel(sql_type = BigInt)]
    dead: i64,
    #[diesel(sql_type = BigInt)]
    oldest_due_age_s: i64,
    #[diesel(sql_type = BigInt)]
    endpoints_active: i64,
    #[diesel(sql_type = BigInt)]
    endpoints_disabled: i64,
    #[diesel(sql_type = BigInt)]
    endpoints_backlogged: i64,
    #[diesel(sql_type = BigInt)]
    certificates_expiring: i64,
}

impl From<SnapshotRow> for crate::store::model::QueueSnapshot {
    fn from(r: SnapshotRow) -> Self {
        Self {
            due: r.due,
            scheduled: r.scheduled,
            in_flight: r.in_flight,
            dead: r.dead,
            oldest_due_age_s: r.oldest_due_age_s.max(0),
            endpoints_active: r.endpoints_active,
            endpoints_disabled: r.endpoints_disabled,
            endpoints_backlogged: r.endpoints_backlogged,
            certificates_expiring: r.certificates_expiring,
        }
    }
}

#[derive(QueryableByName)]
pub(crate) struct ResendRow {
    #[diesel(sql_type = Text)]
    pub status: String,
    #[diesel(sql_type = Nullable<Bool>)]
    pub in_flight: Option<bool>,
    #[diesel(sql_type = Bool)]
    pub endpoint_deleted: bool,
    #[diesel(sql_type = Bool)]
    pub endpoint_disabled: bool,
}

impl TryFrom<ResendRow> for ResendTarget {
    type Error = EngineError;
    fn try_from(r: ResendRow) -> EngineResult<Self> {
        Ok(ResendTarget {
            status: DeliveryStatus::parse_stored(&r.status)?,
            in_flight: r.in_flight == Some(true),
            endpoint_deleted: r.endpoint_deleted,
            endpoint_disabled: r.endpoint_disabled,
            payload_erased: false,
        })
    }
}

#[derive(QueryableByName)]
pub(crate) struct CountRow {
    #[diesel(sql_type = BigInt)]
    pub n: i64,
}

#[derive(QueryableByName)]
pub(crate) struct OpenRow {
    #[diesel(sql_type = BigInt)]
    pub open: i64,
}
