//! A small blocking WebDriver client (W3C WebDriver, JSON over HTTP/1.1) for the browser test of
//! the web board: new session, go to a page, run a script, find an element by CSS, click it, read
//! its text, take a screenshot, end the session.
//!
//! Written here rather than taken from a WebDriver crate: the one used before (fantoccini)
//! brought a tree of crates whose features (of syn, hyper, zerocopy...) differ from the release
//! build's, so `cargo test --release` built wasmtime and about 70 other crates a second time (as
//! long as the release build). The test needs eight kinds of requests to chromedriver on
//! localhost, plain HTTP/1.1 that `std::net` does.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use serde_json::{Value, json};

/// The key under which WebDriver names an element (W3C WebDriver, "web element identifier").
const ELEMENT_KEY: &str = "element-6066-11e4-a52e-4f735466cecf";

/// A browser session opened through a WebDriver server (chromedriver). Dropped without
/// [`Session::close`] (a failed assertion), it still ends the session, so that no browser
/// outlives the test.
pub struct Session {
    /// `host:port` of the WebDriver server.
    server: String,
    id: String,
    closed: bool,
}

/// An element of the page, found by [`Session::find`].
pub struct Element<'a> {
    session: &'a Session,
    id: String,
}

impl Session {
    /// Opens a session on the WebDriver server at `url` (`http://host:port`) with the given
    /// capabilities (`alwaysMatch`).
    pub fn new(url: &str, capabilities: Value) -> Result<Session, String> {
        let server = url
            .strip_prefix("http://")
            .ok_or_else(|| format!("not an http:// address: {url}"))?
            .trim_end_matches('/')
            .to_string();
        let answer = request(
            &server,
            "POST",
            "/session",
            Some(json!({ "capabilities": { "alwaysMatch": capabilities } })),
        )?;
        let id = answer["sessionId"]
            .as_str()
            .ok_or_else(|| format!("no sessionId in {answer}"))?
            .to_string();
        Ok(Session {
            server,
            id,
            closed: false,
        })
    }

    /// Sends one command of this session and returns the `value` of its answer.
    fn command(&self, method: &str, path: &str, body: Option<Value>) -> Result<Value, String> {
        request(
            &self.server,
            method,
            &format!("/session/{}{path}", self.id),
            body,
        )
    }

    /// Loads a page and waits for it, as WebDriver's "Navigate To" does.
    pub fn goto(&self, url: &str) -> Result<(), String> {
        self.command("POST", "/url", Some(json!({ "url": url })))
            .map(drop)
    }

    /// Runs a script in the page (its body; `return` gives the value) and returns what it
    /// returned.
    pub fn execute(&self, script: &str) -> Result<Value, String> {
        self.command(
            "POST",
            "/execute/sync",
            Some(json!({ "script": script, "args": [] })),
        )
    }

    /// The first element the CSS selector matches.
    pub fn find(&self, selector: &str) -> Result<Element<'_>, String> {
        let found = self.command(
            "POST",
            "/element",
            Some(json!({ "using": "css selector", "value": selector })),
        )?;
        let id = found[ELEMENT_KEY]
            .as_str()
            .ok_or_else(|| format!("no element in {found}"))?
            .to_string();
        Ok(Element { session: self, id })
    }

    /// A screenshot of the window, as PNG bytes.
    pub fn screenshot(&self) -> Result<Vec<u8>, String> {
        let encoded = self.command("GET", "/screenshot", None)?;
        let encoded = encoded
            .as_str()
            .ok_or_else(|| format!("the screenshot is not a string: {encoded}"))?;
        data_encoding::BASE64
            .decode(encoded.as_bytes())
            .map_err(|e| format!("the screenshot is not base64: {e}"))
    }

    /// Ends the session (the browser closes).
    pub fn close(mut self) -> Result<(), String> {
        self.closed = true;
        self.end()
    }

    fn end(&self) -> Result<(), String> {
        let path = format!("/session/{}", self.id);
        request(&self.server, "DELETE", &path, None).map(drop)
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        if !self.closed {
            let _ = self.end();
        }
    }
}

