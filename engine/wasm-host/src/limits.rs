//! What a plugin may take of the host: the shape of its wasm, checked with wasmparser before
//! wasmtime sees the bytes (`check`), and the memory and tables of its instances while it runs
//! (`Limiter`, wasmtime's resource limiter of each store).
//!
//! wasmtime compiles whatever is valid wasm, and Cranelift's time and memory grow with the code,
//! faster than linearly in the size of a function and far more for some operators than others:
//! a 7.5 MB module of nested blocks took 34 s and 3.65 GB to compile, 100,000 functions 93 s
//! (issue 17, case 7), and 4 MB of nested loops 352 s and 7.8 GB. So the check bounds the size
//! of the wasm, of its code and of each function, and counts the operators that cost Cranelift
//! the most (loops, calls, indirect calls). Each limit is the largest bundled plugin's figure
//! times a wide margin, and the worst module within all of them compiles in about 12 s of CPU and
//! under 300 MB (docs/security.md has the figures and how they were measured). The check is one
//! pass of the parser; it does not validate (wasmtime does, after it), so a module it lets
//! through may still be refused as invalid.

use super::WasmError;
use crate::MAX_WASM_BYTES;

/// The most function bodies in a plugin, over all its core modules.
pub const MAX_FUNCTIONS: u64 = 10_000;

/// The most bytes of code (code sections: the function bodies with their locals) in a plugin,
/// over all its core modules. A bundled plugin compiles at about 1.6 s of CPU per MiB of code,
/// and code of branches only (`br_if` in 32 KiB functions) at about 8 s per MiB. The card-text
/// plugin carries the grammar of card text, which grows with every form it reads (502 KB of
/// code in December 2026, against 87 KiB for the largest keyword plugin); 2 MiB keeps it under
/// half the limit (`plugin_limits.rs`) with room to grow.
pub const MAX_CODE_BYTES: u64 = 2 * 1024 * 1024;

/// The largest function body, in bytes. Cranelift's memory grows faster than a function's size
/// (a function of `if`s took 80 MB at 32 KiB and 250 MB at 64 KiB), and wasmtime compiles a
/// plugin's functions in parallel, one per core, so the peak is about this per core.
pub const MAX_FUNCTION_BYTES: u64 = 32 * 1024;

/// The most loops in a plugin, over all its functions. Cranelift spends about 70 µs on a loop
/// (its header checks fuel and the epoch), against a microsecond or less on most operators.
pub const MAX_LOOPS: u64 = 2_500;

/// The most direct calls (`call`, `return_call`) in a plugin: 5 to 11 µs each.
pub const MAX_CALLS: u64 = 20_000;

/// The most indirect calls (`call_indirect`, `call_ref` and their tail-call forms) and table
/// operations (`table.get`, `table.grow`...) in a plugin: about 50 µs each, and in a large
/// function over 200 µs.
pub const MAX_INDIRECT: u64 = 1_000;

/// The deepest nesting of blocks (`block`, `loop`, `if`, `try`, `try_table`) in one function.
pub const MAX_NESTING: u64 = 1_024;

/// The most locals of one function (its parameters not counted).
pub const MAX_LOCALS: u64 = 4_096;

/// The most bytes of data segments in a plugin, over all its core modules.
pub const MAX_DATA_BYTES: u64 = 4 * 1024 * 1024;

/// The most element segment items (table entries set at instantiation) in a plugin, over all its
/// core modules.
pub const MAX_ELEMENTS: u64 = 10_000;

/// The most core modules in a plugin component.
pub const MAX_CORE_MODULES: u64 = 16;

/// The most core instances a plugin component declares (instantiations of its modules and the
/// bundles of exports it passes to them; `MAX_INSTANCES` bounds those made at run time).
pub const MAX_CORE_INSTANCES: u64 = 16;

/// The most canonical functions (lifts, lowers and built-ins) a plugin component declares:
/// wasmtime compiles a trampoline for each.
pub const MAX_CANONICAL_FUNCTIONS: u64 = 2_000;

