//! The wasmtime bindings of every API version the host loads plugins of, generated from
//! `plugin-api/wit/` (the newest) and `plugin-api/wit-history/<version>/`, one module each;
//! `versions.rs` converts their types and answers their host functions.

/// The bindings of the newest API (`plugin-api/wit/`).
pub(crate) mod bindings {
    wasmtime::component::bindgen!({
        path: "../../plugin-api/wit",
        world: "keyword",
        // Host functions may trap: a call that asks the host too often is stopped.
        imports: { default: trappable },
    });
}

/// The bindings of API 1.19.0 (`plugin-api/wit-history/1.19.0/`), kept so that plugins built
/// against it still load.
pub(crate) mod bindings_1_19 {
    wasmtime::component::bindgen!({
        path: "../../plugin-api/wit-history/1.19.0",
        world: "keyword",
        imports: { default: trappable },
    });
}

/// The bindings of API 1.18.0 (`plugin-api/wit-history/1.18.0/`), kept so that plugins built
/// against it still load.
pub(crate) mod bindings_1_18 {
    wasmtime::component::bindgen!({
        path: "../../plugin-api/wit-history/1.18.0",
        world: "keyword",
        imports: { default: trappable },
    });
}

/// The bindings of API 1.17.0 (`plugin-api/wit-history/1.17.0/`), kept so that plugins built
/// against it still load.
pub(crate) mod bindings_1_17 {
    wasmtime::component::bindgen!({
        path: "../../plugin-api/wit-history/1.17.0",
        world: "keyword",
        imports: { default: trappable },
    });
}

/// The bindings of API 1.16.0 (`plugin-api/wit-history/1.16.0/`), kept so that plugins built
/// against it still load.
pub(crate) mod bindings_1_16 {
    wasmtime::component::bindgen!({
        path: "../../plugin-api/wit-history/1.16.0",
        world: "keyword",
        imports: { default: trappable },
    });
}

/// The bindings of API 1.15.0 (`plugin-api/wit-history/1.15.0/`), kept so that plugins built
/// against it still load.
pub(crate) mod bindings_1_15 {
    wasmtime::component::bindgen!({
        path: "../../plugin-api/wit-history/1.15.0",
        world: "keyword",
        imports: { default: trappable },
    });
}

/// The bindings of API 1.14.0 (`plugin-api/wit-history/1.14.0/`), kept so that plugins built
/// against it still load.
pub(crate) mod bindings_1_14 {
    wasmtime::component::bindgen!({
        path: "../../plugin-api/wit-history/1.14.0",
        world: "keyword",
        imports: { default: trappable },
    });
}

/// The bindings of API 1.13.0 (`plugin-api/wit-history/1.13.0/`), kept so that plugins built
/// against it still load.
pub(crate) mod bindings_1_13 {
    wasmtime::component::bindgen!({
        path: "../../plugin-api/wit-history/1.13.0",
        world: "keyword",
        imports: { default: trappable },
    });
}

/// The bindings of API 1.12.0 (`plugin-api/wit-history/1.12.0/`), kept so that plugins built
/// against it still load.
pub(crate) mod bindings_1_12 {
    wasmtime::component::bindgen!({
        path: "../../plugin-api/wit-history/1.12.0",
        world: "keyword",
        imports: { default: trappable },
    });
}

/// The bindings of API 1.11.0 (`plugin-api/wit-history/1.11.0/`), kept so that plugins built
/// against it still load.
pub(crate) mod bindings_1_11 {
    wasmtime::component::bindgen!({
        path: "../../plugin-api/wit-history/1.11.0",
        world: "keyword",
        imports: { default: trappable },
    });
}

/// The bindings of API 1.10.0 (`plugin-api/wit-history/1.10.0/`), kept so that plugins built
/// against it still load.
pub(crate) mod bindings_1_10 {
    wasmtime::component::bindgen!({
        path: "../../plugin-api/wit-history/1.10.0",
        world: "keyword",
        imports: { default: trappable },
    });
}

/// The bindings of API 1.9.0 (`plugin-api/wit-history/1.9.0/`), kept so that plugins built
/// against it still load.
pub(crate) mod bindings_1_9 {
    wasmtime::component::bindgen!({
        path: "../../plugin-api/wit-history/1.9.0",
        world: "keyword",
        imports: { default: trappable },
    });
}

/// The bindings of API 1.8.0 (`plugin-api/wit-history/1.8.0/`), kept so that plugins built
/// against it still load.
pub(crate) mod bindings_1_8 {
    wasmtime::component::bindgen!({
        path: "../../plugin-api/wit-history/1.8.0",
        world: "keyword",
        imports: { default: trappable },
    });
}

/// The bindings of API 1.7.0 (`plugin-api/wit-history/1.7.0/`), kept so that plugins built
/// against it still load.
pub(crate) mod bindings_1_7 {
    wasmtime::component::bindgen!({
        path: "../../plugin-api/wit-history/1.7.0",
        world: "keyword",
        imports: { default: trappable },
    });
}

/// The bindings of API 1.6.0 (`plugin-api/wit-history/1.6.0/`), kept so that plugins built
/// against it still load.
pub(crate) mod bindings_1_6 {
    wasmtime::component::bindgen!({
        path: "../../plugin-api/wit-history/1.6.0",
        world: "keyword",
        imports: { default: trappable },
    });
}

/// The bindings of API 1.5.0 (`plugin-api/wit-history/1.5.0/`), kept so that plugins built
/// against it still load.
pub(crate) mod bindings_1_5 {
    wasmtime::component::bindgen!({
        path: "../../plugin-api/wit-history/1.5.0",
        world: "keyword",
        imports: { default: trappable },
    });
}

/// The bindings of API 1.4.0 (`plugin-api/wit-history/1.4.0/`), kept so that plugins built
/// against it still load.
pub(crate) mod bindings_1_4 {
    wasmtime::component::bindgen!({
        path: "../../plugin-api/wit-history/1.4.0",
        world: "keyword",
        imports: { default: trappable },
    });
}

/// The bindings of API 1.3.0 (`plugin-api/wit-history/1.3.0/`), kept so that plugins built
/// against it still load.
pub(crate) mod bindings_1_3 {
    wasmtime::component::bindgen!({
        path: "../../plugin-api/wit-history/1.3.0",
        world: "keyword",
        imports: { default: trappable },
    });
}

/// The bindings of API 1.2.0 (`plugin-api/wit-history/1.2.0/`), kept so that plugins built
/// against it still load.
pub(crate) mod bindings_1_2 {
    wasmtime::component::bindgen!({
        path: "../../plugin-api/wit-history/1.2.0",
        world: "keyword",
        imports: { default: trappable },
    });
}

/// The bindings of API 1.1.0 (`plugin-api/wit-history/1.1.0/`), kept so that plugins built
/// against it still load.
pub(crate) mod bindings_1_1 {
    wasmtime::component::bindgen!({
        path: "../../plugin-api/wit-history/1.1.0",
        world: "keyword",
        imports: { default: trappable },
    });
}

/// The bindings of API 1.0.0 (`plugin-api/wit-history/1.0.0/`), kept so that plugins built
/// against it still load.
pub(crate) mod bindings_1_0 {
    wasmtime::component::bindgen!({
        path: "../../plugin-api/wit-history/1.0.0",
        world: "keyword",
        imports: { default: trappable },
    });
}
