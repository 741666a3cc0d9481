//! `swtcg plugins`: list the loaded keyword plugins, validate plugin folders and scaffold new
//! ones.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::Subcommand;
use swtcg_engine::Ruleset;
use swtcg_engine::plugins::manifest::pop_manifest_name;
use swtcg_engine::plugins::{Registry, WasmRuntime, sha256_hex};
use swtcg_engine::text::escape_controls;
use swtcg_plugin_api::Pop;

#[derive(Subcommand)]
pub enum PluginsCommand {
    /// List the keyword plugins a run would load: id, version, API range, keywords, hooks and
    /// queries, source and sha256.
    ///
    /// Example: swtcg plugins list --plugins my-plugins/
    List {
        #[command(flatten)]
        plugins: crate::PluginArgs,
    },
    /// Check plugin folders: the manifest, the wasm file and its hash, the API version, the
    /// exports, and that the plugins load together without conflicts. A plugin whose manifest
    /// lists `activation-pops` (the POPs in which the engine asks its `activations`; every POP
    /// without the key) gets them printed after its OK line; an unknown POP name is an error
    /// naming the manifest's line.
    ///
    /// Example: swtcg plugins validate plugins/my-keyword
    Validate {
        /// Plugin folders (with keyword.toml) or folders of them.
        #[arg(required = true)]
        dirs: Vec<PathBuf>,
    },
    /// Print the keyword coverage table (docs/keywords.md) of plugin folders: hooks, class,
    /// scenarios, flags, and the seed sentences each scenario's header comment quotes.
    ///
    /// Example: swtcg plugins docs plugins > docs/keywords.md
    Docs {
        /// The folder of plugin folders.
        #[arg(default_value = "plugins")]
        root: PathBuf,
    },
    /// Create a keyword plugin crate that builds and loads as is, with an example scenario.
    ///
    /// Writes DIR/NAME/ with Cargo.toml, keyword.toml, src/lib.rs (a working "NAME X: when
    /// this unit attacks, it rolls X more attack dice"), scenarios/example.toml and a README,
    /// then prints the next steps. The keyword is NAME in Title Case: `my-keyword` implements
    /// "My Keyword". An existing DIR/NAME is never overwritten.
    ///
    /// Example: swtcg plugins new my-keyword --dir my-plugins/
    New {
        /// The plugin id and folder name: lowercase letters, digits and single dashes, starting
        /// with a letter.
        name: String,
        /// The folder to create the plugin folder in (created if missing).
        #[arg(long, value_name = "DIR", default_value = ".")]
        dir: PathBuf,
        /// The plugin-api folder whose guest SDK (`sdk/`, the crate `swtcg-sdk`) the plugin
        /// depends on; default: the plugin-api folder of the source tree this swtcg was built
        /// from.
        #[arg(long, value_name = "PATH")]
        api_path: Option<PathBuf>,
    },
    /// Write a bundled plugin as a plugin folder: its keyword.toml (with a `[wasm]` table
    /// pinning the file by sha256), its wasm component, and its scenarios with the rulesets
    /// they name, to start a rule variant from, or to compare another version of it with
    /// `replay --against-plugins`. The folder loads with `--plugins DIR` or a ruleset's
    /// `plugin_dirs` and replaces the bundled plugin there.
    ///
    /// Example: swtcg plugins export overkill my-plugins/overkill
    ///          swtcg check my-plugins/overkill/scenarios --plugins my-plugins/overkill
    Export {
        /// The bundled plugin's id (as `swtcg plugins list` shows it), e.g. overkill.
        id: String,
        /// The folder to write; it must not exist yet, or be empty.
        dir: PathBuf,
    },
}

pub fn run(command: PluginsCommand) -> anyhow::Result<ExitCode> {
    match command {
        PluginsCommand::List { plugins } => {
            let registry = plugins.load(&Ruleset::default())?;
            print_list(&registry);
            Ok(ExitCode::SUCCESS)
        }
        PluginsCommand::Validate { dirs } => validate(&dirs),
        PluginsCommand::Docs { root } => {
            print!("{}", crate::coverage::markdown(&root)?);
            Ok(ExitCode::SUCCESS)
        }
        PluginsCommand::New {
            name,
            dir,
            api_path,
        } => scaffold(&name, &dir, api_path.as_deref()),
        PluginsCommand::Export { id, dir } => export(&id, &dir),
    }
}

