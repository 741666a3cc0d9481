//! `swtcg serve`: a local web board. The binary serves the page (embedded) and plays the game
//! against the built-in AI or hot seat, each side's page in its own browser tab, sent only what
//! that side may see. The wire format is in `serve/wire.rs` (docs/web-board.md).

mod http;
mod replay;
mod table;
pub mod wire;

use std::hash::{BuildHasher, Hasher};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Context;
use clap::Args;
use swtcg_engine::sim::Ai;
use swtcg_engine::{Game, LogEntry, Outcome, Side};

use crate::play::SeatArgs;
use crate::setup::GameArgs;
use table::{Table, WebSeats};
use wire::{ServerMessage, WIRE_VERSION};

#[derive(Args)]
pub struct ServeArgs {
    #[command(flatten)]
    seats: SeatArgs,
    /// The address to listen on. The board holds no login: keep it on the loopback address
    /// unless every machine that can reach it may watch the game.
    #[arg(long, default_value = "127.0.0.1")]
    host: std::net::IpAddr,
    /// The port to listen on; 0 picks a free one.
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Open this game log (JSON lines, from `--log` of `play`, `demo` or `serve`) in the
    /// replay viewer instead of playing: the board at each decision, stepped or scrubbed
    /// through, with both hands shown. The log is verified first, as `swtcg replay` does.
    #[arg(long, value_name = "LOG", conflicts_with_all = ["decks", "vs", "side", "log"])]
    replay: Option<PathBuf>,
    /// Stop the server once the game has ended and every page was sent the result (instead of
    /// serving the final board until Ctrl-C).
    #[arg(long)]
    exit_when_over: bool,
    #[command(flatten)]
    game: GameArgs,
}

pub fn run(args: ServeArgs) -> anyhow::Result<ExitCode> {
    if let Some(path) = &args.replay {
        return run_replay(path, &args);
    }
    let setup = args.game.resolve()?;
    let decks = setup.load_decks(&args.seats.decks)?;
    let humans = args.seats.humans();
    let ai = args.seats.ai();
    let hello = Side::BOTH.map(|side| ServerMessage::Hello {
        version: WIRE_VERSION,
        side,
        decks: [decks[0].name.clone(), decks[1].name.clone()],
        players: humans.map(|human| if human { "human" } else { "ai" }),
        seed: args.seats.seed,
        ruleset: setup.ruleset.name.clone(),
    });
    let (table, answers) = Table::new(hello);
    let tokens = humans.map(|human| human.then(seat_token));

    // The game runs on a thread of its own: the engine and its plugins are synchronous, and a
    // decision waits for a page. It loads the plugins there and says whether the decks can be
    // played before the server starts listening.
    let (ready_tx, ready_rx) = std::sync::mpsc::channel::<anyhow::Result<()>>();
    let game = GameThread {
        setup,
        decks,
        humans,
        ai,
        seed: args.seats.seed,
        allow_unsupported: args.seats.allow_unsupported,
        names: args.seats.names.clone(),
        log: args.seats.log.clone(),
        table: table.clone(),
        answers,
    };
    let game_thread = std::thread::Builder::new()
        .name("game".into())
        .spawn(move || game.run(ready_tx))
        .context("starting the game thread")?;
    ready_rx
        .recv()
        .context("the game thread stopped before the game started")??;

    listen(
        SocketAddr::new(args.host, args.port),
        http::Served { table, tokens },
        args.exit_when_over,
    )?;
    if args.exit_when_over {
        match game_thread.join() {
            Ok(result) => result?,
            Err(_) => anyhow::bail!("the game thread panicked"),
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `--replay LOG`: verifies the log, makes its frames and serves the viewer until Ctrl-C.
fn run_replay(path: &PathBuf, args: &ServeArgs) -> anyhow::Result<ExitCode> {
    let origin = path.display().to_string();
    let log = swtcg_engine::GameLog::from_jsonl(&origin, &crate::read_text(path)?)?;
    let mut host = crate::replay::load_for_replay(
        &log,
        path,
        args.game.lock.as_deref(),
        &args.game.plugins,
        &args.game.cards,
    )?;
    let replay = replay::frames(&log, &mut host)
        .map_err(|why| anyhow::anyhow!("{origin}: the replay diverges from the log at {why}"))?;
    println!(
        "{origin}: {} decisions, {}",
        replay.frames.len().saturating_sub(1),
        replay.result
    );
    let json: Arc<str> = serde_json::to_string(&replay)?.into();
    let address = SocketAddr::new(args.host, args.port);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("starting the web server's runtime")?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(address)
            .await
            .with_context(|| format!("listening on {address} (--port picks another port)"))?;
        let bound = listener.local_addr()?;
        println!(
            "swtcg serve: the replay is at http://{}/?replay",
            shown_address(bound)
        );
        println!("Press Ctrl-C to stop.");
        tokio::select! {
            served = axum::serve(listener, http::replay_router(json)).into_future() => {
                served.context("serving the replay")
            }
            _ = tokio::signal::ctrl_c() => anyhow::Ok(()),
        }
    })?;
    Ok(ExitCode::SUCCESS)
}

/// The address to print for a bound socket: the loopback address for "any address".
fn shown_address(bound: SocketAddr) -> String {
    if bound.ip().is_unspecified() {
        format!("127.0.0.1:{}", bound.port())
    } else {
        bound.to_string()
    }
}

/// Serves the board on `address` until Ctrl-C, or until the game is over with
/// `exit_when_over`.
fn listen(address: SocketAddr, served: http::Served, exit_when_over: bool) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("starting the web server's runtime")?;
    let table = served.table.clone();
    let tokens = served.tokens.clone();
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(address)
            .await
            .with_context(|| format!("listening on {address} (--port picks another port)"))?;
        let bound = listener.local_addr()?;
        let host = if bound.ip().is_unspecified() {
            "127.0.0.1".to_string()
        } else {
            bound.ip().to_string()
        };
        println!(
            "swtcg serve: the web board is at http://{host}:{}/",
            bound.port()
        );
        for side in Side::BOTH {
            if let Some(token) = &tokens[side.index()] {
                println!(
                    "  {side}: open http://{host}:{}/?seat={token}",
                    bound.port()
                );
            }
        }
        println!("Press Ctrl-C to stop.");
        let stop = async move {
            if exit_when_over {
                let mut changed = table.subscribe();
                while !table.over() {
                    if changed.changed().await.is_err() {
                        break;
                    }
                }
                // Every open page was sent the result once the feeds hold it; the sockets
                // need a moment to write it out before the server stops.
                tokio::time::sleep(std::time::Duration::from_millis(500)).await;
            } else {
                let _ = tokio::signal::ctrl_c().await;
            }
        };
        // The server stops when `stop` ends; open sockets are dropped with it.
        tokio::select! {
            served = axum::serve(listener, http::router(served)).into_future() => {
                served.context("serving the web board")
            }
            () = stop => anyhow::Ok(()),
        }
    })
}

