//! Lying core modules: plugins whose exports return pointers outside their memory, unaligned
//! pointers, lists longer than their memory, unknown cases and strings that are not UTF-8, and
//! whose host calls pass such pointers or whose allocator returns them. The core call path
//! (`AbiPath::Core`, engine/wasm-host/src/core_abi.rs) reads and writes guest memory itself;
//! each of these must be an error naming the plugin, never a panic of the host, and the
//! component path must refuse the same plugins.
//!
//! The modules are written here with wasm-encoder, given the newest API's component type with
//! wit-component (as wit-bindgen would), and loaded like any plugin.

use swtcg_engine::model::{GameState, Play};
use swtcg_engine::plugins::wasmtime_free::Compiled;
use swtcg_engine::plugins::{AbiPath, Manifest, Registry, WasmRuntime, sha256_hex};
use swtcg_engine::{AbilityHost, Ruleset};
use swtcg_plugin_api::{Effect, HookPoint, PlayKind, PlayView, Side};
use wasm_encoder::{
    CodeSection, ConstExpr, DataSection, EntityType, ExportKind, ExportSection, Function,
    FunctionSection, ImportSection, Instruction, MemorySection, MemoryType, TypeSection, ValType,
};

use crate::workload;

/// The queries of the newest API and their number of flat `i32` parameters (shared with the
/// hostile modules' tests).
pub(crate) const QUERIES: [(&str, usize); 28] = [
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
    ("pilot-room", 4),
    ("removed-keywords-all", 2),
    ("undisruptable", 2),
    ("granted-abilities-for", 3),
    ("build-cost-change-for", 3),
    ("actions", 15),
    ("forbids", 7),
    ("later", 3),
    ("subtypes", 2),
];

/// What the lying module's hooks do.
struct Liar {
    /// The pointer every hook returns.
    ret: u32,
    /// Bytes put in memory, by address.
    data: Vec<(u32, Vec<u8>)>,
    /// A host function every hook calls first (the module imports it), taking only a return
    /// pointer (`attack`, `playing`), and that pointer.
    host_call: Option<(&'static str, u32)>,
    /// What `cabi_realloc` returns.
    realloc: u32,
    /// Each hook has a post-return function, which traps.
    trapping_post: bool,
    /// The text of its `swtcg-sdk` custom section, the guest SDK's promises.
    promises: Option<&'static str>,
}

impl Liar {
    fn returning(ret: u32, data: Vec<(u32, Vec<u8>)>) -> Liar {
        Liar {
            ret,
            data,
            host_call: None,
            realloc: 1024,
            trapping_post: false,
            promises: None,
        }
    }

