// The page of `burgundy serve`: the new-game form at /, a seat's game at /games/ID?token=T.
// It talks to the server only through the JSON API (/api, docs/web.md).
"use strict";

const $ = (id) => document.getElementById(id);
const KIND_TITLES = {take: "Take a hex", place: "Place a hex", sell: "Sell goods",
  workers: "Take workers", buy: "Buy from the black depot"};

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== null && value !== undefined && value !== false) node.setAttribute(key, value);
  }
  for (const child of children) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
}

function say(text) {
  const box = $("message");
  box.textContent = text || "";
  box.hidden = !text;
}

async function api(method, path, body) {
  const options = {method, headers: {"Accept": "application/json"}};
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  let data = null;
  try { data = await response.json(); } catch (e) { data = {error: response.statusText}; }
  return {status: response.status, data};
}

// -- the new-game form ---------------------------------------------------------------------
let catalogue = null;

function optionInput(prefix, name, spec, value) {
  const id = `${prefix}-${name}`;
  let input;
  if (spec.choices) {
    input = el("select", {id, "data-option": name, "data-json": "1"});
    for (const choice of spec.choices) {
      const option = el("option", {value: JSON.stringify(choice)}, String(choice));
      if (JSON.stringify(choice) === JSON.stringify(value)) option.selected = true;
      input.append(option);
    }
  } else {
    input = el("input", {id, "data-option": name, "data-json": "1", size: 24,
      value: value === null || value === undefined ? "" : JSON.stringify(value)});
  }
  return el("label", {title: spec.doc, for: id}, `${name} `, input);
}

function drawSeats() {
  const count = Number($("players").value);
  const box = $("seats");
  const old = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren();
  for (let seat = 0; seat < count; seat++) {
    const select = el("select", {id: `seat-${seat}`, "data-seat": seat});
    for (const kind of catalogue.kinds.concat(["mcts:60"])) {
      select.append(el("option", {value: kind}, kind === "human" ? "a person" : `bot: ${kind}`));
    }
    select.value = old[seat] || (seat === 0 ? "human" : "greedy");
    box.append(el("label", {for: select.id}, `Seat ${seat} `, select));
  }
}

function drawForm() {
  const box = $("variants");
  box.replaceChildren();
  for (const variant of catalogue.variants) {
    const check = el("input", {type: "checkbox", id: `variant-${variant.name}`,
      "data-variant": variant.name});
    check.checked = catalogue.standard.includes(variant.name);
    const options = el("div", {class: "variant-options", hidden: !check.checked});
    for (const [name, spec] of Object.entries(variant.options)) {
      const value = name in variant.example_options ? variant.example_options[name] : spec.default;
      options.append(optionInput(`option-${variant.name}`, name, spec, value));
    }
    check.addEventListener("change", () => { options.hidden = !check.checked; });
    box.append(el("div", {class: "variant"},
      el("label", {for: check.id}, check, ` ${variant.name} `,
         el("small", {}, variant.summary)), options));
  }
  const core = $("core-options");
  core.replaceChildren();
  for (const [name, spec] of Object.entries(catalogue.options)) {
    core.append(optionInput("core", name, spec, spec.default));
  }
  drawSeats();
}

function readForm() {
  const variants = [...document.querySelectorAll("[data-variant]")]
    .filter((c) => c.checked).map((c) => c.dataset.variant);
  const options = {};
  const inputs = [...document.querySelectorAll("#core-options [data-option]")];
  for (const name of variants) {
    inputs.push(...document.querySelectorAll(`[id^="option-${name}-"]`));
  }
  for (const input of inputs) {
    const name = input.dataset.option;
    const spec = findSpec(name);
    const raw = input.value.trim();
    if (raw === "") continue;
    let value;
    try { value = JSON.parse(raw); } catch (e) { value = raw; }
    if (spec && JSON.stringify(value) === JSON.stringify(spec.default)) continue;
    options[name] = value;
  }
  const seats = [...document.querySelectorAll("#seats select")].map((s) => s.value);
  const body = {players: seats.length, variants, options, seats};
  const seed = $("seed").value.trim();
  if (seed !== "") body.seed = Number(seed);
  return body;
}

function findSpec(name) {
  if (name in catalogue.options) return catalogue.options[name];
  for (const variant of catalogue.variants) {
    if (name in variant.options) return variant.options[name];
  }
  return null;
}

