//! The architecture invariants that a reader can't keep in their head, checked over the source
//! tree (rust-analyzer's `tidy.rs` is the model): every file says its job, wasmtime stays in the
//! wasm host crate and out of the rules core's build, neither the rules core nor the guest SDK
//! names a keyword, no file grows past 1,500 lines without a reason, and the code map of
//! ARCHITECTURE.md names every crate and every source file.

use std::path::{Path, PathBuf};

use crate::common::root;

/// The folders whose Rust files are checked: the workspace's crates, the plugins and the fuzz
/// targets. Build output and hidden folders inside them are skipped.
const CHECKED: &[&str] = &["engine", "plugin-api", "host-cli", "plugins", "fuzz"];

/// The crate that may name wasmtime's API and depend on it: the wasm host (ARCHITECTURE.md,
/// "wasmtime is used in `engine/wasm-host/` only").
const WASM_HOST: &str = "engine/wasm-host";

/// The rules core, which must build without wasmtime and name no keyword.
const RULES_CORE: &str = "engine/rules";

/// The source folders that must name no keyword: the rules core's, and the guest SDK's, which
/// every plugin builds in (the keywords' words are the plugins' own and the reader of card
/// text's, `plugin-api/card-text`).
const KEYWORD_FREE: &[&str] = &["engine/rules/src", "plugin-api/sdk/src"];

/// Keyword names that are also words of the rules themselves (game.md): deploying (7.1), stacks
/// (3.6), Pilots (12), paying Equip costs (7.1), and the two ways an attack's defender changes
/// (10.2), which the API's `retarget` enum names Intercept and Redirect; and INSERT, whose lower
/// case is the name of every collection's `insert`. The core and the SDK may use these words;
/// every other keyword name is the plugins' alone.
const RULES_WORDS: &[&str] = &[
    "Deploy",
    "Stack",
    "Pilot",
    "Equip",
    "Intercept",
    "Redirect",
    "INSERT",
];

/// A path into wasmtime's API and a `use` of it, spelt in two pieces so that this file doesn't
/// name them itself.
const WASMTIME_PATH: &str = concat!("wasm", "time::");
const WASMTIME_USE: &str = concat!("use wasm", "time");

/// A file may be longer than this only with a line giving the reason, starting with
/// [`LONG_FILE_REASON`].
const MAX_LINES: usize = 1_500;

/// The start of the line that says why a file is longer than [`MAX_LINES`].
const LONG_FILE_REASON: &str = "// tidy: long file: ";

/// A function of the rules core or the hosts may be longer than this only with a line giving the
/// reason, starting with [`LONG_FUNCTION_REASON`], just above it or among its first lines.
const MAX_FUNCTION_LINES: usize = 150;

/// The start of the line that says why a function is longer than [`MAX_FUNCTION_LINES`].
const LONG_FUNCTION_REASON: &str = "// tidy: long function: ";

/// The crates whose functions are held to [`MAX_FUNCTION_LINES`]: the rules core and the hosts
/// (every crate of `engine/`, and host-cli); tests beside the code are not.
const SHORT_FUNCTIONS: &[&str] = &["engine/", "host-cli/src/"];

/// The workspace's crates, as the root Cargo.toml lists them (`engine/rules`, `host-cli`...).
fn members() -> Vec<String> {
    let table: toml::Table = toml::from_str(&read("Cargo.toml")).unwrap();
    let members: Vec<String> = table["workspace"]["members"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect();
    assert!(members.len() > 3, "the workspace lists {members:?}");
    members
}

/// The libraries of the plugins workspace: its members that are no plugin (no `keyword.toml`,
/// such as `plugins/shared/prediction`), as paths from the repository root.
fn plugin_libraries() -> Vec<String> {
    let table: toml::Table = toml::from_str(&read("plugins/Cargo.toml")).unwrap();
    table["workspace"]["members"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| format!("plugins/{}", m.as_str().unwrap()))
        .filter(|m| !root().join(m).join("keyword.toml").is_file())
        .collect()
}

/// The crates the code map of ARCHITECTURE.md describes: the workspace's, and the libraries the
/// plugins share, which are no plugin and so are not described by the plugins' own files.
fn mapped_crates() -> Vec<String> {
    let mut crates = members();
    crates.extend(plugin_libraries());
    crates
}

/// A crate's manifest as a table.
fn manifest(member: &str) -> toml::Table {
    toml::from_str(&read(&format!("{member}/Cargo.toml"))).unwrap()
}

/// The dependencies a manifest names in one section, by name.
fn dependencies(manifest: &toml::Table, section: &str) -> Vec<String> {
    manifest
        .get(section)
        .and_then(|deps| deps.as_table())
        .map(|deps| deps.keys().cloned().collect())
        .unwrap_or_default()
}

/// Every `.rs` file under `dir`, as a path relative to the repository root with `/`.
fn rust_files(dir: &Path, into: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.starts_with('.') || name == "target" {
            continue;
        }
        if path.is_dir() {
            rust_files(&path, into);
        } else if name.ends_with(".rs") {
            let relative = path.strip_prefix(root()).unwrap_or(&path).to_path_buf();
            into.push(slashed(&relative));
        }
    }
}