/// The figures of a plugin's wasm that the limits bound: totals over all its core modules, and
/// the largest per function.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Shape {
    /// The size of the wasm in bytes.
    pub bytes: u64,
    /// Function bodies.
    pub functions: u64,
    /// Bytes of code sections.
    pub code_bytes: u64,
    /// Loops.
    pub loops: u64,
    /// Direct calls.
    pub calls: u64,
    /// Indirect calls and table operations.
    pub indirect: u64,
    /// The largest function body in bytes.
    pub largest_function: u64,
    /// The deepest block nesting of a function.
    pub nesting: u64,
    /// The most locals of a function.
    pub locals: u64,
    /// Bytes of data segments.
    pub data_bytes: u64,
    /// Element segment items.
    pub elements: u64,
    /// Core modules (a core module is one).
    pub core_modules: u64,
    /// Core instances declared by a component.
    pub core_instances: u64,
    /// Canonical functions declared by a component.
    pub canonical_functions: u64,
}

/// Refuses wasm over any limit, naming what is over and the limit. The size is checked before
/// anything is parsed, the counts of a section before its items are read, and a function's size
/// before its operators, so that an oversized plugin costs little more than reading its headers.
///
/// Bytes that do not parse are left to wasmtime, which refuses them with its own error (the
/// hostile tests pin those messages) before it compiles anything: its translation reads every
/// section first. The check stops at such bytes; a function whose code does not parse is
/// passed over and the next one checked, because wasmtime reads function code only while it
/// compiles, in parallel with the other functions.
pub fn check(wasm: &[u8]) -> Result<Shape, WasmError> {
    let bytes = wasm.len() as u64;
    over("the plugin's wasm", "bytes", bytes, MAX_WASM_BYTES)?;
    let mut shape = Shape {
        bytes,
        ..Shape::default()
    };
    for payload in wasmparser::Parser::new(0).parse_all(wasm) {
        use wasmparser::Payload;
        let Ok(payload) = payload else {
            break;
        };
        match payload {
            Payload::Version {
                encoding: wasmparser::Encoding::Module,
                ..
            } => {
                shape.core_modules += 1;
                over(
                    "the plugin",
                    "core modules",
                    shape.core_modules,
                    MAX_CORE_MODULES,
                )?;
            }
            Payload::CodeSectionStart { count, size, .. } => {
                shape.functions += u64::from(count);
                over("the plugin", "functions", shape.functions, MAX_FUNCTIONS)?;
                shape.code_bytes += u64::from(size);
                over(
                    "the plugin",
                    "bytes of code",
                    shape.code_bytes,
                    MAX_CODE_BYTES,
                )?;
            }
            Payload::CodeSectionEntry(body) => function(&body, &mut shape)?,
            Payload::DataSection(reader) => {
                for data in reader.into_iter().map_while(Result::ok) {
                    shape.data_bytes += data.data.len() as u64;
                    over(
                        "the plugin",
                        "bytes of data segments",
                        shape.data_bytes,
                        MAX_DATA_BYTES,
                    )?;
                }
            }
            Payload::ElementSection(reader) => {
                for element in reader.into_iter().map_while(Result::ok) {
                    shape.elements += u64::from(match element.items {
                        wasmparser::ElementItems::Functions(items) => items.count(),
                        wasmparser::ElementItems::Expressions(_, items) => items.count(),
                    });
                    over(
                        "the plugin",
                        "element segment items",
                        shape.elements,
                        MAX_ELEMENTS,
                    )?;
                }
            }
            Payload::InstanceSection(reader) => {
                shape.core_instances += u64::from(reader.count());
                over(
                    "the plugin",
                    "core instances",
                    shape.core_instances,
                    MAX_CORE_INSTANCES,
                )?;
            }
            Payload::ComponentCanonicalSection(reader) => {
                shape.canonical_functions += u64::from(reader.count());
                over(
                    "the plugin",
                    "canonical functions",
                    shape.canonical_functions,
                    MAX_CANONICAL_FUNCTIONS,
                )?;
            }
            _ => {}
        }
    }
    Ok(shape)
}

