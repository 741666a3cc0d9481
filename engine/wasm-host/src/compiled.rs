//! A plugin compiled by the `WasmRuntime`: its component and, for the core call path, its main
//! core module. The rest of the engine holds it as an opaque handle (`plugins::wasmtime_free`).

/// A plugin compiled by a `WasmRuntime`: the component, and its main core module when it
/// can take the core call path (`AbiPath::Core`). A plugin loaded from the compile cache
/// with a core module keeps its component compiled but not loaded until the component
/// path needs it (`WasmRuntime::component`): the core path alone halves the load.
pub struct Compiled {
    pub(crate) component: std::sync::OnceLock<wasmtime::component::Component>,
    /// The component's bytes from `WasmRuntime::precompile`, loaded on first need.
    pub(crate) serialized: Option<std::sync::Arc<[u8]>>,
    /// The main core module, with what its SDK promises beyond the canonical ABI.
    pub(crate) core: Option<(wasmtime::Module, super::core_abi::Promises)>,
}

impl Compiled {
    pub(crate) fn core(&self) -> Option<&(wasmtime::Module, super::core_abi::Promises)> {
        self.core.as_ref()
    }

    /// Whether the plugin can take the core call path.
    pub fn has_core_path(&self) -> bool {
        self.core.is_some()
    }

    /// Whether the core call path skips the post-return call after an empty answer: the
    /// plugin's SDK promises that it frees nothing then (`core_abi::Promises`).
    pub fn skips_empty_post_return(&self) -> bool {
        self.core.as_ref().is_some_and(|(_, p)| p.no_post_for_empty)
    }
}
