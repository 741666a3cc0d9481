//! Hand-written plugins that take more of the host than they may while they run (issue 17,
//! cases 6 and 13): tables grown by millions of elements, initial memory or tables over the
//! limits (refused at load, or the call fails, with an error naming the limit), and a start
//! function that runs out of fuel copying data.
//!
//! The modules are written with wasm-encoder and get the newest API's exports and component
//! type, as in tests/core_abi.rs. Every input is just over its limit, so each refusal is cheap
//! even in a debug build; nothing is timed.

use swtcg_engine::plugins::wasm::limits;
use swtcg_engine::plugins::wasmtime_free::Compiled;
use swtcg_engine::plugins::{AbiPath, Manifest, Registry, WasmRuntime, sha256_hex};
use swtcg_engine::{AbilityHost, Ruleset};
use swtcg_plugin_api::HookPoint;
use wasm_encoder::{
    CodeSection, ConstExpr, DataSection, ExportKind, ExportSection, Function, FunctionSection,
    HeapType, Instruction, MemorySection, MemoryType, RefType, TableSection, TableType,
    TypeSection, ValType,
};

#[path = "../benches/workload/mod.rs"]
mod workload;

/// The queries of the newest API and their number of flat `i32` parameters.
const QUERIES: [(&str, usize); 19] = [
    ("attack-die-modifier", 4),
    ("hit-threshold", 3),
    ("can-be-attacked", 3),
    ("can-be-retargeted", 3),
    ("stat-modifier", 2),
    ("power-against", 3),
    ("damage-preventable", 4),
    ("activations", 16),
    ("activate", 1),
    ("granted-abilities", 2),
    ("completions", 2),
    ("attack-arenas", 2),
    ("stat-modifier-for", 3),
    ("chosen", 3),
    ("understands", 2),
    ("stacks-under", 9),
    ("secret-roll", 2),
    ("removed-keywords", 3),
    ("build-activations", 15),
];

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
