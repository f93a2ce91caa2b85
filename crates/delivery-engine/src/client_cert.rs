//! Client certificates (mutual TLS) per endpoint, for receivers that accept only callers that
//! present one (docs/engine.md, "Client certificates"). The rules are plain functions here: a
//! PEM chain and a PEM key that parse, match and have not expired. The store keeps what may be
//! shown (subject, expiry) beside the pair sealed like a signing secret; the dispatcher sends
//! an endpoint's HTTPS attempts through a client of its own that presents it
//! ([`Identities`]).

use crate::http::{Identity, OutboundClient};
use chrono::{DateTime, Utc};
use rustls_pki_types::pem::PemObject;
use rustls_pki_types::{CertificateDer, PrivateKeyDer};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};
use uuid::Uuid;

/// The most bytes of a certificate chain and key together, as PEM.
pub(crate) const MAX_PEM_BYTES: usize = 64 * 1024;

/// A certificate chain (the endpoint's own first) and its private key, PEM, in the clear (held
/// only while an endpoint is created or changed, and while an attempt is sent).
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ClientCertificate {
    pub certificate: String,
    pub private_key: String,
}

impl std::fmt::Debug for ClientCertificate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ClientCertificate").finish_non_exhaustive()
    }
}

/// What may be shown of a client certificate: its subject and when it expires.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CertificateSummary {
    pub subject: String,
    pub not_after: DateTime<Utc>,
}

/// A certificate that expires within this many days is flagged (metric, endpoint page).
pub const EXPIRY_WARNING_DAYS: i64 = 30;

impl CertificateSummary {
    /// Whether it expires within 30 days of `now` (or has expired).
    pub fn expires_soon(&self, now: DateTime<Utc>) -> bool {
        self.not_after - now <= chrono::TimeDelta::days(EXPIRY_WARNING_DAYS)
    }
}

impl ClientCertificate {
    /// Checks the pair as of `now`: both parse, the key is the first certificate's, and that
    /// certificate is valid now. What may be shown of it, or why not (the engine answers it as
    /// `AccessError::InvalidClientCertificate`).
    pub fn check(&self, now: DateTime<Utc>) -> Result<CertificateSummary, String> {
        let invalid = |why: &str| why.to_owned();
        if self.certificate.len() + self.private_key.len() > MAX_PEM_BYTES {
            return Err(format!("the certificate and key take at most {MAX_PEM_BYTES} bytes"));
        }
        let (chain, key) = self.identity()?;
        let provider = rustls::crypto::ring::default_provider();
        rustls::sign::CertifiedKey::from_der(chain.clone(), key, &provider).map_err(|e| match e {
            rustls::Error::InconsistentKeys(_) => invalid("the private key is not the certificate's"),
            other => format!("the private key cannot sign: {other}"),
        })?;
        let (_, leaf) = x509_parser::parse_x509_certificate(&chain[0])
            .map_err(|_| invalid("the first certificate cannot be read as X.509"))?;
        let validity = leaf.validity();
        let not_before = DateTime::from_timestamp(validity.not_before.timestamp(), 0).unwrap_or_default();
        let not_after = DateTime::from_timestamp(validity.not_after.timestamp(), 0).unwrap_or_default();
        if not_after <= now {
            return Err(format!("the certificate expired at {}", not_after.to_rfc3339()));
        }
        if not_before > now {
            return Err(format!("the certificate is not valid before {}", not_before.to_rfc3339()));
        }
        Ok(CertificateSummary { subject: leaf.subject().to_string(), not_after })
    }

    /// The chain (the endpoint's certificate first) and the key, as rustls takes them.
    pub(crate) fn identity(&self) -> Result<Identity, String> {
        let chain = CertificateDer::pem_slice_iter(self.certificate.as_bytes())
            .collect::<Result<Vec<_>, _>>()
            .map_err(|_| "the certificate is not PEM".to_owned())?;
        if chain.is_empty() {
            return Err("the certificate holds no CERTIFICATE block".to_owned());
        }
        let key = PrivateKeyDer::from_pem_slice(self.private_key.as_bytes())
            .map_err(|_| "the private key is not a PEM PKCS#8, PKCS#1 or SEC1 key".to_owned())?;
        Ok((chain, key))
    }

