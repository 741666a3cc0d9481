//! Build script of the `swtcg` binary: compiles the keyword plugins of `plugins/` to wasm, turns
//! each one into a component and generates the `BUNDLED` table that `src/bundled.rs` includes.
//!
//! The plugins are a separate cargo workspace built for `wasm32-unknown-unknown`, so a plain
//! `cargo build --release` of the root workspace is enough to get a binary that carries them.

use std::collections::BTreeSet;
use std::env;
use std::ffi::OsString;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

/// The one implementation of turning a core module into a component, the wasm host's own.
#[path = "../engine/wasm-host/src/componentize.rs"]
mod componentize;

/// The only rustc target the plugins are built for.
const WASM_TARGET: &str = "wasm32-unknown-unknown";

/// The interface package a plugin component may import from: the engine provides nothing else.
const HOST_PACKAGE: &str = "swtcg:keyword/";

/// Environment variables of the outer build that must not reach the nested cargo: flags and
/// profiles meant for the host binary, the outer target directory, the outer jobserver and the
/// per-workspace wrapper that `cargo clippy` installs.
const LEAKY_VARS: &[&str] = &[
    "CARGO_ENCODED_RUSTFLAGS",
    "RUSTFLAGS",
    "CARGO_TARGET_DIR",
    "CARGO_MAKEFLAGS",
    "MAKEFLAGS",
    "MFLAGS",
    "RUSTC_WORKSPACE_WRAPPER",
];

/// Prefixes of the same kind of variables: `CARGO_BUILD_TARGET`, `CARGO_BUILD_RUSTFLAGS`,
/// `CARGO_BUILD_TARGET_DIR`, `CARGO_PROFILE_RELEASE_LTO`...
const LEAKY_PREFIXES: &[&str] = &["CARGO_BUILD_", "CARGO_PROFILE_"];

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            // Cargo shows a failed build script's stderr, so the message reaches the user
            // without a panic backtrace around it.
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let manifest_dir = PathBuf::from(env_var("CARGO_MANIFEST_DIR")?);
    let out_dir = PathBuf::from(env_var("OUT_DIR")?);
    let repo = manifest_dir
        .parent()
        .ok_or_else(|| format!("{} has no parent directory", manifest_dir.display()))?;
    let plugins = repo.join("plugins");
    let plugin_dirs = plugin_dirs(&plugins)?;

    watch_inputs(repo, &plugins)?;

    ensure_wasm_target()?;
    let wasm_target_dir = outer_target_dir(&out_dir)?.join("plugins-wasm");
    build_plugins(&plugins, &wasm_target_dir)?;
    let wasm_dir = wasm_target_dir.join(WASM_TARGET).join("release");

    // Start from an empty directory so that a deleted plugin leaves no stale component behind.
    let bundled_dir = out_dir.join("bundled");
    if bundled_dir.exists() {
        fs::remove_dir_all(&bundled_dir)
            .map_err(|e| format!("cannot clear {}: {e}", bundled_dir.display()))?;
    }
    fs::create_dir_all(&bundled_dir)
        .map_err(|e| format!("cannot create {}: {e}", bundled_dir.display()))?;

    let mut table = String::from("pub static BUNDLED: &[crate::bundled::BundledPlugin] = &[\n");
    for (dir, path) in &plugin_dirs {
        let manifest = path.join("keyword.toml");
        if !manifest.is_file() {
            continue;
        }
        let module_path = wasm_dir.join(format!("{}.wasm", lib_name(path)?));
        let module = fs::read(&module_path).map_err(|e| {
            format!(
                "plugins/{dir} has a keyword.toml but {} could not be read ({e}); is `{dir}` \
                 listed in the members of plugins/Cargo.toml, with crate-type = [\"cdylib\"]?",
                module_path.display()
            )
        })?;
        let component = componentize::componentize(&module)
            .and_then(|c| componentize::check_imports(&c, HOST_PACKAGE).map(|()| c))
            .map_err(|e| {
                format!(
                    "plugins/{dir}: {} is not a valid plugin: {e}",
                    module_path.display()
                )
            })?;
        let component_path = bundled_dir.join(format!("{dir}.wasm"));
        fs::write(&component_path, &component)
            .map_err(|e| format!("cannot write {}: {e}", component_path.display()))?;
        // Writing to a String cannot fail.
        // Hashed here, once, rather than at every start of the binary: the bytes are the ones
        // `include_bytes!` embeds, and `bundled::tests` checks that they agree.
        let sha256: String = {
            use sha2::Digest as _;
            sha2::Sha256::digest(&component)
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect()
        };
        let _ = write!(
            table,
            "    crate::bundled::BundledPlugin {{ dir: {dir:?}, manifest: include_str!({:?}), \
             component: include_bytes!({:?}), sha256: {sha256:?}, files: &[",
            path_str(&manifest)?,
            path_str(&component_path)?,
        );
        for file in shipped_files(path)? {
            let relative = file
                .strip_prefix(path)
                .map_err(|_| format!("{} is outside {}", file.display(), path.display()))?;
            let _ = write!(
                table,
                "({:?}, include_str!({:?})), ",
                path_str(relative)?.replace('\\', "/"),
                path_str(&file)?,
            );
        }
        table.push_str("] },\n");
    }
    table.push_str("];\n");

    let table_path = out_dir.join("bundled_plugins.rs");
    fs::write(&table_path, table).map_err(|e| format!("cannot write {}: {e}", table_path.display()))
}