    /// The core module, with the component type of the newest API embedded.
    fn module(&self) -> Vec<u8> {
        let version = swtcg_plugin_api::api_version_string();
        let mut types = TypeSection::new();
        // Type i: i parameters of i32 and one i32 result, for i in 0..=16; 17: (i32) -> ().
        for params in 0..=16 {
            types
                .ty()
                .function(vec![ValType::I32; params], vec![ValType::I32]);
        }
        types.ty().function(vec![ValType::I32], vec![]);
        let mut imports = ImportSection::new();
        let imported = u32::from(self.host_call.is_some());
        if let Some((name, _)) = self.host_call {
            imports.import(
                &format!("swtcg:keyword/host@{version}"),
                name,
                EntityType::Function(17),
            );
        }
        let mut functions = FunctionSection::new();
        let mut code = CodeSection::new();
        let mut exports = ExportSection::new();
        let mut add = |name: String, params: u32, body: &[Instruction]| {
            let index = imported + functions.len();
            functions.function(params);
            let mut f = Function::new(vec![]);
            for instruction in body {
                f.instruction(instruction);
            }
            f.instruction(&Instruction::End);
            code.function(&f);
            exports.export(&name, ExportKind::Func, index);
        };
        add(
            "cabi_realloc".into(),
            4,
            &[Instruction::I32Const(self.realloc as i32)],
        );
        let mut hook = Vec::new();
        if let Some((_, ret)) = self.host_call {
            hook.push(Instruction::I32Const(ret as i32));
            hook.push(Instruction::Call(0));
        }
        hook.push(Instruction::I32Const(self.ret as i32));
        for point in HookPoint::ALL {
            let name = format!("swtcg:keyword/hooks@{version}#{}", point.name());
            add(name.clone(), 15, &hook);
            if self.trapping_post {
                add(format!("cabi_post_{name}"), 17, &[Instruction::Unreachable]);
            }
        }
        for (name, params) in QUERIES {
            add(
                format!("swtcg:keyword/queries@{version}#{name}"),
                params as u32,
                &[Instruction::I32Const(0)],
            );
        }
        let mut memories = MemorySection::new();
        memories.memory(MemoryType {
            minimum: 1,
            maximum: None,
            memory64: false,
            shared: false,
            page_size_log2: None,
        });
        exports.export("memory", ExportKind::Memory, 0);
        let mut data = DataSection::new();
        for (at, bytes) in &self.data {
            data.active(0, &ConstExpr::i32_const(*at as i32), bytes.iter().copied());
        }
        let mut module = wasm_encoder::Module::new();
        module
            .section(&types)
            .section(&imports)
            .section(&functions)
            .section(&memories)
            .section(&exports)
            .section(&code)
            .section(&data);
        if let Some(promises) = self.promises {
            module.section(&wasm_encoder::CustomSection {
                name: "swtcg-sdk".into(),
                data: promises.as_bytes().into(),
            });
        }
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
id = "liar"
name = "Liar"
version = "0.1.0"
api = "^1.0"
template = "Liar"
parameter = "none"
class = ["triggered"]
hooks = ["pop-p6"]
description = "Returns pointers it should not."
"#;

/// Calls the Critical Hit position's pending damage POP hook of a lying module through one
/// path; the result, with the error as its message.
fn call(liar: &Liar, abi: AbiPath) -> Result<Vec<Effect>, String> {
    call_in(liar, abi, &workload::hook_position(1, true))
}

/// `call` in another game state.
fn call_in(liar: &Liar, abi: AbiPath, state: &GameState) -> Result<Vec<Effect>, String> {
    let runtime = WasmRuntime::new().unwrap();
    let wasm = liar.module();
    let compiled = runtime.compile(&wasm).map_err(|e| e.to_string())?;
    assert!(
        compiled.has_core_path(),
        "the liar can't take the core path"
    );
    let mut registry = liar_registry(&runtime, &compiled, &wasm)?;
    registry.set_abi_path(abi);
    assert_eq!(registry.abi_path(0), Some(abi));
    let ability = workload::bench_ability(state);
    let event = workload::bench_event(state);
    registry
        .call_hook(0, workload::BENCH_HOOK, &ability, &event, state)
        .map_err(|e| e.to_string())
}

/// A registry of the lying module alone, with the default ruleset's limits.
fn liar_registry(
    runtime: &WasmRuntime,
    compiled: &Compiled,
    wasm: &[u8],
) -> Result<Registry, String> {
    let ruleset = Ruleset::default();
    let mut registry = Registry::new();
    registry
        .add(
            runtime,
            Manifest::parse("liar/keyword.toml", MANIFEST).unwrap(),
            compiled,
            sha256_hex(wasm),
            "liar".into(),
            (ruleset.plugin_memory, ruleset.plugin_fuel),
        )
        .map_err(|e| e.to_string())?;
    Ok(registry)
}

fn le(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// A `result<list<effect>, string>` at 16 whose list of `len` effects is at `list`.
fn effects_at(list: u32, len: u32) -> (u32, Vec<u8>) {
    (16, le(&[0, list, len]))
}

/// Both paths refuse the module with an error naming the plugin.
fn refused(liar: Liar, what: &str) {
    for abi in [AbiPath::Core, AbiPath::Component] {
        match call(&liar, abi) {
            Ok(effects) => panic!("{what}: the {abi:?} path accepted {effects:?}"),
            Err(message) => assert!(
                message.contains("liar@0.1.0"),
                "{what}: the {abi:?} path's error names no plugin: {message}"
            ),
        }
    }
}

#[test]
fn a_well_formed_answer_is_read_alike_by_both_paths() {
    // gain-force (case 8) of 3, then counters (case 11) of kind "ion" and 2 on unit 1, then
    // disrupt (case 31, the last, API 1.8) of play 9.
    let mut effects = le(&[8, 3, 0, 0, 0, 0, 0]);
    effects.extend(le(&[11, 1, 200, 3, 2, 0, 0]));
    effects.extend(le(&[31, 9, 0, 0, 0, 0, 0]));
    let liar = Liar::returning(
        16,
        vec![effects_at(32, 3), (32, effects), (200, b"ion".to_vec())],
    );
    let core = call(&liar, AbiPath::Core).unwrap();
    assert_eq!(
        core,
        vec![
            Effect::GainForce { amount: 3 },
            Effect::Counters {
                unit: 1,
                kind: "ion".into(),
                amount: 2
            },
            Effect::Disrupt { play: 9 }
        ]
    );
    assert_eq!(call(&liar, AbiPath::Component).unwrap(), core);
}

#[test]
fn an_empty_answer_skips_the_post_return_only_where_the_sdk_promises_it() {
    // Every hook's post-return traps, so a call succeeds only if it is skipped.
    let liar = |len: u32, promises: Option<&'static str>| Liar {
        trapping_post: true,
        promises,
        ..Liar::returning(
            16,
            vec![effects_at(32, len), (32, le(&[8, 3, 0, 0, 0, 0, 0]))],
        )
    };
    let promise = Some("post-return-frees-nothing-for-empty\n");
    assert_eq!(call(&liar(0, promise), AbiPath::Core), Ok(Vec::new()));
    // The component path follows the canonical ABI whatever the module promises.
    let skipped_nowhere = [
        (liar(0, promise), AbiPath::Component, "component path"),
        (liar(1, promise), AbiPath::Core, "a non-empty answer"),
        (liar(0, None), AbiPath::Core, "no promise"),
        (
            liar(0, Some("something-else\n")),
            AbiPath::Core,
            "another promise",
        ),
    ];
    for (liar, abi, what) in skipped_nowhere {
        let message = call(&liar, abi).expect_err(what);
        assert!(message.contains("liar@0.1.0"), "{what}: {message}");
    }
}

#[test]
fn an_error_string_is_the_plugins_error_on_both_paths() {
    let liar = Liar::returning(16, vec![(16, le(&[1, 64, 5])), (64, b"nope!".to_vec())]);
    for abi in [AbiPath::Core, AbiPath::Component] {
        let message = call(&liar, abi).unwrap_err();
        assert!(
            message.contains("the plugin returned an error: nope!"),
            "{message}"
        );
    }
}

#[test]
fn a_result_pointer_outside_memory_is_refused() {
    refused(Liar::returning(0xFFFF_FFF0, vec![]), "result beyond 4 GiB");
    refused(Liar::returning(65_532, vec![]), "result across the end");
}

#[test]
fn an_unaligned_result_pointer_is_refused() {
    refused(Liar::returning(17, vec![]), "unaligned result");
}

#[test]
fn a_list_longer_than_memory_is_refused() {
    refused(
        Liar::returning(16, vec![effects_at(32, 0x1000_0000)]),
        "list of 2^28 effects",
    );
    refused(
        Liar::returning(16, vec![effects_at(0xFFFF_FF00, 1)]),
        "list beyond memory",
    );
    refused(
        Liar::returning(16, vec![effects_at(34, 1)]),
        "unaligned list",
    );
}

#[test]
fn unknown_cases_are_refused() {
    refused(
        Liar::returning(16, vec![(16, le(&[7, 0, 0]))]),
        "result case 7",
    );
    refused(
        Liar::returning(
            16,
            vec![effects_at(32, 1), (32, le(&[200, 0, 0, 0, 0, 0, 0]))],
        ),
        "effect case 200",
    );
    // at-attack-end (13) of delayed case 9.
    refused(
        Liar::returning(
            16,
            vec![effects_at(32, 1), (32, le(&[13, 9, 0, 0, 0, 0, 0]))],
        ),
        "delayed case 9",
    );
    // A stat change (0) lasting duration 7.
    refused(
        Liar::returning(
            16,
            vec![effects_at(32, 1), (32, le(&[0, 1, 0, 0, 0, 7, 0]))],
        ),
        "duration 7",
    );
}

#[test]
fn a_bool_byte_other_than_0_is_true_on_both_paths() {
    // attack-again (25) whose `tap` is the byte 2: true, as the canonical ABI reads a bool.
    let liar = Liar::returning(
        16,
        vec![effects_at(32, 1), (32, le(&[25, 1, 2, 2, 0, 0, 0]))],
    );
    let expected = vec![Effect::AttackAgain {
        attacker: 1,
        defender: 2,
        tap: true,
    }];
    assert_eq!(call(&liar, AbiPath::Core), Ok(expected.clone()));
    assert_eq!(call(&liar, AbiPath::Component), Ok(expected));
}

#[test]
fn bad_strings_are_refused() {
    // counters (11) whose kind is far outside memory, then one that is not UTF-8.
    refused(
        Liar::returning(
            16,
            vec![
                effects_at(32, 1),
                (32, le(&[11, 1, 0xFFFF_0000, 10, 2, 0, 0])),
            ],
        ),
        "string outside memory",
    );
    refused(
        Liar::returning(
            16,
            vec![
                effects_at(32, 1),
                (32, le(&[11, 1, 200, 2, 2, 0, 0])),
                (200, vec![0xC3, 0x28]),
            ],
        ),
        "string not UTF-8",
    );
}

#[test]
fn host_answers_to_bad_pointers_are_refused() {
    // `attack()` asked to write its answer outside memory, or unaligned.
    for (ret, what) in [(0xFFFF_FFF0, "outside memory"), (18, "unaligned")] {
        let liar = Liar {
            host_call: Some(("attack", ret)),
            ..Liar::returning(16, vec![effects_at(32, 0)])
        };
        refused(liar, &format!("attack() answer {what}"));
    }
    // The allocator giving the attack dice an address outside memory.
    let liar = Liar {
        host_call: Some(("attack", 64)),
        realloc: 0xFFFF_0000,
        ..Liar::returning(16, vec![effects_at(32, 0)])
    };
    refused(liar, "cabi_realloc outside memory");
    // And the same module with an honest allocator works on both paths.
    let honest = Liar {
        host_call: Some(("attack", 64)),
        ..Liar::returning(16, vec![effects_at(32, 0)])
    };
    assert_eq!(call(&honest, AbiPath::Core), Ok(vec![]));
    assert_eq!(call(&honest, AbiPath::Component), Ok(vec![]));
}

#[test]
fn the_play_being_disrupted_is_lowered_alike_by_both_paths() {
    // `playing()` (API 1.8) writes its `option<play-view>` at 64, and the hook's one effect is
    // read from the answer's bytes: from 64, the option's case 1 reads as prevent (case 1) of
    // the play's id (at 68) by its side and kind (the bytes at 72 and 73); from 84, the
    // `unit`'s case 1 as prevent of the unit (at 88) by the pointer of `text` (at 92), which
    // the module's allocator put at 1024. Both paths must lower the record to those places.
    let mut state = workload::hook_position(1, true);
    state.plays.push(Play {
        view: PlayView {
            id: 7,
            side: Side::Light,
            kind: PlayKind::ActivatedAbility,
            card: "Darth Vader (G)".into(),
            unit: Some(3),
            text: "Pay 2 Force -> Evade 2".into(),
        },
        disrupted: false,
    });
    for (at, expected) in [
        (
            64,
            Effect::Prevent {
                unit: 7,
                amount: 1 + (2 << 8),
            },
        ),
        (
            84,
            Effect::Prevent {
                unit: 3,
                amount: 1024,
            },
        ),
    ] {
        let liar = Liar {
            host_call: Some(("playing", 64)),
            ..Liar::returning(16, vec![effects_at(at, 1)])
        };
        for abi in [AbiPath::Core, AbiPath::Component] {
            assert_eq!(
                call_in(&liar, abi, &state),
                Ok(vec![expected.clone()]),
                "{abi:?}, effect at {at}"
            );
        }
    }
    // With no play open, only the option's case is written: the effect from 64 reads case 0,
    // stats, of the zeroed memory after it.
    let liar = Liar {
        host_call: Some(("playing", 64)),
        ..Liar::returning(16, vec![effects_at(64, 1)])
    };
    let none = call(&liar, AbiPath::Core);
    assert!(
        matches!(&none.as_deref(), Ok([Effect::Stats(_)])),
        "{none:?}"
    );
    assert_eq!(call(&liar, AbiPath::Component), none);
}

#[test]
fn a_plugin_loaded_from_the_compile_cache_takes_either_path() {
    // gain-force (case 8) of 5. Loaded from `precompile` bytes, the component is left unloaded
    // for the core path and loaded when the component path is chosen.
    let liar = Liar::returning(
        16,
        vec![effects_at(32, 1), (32, le(&[8, 5, 0, 0, 0, 0, 0]))],
    );
    let runtime = WasmRuntime::new().unwrap();
    let wasm = liar.module();
    let compiled = runtime
        .load_compiled(&runtime.precompile(&wasm).unwrap())
        .unwrap();
    assert!(compiled.has_core_path());
    let mut registry = liar_registry(&runtime, &compiled, &wasm).unwrap();
    let state = workload::hook_position(1, true);
    let ability = workload::bench_ability(&state);
    let event = workload::bench_event(&state);
    let expected = Ok(vec![Effect::GainForce { amount: 5 }]);
    for abi in [AbiPath::Core, AbiPath::Component, AbiPath::Core] {
        registry.set_abi_path(abi);
        assert_eq!(registry.abi_path(0), Some(abi));
        let effects = registry.call_hook(0, workload::BENCH_HOOK, &ability, &event, &state);
        assert_eq!(effects, expected, "{abi:?}");
    }
}