fn export(id: &str, dir: &Path) -> anyhow::Result<ExitCode> {
    let bundled = crate::plugins::bundled()?;
    let position = bundled.iter().position(|found| found.manifest.id == id);
    let Some(position) = position else {
        let ids: Vec<&str> = bundled.iter().map(|f| f.manifest.id.as_str()).collect();
        bail!(
            "no bundled plugin has the id {id:?}; the bundled plugins are {}",
            ids.join(", ")
        );
    };
    let plugin = &crate::bundled::BUNDLED[position];
    if dir.exists()
        && std::fs::read_dir(dir)
            .with_context(|| dir.display().to_string())?
            .next()
            .is_some()
    {
        bail!(
            "{} exists and is not empty; nothing was written",
            dir.display()
        );
    }
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let wasm_name = format!("{id}.wasm");
    let manifest = format!(
        "{}\n# Exported by `swtcg plugins export {id}` from the bundled plugin.\n[wasm]\nfile = \"{wasm_name}\"\nsha256 = \"{}\"\n",
        plugin.manifest.trim_end(),
        sha256_hex(plugin.component)
    );
    std::fs::write(dir.join("keyword.toml"), manifest)
        .with_context(|| format!("writing {}", dir.join("keyword.toml").display()))?;
    std::fs::write(dir.join(&wasm_name), plugin.component)
        .with_context(|| format!("writing {}", dir.join(&wasm_name).display()))?;
    // The scenarios keep their relative paths, so that their `ruleset = "../rulesets/..."`
    // still finds the rulesets written beside them.
    for (relative, text) in plugin.files {
        let path = dir.join(relative);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .with_context(|| format!("creating {}", parent.display()))?;
        }
        std::fs::write(&path, text).with_context(|| format!("writing {}", path.display()))?;
    }
    let scenarios = plugin
        .files
        .iter()
        .filter(|(relative, _)| relative.starts_with("scenarios/"))
        .count();
    println!(
        "wrote {} (keyword.toml, {wasm_name} of {} bytes, {scenarios} scenarios and {} other files); \
         check it with `swtcg check {} --plugins {}`",
        dir.display(),
        plugin.component.len(),
        plugin.files.len() - scenarios,
        dir.join("scenarios").display(),
        dir.display(),
    );
    Ok(ExitCode::SUCCESS)
}

fn print_list(registry: &Registry) {
    use swtcg_engine::plugins::manifest::PluginKind;
    let cards = registry
        .plugins()
        .iter()
        .filter(|p| p.manifest.kind == PluginKind::Card)
        .count();
    println!(
        "{} keyword plugins and {cards} card plugins (host API {})",
        registry.plugins().len() - cards,
        swtcg_plugin_api::api_version_string()
    );
    for plugin in registry.plugins() {
        let m = &plugin.manifest;
        let names: Vec<&str> = match m.kind {
            PluginKind::Keyword => m.names().collect(),
            PluginKind::Card => m.cards.iter().map(String::as_str).collect(),
        };
        let hooks: Vec<&str> = m
            .hooks
            .iter()
            .map(|h| h.name())
            .chain(m.queries.iter().map(|q| q.name()))
            .collect();
        // Names are printable (the manifest checks them); a source path is escaped, since a
        // folder's name is the folder author's to choose.
        println!(
            "{:<12} {:<8} api {:<6} {:<6} keywords: {:<24} hooks: {:<40} {} sha256:{}",
            m.id,
            m.version.to_string(),
            m.api.to_string(),
            plugin.kind(),
            names.join(", "),
            hooks.join(","),
            escape_controls(&plugin.source),
            &plugin.sha256[..16]
        );
    }
}