/// Checks one function body: its size, then its locals, then its nesting, operator by operator
/// (up to code that does not parse, see `check`).
fn function(body: &wasmparser::FunctionBody<'_>, shape: &mut Shape) -> Result<(), WasmError> {
    let size = body.range().len() as u64;
    shape.largest_function = shape.largest_function.max(size);
    over(
        "a function of the plugin",
        "bytes",
        size,
        MAX_FUNCTION_BYTES,
    )?;
    let Ok(reader) = body.get_locals_reader() else {
        return Ok(());
    };
    let mut locals = 0u64;
    for (count, _) in reader.into_iter().map_while(Result::ok) {
        locals += u64::from(count);
        over("a function of the plugin", "locals", locals, MAX_LOCALS)?;
    }
    shape.locals = shape.locals.max(locals);
    let Ok(mut operators) = body.get_operators_reader() else {
        return Ok(());
    };
    let mut depth = 0u64;
    while !operators.eof() {
        use wasmparser::Operator;
        let Ok(operator) = operators.read() else {
            break;
        };
        match operator {
            Operator::Loop { .. } => {
                shape.loops += 1;
                over("the plugin", "loops", shape.loops, MAX_LOOPS)?;
                depth += 1;
                shape.nesting = shape.nesting.max(depth);
                over(
                    "a function of the plugin",
                    "nested blocks",
                    depth,
                    MAX_NESTING,
                )?;
            }
            Operator::Block { .. }
            | Operator::If { .. }
            | Operator::Try { .. }
            | Operator::TryTable { .. } => {
                depth += 1;
                shape.nesting = shape.nesting.max(depth);
                over(
                    "a function of the plugin",
                    "nested blocks",
                    depth,
                    MAX_NESTING,
                )?;
            }
            Operator::End | Operator::Delegate { .. } => depth = depth.saturating_sub(1),
            Operator::Call { .. } | Operator::ReturnCall { .. } => {
                shape.calls += 1;
                over("the plugin", "calls", shape.calls, MAX_CALLS)?;
            }
            Operator::CallIndirect { .. }
            | Operator::ReturnCallIndirect { .. }
            | Operator::CallRef { .. }
            | Operator::ReturnCallRef { .. }
            | Operator::TableGet { .. }
            | Operator::TableSet { .. }
            | Operator::TableGrow { .. }
            | Operator::TableFill { .. }
            | Operator::TableCopy { .. }
            | Operator::TableInit { .. } => {
                shape.indirect += 1;
                over(
                    "the plugin",
                    "indirect calls and table operations",
                    shape.indirect,
                    MAX_INDIRECT,
                )?;
            }
            _ => {}
        }
    }
    Ok(())
}

/// An error if `count` of `what` in `whose` is over `limit`: "the plugin has 100000 functions,
/// more than the limit of 20000".
fn over(whose: &str, what: &str, count: u64, limit: u64) -> Result<(), WasmError> {
    if count > limit {
        return Err(WasmError(format!(
            "{whose} has {count} {what}, more than the limit of {limit}"
        )));
    }
    Ok(())
}

/// The most elements of one table of a plugin instance, at instantiation or grown. A Rust
/// plugin has one table, of the functions it calls indirectly; the largest bundled one has far
/// fewer (docs/security.md). Each element takes host memory that `plugin_memory` does not
/// count, so without this cap a plugin could take gigabytes (issue 17, case 6).
pub const MAX_TABLE_ELEMENTS: usize = 10_000;

/// The most core instances, tables and memories of one plugin instance (a component made by
/// wit-component has at most three core instances, two tables and one memory).
pub const MAX_INSTANCES: usize = 4;
pub const MAX_TABLES: usize = 4;
pub const MAX_MEMORIES: usize = 2;