fn env_var(name: &str) -> Result<OsString, String> {
    env::var_os(name).ok_or_else(|| format!("cargo did not set {name} for the build script"))
}

/// The folders of `plugins/`, by name, sorted so that the generated table is stable. The shared
/// `target` folder and hidden folders are not plugins.
fn plugin_dirs(plugins: &Path) -> Result<Vec<(String, PathBuf)>, String> {
    let entries =
        fs::read_dir(plugins).map_err(|e| format!("cannot list {}: {e}", plugins.display()))?;
    let mut dirs = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| format!("cannot list {}: {e}", plugins.display()))?;
        let path = entry.path();
        let Some(name) = entry.file_name().to_str().map(str::to_owned) else {
            return Err(format!("{} is not valid UTF-8", path.display()));
        };
        if path.is_dir() && name != "target" && !name.starts_with('.') {
            dirs.push((name, path));
        }
    }
    dirs.sort();
    Ok(dirs)
}

/// The folders of a plugin whose files ship with it besides its manifest and wasm: its
/// scenarios, and the rulesets they name (`ruleset = "../rulesets/..."`).
const SHIPPED_FOLDERS: &[&str] = &["scenarios", "rulesets"];

/// The files of a plugin's shipped folders, sorted, for `swtcg plugins export` to write out.
fn shipped_files(plugin: &Path) -> Result<Vec<PathBuf>, String> {
    let mut files = BTreeSet::new();
    for folder in SHIPPED_FOLDERS {
        watch_tree(&plugin.join(folder), &mut files)?;
    }
    Ok(files.into_iter().filter(|f| f.is_file()).collect())
}

