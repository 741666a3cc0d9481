//! The engine's side of the hook API: the trait through which abilities (plugins) are asked at
//! every hook point and query, and the host used when no plugin is loaded.

use swtcg_plugin_api::{Ability, Effect, HookEvent, HookPoint, QueryAnswer, QueryCall};

use crate::manifest::Manifest;
use crate::model::GameState;

/// A loaded plugin, as numbered by its host.
pub type PluginId = usize;

/// Why a plugin call failed; names the plugin, its version and the hook, so that the error is
/// actionable.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("plugin {plugin} failed at {hook}: {reason}")]
pub struct HookError {
    /// `id@version` of the plugin.
    pub plugin: String,
    /// The hook point or query name.
    pub hook: String,
    pub reason: String,
}

/// The longest part of a plugin's own error message that is kept: the message goes into the
/// game log, and a plugin must not be able to fill the log (or a terminal) with megabytes.
pub const PLUGIN_MESSAGE_LIMIT: usize = 300;

/// The error a plugin returned, as the host reports it: cut to `PLUGIN_MESSAGE_LIMIT` bytes (at
/// a character boundary) with its full length said, and its control characters escaped
/// (`text::escape_controls`). Escaping here, where the plugin's text enters the host, rather
/// than where it is printed, makes every later use safe: the game log, saves, `check`'s FAIL
/// lines, terminals; a plugin can't forge a `PASS` line or hide output with ANSI escapes.
pub fn plugin_returned_error(message: &str) -> String {
    use crate::text::escape_controls;
    if message.len() <= PLUGIN_MESSAGE_LIMIT {
        return format!("the plugin returned an error: {}", escape_controls(message));
    }
    let mut end = PLUGIN_MESSAGE_LIMIT;
    while !message.is_char_boundary(end) {
        end -= 1;
    }
    format!(
        "the plugin returned an error: {}... (cut; {} bytes in all)",
        escape_controls(&message[..end]),
        message.len()
    )
}

/// Everything that can answer hooks: the plugin registry (wasm or native), or nothing.
pub trait AbilityHost {
    /// The plugin implementing a printed keyword or alias.
    fn plugin_for(&self, keyword: &str) -> Option<PluginId>;

    /// The manifest of a loaded plugin.
    fn manifest(&self, plugin: PluginId) -> &Manifest;

    /// Every printed keyword and alias the host implements, for the ability-text parser.
    fn keyword_names(&self) -> Vec<String>;

    /// The card plugins, in load order: printed text that is no keyword is offered to each
    /// (its `understands` query) until one claims it. No default: a host that forwards to
    /// another must forward this too, or card text silently does nothing.
    fn card_plugins(&self) -> Vec<PluginId>;

    /// Whether any loaded plugin subscribes to this hook: unsubscribed hooks are skipped, so a
    /// hook no plugin listens to costs one look-up.
    fn any_subscribed(&self, hook: HookPoint) -> bool;

    /// Whether any loaded plugin answers this query, so that a rule no plugin changes costs one
    /// look-up. No default, for the same reason as `card_plugins`.
    fn any_answers(&self, query: swtcg_plugin_api::Query) -> bool;

    /// Calls one plugin's hook for one ability instance. Pure: the plugin reads the state and
    /// returns effects; the engine validates and applies them.
    fn call_hook(
        &mut self,
        plugin: PluginId,
        hook: HookPoint,
        ability: &Ability,
        event: &HookEvent,
        state: &GameState,
    ) -> Result<Vec<Effect>, HookError>;

    /// Asks one plugin a query about one ability instance.
    fn query(
        &mut self,
        plugin: PluginId,
        ability: &Ability,
        call: &QueryCall,
        state: &GameState,
    ) -> Result<QueryAnswer, HookError>;