fn slashed(path: &Path) -> String {
    path.components()
        .filter(|c| !matches!(c, std::path::Component::CurDir))
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/")
}

fn checked_files() -> Vec<String> {
    let mut files = Vec::new();
    for dir in CHECKED {
        rust_files(&root().join(dir), &mut files);
    }
    files.sort();
    assert!(
        files.len() > 200,
        "the walk found only {} files",
        files.len()
    );
    files
}

fn read(file: &str) -> String {
    std::fs::read_to_string(root().join(file)).unwrap()
}

/// Lists `problems` in the panic message, one a line, if there are any.
fn none(what: &str, problems: Vec<String>) {
    assert!(problems.is_empty(), "{what}:\n  {}", problems.join("\n  "));
}

#[test]
fn every_rust_file_starts_with_a_line_saying_its_job() {
    let problems = checked_files()
        .into_iter()
        .filter(|file| !read(file).starts_with("//!"))
        .collect();
    none("files without a `//!` first line", problems);
}

#[test]
fn only_the_wasm_host_names_wasmtime() {
    let problems = checked_files()
        .into_iter()
        .filter(|file| !file.starts_with(&format!("{WASM_HOST}/")))
        .filter(|file| {
            read(file).lines().any(|line| {
                let code = line.split("//").next().unwrap_or("");
                code.contains(WASMTIME_PATH) || code.trim_start().starts_with(WASMTIME_USE)
            })
        })
        .collect();
    none(
        "files outside the wasm host that name wasmtime's API",
        problems,
    );
    // Only the wasm host depends on wasmtime (and the workspace pins its version).
    let mut problems = Vec::new();
    for member in members().iter().filter(|m| *m != WASM_HOST) {
        let manifest = manifest(member);
        for section in ["dependencies", "dev-dependencies", "build-dependencies"] {
            if dependencies(&manifest, section)
                .iter()
                .any(|d| d == "wasmtime")
            {
                problems.push(format!("{member}/Cargo.toml [{section}]"));
            }
        }
    }
    none(
        "crates other than the wasm host that depend on wasmtime",
        problems,
    );
}

#[test]
fn the_rules_core_and_its_tests_build_without_the_wasm_host() {
    // The workspace crates the rules core's tests build: its dependencies and dev-dependencies,
    // and all that those depend on.
    let by_name: std::collections::HashMap<String, String> = members()
        .into_iter()
        .map(|member| {
            let name = manifest(&member)["package"]["name"]
                .as_str()
                .unwrap()
                .to_string();
            (name, member)
        })
        .collect();
    let wasm_host = manifest(WASM_HOST)["package"]["name"]
        .as_str()
        .unwrap()
        .to_string();
    let core = manifest(RULES_CORE);
    let mut todo: Vec<String> = dependencies(&core, "dependencies");
    todo.extend(dependencies(&core, "dev-dependencies"));
    let mut seen = std::collections::BTreeSet::new();
    while let Some(name) = todo.pop() {
        assert!(
            name != "wasmtime",
            "the rules core's build reaches wasmtime"
        );
        assert!(
            name != wasm_host,
            "the rules core's build reaches {wasm_host} (through {seen:?})"
        );
        if let Some(member) = by_name.get(&name)
            && seen.insert(name.clone())
        {
            todo.extend(dependencies(&manifest(member), "dependencies"));
        }
    }
}