impl Element<'_> {
    /// Clicks the element.
    pub fn click(&self) -> Result<(), String> {
        let path = format!("/element/{}/click", self.id);
        self.session
            .command("POST", &path, Some(json!({})))
            .map(drop)
    }

    /// The element's rendered text.
    pub fn text(&self) -> Result<String, String> {
        let path = format!("/element/{}/text", self.id);
        let text = self.session.command("GET", &path, None)?;
        text.as_str()
            .map(str::to_string)
            .ok_or_else(|| format!("the text is not a string: {text}"))
    }
}

/// One HTTP/1.1 request to the WebDriver server, on a connection of its own; returns the
/// answer's `value`, or the error WebDriver reported.
fn request(server: &str, method: &str, path: &str, body: Option<Value>) -> Result<Value, String> {
    let what = format!("{method} {path}");
    let mut stream = TcpStream::connect(server).map_err(|e| format!("{what}: {e}"))?;
    // A browser that hangs fails the test instead of holding it forever.
    let limit = Some(Duration::from_secs(120));
    stream
        .set_read_timeout(limit)
        .map_err(|e| format!("{what}: {e}"))?;
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {server}\r\nContent-Type: application/json; \
         charset=utf-8\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    stream
        .write_all(head.as_bytes())
        .and_then(|()| stream.write_all(body.as_bytes()))
        .map_err(|e| format!("{what}: {e}"))?;
    // chromedriver keeps the connection open whatever the request asks, so the answer ends
    // where its Content-Length (or its last chunk) says, not at the end of the stream.
    let mut raw = Vec::new();
    let mut buffer = [0; 64 * 1024];
    let (head, content) = loop {
        let read = stream
            .read(&mut buffer)
            .map_err(|e| format!("{what}: {e}"))?;
        if read == 0 {
            return Err(format!("{what}: the connection closed mid-answer"));
        }
        raw.extend_from_slice(&buffer[..read]);
        let Some(split) = raw.windows(4).position(|w| w == b"\r\n\r\n") else {
            continue;
        };
        let head = String::from_utf8_lossy(&raw[..split]).to_ascii_lowercase();
        let body = &raw[split + 4..];
        if head.contains("transfer-encoding: chunked") {
            if let Some(content) = unchunk(body) {
                break (head, content);
            }
        } else {
            let length = head
                .lines()
                .find_map(|line| line.strip_prefix("content-length:"))
                .and_then(|n| n.trim().parse::<usize>().ok())
                .ok_or_else(|| format!("{what}: an answer without Content-Length"))?;
            if body.len() >= length {
                break (head, body[..length].to_vec());
            }
        }
    };
    let status: u16 = head
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .ok_or_else(|| format!("{what}: no status in {head:?}"))?;
    let answer: Value =
        serde_json::from_slice(&content).map_err(|e| format!("{what}: the answer: {e}"))?;
    if status != 200 {
        return Err(format!("{what}: status {status}: {}", answer["value"]));
    }
    Ok(answer["value"].clone())
}

/// The body of a `Transfer-Encoding: chunked` answer (RFC 9112 7.1): hexadecimal sizes, each
/// followed by that many bytes, ending with a chunk of size 0.
fn unchunk(mut rest: &[u8]) -> Option<Vec<u8>> {
    let mut body = Vec::new();
    loop {
        let line_end = rest.windows(2).position(|w| w == b"\r\n")?;
        let size = std::str::from_utf8(&rest[..line_end]).ok()?;
        let size = usize::from_str_radix(size.split(';').next()?.trim(), 16).ok()?;
        rest = &rest[line_end + 2..];
        if size == 0 {
            return Some(body);
        }
        body.extend_from_slice(rest.get(..size)?);
        rest = rest.get(size + 2..)?;
    }
}
