//! The keyword plugins compiled into the binary by build.rs (plugins/*), as manifests and wasm components.

/// One keyword plugin of `plugins/`, embedded at build time.
pub struct BundledPlugin {
    /// The plugin's folder name under `plugins/`, e.g. "accuracy".
    pub dir: &'static str,
    /// The text of its `keyword.toml`.
    pub manifest: &'static str,
    /// Its wasm component, importing only the engine's `swtcg:keyword` host interfaces.
    pub component: &'static [u8],
    /// The sha256 of `component` (lowercase hex), computed by build.rs from the same bytes, so
    /// that a start of the binary does not hash every bundled plugin again (issue 21: 4.4 MB of
    /// wasm, a tenth of a warm load).
    pub sha256: &'static str,
    /// The files that ship with it, by their path in its folder: its scenarios
    /// (`scenarios/*.toml`) and the rulesets they name (`rulesets/*.toml`).
    pub files: &'static [(&'static str, &'static str)],
}

include!(concat!(env!("OUT_DIR"), "/bundled_plugins.rs"));

#[cfg(test)]
mod tests {
    use super::BUNDLED;

    #[test]
    fn every_bundled_plugins_sha256_is_that_of_its_embedded_bytes() {
        assert!(!BUNDLED.is_empty());
        for plugin in BUNDLED {
            assert_eq!(
                plugin.sha256,
                swtcg_engine::plugins::sha256_hex(plugin.component),
                "plugins/{}",
                plugin.dir
            );
        }
    }
}