/// The names of the bundled keyword plugins (`[keyword] name`; card plugins are not keywords).
fn keyword_names() -> Vec<String> {
    let mut names = Vec::new();
    for entry in std::fs::read_dir(root().join("plugins")).unwrap() {
        let Ok(text) = std::fs::read_to_string(entry.unwrap().path().join("keyword.toml")) else {
            continue;
        };
        let table: toml::Table = toml::from_str(&text).unwrap();
        if let Some(name) = table
            .get("keyword")
            .and_then(|k| k.get("name"))
            .and_then(|n| n.as_str())
        {
            names.push(name.to_string());
        }
    }
    assert!(names.len() >= 60, "only {} keyword plugins", names.len());
    names
}

/// Whether `word` occurs in `code` as a whole word (as a prefix of a word when `prefix`).
fn has_word(code: &str, word: &str, prefix: bool) -> bool {
    let is_word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    code.match_indices(word).any(|(at, _)| {
        let before = code[..at].chars().next_back().is_none_or(|c| !is_word(c));
        let after = code[at + word.len()..]
            .chars()
            .next()
            .is_none_or(|c| !is_word(c));
        before && (prefix || after)
    })
}

/// A line of code without its serde aliases (`alias = "old-name"`).
fn without_aliases(code: &str) -> String {
    let mut rest = code;
    let mut kept = String::new();
    while let Some(at) = rest.find("alias = \"") {
        kept += &rest[..at];
        let after = &rest[at + "alias = \"".len()..];
        rest = after.find('"').map_or("", |end| &after[end + 1..]);
    }
    kept + rest
}

#[test]
fn neither_the_rules_core_nor_the_sdk_names_a_keyword() {
    // A keyword is found as its printed name ("Meditate", "Critical Hit") or, in lower case, at
    // the start of an identifier or key (`meditated`, `critical_hit`, `"absorb-timing"`), in
    // code outside comments and tests.
    let names: Vec<(String, Vec<String>)> = keyword_names()
        .into_iter()
        .filter(|name| !RULES_WORDS.contains(&name.as_str()))
        .map(|name| {
            let lower = name.to_lowercase();
            let forms = vec![lower.replace(' ', "_"), lower.replace(' ', "-")];
            (name, forms)
        })
        .collect();
    let mut files = Vec::new();
    for folder in KEYWORD_FREE {
        rust_files(&root().join(folder), &mut files);
    }
    assert!(
        files.iter().any(|f| f.starts_with("plugin-api/sdk/src/")),
        "no file of the SDK found in {files:?}"
    );
    let mut problems = Vec::new();
    for file in files.iter().filter(|f| !f.ends_with("/tests.rs")) {
        for (number, line) in read(file).lines().enumerate() {
            if line.trim_start().starts_with("#[cfg(test)]") {
                break;
            }
            // A serde alias keeps an older file readable: a name on the wire, not code that
            // acts on a keyword.
            let code = without_aliases(line.split("//").next().unwrap_or(""));
            let code = code.as_str();
            for (name, forms) in &names {
                if has_word(code, name, false) || forms.iter().any(|f| has_word(code, f, true)) {
                    problems.push(format!("{file}:{}: {name}: {}", number + 1, line.trim()));
                }
            }
        }
    }
    none("keyword names in the rules core or the guest SDK", problems);
}

#[test]
fn no_file_is_over_1500_lines_without_a_reason() {
    let problems = checked_files()
        .into_iter()
        .filter_map(|file| {
            let text = read(&file);
            let lines = text.lines().count();
            let reason = text
                .lines()
                .any(|line| line.trim_start().starts_with(LONG_FILE_REASON));
            (lines > MAX_LINES && !reason).then(|| format!("{file}: {lines} lines"))
        })
        .collect();
    none(
        &format!("files over {MAX_LINES} lines without a `{LONG_FILE_REASON}...` line"),
        problems,
    );
}

#[test]
fn the_code_map_names_every_source_file() {
    let map = read("ARCHITECTURE.md");
    let mut files = Vec::new();
    for member in mapped_crates() {
        rust_files(&root().join(member).join("src"), &mut files);
    }
    let problems = files
        .into_iter()
        .filter(|file| {
            let path = PathBuf::from(file);
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            // Tests beside the code are named by their module; a folder module by its folder.
            if name == "tests.rs" {
                return false;
            }
            let key = if name == "mod.rs" {
                let folder = path.parent().unwrap().file_name().unwrap();
                format!("{}/", folder.to_string_lossy())
            } else {
                name
            };
            !map.contains(&key)
        })
        .collect();
    none(
        "source files the code map of ARCHITECTURE.md doesn't name",
        problems,
    );
}

