//! `Idempotency-Key`s: the first request with a key is processed and its answer kept (sealed:
//! it may hold a signing secret) for 24 hours; the same request again gets that answer.

use super::Engine;
use crate::error::EngineResult;
use crate::store::idempotency;
use crate::store::model::Found;

/// What to do with a request carrying an idempotency key (see [`Engine::idempotency_begin`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IdempotencyState {
    /// First use: process it, then finish or abandon the key.
    New,
    /// Seen with the same request: answer this again.
    Replay { status: u16, body: Vec<u8> },
    /// The first request with this key is still being processed.
    InProgress,
    /// The key was used for a different request.
    Mismatch,
}

impl Engine {
    /// Claims an `Idempotency-Key` for a request (`scope` identifies the client, `request_hash`
    /// the request). Keys are kept for 24 hours.
    pub async fn idempotency_begin(
        &self,
        scope: &str,
        key: &str,
        request_hash: &[u8],
    ) -> EngineResult<IdempotencyState> {
        let now = self.core.now();
        let expire_before = now - chrono::Duration::hours(24);
        let (scope_owned, key_owned, hash) = (scope.to_owned(), key.to_owned(), request_hash.to_vec());
        let found = self
            .run(crate::on_conn!(|c| {
                idempotency::begin(c, &scope_owned, &key_owned, &hash, now, expire_before).await
            }))
            .await?;
        Ok(match found {
            Found::New => IdempotencyState::New,
            Found::InProgress => IdempotencyState::InProgress,
            Found::Mismatch => IdempotencyState::Mismatch,
            Found::Replay { status, sealed } => IdempotencyState::Replay {
                status,
                body: self.core.keyring().open_bytes(&aad(scope, key), &sealed)?,
            },
        })
    }

    /// Stores the answer to an idempotent request, sealed (it may hold a signing secret).
    pub async fn idempotency_finish(
        &self,
        scope: &str,
        key: &str,
        status: u16,
        body: &[u8],
    ) -> EngineResult<()> {
        let sealed = self.core.keyring().seal_bytes(&aad(scope, key), body);
        let (scope, key) = (scope.to_owned(), key.to_owned());
        self.run(crate::on_conn!(|c| idempotency::finish(c, &scope, &key, status, &sealed).await)).await
    }

    /// Forgets a key whose request failed on our side, so the client can retry it.
    pub async fn idempotency_abandon(&self, scope: &str, key: &str) -> EngineResult<()> {
        let (scope, key) = (scope.to_owned(), key.to_owned());
        self.run(crate::on_conn!(|c| idempotency::abandon(c, &scope, &key).await)).await
    }
}

fn aad(scope: &str, key: &str) -> Vec<u8> {
    format!("idempotency\0{scope}\0{key}").into_bytes()
}
