//! Hand-written wasm that attacks the host's resources rather than the game (issue 17, cases 6,
//! 7 and 13): modules too large, with too many functions, too deep nesting, too many locals, too
//! much data or too many elements, components with too many modules, instances or canonical
//! functions (each refused before wasmtime compiles anything, `plugins::wasm::limits`); plugins
//! whose tables grow by millions of elements or whose initial memory or tables exceed the
//! limits (refused at load, or the call fails, with an error naming the limit).
//!
//! The modules are written with wasm-encoder; a module that must load as a plugin gets the
//! newest API's exports and component type, as in tests/core_abi.rs. Every input is just over
//! its limit, so each refusal is cheap even in a debug build; nothing is timed.

use swtcg_engine::plugins::wasm::limits;
use swtcg_engine::plugins::wasmtime_free::Compiled;
use swtcg_engine::plugins::{AbiPath, MAX_WASM_BYTES, Manifest, Registry, WasmRuntime, sha256_hex};
use swtcg_engine::{AbilityHost, Ruleset};
use swtcg_plugin_api::HookPoint;
use wasm_encoder::{
    BlockType, CodeSection, ConstExpr, DataSection, ElementSection, Elements, ExportKind,
    ExportSection, Function, FunctionSection, HeapType, Instruction, MemorySection, MemoryType,
    RefType, TableSection, TableType, TypeSection, ValType,
};

use crate::core_abi::QUERIES;
use crate::workload;

/// The flat parameters of a hook export.
const HOOK_PARAMS: u32 = 15;

/// A plugin module of the newest API whose hooks all run `hook` and then answer "no effects"
/// (the zeroed `result` at address 16), with the memory, tables and data given.
struct Plugin {
    /// The memory's initial size, in 64 KiB pages.
    pages: u64,
    /// The initial sizes of its funcref tables.
    tables: Vec<u64>,
    /// Data segments: address and bytes.
    data: Vec<(u32, Vec<u8>)>,
    /// What every hook does before it answers.
    hook: Vec<Instruction<'static>>,
    /// The body of an `_initialize` export, run when the plugin is instantiated, if any.
    init: Option<Vec<Instruction<'static>>>,
    /// The bytes of a passive data segment (segment 0), if any.
    passive: Option<Vec<u8>>,
}

impl Default for Plugin {
    fn default() -> Plugin {
        Plugin {
            pages: 1,
            tables: Vec::new(),
            data: Vec::new(),
            hook: Vec::new(),
            init: None,
            passive: None,
        }
    }
}

impl Plugin {
    /// The core module, with the component type of the newest API embedded.
    fn module(&self) -> Vec<u8> {
        let version = swtcg_plugin_api::api_version_string();
        let mut types = TypeSection::new();
        // Type i: i parameters of i32 and one i32 result, for i in 0..=16; 17: () -> ().
        for params in 0..=16 {
            types
                .ty()
                .function(vec![ValType::I32; params], vec![ValType::I32]);
        }
        types.ty().function(vec![], vec![]);
        let mut functions = FunctionSection::new();
        let mut code = CodeSection::new();
        let mut exports = ExportSection::new();
        let mut add = |name: String, params: u32, body: &[Instruction]| {
            let index = functions.len();
            functions.function(params);
            let mut f = Function::new(vec![]);
            for instruction in body {
                f.instruction(instruction);
            }
            f.instruction(&Instruction::End);
            code.function(&f);
            exports.export(&name, ExportKind::Func, index);
        };
        add("cabi_realloc".into(), 4, &[Instruction::I32Const(1024)]);
        if let Some(init) = &self.init {
            add("_initialize".into(), 17, init);
        }
        let mut hook = self.hook.clone();
        hook.push(Instruction::I32Const(16));
        for point in HookPoint::ALL {
            add(
                format!("swtcg:keyword/hooks@{version}#{}", point.name()),
                HOOK_PARAMS,
                &hook,
            );
        }
        for (name, params) in QUERIES {
            add(
                format!("swtcg:keyword/queries@{version}#{name}"),
                params as u32,
                &[Instruction::I32Const(0)],
            );
        }
        let mut tables = TableSection::new();
        for &minimum in &self.tables {
            tables.table(TableType {
                element_type: RefType::FUNCREF,
                table64: false,
                minimum,
                maximum: None,
                shared: false,
            });
        }
        let mut memories = MemorySection::new();
        memories.memory(MemoryType {
            minimum: self.pages,
            maximum: None,
            memory64: false,
            shared: false,
            page_size_log2: None,
        });
        exports.export("memory", ExportKind::Memory, 0);
        let mut data = DataSection::new();
        if let Some(bytes) = &self.passive {
            data.passive(bytes.iter().copied());
        }
        for (at, bytes) in &self.data {
            data.active(0, &ConstExpr::i32_const(*at as i32), bytes.iter().copied());
        }
        let mut module = wasm_encoder::Module::new();
        module.section(&types).section(&functions);
        if !self.tables.is_empty() {
            module.section(&tables);
        }
        module.section(&memories).section(&exports);
        if self.passive.is_some() {
            module.section(&wasm_encoder::DataCountSection { count: data.len() });
        }
        module.section(&code).section(&data);
        let mut bytes = module.finish();
        let mut resolve = wit_parser::Resolve::default();
        let wit = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../plugin-api/wit");
        let (package, _) = resolve.push_dir(&wit).unwrap();
        let world = resolve.select_world(&[package], Some("keyword")).unwrap();
        wit_component::embed_component_metadata(
            &mut bytes,
            &resolve,
            world,
            wit_component::StringEncoding::UTF8,
        )
        .unwrap();
        bytes
    }
}

