//! The bundled plugins stay well within the limits on a plugin's wasm
//! (`swtcg_engine::plugins::wasm::limits`): every figure at most half its limit, so that a plugin
//! growing toward a limit fails here, with the figure named, before any user's plugin of the same
//! kind is refused. docs/security.md quotes the largest figures this test prints.

use swtcg_engine::plugins::MAX_WASM_BYTES;
use swtcg_engine::plugins::wasm::limits::{self, Shape};

#[test]
fn every_bundled_plugin_is_within_half_of_every_limit() {
    // The components build.rs embeds in the binary, as users' plugins are loaded.
    let dir = std::path::Path::new(env!("OUT_DIR")).join("bundled");
    let mut largest = Shape::default();
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let wasm = std::fs::read(&path).unwrap();
        let shape = limits::check(&wasm).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let figures = [
            ("bytes", shape.bytes, MAX_WASM_BYTES),
            ("functions", shape.functions, limits::MAX_FUNCTIONS),
            ("bytes of code", shape.code_bytes, limits::MAX_CODE_BYTES),
            (
                "bytes in its largest function",
                shape.largest_function,
                limits::MAX_FUNCTION_BYTES,
            ),
            ("loops", shape.loops, limits::MAX_LOOPS),
            ("calls", shape.calls, limits::MAX_CALLS),
            ("indirect calls", shape.indirect, limits::MAX_INDIRECT),
            ("nested blocks", shape.nesting, limits::MAX_NESTING),
            ("locals", shape.locals, limits::MAX_LOCALS),
            ("bytes of data", shape.data_bytes, limits::MAX_DATA_BYTES),
            ("element items", shape.elements, limits::MAX_ELEMENTS),
            ("core modules", shape.core_modules, limits::MAX_CORE_MODULES),
            (
                "core instances",
                shape.core_instances,
                limits::MAX_CORE_INSTANCES,
            ),
            (
                "canonical functions",
                shape.canonical_functions,
                limits::MAX_CANONICAL_FUNCTIONS,
            ),
        ];
        for (what, figure, limit) in figures {
            assert!(
                figure <= limit / 2,
                "{} has {figure} {what}, more than half the limit of {limit}",
                path.display()
            );
        }
        largest = Shape {
            bytes: largest.bytes.max(shape.bytes),
            functions: largest.functions.max(shape.functions),
            code_bytes: largest.code_bytes.max(shape.code_bytes),
            largest_function: largest.largest_function.max(shape.largest_function),
            loops: largest.loops.max(shape.loops),
            calls: largest.calls.max(shape.calls),
            indirect: largest.indirect.max(shape.indirect),
            nesting: largest.nesting.max(shape.nesting),
            locals: largest.locals.max(shape.locals),
            data_bytes: largest.data_bytes.max(shape.data_bytes),
            elements: largest.elements.max(shape.elements),
            core_modules: largest.core_modules.max(shape.core_modules),
            core_instances: largest.core_instances.max(shape.core_instances),
            canonical_functions: largest.canonical_functions.max(shape.canonical_functions),
        };
        count += 1;
    }
    assert!(count > 0, "no bundled plugin in {}", dir.display());
    eprintln!("the largest figures of {count} bundled plugins: {largest:#?}");
}
