//! `swtcg plugins`: list the loaded keyword plugins and validate plugin folders.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Subcommand;
use swtcg_engine::Ruleset;
use swtcg_engine::plugins::{Registry, WasmRuntime, sha256_hex};

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
    /// exports, and that the plugins load together without conflicts.
    ///
    /// Example: swtcg plugins validate plugins/my-keyword
    Validate {
        /// Plugin folders (with keyword.toml) or folders of them.
        #[arg(required = true)]
        dirs: Vec<PathBuf>,
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
    }
}

fn print_list(registry: &Registry) {
    println!(
        "{} keyword plugins (host API {})",
        registry.plugins().len(),
        swtcg_plugin_api::api_version_string()
    );
    for plugin in registry.plugins() {
        let m = &plugin.manifest;
        let names: Vec<&str> = m.names().collect();
        let hooks: Vec<&str> = m
            .hooks
            .iter()
            .map(|h| h.name())
            .chain(m.queries.iter().map(|q| q.name()))
            .collect();
        println!(
            "{:<12} {:<8} api {:<6} wasm  keywords: {:<24} hooks: {:<40} {} sha256:{}",
            m.id,
            m.version.to_string(),
            m.api.to_string(),
            names.join(", "),
            hooks.join(","),
            plugin.source,
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
                println!("INVALID {err:#}");
                failures += 1;
                continue;
            }
        };
        for plugin in found {
            let hash = sha256_hex(&plugin.wasm);
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
                Ok(id) => println!("OK {id} ({}) sha256 {hash}", plugin.source),
                Err(err) => {
                    failures += 1;
                    println!("INVALID {}: {err:#}", plugin.source);
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
