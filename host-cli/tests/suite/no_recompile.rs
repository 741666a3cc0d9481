//! The proof that keyword plugins load without recompiling the host: a plugin scaffolded by
//! `swtcg plugins new` and built with cargo is validated, listed and played by the `swtcg`
//! binary that existed before it, and that binary's bytes never change.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Instant, SystemTime};

use sha2::{Digest, Sha256};

/// The binary under test, built by cargo before the tests run.
const SWTCG: &str = env!("CARGO_BIN_EXE_swtcg");

/// The scratch folder cargo gives integration tests, inside the target folder.
const TMP: &str = env!("CARGO_TARGET_TMPDIR");

/// The rustc target plugins are built for.
const WASM_TARGET: &str = "wasm32-unknown-unknown";

/// Runs `swtcg` with a compile cache of its own, so that the tests never write to the user's.
fn swtcg<S: AsRef<OsStr>>(args: &[S]) -> Output {
    Command::new(SWTCG)
        .args(args)
        .env("SWTCG_CACHE_DIR", Path::new(TMP).join("swtcg-cache"))
        .output()
        .expect("the swtcg binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Everything a failed command printed, for assertion messages.
fn printed(output: &Output) -> String {
    format!(
        "status {:?}\n--- stdout\n{}--- stderr\n{}",
        output.status.code(),
        stdout(output),
        stderr(output)
    )
}

/// The sha256 of a file in hex.
fn sha256(path: &Path) -> String {
    let bytes = std::fs::read(path).expect("the file can be read");
    Sha256::digest(&bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn mtime(path: &Path) -> SystemTime {
    std::fs::metadata(path)
        .and_then(|m| m.modified())
        .expect("the file has a modification time")
}

/// An empty folder under the test scratch folder, emptied first if an earlier run left it.
fn fresh_dir(name: &str) -> PathBuf {
    let dir = Path::new(TMP).join(name);
    if dir.exists() {
        std::fs::remove_dir_all(&dir).expect("the old scratch folder can be removed");
    }
    std::fs::create_dir_all(&dir).expect("the scratch folder can be created");
    dir
}

/// The `[wasm] file` of a manifest, read without a TOML parser: the line `file = "..."`.
fn manifest_wasm_file(manifest: &Path) -> String {
    let text = std::fs::read_to_string(manifest).expect("the manifest can be read");
    text.lines()
        .find_map(|line| line.trim().strip_prefix("file = "))
        .map(|value| value.trim_matches('"').to_string())
        .unwrap_or_else(|| panic!("{} has no `file = ` line:\n{text}", manifest.display()))
}

/// Builds the plugin the way its README says, but into the target folder host-cli/build.rs
/// built the bundled plugins in: a scaffolded plugin has their release profile and their
/// dependencies, so cargo reuses what that build compiled (10 s instead of 50). Then copies the
/// wasm to where the manifest says cargo writes it.
fn build_plugin(plugin: &Path, crate_file: &str) {
    let target_dir = Path::new(TMP).join("../plugins-wasm");
    let mut command = crate::common::nested_cargo(
        &["build", "--release", "--target", WASM_TARGET],
        &target_dir,
    );
    command.current_dir(plugin);
    let output = command.output().expect("cargo runs");
    assert!(output.status.success(), "{}", printed(&output));

    let built = target_dir
        .join(WASM_TARGET)
        .join("release")
        .join(format!("{crate_file}.wasm"));
    let wanted = plugin.join(manifest_wasm_file(&plugin.join("keyword.toml")));
    assert_eq!(
        wanted.file_name(),
        built.file_name(),
        "the manifest names the wasm file cargo writes"
    );
    std::fs::create_dir_all(wanted.parent().unwrap()).unwrap();
    std::fs::copy(&built, &wanted).expect("the built wasm can be copied");
}

#[test]
fn a_scaffolded_keyword_loads_into_the_unchanged_binary() {
    let binary = Path::new(SWTCG);
    let (hash_before, mtime_before) = (sha256(binary), mtime(binary));
    let started = Instant::now();

    let dir = fresh_dir("no-recompile");
    let plugin = dir.join("boost");
    let created = swtcg(&[
        OsStr::new("plugins"),
        OsStr::new("new"),
        OsStr::new("boost"),
        OsStr::new("--dir"),
        dir.as_os_str(),
    ]);
    assert_eq!(created.status.code(), Some(0), "{}", printed(&created));
    assert!(
        stdout(&created).contains("cargo build --release --target wasm32-unknown-unknown"),
        "{}",
        printed(&created)
    );
    for file in [
        "Cargo.toml",
        "keyword.toml",
        "src/lib.rs",
        "scenarios/example.toml",
        "README.md",
    ] {
        assert!(plugin.join(file).is_file(), "{file} was created");
    }

    let build_started = Instant::now();
    build_plugin(&plugin, "swtcg_keyword_boost");
    let build_time = build_started.elapsed();

    // The binary's bundled plugins do not include the new keyword...
    let bundled = swtcg(&["plugins", "list"]);
    assert_eq!(bundled.status.code(), Some(0), "{}", printed(&bundled));
    // (Its name, not a card's: "Booster" could be a card a card plugin lists.)
    assert!(
        !stdout(&bundled).contains("keywords: Boost "),
        "{}",
        printed(&bundled)
    );

    // ...but the folder's plugin validates and is listed with its source.
    let validated = swtcg(&[
        OsStr::new("plugins"),
        OsStr::new("validate"),
        plugin.as_os_str(),
    ]);
    assert_eq!(validated.status.code(), Some(0), "{}", printed(&validated));
    assert!(
        stdout(&validated).starts_with("OK boost ("),
        "{}",
        printed(&validated)
    );

    let listed = swtcg(&[
        OsStr::new("plugins"),
        OsStr::new("list"),
        OsStr::new("--plugins"),
        plugin.as_os_str(),
    ]);
    assert_eq!(listed.status.code(), Some(0), "{}", printed(&listed));
    let source = plugin.join("keyword.toml").display().to_string();
    let text = stdout(&listed);
    let line = text
        .lines()
        .find(|l| l.starts_with("boost "))
        .unwrap_or_else(|| panic!("boost is listed:\n{}", printed(&listed)));
    assert!(line.contains("keywords: Boost"), "{line}");
    assert!(line.contains("attack-roll"), "{line}");
    assert!(line.contains(&source), "{line}");

    // The scenario passes with the plugin...
    let scenarios = plugin.join("scenarios");
    let checked = swtcg(&[
        OsStr::new("check"),
        OsStr::new("--plugins"),
        plugin.as_os_str(),
        scenarios.as_os_str(),
    ]);
    assert_eq!(checked.status.code(), Some(0), "{}", printed(&checked));
    assert!(
        stdout(&checked).ends_with("1 passed, 0 failed\n"),
        "{}",
        printed(&checked)
    );

    // ...and fails without it, naming what is missing. An engine that does not know the
    // keyword cannot tell "Boost 2" from card text, so either message proves the point.
    let unplugged = swtcg(&[OsStr::new("check"), scenarios.as_os_str()]);
    let text = stdout(&unplugged);
    assert_eq!(unplugged.status.code(), Some(1), "{}", printed(&unplugged));
    assert!(
        text.contains("no plugin for keyword Boost")
            || text.contains("no card plugin for the ability \"Boost 2\""),
        "{}",
        printed(&unplugged)
    );
    assert!(
        text.ends_with("0 passed, 1 failed\n"),
        "{}",
        printed(&unplugged)
    );

    assert_eq!(sha256(binary), hash_before, "the swtcg binary changed");
    assert_eq!(
        mtime(binary),
        mtime_before,
        "the swtcg binary was rewritten"
    );
    eprintln!(
        "scaffold build {:.1?}, whole test {:.1?}",
        build_time,
        started.elapsed()
    );
}

#[test]
fn plugins_new_refuses_bad_names_and_existing_folders() {
    let dir = fresh_dir("plugins-new-refusals");

    for bad in ["Boost", "my_keyword", "2x", "a--b", "a-"] {
        let out = swtcg(&[
            OsStr::new("plugins"),
            OsStr::new("new"),
            OsStr::new(bad),
            OsStr::new("--dir"),
            dir.as_os_str(),
        ]);
        assert_eq!(out.status.code(), Some(2), "{bad}: {}", printed(&out));
        assert!(
            stderr(&out).contains(&format!("error: `{bad}` is not a plugin name")),
            "{bad}: {}",
            printed(&out)
        );
    }
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        0,
        "nothing was written for a bad name"
    );

    let taken = dir.join("taken");
    std::fs::create_dir(&taken).unwrap();
    std::fs::write(taken.join("mine.txt"), "keep me").unwrap();
    let out = swtcg(&[
        OsStr::new("plugins"),
        OsStr::new("new"),
        OsStr::new("taken"),
        OsStr::new("--dir"),
        dir.as_os_str(),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", printed(&out));
    assert!(stderr(&out).contains("already exists"), "{}", printed(&out));
    assert!(!taken.join("keyword.toml").exists(), "nothing was written");
    assert_eq!(
        std::fs::read_to_string(taken.join("mine.txt")).unwrap(),
        "keep me"
    );

    let out = swtcg(&[
        OsStr::new("plugins"),
        OsStr::new("new"),
        OsStr::new("fresh"),
        OsStr::new("--dir"),
        dir.as_os_str(),
        OsStr::new("--api-path"),
        dir.join("no-such-api").as_os_str(),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", printed(&out));
    assert!(
        stderr(&out).contains("plugin-api folder") && stderr(&out).contains("does not exist"),
        "{}",
        printed(&out)
    );
    assert!(!dir.join("fresh").exists(), "nothing was written");
}
