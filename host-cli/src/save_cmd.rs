//! Saving and resuming games: `swtcg demo --save FILE --pause-at-turn N` and `swtcg resume FILE`.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use swtcg_engine::save::{Pause, SavedGame, Seat, Session, outcome};
use swtcg_engine::{EngineError, GameLog, GameState, Outcome, Seats};

/// Where and when a game is saved; shared by `demo` and `resume`.
#[derive(Args, Clone, Default)]
pub struct SaveArgs {
    /// Save the game to this file (JSON) when it pauses or ends, for `swtcg resume`.
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// Pause the game at the first decision of this turn (needs --save).
    #[arg(long, value_name = "TURN", requires = "save")]
    pub pause_at_turn: Option<u32>,
}

impl SaveArgs {
    /// When the session pauses.
    pub fn pause(&self) -> Pause {
        match self.pause_at_turn {
            Some(turn) => Pause::AtTurn(turn),
            None => Pause::Never,
        }
    }

    /// Writes the save if one was asked for, and turns a pause into `Ok(None)`. The file is
    /// written whole to a temporary name first and then renamed, so that an interrupted write
    /// never leaves a half-written save under the real name.
    pub fn finish(
        &self,
        seats: [Seat; 2],
        log: GameLog,
        state: GameState,
        session: &Session,
        result: Result<Outcome, EngineError>,
    ) -> anyhow::Result<Result<Option<Outcome>, EngineError>> {
        let result = outcome(session, result);
        // A game stopped by an error is not saved: it could not be resumed.
        if let (Some(path), Ok(_)) = (&self.save, &result) {
            let saved = SavedGame::new(seats, log, state, session);
            write_atomically(path, &saved.to_json())?;
            match &saved.body.pending {
                Some(_) => println!(
                    "game paused at turn {} and saved to {}",
                    saved.body.state.turn,
                    path.display()
                ),
                None => println!("finished game saved to {}", path.display()),
            }
        }
        Ok(result)
    }
}

/// Writes `text` to `path` through a temporary file in the same folder and a rename.
fn write_atomically(path: &PathBuf, text: &str) -> anyhow::Result<()> {
    let mut temporary = path.clone().into_os_string();
    temporary.push(".partial");
    let temporary = PathBuf::from(temporary);
    std::fs::write(&temporary, text).with_context(|| format!("writing {}", temporary.display()))?;
    std::fs::rename(&temporary, path).with_context(|| format!("writing {}", path.display()))
}

#[derive(Args)]
pub struct ResumeArgs {
    /// The save written by `swtcg demo --save` or `swtcg resume --save`.
    file: PathBuf,
    #[command(flatten)]
    save: SaveArgs,
    #[command(flatten)]
    plugins: crate::PluginArgs,
    /// Write the whole game's log (JSON lines) to this file, for `swtcg replay`.
    #[arg(long)]
    log: Option<PathBuf>,
}

/// Loads a save, checks it by replaying its decisions, and plays on with the saved players.
pub fn run(args: ResumeArgs) -> anyhow::Result<ExitCode> {
    let origin = args.file.display().to_string();
    let saved = SavedGame::from_json(&origin, &crate::read_text(&args.file)?)?;
    let mut host = args.plugins.load(&saved.body.log.header.ruleset)?;
    saved.verify(&origin, &mut host)?;
    let decisions = saved
        .body
        .log
        .entries
        .iter()
        .filter(|e| matches!(e, swtcg_engine::LogEntry::Decision { .. }))
        .count();
    println!(
        "{origin}: save verified ({} log entries, {decisions} decisions, turn {})",
        saved.body.log.entries.len(),
        saved.body.state.turn
    );
    let kinds = saved.body.seats;
    let mut seats = Seats {
        dark: kinds[0].player(),
        light: kinds[1].player(),
    };
    let mut session = Session::resume(&saved, &mut seats, args.save.pause());
    let mut game = saved.game(&mut host, &mut session);
    let result = game.play();
    let (log, state) = (game.log.clone(), game.state.clone());
    drop(game);
    if let Some(path) = &args.log {
        std::fs::write(path, log.to_jsonl())
            .with_context(|| format!("writing {}", path.display()))?;
        println!(
            "log written to {} ({} entries)",
            path.display(),
            log.entries.len()
        );
    }
    let turn = state.turn;
    match args.save.finish(kinds, log, state, &session, result)?? {
        Some(Outcome::Winner(side)) => println!("{side} wins on turn {turn}."),
        Some(Outcome::TurnLimit) => {
            println!("No winner after {turn} turns (the ruleset's turn limit).")
        }
        Some(Outcome::Stopped) => println!("The game stopped."),
        Some(Outcome::Abandoned(side)) => println!("The {side} left the game."),
        None => {}
    }
    Ok(ExitCode::SUCCESS)
}
