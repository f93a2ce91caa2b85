//! The development CA and its localhost certificate: made once, then reused, so a receiver
//! started later and campaign-api (through `OUTBOUND_CA_FILE`) agree on them.

use anyhow::{Context, Result};
use rcgen::{BasicConstraints, CertificateParams, CertifiedIssuer, DnType, IsCa, KeyPair};
use std::path::{Path, PathBuf};

/// The files in the development TLS directory.
#[derive(Debug, Clone)]
pub struct DevCertFiles {
    /// The CA certificate (PEM): what campaign-api trusts.
    pub ca: PathBuf,
    /// The server certificate for localhost, 127.0.0.1 and ::1 (PEM).
    pub cert: PathBuf,
    /// Its private key (PEM, mode 0600).
    pub key: PathBuf,
}

impl DevCertFiles {
    pub fn in_dir(dir: &Path) -> Self {
        Self { ca: dir.join("ca.pem"), cert: dir.join("localhost.pem"), key: dir.join("localhost.key") }
    }
}

/// The files in `dir`, created if any is missing. The CA's own key is not kept: nothing else
/// is ever signed with it.
pub fn ensure(dir: &Path) -> Result<DevCertFiles> {
    let files = DevCertFiles::in_dir(dir);
    if files.ca.is_file() && files.cert.is_file() && files.key.is_file() {
        return Ok(files);
    }
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let mut ca_params = CertificateParams::new(Vec::<String>::new())?;
    ca_params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    ca_params.distinguished_name.push(DnType::CommonName, "webhooks development CA (local only)");
    let ca = CertifiedIssuer::self_signed(ca_params, KeyPair::generate()?)?;
    let server_key = KeyPair::generate()?;
    let server_params =
        CertificateParams::new(vec!["localhost".to_owned(), "127.0.0.1".to_owned(), "::1".to_owned()])?;
    let server_cert = server_params.signed_by(&server_key, &ca)?;
    write_private(&files.key, &server_key.serialize_pem())?;
    std::fs::write(&files.cert, server_cert.pem())?;
    // Written last: its presence means the set is complete.
    std::fs::write(&files.ca, ca.pem())?;
    Ok(files)
}

#[cfg(unix)]
fn write_private(path: &Path, text: &str) -> Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let _ = std::fs::remove_file(path);
    let mut file = std::fs::OpenOptions::new().write(true).create_new(true).mode(0o600).open(path)?;
    file.write_all(text.as_bytes())?;
    Ok(())
}

#[cfg(not(unix))]
fn write_private(path: &Path, text: &str) -> Result<()> {
    std::fs::write(path, text)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn made_once_then_reused() {
        let dir = tempfile::tempdir().unwrap();
        let first = ensure(dir.path()).unwrap();
        let ca = std::fs::read_to_string(&first.ca).unwrap();
        assert!(ca.starts_with("-----BEGIN CERTIFICATE-----"));
        let again = ensure(dir.path()).unwrap();
        assert_eq!(std::fs::read_to_string(&again.ca).unwrap(), ca, "the CA is kept");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&first.key).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, 0o600);
        }
    }
}
