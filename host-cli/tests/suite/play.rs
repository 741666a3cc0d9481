//! Drives `swtcg play` through its input like a player at a terminal: it reads each prompt and
//! answers, for whole games against the AI and hot seat, with an undo and a check that no hand
//! or face-down card is shown to the wrong side.

use crate::common;

use std::io::{Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use common::{root, stdout, swtcg, temp};

/// A running `swtcg play` with its output read on a thread.
struct Session {
    child: Child,
    stdin: ChildStdin,
    output: Receiver<Vec<u8>>,
    /// Everything printed so far.
    text: String,
}

impl Session {
    fn start(args: &[&str]) -> Session {
        let mut child = Command::new(env!("CARGO_BIN_EXE_swtcg"))
            .arg("play")
            .args(args)
            .current_dir(root())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("swtcg runs");
        let stdin = child.stdin.take().unwrap();
        let mut out = child.stdout.take().unwrap();
        let (send, output) = channel();
        std::thread::spawn(move || {
            let mut buffer = [0u8; 8192];
            while let Ok(n) = out.read(&mut buffer) {
                if n == 0 || send.send(buffer[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        Session {
            child,
            stdin,
            output,
            text: String::new(),
        }
    }

    /// Waits for the next prompt and returns what was printed since the last one, or `None`
    /// when the program ended.
    fn next_prompt(&mut self) -> Option<String> {
        let start = self.text.len();
        loop {
            if self.text.len() > start
                && (self.text.ends_with("\n> ") || self.text.ends_with("──\n"))
            {
                return Some(self.text[start..].to_string());
            }
            match self.output.recv_timeout(Duration::from_secs(60)) {
                Ok(bytes) => self.text.push_str(&String::from_utf8_lossy(&bytes)),
                Err(_) => return None,
            }
        }
    }

    fn send(&mut self, line: &str) {
        // The program may have ended already (after the last decision of a game).
        let _ = writeln!(self.stdin, "{line}");
        let _ = self.stdin.flush();
    }

    fn finish(mut self) -> (Option<i32>, String) {
        drop(self.stdin);
        while let Ok(bytes) = self.output.recv_timeout(Duration::from_secs(60)) {
            self.text.push_str(&String::from_utf8_lossy(&bytes));
        }
        let status = self.child.wait().unwrap();
        (status.code(), self.text)
    }
}

/// The numbered options of the last decision in a block of output.
fn options(block: &str) -> Vec<String> {
    let tail = block.rsplit_once(":\n").map_or(block, |(_, t)| t);
    tail.lines()
        .filter_map(|l| l.trim().split_once(". "))
        .filter(|(n, _)| n.parse::<usize>().is_ok())
        .map(|(_, text)| text.to_string())
        .collect()
}

/// The Dark Side's build points on the last board printed.
fn build_points(text: &str) -> u32 {
    text.lines()
        .rev()
        .find_map(|l| {
            let rest = l.strip_prefix("Dark Side: ")?;
            let (_, points) = rest.split_once(" Force, ")?;
            points.split(' ').next()?.parse().ok()
        })
        .unwrap_or(0)
}

#[test]
fn a_whole_game_against_the_ai_with_an_undo() {
    let log = temp("play", "vs-ai.jsonl");
    let mut session = Session::start(&["--seed", "4", "--log", log.to_str().unwrap()]);
    let mut undone = false;
    let mut prompts = 0;
    while let Some(block) = session.next_prompt() {
        prompts += 1;
        assert!(prompts < 5_000, "the game does not end");
        let choices = options(&block);
        assert!(!choices.is_empty(), "a prompt without choices:\n{block}");
        // Once: start building a card with one counter in a build step with build points to
        // spare (so that the step goes on without a die or a draw), then take it back.
        // Building is two choices: the card, then how many counters.
        let build = choices
            .iter()
            .position(|c| c.starts_with("Start building ") && c.contains("(1 counter, "));
        if let Some(i) = build
            && !undone
            && block.contains("— build action:")
            && build_points(&session.text) >= 2
        {
            session.send(&(i + 1).to_string());
            let counters = session.next_prompt().expect("the counters are asked");
            assert_eq!(options(&counters)[0], "1 counter", "{counters}");
            // 0 goes back to the whole list, which is asked again.
            session.send("0");
            let back = session.next_prompt().expect("the list again");
            assert_eq!(options(&back), choices);
            session.send(&(i + 1).to_string());
            session.next_prompt().expect("the counters again");
            session.send("1");
            let after = session.next_prompt().expect("the game goes on");
            assert!(after.contains("build counters on"), "{after}");
            session.send("u");
            let again = session.next_prompt().expect("the decision is asked again");
            assert!(again.contains("— undone —"), "{again}");
            assert_eq!(options(&again), choices, "the undone decision comes back");
            undone = true;
        }
        // An answer that is not a choice is refused and asked again.
        if prompts == 1 {
            session.send("99");
            let refused = session.next_prompt().unwrap();
            assert!(refused.contains("Type a number from 1 to"), "{refused}");
        }
        session.send("a");
    }
    let (code, text) = session.finish();
    assert!(undone, "no build step offered a card to build:\n{text}");
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("Game over: "), "{text}");
    // The opponent's hand is never shown.
    assert!(!text.contains("Light Side hand:"), "{text}");
    assert!(text.contains("Dark Side hand:"), "{text}");
    // The log of the game as played (with the undo) replays.
    let replayed = swtcg(&["replay", log.to_str().unwrap()]);
    assert_eq!(replayed.status.code(), Some(0), "{}", stdout(&replayed));
}

#[test]
fn hot_seat_shows_each_side_only_its_own_hidden_cards() {
    let mut session = Session::start(&["--vs", "human", "--seed", "2"]);
    let mut prompts = 0;
    let mut handovers = 0;
    let mut at_terminal = "Dark Side";
    while let Some(block) = session.next_prompt() {
        prompts += 1;
        assert!(prompts < 5_000, "the game does not end");
        let other = if at_terminal == "Dark Side" {
            "Light Side"
        } else {
            "Dark Side"
        };
        assert!(
            !block.contains(&format!("{other} hand:")),
            "{at_terminal} sees the {other}'s hand:\n{block}"
        );
        assert!(
            !block.contains(&format!("{other}: start building ")),
            "{at_terminal} sees which card the {other} builds:\n{block}"
        );
        if let Some(rest) = block.split("Hand the terminal to the ").nth(1) {
            handovers += 1;
            at_terminal = if rest.starts_with("Dark") {
                "Dark Side"
            } else {
                "Light Side"
            };
            session.send("");
            continue;
        }
        session.send("a");
    }
    let (code, text) = session.finish();
    assert_eq!(code, Some(0), "{text}");
    assert!(handovers > 2, "{text}");
    assert!(
        text.contains("face-down card"),
        "no build was hidden:\n{text}"
    );
}

#[test]
fn quitting_or_ending_the_input_abandons_the_game() {
    let mut session = Session::start(&["--seed", "1"]);
    session.next_prompt().unwrap();
    session.send("q");
    let (code, text) = session.finish();
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains("Game abandoned."), "{text}");

    // The log of an abandoned game says who left and verifies up to there (issue 24 case 5:
    // it used to fail replay like a tampered log), while a log cut short still diverges.
    let log = temp("play", "abandoned.jsonl");
    let mut session = Session::start(&["--seed", "1", "--log", log.to_str().unwrap()]);
    for _ in 0..3 {
        session.next_prompt().unwrap();
        session.send("1");
    }
    session.next_prompt().unwrap();
    session.send("q");
    let (code, text) = session.finish();
    assert_eq!(code, Some(1), "{text}");
    let written = std::fs::read_to_string(&log).unwrap();
    let last = written.lines().last().unwrap();
    assert_eq!(
        last,
        r#"{"entry":"abandoned","side":"dark","reason":"quit"}"#
    );
    let out = swtcg(&["replay", log.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stdout(&out));
    assert!(
        stdout(&out).contains("abandoned by the Dark Side at line"),
        "{}",
        stdout(&out)
    );
    let lines: Vec<&str> = written.lines().collect();
    std::fs::write(&log, lines[..lines.len() - 1].join("\n")).unwrap();
    let out = swtcg(&["replay", log.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(stdout(&out).contains("diverges"), "{}", stdout(&out));

    let out = swtcg(&["play", "--help"]);
    assert!(
        stdout(&out).contains("Example: swtcg play"),
        "{}",
        stdout(&out)
    );
}