/// Tells cargo which files the plugins are made of, so that the script (and the nested build)
/// runs again when one changes and never because of an unrelated edit.
fn watch_inputs(repo: &Path, plugins: &Path) -> Result<(), String> {
    let mut watched = BTreeSet::new();
    for file in ["Cargo.toml", "Cargo.lock"] {
        // A missing file would make cargo rerun the script on every build, so only existing
        // files are watched; the lock file appears after the first nested build anyway.
        let path = plugins.join(file);
        if path.is_file() {
            watched.insert(path);
        }
    }
    for (_, dir) in plugin_dirs(plugins)? {
        if dir.join("keyword.toml").is_file() {
            watched.insert(dir.join("keyword.toml"));
            watched.insert(dir.join("Cargo.toml"));
            watch_tree(&dir.join("src"), &mut watched)?;
            // The shipped files are embedded for `plugins export`.
            for folder in SHIPPED_FOLDERS {
                watch_tree(&dir.join(folder), &mut watched)?;
            }
        } else {
            // Cargo scans a watched folder recursively, so the folder notices the keyword.toml
            // that will turn it into a bundled plugin, and a change to the libraries plugins
            // share (`shared/`) rebuilds the plugins.
            watched.insert(dir);
        }
    }
    // The contract, its WIT and the guest SDK (`plugin-api/sdk/`) are built into every plugin,
    // the readers of printed card text (`plugin-api/card-text/`) and the grammar of card text
    // (`plugin-api/card-script/`) into those that read texts.
    let api = repo.join("plugin-api");
    for krate in [
        api.clone(),
        api.join("sdk"),
        api.join("card-text"),
        api.join("card-script"),
    ] {
        watched.insert(krate.join("Cargo.toml"));
        watch_tree(&krate.join("src"), &mut watched)?;
    }
    watch_tree(&api.join("wit"), &mut watched)?;
    for path in watched {
        println!("cargo:rerun-if-changed={}", path_str(&path)?);
    }
    Ok(())
}

/// Adds every file under `dir`, and `dir` itself: cargo scans a watched folder recursively,
/// which is how a file added to it is noticed.
fn watch_tree(dir: &Path, watched: &mut BTreeSet<PathBuf>) -> Result<(), String> {
    if !dir.is_dir() {
        return Ok(());
    }
    watched.insert(dir.to_path_buf());
    let entries = fs::read_dir(dir).map_err(|e| format!("cannot list {}: {e}", dir.display()))?;
    for entry in entries {
        let path = entry
            .map_err(|e| format!("cannot list {}: {e}", dir.display()))?
            .path();
        if path.is_dir() {
            watch_tree(&path, watched)?;
        } else {
            watched.insert(path);
        }
    }
    Ok(())
}

/// The target directory of the outer build. `OUT_DIR` is
/// `<target>/<profile>/build/<pkg>-<hash>/out`, or `<target>/<triple>/<profile>/build/...` when
/// a `--target` is given. Walking up from it finds the directory however it was chosen (flag,
/// config file or a relative `CARGO_TARGET_DIR`, which would be relative to where cargo was
/// started rather than to this script).
fn outer_target_dir(out_dir: &Path) -> Result<PathBuf, String> {
    let unexpected = || format!("unexpected OUT_DIR layout: {}", out_dir.display());
    let build = out_dir
        .ancestors()
        .find(|dir| dir.file_name().is_some_and(|name| name == "build"))
        .ok_or_else(unexpected)?;
    let profile = build.parent().ok_or_else(unexpected)?;
    let mut target = profile.parent().ok_or_else(unexpected)?;
    if let Some(triple) = env::var_os("TARGET")
        && target.file_name() == Some(triple.as_os_str())
    {
        target = target.parent().ok_or_else(unexpected)?;
    }
    Ok(target.to_path_buf())
}

/// Runs the cargo that runs this script on the plugins workspace. Its own target directory keeps
/// it off the lock the outer build holds, and leaves the outer build's settings out.
fn build_plugins(plugins: &Path, target_dir: &Path) -> Result<(), String> {
    let cargo = env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(&cargo);
    command
        .args(["build", "--release", "--workspace", "--target", WASM_TARGET])
        .arg("--manifest-path")
        .arg(plugins.join("Cargo.toml"))
        .arg("--target-dir")
        .arg(target_dir)
        // Run from the plugins workspace so that its configuration applies, as when a plugin
        // author builds it by hand.
        .current_dir(plugins);
    for (name, _) in env::vars_os() {
        let Some(name) = name.to_str() else { continue };
        if LEAKY_VARS.contains(&name) || LEAKY_PREFIXES.iter().any(|p| name.starts_with(p)) {
            command.env_remove(name);
        }
    }
    // The repository's path would end up in the wasm (panic locations), so the same sources
    // checked out elsewhere would give plugins of other sha256 and a lockfile would not match:
    // the path is remapped to a fixed name, which makes the plugins the same bytes everywhere.
    if let Some(root) = plugins.parent() {
        command.env(
            "CARGO_ENCODED_RUSTFLAGS",
            format!("--remap-path-prefix={}=/swtcg", root.display()),
        );
    }
    let output = command
        .output()
        .map_err(|e| format!("cannot run {}: {e}", Path::new(&cargo).display()))?;
    if output.status.success() {
        return Ok(());
    }
    // The nested cargo's own diagnostics come first, so that the summary ends the output.
    let stderr = String::from_utf8_lossy(&output.stderr);
    eprintln!("{stderr}");
    let hint = if stderr.contains("may not be installed")
        || stderr.contains("can't find crate for `core`")
        || stderr.contains("can't find crate for `std`")
    {
        format!("the {WASM_TARGET} target is missing: run `rustup target add {WASM_TARGET}`")
    } else {
        "see the nested cargo's output above".to_owned()
    };
    Err(format!(
        "building the keyword plugins failed ({}): {hint}\n(command: {command:?})",
        output.status
    ))
}

