//! What a plugin's instances may take of the host while they run: `Limiter`, wasmtime's resource
//! limiter of each plugin store, bounds their memory (the ruleset's `plugin_memory`), the
//! elements of each table, and their instances, tables and memories, and says which limit a
//! breach passed.

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
