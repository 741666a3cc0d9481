//! Turning a plugin's core module into a component: the one implementation, used by the wasm
//! host when it loads a core module and, through `#[path]`, by host-cli's build script when it
//! embeds the bundled plugins.
//!
//! It needs only wasmparser and wit-component, so the build script shares it without compiling
//! wasmtime for the build machine.

use wit_component::{ComponentEncoder, DecodedWasm};

/// Turns a core module built with wit-bindgen into a component, from the component type that
/// wit-bindgen embeds; a component is returned as it is. The module is validated first, since
/// wit-component trusts its section sizes (a truncated module makes it panic).
pub fn componentize(wasm: &[u8]) -> Result<Vec<u8>, String> {
    if wasm.len() < 8 || &wasm[..4] != b"\0asm" {
        return Err("not a wasm file".into());
    }
    // Bytes 4..8 are the version: 1 for a core module, 0x0d.. and layer 1 for a component.
    if wasm[4..8] != [1, 0, 0, 0] {
        return Ok(wasm.to_vec());
    }
    wasmparser::Validator::new()
        .validate_all(wasm)
        .map_err(|e| format!("the core module is not valid wasm: {e:#}"))?;
    ComponentEncoder::default()
        .module(wasm)
        .and_then(|encoder| encoder.validate(true).encode())
        .map_err(|e| format!("turning the core module into a component: {e:#}"))
}

/// Checks that a component imports nothing but the host functions of `host_package`
/// (`swtcg:keyword/`): there is no WASI adapter, so a plugin that reaches for WASI fails when it
/// is built rather than when the engine loads it.
pub fn check_imports(component: &[u8], host_package: &str) -> Result<(), String> {
    let decoded = wit_component::decode(component).map_err(|e| format!("{e:#}"))?;
    let DecodedWasm::Component(resolve, world) = decoded else {
        return Err("the encoder did not produce a component".to_owned());
    };
    for key in resolve.worlds[world].imports.keys() {
        let name = resolve.name_world_key(key);
        if !name.starts_with(host_package) {
            return Err(format!(
                "it imports `{name}`, which the engine does not provide"
            ));
        }
    }
    Ok(())
}
