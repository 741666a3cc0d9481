//! The engine's side of the hook API: the trait through which abilities (plugins) are asked at
//! every hook point, and the host used when no plugin is loaded.

use swtcg_plugin_api::{Effect, HookEvent, HookPoint};

use crate::model::GameState;

/// Why an ability host failed at a hook; names the plugin and hook so the error is actionable.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("plugin {plugin} failed at hook {hook}: {reason}")]
pub struct HookError {
    pub plugin: String,
    pub hook: HookPoint,
    pub reason: String,
}

/// Everything that can answer hooks: the wasm plugin registry, the native path, or nothing.
pub trait AbilityHost {
    /// Whether some loaded plugin implements this printed keyword (or alias).
    fn has_keyword(&self, keyword: &str) -> bool;

    /// Whether any loaded plugin subscribes to this hook. Unsubscribed hooks are skipped, so a
    /// hook no plugin listens to costs one table look-up.
    fn subscribed(&self, hook: HookPoint) -> bool;

    /// Asks the subscribed plugins what they propose at this hook. Pure: the host reads the
    /// state and returns effects; the engine validates and applies them.
    fn call(
        &mut self,
        hook: HookPoint,
        event: &HookEvent,
        state: &GameState,
    ) -> Result<Vec<Effect>, HookError>;
}

/// The host with no plugins: every keyword is missing and every hook is a no-op.
#[derive(Debug, Default, Clone, Copy)]
pub struct NoPlugins;

impl AbilityHost for NoPlugins {
    fn has_keyword(&self, _keyword: &str) -> bool {
        false
    }
    fn subscribed(&self, _hook: HookPoint) -> bool {
        false
    }
    fn call(
        &mut self,
        _hook: HookPoint,
        _event: &HookEvent,
        _state: &GameState,
    ) -> Result<Vec<Effect>, HookError> {
        Ok(Vec::new())
    }
}
