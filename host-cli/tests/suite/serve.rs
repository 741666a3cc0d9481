//! `swtcg serve`, the web board, driven as its users drive it: two sockets that play a hot-seat
//! game and see only their own side's hidden cards, and a whole game against the AI clicked
//! through the page in a real headless browser (Debian's chromium with chromedriver), whose
//! board is checked against the engine's own state at the same decisions.

use crate::common;
use crate::webdriver;

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use swtcg_engine::decision::{DecideError, Decider, Decision};
use swtcg_engine::model::CardId;
use swtcg_engine::replay::{ReplayDecider, replay_with};
use swtcg_engine::{Arena, Choice, Event, GameLog, GameState, LogEntry, Side};

use common::{root, swtcg, temp};

/// A running `swtcg serve` and the page address of each human side (Dark Side first).
struct Server {
    child: Child,
    seats: [Option<String>; 2],
}

impl Server {
    fn start(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_swtcg"))
            .arg("serve")
            .args(["--port", "0"])
            .args(args)
            .current_dir(root())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("swtcg serve runs");
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let mut seats = [None, None];
        for line in lines.by_ref() {
            let line = line.unwrap();
            for side in Side::BOTH {
                if let Some(address) = line.trim().strip_prefix(&format!("{side}: open ")) {
                    seats[side.index()] = Some(address.to_string());
                }
            }
            if line.starts_with("Press Ctrl-C") {
                break;
            }
        }
        // The rest of the output (the result, the log's file) is not needed; keep the pipe read.
        std::thread::spawn(move || lines.for_each(drop));
        assert!(
            seats.iter().any(Option::is_some),
            "serve printed no seat address"
        );
        Server { child, seats }
    }

    fn seat(&self, side: Side) -> &str {
        self.seats[side.index()].as_deref().expect("a human seat")
    }