const MANIFEST: &str = r#"
[keyword]
id = "glutton"
name = "Glutton"
version = "0.1.0"
api = "^1.0"
template = "Glutton"
parameter = "none"
class = ["triggered"]
hooks = ["pop-p6"]
description = "Takes more of the host than it may."
"#;

/// A plugin compiled once, to be loaded on either call path with any fuel.
struct Loader {
    runtime: WasmRuntime,
    compiled: Compiled,
    wasm: Vec<u8>,
}

impl Loader {
    /// Compiles the plugin; the error is the message the command line would print.
    fn new(wasm: Vec<u8>) -> Result<Loader, String> {
        let runtime = WasmRuntime::new().unwrap();
        let compiled = runtime.compile(&wasm).map_err(|e| e.to_string())?;
        Ok(Loader {
            runtime,
            compiled,
            wasm,
        })
    }

    /// The plugin loaded alone into a registry on the given call path, with the default
    /// ruleset's limits.
    fn load(&mut self, abi: AbiPath) -> Result<Registry, String> {
        self.load_with(abi, Ruleset::default().plugin_fuel)
    }

    /// `load` with the given fuel per call.
    fn load_with(&mut self, abi: AbiPath, fuel: u64) -> Result<Registry, String> {
        self.runtime.set_abi_path(abi);
        let ruleset = Ruleset::default();
        let mut registry = Registry::new();
        registry
            .add(
                &self.runtime,
                Manifest::parse("glutton/keyword.toml", MANIFEST).unwrap(),
                &self.compiled,
                sha256_hex(&self.wasm),
                "glutton".into(),
                (ruleset.plugin_memory, fuel),
            )
            .map_err(|e| e.to_string())?;
        assert_eq!(registry.abi_path(0), Some(abi));
        Ok(registry)
    }
}

/// Calls the benchmark position's pending damage POP hook; the error as its message.
fn call(registry: &mut Registry) -> Result<usize, String> {
    let state = workload::hook_position(1, true);
    let ability = workload::bench_ability(&state);
    let event = workload::bench_event(&state);
    registry
        .call_hook(0, workload::BENCH_HOOK, &ability, &event, &state)
        .map(|effects| effects.len())
        .map_err(|e| e.to_string())
}

/// Both `compile` and `precompile` refuse the wasm with an error containing `expected`.
fn refused_before_compiling(wasm: &[u8], expected: &str) {
    let runtime = WasmRuntime::new().unwrap();
    let compile = runtime.compile(wasm).map(drop).unwrap_err().to_string();
    assert!(compile.contains(expected), "compile: {compile}");
    let precompile = runtime.precompile(wasm).map(drop).unwrap_err().to_string();
    assert!(precompile.contains(expected), "precompile: {precompile}");
}