async function startNewPage() {
  document.body.dataset.page = "new";
  $("new").hidden = false;
  const {status, data} = await api("GET", "/api/variants");
  if (status !== 200) { say(data.error); return; }
  catalogue = data;
  drawForm();
  $("players").addEventListener("change", drawSeats);
  $("new-game").addEventListener("submit", async (event) => {
    event.preventDefault();
    say("");
    $("start").disabled = true;
    const answer = await api("POST", "/api/games", readForm());
    $("start").disabled = false;
    if (answer.status !== 201) { say(answer.data.error); return; }
    const people = answer.data.seats.filter((s) => s.url);
    if (people.length === 1) { location.assign(people[0].url); return; }
    const list = $("seat-links");
    list.replaceChildren();
    for (const seat of answer.data.seats) {
      list.append(el("li", {}, seat.url
        ? el("a", {href: seat.url, "data-seat": seat.seat}, `Seat ${seat.seat}: ${location.origin}${seat.url}`)
        : `Seat ${seat.seat}: bot ${seat.kind}`));
    }
    $("links").hidden = false;
    document.body.dataset.game = answer.data.id;
  });
  document.body.dataset.ready = "1";
}

// -- a seat's game -----------------------------------------------------------------------
let game = null;       // the last state the API gave
let token = null;
let gameId = null;
let busy = false;
let shownTurn = -1;

function seatLabel(seat) {
  const kind = game.seats[seat].kind;
  if (seat === game.seat) return `seat ${seat} (you)`;
  return kind === "human" ? `seat ${seat}` : `seat ${seat} (${kind})`;
}

function drawScores() {
  const list = $("scores");
  list.replaceChildren();
  const top = Math.max(1, ...game.scores);
  game.scores.forEach((score, seat) => {
    const bar = el("span", {});
    bar.style.width = `${Math.round(100 * score / top)}%`;
    list.append(el("li", {class: seat === game.to_move ? "to-move" : "", "data-seat": seat},
      el("span", {}, seatLabel(seat)), el("span", {class: "bar"}, bar),
      el("span", {class: "score"}, String(score))));
  });
}

function drawLog() {
  const list = $("log");
  list.replaceChildren();
  for (const move of game.log) {
    list.append(el("li", {class: move.seat === game.seat ? "mine" : "", value: move.turn + 1},
      `seat ${move.seat}: ${move.action}`));
  }
  list.scrollTop = list.scrollHeight;
}

function targetsOf(action) {
  const board = $("board");
  const found = [];
  if (action.depot !== null) {
    found.push(...board.querySelectorAll(`g.depot[data-depot="${action.depot}"]`));
  }
  const duchy = board.querySelector(`g.duchy[data-estate="${action.estate}"]`);
  if (duchy && action.space !== null) {
    found.push(...duchy.querySelectorAll(`polygon.space[data-space="${action.space}"]`));
  }
  if (duchy && action.stored !== null) {
    const stored = duchy.querySelector(`g.tile[data-storage][data-tile="${action.stored}"]`);
    if (stored) found.push(stored);
  }
  return found;
}

function highlight(action, on) {
  for (const node of targetsOf(action)) node.classList.toggle("hl", on);
}

function drawActions() {
  const box = $("actions");
  box.replaceChildren();
  const groups = new Map();
  for (const kind of catalogue_kinds()) groups.set(kind, []);
  for (const action of game.actions) {
    if (!groups.has(action.kind)) groups.set(action.kind, []);
    groups.get(action.kind).push(action);
  }
  for (const [kind, actions] of groups) {
    if (!actions.length) continue;
    const list = el("ul", {});
    for (const action of actions) {
      const button = el("button", {type: "button", class: "action", "data-action": action.text,
        "data-kind": kind, onclick: () => play(action.text),
        onmouseenter: () => highlight(action, true), onmouseleave: () => highlight(action, false),
        onfocus: () => highlight(action, true), onblur: () => highlight(action, false)},
        action.text);
      list.append(el("li", {}, button));
    }
    box.append(el("div", {class: "group", "data-kind": kind},
      el("h3", {}, KIND_TITLES[kind] || kind), list));
  }
  $("hint").textContent = game.actions.length
    ? "Click a move, or a depot or space on the board." : "";
  $("actions-box").hidden = !game.actions.length && !game.can_undo;
  $("undo").hidden = !game.can_undo;
}

function catalogue_kinds() { return ["take", "place", "sell", "workers", "buy"]; }

function markClickable() {
  for (const action of game.actions) {
    for (const node of targetsOf(action)) {
      if (!node.matches("g.tile")) node.classList.add("clickable");
    }
  }
}

// The space polygon a click is on: the polygon itself, or its cell's (the die number drawn
// over an empty space belongs to the same cell).
function spaceOf(target) {
  if (target.matches && target.matches("polygon.space")) return target;
  let group = target.closest("g");
  while (group && !group.matches("g.duchy")) {
    const space = group.querySelector(":scope > polygon.space");
    if (space) return space;
    group = group.parentElement ? group.parentElement.closest("g") : null;
  }
  return null;
}