    /// Asks a query as `query` does and also says what the plugin read of the game to answer
    /// it: every host question with its answer (`crate::reads`). The game then keeps the answer
    /// for as long as those questions would be answered the same. A host that can't tell
    /// answers `None`, and its answers are kept only while the state is unchanged.
    fn query_reading(
        &mut self,
        plugin: PluginId,
        ability: &Ability,
        call: &QueryCall,
        state: &GameState,
    ) -> Result<(QueryAnswer, Option<crate::reads::Reads>), HookError> {
        self.query(plugin, ability, call, state)
            .map(|answer| (answer, None))
    }

    /// `id@version sha256` of each loaded plugin, for game logs.
    fn fingerprints(&self) -> Vec<String> {
        Vec::new()
    }

    /// A new game starts: no plugin may carry anything over from the games before, so that a
    /// game's result never depends on which games the same host played first (the shards and
    /// threads of `swtcg sim`). A host whose plugins keep state between calls must forget it
    /// here; the default, for hosts that keep none, does nothing.
    fn new_game(&mut self) {}

    /// Where the host keeps the printed texts resolved to its plugins across games, if it does
    /// (the registry does): a later game then asks no `understands` about a text an earlier one
    /// resolved. A host whose plugins can change must clear it when they do.
    fn resolved_texts(&mut self) -> Option<&mut crate::game::ResolvedTexts> {
        None
    }
}

/// The host with no plugins: every keyword is missing and every hook is a no-op.
#[derive(Debug, Default, Clone, Copy)]
pub struct NoPlugins;

impl AbilityHost for NoPlugins {
    fn plugin_for(&self, _keyword: &str) -> Option<PluginId> {
        None
    }
    fn manifest(&self, plugin: PluginId) -> &Manifest {
        unreachable!("NoPlugins has no plugin {plugin}")
    }
    fn keyword_names(&self) -> Vec<String> {
        Vec::new()
    }
    fn card_plugins(&self) -> Vec<PluginId> {
        Vec::new()
    }

    fn any_answers(&self, _query: swtcg_plugin_api::Query) -> bool {
        false
    }

    fn any_subscribed(&self, _hook: HookPoint) -> bool {
        false
    }
    fn call_hook(
        &mut self,
        _: PluginId,
        _: HookPoint,
        _: &Ability,
        _: &HookEvent,
        _: &GameState,
    ) -> Result<Vec<Effect>, HookError> {
        Ok(Vec::new())
    }
    fn query(
        &mut self,
        _: PluginId,
        _: &Ability,
        call: &QueryCall,
        _: &GameState,
    ) -> Result<QueryAnswer, HookError> {
        Err(HookError {
            plugin: "none".into(),
            hook: call.query().name().into(),
            reason: "no plugin is loaded".into(),
        })
    }
}

/// One hook call as a [`Watched`] host passes it on.
#[derive(Debug, Clone, Copy)]
pub struct HookCall<'a> {
    pub plugin: PluginId,
    pub hook: HookPoint,
    pub ability: &'a Ability,
    pub event: &'a HookEvent,
    pub state: &'a GameState,
}

/// One query as a [`Watched`] host passes it on.
#[derive(Debug, Clone, Copy)]
pub struct QueryAsked<'a> {
    pub plugin: PluginId,
    pub ability: &'a Ability,
    pub call: &'a QueryCall,
    pub state: &'a GameState,
}

/// What watches the calls a [`Watched`] host passes on: counters of calls (the simulator's
/// keyword counts, the benchmark's call counts) or a second opinion (the test that compares the
/// two wasm call paths). Each method gets the inner host, the call and the inner host's answer;
/// it can't change the answer.
pub trait Watcher {
    fn hook_called(
        &mut self,
        _host: &dyn AbilityHost,
        _call: HookCall<'_>,
        _answer: &Result<Vec<Effect>, HookError>,
    ) {
    }

    fn query_asked(
        &mut self,
        _host: &dyn AbilityHost,
        _call: QueryAsked<'_>,
        _answer: &Result<QueryAnswer, HookError>,
    ) {
    }
}

