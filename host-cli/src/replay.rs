//! `swtcg replay`: verify a game log by playing its decisions again from its seed.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use swtcg_engine::replay::replay;
use swtcg_engine::{GameLog, Outcome};

#[derive(Args)]
pub struct ReplayArgs {
    /// The game log (JSON lines) written by `swtcg demo --log`.
    log: PathBuf,
    #[command(flatten)]
    plugins: crate::PluginArgs,
}

pub fn run(args: ReplayArgs) -> anyhow::Result<ExitCode> {
    let origin = args.log.display().to_string();
    let log = GameLog::from_jsonl(&origin, &crate::read_text(&args.log)?)?;
    let mut host = args.plugins.load(&log.header.ruleset)?;
    let loaded = swtcg_engine::AbilityHost::fingerprints(&host);
    if loaded != log.header.plugins {
        println!(
            "{origin}: note: the log was played with plugins {:?}; replaying with {:?}",
            log.header.plugins, loaded
        );
    }
    match replay(&log, &mut host) {
        Ok(outcome) => {
            let ending = match outcome {
                Outcome::Winner(side) => format!("{side} wins"),
                Outcome::TurnLimit => "no winner (turn limit)".into(),
                Outcome::Stopped => "stopped".into(),
            };
            println!(
                "{origin}: replay matches all {} entries; {ending}",
                log.entries.len()
            );
            Ok(ExitCode::SUCCESS)
        }
        Err(divergence) => {
            println!("{origin}: {divergence}");
            Ok(ExitCode::from(1))
        }
    }
}