    /// A digest of the pair: a changed certificate gets a client of its own.
    fn fingerprint(&self) -> [u8; 32] {
        let mut h = Sha256::new();
        h.update(self.certificate.as_bytes());
        h.update([0]);
        h.update(self.private_key.as_bytes());
        h.finalize().into()
    }
}

/// How long a client that presents a certificate is kept after its endpoint's last attempt.
const IDLE_CLIENT: Duration = Duration::from_secs(3600);

/// The process's clients that present a client certificate: one per endpoint and certificate,
/// made on its first attempt and kept (with its connection pool) while the endpoint uses it;
/// making a new one drops those idle for an hour (a deleted endpoint's, a replaced certificate's).
#[derive(Debug, Default)]
pub(crate) struct Identities {
    clients: Mutex<HashMap<Uuid, Presenting>>,
}

#[derive(Debug)]
struct Presenting {
    fingerprint: [u8; 32],
    client: OutboundClient,
    last_used: Instant,
}

impl Identities {
    /// The client that presents `cert` for `endpoint`, a sibling of `base` (its roots, address
    /// rules and caps).
    pub(crate) fn client(
        &self,
        base: &OutboundClient,
        endpoint: Uuid,
        cert: &ClientCertificate,
    ) -> Result<OutboundClient, String> {
        let (fingerprint, now) = (cert.fingerprint(), Instant::now());
        let mut clients = self.clients.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(kept) = clients.get_mut(&endpoint).filter(|p| p.fingerprint == fingerprint) {
            kept.last_used = now;
            return Ok(kept.client.clone());
        }
        let identity = cert.identity().map_err(|e| format!("client certificate unusable: {e}"))?;
        let client = base.presenting(identity).map_err(|e| format!("client certificate unusable: {e}"))?;
        clients.retain(|_, p| now.duration_since(p.last_used) < IDLE_CLIENT);
        clients.insert(endpoint, Presenting { fingerprint, client: client.clone(), last_used: now });
        Ok(client)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Datelike;
    use rcgen::{CertificateParams, KeyPair};

    fn pair(days_from: i64, days_to: i64) -> ClientCertificate {
        let key = KeyPair::generate().unwrap();
        let mut params = CertificateParams::new(Vec::<String>::new()).unwrap();
        params.distinguished_name.push(rcgen::DnType::CommonName, "hooks-client");
        let day = |d: i64| {
            let date = (Utc::now() + chrono::TimeDelta::days(d)).date_naive();
            rcgen::date_time_ymd(date.year(), date.month() as u8, date.day() as u8)
        };
        (params.not_before, params.not_after) = (day(days_from), day(days_to));
        let cert = params.self_signed(&key).unwrap();
        ClientCertificate { certificate: cert.pem(), private_key: key.serialize_pem() }
    }

    #[test]
    fn a_matching_valid_pair_shows_its_subject_and_expiry() {
        let summary = pair(-1, 90).check(Utc::now()).unwrap();
        assert_eq!(summary.subject, "CN=hooks-client");
        assert!(!summary.expires_soon(Utc::now()));
        assert!(summary.expires_soon(Utc::now() + chrono::TimeDelta::days(61)));
    }

    #[test]
    fn a_pair_is_refused_when_mismatched_expired_early_or_unreadable() {
        let reason = |c: ClientCertificate| c.check(Utc::now()).unwrap_err();
        let (a, b) = (pair(-1, 90), pair(-1, 90));
        let mismatched = ClientCertificate { private_key: b.private_key, ..a.clone() };
        assert!(reason(mismatched).contains("not the certificate's"));
        assert!(reason(pair(-10, -1)).contains("expired"));
        assert!(reason(pair(1, 90)).contains("not valid before"));
        assert!(reason(ClientCertificate { certificate: "nope".into(), ..a.clone() }).contains("CERTIFICATE"));
        assert!(reason(ClientCertificate { private_key: "nope".into(), ..a }).contains("private key"));
    }

    #[test]
    fn the_key_never_shows_in_debug() {
        let c = pair(-1, 90);
        assert!(!format!("{c:?}").contains("PRIVATE KEY"));
    }
}
