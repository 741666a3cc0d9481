//! The keyword plugins compiled into the binary by build.rs (plugins/*), as manifests and wasm components.

/// One keyword plugin of `plugins/`, embedded at build time.
pub struct BundledPlugin {
    /// The plugin's folder name under `plugins/`, e.g. "accuracy".
    pub dir: &'static str,
    /// The text of its `keyword.toml`.
    pub manifest: &'static str,
    /// Its wasm component, importing only the engine's `swtcg:keyword` host interfaces.
    pub component: &'static [u8],
    /// The files that ship with it, by their path in its folder: its scenarios
    /// (`scenarios/*.toml`) and the rulesets they name (`rulesets/*.toml`).
    pub files: &'static [(&'static str, &'static str)],
}

include!(concat!(env!("OUT_DIR"), "/bundled_plugins.rs"));