/// A core module of one function type `() -> ()` whose functions have the given locals and
/// bodies (each ended here), with the data and element segments given.
fn module(functions: &[(u32, Vec<Instruction<'_>>)], data: &[Vec<u8>], elements: u32) -> Vec<u8> {
    let mut types = TypeSection::new();
    types.ty().function(vec![], vec![]);
    let mut section = FunctionSection::new();
    let mut code = CodeSection::new();
    for (locals, body) in functions {
        section.function(0);
        let mut f = Function::new(if *locals == 0 {
            vec![]
        } else {
            vec![(*locals, ValType::I32)]
        });
        for instruction in body {
            f.instruction(instruction);
        }
        f.instruction(&Instruction::End);
        code.function(&f);
    }
    let mut tables = TableSection::new();
    tables.table(TableType {
        element_type: RefType::FUNCREF,
        table64: false,
        minimum: u64::from(elements),
        maximum: None,
        shared: false,
    });
    let mut memories = MemorySection::new();
    memories.memory(MemoryType {
        minimum: 1,
        maximum: None,
        memory64: false,
        shared: false,
        page_size_log2: None,
    });
    let mut element = ElementSection::new();
    if elements > 0 {
        let indices = vec![0; elements as usize];
        element.active(
            Some(0),
            &ConstExpr::i32_const(0),
            Elements::Functions(indices.into()),
        );
    }
    let mut segments = DataSection::new();
    for bytes in data {
        segments.active(0, &ConstExpr::i32_const(0), bytes.iter().copied());
    }
    let mut module = wasm_encoder::Module::new();
    module
        .section(&types)
        .section(&section)
        .section(&tables)
        .section(&memories)
        .section(&element)
        .section(&code)
        .section(&segments);
    module.finish()
}

/// `depth` nested blocks.
fn nested(depth: u64) -> Vec<Instruction<'static>> {
    let mut body = vec![Instruction::Block(BlockType::Empty); depth as usize];
    body.extend(vec![Instruction::End; depth as usize]);
    body
}

// Case 7: the shape of the wasm, checked before wasmtime compiles it.

#[test]
fn wasm_larger_than_the_cap_is_refused_before_it_is_parsed() {
    // A valid module: the header and one custom section filling the rest.
    let mut module = wasm_encoder::Module::new();
    module.section(&wasm_encoder::CustomSection {
        name: "padding".into(),
        data: vec![0; MAX_WASM_BYTES as usize].into(),
    });
    let wasm = module.finish();
    refused_before_compiling(
        &wasm,
        &format!(
            "the plugin's wasm has {} bytes, more than the limit of {MAX_WASM_BYTES}",
            wasm.len()
        ),
    );
    // Case 13's 64 MB data segment is refused for its size before anything is read.
    let wasm = module_with_data(64 << 20);
    refused_before_compiling(&wasm, "more than the limit of 16777216");
}

/// A core module whose one data segment has `bytes` bytes.
fn module_with_data(bytes: usize) -> Vec<u8> {
    module(&[], &[vec![7; bytes]], 0)
}

#[test]
fn too_many_functions_are_refused_before_compiling() {
    let functions = vec![(0, vec![]); limits::MAX_FUNCTIONS as usize + 1];
    refused_before_compiling(
        &module(&functions, &[], 0),
        &format!(
            "the plugin has {} functions, more than the limit of {}",
            limits::MAX_FUNCTIONS + 1,
            limits::MAX_FUNCTIONS
        ),
    );
}

#[test]
fn a_function_too_large_is_refused_before_compiling() {
    // The body: its locals (one byte: none), the nops and `end`.
    let body = vec![Instruction::Nop; limits::MAX_FUNCTION_BYTES as usize];
    refused_before_compiling(
        &module(&[(0, body)], &[], 0),
        &format!(
            "a function of the plugin has {} bytes, more than the limit of {}",
            limits::MAX_FUNCTION_BYTES + 2,
            limits::MAX_FUNCTION_BYTES
        ),
    );
}

#[test]
fn too_much_code_is_refused_before_compiling() {
    // Functions at the size cap, one more than fits in the code cap.
    let size = limits::MAX_FUNCTION_BYTES as usize - 8;
    let count = limits::MAX_CODE_BYTES as usize / size + 1;
    let functions = vec![(0, vec![Instruction::Nop; size]); count];
    let error = WasmRuntime::new()
        .unwrap()
        .compile(&module(&functions, &[], 0))
        .map(drop)
        .unwrap_err()
        .to_string();
    assert!(
        error.starts_with("the plugin has ")
            && error.ends_with(&format!(
                " bytes of code, more than the limit of {}",
                limits::MAX_CODE_BYTES
            )),
        "{error}"
    );
}

#[test]
fn too_many_loops_calls_or_indirect_calls_are_refused_before_compiling() {
    let loops = limits::MAX_LOOPS + 1;
    let body: Vec<_> = (0..loops)
        .flat_map(|_| [Instruction::Loop(BlockType::Empty), Instruction::End])
        .collect();
    refused_before_compiling(
        &module(&[(0, body)], &[], 0),
        &format!(
            "the plugin has {loops} loops, more than the limit of {}",
            limits::MAX_LOOPS
        ),
    );
    // Calls take two bytes each: half in each of two functions, within the size cap.
    let calls = limits::MAX_CALLS + 1;
    let half = vec![Instruction::Call(0); calls as usize / 2 + 1];
    refused_before_compiling(
        &module(&[(0, half.clone()), (0, half)], &[], 0),
        &format!(
            "the plugin has {calls} calls, more than the limit of {}",
            limits::MAX_CALLS
        ),
    );
    let indirect = limits::MAX_INDIRECT + 1;
    let body: Vec<_> = (0..indirect)
        .flat_map(|_| {
            [
                Instruction::I32Const(0),
                Instruction::CallIndirect {
                    type_index: 0,
                    table_index: 0,
                },
            ]
        })
        .collect();
    refused_before_compiling(
        &module(&[(0, body)], &[], 0),
        &format!(
            "the plugin has {indirect} indirect calls and table operations, more than the limit of {}",
            limits::MAX_INDIRECT
        ),
    );
}

#[test]
fn nesting_deeper_than_the_cap_is_refused_and_at_the_cap_compiles() {
    refused_before_compiling(
        &module(&[(0, nested(limits::MAX_NESTING + 1))], &[], 0),
        &format!(
            "a function of the plugin has {} nested blocks, more than the limit of {}",
            limits::MAX_NESTING + 1,
            limits::MAX_NESTING
        ),
    );
    let at_the_cap = module(&[(0, nested(limits::MAX_NESTING))], &[], 0);
    let shape = limits::check(&at_the_cap).unwrap();
    assert_eq!(shape.nesting, limits::MAX_NESTING);
    WasmRuntime::new().unwrap().compile(&at_the_cap).unwrap();
}

#[test]
fn too_many_locals_are_refused_before_compiling() {
    let locals = limits::MAX_LOCALS as u32 + 1;
    refused_before_compiling(
        &module(&[(locals, vec![])], &[], 0),
        &format!(
            "a function of the plugin has {locals} locals, more than the limit of {}",
            limits::MAX_LOCALS
        ),
    );
}

#[test]
fn too_much_data_is_refused_before_compiling() {
    let bytes = limits::MAX_DATA_BYTES + 1;
    refused_before_compiling(
        &module_with_data(bytes as usize),
        &format!(
            "the plugin has {bytes} bytes of data segments, more than the limit of {}",
            limits::MAX_DATA_BYTES
        ),
    );
}

#[test]
fn too_many_element_items_are_refused_before_compiling() {
    let elements = limits::MAX_ELEMENTS as u32 + 1;
    refused_before_compiling(
        &module(&[(0, vec![])], &[], elements),
        &format!(
            "the plugin has {elements} element segment items, more than the limit of {}",
            limits::MAX_ELEMENTS
        ),
    );
}

#[test]
fn components_with_too_many_modules_instances_or_canonical_functions_are_refused() {
    use wasm_encoder::{CanonicalFunctionSection, Component, InstanceSection, ModuleSection};
    let empty = wasm_encoder::Module::new();
    let mut modules = Component::new();
    for _ in 0..=limits::MAX_CORE_MODULES {
        modules.section(&ModuleSection(&empty));
    }
    refused_before_compiling(
        &modules.finish(),
        &format!(
            "the plugin has {} core modules, more than the limit of {}",
            limits::MAX_CORE_MODULES + 1,
            limits::MAX_CORE_MODULES
        ),
    );
    let mut instances = Component::new();
    instances.section(&ModuleSection(&empty));
    let mut section = InstanceSection::new();
    for _ in 0..=limits::MAX_CORE_INSTANCES {
        section.instantiate(0, Vec::<(&str, wasm_encoder::ModuleArg)>::new());
    }
    instances.section(&section);
    refused_before_compiling(
        &instances.finish(),
        &format!(
            "the plugin has {} core instances, more than the limit of {}",
            limits::MAX_CORE_INSTANCES + 1,
            limits::MAX_CORE_INSTANCES
        ),
    );
    let mut canonical = Component::new();
    let mut section = CanonicalFunctionSection::new();
    for _ in 0..=limits::MAX_CANONICAL_FUNCTIONS {
        section.lower(0, []);
    }
    canonical.section(&section);
    refused_before_compiling(
        &canonical.finish(),
        &format!(
            "the plugin has {} canonical functions, more than the limit of {}",
            limits::MAX_CANONICAL_FUNCTIONS + 1,
            limits::MAX_CANONICAL_FUNCTIONS
        ),
    );
}

#[test]
fn a_plugin_at_the_limits_loads_and_answers() {
    // A table at the cap, and all of `plugin_memory` from the start.
    let plugin = Plugin {
        pages: Ruleset::default().plugin_memory / 65_536,
        tables: vec![limits::MAX_TABLE_ELEMENTS as u64],
        ..Plugin::default()
    };
    let mut loader = Loader::new(plugin.module()).unwrap();
    for abi in [AbiPath::Core, AbiPath::Component] {
        let mut registry = loader.load(abi).unwrap();
        assert_eq!(call(&mut registry), Ok(0), "{abi:?}");
    }
}

// Case 6: tables.

#[test]
fn a_table_grown_by_a_million_fails_the_call_and_names_the_limit() {
    // The hook grows table 0 by a million null elements, then answers. wasmtime charges a unit
    // of fuel per element, so a call may grow a table by up to `plugin_fuel` elements; before
    // the cap, an instance grew by that much at every call, and a `sim` took 2.46 GB.
    let plugin = Plugin {
        tables: vec![1],
        hook: vec![
            Instruction::RefNull(HeapType::FUNC),
            Instruction::I32Const(1_000_000),
            Instruction::TableGrow(0),
            Instruction::Drop,
        ],
        ..Plugin::default()
    };
    let mut loader = Loader::new(plugin.module()).unwrap();
    for abi in [AbiPath::Core, AbiPath::Component] {
        let mut registry = loader.load(abi).unwrap();
        // Each call fails alike: the failed instance is replaced by a fresh one, whose table
        // starts at its one element again.
        for _ in 0..3 {
            let error = call(&mut registry).unwrap_err();
            assert!(error.contains("glutton@0.1.0"), "{abi:?}: {error}");
            assert!(
                error.contains(&format!(
                    "a table grows to 1000001 elements, more than the limit of {} per table",
                    limits::MAX_TABLE_ELEMENTS
                )),
                "{abi:?}: {error}"
            );
        }
    }
}

#[test]
fn tables_too_large_at_instantiation_are_refused_at_load() {
    // Issue 17's three tables of 10 million elements: a rebuild after every trap allocated them
    // again, and a game took 43 times as long. The first instance is made at load, so the
    // plugin is refused there and never rebuilt.
    let plugin = Plugin {
        tables: vec![10_000_000; 3],
        ..Plugin::default()
    };
    let mut loader = Loader::new(plugin.module()).unwrap();
    for abi in [AbiPath::Core, AbiPath::Component] {
        let error = loader.load(abi).map(drop).unwrap_err();
        assert!(error.contains("glutton@0.1.0"), "{abi:?}: {error}");
        assert!(
            error.contains(&format!(
                "instantiating the plugin: a table needs 10000000 elements, more than the limit \
                 of {} per table",
                limits::MAX_TABLE_ELEMENTS
            )),
            "{abi:?}: {error}"
        );
    }
}

#[test]
fn more_tables_than_allowed_are_refused_at_load() {
    let plugin = Plugin {
        tables: vec![1; limits::MAX_TABLES + 1],
        ..Plugin::default()
    };
    let mut loader = Loader::new(plugin.module()).unwrap();
    for abi in [AbiPath::Core, AbiPath::Component] {
        let error = loader.load(abi).map(drop).unwrap_err();
        assert!(
            error.contains(
                "glutton@0.1.0: instantiating the plugin: resource limit exceeded: table count \
                 too high at 5 (a plugin instance may have 4 core instances, 4 tables and 2 \
                 memories)"
            ),
            "{abi:?}: {error}"
        );
    }
}

// Case 13: a memory larger than plugin_memory, and data copied at instantiation.

#[test]
fn an_initial_memory_over_plugin_memory_is_refused_at_load_and_says_so() {
    // 64 MiB of memory, with a little data at its end, as a 64 MB data segment would need.
    let plugin = Plugin {
        pages: 1024,
        data: vec![((64 << 20) - 16, vec![1; 16])],
        ..Plugin::default()
    };
    let mut loader = Loader::new(plugin.module()).unwrap();
    for abi in [AbiPath::Core, AbiPath::Component] {
        let error = loader.load(abi).map(drop).unwrap_err();
        assert!(error.contains("glutton@0.1.0"), "{abi:?}: {error}");
        assert!(
            error.contains(
                "instantiating the plugin: ran out of memory: its initial memory needs 64 MiB, \
                 more than plugin_memory 4 MiB"
            ),
            "{abi:?}: {error}"
        );
        assert!(!error.contains("fuel"), "{abi:?}: {error}");
    }
}

#[test]
fn running_out_of_fuel_while_instantiating_says_where() {
    // `_initialize` copies a 1 MiB passive data segment with `memory.init`, which wasmtime
    // charges a unit of fuel per byte: more than the fuel given here. Issue 17's "all fuel
    // consumed by WebAssembly" at instantiation was such a copy, of 64 MB.
    let plugin = Plugin {
        pages: 17,
        passive: Some(vec![1; 1 << 20]),
        init: Some(vec![
            Instruction::I32Const(1024),
            Instruction::I32Const(0),
            Instruction::I32Const(1 << 20),
            Instruction::MemoryInit {
                mem: 0,
                data_index: 0,
            },
        ]),
        ..Plugin::default()
    };
    let mut loader = Loader::new(plugin.module()).unwrap();
    for abi in [AbiPath::Core, AbiPath::Component] {
        let error = loader.load_with(abi, 100_000).map(drop).unwrap_err();
        assert!(error.contains("glutton@0.1.0"), "{abi:?}: {error}");
        assert!(
            error.contains(
                "instantiating the plugin: its start function or `_initialize` ran out of fuel"
            ),
            "{abi:?}: {error}"
        );
        // With the default fuel the same plugin loads and answers.
        let mut registry = loader.load(abi).unwrap();
        assert_eq!(call(&mut registry), Ok(0), "{abi:?}");
    }
}

// The worst modules within the limits, for measuring what the limits allow.

/// The encoded size of instructions.
fn encoded(instructions: &[Instruction<'_>]) -> usize {
    let mut f = Function::new(vec![]);
    for instruction in instructions {
        f.instruction(instruction);
    }
    // Less the byte of the (empty) locals.
    f.byte_len() - 1
}

/// `prefix`, then `unit` as many times as fit in a function body of `bytes` bytes.
fn filled(
    prefix: &[Instruction<'static>],
    unit: &[Instruction<'static>],
    bytes: usize,
) -> Vec<Instruction<'static>> {
    // The body's own bytes: its locals and its `end`.
    let room = bytes - 2 - encoded(prefix);
    let times = room / encoded(unit);
    let mut body = prefix.to_vec();
    for _ in 0..times {
        body.extend(unit.iter().cloned());
    }
    body
}

/// `unit` `times` times.
fn repeated(unit: &[Instruction<'static>], times: u64) -> Vec<Instruction<'static>> {
    (0..times).flat_map(|_| unit.iter().cloned()).collect()
}

/// Functions filling the code limit, each of the largest size but the last, made by `body` from
/// the function's index and its size.
fn filling_the_code(body: impl Fn(usize, usize) -> Vec<Instruction<'static>>) -> Vec<u8> {
    // Each body has a size prefix of three bytes, the section a count of two.
    let size = limits::MAX_FUNCTION_BYTES as usize;
    let code = limits::MAX_CODE_BYTES as usize - 2;
    let (full, rest) = (code / (size + 3), code % (size + 3));
    let mut functions: Vec<_> = (0..full).map(|i| (0, body(i, size))).collect();
    if rest > 64 {
        functions.push((0, body(full, rest - 3)));
    }
    module(&functions, &[], 16)
}

/// Modules at the limits, each made of the operators that cost Cranelift the most per byte
/// (docs/security.md, "Limits on the wasm"): every limit at once, `if`s, branches, the most
/// functions, the deepest nesting, and every loop and indirect call in one function.
fn worst_allowed_modules() -> Vec<(&'static str, Vec<u8>)> {
    use Instruction as I;
    let if_else = [
        I::I32Const(1),
        I::If(BlockType::Result(ValType::I32)),
        I::I32Const(2),
        I::Else,
        I::I32Const(3),
        I::End,
        I::Drop,
    ];
    let a_loop = [I::Loop(BlockType::Empty), I::End];
    let a_call = [I::Call(0)];
    let indirect = [
        I::I32Const(3),
        I::CallIndirect {
            type_index: 0,
            table_index: 0,
        },
    ];
    let functions = limits::MAX_CODE_BYTES / (limits::MAX_FUNCTION_BYTES + 3);
    let mut all = repeated(&a_loop, limits::MAX_LOOPS / functions);
    all.extend(repeated(&a_call, limits::MAX_CALLS / functions));
    all.extend(repeated(&indirect, limits::MAX_INDIRECT / functions));
    let mut branches = vec![I::Block(BlockType::Empty); 64];
    branches.extend(repeated(&[I::I32Const(0), I::BrIf(0), I::End], 64));
    let mut one = repeated(&a_loop, limits::MAX_LOOPS);
    one.extend(repeated(&indirect, limits::MAX_INDIRECT));
    let small = (limits::MAX_CODE_BYTES as usize - 64) / limits::MAX_FUNCTIONS as usize - 3;
    vec![
        (
            "every-limit",
            // The loops and calls go into the full-size functions, not the last one.
            filling_the_code(|i, size| {
                let prefix = if (i as u64) < functions {
                    &all[..]
                } else {
                    &[]
                };
                filled(prefix, &if_else, size)
            }),
        ),
        (
            "ifs",
            filling_the_code(|_, size| filled(&[], &if_else, size)),
        ),
        (
            "branches",
            filling_the_code(|_, size| filled(&[], &branches, size)),
        ),
        (
            "nesting",
            filling_the_code(|_, size| filled(&[], &nested(limits::MAX_NESTING), size)),
        ),
        (
            "functions",
            module(
                &vec![(0, filled(&[I::Call(0)], &if_else, small)); limits::MAX_FUNCTIONS as usize],
                &[],
                16,
            ),
        ),
        (
            "one-function",
            module(
                &[(
                    0,
                    filled(&one, &a_call, limits::MAX_FUNCTION_BYTES as usize),
                )],
                &[],
                16,
            ),
        ),
    ]
}

/// The worst modules pass the check, each filling the code, the functions or a function to within
/// a tenth of its limit. With
/// `SWTCG_WORST_MODULES=DIR` each is also written as a plugin folder `DIR/<name>` for measuring:
/// `/usr/bin/time swtcg plugins validate DIR/<name>` with a fresh `SWTCG_CACHE_DIR` compiles it
/// (and then refuses it: it has no hooks).
#[test]
fn the_worst_allowed_modules_pass_the_check() {
    let out = std::env::var_os("SWTCG_WORST_MODULES").map(std::path::PathBuf::from);
    for (name, wasm) in worst_allowed_modules() {
        let shape = limits::check(&wasm).unwrap_or_else(|e| panic!("{name}: {e}"));
        let near = |figure: u64, limit: u64| figure * 10 >= limit * 9;
        assert!(
            near(shape.code_bytes, limits::MAX_CODE_BYTES)
                || near(shape.functions, limits::MAX_FUNCTIONS)
                || near(shape.largest_function, limits::MAX_FUNCTION_BYTES),
            "{name} fills too little: {shape:?}"
        );
        if let Some(out) = &out {
            let dir = out.join(name);
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(dir.join("worst.wasm"), &wasm).unwrap();
            let manifest = MANIFEST.replace("glutton", &format!("worst-{name}"))
                + "\n[wasm]\nfile = \"worst.wasm\"\n";
            std::fs::write(dir.join("keyword.toml"), manifest).unwrap();
            eprintln!("{}: {shape:?}", dir.display());
        }
    }
}