/// A host that passes every call on to another unchanged and shows each hook call and query,
/// with its answer, to a [`Watcher`]. The one forwarding host: a forwarder written by hand must
/// forward every method (a missing `card_plugins` once hid every card plugin from simulated
/// games), and this one does.
pub struct Watched<'a, W> {
    inner: &'a mut dyn AbilityHost,
    pub watcher: W,
}

impl<'a, W: Watcher> Watched<'a, W> {
    pub fn new(inner: &'a mut dyn AbilityHost, watcher: W) -> Self {
        Watched { inner, watcher }
    }

    /// The watcher, once the calls are over.
    pub fn into_watcher(self) -> W {
        self.watcher
    }
}

impl<W: Watcher> AbilityHost for Watched<'_, W> {
    fn plugin_for(&self, keyword: &str) -> Option<PluginId> {
        self.inner.plugin_for(keyword)
    }
    fn manifest(&self, plugin: PluginId) -> &Manifest {
        self.inner.manifest(plugin)
    }
    fn keyword_names(&self) -> Vec<String> {
        self.inner.keyword_names()
    }
    fn card_plugins(&self) -> Vec<PluginId> {
        self.inner.card_plugins()
    }
    fn any_subscribed(&self, hook: HookPoint) -> bool {
        self.inner.any_subscribed(hook)
    }
    fn any_answers(&self, query: swtcg_plugin_api::Query) -> bool {
        self.inner.any_answers(query)
    }
    fn call_hook(
        &mut self,
        plugin: PluginId,
        hook: HookPoint,
        ability: &Ability,
        event: &HookEvent,
        state: &GameState,
    ) -> Result<Vec<Effect>, HookError> {
        let answer = self.inner.call_hook(plugin, hook, ability, event, state);
        let call = HookCall {
            plugin,
            hook,
            ability,
            event,
            state,
        };
        self.watcher.hook_called(&*self.inner, call, &answer);
        answer
    }
    fn query(
        &mut self,
        plugin: PluginId,
        ability: &Ability,
        call: &QueryCall,
        state: &GameState,
    ) -> Result<QueryAnswer, HookError> {
        let answer = self.inner.query(plugin, ability, call, state);
        let asked = QueryAsked {
            plugin,
            ability,
            call,
            state,
        };
        self.watcher.query_asked(&*self.inner, asked, &answer);
        answer
    }
    fn query_reading(
        &mut self,
        plugin: PluginId,
        ability: &Ability,
        call: &QueryCall,
        state: &GameState,
    ) -> Result<(QueryAnswer, Option<crate::reads::Reads>), HookError> {
        let answer = self.inner.query_reading(plugin, ability, call, state);
        let (shown, reads) = match answer {
            Ok((answer, reads)) => (Ok(answer), reads),
            Err(error) => (Err(error), None),
        };
        let asked = QueryAsked {
            plugin,
            ability,
            call,
            state,
        };
        self.watcher.query_asked(&*self.inner, asked, &shown);
        shown.map(|answer| (answer, reads))
    }
    fn fingerprints(&self) -> Vec<String> {
        self.inner.fingerprints()
    }
    fn new_game(&mut self) {
        self.inner.new_game()
    }
    fn resolved_texts(&mut self) -> Option<&mut crate::game::ResolvedTexts> {
        self.inner.resolved_texts()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plugins_message_is_escaped_and_cut() {
        // A message that would end the line, clear it and print a forged PASS line in green.
        let forged = "oops\n\u{1b}[2K\u{1b}[32mPASS everything.toml\u{1b}[0m";
        let reported = plugin_returned_error(forged);
        assert_eq!(
            reported,
            "the plugin returned an error: oops\\n\\u{1b}[2K\\u{1b}[32mPASS everything.toml\\u{1b}[0m"
        );
        let long = "\u{1b}".repeat(PLUGIN_MESSAGE_LIMIT + 10);
        let reported = plugin_returned_error(&long);
        assert!(!reported.contains('\u{1b}'), "{reported}");
        assert!(reported.ends_with("(cut; 310 bytes in all)"), "{reported}");
    }
}