function onBoardClick(event) {
  if (!game || !game.actions.length || busy) return;
  let chosen = [];
  const space = spaceOf(event.target);
  const depot = event.target.closest("g.depot");
  const duchy = event.target.closest("g.duchy");
  const name = space ? space.dataset.space : null;
  if (name && duchy) {
    const estate = Number(duchy.dataset.estate);
    chosen = game.actions.filter((a) => a.space === name && a.estate === estate);
  } else if (depot) {
    const number = Number(depot.dataset.depot);
    chosen = game.actions.filter((a) => a.depot === number);
  }
  for (const button of document.querySelectorAll("button.action.candidate")) {
    button.classList.remove("candidate");
  }
  if (chosen.length === 1) { play(chosen[0].text); return; }
  if (chosen.length > 1) {
    for (const action of chosen) {
      const button = document.querySelector(`button.action[data-action="${CSS.escape(action.text)}"]`);
      if (button) button.classList.add("candidate");
    }
    $("hint").textContent = `${chosen.length} moves use that: pick one (outlined).`;
  }
}

function drawStatus() {
  const status = $("status");
  status.classList.remove("thinking");
  if (game.terminal) {
    const winners = game.winners.map(seatLabel).join(" and ");
    status.textContent = `The game is over: ${winners || "nobody"} won.`;
  } else if (game.to_move === game.seat) {
    status.textContent = "Your move.";
  } else {
    const kind = game.seats[game.to_move].kind;
    status.textContent = kind === "human"
      ? `Waiting for seat ${game.to_move}.` : `Seat ${game.to_move} (${kind}) is thinking`;
    if (kind !== "human") status.classList.add("thinking");
  }
}

// Every answer that may be drawn gets a number: only the latest one asked for is drawn (an
// older answer arriving late never replaces a newer picture).
let asked = 0;
let announced = null;  // the last turn the event stream told of

async function draw(state, ticket) {
  if (ticket !== asked) return;
  game = state;
  const picture = await fetch(`${game.svg}?turn=${game.turn}`);
  const text = await picture.text();
  if (ticket !== asked) return;  // a newer state came meanwhile
  $("board").innerHTML = text;
  drawScores();
  drawLog();
  drawActions();
  drawStatus();
  markClickable();
  shownTurn = game.turn;
  document.body.dataset.turn = String(game.turn);
  document.body.dataset.toMove = game.terminal ? "" : String(game.to_move);
  document.body.dataset.terminal = game.terminal ? "1" : "";
  document.body.dataset.ready = "1";
  if (announced !== null && announced > game.turn && !busy) refresh();
}

async function refresh() {
  const ticket = ++asked;
  const {status, data} = await api("GET", `/api/games/${gameId}?token=${encodeURIComponent(token)}`);
  if (ticket !== asked) return;
  if (status !== 200) { say(data.error); return; }
  await draw(data, ticket);
}

async function play(text) {
  if (busy) return;
  busy = true;
  say("");
  for (const button of document.querySelectorAll("button.action")) button.disabled = true;
  try {
    const ticket = ++asked;
    const {status, data} = await api("POST", `/api/games/${gameId}/actions`,
      {token, action: text, turn: game.turn});
    if (status === 200) await draw(data, ticket);
    else if (status === 409) await refresh();
    else { say(data.error); await refresh(); }
  } finally {
    busy = false;
    for (const button of document.querySelectorAll("button.action")) button.disabled = false;
    if (announced !== null && game && announced > game.turn) refresh();
  }
}

async function undo() {
  if (busy) return;
  busy = true;
  try {
    const ticket = ++asked;
    const {status, data} = await api("POST", `/api/games/${gameId}/undo`, {token});
    if (status === 200) await draw(data, ticket); else say(data.error);
  } finally { busy = false; }
}

function listen() {
  if (!window.EventSource) { setInterval(refresh, 2000); return; }
  const source = new EventSource(`/api/games/${gameId}/events`);
  source.addEventListener("turn", (event) => {
    announced = Number(event.data);
    if (announced !== shownTurn && !busy) refresh();
  });
  source.addEventListener("open", () => { if (game) refresh(); });
}

async function startGamePage(id) {
  document.body.dataset.page = "game";
  gameId = id;
  token = new URLSearchParams(location.search).get("token") || "";
  $("play").hidden = false;
  $("record-link").href = `/api/games/${gameId}/record`;
  $("board").addEventListener("click", onBoardClick);
  $("undo").addEventListener("click", undo);
  const {status, data} = await api("GET", `/api/games/${gameId}?token=${encodeURIComponent(token)}`);
  if (status !== 200) { say(data.error); return; }
  await draw(data, asked);
  listen();
}

const match = location.pathname.match(/^\/games\/([^/]+)$/);
if (match) startGamePage(decodeURIComponent(match[1])); else startNewPage();