fn validate(dirs: &[PathBuf]) -> anyhow::Result<ExitCode> {
    let runtime = WasmRuntime::new()?;
    let mut registry = Registry::new();
    let mut failures = 0;
    for dir in dirs {
        let found = match crate::plugins::in_dir(dir) {
            Ok(found) => found,
            Err(err) => {
                println!("INVALID {}", escape_controls(&format!("{err:#}")));
                failures += 1;
                continue;
            }
        };
        for plugin in found {
            let hash = sha256_hex(&plugin.wasm);
            // The POPs the engine asks `activations` in, when the manifest narrows them: a POP
            // left out by mistake silently drops a legal play, so the author sees the list.
            let pops = &plugin.manifest.activation_pops;
            let asked = if pops.len() < Pop::ALL.len() {
                let names: Vec<&str> = pops.iter().map(|&p| pop_manifest_name(p)).collect();
                format!("; activations asked in POPs: {}", names.join(", "))
            } else {
                String::new()
            };
            let result = runtime
                .compile(&plugin.wasm)
                .map_err(anyhow::Error::from)
                .and_then(|compiled| {
                    let limits = (
                        Ruleset::default().plugin_memory,
                        Ruleset::default().plugin_fuel,
                    );
                    let id = plugin.manifest.id.clone();
                    registry.add(
                        &runtime,
                        plugin.manifest,
                        &compiled,
                        hash.clone(),
                        plugin.source.clone(),
                        limits,
                    )?;
                    Ok(id)
                });
            match result {
                Ok(id) => println!(
                    "OK {id} ({}) sha256 {hash}{asked}",
                    escape_controls(&plugin.source)
                ),
                Err(err) => {
                    failures += 1;
                    println!(
                        "INVALID {}",
                        escape_controls(&format!("{}: {err:#}", plugin.source))
                    );
                }
            }
        }
    }
    Ok(if failures == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The plugin-api folder of the source tree this binary was built from.
const DEFAULT_API_PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../plugin-api");

/// The rustc target plugins are built for.
const WASM_TARGET: &str = "wasm32-unknown-unknown";

/// The names a plugin's keyword struct must not take, because `swtcg_sdk::*`
/// brings them into scope (or, for `Self`, because Rust reserves it); a keyword named like one
/// of them gets a `Keyword` suffix instead.
const TAKEN_NAMES: &[&str] = &[
    "Self",
    "Keyword",
    "HookResult",
    "UnitId",
    "Side",
    "Arena",
    "Zone",
    "Pop",
    "Ability",
    "Event",
    "UnitView",
    "Die",
    "AttackView",
    "Pending",
    "PlayerView",
    "Duration",
    "StatChange",
    "Stats",
    "UnitAmount",
    "DiceOfDamage",
    "Damage",
    "CounterChange",
    "Delayed",
    "Effect",
    "Retarget",
    "DiceKind",
    "Activation",
    "RoomForPilots",
    "LostKeywords",
    "Choice",
    "Option",
    "Result",
    "Vec",
    "String",
    "Box",
];

/// Everything a scaffold's files are made from.
struct Scaffold {
    /// The plugin id, e.g. `my-keyword`.
    id: String,
    /// The keyword as printed on cards, e.g. `My Keyword`.
    keyword: String,
    /// The Rust struct that implements it, e.g. `MyKeyword`.
    type_name: String,
    /// The cargo package, e.g. `swtcg-keyword-my-keyword`.
    package: String,
    /// The absolute folder of the guest SDK (`plugin-api/sdk`), as a string for Cargo.toml.
    sdk_path: String,
}

impl Scaffold {
    fn new(id: &str, sdk_path: String) -> Scaffold {
        let words: Vec<String> = id.split('-').map(capitalized).collect();
        let camel = words.concat();
        let type_name = if TAKEN_NAMES.contains(&camel.as_str()) {
            format!("{camel}Keyword")
        } else {
            camel
        };
        Scaffold {
            id: id.to_string(),
            keyword: words.join(" "),
            type_name,
            package: format!("swtcg-keyword-{id}"),
            sdk_path,
        }
    }

    /// The wasm file cargo writes, relative to the plugin folder.
    fn wasm_file(&self) -> String {
        format!(
            "target/{WASM_TARGET}/release/{}.wasm",
            self.package.replace('-', "_")
        )
    }

    /// The files of the plugin folder, relative to it, with their text.
    fn files(&self) -> Vec<(&'static str, String)> {
        vec![
            ("Cargo.toml", self.cargo_toml()),
            ("keyword.toml", self.keyword_toml()),
            ("src/lib.rs", self.lib_rs()),
            ("scenarios/example.toml", self.scenario()),
            ("README.md", self.readme()),
            (".gitignore", "/target\n".to_string()),
        ]
    }

    fn cargo_toml(&self) -> String {
        format!(
            r#"# The {keyword} keyword plugin for the swtcg engine, built for {WASM_TARGET}.
[package]
name = "{package}"
description = "{keyword} X: when this unit attacks, it rolls X more attack dice"
version = "0.1.0"
edition = "2024"
publish = false

[lib]
# A plugin is a wasm library without a Rust interface: the engine calls its exports.
crate-type = ["cdylib"]

[dependencies]
swtcg-sdk = {{ path = {sdk_path} }}

# The plugin is a workspace of its own, so it builds wherever its folder lives, even inside
# another cargo workspace.
[workspace]

# Small and fast wasm: the engine loads it at every start.
[profile.release]
opt-level = "s"
lto = true
codegen-units = 1
debug = false
strip = true
"#,
            keyword = self.keyword,
            package = self.package,
            sdk_path = toml_string(&self.sdk_path),
        )
    }

    fn keyword_toml(&self) -> String {
        format!(
            r#"# The manifest of the keyword {keyword}, scaffolded by `swtcg plugins new {id}`.
# The format is described in the engine's docs/plugin-protocol.md and
# engine/rules/src/manifest.rs.
[keyword]
id = "{id}"
# The keyword as printed on cards: "{keyword} 2" is an ability of this plugin.
name = "{keyword}"
version = "0.1.0"
# The plugin API versions this plugin works with.
api = "^1.0"
template = "{keyword} X"
# What follows the keyword: a number here (the X).
parameter = "number"
# The class words of game 13.2.
class = ["triggered"]
# Every hook and query that src/lib.rs answers must be listed; the engine calls no other.
hooks = ["attack-roll"]
description = "When this unit attacks, it rolls X more attack dice."

[wasm]
# Where `cargo build --release --target {WASM_TARGET}` writes the plugin.
file = "{wasm}"
"#,
            keyword = self.keyword,
            id = self.id,
            wasm = self.wasm_file(),
        )
    }

    fn lib_rs(&self) -> String {
        format!(
            r#"//! The {keyword} keyword: "{keyword} X: when this unit attacks, it rolls X more attack
//! dice" (triggered).
//!
//! Change the rules below, list every hook and query you answer in keyword.toml, and prove
//! each sentence of the keyword with a scenario in scenarios/. (Scaffolded by
//! `swtcg plugins new {id}`.)

use swtcg_sdk::*;

/// The keyword. It keeps no state: the engine calls it for each "{keyword} X" on a unit in
/// play, and the `Ability` argument says which one.
struct {ty};

impl Keyword for {ty} {{
    /// Called right after the attack dice of every attack are rolled, because keyword.toml
    /// lists the `attack-roll` hook. The effects returned are proposals that the engine checks
    /// and then applies.
    fn attack_roll(ability: Ability, event: Event) -> HookResult {{
        // The hook runs for every {keyword} in play, so only the attacker's own one counts.
        if event.attacker != Some(ability.unit) {{
            return Ok(Vec::new());
        }}
        // The parameter is the text after the keyword: "2" for "{keyword} 2". An error names
        // the plugin and the ability when the engine reports it.
        let x: u32 = ability
            .parameter
            .trim()
            .parse()
            .map_err(|_| format!("`{{}}` is not a number of dice", ability.parameter))?;
        Ok(vec![Effect::ExtraAttackDice(x)])
    }}
}}

// Makes the struct the plugin's exports, which the engine calls.
swtcg_sdk::export_keyword!({ty});
"#,
            keyword = self.keyword,
            id = self.id,
            ty = self.type_name,
        )
    }

    fn scenario(&self) -> String {
        format!(
            r#"# A conformance scenario (shared/conformance/FORMAT.md): it passes only if the plugin works.
# Without the plugin the engine refuses the ability "{keyword} 2"; with a plugin that adds no
# dice the squad rolls only 2 dice and the scenario fails with "unused dice".
title = "{keyword} 2: a unit of power 2 rolls 2 attack dice, then 2 more"
rules = ["keyword {keyword}"]
# Every die the engine rolls, in order: the 2 dice of power 2, then the 2 of {keyword} 2.
# 4, 5 and 6 hit; 2 misses.
dice = [4, 5, 6, 2]

[start]
phase = "battle"
arena = "ground"
stop = "attack-end"

[[unit]]
id = "squad"
side = "dark"
arena = "ground"
speed = 40
power = 2
health = 5
cost = 4
abilities = ["{keyword} 2"]

[[unit]]
id = "tank"
side = "light"
arena = "ground"
speed = 20
power = 3
health = 5
cost = 5

[[act]]
side = "dark"
attack = {{ unit = "squad", defender = "tank" }}

[expect.unit.squad]
tapped = true
[expect.unit.tank]
damage = 3
"#,
            keyword = self.keyword,
        )
    }

    fn readme(&self) -> String {
        format!(
            r#"# The {keyword} keyword plugin

A keyword plugin for the swtcg Star Wars TCG rules engine, scaffolded by
`swtcg plugins new {id}`. As created it implements "{keyword} X: when this unit attacks, it
rolls X more attack dice"; change it into your keyword.

## Files

- `keyword.toml`: the manifest. It names the keyword as printed on cards, its parameter and
  class words, every hook and query the code answers, and the wasm file to load.
- `src/lib.rs`: the rules, written against the guest SDK `swtcg_sdk`. Override the
  `Keyword` methods your manifest lists; every other method means "no effect".
- `scenarios/example.toml`: a conformance scenario that passes only if the plugin works. Write
  one scenario per sentence of your keyword's definition.
- `Cargo.toml`: a standalone crate; its `swtcg-sdk` path points at the engine's
  `plugin-api/sdk` folder.

## Build and check

Once, if the wasm target is missing: `rustup target add {WASM_TARGET}`.

```sh
cargo build --release --target {WASM_TARGET}
swtcg plugins validate .
swtcg check --plugins . scenarios/
```

`validate` prints `OK {id}` when the manifest, the wasm file and its exports are right;
`check` prints `PASS` or `FAIL` per scenario and ends with `N passed, N failed`.

## Use it

Any command that plays loads the plugin with `--plugins`, without rebuilding swtcg:

```sh
swtcg plugins list --plugins .
swtcg check --plugins . path/to/more/scenarios/
```

Several plugins in sub-folders of one folder load with `--plugins that-folder`. A plugin for a
keyword that swtcg bundles replaces the bundled one.
"#,
            keyword = self.keyword,
            id = self.id,
        )
    }
}

/// `s` with its first letter upper-case.
fn capitalized(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(first) => first.to_ascii_uppercase().to_string() + chars.as_str(),
        None => String::new(),
    }
}

/// `s` as a TOML basic string, quotes included.
fn toml_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Checks a plugin name: lowercase letters, digits and single dashes, starting with a letter.
fn check_name(name: &str) -> anyhow::Result<()> {
    let valid = name.starts_with(|c: char| c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        && !name.ends_with('-')
        && !name.contains("--");
    if !valid {
        bail!(
            "`{name}` is not a plugin name: use lowercase letters, digits and single dashes, \
             starting with a letter (e.g. `my-keyword` for the keyword \"My Keyword\")"
        );
    }
    Ok(())
}

/// The guest SDK's folder (`sdk/` in the plugin-api folder) as an absolute path, in the
/// plugin-api folder `--api-path` names or the one this binary was built from, which must still
/// exist.
fn sdk_path(given: Option<&Path>) -> anyhow::Result<String> {
    let (path, hint) = match given {
        Some(path) => (path.to_path_buf(), "check the --api-path"),
        None => (
            PathBuf::from(DEFAULT_API_PATH),
            "this swtcg was built from a source tree that has moved or been deleted; pass \
             --api-path PATH to the engine's plugin-api folder",
        ),
    };
    let absolute = path.canonicalize().with_context(|| {
        format!(
            "the plugin-api folder {} does not exist ({hint})",
            path.display()
        )
    })?;
    let names = |folder: &Path, name: &str| {
        std::fs::read_to_string(folder.join("Cargo.toml"))
            .is_ok_and(|text| text.contains(&format!("name = \"{name}\"")))
    };
    if !names(&absolute, "swtcg-plugin-api") {
        bail!(
            "{} is not the swtcg-plugin-api crate (no Cargo.toml naming it; {hint})",
            absolute.display()
        );
    }
    // The SDK lives in the plugin-api folder, so a folder of another version without it is
    // refused here rather than by the plugin's first build.
    let sdk = absolute.join("sdk");
    if !names(&sdk, "swtcg-sdk") {
        bail!(
            "the plugin-api folder {} has no guest SDK: no sdk/Cargo.toml naming swtcg-sdk \
             ({hint})",
            absolute.display()
        );
    }
    match sdk.to_str() {
        Some(text) => Ok(text.to_string()),
        None => bail!(
            "the plugin-api path {} is not valid UTF-8, which Cargo.toml needs",
            absolute.display()
        ),
    }
}

/// `swtcg plugins new`: writes the plugin folder and prints the next steps.
fn scaffold(name: &str, dir: &Path, api: Option<&Path>) -> anyhow::Result<ExitCode> {
    check_name(name)?;
    let scaffold = Scaffold::new(name, sdk_path(api)?);
    let folder = dir.join(name);
    if folder.exists() {
        bail!(
            "{} already exists; choose another name or --dir (nothing was written)",
            folder.display()
        );
    }
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    // Creating the folder itself, not its parents, is what refuses one made meanwhile.
    std::fs::create_dir(&folder).with_context(|| format!("creating {}", folder.display()))?;
    let written = scaffold.files().into_iter().try_for_each(|(file, text)| {
        let path = folder.join(file);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .with_context(|| format!("creating {}", parent.display()))?;
        }
        std::fs::write(&path, text).with_context(|| format!("writing {}", path.display()))
    });
    if let Err(err) = written {
        // A half-written plugin would be refused by the next attempt, so it goes.
        let _ = std::fs::remove_dir_all(&folder);
        return Err(err);
    }
    println!(
        "Created the keyword plugin `{name}` (keyword \"{}\") in {}:",
        scaffold.keyword,
        folder.display()
    );
    for (file, _) in scaffold.files() {
        println!("  {file}");
    }
    println!(
        "It depends on the plugin SDK at {}.\n\nNext steps:\n  cd {}\n  cargo build --release \
         --target {WASM_TARGET}\n  swtcg plugins validate .\n  swtcg check --plugins . \
         scenarios/\n\nThen edit src/lib.rs and keyword.toml into your keyword (see README.md).",
        scaffold.sdk_path,
        folder.display()
    );
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_become_keywords_types_and_packages() {
        let s = Scaffold::new("my-keyword", "/api".into());
        assert_eq!(s.keyword, "My Keyword");
        assert_eq!(s.type_name, "MyKeyword");
        assert_eq!(
            s.wasm_file(),
            "target/wasm32-unknown-unknown/release/swtcg_keyword_my_keyword.wasm"
        );
        assert_eq!(Scaffold::new("fury2", "/api".into()).keyword, "Fury2");
        assert_eq!(
            Scaffold::new("stats", "/api".into()).type_name,
            "StatsKeyword"
        );
        assert_eq!(
            Scaffold::new("self", "/api".into()).type_name,
            "SelfKeyword"
        );
    }

    #[test]
    fn bad_names_are_refused() {
        for good in ["boost", "my-keyword", "x2", "a-1-b"] {
            assert!(check_name(good).is_ok(), "{good}");
        }
        for bad in [
            "",
            "Boost",
            "my_keyword",
            "2x",
            "-a",
            "a-",
            "a--b",
            "a b",
            "é",
        ] {
            assert!(check_name(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_manifest_parses_and_paths_are_escaped() {
        let s = Scaffold::new("my-keyword", r#"C:\api "x""#.into());
        let manifest =
            swtcg_engine::plugins::Manifest::parse("keyword.toml", &s.keyword_toml()).unwrap();
        assert_eq!(manifest.name, "My Keyword");
        assert!(manifest.supports_host_api());
        assert_eq!(manifest.wasm.unwrap().file, s.wasm_file());
        assert!(
            s.cargo_toml()
                .contains(r#"swtcg-sdk = { path = "C:\\api \"x\"" }"#)
        );
    }
}