/// A plugin instance over one of its runtime limits: the reason a call (or an instantiation)
/// failed, found again by `describe_trap` in the error wasmtime returns.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Breach(pub String);

/// The store's resource limiter of a plugin instance: its memory within the ruleset's
/// `plugin_memory`, each table within `MAX_TABLE_ELEMENTS`, and few instances, tables and
/// memories. wasmtime asks it for the sizes a module declares as well as for every `grow`, so a
/// module whose initial memory or tables are too large fails to instantiate, and the plugin is
/// refused when it is loaded (its first instance is made then). A breach traps, with a
/// `Breach` that says what grew and the limit, rather than failing the `grow` quietly: a plugin
/// out of memory is reported as such and not as the abort its allocator turns it into.
pub struct Limiter {
    /// The ruleset's `plugin_memory`, in bytes.
    memory: usize,
}

impl Limiter {
    pub fn new(memory: u64) -> Limiter {
        Limiter {
            memory: usize::try_from(memory).unwrap_or(usize::MAX),
        }
    }
}

/// A size in bytes as people read it: "64 MiB", "192 KiB", else bytes.
fn size(bytes: usize) -> String {
    const KIB: usize = 1024;
    const MIB: usize = 1024 * 1024;
    if bytes >= MIB && bytes.is_multiple_of(MIB) {
        format!("{} MiB", bytes / MIB)
    } else if bytes >= KIB && bytes.is_multiple_of(KIB) {
        format!("{} KiB", bytes / KIB)
    } else {
        format!("{bytes} bytes")
    }
}

impl wasmtime::ResourceLimiter for Limiter {
    fn memory_growing(
        &mut self,
        current: usize,
        desired: usize,
        maximum: Option<usize>,
    ) -> wasmtime::Result<bool> {
        // `current` is 0 when the memory is made at instantiation with its declared minimum.
        let what = if current == 0 {
            format!("its initial memory needs {}", size(desired))
        } else {
            format!("its memory grows to {}", size(desired))
        };
        if desired > self.memory {
            return Err(wasmtime::Error::new(Breach(format!(
                "ran out of memory: {what}, more than plugin_memory {} (the ruleset's memory per instance)",
                size(self.memory)
            ))));
        }
        if let Some(maximum) = maximum.filter(|&maximum| desired > maximum) {
            return Err(wasmtime::Error::new(Breach(format!(
                "ran out of memory: {what}, more than its own maximum of {}",
                size(maximum)
            ))));
        }
        Ok(true)
    }

    fn memory_grow_failed(&mut self, error: wasmtime::Error) -> wasmtime::Result<()> {
        Err(error.context(Breach(
            "ran out of memory: the host could not grow its memory".into(),
        )))
    }

    fn table_growing(
        &mut self,
        current: usize,
        desired: usize,
        maximum: Option<usize>,
    ) -> wasmtime::Result<bool> {
        // `current` is 0 at instantiation, and when an empty table grows.
        let what = if current == 0 {
            format!("a table needs {desired} elements")
        } else {
            format!("a table grows to {desired} elements")
        };
        if desired > MAX_TABLE_ELEMENTS {
            return Err(wasmtime::Error::new(Breach(format!(
                "{what}, more than the limit of {MAX_TABLE_ELEMENTS} per table"
            ))));
        }
        if let Some(maximum) = maximum.filter(|&maximum| desired > maximum) {
            return Err(wasmtime::Error::new(Breach(format!(
                "{what}, more than its own maximum of {maximum}"
            ))));
        }
        Ok(true)
    }

    fn table_grow_failed(&mut self, error: wasmtime::Error) -> wasmtime::Result<()> {
        Err(error.context(Breach("the host could not grow a table".into())))
    }

    fn instances(&self) -> usize {
        MAX_INSTANCES
    }

    fn tables(&self) -> usize {
        MAX_TABLES
    }

    fn memories(&self) -> usize {
        MAX_MEMORIES
    }
}