    /// The WebSocket address of a side's page.
    fn socket(&self, side: Side) -> String {
        self.seat(side)
            .replace("http://", "ws://")
            .replace("/?seat=", "/ws?seat=")
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A small deterministic generator for the tests' choices.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

fn wait_for_file(path: &Path) -> String {
    let start = Instant::now();
    loop {
        if let Ok(text) = std::fs::read_to_string(path)
            && text.ends_with('\n')
        {
            return text;
        }
        assert!(start.elapsed() < Duration::from_secs(60), "no log written");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Plays one side of a hot-seat game through its socket with random answers and returns every
/// message it received, until the result.
fn play_socket(address: String, seed: u64) -> Vec<Value> {
    let (mut socket, _) = tungstenite::connect(address).expect("the socket opens");
    let mut lcg = Lcg(seed);
    let mut received = Vec::new();
    let mut answered = None;
    loop {
        let message = socket.read().expect("the server keeps the socket open");
        let tungstenite::Message::Text(text) = message else {
            continue;
        };
        let value: Value = serde_json::from_str(&text).unwrap();
        let over = value["result"].is_string();
        // The same decision may come in two updates (the feed changed twice before the socket
        // sent it): it is answered once.
        if let Some(decision) = value
            .get("decision")
            .filter(|d| d.is_object() && answered != Some(d["id"].clone()))
        {
            answered = Some(decision["id"].clone());
            let options = decision["options"].as_array().unwrap().len();
            let answer =
                json!({"type": "choose", "decision": decision["id"], "option": lcg.below(options)});
            socket
                .send(tungstenite::Message::Text(answer.to_string().into()))
                .unwrap();
        }
        assert_ne!(value["type"], "refused", "an answer was refused: {value}");
        received.push(value);
        if over {
            return received;
        }
    }
}

/// The card ids of a game, in the order the engine creates them: the Dark Side's deck, then
/// the Light Side's.
fn card_names(log: &GameLog) -> Vec<String> {
    log.header
        .decks
        .iter()
        .flatten()
        .map(|def| def.name.clone())
        .collect()
}

#[test]
fn a_side_s_socket_never_receives_the_other_side_s_hand_or_face_down_cards() {
    // Game 1.5 and 4.3: a hand and a card built face down are hidden from the opponent.
    let log_file = temp("serve", "hot-seat.jsonl");
    let server = Server::start(&[
        "--vs",
        "human",
        "--seed",
        "5",
        "--log",
        log_file.to_str().unwrap(),
    ]);
    let dark = std::thread::spawn({
        let address = server.socket(Side::Dark);
        move || play_socket(address, 11)
    });
    let light = play_socket(server.socket(Side::Light), 12);
    let dark = dark.join().unwrap();
    let log = GameLog::from_jsonl("hot-seat.jsonl", &wait_for_file(&log_file)).unwrap();
    let names = card_names(&log);
    for (side, received) in [(Side::Dark, &dark), (Side::Light, &light)] {
        let opponent = side.opponent().index();
        assert_eq!(received[0]["type"], "hello");
        assert_eq!(received[0]["side"], side.name());
        let mut lines = BTreeMap::new();
        let mut opponent_builds = 0;
        for update in &received[1..] {
            let board = &update["board"];
            let me = &board["players"][side.index()];
            let them = &board["players"][opponent];
            assert!(me["hand"].is_array(), "a side sees its own hand");
            assert!(
                them.get("hand").is_none(),
                "the {side} was sent the other hand"
            );
            assert_eq!(
                me["hand"].as_array().unwrap().len() as u64,
                me["hand_count"].as_u64().unwrap()
            );
            for unit in them["build_zone"].as_array().unwrap() {
                if unit["built"] == false {
                    opponent_builds += 1;
                    assert_eq!(unit["face_down"], true, "{unit}");
                    assert!(
                        unit.get("card").is_none(),
                        "a face-down card was named: {unit}"
                    );
                }
            }
            for line in update["log"].as_array().unwrap() {
                lines.insert(
                    line["entry"].as_u64().unwrap() as usize,
                    line["text"].clone(),
                );
            }
        }
        assert!(opponent_builds > 0, "the game built nothing face down");
        // The log lines of the opponent's builds name no card; the side's own do.
        let mut checked = 0;
        for (entry, logged) in log.entries.iter().enumerate() {
            let LogEntry::Decision {
                side: builder,
                choice: Choice::StartBuild { card, .. },
                ..
            } = logged
            else {
                continue;
            };
            let CardId(id) = card;
            let name = &names[*id as usize];
            let line = lines[&entry].as_str().unwrap();
            assert_eq!(
                line.contains(name.as_str()),
                *builder == side,
                "entry {entry} as the {side} sees it: {line}"
            );
            checked += 1;
        }
        assert!(checked > 0);
    }
    // The game played through the sockets is a game the engine replays.
    let replayed = swtcg(&["replay", log_file.to_str().unwrap()]);
    assert!(replayed.status.success(), "{}", common::stderr(&replayed));
}

#[test]
fn a_socket_without_its_seat_token_is_refused() {
    let server = Server::start(&["--side", "light"]);
    assert!(
        server.seats[Side::Dark.index()].is_none(),
        "the AI's seat has no page"
    );
    let wrong = server.socket(Side::Light).replace("seat=", "seat=0");
    let refused = tungstenite::connect(wrong).expect_err("a wrong token is refused");
    assert!(
        matches!(&refused, tungstenite::Error::Http(response) if response.status() == 403),
        "{refused}"
    );
    // A stale or out-of-range answer is refused in words, and the game goes on.
    let (mut socket, _) = tungstenite::connect(server.socket(Side::Light)).unwrap();
    let mut decision = None;
    while decision.is_none() {
        if let tungstenite::Message::Text(text) = socket.read().unwrap() {
            let value: Value = serde_json::from_str(&text).unwrap();
            decision = value.get("decision").filter(|d| d.is_object()).cloned();
        }
    }
    let decision = decision.unwrap();
    for bad in [
        json!({"type": "choose", "decision": decision["id"], "option": 999}),
        json!({"type": "choose", "decision": 123456, "option": 0}),
        json!({"type": "teleport"}),
    ] {
        socket
            .send(tungstenite::Message::Text(bad.to_string().into()))
            .unwrap();
        loop {
            if let tungstenite::Message::Text(text) = socket.read().unwrap() {
                let value: Value = serde_json::from_str(&text).unwrap();
                if value["type"] == "refused" {
                    assert!(value["message"].as_str().unwrap().len() > 10, "{value}");
                    break;
                }
            }
        }
    }
}

/// Reads a socket's messages until the next update that asks a decision.
fn next_decision(
    socket: &mut tungstenite::WebSocket<tungstenite::stream::MaybeTlsStream<TcpStream>>,
) -> Value {
    loop {
        if let tungstenite::Message::Text(text) = socket.read().unwrap() {
            let value: Value = serde_json::from_str(&text).unwrap();
            assert!(value["result"].is_null(), "the game ended first: {value}");
            if value.get("decision").is_some_and(Value::is_object) {
                return value;
            }
        }
    }
}

#[test]
fn an_undo_asks_the_last_decision_again_and_the_log_starts_over() {
    // As in `swtcg play`: a player takes back their last decision while no die, draw or
    // face-down card was revealed since; the game is played again from its seed up to it.
    let server = Server::start(&["--seed", "5"]);
    let (mut socket, _) = tungstenite::connect(server.socket(Side::Dark)).unwrap();
    let send = |socket: &mut tungstenite::WebSocket<_>, message: Value| {
        socket
            .send(tungstenite::Message::Text(message.to_string().into()))
            .unwrap()
    };
    let mut update = next_decision(&mut socket);
    assert_eq!(
        update["can_undo"], false,
        "nothing to undo before the first decision"
    );
    let mut last_answered = None;
    for _ in 0..40 {
        if update["can_undo"] == true {
            break;
        }
        let decision = update["decision"].clone();
        // The last option: something rather than a pass, where there is a choice.
        let option = decision["options"].as_array().unwrap().len() - 1;
        send(
            &mut socket,
            json!({"type": "choose", "decision": decision["id"], "option": option}),
        );
        last_answered = Some(decision);
        update = next_decision(&mut socket);
    }
    assert_eq!(
        update["can_undo"], true,
        "no decision could be undone in 40"
    );
    let undone = last_answered.unwrap();
    send(&mut socket, json!({"type": "undo"}));
    // Updates sent before the undo took effect may still be on their way (the same decision
    // again): the replayed game's first update starts the log over.
    let again = loop {
        let update = next_decision(&mut socket);
        if update["log_from"] == 0 {
            break update;
        }
    };
    assert_eq!(
        again["decision"]["id"], undone["id"],
        "the undone decision is asked again"
    );
    assert_eq!(again["decision"]["options"], undone["options"]);
    assert_eq!(again["log_from"], 0, "the log starts over");
    assert!(!again["log"].as_array().unwrap().is_empty());
}

/// What the board shows at one decision: each unit in an arena (arena, side, id, name,
/// damage, tapped) and the names in the player's hand.
#[derive(Debug, PartialEq)]
struct Shown {
    units: Vec<(String, String, u32, String, u32, bool)>,
    hand: Vec<String>,
}

fn shown_by_engine(state: &GameState, side: Side) -> Shown {
    let mut units = Vec::new();
    for arena in Arena::ALL {
        for owner in Side::BOTH {
            for unit in state
                .units_in(arena, owner)
                .chain(state.locations_in(arena, owner))
            {
                units.push((
                    arena.to_string().to_lowercase(),
                    owner.name().to_string(),
                    unit.id.0,
                    state.def(unit.top()).name.clone(),
                    unit.damage,
                    unit.tapped,
                ));
            }
        }
    }
    units.sort();
    let hand = state
        .player(side)
        .hand
        .iter()
        .map(|&card| state.def(card).name.clone())
        .collect();
    Shown { units, hand }
}

fn shown_by_page(value: &Value) -> Shown {
    let mut units: Vec<_> = value["units"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| {
            (
                u[0].as_str().unwrap().to_string(),
                u[1].as_str().unwrap().to_string(),
                u[2].as_u64().unwrap() as u32,
                u[3].as_str().unwrap().to_string(),
                u[4].as_u64().unwrap() as u32,
                u[5].as_bool().unwrap(),
            )
        })
        .collect();
    units.sort();
    let hand = value["hand"]
        .as_array()
        .unwrap()
        .iter()
        .map(|name| name.as_str().unwrap().to_string())
        .collect();
    Shown { units, hand }
}

/// Replays a log and keeps the engine's board at the decisions asked for (numbered as the
/// server numbers them: every decision of both sides).
struct Recorder {
    inner: ReplayDecider,
    asked: u64,
    side: Side,
    wanted: BTreeMap<u64, Option<Shown>>,
}

impl Decider for Recorder {
    fn decide(&mut self, state: &GameState, decision: &Decision) -> Result<usize, DecideError> {
        if let Some(slot) = self.wanted.get_mut(&self.asked) {
            *slot = Some(shown_by_engine(state, self.side));
        }
        self.asked += 1;
        self.inner.decide(state, decision)
    }

    fn wants_trivial(&mut self, state: &GameState, decision: &Decision) -> bool {
        self.inner.wants_trivial(state, decision)
    }

    fn observe(&mut self, log: &[LogEntry]) {
        self.inner.observe(log)
    }
}

/// Where Debian puts the browser and its driver (`.ci/run` installs both).
const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// Whether the browser test can run here: on a machine without chromium it is skipped with a
/// note, unless SWTCG_BROWSER_TESTS=require (as `.ci/run` sets), when it fails instead.
fn browser_available() -> bool {
    let present = Path::new(CHROMIUM).exists() && Path::new(CHROMEDRIVER).exists();
    if !present {
        assert!(
            std::env::var("SWTCG_BROWSER_TESTS").as_deref() != Ok("require"),
            "SWTCG_BROWSER_TESTS=require, but {CHROMIUM} or {CHROMEDRIVER} is missing \
             (apt-get install chromium chromium-driver)"
        );
        eprintln!(
            "skipped: {CHROMIUM} and {CHROMEDRIVER} are needed (Debian's chromium, chromium-driver)"
        );
    }
    present
}

struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn start_chromedriver() -> (Driver, String) {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let child = Command::new(CHROMEDRIVER)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let start = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "chromedriver is not listening"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    (Driver(child), format!("http://127.0.0.1:{port}"))
}

/// What the page shows now, read in the page: the decision it offers, the result, the units
/// in the arenas and the hand.
const READ_PAGE: &str = r##"
const box = document.getElementById("decision-box");
const result = document.getElementById("result");
return {
  decision: box.dataset.decision === undefined ? null : Number(box.dataset.decision),
  options: document.querySelectorAll("#options button.option:enabled").length,
  result: result.hidden ? null : result.textContent,
  units: [...document.querySelectorAll("#arenas .half .card")].map((c) => [
    c.closest(".half").dataset.arena, c.dataset.side, Number(c.dataset.unit), c.dataset.name,
    Number(c.dataset.damage), c.classList.contains("tapped")]),
  hand: [...document.querySelectorAll("#hand .card")].map((c) => c.dataset.name),
  turn: Number(document.body.dataset.turn),
};
"##;

#[test]
fn a_whole_game_is_played_by_clicking_the_page_in_a_browser() {
    if !browser_available() {
        return;
    }
    let log_file = temp("serve", "browser.jsonl");
    let server = Server::start(&["--seed", "3", "--log", log_file.to_str().unwrap()]);
    let page = server.seat(Side::Dark).to_string();
    let (_driver, webdriver) = start_chromedriver();
    let client = webdriver::Session::new(
        &webdriver,
        json!({
            "goog:chromeOptions": {
                "binary": CHROMIUM,
                "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                         "--no-first-run", "--disable-background-networking",
                         "--disable-component-update", "--disable-sync",
                         "--window-size=1500,1150"],
            }
        }),
    )
    .expect("a browser session");
    client.goto(&page).unwrap();
    let mut lcg = Lcg(3);
    let mut clicked: Option<u64> = None;
    let mut clicks = 0;
    let mut snapshots = BTreeMap::new();
    let mut screenshot = None;
    let start = Instant::now();
    let result = loop {
        assert!(
            start.elapsed() < Duration::from_secs(300),
            "the game did not end in 5 minutes"
        );
        let shown = client.execute(READ_PAGE).unwrap();
        if let Some(result) = shown["result"].as_str() {
            if screenshot.is_none() {
                screenshot = Some(client.screenshot().unwrap());
            }
            break result.to_string();
        }
        let Some(decision) = shown["decision"].as_u64() else {
            std::thread::sleep(Duration::from_millis(10));
            continue;
        };
        let options = shown["options"].as_u64().unwrap() as usize;
        if clicked == Some(decision) || options == 0 {
            std::thread::sleep(Duration::from_millis(10));
            continue;
        }
        clicks += 1;
        if snapshots.len() < 40 && clicks % 3 == 1 {
            snapshots.insert(decision, shown_by_page(&shown));
        }
        // The board README shows: the game in its third turn, both sides in play.
        if screenshot.is_none() && shown["turn"].as_u64().is_some_and(|turn| turn >= 3) {
            screenshot = Some(client.screenshot().unwrap());
        }
        // One decision in three is a random option; the others are the AI's, through the
        // page's "Let the AI choose" button, so that the game lasts a few turns.
        let button = if clicks % 3 == 2 {
            format!(
                "#options button.option[data-option=\"{}\"]",
                lcg.below(options)
            )
        } else {
            "#ai-once".to_string()
        };
        client.find(&button).unwrap().click().unwrap();
        clicked = Some(decision);
    };
    let screenshot = screenshot.unwrap();
    // The screenshot README shows is this test's (target/web-board.png; copied to docs/ by hand).
    let shot = root().join("target").join("web-board.png");
    std::fs::write(&shot, screenshot).unwrap();

    // The page showed, at each decision sampled, the board the engine had there.
    let log = GameLog::from_jsonl("browser.jsonl", &wait_for_file(&log_file)).unwrap();
    // The result the page showed is the one the log ends with (game 15.1).
    let expected = match log.entries.last() {
        Some(LogEntry::Event {
            event: Event::Winner { side, turn },
        }) => format!("The {side} wins on turn {turn}."),
        Some(LogEntry::Event {
            event: Event::TurnLimit { .. },
        }) => "No winner: the turn limit was reached.".to_string(),
        other => panic!("the log ends with {other:?}"),
    };
    assert_eq!(result, expected);
    let mut recorder = Recorder {
        inner: ReplayDecider::new(&log),
        asked: 0,
        side: Side::Dark,
        wanted: snapshots.keys().map(|&k| (k, None)).collect(),
    };
    let mut host = common::wasm_registry();
    replay_with(&log, &mut host, &mut recorder).expect("the clicked game replays");
    assert!(
        snapshots.len() >= 10,
        "only {} decisions sampled",
        snapshots.len()
    );
    let mut units_seen = 0;
    for (decision, page) in &snapshots {
        let engine = recorder.wanted[decision]
            .as_ref()
            .expect("the replay reached every sampled decision");
        assert_eq!(page, engine, "decision {decision}");
        units_seen += page.units.len();
    }
    assert!(units_seen > 0, "no unit was ever in an arena");

    // The replay viewer shows the same boards at the same decisions, and the same result.
    let mut viewer = Command::new(env!("CARGO_BIN_EXE_swtcg"))
        .args([
            "serve",
            "--port",
            "0",
            "--replay",
            log_file.to_str().unwrap(),
        ])
        .current_dir(root())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    // The viewer's output is read to its end on a thread: a closed pipe would stop it.
    let (found, address) = std::sync::mpsc::channel();
    let output = viewer.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(output).lines().map_while(Result::ok) {
            if let Some(at) = line.strip_prefix("swtcg serve: the replay is at ") {
                let _ = found.send(at.to_string());
            }
        }
    });
    let address = address
        .recv_timeout(Duration::from_secs(60))
        .expect("the replay's address");
    let viewer = Driver(viewer);
    client.goto(&address).unwrap();
    let frame = || {
        client
            .execute("return document.body.dataset.frame ?? null;")
            .unwrap()
    };
    let start = Instant::now();
    while frame() != json!("0") {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "the replay did not open"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    for (decision, engine) in &recorder.wanted {
        let scrub = format!(
            "const s = document.getElementById('scrub'); s.value = {decision}; \
             s.dispatchEvent(new Event('input'));"
        );
        client.execute(&scrub).unwrap();
        let shown = client.execute(READ_PAGE).unwrap();
        assert_eq!(
            &shown_by_page(&shown),
            engine.as_ref().unwrap(),
            "replay at decision {decision}"
        );
    }
    client.find("#first").unwrap().click().unwrap();
    client.find("#next").unwrap().click().unwrap();
    assert_eq!(frame(), json!("1"));
    client.find("#last").unwrap().click().unwrap();
    let end = client.find("#replay-result").unwrap().text().unwrap();
    assert_eq!(end, result);
    client.close().unwrap();
    drop(viewer);
}
