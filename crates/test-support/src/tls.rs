//! A certificate authority made at test time, and a server certificate for loopback signed by it.

use anyhow::Result;
use rcgen::{BasicConstraints, CertificateParams, CertifiedIssuer, IsCa, KeyPair};
use std::path::PathBuf;
use std::sync::Arc;

#[derive(Debug)]
pub struct TestCa {
    pem_path: PathBuf,
    server_config: Arc<rustls::ServerConfig>,
    /// The loopback certificate and its key, PEM.
    server_pem: (String, String),
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

        let key = rustls::pki_types::PrivateKeyDer::try_from(server_key.serialize_der())
            .map_err(|e| anyhow::anyhow!("server key: {e}"))?;
        let server_config =
            rustls::ServerConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
                .with_safe_default_protocol_versions()?
                .with_no_client_auth()
                .with_single_cert(vec![server_cert.der().clone()], key)?;
        Ok(Self { pem_path, server_config: Arc::new(server_config), server_pem })
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

    pub(crate) fn server_config(&self) -> Arc<rustls::ServerConfig> {
        self.server_config.clone()
    }
}

impl Drop for TestCa {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.pem_path);
    }
}
