//! [`AppState`]: what every handler of workflow-api shares.

#[derive(Debug, Clone)]
pub struct AppState {
    pub engine: delivery_engine::Engine,
    /// Run creates and settles, written in batches.
    pub runs: crate::runs::RunWriter,
}