/// The game of a `serve` run, with what it needs to start on its own thread.
struct GameThread {
    setup: crate::setup::Setup,
    decks: [crate::setup::GameDeck; 2],
    humans: [bool; 2],
    ai: Ai,
    seed: u64,
    allow_unsupported: bool,
    names: crate::setup::NameArgs,
    log: Option<PathBuf>,
    table: Arc<Table>,
    answers: std::sync::mpsc::Receiver<table::Answer>,
}

impl GameThread {
    /// Loads the plugins (saying on `ready` whether the decks can be played), plays the game,
    /// publishes its result and writes its log.
    fn run(self, ready: std::sync::mpsc::Sender<anyhow::Result<()>>) -> anyhow::Result<()> {
        let GameThread {
            setup,
            decks,
            humans,
            ai,
            seed,
            allow_unsupported,
            names,
            log: log_path,
            table,
            answers,
        } = self;
        let loaded = (|| {
            let mut host = setup.load_host()?;
            let unsupported = setup.check_support(&mut host, &decks, allow_unsupported)?;
            anyhow::Ok((host, unsupported))
        })();
        let (mut host, unsupported) = match loaded {
            Ok(loaded) => {
                let _ = ready.send(Ok(()));
                loaded
            }
            Err(err) => {
                let _ = ready.send(Err(err));
                return Ok(());
            }
        };
        let inert = crate::support::inert_texts(&unsupported);
        let gaps = crate::support::gap_lines(&unsupported);
        let cards = [decks[0].cards.clone(), decks[1].cards.clone()];
        let mut seats = WebSeats::new(
            humans,
            (ai, seed),
            table.clone(),
            answers,
            inert.clone(),
            Vec::new(),
        );
        // An undo plays the game again from its seed with the answers before the undone
        // decision; the pages' logs start over.
        let (result, state, mut log) = loop {
            let mut game = Game::from_decks(
                cards.clone(),
                seed,
                setup.ruleset.clone(),
                &mut host,
                &mut seats,
            );
            setup.fill_header(&mut game.log.header, gaps.clone());
            names.fill(&mut game.log.header, [&decks[0].name, &decks[1].name]);
            let result = game.play();
            let state = (*game.state).clone();
            let log = game.log.clone();
            drop(game);
            match seats.undo.take() {
                Some(replay) => {
                    table.restart_logs();
                    seats = WebSeats::new(
                        humans,
                        (ai, seed),
                        table.clone(),
                        seats.answers,
                        inert.clone(),
                        replay,
                    );
                }
                None => break (result, state, log),
            }
        };
        let words = match (&result, seats.conceded) {
            (_, Some(side)) => {
                log.push(LogEntry::Abandoned {
                    side,
                    reason: "conceded".into(),
                });
                format!("The {side} conceded: the game ends without a result.")
            }
            (Ok(Outcome::Winner(side)), None) => {
                format!("The {side} wins on turn {}.", state.turn)
            }
            (Ok(_), None) => "No winner: the turn limit was reached.".into(),
            (Err(err), None) => format!("The game stopped: {err}"),
        };
        seats.finish(&state, &log.entries, words.clone());
        println!("Game over: {words}");
        if let Some(path) = &log_path {
            std::fs::write(path, log.to_jsonl())
                .with_context(|| format!("writing {}", path.display()))?;
            println!("log written to {}", path.display());
        }
        Ok(())
    }
}

/// A seat token: 128 random bits from the standard library's randomly keyed hasher (the
/// operating system's randomness), in hex.
fn seat_token() -> String {
    (0..2)
        .map(|i| {
            let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
            hasher.write_u64(i);
            format!("{:016x}", hasher.finish())
        })
        .collect()
}
