//! A certificate authority made at test time, a server certificate for loopback signed by it,
//! and client certificates it signs for receivers that ask for one (mutual TLS).

use anyhow::Result;
use rcgen::{BasicConstraints, CertificateParams, CertifiedIssuer, IsCa, KeyPair};
use std::path::PathBuf;
use std::sync::Arc;

#[derive(Debug)]
pub struct TestCa {
    pem_path: PathBuf,
    server_config: Arc<rustls::ServerConfig>,
    /// The same certificate, and a server that accepts only clients with a certificate this CA
    /// signed.
    mtls_config: Arc<rustls::ServerConfig>,
    /// The loopback certificate and its key, PEM.
    server_pem: (String, String),
    ca: CertifiedIssuer<'static, KeyPair>,
}

impl TestCa {
    pub fn new() -> Result<Self> {
        let mut ca_params = CertificateParams::new(Vec::<String>::new())?;
        ca_params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        ca_params.distinguished_name.push(rcgen::DnType::CommonName, "webhook test CA");
        let ca = CertifiedIssuer::self_signed(ca_params, KeyPair::generate()?)?;

        let server_key = KeyPair::generate()?;
        let server_params =
            CertificateParams::new(vec!["localhost".to_owned(), "127.0.0.1".to_owned(), "::1".to_owned()])?;
        let server_cert = server_params.signed_by(&server_key, &ca)?;
        let server_pem = (server_cert.pem(), server_key.serialize_pem());

        let pem_path =
            std::env::temp_dir().join(format!("webhook-test-ca-{}.pem", uuid::Uuid::new_v4().simple()));
        std::fs::write(&pem_path, ca.pem())?;

        let key = || {
            rustls::pki_types::PrivateKeyDer::try_from(server_key.serialize_der())
                .map_err(|e| anyhow::anyhow!("server key: {e}"))
        };
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let builder = || {
            rustls::ServerConfig::builder_with_provider(provider.clone())
                .with_safe_default_protocol_versions()
        };
        let server_config =
            builder()?.with_no_client_auth().with_single_cert(vec![server_cert.der().clone()], key()?)?;
        let mut roots = rustls::RootCertStore::empty();
        roots.add(ca.der().clone())?;
        let verifier =
            rustls::server::WebPkiClientVerifier::builder_with_provider(Arc::new(roots), provider.clone())
                .build()?;
        let mtls_config = builder()?
            .with_client_cert_verifier(verifier)
            .with_single_cert(vec![server_cert.der().clone()], key()?)?;
        Ok(Self {
            pem_path,
            server_config: Arc::new(server_config),
            mtls_config: Arc::new(mtls_config),
            server_pem,
            ca,
        })
    }

    /// A client certificate for `name` signed by this CA, valid from yesterday for `days`
    /// days, and its key: PEM, as an endpoint's `clientCertificate` takes them.
    pub fn client_identity(&self, name: &str, days: i64) -> Result<(String, String)> {
        let key = KeyPair::generate()?;
        let mut params = CertificateParams::new(Vec::<String>::new())?;
        params.distinguished_name.push(rcgen::DnType::CommonName, name);
        params.extended_key_usages = vec![rcgen::ExtendedKeyUsagePurpose::ClientAuth];
        let now = std::time::SystemTime::now();
        params.not_before = (now - std::time::Duration::from_secs(86_400)).into();
        params.not_after = (now + std::time::Duration::from_secs(86_400 * days.max(0) as u64)).into();
        let cert = params.signed_by(&key, &self.ca)?;
        Ok((cert.pem(), key.serialize_pem()))
    }

    /// The CA certificate as a PEM file, for `OUTBOUND_CA_FILE`.
    pub fn pem_path(&self) -> &std::path::Path {
        &self.pem_path
    }

    /// Writes the loopback certificate and key as `dir/localhost.pem` and `dir/localhost.key`
    /// (the layout of `cargo xtask run`'s development certificate).
    pub fn write_server_files(&self, dir: &std::path::Path) -> Result<()> {
        std::fs::create_dir_all(dir)?;
        std::fs::write(dir.join("localhost.pem"), &self.server_pem.0)?;
        std::fs::write(dir.join("localhost.key"), &self.server_pem.1)?;
        Ok(())
    }

    /// A server certificate for the host `names` (sites a browser test maps to loopback with
    /// Chromium's `--host-resolver-rules`), signed by this CA: its server configuration, and
    /// its public key's SHA-256 in base64, which Chromium's
    /// `--ignore-certificate-errors-spki-list` takes to trust it (Chromium reads no CA file).
    pub fn site_certificate(&self, names: &[&str]) -> Result<(Arc<rustls::ServerConfig>, String)> {
        use base64::Engine as _;
        use sha2::Digest as _;
        let key = KeyPair::generate()?;
        let cert = CertificateParams::new(names.iter().map(|n| (*n).to_owned()).collect::<Vec<_>>())?
            .signed_by(&key, &self.ca)?;
        let der = rustls::pki_types::PrivateKeyDer::try_from(key.serialize_der())
            .map_err(|e| anyhow::anyhow!("site key: {e}"))?;
        let config =
            rustls::ServerConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
                .with_safe_default_protocol_versions()?
                .with_no_client_auth()
                .with_single_cert(vec![cert.der().clone(), self.ca.der().clone()], der)?;
        let spki = base64::engine::general_purpose::STANDARD
            .encode(sha2::Sha256::digest(rcgen::PublicKeyData::subject_public_key_info(&key)));
        Ok((Arc::new(config), spki))
    }

    pub(crate) fn server_config(&self) -> Arc<rustls::ServerConfig> {
        self.server_config.clone()
    }

    pub(crate) fn mtls_config(&self) -> Arc<rustls::ServerConfig> {
        self.mtls_config.clone()
    }
}

impl Drop for TestCa {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.pem_path);
    }
}
