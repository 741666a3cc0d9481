//! The web board's HTTP side: the page (embedded in the binary), and one WebSocket per side's
//! page, which sends that side's feed as it changes and passes its answers to the game. A
//! socket is opened with the side's seat token from the address the server printed; a wrong
//! token is refused, so one side's page can't ask for the other side's hand.

use std::sync::Arc;

use axum::Router;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Deserialize;
use swtcg_engine::Side;

use super::table::{Answer, Cursor, Table};
use super::wire::{ClientMessage, ServerMessage};

const INDEX_HTML: &str = include_str!("page/index.html");
const BOARD_JS: &str = include_str!("page/board.js");
const BOARD_CSS: &str = include_str!("page/board.css");

/// The server's shared state: the game's table and each side's seat token.
#[derive(Clone)]
pub struct Served {
    pub table: Arc<Table>,
    /// Dark Side first; `None` for a side the AI plays (no page may take its seat).
    pub tokens: [Option<String>; 2],
}

impl Served {
    fn seat(&self, token: &str) -> Option<Side> {
        Side::BOTH
            .into_iter()
            .find(|side| self.tokens[side.index()].as_deref() == Some(token))
    }
}

/// The page: its HTML, script and style, the same for a game and a replay.
fn page<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new()
        .route("/", get(|| asset("text/html; charset=utf-8", INDEX_HTML)))
        .route(
            "/board.js",
            get(|| asset("text/javascript; charset=utf-8", BOARD_JS)),
        )
        .route(
            "/board.css",
            get(|| asset("text/css; charset=utf-8", BOARD_CSS)),
        )
}

/// A game's routes: the page and each side's socket.
pub fn router(served: Served) -> Router {
    page().route("/ws", get(socket)).with_state(served)
}

/// The replay viewer's routes: the page, and the replay's frames as one JSON document
/// (`serve/replay.rs`).
pub fn replay_router(replay: Arc<str>) -> Router {
    page().route(
        "/replay",
        get(move || async move {
            (
                [(header::CONTENT_TYPE, "application/json")],
                replay.to_string(),
            )
                .into_response()
        }),
    )
}

async fn asset(content_type: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

#[derive(Deserialize)]
struct SeatQuery {
    seat: String,
}

async fn socket(
    upgrade: WebSocketUpgrade,
    Query(query): Query<SeatQuery>,
    State(served): State<Served>,
) -> Response {
    let Some(side) = served.seat(&query.seat) else {
        return (
            StatusCode::FORBIDDEN,
            "no seat has this token: open the address `swtcg serve` printed",
        )
            .into_response();
    };
    upgrade.on_upgrade(move |ws| serve_side(ws, side, served.table))
}

fn text(message: &ServerMessage) -> Message {
    // The wire types hold only strings, numbers and lists: serializing them can't fail.
    Message::Text(serde_json::to_string(message).unwrap_or_default().into())
}

/// One page of `side`: the hello, then an update whenever the feed changes, and the page's
/// answers to the game.
async fn serve_side(mut ws: WebSocket, side: Side, table: Arc<Table>) {
    if ws.send(text(&table.hello[side.index()])).await.is_err() {
        return;
    }
    let mut changed = table.subscribe();
    changed.mark_changed();
    // Where this socket is in the side's log: it sends every line once (again after an undo).
    let mut cursor = Cursor::default();
    loop {
        tokio::select! {
            moved = changed.changed() => {
                if moved.is_err() {
                    break;
                }
                if let Some(update) = table.update(side, &mut cursor)
                    && ws.send(text(&update)).await.is_err()
                {
                    break;
                }
            }
            incoming = ws.recv() => {
                let message = match incoming {
                    Some(Ok(Message::Text(message))) => message,
                    Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
                    Some(Ok(_)) => continue,
                };
                let refused = match serde_json::from_str::<ClientMessage>(&message) {
                    Ok(ClientMessage::Choose { decision, option }) => {
                        table.answer(Answer::Choose { side, decision, option })
                    }
                    Ok(ClientMessage::Ai { decision }) => table.answer(Answer::Ai { side, decision }),
                    Ok(ClientMessage::Concede) => table.answer(Answer::Concede { side }),
                    Ok(ClientMessage::Undo) => table.answer(Answer::Undo { side }),
                    Err(err) => Err(format!("not a message of wire format 1: {err}")),
                };
                if let Err(message) = refused
                    && ws.send(text(&ServerMessage::Refused { message })).await.is_err()
                {
                    break;
                }
            }
        }
    }
}
