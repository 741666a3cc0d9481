// The web board's page: opens this side's socket (wire format 1, docs/web-board.md), draws the
// board, the log and the decision it is sent, and sends back the option clicked. Every text
// from the game (card names and texts come from set files) is set as text, never as HTML.
"use strict";

const WIRE_VERSION = 1;
const params = new URLSearchParams(location.search);
const seat = params.get("seat");
const $ = (id) => document.getElementById(id);
let me = null;        // this page's side: "dark" or "light"
let hello = null;
let socket = null;
let pending = null;   // the decision shown, if any
let replay = null;    // the replay shown (`swtcg serve --replay LOG`), if any

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

const sideName = (side) => (side === "dark" ? "Dark Side" : "Light Side");
const other = (side) => (side === "dark" ? "light" : "dark");
const index = (side) => (side === "dark" ? 0 : 1);
// Arenas come as the log writes them ("space"); the board names them as printed ("Space").
const arenaName = (arena) => arena.charAt(0).toUpperCase() + arena.slice(1);

function setStatus(text) { $("status").textContent = text; }

function connect() {
  if (!seat) {
    setStatus("no seat in this address: open the address `swtcg serve` printed");
    return;
  }
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws?seat=${encodeURIComponent(seat)}`);
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = () => setStatus("disconnected from the server");
  socket.onerror = () => setStatus("cannot reach the server");
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function receive(message) {
  switch (message.type) {
    case "hello":
      if (message.version !== WIRE_VERSION) {
        setStatus(`the server speaks wire format ${message.version}, this page ${WIRE_VERSION}`);
        socket.close();
        return;
      }
      hello = message;
      me = message.side;
      document.body.dataset.side = me;
      $("match").textContent = `${message.decks[0]} (Dark Side, ${message.players[0]}) vs ` +
        `${message.decks[1]} (Light Side, ${message.players[1]}) · seed ${message.seed} · ${message.ruleset}`;
      setStatus(`you play the ${sideName(me)}`);
      break;
    case "update":
      drawBoard(message.board);
      appendLog(message.log_from, message.log);
      drawDecision(message.decision, message.result);
      $("undo").disabled = !message.can_undo;
      break;
    case "refused":
      setStatus(`refused: ${message.message}`);
      break;
  }
}

function cardBody(card) {
  const line = [card.kind];
  if (card.arenas.length) line.push(card.arenas.map(arenaName).join("/"));
  if (card.subtypes.length) line.push(card.subtypes.join(" "));
  const stats = [];
  if (card.cost !== undefined) stats.push(`cost ${card.cost}`);
  if (card.speed !== undefined) stats.push(`speed ${card.speed}`);
  if (card.power !== undefined) stats.push(`power ${card.power}`);
  if (card.health !== undefined) stats.push(`health ${card.health}`);
  return [
    el("div", { class: "name" }, card.name),
    el("div", { class: "line" }, `${line.join(" · ")} (${card.set})`),
    el("div", { class: "stats" }, stats.join(" · ")),
  ];
}

function textBlock(texts, inert) {
  if (!texts.length) return null;
  return el("div", { class: "text" },
    texts.map((t) => el("div", { class: inert.includes(t) ? "inert" : null,
      title: inert.includes(t) ? "no plugin carries this text out in this game" : null }, t)));
}

function handCard(card) {
  return el("div", { class: `card ${me}`, "data-card": card.card, "data-name": card.name },
    cardBody(card), textBlock(card.text, []));
}

function unitCard(unit, side) {
  const attrs = {
    class: `card ${side}` + (unit.tapped ? " tapped" : "") + (unit.face_down ? " face-down" : ""),
    "data-unit": unit.id,
    "data-side": side,
    "data-name": unit.card ? unit.card.name : "",
    "data-damage": unit.damage,
  };
  if (unit.face_down) {
    return el("div", attrs, el("div", { class: "name" }, "face-down card"),
      el("div", {}, `${unit.build_counters} build counters`));
  }
  const card = unit.card;
  const notes = [];
  if (!unit.built) notes.push(`building: ${unit.build_counters}/${unit.build_cost} counters`);
  if (unit.location) notes.push("Location");
  if (unit.tapped) notes.push("tapped");
  if (unit.stack.length) notes.push(`stack: ${unit.stack.join(", ")}`);
  if (unit.pilots.length) notes.push(`pilots: ${unit.pilots.join(", ")}`);
  if (unit.equipment.length) notes.push(`equipped with ${unit.equipment.join(", ")}`);
  notes.push(...unit.changes);
  if (unit.given.length) notes.push(`given ${unit.given.join(", ")}`);
  if (unit.loses.length) notes.push(`loses ${unit.loses.join(", ")}`);
  if (unit.switch) notes.push(unit.switch);
  for (const [kind, n] of unit.counters) notes.push(`${n} ${kind} counters`);
  const stats = unit.stats
    ? el("div", { class: "stats" },
        `speed ${unit.stats.speed} · power ${unit.stats.power} · health ${unit.stats.health}`)
    : null;
  return el("div", attrs,
    unit.damage ? el("span", { class: "damage", title: "damage counters" }, unit.damage) : null,
    el("div", { class: "name" }, card.name),
    el("div", { class: "line" }, `[u${unit.id}] ${card.kind} · ${card.set}`),
    stats,
    notes.length ? el("div", { class: "notes" }, notes.join(" · ")) : null,
    textBlock(card.text, unit.inert));
}

function playerPanel(player, mine) {
  const discard = player.discard;
  return [
    el("div", { class: "pools" },
      el("span", { class: "who" }, mine && !replay ? `${sideName(player.side)} (you)` : sideName(player.side)),
      el("span", {}, el("b", {}, player.force), " Force"),
      el("span", {}, el("b", {}, player.build_points), " build points"),
      el("span", { "data-test": `${player.side}-hand-count` }, el("b", {}, player.hand_count), " in hand"),
      el("span", {}, el("b", {}, player.deck), " in deck"),
      el("span", {}, el("b", {}, discard.length), " discarded")),
    // A replay shows the other hand too.
    !mine && player.hand
      ? el("details", {}, el("summary", {}, `Hand (${player.hand.length})`),
          el("div", { class: "cards" }, player.hand.map((c) =>
            el("div", { class: `card ${player.side}`, "data-card": c.card, "data-name": c.name },
              cardBody(c), textBlock(c.text, [])))))
      : null,
    player.build_zone.length
      ? el("div", {}, el("h2", {}, "Build zone"),
          el("div", { class: "cards", "data-zone": `${player.side}-build` },
            player.build_zone.map((u) => unitCard(u, player.side))))
      : null,
    discard.length
      ? el("details", {}, el("summary", {}, `Discard pile (${discard.length})`),
          el("div", { class: "cards" }, [...discard].reverse().map((c) =>
            el("div", { class: `card ${player.side}` }, cardBody(c), textBlock(c.text, [])))))
      : null,
  ];
}

function drawBoard(board) {
  $("turn").textContent = `Turn ${board.turn} · ${board.step}`;
  document.body.dataset.turn = board.turn;
  const mine = board.players[index(me)];
  const theirs = board.players[index(other(me))];
  $("opponent").className = `player ${theirs.side}`;
  $("opponent").replaceChildren(...playerPanel(theirs, false).filter(Boolean));
  $("me").className = `player ${mine.side}`;
  $("me").replaceChildren(...playerPanel(mine, true).filter(Boolean));
  $("arenas").replaceChildren(...board.arenas.map((arena) => {
    const control = arena.controller ? `controlled by the ${sideName(arena.controller)}` : "controlled by nobody";
    const half = (side, cls) => el("div", { class: `half ${cls}`, "data-arena": arena.arena, "data-side": side },
      arena.units[index(side)].map((u) => unitCard(u, side)));
    return el("div", { class: "arena", "data-arena": arena.arena },
      el("h2", {}, `${arenaName(arena.arena)} arena `, el("span", {}, control)),
      half(other(me), "theirs"), half(me, "mine"));
  }));
  $("hand").replaceChildren(...(mine.hand || []).map(handCard));
}

function appendLog(from, lines) {
  const log = $("log");
  // The log from its start (a new socket, or the game replayed after an undo) replaces it.
  if (from === 0) log.replaceChildren();
  lines.forEach((line) => {
    const text = line.text.trim();
    log.append(el("li", { "data-entry": line.entry, class: text.startsWith("— Turn") ? "turn" : null }, text));
  });
  log.scrollTop = log.scrollHeight;
}

function drawDecision(decision, result) {
  pending = decision;
  const options = $("options");
  $("ai-once").disabled = !decision;
  if (result) {
    $("result").hidden = false;
    $("result").textContent = result;
    $("concede").disabled = true;
    setStatus("the game is over");
  }
  if (!decision) {
    $("prompt").textContent = result ? "" : `waiting for the ${sideName(other(me))}…`;
    $("decision-box").removeAttribute("data-decision");
    options.replaceChildren();
    return;
  }
  $("decision-box").dataset.decision = decision.id;
  $("prompt").textContent = `Your decision: ${decision.prompt}`;
  const rows = [];
  let group = null;
  decision.options.forEach((option, i) => {
    const button = el("button", { type: "button", class: "option", "data-option": i, title: option.label,
      onclick: () => choose(i) }, option.group ? option.short : option.label);
    if (option.group) {
      if (!group || group.name !== option.group) {
        group = { name: option.group, node: el("div", { class: "group" }, el("span", {}, option.group)) };
        rows.push(group.node);
      }
      group.node.append(button);
    } else {
      group = null;
      rows.push(button);
    }
  });
  options.replaceChildren(...rows);
}

function choose(option) {
  if (!pending) return;
  send({ type: "choose", decision: pending.id, option });
  pending = null;
  for (const button of document.querySelectorAll("#options button")) button.disabled = true;
}

$("ai-once").addEventListener("click", () => {
  if (pending) send({ type: "ai", decision: pending.id });
});
$("undo").addEventListener("click", () => send({ type: "undo" }));
$("concede").addEventListener("click", () => {
  if (confirm("Concede? The game ends without a result.")) send({ type: "concede" });
});

// The replay viewer (`swtcg serve --replay LOG`): every frame at once, stepped or scrubbed.

function showFrame(i) {
  const frames = replay.frames;
  i = Math.max(0, Math.min(frames.length - 1, i));
  const frame = frames[i];
  $("scrub").value = i;
  drawBoard(frame.board);
  const log = $("log");
  log.replaceChildren();
  appendLog(0, replay.log.slice(0, frame.log_until));
  $("position").textContent = frame.asked
    ? `decision ${i + 1} of ${frames.length - 1}`
    : `the end: ${replay.result}`;
  document.body.dataset.frame = i;
  if (frame.asked) {
    $("asked").replaceChildren(
      el("div", { class: "prompt" }, `${sideName(frame.asked.side)} — ${frame.asked.prompt}:`),
      el("ol", {}, frame.asked.options.map((label, k) =>
        el("li", { class: k === frame.asked.chosen ? "chosen" : null }, label))));
  } else {
    $("asked").replaceChildren(el("div", { id: "replay-result" }, replay.result));
  }
}

async function openReplay() {
  const response = await fetch("/replay");
  replay = await response.json();
  if (replay.version !== WIRE_VERSION) {
    setStatus(`the server speaks wire format ${replay.version}, this page ${WIRE_VERSION}`);
    return;
  }
  me = "dark";
  $("decision-box").hidden = true;
  $("replay-box").hidden = false;
  $("hand-row").querySelector("h2").textContent = "Dark Side's hand";
  $("match").textContent = `Replay: ${replay.decks[0]} (Dark Side) vs ${replay.decks[1]} ` +
    `(Light Side) · seed ${replay.seed} · ${replay.ruleset}`;
  setStatus(replay.result);
  const scrub = $("scrub");
  scrub.max = replay.frames.length - 1;
  scrub.addEventListener("input", () => showFrame(Number(scrub.value)));
  const at = () => Number(scrub.value);
  $("first").addEventListener("click", () => showFrame(0));
  $("back").addEventListener("click", () => showFrame(at() - 1));
  $("next").addEventListener("click", () => showFrame(at() + 1));
  $("last").addEventListener("click", () => showFrame(replay.frames.length - 1));
  document.addEventListener("keydown", (event) => {
    if (event.key === "ArrowRight") showFrame(at() + 1);
    if (event.key === "ArrowLeft") showFrame(at() - 1);
  });
  showFrame(0);
}

if (params.has("replay")) openReplay(); else connect();
