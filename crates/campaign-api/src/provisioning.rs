//! Provisioning workspaces and their API keys, as a product that runs campaign-api for its
//! customers does it: the operator API (`/operator/v1`, `handlers::operator`) and the command
//! line (`create-workspace`, `create-api-key`, `revoke-api-key`) call these, on the engine's
//! pool or the command's.

use crate::store::{self, ApiKeyRecord, NewApiKey, WorkspaceRecord};
use delivery_engine::db::Pool;
use delivery_engine::deliveries::LogPosition;
use delivery_engine::{on_conn, EngineError};
use uuid::Uuid;

/// Why provisioning refused.
#[derive(Debug, thiserror::Error)]
pub enum ProvisionError {
    #[error("{0}")]
    InvalidName(String),
    #[error("no such workspace")]
    NoSuchWorkspace,
    #[error("the workspace has no such live API key")]
    NoSuchKey,
    #[error(transparent)]
    Engine(#[from] EngineError),
}

impl From<diesel::result::Error> for ProvisionError {
    fn from(e: diesel::result::Error) -> Self {
        Self::Engine(e.into())
    }
}

/// A workspace's name: 1 to 200 characters, not only whitespace, no control characters.
pub fn check_name(name: &str) -> Result<(), ProvisionError> {
    let fits = !name.trim().is_empty() && name.chars().count() <= 200;
    if !fits || api_support::has_control_chars(name) {
        return Err(ProvisionError::InvalidName(
            "name must be 1 to 200 characters, not only whitespace, without control characters".into(),
        ));
    }
    Ok(())
}

/// Creates a workspace and its first API key (shown once, stored hashed).
pub async fn create_workspace(
    pool: &Pool,
    name: &str,
) -> Result<(WorkspaceRecord, NewApiKey), ProvisionError> {
    check_name(name)?;
    let name = name.to_owned();
    pool.transaction(on_conn!(|c| Ok::<_, ProvisionError>(store::create_workspace(c, &name).await?))).await
}

/// The workspaces oldest first: every one, or `rows` after `after` (a keyset page).
pub async fn list_workspaces(
    pool: &Pool,
    page: Option<(Option<LogPosition>, i64)>,
) -> Result<Vec<WorkspaceRecord>, ProvisionError> {
    let (after, rows) = page.unwrap_or((None, -1));
    pool.run(on_conn!(|c| Ok::<_, ProvisionError>(store::list_workspaces(c, after, rows).await?))).await
}

/// Adds an API key to a workspace.
pub async fn add_api_key(pool: &Pool, workspace: Uuid) -> Result<NewApiKey, ProvisionError> {
    let added =
        pool.transaction(on_conn!(|c| Ok::<_, ProvisionError>(store::add_api_key(c, workspace).await?)));
    added.await?.ok_or(ProvisionError::NoSuchWorkspace)
}

/// The workspace's keys, live and revoked: ids and times, never a key.
pub async fn list_api_keys(pool: &Pool, workspace: Uuid) -> Result<Vec<ApiKeyRecord>, ProvisionError> {
    pool.run(on_conn!(|c| {
        if !store::workspace_exists(c, workspace).await? {
            return Err(ProvisionError::NoSuchWorkspace);
        }
        Ok(store::list_api_keys(c, workspace).await?)
    }))
    .await
}

/// Revokes one of the workspace's live keys: it stops authenticating at once, in every process
/// (the change is announced), and the console sessions signed in with it end.
pub async fn revoke_api_key(pool: &Pool, workspace: Uuid, key: Uuid) -> Result<(), ProvisionError> {
    let revoked =
        pool.transaction(on_conn!(|c| store::revoke_api_key_by_id(c, workspace, key).await)).await?;
    revoked.then_some(()).ok_or(ProvisionError::NoSuchKey)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_one_to_two_hundred_printable_characters() {
        for ok in ["Acme", "a", &"é".repeat(200), "Acme Inc. (EU)"] {
            assert!(check_name(ok).is_ok(), "{ok}");
        }
        for bad in ["", "   ", &"a".repeat(201), "line\nbreak", "nul\0"] {
            assert!(matches!(check_name(bad), Err(ProvisionError::InvalidName(_))), "{bad:?}");
        }
    }
}