#[test]
fn the_code_map_names_every_crate_and_no_other() {
    // A crate's entry in the code map is a heading naming its folder: "### `engine/rules/`".
    let map = read("ARCHITECTURE.md");
    let mapped: std::collections::BTreeSet<String> = map
        .lines()
        .filter_map(|line| line.strip_prefix("### `"))
        .filter_map(|rest| rest.split_once("/`"))
        .map(|(folder, _)| folder.to_string())
        .collect();
    let crates: std::collections::BTreeSet<String> = mapped_crates().into_iter().collect();
    let missing: Vec<String> = crates.difference(&mapped).cloned().collect();
    none(
        "crates the code map of ARCHITECTURE.md has no heading for",
        missing,
    );
    let extra: Vec<String> = mapped.difference(&crates).cloned().collect();
    none(
        "code map headings that name no crate of the workspace or library of the plugins",
        extra,
    );
}

/// The functions of `text` longer than `max` lines, as (first line, name, lines). A function ends
/// at the first `}` line indented as its `fn` line, which rustfmt guarantees.
fn long_functions(text: &str, max: usize) -> Vec<(usize, String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut long = Vec::new();
    for (start, line) in lines.iter().enumerate() {
        let code = line.trim_start();
        let indent = line.len() - code.len();
        let after_visibility = code
            .strip_prefix("pub ")
            .or_else(|| code.strip_prefix("pub(crate) "))
            .or_else(|| code.strip_prefix("pub(super) "))
            .unwrap_or(code);
        let Some(signature) = after_visibility
            .strip_prefix("const fn ")
            .or_else(|| after_visibility.strip_prefix("fn "))
        else {
            continue;
        };
        let name: String = signature
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        // A declaration without a body (in a trait) ends with `;` before any `{`.
        let Some(open) = (start..lines.len()).find(|&i| {
            let l = lines[i].trim_end();
            l.ends_with('{') || l.ends_with(';')
        }) else {
            continue;
        };
        if !lines[open].trim_end().ends_with('{') {
            continue;
        }
        let close = (open + 1..lines.len()).find(|&i| {
            let l = lines[i];
            l.len() - l.trim_start().len() == indent && l.trim_start().starts_with('}')
        });
        if let Some(close) = close {
            let length = close - start + 1;
            if length > max {
                long.push((start + 1, name, length));
            }
        }
    }
    long
}

#[test]
fn no_function_of_the_rules_core_or_the_hosts_is_over_150_lines_without_a_reason() {
    let problems = checked_files()
        .into_iter()
        .filter(|file| SHORT_FUNCTIONS.iter().any(|dir| file.starts_with(dir)))
        .filter(|file| file.contains("/src/") && !file.ends_with("/tests.rs"))
        .flat_map(|file| {
            let text = read(&file);
            let lines: Vec<&str> = text.lines().collect();
            // Test modules at the end of a file are not held to the limit.
            let code_end = lines
                .iter()
                .position(|l| l.trim_start().starts_with("#[cfg(test)]"))
                .unwrap_or(lines.len());
            long_functions(&text, MAX_FUNCTION_LINES)
                .into_iter()
                .filter(|(start, ..)| *start <= code_end)
                .filter(|(start, ..)| {
                    // The reason sits in the 3 lines above the `fn` (between its doc and it) or
                    // in its first 3 lines.
                    let from = start.saturating_sub(4);
                    let to = (*start + 3).min(lines.len());
                    !lines[from..to]
                        .iter()
                        .any(|l| l.trim_start().starts_with(LONG_FUNCTION_REASON))
                })
                .map(|(start, name, length)| format!("{file}:{start}: fn {name}: {length} lines"))
                .collect::<Vec<_>>()
        })
        .collect();
    none(
        &format!(
            "functions over {MAX_FUNCTION_LINES} lines without a `{LONG_FUNCTION_REASON}...` line"
        ),
        problems,
    );
}

#[test]
fn the_function_length_check_finds_a_long_function() {
    let body = "    let x = 1;\n".repeat(160);
    let text = format!("/// Doc.\npub fn long() {{\n{body}}}\n\nfn short() {{\n}}\n");
    assert_eq!(
        long_functions(&text, 150),
        vec![(2, "long".to_string(), 162)]
    );
}