/// Makes sure the compiler in use has the standard library of the wasm target, before any plugin
/// is built. rustup installs a toolchain file's targets only when it installs the toolchain
/// itself, so a machine with the pinned toolchain already there (a linked one, say) lacks it:
/// the build then adds it with rustup, saying so, instead of failing after the long compile.
fn ensure_wasm_target() -> Result<(), String> {
    let rustc = env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let libdir = Command::new(&rustc)
        .args(["--print", "target-libdir", "--target", WASM_TARGET])
        .output()
        .ok()
        .filter(|out| out.status.success())
        .map(|out| PathBuf::from(String::from_utf8_lossy(&out.stdout).trim()));
    let has_core = |dir: &Path| {
        fs::read_dir(dir).is_ok_and(|entries| {
            entries
                .filter_map(Result::ok)
                .any(|e| e.file_name().to_string_lossy().starts_with("libcore-"))
        })
    };
    if libdir.as_deref().is_some_and(has_core) {
        return Ok(());
    }
    println!(
        "cargo:warning=the {WASM_TARGET} target the keyword plugins are built for is missing: \
         adding it with `rustup target add {WASM_TARGET}`"
    );
    let mut rustup = Command::new("rustup");
    rustup.args(["target", "add", WASM_TARGET]);
    // rustup's proxies name the toolchain in use (rust-toolchain.toml's) to what they run.
    if let Some(toolchain) = env::var_os("RUSTUP_TOOLCHAIN") {
        rustup.arg("--toolchain").arg(toolchain);
    }
    let added = rustup.status().map_err(|e| {
        format!(
            "the {WASM_TARGET} target is missing and rustup could not be run ({e}): install \
             the target for your Rust toolchain, e.g. `rustup target add {WASM_TARGET}`"
        )
    })?;
    if !added.success() {
        return Err(format!(
            "the {WASM_TARGET} target is missing and `{rustup:?}` failed ({added}): run \
             `rustup target add {WASM_TARGET}` yourself"
        ));
    }
    Ok(())
}

/// The file name of the wasm module cargo writes for a plugin: its `[lib] name`, or else its
/// package name with `-` replaced by `_`.
fn lib_name(plugin: &Path) -> Result<String, String> {
    let path = plugin.join("Cargo.toml");
    let text =
        fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let manifest: toml::Table =
        toml::from_str(&text).map_err(|e| format!("cannot parse {}: {e}", path.display()))?;
    let lib = manifest
        .get("lib")
        .and_then(|lib| lib.get("name"))
        .and_then(|n| n.as_str());
    let package = manifest
        .get("package")
        .and_then(|p| p.get("name"))
        .and_then(|n| n.as_str());
    match lib.or(package) {
        Some(name) => Ok(name.replace('-', "_")),
        None => Err(format!("{} has no package name", path.display())),
    }
}

/// A path as a string for cargo directives and generated code, which need UTF-8.
fn path_str(path: &Path) -> Result<&str, String> {
    path.to_str()
        .ok_or_else(|| format!("{} is not valid UTF-8", path.display()))
}
