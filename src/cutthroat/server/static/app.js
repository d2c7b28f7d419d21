// The browser client of the cutthroat web game (docs/protocol.md).
// Plain JavaScript, no build step: a lobby, a join form and the table, which speaks to
// the server over one WebSocket and renders every `state` message it receives.
"use strict";

/* ---------- Cards and words ------------------------------------------------------- */

const SUITS = {
  C: { name: "clubs", symbol: "♣", red: false },
  D: { name: "diamonds", symbol: "♦", red: true },
  H: { name: "hearts", symbol: "♥", red: true },
  S: { name: "spades", symbol: "♠", red: false },
};
const RANKS = { 7: "seven", 8: "eight", 9: "nine", T: "ten", J: "jack", Q: "queen",
  K: "king", A: "ace" };
const RANK_ORDER = "789TJQKA";
const SAME_COLOUR = { C: "S", S: "C", D: "H", H: "D" };

/** "JH" -> "J♥", "TC" -> "10♣", "JO" -> "Joker". */
function cardText(code) {
  if (code === "JO") return "Joker";
  return (code[0] === "T" ? "10" : code[0]) + SUITS[code[1]].symbol;
}

/**
 * A card's name in words, as a screen reader says it: "TS" -> "ten of spades", "JO" ->
 * "joker"; once trump is known its jacks are named as the bowers too (R3): "jack of
 * hearts, right bower", "jack of diamonds, left bower". The words of the terminal game
 * (terminal.py reads "the ten of spades", "the joker", "the right bower").
 */
function cardName(code, trump = null) {
  if (code === "JO") return "joker";
  const name = `${RANKS[code[0]]} of ${SUITS[code[1]].name}`;
  if (trump && code[0] === "J" && code[1] === trump) return `${name}, right bower`;
  if (trump && code[0] === "J" && code[1] === SAME_COLOUR[trump]) return `${name}, left bower`;
  return name;
}

/** A card in a sentence, in words: "the ten of spades", "the joker". */
const cardSaid = (code) => `the ${cardName(code)}`;

/** "a, b and c". */
function wordList(items) {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/**
 * Cards and suits in a sentence, as the page shows them (SHOWN: "the K♥", "hearts ♥")
 * and as a screen reader says them (SAID: "the king of hearts", "hearts"): the log, the
 * announcements and the move buttons are written once, for both.
 */
const SHOWN = {
  card: (c) => cardText(c),
  the: (c) => `the ${cardText(c)}`,
  cards: (cs) => cs.map(cardText).join(" "),
  suit: (s) => `${SUITS[s].name} ${SUITS[s].symbol}`,
};
const SAID = {
  card: cardSaid,
  the: cardSaid,
  cards: (cs) => `the ${wordList(cs.map((c) => cardName(c)))}`,
  suit: (s) => SUITS[s].name,
};

/** A server's sentence with card codes ("Ben orders up the KH", "Cal keeps 9S JH ...")
 *  in words: "Ben orders up the king of hearts", "Cal keeps the nine of spades, ...". */
function cardsInWords(text) {
  return text.replace(/\b(the )?((?:[789TJQKA][CDHS]|JO)(?: (?:[789TJQKA][CDHS]|JO))*)\b/g,
    (_, _the, codes, at) => {
      const words = SAID.cards(codes.split(" "));
      // After a possessive, no article: "your partner's the ace" is "your partner's
      // ace", "your the king of spades" is "your king of spades".
      return /(?:['’]s|\byour) $/i.test(text.slice(0, at)) ? words.replace(/^the /, "")
        : words;
    });
}

/** Text shown with symbols and said in words: the symbols hidden from a screen reader,
 *  the words from the eye (a node list for el()). */
function spoken(shown, said) {
  if (shown === said) return [shown];
  return [el("span", { "aria-hidden": "true" }, [shown]), el("span", { class: "visually-hidden" }, [said])];
}

/** The suit a card belongs to once trump is known (the left bower and joker are trump). */
function suitOf(code, trump) {
  if (code === "JO") return trump || "joker";
  if (trump && code[0] === "J" && code[1] === SAME_COLOUR[trump]) return trump;
  return code[1];
}

/** A card's strength within its suit, higher is stronger (trump ranking with trump). */
function strength(code, trump) {
  if (code === "JO") return 30;
  if (trump && code[0] === "J" && code[1] === trump) return 29;
  if (trump && code[0] === "J" && code[1] === SAME_COLOUR[trump]) return 28;
  return RANK_ORDER.indexOf(code[0]);
}

/** Cards sorted by suit (trump first once known, colours alternating), high to low. */
function sortCards(cards, trump) {
  const opposite = (x) => (SUITS[x].red ? ["S", "C"] : ["H", "D"]);
  const order = trump ? [trump, opposite(trump)[0], SAME_COLOUR[trump], opposite(trump)[1]]
    : ["S", "H", "C", "D"];
  const rank = (c) => order.indexOf(suitOf(c, trump));  // the joker before trump is known: -1
  return [...cards].sort((a, b) => rank(a) - rank(b) || strength(b, trump) - strength(a, trump));
}

/** A card as an element: a <button data-card> for the player's own cards, else an image
 *  (role img); either named in words, the bowers as such once `trump` is known. */
function cardElement(code, { button = false, trump = null } = {}) {
  const name = cardName(code, trump);
  const node = el(button ? "button" : "span", {
    class: "card" + (code !== "JO" && SUITS[code[1]].red ? " red" : "") + (code === "JO" ? " joker" : ""),
    role: button ? null : "img",
    "aria-label": name,  // no title: a screen reader would say the name twice
  }, [cardText(code)]);
  if (button) { node.type = "button"; node.dataset.card = code; }
  if (trump && code[0] === "J" && code[1] === SAME_COLOUR[trump]) {
    // The left bower is trump: marked with trump's suit in a corner (its name says so).
    node.classList.add("left-bower");
    node.dataset.trumpMark = SUITS[trump].symbol;
  }
  return node;
}

const suitWords = (s) => SHOWN.suit(s);

/* ---------- Small DOM and HTTP helpers -------------------------------------------- */

/** Whether the player asked for less motion (the system's "reduce motion"). */
const calm = () => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;

const $ = (id) => document.getElementById(id);

/** Make an element: el("p", {class: "x"}, ["text", child]). */
function el(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) node.setAttribute(k, v);
  for (const c of children) node.append(c);
  return node;
}

/** Call the HTTP API; a refusal throws an Error with the server's reason. A body that
 *  is a string (a record file's text) is sent as it is, anything else as JSON. A
 *  seat's `token` for a request without a body goes in a header, not in the address,
 *  where a proxy's log would keep it. */
async function api(method, path, body, token) {
  const opts = { method, headers: {} };
  if (token) opts.headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = typeof body === "string" ? body : JSON.stringify(body);
  }
  let res;
  try { res = await fetch(path, opts); } catch (e) { throw new Error("the server cannot be reached"); }
  let data = null;
  try { data = await res.json(); } catch (e) { /* not JSON */ }
  if (!res.ok) {
    const refused = new Error(data?.error?.reason || `the server answered ${res.status}`);
    refused.status = res.status;
    throw refused;
  }
  return data;
}

const tokenKey = (game) => `cutthroat:token:${game}`;

/** Keep a seat's token in this browser and go to the table. */
function enterGame(answer) {
  localStorage.setItem(tokenKey(answer.game), answer.token);
  location.assign(`/?game=${encodeURIComponent(answer.game)}`);
}

/* ---------- Lobby and join ------------------------------------------------------- */

const WAIT_FOR_SEATS = "The seats' choices are still on their way: a moment.";

/** The lobby. Its forms and the record picker listen from the start (a file picked, or a
 *  form sent, while the list of bots is still on its way is not lost); the bots fill the
 *  seats' choices when the server has named them. */
async function showLobby() {
  $("lobby").hidden = false;
  $("name").value = localStorage.getItem("cutthroat:name") || "";
  const err = $("lobby-error");
  $("record-file").addEventListener("change", () => openRecord($("record-file").files[0]));
  setUpWatchForm();
  $("lobby-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    err.textContent = "";
    if (!$("seat1").options.length) { err.textContent = WAIT_FOR_SEATS; return; }
    const body = { seats: ["you", $("seat1").value, $("seat2").value], rules: $("rules").value,
      coach: $("coach").checked };
    const name = $("name").value.trim();
    if (name) { body.name = name; localStorage.setItem("cutthroat:name", name); }
    const seed = $("seed").value.trim();
    if (seed !== "") {
      if (!/^\d+$/.test(seed)) { err.textContent = "The seed must be a whole number, 0 or more."; return; }
      if (body.seats.includes("open")) {  // the server refuses it too
        err.textContent = "A game with a seat for a friend is dealt at random: leave the seed " +
          "empty (whoever chose it would know every card).";
        return;
      }
      body.seed = Number(seed);
    }
    $("start").disabled = true;
    try { enterGame(await api("POST", "/api/games", body)); } catch (e) {
      err.textContent = `The game could not be started: ${e.message}.`;
      $("start").disabled = false;
    }
  });
  listMyGames();
  let bots = [];
  try { bots = (await api("GET", "/api/bots")).bots; } catch (e) { err.textContent = e.message; }
  if (err.textContent === WAIT_FOR_SEATS) err.textContent = "";  // they are here now
  for (const id of ["seat1", "seat2"]) {
    const select = $(id);
    for (const b of bots) {
      select.append(el("option", { value: b.name, title: b.summary || "" }, [`${b.name} bot`]));
    }
    select.append(el("option", { value: "open" }, ["a friend (open seat)"]));
    select.value = bots.some((b) => b.name === "expert") ? "expert" : (bots.at(-1)?.name || "open");
  }
  for (let i = 0; i < 3; i++) {
    const select = $(`watch-bot${i}`);
    for (const b of bots) {
      select.append(el("option", { value: b.name, title: b.summary || "" }, [`${b.name} bot`]));
    }
    select.value = bots.some((b) => b.name === "expert") ? "expert" : (bots.at(-1)?.name || "");
  }
}

/** The lobby's "Watch three bots play": three bots (experts by default, filled in by
 *  showLobby), the rules and a seed; "Watch" makes the game (no seat: nobody plays) and
 *  opens it as a watcher. */
function setUpWatchForm() {
  const err = $("watch-bots-error");
  for (const option of $("rules").options) $("watch-rules").append(option.cloneNode(true));
  $("watch-rules").value = "standard";
  $("watch-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    err.textContent = "";
    const body = { watch: true, seats: [0, 1, 2].map((i) => $(`watch-bot${i}`).value),
      rules: $("watch-rules").value };
    const seed = $("watch-seed").value.trim();
    if (seed !== "") {
      if (!/^\d+$/.test(seed)) { err.textContent = "The seed must be a whole number, 0 or more."; return; }
      body.seed = Number(seed);
    }
    $("watch-start").disabled = true;
    try {
      const made = await api("POST", "/api/games", body);
      location.assign(`/?watch=${encodeURIComponent(made.game)}`);
    } catch (e) {
      err.textContent = `The game could not be started: ${e.message}.`;
      $("watch-start").disabled = false;
    }
  });
}

/** The games whose seats this browser holds, newest news first: each a link with its
 *  players, score and whose move it is (from the server, with the seat's token); a game
 *  the server no longer has, or one the player is done with, can be forgotten. */
async function listMyGames() {
  const held = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key.startsWith("cutthroat:token:")) held.push(key.slice("cutthroat:token:".length));
  }
  $("my-games").hidden = held.length === 0;
  const rows = await Promise.all(held.map(async (game) => {
    const token = localStorage.getItem(tokenKey(game));
    try {
      const s = await api("GET", `/api/games/${encodeURIComponent(game)}`, undefined, token);
      return { game, s, rank: gameRank(s) };
    } catch (e) { return { game, error: e.message, rank: 4 }; }
  }));
  rows.sort((a, b) => a.rank - b.rank || a.game.localeCompare(b.game));
  const list = $("my-games-list");
  list.replaceChildren(...rows.map(myGameItem));
}

/** Which games come first: the player's move, then games under way, waiting, over. */
function gameRank(s) {
  if (s.status === "over") return 3;
  if (s.status === "waiting") return 2;
  return (s.status === "hand_over" || s.to_act === s.seat) ? 0 : 1;
}

/** A name with a number after it ("Ann 3"), with a colon where the name ends in a digit
 *  ("Expert 1: 0"), so the number cannot be read as part of the name. */
const nameAndPoints = (name, n) => (/\d$/.test(name) ? `${name}: ${n}` : `${name} ${n}`);

/** "Ann (you) 7 · expert 4 · Ben 9" and what the game waits for, as the seat reads it. */
function gameSummary(s) {
  const name = (k) => (k === s.seat ? "you" : s.players[k].name ?? "an open seat");
  const scores = s.players.map((p, k) => nameAndPoints(k === s.seat ? `${p.name} (you)` : p.name ?? "open seat", s.scores[k]))
    .join(" · ");
  let news;
  if (s.status === "over") {
    news = s.winners.includes(s.seat) ? (s.winners.length > 1 ? "over: you share the win" : "over: you won")
      : `over: ${s.winners.map(name).join(" and ")} won`;
  } else if (s.status === "waiting") news = "waiting for a friend to join";
  else if (s.status === "hand_over") news = `hand ${s.hand_number} over: deal the next`;
  else if (s.to_act === s.seat) news = "your move";
  else news = `${name(s.to_act)} to move`;
  return { scores, news };
}

/** One line of "Your games": the link, and a button that forgets the game here. */
function myGameItem({ game, s, error }) {
  const link = el("a", { href: `/?game=${encodeURIComponent(game)}` }, [`Game ${game}`]);
  const parts = [link];
  if (s) {
    const { scores, news } = gameSummary(s);
    parts.push(el("span", { class: "game-scores" }, [scores]),
      el("span", { class: `game-news${news === "your move" ? " yours" : ""}` }, [news]));
  } else {
    parts.push(el("span", { class: "game-news" }, [`cannot be opened: ${error}`]));
  }
  const forget = el("button", { type: "button", class: "forget",
    "aria-label": `Forget game ${game} on this browser`,
    title: "Forget this game on this browser (it stays on the server)" }, ["Forget"]);
  const item = el("li", { "data-game": game }, [...parts, forget]);
  const gone = () => {
    const next = item.nextElementSibling || item.previousElementSibling;
    localStorage.removeItem(tokenKey(game));
    item.remove();
    $("my-games").hidden = $("my-games-list").children.length === 0;
    // The focus goes to the game next in the list, else to the start of a new game.
    (next?.querySelector("a") || $("name")).focus();
  };
  forget.addEventListener("click", () => {
    if (s?.status === "over") { gone(); return; }  // finished: nothing is lost but the link
    // A game going on: its seat's key is in this browser only, so forgetting it gives the
    // seat up for good. Asked first, in the row: forget, or keep it.
    const sure = el("button", { type: "button", class: "forget", id: `forget-${game}` },
      ["Give up my seat"]);
    const keep = el("button", { type: "button", class: "forget" }, ["Keep it"]);
    const ask = el("span", { class: "forget-ask", role: "group", "aria-label": `Forget game ${game}?` }, [
      el("span", {}, ["Your seat in it is kept only here: forget it for good?"]), " ", sure, " ", keep]);
    forget.replaceWith(ask);
    sure.addEventListener("click", gone);
    keep.addEventListener("click", () => { ask.replaceWith(forget); forget.focus(); });
    keep.focus();
  });
  return item;
}

/**
 * /?join=ID: the game is looked up first (its public state, no token): an unknown game,
 * a finished one or one with no open seat says so (and offers to watch it); otherwise
 * the form, with who invites and to what. With &from=OLD (a friend's invitation to
 * play again), a browser that holds a seat of the game OLD takes the seat kept for it
 * at once, as "Join the new game" there does.
 */
async function showJoin(game) {
  const from = new URLSearchParams(location.search).get("from");
  const fromToken = from && localStorage.getItem(tokenKey(from));
  if (fromToken && !localStorage.getItem(tokenKey(game))) {
    try {
      enterGame(await api("POST", `/api/games/${encodeURIComponent(from)}/again`, { token: fromToken }));
      return;
    } catch (e) {  // the form, saying why (no seat left, say)
      $("join-error").textContent = `Your seat from game ${from} could not be taken: ${e.message}.`;
    }
  }
  $("join").hidden = false;
  $("join-name").value = localStorage.getItem("cutthroat:name") || "";
  $("join-form").hidden = true;
  $("join-intro").textContent = `Looking up game ${game}…`;
  const watch = $("join-watch");
  watch.href = `/?watch=${encodeURIComponent(game)}`;
  watch.parentElement.hidden = true;
  setTitle(`Join game ${game}`);
  const nameBox = $("join-name");
  // The refusal is read with the name box (a name already at the table, say), which is
  // marked invalid until the name is changed.
  nameBox.setAttribute("aria-describedby", `${nameBox.getAttribute("aria-describedby") || ""} join-error`.trim());
  nameBox.addEventListener("input", () => nameBox.removeAttribute("aria-invalid"));
  $("join-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    $("join-error").textContent = "";
    nameBox.removeAttribute("aria-invalid");
    const name = $("join-name").value.trim();
    if (name) localStorage.setItem("cutthroat:name", name);
    $("join-button").disabled = true;
    const body = { coach: $("join-coach").checked };
    if (name) body.name = name;
    try { enterGame(await api("POST", `/api/games/${encodeURIComponent(game)}/join`, body)); } catch (e) {
      $("join-error").textContent = `You could not join: ${e.message}.`;
      if (/\bname\b/.test(e.message)) {
        nameBox.setAttribute("aria-invalid", "true");
        nameBox.focus();
      }
      $("join-button").disabled = false;
    }
  });
  let s = null;
  try { s = await api("GET", `/api/games/${encodeURIComponent(game)}/public`); } catch (e) {
    if (e.status === 404) {
      setTitle("No such game");
      $("join-intro").replaceChildren(`There is no game ${game} on this server: check the link, or `,
        el("a", { href: "/", id: "join-lobby" }, ["start a new game"]), ".");
      return;
    }
    s = null;  // the server cannot say now: the form, and the join says why if it fails
  }
  watch.parentElement.hidden = false;
  if (s?.status === "over") {
    $("join-intro").textContent = `Game ${game} is over: it cannot be joined.`;
    setTitle(`Game ${game} is over`);
    watch.href = `/?replay=${encodeURIComponent(game)}`;
    watch.textContent = "Watch it again, move by move";
    return;
  }
  if (s && !s.players.some((p) => p.kind === "open")) {
    $("join-intro").textContent = `Game ${game} has no open seat left: every seat is taken.`;
    setTitle(`Game ${game} is full`);
    watch.textContent = "Watch the game, in no seat";
    return;
  }
  $("join-form").hidden = false;
  if (localStorage.getItem(tokenKey(game))) {
    $("join-intro").textContent = `This browser already holds a seat in game ${game}; joining takes another one.`;
    return;
  }
  if (!s) { $("join-intro").textContent = `You are invited to game ${game}.`; return; }
  const people = s.players.filter((p) => p.kind === "human").map((p) => p.name);
  if (people.length) setTitle(`Join ${wordList(people)}'s game`);
  // not the record's "preset": a record names "standard" and the fields that differ
  const rules = `rules: ${s.rules_text}`;
  const who = people.length ? `${wordList(people)} ${people.length === 1 ? "invites" : "invite"} you`
    : "You are invited";
  const others = s.players.filter((p) => p.kind !== "open")
    .map((p) => (p.kind === "bot" ? `${p.name} (a bot)` : p.name));
  const open = s.players.filter((p) => p.kind === "open").length;
  const held = s.players.filter((p) => p.kind === "open" && p.held_for != null);
  $("join-intro").textContent = `${who} to game ${game} (${rules}). `
    + (others.length ? `You would play with ${wordList(others)}` : "Every seat is open")
    + (open > 1 ? `; ${open - 1} more ${open === 2 ? "seat is" : "seats are"} open.` : ".")
    + (held.length ? ` ${held.length === open ? (open === 1 ? "The seat is" : "The seats are") : "Some seats are"}`
      + ` kept for ${wordList(held.map((p) => p.held_for || "a player"))}, who played the game`
      + ` before it, for ${plural(Math.max(...held.map((p) => p.held_s)), "second")} more.` : "");
}

/* ---------- The connection ------------------------------------------------------- */

const table = {
  game: null, token: null, socket: null, state: null,
  watching: false,        // in no seat (/?watch=ID): the table read-only, no token
  retry: 0, timer: null, closedForGood: false,
  keep: new Set(),        // the cards picked for a keep
  keepNote: "",           // why a card clicked was not picked (five already are)
  thinking: false,        // a hint was asked for and is not answered yet
  hintAt: null,           // where the game stood (hintPosition) when the hint was asked for
  actedAt: null,          // the state version this seat last sent a move at
  movedFrom: null,        // the version of the state the latest move sent was chosen on: its
                          // refusal once a newer state is shown is no error (movedOnAlready)
  noteAt: null,           // the version shown when the move note (#move-note) was written
  review: null,           // the expert's review, once asked for at the end of the game
  reviewing: null,        // when the review was asked for (ms), while it is worked out
  undoing: false,         // an undo was sent: the state that answers it says what it took back
  overError: "",          // a refusal shown in the hand-over box, kept across its renders
  fullGame: null,         // the friend's new game this seat could not join (no seat left): watch it
  awaySince: [null, null, null],  // when this page first saw each seat away (ms), for stand-ins
  version: null, changedAt: null, // the state's version, and when this page saw it change
  placed: null,           // the focus placed when the table appeared: null, "heading", "done"
  handWaiting: false,     // the focus was put on the cards by this seat's move, to wait there
};

function setConnection(text, cls) {
  const node = $("connection");
  node.textContent = text;
  node.className = "connection " + cls;
}

/** The table's WebSocket URL: a seat's, or a watcher's. A seat's token is not in it
 *  (an address is what proxies log): the socket's first message, its hello, holds it. */
function socketUrl() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const base = `${scheme}//${location.host}/api/games/${encodeURIComponent(table.game)}`;
  return table.watching ? `${base}/watch` : `${base}/ws`;
}

// A connection can die without closing: the device goes offline, a phone sleeps, a
// proxy drops it. The page pings the server every PING_EVERY_MS and, when nothing comes
// back within PONG_WAIT_MS (a pong, or any other message), takes the connection for
// lost: it says so, closes it and connects again, as when the server restarts.
const PING_EVERY_MS = 20000;
const PONG_WAIT_MS = 8000;

/** Ping the server now on the open socket, and watch for its answer. */
function ping() {
  const ws = table.socket;
  if (!ws || ws.lost || ws.readyState !== WebSocket.OPEN) return;
  ws.send('{"type":"ping"}');
  ws.pongTimer ??= setTimeout(() => connectionLost(ws), PONG_WAIT_MS);
}
window.cutthroatPing = ping;  // for the tests: no waiting for the next ping

/** The socket `ws` is taken for lost (offline, or no answer to a ping): say so, close
 *  it (its late close, or messages, are not heard) and connect again after a pause. */
function connectionLost(ws) {
  if (table.socket !== ws || ws.lost) return;
  ws.lost = true;
  clearTimeout(ws.pongTimer);
  try { ws.close(); } catch (e) { /* closing already */ }
  reconnectLater();
}

/** The connection is gone (not refused): say so, and connect again with a growing delay. */
function reconnectLater() {
  table.thinking = false;
  chat.sending = false;  // its answer, if any, is lost with the socket
  clearTimeout(table.timer);
  const delay = Math.min(10000, 500 * 2 ** table.retry++);
  setConnection(navigator.onLine === false
    ? "Connection lost (this device is offline); reconnecting once it is back…"
    : `Connection lost; reconnecting in ${Math.round(delay / 1000) || 1} s…`, "bad");
  table.timer = setTimeout(connect, delay);
  render();
}

/** Open the table's WebSocket; reconnect with a growing delay when it drops. */
function connect() {
  clearTimeout(table.timer);
  if (navigator.onLine === false) {  // no network: the "online" event connects at once
    table.socket = null;
    reconnectLater();
    return;
  }
  const url = socketUrl();
  setConnection("Connecting…", "pending");
  const ws = new WebSocket(url);
  table.socket = ws;
  window.cutthroatSocket = ws;
  ws.onopen = () => {
    if (!table.watching) ws.send(JSON.stringify({ type: "hello", token: table.token }));
    table.retry = 0;
    // A move sent on a connection that dropped may never have arrived: the state this
    // connection is sent decides, and offers it again if it still asks for it.
    table.actedAt = null;
    setConnection("Connected", "ok");
  };
  ws.onmessage = (ev) => {
    if (ws.lost) return;
    clearTimeout(ws.pongTimer);  // whatever comes shows the connection alive
    ws.pongTimer = null;
    let msg;
    try { msg = JSON.parse(ev.data); } catch (e) { return; }
    if (msg.type === "state") {
      // A refusal is of the state it was made at: a newer state (the game moved on, a
      // move made in another tab of this seat, say) leaves it behind. One that comes
      // after the state it refuses is still shown.
      const newer = table.state && msg.state.version > table.state.version;
      const before = table.state;
      table.state = msg.state;
      window.cutthroatState = msg.state;
      if (newer && !table.watching) $("error").textContent = "";
      if (table.noteAt !== null && msg.state.version > table.noteAt) moveNote("");
      if (newer && table.undoing) tellTakenBack(before, msg.state);
      render();
    }
    else if (msg.type === "error" && msg.for === "say") chatRefused(msg.reason);  // by the chat input
    else if (msg.type === "error" && msg.for === "next" && table.state?.status !== "hand_over") {
      // the hand was dealt meanwhile (by another player, or by itself): nothing to say
    }
    else if (msg.type === "error" && movedOnAlready(msg)) {
      // A move refused because the game had moved on, which this page already shows (the
      // seat's other tab moved first, or a press repeated over a slow link): no error.
      moveNote(MOVE_NOT_NEEDED);
    }
    else if (msg.type === "error") {
      if (msg.for === "undo") table.undoing = false;
      table.actedAt = null;
      showError(msg.reason);
      render();
    }
    else if (msg.type === "coach") showCoach(msg);
    else if (msg.type === "hint") showHint(msg.hint);
    else if (msg.type === "chat") hearChat(msg);
  };
  ws.onclose = (ev) => {
    clearTimeout(ws.pongTimer);
    if (table.socket !== ws || ws.lost) return;
    if (ev.code === 4429) {  // too many connections from this address: a while, not for good
      table.retry = Math.max(table.retry, 4);  // 8 s, then longer: others' sockets close
      reconnectLater();
      setConnection(`Not connected: ${ev.reason || "too many connections from this address"}; `
        + "trying again in a moment…", "bad");
      return;
    }
    if (ev.code >= 4000 && ev.code < 5000) {  // refused by the server: retrying will not help
      table.closedForGood = true;
      if (table.watching) refusedWatcher(ev.reason);
      else {
        setConnection(`Disconnected: ${ev.reason || "this seat's key is not accepted"}`, "bad");
        showError(`The server refused this seat: ${ev.reason || "no such game or seat"}.`);
        if (!table.state) $("status").textContent = "Not connected: this browser's seat was refused.";
      }
      table.thinking = false;
      chat.sending = false;
      render();
      return;
    }
    reconnectLater();
  };
}

/** A watcher's socket refused for good (no such game): say why, and show no empty table. */
function refusedWatcher(reason) {
  setConnection(`Disconnected: ${reason || "this game cannot be watched"}`, "bad");
  showError(`The server refused to show this game: ${reason || "no such game"}.`);
  if (!table.state) {
    $("status").textContent = `Not connected: game ${table.game} cannot be watched.`;
    $("layout").hidden = true;
    $("watch-intro").hidden = true;
    $("watch-home").hidden = false;
  }
}

/** Whether the table's socket is open: the controls that send over it work only then
 *  (greyed, disabled or aria-disabled, while it is down). */
const socketOpen = () => table.socket?.readyState === WebSocket.OPEN && !table.socket.lost;

/** Send a message; say so if the connection is down. */
function send(msg) {
  if (!socketOpen()) {
    showError("Not connected: wait for the connection to come back.");
    return false;
  }
  table.socket.send(JSON.stringify(msg));
  return true;
}

function act(action) {
  showError("");
  clearHint();  // the hint was of this decision: it would be wrong at the next
  // With the version it was chosen on: a move that arrives twice (a double press, a
  // reconnection that sends it again) is made once, never taken for the next decision.
  if (send({ type: "act", action, version: table.state?.version })) {
    table.actedAt = table.movedFrom = table.state?.version ?? null;
    table.undoing = false;  // a move made: no state to come answers an undo
    // The card or button pressed is about to go: the focus waits on this seat's cards.
    const chose = document.activeElement?.closest?.("#hand, #buttons");
    disableActions();
    if (chose) $("hand").focus();
    table.handWaiting = Boolean(chose);  // there until this seat's next decision
  }
}

function disableActions() {
  // The cards keep the focus they may have (aria-disabled), the move buttons go.
  document.querySelectorAll("#hand button").forEach((b) => b.setAttribute("aria-disabled", "true"));
  document.querySelectorAll("#buttons button").forEach((b) => { b.disabled = true; });
}

/** Whether a card of the hand may be pressed now (a card that may not stays focusable,
 *  marked aria-disabled, and does nothing). */
const usable = (b) => !b.disabled && b.getAttribute("aria-disabled") !== "true";

const MOVE_NOT_NEEDED = "That move was not needed: the game had already moved on (another tab"
  + " or a slow link); here is the latest.";

/** Whether `msg` (an error) refuses this page's latest move for a game that has moved on
 *  (409) since the state it was chosen on, where the page shows a newer state already:
 *  the move was made in another tab, say. A refusal while the page still shows that
 *  state, or of a move the rules forbid (400), is shown as a refusal. */
function movedOnAlready(msg) {
  const from = table.movedFrom;
  return msg.for === "act" && msg.status === 409 && from !== null && !table.watching
    && table.state?.version > from;
}

/** A word on the moves, in the actions' box, that is no error (empty: clear it), shown
 *  as `text` and said as `said` (the cards in words); it goes with the next newer state,
 *  or the next move. The same word again is not said again. */
function moveNote(text, said = text) {
  table.noteAt = text ? table.state?.version ?? null : null;
  const node = $("move-note");
  if (node.dataset.said === said && node.dataset.shown === text) return;
  node.replaceChildren(...(text ? spoken(text, said) : []));
  Object.assign(node.dataset, { shown: text, said });
}

/** The state `after` answers this page's undo when it is `before` (the state shown
 *  when it came) with moves taken back: the note under the moves names them, in the
 *  log's words ("Took back 3 moves: you play J♣; Expert 1 plays 9♠; Expert 2 plays
 *  K♠."). A state of the game moving on meanwhile (a bot's move) is not the answer. */
function tellTakenBack(before, after) {
  const was = before.view?.moves ?? [];
  const now = after.view?.moves ?? [];
  if (after.hand_number !== before.hand_number || now.length >= was.length
    || now.some((m, i) => m !== was[i])) return;
  table.undoing = false;
  speech.undone = after.version;  // the note says it: the live region does not say it again
  const taken = was.slice(now.length);
  const words = (f) => `Took back ${plural(taken.length, "move")}: ${taken.map((m, k) => {
    const text = moveWords(m, before.view, f, trumpFixed(was.slice(0, now.length + k))).slice(0, -1);
    return isYou(Number(m.split(" ")[0])) ? `y${text.slice(1)}` : text;  // "You play" -> "you play"
  }).join("; ")}.`;
  moveNote(words(SHOWN), words(SAID));
}

/** Show the server's reason for a refusal (empty: clear it). */
function showError(reason) {
  moveNote("");
  const box = table.watching ? $("watch-error") : $("error");  // a watcher's actions are hidden
  const text = reason ? `${reason[0].toUpperCase()}${reason.slice(1)}` : "";
  box.textContent = text;
  // Between hands the actions (and their error) are hidden: the hand-over box says it.
  if (!$("hand-over").hidden) {
    table.overError = text;
    if ($("over-error")) $("over-error").textContent = text;
  }
  if (reason) setThinking(false);
}

/** Where the game stands for a hint: the hand and the moves made in it. */
const hintPosition = () => `${table.state?.hand_number}:${table.state?.view?.moves?.length}`;

/** Take the hint off the page (shown and said), and forget one still coming. */
function clearHint() {
  table.hintAt = null;
  if (table.thinking) setThinking(false);
  $("hint").replaceChildren();
  $("hint-said").textContent = "";
}

function setThinking(on) {
  table.thinking = on;
  if (on) $("hint-said").textContent = "";
  if (on) $("hint").replaceChildren(el("p", { class: "thinking" }, ["Thinking…"]));
  else if ($("hint").querySelector(".thinking")) $("hint").replaceChildren();
  $("hint-button").disabled = on || !myTurn();
}

/** The expert's advice, as the page shows it: the move (as its button says it), why,
 *  and each option's figures in a table (the lines of `cutthroat hint`, laid out). */
function showHint(hint) {
  // A hint asked before a move (this tab's, another tab's, an undo) is of a decision
  // past: not shown at the next.
  if (table.hintAt !== hintPosition()) return;
  table.thinking = false;
  const parts = [
    el("p", { class: "hint-choice" }, ["Hint: ", el("strong", {}, moveShown(hint.choice))]),
    el("p", { class: "hint-reason" }, hint.reason ? expertText(capital(hint.reason)) : []),
  ];
  const reading = (hint.lines ?? []).find((line) => line.startsWith("Reading "));
  if (reading) parts.push(el("p", { class: "hint-reading" }, expertText(reading)));
  if (hint.samples && hint.options?.length) parts.push(hintOptions(hint));
  const key = (hint.lines ?? []).find((line) => line.startsWith("Key: "));
  if (key) parts.push(el("p", { class: "hint-key" }, [key]));
  $("hint").replaceChildren(el("div", { class: "hint-box" }, parts));
  // Only the hint's first sentence is said as it comes; the reasons, the table of the
  // options and its key stay in #hint, to be read at the player's pace.
  const v = table.state?.view;
  const said = v ? cardsInWords(actionLabel(hint.choice, v, SAID)) : cardsInWords(hint.choice);
  $("hint-said").textContent = `Hint: ${said}.`;
  $("hint-button").disabled = !myTurn();
}

/** The table of a hint's options: the chosen one first and marked. */
function hintOptions(hint) {
  const percent = (x, digits) => `${(100 * x).toFixed(digits)}%`;
  const head = el("tr", {}, ["Option", "Win", "Points", "Side tricks", "How it ended"]
    .map((h) => el("th", { scope: "col" }, [h])));
  const rows = hint.options.map((o, i) => el("tr", i === 0 ? { class: "chosen" } : {}, [
    el("th", { scope: "row" }, moveShown(o.action)),
    el("td", {}, [percent(o.win_chance, 1)]),
    el("td", {}, [`${o.points >= 0 ? "+" : "−"}${Math.abs(o.points).toFixed(2)}`]),
    el("td", {}, [o.tricks.toFixed(2)]),
    el("td", {}, [optionEnding(o.outcomes, (x) => percent(x, 0))]),
  ]));
  return el("div", { class: "hint-scroll" }, [el("table", { class: "hint-options" }, [
    el("caption", {}, [`Each option, over ${plural(hint.samples, "sampled deal")}`]),
    el("thead", {}, [head]), el("tbody", {}, rows)])]);
}

/** How hands ended after an option, as `cutthroat hint` says it (hints._ending): how
 *  often it is made where this seat is the maker, how often the maker is euchred where
 *  it defends. */
function optionEnding(m, percent) {
  const maker = m.made + m.marched + m.euchred;
  const defending = m.stopped + m.swept + m.conceded + (m.marched_on ?? 0);
  if (maker >= 0.5) return `made ${percent((m.made + m.marched) / maker)}`;
  if (defending >= 0.5) return `maker euchred ${percent((m.stopped + m.swept) / defending)}`;
  return "";
}

/** A move of this seat's as its button says it ("Pick up the 9♠", "Call diamonds ♦",
 *  "play A♣"), shown and said (a node list). */
function moveShown(action) {
  const v = table.state?.view;
  if (!v) return expertText(action);
  return spoken(cardsShown(actionLabel(action, v)), cardsInWords(actionLabel(action, v, SAID)));
}

/** Card codes in a sentence as the page shows cards: "cashing AC" -> "cashing A♣". */
const cardsShown = (text) => text.replace(/\b(?:[789TJQKA][CDHS]|JO)\b/g, cardText);

/** The expert's words (a hint, the coach, a review) as the page shows them, cards with
 *  their symbols, and as a screen reader says them, cards in words (a node list). */
const expertText = (text) => spoken(cardsShown(text), cardsInWords(text));

/** The coach's words shown on this page, by number, hand and move: a socket that
 *  connects hears the latest again (a reload keeps them), and each is shown once. */
const coachShown = new Set();
const coach = { inView: true };  // the coach's panel on screen (a phone's narrow page: far below)

/** Mark a coach's word shown as being on a move since taken back with Undo ("Taken
 *  back: Hand 2: ..."): a screen reader hears the two words added, not the word again. */
function markTakenBack(item) {
  item.classList.add("taken-back");
  item.prepend(el("span", { class: "taken-back-tag" }, ["Taken back: "]));
}

/** A `coach` message: the word on one of this seat's moves, newest first (the latest
 *  five). The words heard again on connecting (`history`) go into a copy of the list,
 *  put in its place, which a screen reader does not read out again; a new word out of
 *  view is pointed to, as new table talk is. A word sent again with `undone` (its move
 *  taken back) is marked so where it is shown. */
function showCoach(word) {
  const key = `${word.n}:${word.hand}:${word.move}`;
  if (coachShown.has(key)) {
    const item = [...$("coach-words").children].find((li) => li.dataset.key === key);
    if (word.undone && item && !item.classList.contains("taken-back")) markTakenBack(item);
    return;
  }
  coachShown.add(key);
  const shown = $("coach-words");
  const list = word.history ? shown.cloneNode(true) : shown;
  // (The word names the move in a player's words, "after passing": not the record's.)
  const said = capital(`Hand ${word.hand}: ${word.text}`);
  const item = el("li", { class: "coach-word", "data-key": key }, expertText(said));
  if (word.undone) markTakenBack(item);
  list.prepend(item);
  while (list.children.length > 5) list.lastChild.remove();
  if (list !== shown) shown.replaceWith(list);
  $("coach-panel").hidden = false;
  $("coach-empty").hidden = true;
  if (!word.history && !coach.inView) $("coach-unread").hidden = false;
}

/** The coach's panel for a coached seat, shown from the start (its list a live region
 *  before the first word comes), and the link down to it on a phone. */
function setUpCoach() {
  $("coach-unread").addEventListener("click", (ev) => {
    ev.preventDefault();
    $("coach-unread").hidden = true;
    $("coach-panel").scrollIntoView({ behavior: calm() ? "auto" : "smooth", block: "nearest" });
    $("coach-title").focus({ preventScroll: true });
  });
  if ("IntersectionObserver" in window) {
    new IntersectionObserver((entries) => {
      coach.inView = entries.some((e) => e.isIntersecting);
      if (coach.inView) $("coach-unread").hidden = true;
    }, { threshold: 0.25 }).observe($("coach-panel"));
  }
}

/** Show the coach's panel to a coached seat (the state says who is: `coach`). */
function renderCoach(s) {
  if (s.players[s.seat]?.coach) $("coach-panel").hidden = false;
}

// A move is sent once per state version: the same state can arrive twice (a player
// connecting), and must not offer the move again before the server has answered.
// A watcher (seat null) has no turn.
const myTurn = () => !table.watching && Boolean(table.state?.view?.legal?.length)
  && table.state.status === "playing" && table.actedAt !== table.state.version;

/** Whether `seat` is this page's seat; never for a watcher, whose seat is null. */
const isYou = (seat) => seat !== null && seat !== undefined && seat === table.state?.seat;

/* ---------- Rendering the table -------------------------------------------------- */

/** Everybody's name as the page writes it ("You" for this seat when `you`; a watcher has none). */
function nameOf(seat, you = true) {
  const s = table.state;
  if (you && isYou(seat)) return "You";
  const p = s.players[seat];
  if (p.name) return p.name;
  return p.kind === "open" ? "(open seat)" : p.kind === "bot" ? `${p.bot} bot` : `Seat ${seat}`;
}

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

const STATUS_WORDS = { waiting: "waiting for players", playing: "playing", hand_over: "hand over", over: "game over" };

// The table is drawn afresh on every state, its buttons too: a state that came between
// a button's press and its release would replace the button, and the click would be
// lost (a bot's move while "back" is pressed, say). While a pointer is down the drawing
// waits for its release, after which the click has been dispatched; a press held longer
// than a click (or released where the page does not hear it) waits no more than 1 s.
const PRESS_WAIT_MS = 1000;
const pressing = { since: null, waiting: false };
document.addEventListener("pointerdown", () => { pressing.since = Date.now(); }, true);
for (const type of ["pointerup", "pointercancel"]) {
  document.addEventListener(type, () => {
    pressing.since = null;
    if (pressing.waiting) { pressing.waiting = false; setTimeout(render, 0); }
  }, true);
}

function render() {
  if (pressing.since !== null && Date.now() - pressing.since < PRESS_WAIT_MS) {
    if (!pressing.waiting) setTimeout(render, PRESS_WAIT_MS);
    pressing.waiting = true;
    return;
  }
  pressing.waiting = false;
  const s = table.state;
  if (!s) return;
  const v = s.view;
  const focused = focusedKey();
  const st = $("status");
  st.dataset.status = s.status;
  const words = STATUS_WORDS[s.status] || s.status;
  let line = s.hand_number ? `Hand ${s.hand_number}: ${words}` : words;
  if (s.status === "playing" && s.to_act !== null && s.to_act !== undefined) {
    line += isYou(s.to_act) ? " · your turn" : ` · ${nameOf(s.to_act)} to act`;
  }
  setText(st, line);
  st.classList.toggle("your-turn", myTurn());
  const entries = v ? logEntries(s.face_up ? { ...v, moves: s.face_up.moves } : v, s.reasons) : [];
  const last = s.previous_hand;  // the hand before, as it ended: atop this hand's log
  if (v && !s.last_hand && last) {
    entries.unshift({ shown: `Hand ${last.hand}: ${last.text}`, said: `Hand ${last.hand}: ${last.text}`,
      took: true, reason: null, before: true });
  }

  noteAbsence(s);
  renderWatchers(s);
  renderWaiting(s);
  renderSeats(s);
  renderFaceUp(s);
  renderCentre(v);
  renderHand(v);
  renderActions(s, v);
  renderScores(s);
  renderLog(entries);
  renderHandOver(s);
  renderChat(s);
  if (!table.watching) renderCoach(s);
  numberChoices();
  tellNews(s, entries);
  settleFocus(focused);
  placeFocus();
  setTitle(pageTitle(s));
}

/** The page's title, which a tab, a window list and a screen reader name it by. */
function setTitle(text) {
  const title = text ? `${text} – Cutthroat euchre` : "Cutthroat euchre";
  if (document.title !== title) document.title = title;
}

/** Where the game stands, in a few words for the title ("Your turn · Hand 2"). */
function pageTitle(s) {
  const hand = s.hand_number ? ` · Hand ${s.hand_number}` : "";
  if (s.status === "waiting") return "Waiting for a friend";
  if (s.status === "over") return "Game over";
  if (s.status === "hand_over") return `Hand ${s.hand_number} over`;
  if (table.watching) return `Watching${hand}`;
  if (s.players[s.seat]?.standin) return `A bot plays for you${hand}`;
  if (myTurn()) return `Your turn${hand}`;
  return s.to_act !== null && s.to_act !== undefined ? `${nameOf(s.to_act)} to act${hand}` : `Playing${hand}`;
}

/**
 * When the table first appears the focus is on the page itself (after Start or Join, a
 * reload): it goes to this seat's cards, scrolled into view, when it is this seat's turn
 * (on a phone they are far below), else to the cards where there are some (or the
 * table's heading, or the hand's end), from which it goes on at the seat's first turn.
 * Once only: a control the player has reached, or the page clicked since, keeps the
 * focus.
 */
function placeFocus() {
  if (table.placed === "done") return;
  const now = document.activeElement;
  const heading = $("table-title");
  const free = now === heading || (table.placed === "heading" && now === $("hand"))
    || (table.placed === null && (!now || now === document.body));
  if (!free) { table.placed = "done"; return; }
  if (myTurn() && !$("hand").hidden) {
    table.placed = "done";
    $("hand").focus({ preventScroll: true });
    bringTableIntoView();
  } else if (table.placed === null) {
    table.placed = "heading";
    // The cards where there are some to see (the focus shows on them), else the heading.
    const cards = !$("hand").hidden && $("hand").querySelector("button[data-card]");
    ($("hand-over").hidden ? (cards ? $("hand") : heading) : $("hand-over-title"))
      .focus({ preventScroll: true });
  }
}

/** Bring the table into view for a decision: the whole felt where it fits the screen (a
 *  phone held sideways: the up-card and the trick beside the cards), else the cards in
 *  the middle of the screen. */
function bringTableIntoView() {
  const felt = $("hand").closest(".felt");
  if (felt.getBoundingClientRect().height <= innerHeight) felt.scrollIntoView({ block: "nearest" });
  else $("hand").scrollIntoView({ block: "center" });
}

/** Set a node's text only when it changes (a live region says each change). */
function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

/* ---------- For a screen reader: what happens, and where the focus goes ------------- */

// The live region (#announcer) says each state's news once: the moves made since the
// last state, in the log's words with the cards named ("Ben orders up the king of
// hearts"), a new hand, the end of a hand with the score, and this seat's turn. A state
// heard again (a reconnection, a refused move) says nothing; the first says only where
// the game stands, not the whole log.
const speech = { hand: null, heard: 0, status: null, turn: null, standin: null,
  others: [],  // each other player's seat as last said: away, played by a bot, offered one
  batch: null, batchTimer: null,
  undone: null };  // the version of the state that answered this page's undo: its note says it

// While a bot plays for this seat the moves come faster than anybody can listen (a hand
// in a second or two): they are not said one by one but summed up, once they pause
// (BATCH_QUIET_MS) or every BATCH_MOST_MS while they keep coming, and at the hand's end.
const BATCH_QUIET_MS = 1500;
const BATCH_MOST_MS = 6000;

/** The moves of `entries` (log entries, not yet said) kept to be summed up. */
function batchMoves(entries) {
  const b = speech.batch ??= { moves: 0, tricks: new Map(), since: Date.now() };
  for (const e of entries) {
    if (e.winner !== undefined) b.tricks.set(e.winner, (b.tricks.get(e.winner) || 0) + 1);
    else if (!e.took) b.moves++;
  }
  clearTimeout(speech.batchTimer);
  const wait = Math.max(0, Math.min(BATCH_QUIET_MS, b.since + BATCH_MOST_MS - Date.now()));
  speech.batchTimer = setTimeout(() => { const said = batchWords(); if (said) announce(said); }, wait);
}

/** The moves kept, summed up ("6 moves while a bot plays for you; tricks taken: you 1,
 *  Ben 1."), and forgotten; "" when none are kept. */
function batchWords() {
  clearTimeout(speech.batchTimer);
  const b = speech.batch;
  speech.batch = null;
  if (!b || (!b.moves && !b.tricks.size)) return "";
  const tricks = [...b.tricks].map(([seat, n]) => nameAndPoints(isYou(seat) ? "you" : nameOf(seat), n));
  return `${plural(b.moves, "move")} made while a bot plays for you`
    + (tricks.length ? `; tricks taken: ${tricks.join(", ")}.` : ".");
}

/** Say `text` in the live region (polite: after what the screen reader is saying). */
function announce(text) {
  const box = $("announcer");
  box.append(el("p", {}, [text]));
  while (box.children.length > 6) box.firstElementChild.remove();
}

function tellNews(s, entries) {
  const v = s.view;
  const parts = [];
  const first = speech.status === null;
  const me = table.watching ? null : s.players[s.seat];
  const auto = Boolean(me?.kind === "human" && me.standin);  // a bot plays for this seat
  if (speech.standin !== null && auto !== speech.standin) {
    parts.push(auto ? "A bot plays for you now: its moves are summed up. Press Play myself to play again."
      : batchWords(), ...(auto ? [] : ["You play your seat again."]));
  }
  speech.standin = auto;
  parts.push(...othersNews(s, first));
  // The previous hand's result, atop this hand's log, was said as that hand ended.
  const news = (from) => entries.slice(from).filter((e) => !e.before);
  const say = (said) => {
    if (!auto) { parts.push(...said.map((e) => e.said)); return; }
    const deal = said.filter((e) => e.deal);  // the deal is said, the moves summed up
    parts.push(...deal.map((e) => e.said));
    batchMoves(said.filter((e) => !e.deal));
  };
  if (v && s.hand_number && s.status !== "waiting") {
    if (speech.hand !== s.hand_number) {
      const said = batchWords();  // the hand before's, not yet said
      if (said) parts.push(said);
      parts.push(`Hand ${s.hand_number}.`);
      if (first) {  // the deal and trump; the moves before are in the log
        parts.push(news(0)[0].said);
        if (v.trump && v.maker !== null && v.maker !== undefined) {
          parts.push(`Trump is ${SAID.suit(v.trump)}, made by ${isYou(v.maker) ? "you" : nameOf(v.maker)}.`);
        }
      } else say(news(0));
      speech.hand = s.hand_number;
    } else if (entries.length > speech.heard) {
      say(news(speech.heard));
    } else if (entries.length < speech.heard && speech.undone !== s.version) {
      parts.push("A move is taken back.");  // in another tab: this one's undo has its note
    }
    speech.heard = entries.length;
  }
  if (s.status !== speech.status) {
    if (s.status !== "playing") {  // the moves kept are said before the hand's end
      const said = batchWords();
      if (said) parts.push(said);
    }
    if (s.status === "hand_over" && s.last_hand) {
      parts.push(`Hand over: ${sentence(s.last_hand.text || "")}`, scoreWords(s));
    } else if (s.status === "over" && s.last_hand) {
      parts.push(`Game over: ${sentence(s.last_hand.text || "")}`, winnersText(s), scoreWords(s));
    } else if (s.status === "waiting") {
      parts.push("Waiting for a friend to take the open seat.");
    }
    speech.status = s.status;
  }
  if (myTurn() && !auto && speech.turn !== s.version) {
    parts.push(turnWords(v));
    speech.turn = s.version;
  }
  if (parts.some(Boolean)) announce(parts.filter(Boolean).join(" "));
}

/** What changed at the other players' seats since it was last said, as the seats show it:
 *  a friend gone away or back, a bot playing for them or not, and the offer to let a bot
 *  play for one who is away (the button on their seat). Nothing on the first state. */
function othersNews(s, first) {
  const parts = [];
  if (table.watching) return parts;
  s.players.forEach((p, seat) => {
    if (isYou(seat) || p.kind !== "human") return;
    const name = nameOf(seat);
    const was = speech.others[seat];
    const now = { away: !p.connected, bot: Boolean(p.standin), offer: standInOffer(s, seat) === "standin" };
    if (was && !first) {
      if (now.bot !== was.bot) parts.push(now.bot ? `A bot plays for ${name} now.` : `${name} plays again.`);
      else if (now.away !== was.away) parts.push(now.away ? `${name} has gone away.` : `${name} is back.`);
      if (now.offer && !was.offer) {
        parts.push(`You may let a bot play for ${name}: the button is on ${name}'s seat.`);
      }
    }
    speech.others[seat] = now;
  });
  return parts;
}

/** "a sentence" -> "A sentence." */
const sentence = (text) => (text ? capital(text) + (/[.!?]$/.test(text) ? "" : ".") : "");

/** "Score: you 3, Ben 1, Cal 0; playing to 10." */
function scoreWords(s) {
  const scores = [0, 1, 2].map((seat) => nameAndPoints(isYou(seat) ? "you" : nameOf(seat), s.scores[seat]));
  return `Score: ${scores.join(", ")}; playing to ${s.rules?.target ?? 10}.`;
}

/** Who won the game, in words ("You win the game!", "Ben wins the game."). */
function winnersText(s) {
  const names = s.winners.map((w) => nameOf(w));
  return s.winners.length === 1 && isYou(s.winners[0]) ? "You win the game!"
    : `${names.join(" and ")} ${names.length === 1 && names[0] !== "You" ? "wins" : "win"} the game.`;
}

/** The element that has the focus in the table, as a selector that finds it again once
 *  it is drawn anew (null: none, or one that is not redrawn). */
function focusedKey() {
  const node = document.activeElement;
  if (!node || node === document.body || !$("table").contains(node)) return null;
  if (node.dataset.card) return `#hand [data-card="${node.dataset.card}"]`;
  if (node.dataset.action) return `#buttons [data-action="${CSS.escape(node.dataset.action)}"]`;
  if (node.dataset.standin !== undefined) return `[data-standin="${node.dataset.standin}"]`;
  if (node.dataset.back !== undefined) return "[data-back]";
  if (node.id) return `#${CSS.escape(node.id)}`;
  return "#hand-over-title";  // a link of the hand-over box, say: its heading takes the focus
}

/** After drawing the table anew: the focus that was on a control now gone (a card
 *  played, a move button, "Next hand") goes to the same control if it is still there,
 *  else somewhere sensible, never to the page itself: the hand-over box's next step
 *  when a hand is over, else this seat's cards (a watcher's: the table's heading). */
function settleFocus(key) {
  const now = document.activeElement;
  // A control disabled loses the focus, and so does one hidden (the invitation, once the
  // friend has joined), though the browser moves it off only later.
  const lost = key && (!now || now === document.body || now.disabled || !now.checkVisibility());
  const over = !$("hand-over").hidden;
  const stranded = over && now === $("hand");  // the hand played out under the focus
  // The cards, or the move buttons when the move is no card (a bid: the cards are all
  // greyed then, and the buttons would be six Tabs away).
  const moves = keyedChoices();
  const buttonMove = moves.length && !moves[0].dataset.card ? moves[0] : null;
  // The focus left waiting on the cards by this seat's move, where its next decision is a
  // bid (only then: a focus the player put on the cards stays there).
  const waiting = table.handWaiting && !over && now === $("hand") && buttonMove && myTurn();
  if (myTurn() || over) table.handWaiting = false;  // the decision it waited for has come
  if (!lost && !stranded && !waiting) return;
  const again = lost ? document.querySelector(key) : null;
  if (again && !again.disabled && again.checkVisibility()) { again.focus(); return; }
  // A button disabled while its work is done ("Review my game") hands the focus to where
  // that work shows (the review), not to the next step (which Enter would press).
  const busy = again?.disabled && again.dataset.busyFocus && document.querySelector(again.dataset.busyFocus);
  if (busy) { busy.focus(); return; }
  const next = over ? ($("next-hand") || $("rematch") || $("hand-over-title"))
    : buttonMove || (!$("hand").hidden ? $("hand") : $("table-title"));
  next?.focus();
}

/** The choices the number keys press, left to right: the cards that may be played,
 *  discarded or picked for a keep, else the move buttons (pass, order, ...). */
function keyedChoices() {
  if (table.watching) return [];
  const cards = [...document.querySelectorAll("#hand button[data-card]:not([aria-disabled=true])")];
  return cards.length ? cards : [...document.querySelectorAll("#buttons button[data-action]:not([disabled])")];
}

/** Mark each choice with its key (1-9, then 0 for the tenth), as a small number on it. */
function numberChoices() {
  document.querySelectorAll("[data-key]").forEach((b) => b.removeAttribute("data-key"));
  keyedChoices().slice(0, 10).forEach((b, i) => {
    const key = String((i + 1) % 10);
    b.dataset.key = key;
    b.setAttribute("aria-keyshortcuts", key);
  });
}

/**
 * The table's keys, for a player who would rather not reach for the mouse: 1-9 and 0
 * press the numbered choices, Enter keeps the five picked or deals the next hand, H asks
 * for a hint, U takes a move back. Nothing while typing (the talk) or a dialog is open.
 */
function tableKey(ev) {
  if (table.watching || ev.altKey || ev.ctrlKey || ev.metaKey || ev.repeat) return;
  if (ev.target.closest?.("input, textarea, select") || document.querySelector("dialog[open]")) return;
  // Only while the focus is at the table (the cards, the moves, the hint) or on the page
  // itself: a key pressed on a link or button elsewhere (the watch link, the talk) is that
  // control's, never a bid or an undo (WCAG 2.1.4).
  const here = ev.target === document.body || ev.target === document.documentElement
    || ev.target.closest?.(".felt");
  if (!here) return;
  let target = null;
  if (/^[0-9]$/.test(ev.key)) target = document.querySelector(`[data-key="${ev.key}"]`);
  else if (ev.key === "Enter" && !ev.target.closest?.("button, a")) target = $("keep-button") || $("next-hand");
  else if (ev.key === "h" || ev.key === "H") target = $("hint-button");
  else if (ev.key === "u" || ev.key === "U") target = $("undo-button");
  if (!target || target.disabled || target.hidden) return;
  ev.preventDefault();
  target.click();
}

/** How many watch (in the header, when any), and the watch link to invite them. */
function renderWatchers(s) {
  const n = s.watchers || 0;
  $("watchers").hidden = n === 0;
  setText($("watchers"), `${n} watching`);
  $("watchers").title = table.watching ? `${plural(n, "person")} watching this game, you included`
    : `${plural(n, "person")} watching this game, in no seat`;
  $("share").hidden = table.watching;
  const link = `${location.origin}/?watch=${encodeURIComponent(s.game)}`;
  $("watch-link").href = link;
  $("watch-link").textContent = link;
}

function renderWaiting(s) {
  const open = s.players.some((p) => p.kind === "open");
  $("waiting").hidden = s.status !== "waiting" || table.watching;  // a watcher gets the banner's link
  $("watch-join").hidden = !table.watching || !open;
  const link = `${location.origin}/?join=${encodeURIComponent(s.game)}`;
  $("join-link").href = link;
  $("join-link").textContent = link;
}

/** The three seats: this one (a watcher: seat 0) at the bottom, the next clockwise on the left. */
function renderSeats(s) {
  const v = s.view;
  const bottom = s.seat ?? 0;
  const spots = { [bottom]: "seat-me", [(bottom + 1) % 3]: "seat-left", [(bottom + 2) % 3]: "seat-right" };
  for (let seat = 0; seat < 3; seat++) {
    const p = s.players[seat];
    const tags = [];
    if (isYou(seat)) tags.push(["you", "you"]);
    if (p.kind === "bot") tags.push([`${p.bot} bot`, "bot"]);
    else if (p.kind === "open") tags.push(["open seat", "open"]);
    else if (!p.connected) tags.push(["away", "away"]);
    if (p.kind === "human" && p.standin) {
      tags.push([isYou(seat) ? "a bot plays for you" : "a bot plays for them", "standin"]);
    }
    if (v) tags.push(...handTags(v.dealer, v, seat));
    if (s.status === "playing" && s.to_act === seat) tags.push(["to act", "acting"]);
    const node = $(spots[seat]);
    node.className = "seat" + (seat === bottom ? " bottom" : "") + (isYou(seat) ? " me" : "");
    node.classList.toggle("acting", s.status === "playing" && s.to_act === seat);
    node.dataset.seat = seat;
    const info = [plural(s.scores[seat], "point")];
    if (v && v.trump) info.push(plural(v.tricks_won[seat], "trick"));
    // The stand-in button is kept while it offers the same thing: one made anew on each
    // state (bots may send several a second) could be swapped under a click, and lost.
    // This seat's own button is not in its box, before the cards and the moves, where a
    // Tab or a tap meant for a move could reach it: it comes after them (#self-standin).
    const holder = isYou(seat) ? $("self-standin") : node;
    const fresh = standInButton(s, seat);
    const shown = holder.querySelector(":scope > .standin-button");
    const button = fresh && shown && shown.dataset.offer === fresh.dataset.offer ? shown : fresh;
    for (const child of [...node.childNodes]) if (child !== button) child.remove();
    if (holder !== node) for (const child of [...holder.childNodes]) if (child !== button) child.remove();
    node.prepend(
      el("h3", { class: "seat-name" }, [nameOf(seat, false) + (isYou(seat) ? " (you)" : "")]),
      tagList(tags),
      el("div", { class: "seat-info" }, [info.join(" · ")]),
    );
    if (button && button.parentNode !== holder) holder.append(button);
    if (button) button.disabled = !socketOpen();  // it sends: not while the connection is down
  }
  $("standin-yes").disabled = !socketOpen();
  if (table.watching || s.seat === null || s.seat === undefined) $("self-standin").replaceChildren();
}

/** At a table of three bots (s.face_up): every seat's cards face up under its name, and
 *  the dummy, the kitty, the dealer's discard and the maker's buried cards beside, drawn
 *  as the replay draws a frame. Anywhere else nothing (a watcher sees no hidden card). */
function renderFaceUp(s) {
  const aside = $("face-up-aside");
  const up = s.face_up;
  aside.hidden = !up;
  if (table.watching && s.bots_only) {
    $("watch-intro").replaceChildren(el("strong", {}, ["You are watching three bots play."]),
      " Every card is face up, and each move in the log says why the bot made it.");
  }
  if (!up) { aside.replaceChildren(); return; }
  const v = s.view || {};
  const trump = v.trump || null;
  for (let seat = 0; seat < 3; seat++) {
    const node = document.querySelector(`#layout .seat[data-seat="${seat}"]`);
    node.append(el("div", { class: "replay-cards", "data-seat": String(seat), role: "group",
      "aria-label": cardsOf(nameOf(seat)) },
    sortCards(up.cards[seat], trump).map((c) => replayCard(c, trump))));
  }
  const rows = [];
  if (up.dummy.length) rows.push(["Dummy", up.dummy]);
  const kitty = up.kitty.filter((c) => c !== v.upcard && c !== up.discard);
  rows.push([v.upcard_taken ? "Kitty" : "Kitty, under the up-card", kitty]);
  if (up.discard) rows.push([`${nameOf(v.dealer)} discarded`, [up.discard]]);
  if (up.buried.length && v.maker != null) rows.push([`${nameOf(v.maker)} buried`, up.buried]);
  aside.replaceChildren(...rows.map(([who, cards]) => dealRow(who,
    sortCards(cards, trump).map((c) => replayCard(c, trump)))));
}

/** A seat's part in the hand, as [text, class] tags: dealer, maker (and trump), with the
 *  dummy, alone, sits out. `t` holds the hand's maker, trump, dummy_taken, alone and
 *  sitting_out (a view, or a replay's frame). */
function handTags(dealer, t, seat) {
  const tags = [];
  if (dealer === seat) tags.push(["dealer", "dealer"]);
  if (t.maker === seat) tags.push([`maker · ${t.trump ? suitWords(t.trump) : ""}`, "maker"]);
  if (t.maker === seat && t.dummy_taken) tags.push(["with the dummy", "maker"]);
  if ((t.alone || []).includes(seat)) tags.push([seat === t.maker ? "alone" : "defends alone", "alone"]);
  if (t.sitting_out === seat) tags.push(["sits out", "out"]);
  return tags;
}

/** [text, class] tags as a row of labels. */
function tagList(tags) {
  return el("div", { class: "tags" }, tags.map(([t, c]) => el("span", { class: "tag " + c }, [t])));
}

/** Note when each player was first seen away, and when the table last changed (this
 * page's clock): a friend who has gone may be replaced by a bot after the server's waits. */
function noteAbsence(s) {
  const now = Date.now();
  if (s.version !== table.version) { table.version = s.version; table.changedAt = now; }
  s.players.forEach((p, seat) => {
    if (p.kind === "human" && !p.connected) table.awaySince[seat] ??= now;
    else table.awaySince[seat] = null;
  });
}

/**
 * The seat's stand-in button, if any: "Let a bot play for Ben" on the seat of a friend
 * who has been away for the server's wait (or has taken too long over a move with the
 * page open), "Let a bot play for me" on this seat (a player who must step away), and
 * "Play myself" on it while a bot plays it. Watchers get none.
 */
function standInButton(s, seat) {
  const kind = standInOffer(s, seat);
  if (kind === "back") {
    const b = el("button", { type: "button", class: "standin-button", "data-back": "",
      "data-offer": "back" }, ["Play myself"]);
    b.addEventListener("click", () => { showError(""); send({ type: "back" }); });
    return b;
  }
  if (kind !== "standin" && kind !== "self") return null;
  const text = kind === "self" ? "Let a bot play for me" : `Let a bot play for ${nameOf(seat)}`;
  const b = el("button", { type: "button", class: "standin-button", "data-standin": String(seat),
    "data-offer": `${kind}:${text}`,
    title: kind === "self" ? "A bot plays your cards until you press Play myself, move, or open the game again" : null },
  [text]);
  b.addEventListener("click", () => {
    showError("");
    if (kind === "self") confirmStandIn(b, seat);  // asked first: it cannot be undone in time
    else send({ type: "standin", seat });
  });
  return b;
}

/** "Let a bot play for me", asked first in a dialog (Cancel has the focus; Escape
 *  cancels); the focus goes back to the button, or to the cards once it is gone. */
function confirmStandIn(opener, seat) {
  const dialog = $("standin-confirm");
  dialog.returnValue = "";
  dialog.onclose = () => {
    if (dialog.returnValue === "yes") send({ type: "standin", seat });
    const back = opener.isConnected && opener.checkVisibility() ? opener
      : (!$("hand").hidden ? $("hand") : $("table-title"));
    back.focus();
  };
  dialog.showModal();
}

/** Which stand-in button the seat shows now: "back", "self" (this seat, played by
 * its player), "standin" or null. */
function standInOffer(s, seat) {
  const p = s.players[seat];
  if (table.watching || p.kind !== "human" || !["playing", "hand_over"].includes(s.status)) return null;
  if (isYou(seat)) return p.standin ? "back" : "self";
  if (p.standin || !s.stand_in_after) return null;
  const now = Date.now();
  const gone = !p.connected && now - (table.awaySince[seat] ?? now) >= s.stand_in_after.away * 1000;
  const slow = p.connected && s.status === "playing" && s.to_act === seat
    && now - (table.changedAt ?? now) >= s.stand_in_after.turn * 1000;
  return gone || slow ? "standin" : null;
}

/** The up-card, the trick in progress and the last finished trick. */
function renderCentre(v) {
  const up = $("upcard");
  up.replaceChildren();
  $("trick").replaceChildren();
  $("last-trick").replaceChildren();
  if (!v) return;
  upcardBox(up, v.upcard, upcardNote(v.upcard, v.moves, v.upcard_taken), v.trump);
  if (v.current_trick.length) {
    $("trick").append(el("div", { class: "label" }, [`Trick ${v.tricks.length + 1}`]),
      ...v.current_trick.map(([seat, c]) => playedCard(nameOf(seat), c, false, v.trump)));
  } else if (v.phase === "play") {
    const lead = isYou(v.to_act) ? "your lead" : `${nameOf(v.to_act)} leads`;
    $("trick").append(el("div", { class: "label" }, [`Trick ${v.tricks.length + 1}: ${lead}`]));
  }
  const last = v.tricks.at(-1);
  if (last) {
    const by = isYou(last.winner) ? "you" : nameOf(last.winner);
    $("last-trick").append(el("div", { class: "label" }, [`Last trick, taken by ${by}`]),
      ...last.plays.map(([seat, c]) => playedCard(nameOf(seat), c, seat === last.winner, v.trump)));
  }
}

/** What became of the up-card, from the hand's moves so far ("1 leave", ...). */
function upcardNote(upcard, moves, taken) {
  const verbs = moves.map((m) => m.split(" ")[1]);
  if (taken) return "taken into the dealer's hand";
  if (verbs.includes("leave")) return "left in the kitty";
  if (verbs.length >= 3 && verbs.slice(0, 3).every((verb) => verb === "pass")) return "turned down";
  if (upcard === "JO") return "the joker: trump is named blind";
  return "";
}

/** The notes of an up-card no longer on the table: drawn faded (a newcomer took the
 *  dealer's card, still face up, for one still to be won). */
const UPCARD_GONE = new Set(["taken into the dealer's hand", "left in the kitty", "turned down"]);

/** The up-card with its note, and trump once it is known, into `box`. */
function upcardBox(box, upcard, note, trump) {
  const card = cardElement(upcard, { trump });
  card.classList.toggle("gone", UPCARD_GONE.has(note));
  box.append(el("div", { class: "label" }, ["Up-card"]), card, el("div", { class: "note" }, [note]));
  if (trump) {
    box.append(el("div", { class: "trump" + (SUITS[trump].red ? " red" : "") },
      ["Trump: ", ...spoken(SHOWN.suit(trump), SAID.suit(trump))]));
  }
}

/** A card played to a trick, with who played it under it. */
function playedCard(who, code, winner = false, trump = null) {
  return el("figure", { class: "played" + (winner ? " winner" : "") },
    [cardElement(code, { trump }), el("figcaption", {}, [who])]);
}

/** This seat's cards: buttons, enabled when they can be played or discarded, or picked for a keep. */
function renderHand(v) {
  const hand = $("hand");
  hand.replaceChildren();
  hand.hidden = table.watching;  // a watcher holds no cards
  $("hand-title").hidden = table.watching;
  if (!v || table.watching) return;
  const offered = myTurn() ? v.legal : [];  // nothing while a move sent is unanswered
  const legal = new Set(offered);
  const keeping = offered.some((a) => a.startsWith("keep "));
  const choosing = offered.some((a) => /^(play|discard) /.test(a));
  if (!keeping) { table.keep.clear(); table.keepNote = ""; }
  const connected = socketOpen();
  for (const code of sortCards(v.cards, v.trump)) {
    const b = cardElement(code, { button: true, trump: v.trump });
    if (keeping) {
      b.classList.add("pickable");
      b.setAttribute("aria-pressed", table.keep.has(code) ? "true" : "false");
      if (!connected) {  // as in every other phase: the prompt says why (the picks are kept)
        b.setAttribute("aria-disabled", "true");
        b.setAttribute("aria-describedby", "prompt");
      }
      b.addEventListener("click", () => {
        if (!usable(b)) return;  // a keep already sent
        const full = !table.keep.has(code) && table.keep.size >= 5;
        if (full) {  // a sixth card is not picked: one of the five must be put back first
          table.keepNote = "Five cards are picked: unpick one to pick another.";
          updateKeepButton(v);
          announce(`${capital(cardName(code, v.trump))} not picked: ${table.keepNote}`);
          return;
        }
        table.keepNote = "";
        if (table.keep.has(code)) table.keep.delete(code); else table.keep.add(code);
        const focused = document.activeElement === b;
        renderHand(v);
        updateKeepButton(v);
        numberChoices();
        if (focused) $("hand").querySelector(`[data-card="${code}"]`)?.focus();  // not lost to the page
        const picked = table.keep.has(code) ? "picked" : "put back";
        announce(`${capital(cardName(code, v.trump))} ${picked}: ${table.keep.size} of 5 picked.`);
      });
    } else {
      const verb = legal.has(`play ${code}`) ? "play" : legal.has(`discard ${code}`) ? "discard" : null;
      if (verb && connected) {  // named by what it does: "Play ace of spades"
        b.setAttribute("aria-label", `${capital(verb)} ${cardName(code, v.trump)}`);
        b.addEventListener("click", () => { if (usable(b)) act(`${verb} ${code}`); });
      } else {
        // Not disabled: a card that may not be played stays in the Tab order, so a screen
        // reader hears every card held, with why it may not be played (the prompt's words).
        b.setAttribute("aria-disabled", "true");
        const why = choosing && !verb && whyGreyed(v) ? "why-greyed" : "prompt";
        b.setAttribute("aria-describedby", why);
      }
      if (choosing && !verb) {  // a card that may not be played now: pressed, it says why
        b.classList.add("dim");
        const say = () => {  // in view, on a phone too, where it may be below the screen
          moveNote(greyedNote(v, code), greyedNote(v, code, SAID));
          $("move-note").scrollIntoView({ block: "nearest" });
        };
        if (connected) b.addEventListener("click", say);  // a click, Enter or Space
      }
    }
    hand.append(b);
  }
  if (!v.cards.length && v.phase === "joker_trump" && v.dealer === v.seat) {
    hand.append(el("p", { class: "note" }, ["Your cards stay face down until you name trump."]));
  }
  if (v.discard) {
    hand.append(el("p", { class: "note" }, spoken(`You discarded ${SHOWN.card(v.discard)}.`,
      `You discarded ${SAID.card(v.discard)}.`)));
  }
  if (v.buried.length) {
    hand.append(el("p", { class: "note" }, spoken(`You buried ${SHOWN.cards(v.buried)}.`,
      `You buried ${SAID.cards(v.buried)}.`)));
  }
}

/** The keep string that matches the cards picked, if it is legal. */
function keepChoice(v) {
  if (table.keep.size !== 5) return null;
  return v.legal.find((a) => {
    const cards = a.split(" ").slice(1);
    return a.startsWith("keep ") && cards.length === 5 && cards.every((c) => table.keep.has(c));
  }) || null;
}

function updateKeepButton(v) {
  const b = $("keep-button");
  if (!b) return;
  const choice = keepChoice(v);
  b.disabled = !choice || !socketOpen();
  b.textContent = table.keep.size === 5 ? "Keep these five" : `Keep these five (${table.keep.size} of 5 picked)`;
  setText($("keep-note"), table.keepNote || "");
}

/** A legal action's label for people: shown (`f` SHOWN, "Pick up the K♥") or said
 *  (SAID, "Pick up the king of hearts"). */
function actionLabel(action, v, f = SHOWN) {
  const [verb, arg] = action.split(" ");
  const up = f.the(v.upcard);
  switch (verb) {
    case "pass": return v.phase === "defender_choice" ? "Don't defend alone" : "Pass";
    case "order": return v.dealer === v.seat ? `Accept: pick up ${up}` : "Order it up";
    case "pickup": return `Pick up ${up}`;
    case "leave": return `Leave ${up}`;
    case "dummy": return "Take the dummy";
    case "alone": return v.maker === v.seat ? "Go alone" : "Defend alone";
    case "call": return `Call ${f.suit(arg)}`;
    case "trump": return `Name ${f.suit(arg)} trump`;
    default: return capital(action);  // a card or a keep, as the buttons are worded: "Play Q♦"
  }
}

/** What this seat is asked to do now, in words for the live region: "Your turn: play a card." */
function turnWords(v) {
  const or = (what) => (v.legal.includes("pass") ? `${what} or pass` : what);
  const asked = {
    joker_trump: "name trump before you see your cards",
    bid_first: v.dealer === v.seat ? `accept ${cardSaid(v.upcard)} or pass` : "order it up or pass",
    pickup: `pick up ${cardSaid(v.upcard)} or leave it`,
    discard: "discard a card",
    bid_second: or("call trump"),
    maker_choice: "take the dummy or go alone",
    keep: "pick the five cards to keep",
    defender_choice: "defend alone, or not",
    play: "play a card",
  }[v.phase];
  return `Your turn: ${asked || "choose"}.`;
}

const PROMPTS = {
  joker_trump: "The joker is turned up: name trump before you see your cards.",
  bid_first: "Order up the up-card's suit as trump, or pass.",
  pickup: "Pick up the up-card (and discard one card), or leave it.",
  discard: "Click the card to discard face down, or press its number.",
  bid_second: "Call a trump suit, or pass.",
  maker_choice: "Take the dummy's five cards, or go alone.",
  keep: "You hold ten cards: pick the five to keep.",
  defender_choice: "Defend alone against the maker, or not.",
  play: "Play a card: click it, or press its number.",
};

/** On a touch screen, which has no number keys (and none is shown on the cards). */
const TOUCH_PROMPTS = { discard: "Tap the card to discard face down.", play: "Play a card: tap it." };

/** The prompt for a phase, in the words of this screen: a click and a key, or a tap. */
const promptFor = (phase) => (window.matchMedia?.("(hover: none)").matches && TOUCH_PROMPTS[phase])
  || PROMPTS[phase] || "";

/**
 * Why some of this seat's cards are greyed while it plays, in a card player's words
 * (" You must follow diamonds ♦, the suit led: ..."), from the cards the server says
 * may be played and the card led; "" when every card may be played. The rules are not
 * worked out again here: the suit named is the led card's (the left bower and the joker
 * being trump, R16), and only when the cards allowed are all of it.
 */
function whyGreyed(v, f = SHOWN) {
  const why = greyedRule(v, f);
  if (!why) return "";
  if (!why.rule) return " The greyed cards may not be played now.";
  const { rule, trumps, bower, one } = why;
  if (trumps) {
    return ` ${rule}`
      + (trumps.length ? ` (${wordList(trumps.map(f.the))} ${trumps.length === 1 ? "is" : "are"} trump)` : "")
      + "; the other cards are greyed.";
  }
  return ` ${rule}: the other cards are greyed`
    + (bower ? ` (${f.the(bower)} is the left bower: trump, not a ${one}).` : ".");
}

/** The rule that greys some of this seat's cards while it plays (whyGreyed), or null
 *  when every card may be played: {rule: "You must follow diamonds ♦, the suit led",
 *  bower, one: "diamond"}, or {rule: "Trump (hearts ♥) was led: you must follow with
 *  trump", trumps: the trumps that are not of trump's suit}; rule "" when the cards
 *  allowed tell no suit to follow. */
function greyedRule(v, f = SHOWN) {
  if (v.phase !== "play") return null;
  const plays = v.legal.filter((a) => a.startsWith("play ")).map((a) => a.split(" ")[1]);
  if (!plays.length || plays.length === v.cards.length) return null;
  const led = v.current_trick[0]?.[1];
  const suit = led ? suitOf(led, v.trump) : null;
  if (!suit || !SUITS[suit] || !plays.every((c) => suitOf(c, v.trump) === suit)) return { rule: "" };
  if (suit === v.trump) {
    return { rule: `Trump (${f.suit(suit)}) was led: you must follow with trump`,
      trumps: v.cards.filter((c) => suitOf(c, v.trump) === suit && (c === "JO" || c[1] !== suit)) };
  }
  // A jack of the suit led that is the left bower belongs to trump: not a card of the suit led.
  return { rule: `You must follow ${f.suit(suit)}, the suit led`, one: SUITS[suit].name.slice(0, -1),
    bower: v.cards.find((c) => c[1] === suit && suitOf(c, v.trump) !== suit) };
}

/** Why the greyed card `code`, pressed, is not played, by the prompt's rule: "You must
 *  follow hearts ♥, the suit led: the Q♣ cannot be played now." */
function greyedNote(v, code, f = SHOWN) {
  const why = greyedRule(v, f);
  const card = `${f.the(code)} cannot be played now`;
  if (!why?.rule) return `${capital(card)}.`;
  if (why.trumps) return `${why.rule}; ${card}.`;
  return `${why.rule}: ${card}`
    + (code === why.bower ? ` (it is the left bower: trump, not a ${why.one}).` : ".");
}

/** The buttons for the moves this seat may make now, and the hint button. */
function renderActions(s, v) {
  const box = $("buttons");
  box.replaceChildren();
  const mine = myTurn();
  const connected = socketOpen();
  $("actions").hidden = s.status !== "playing" || table.watching;  // a watcher cannot play
  $("actions").classList.toggle("active", mine && connected);
  $("hand").classList.toggle("offline", !connected);  // its cards greyed: none can be played
  // Why some cards are greyed, shown with the suits' symbols and said in words; the
  // greyed cards are described by it (#why-greyed), the others not playable by the prompt.
  const why = mine && connected ? whyGreyed(v).trim() : "";
  const prompt = !v || s.status !== "playing" ? ""
    : !connected ? (table.closedForGood ? "Not connected."
      : `Not connected: reconnecting…${mine ? " Your move can be made once the connection is back." : ""}`)
    : mine ? `Your turn. ${promptFor(v.phase)}`
    : s.to_act !== null ? `Waiting for ${nameOf(s.to_act)}…` : "";
  $("prompt").replaceChildren(prompt, ...(why ? [" ", el("span", { id: "why-greyed" },
    spoken(why, whyGreyed(v, SAID).trim()))] : []));
  setText($("stakes"), mine && connected && s.stakes ? s.stakes : "");  // what the choices lead to
  if (mine) {
    // Pass first wherever it is a move, as the terminal numbers it: key 1 passes in
    // both rounds of bidding (a player who learned that in the first round does not
    // name trump by it in the second).
    const ordered = v.legal.filter((a) => a === "pass").concat(v.legal.filter((a) => a !== "pass"));
    for (const a of ordered) {
      if (/^(play|discard|keep) /.test(a)) continue;
      const shown = actionLabel(a, v);
      const said = actionLabel(a, v, SAID);
      const b = el("button", { type: "button", "data-action": a, class: "action",
        "aria-label": said === shown ? null : said,
        "aria-describedby": $("stakes").textContent ? "stakes" : null }, [shown]);  // what it leads to
      b.disabled = !connected;
      b.addEventListener("click", () => act(a));
      box.append(b);
    }
    if (v.legal.some((a) => a.startsWith("keep "))) {
      const b = el("button", { type: "button", id: "keep-button", class: "action primary" }, ["Keep these five"]);
      b.addEventListener("click", () => { const c = keepChoice(v); if (c) act(c); });
      // Not a live region: a sixth card refused is said once, by the announcer.
      box.append(b, el("p", { id: "keep-note", class: "note keep-note" }, []));
      updateKeepButton(v);
    }
  } else if (!table.thinking) {
    clearHint();  // nor left for a screen reader to find, hands later
  }
  $("hint-button").disabled = !mine || table.thinking || !connected;  // asked over the socket
  // Undo: only against bots (no other player loses a move), once this seat has moved.
  const againstBots = s.players.every((p, seat) => isYou(seat) || p.kind === "bot");
  const moved = Boolean(v?.moves.some((m) => isYou(Number(m.split(" ")[0]))));
  $("undo-button").hidden = !againstBots;
  $("undo-button").disabled = !moved || !connected;
}

function renderScores(s) {
  const target = s.rules?.target ?? 10;
  const rows = [0, 1, 2].map((seat) => el("tr", { class: s.winners.includes(seat) ? "winner" : "" }, [
    el("th", { scope: "row" }, [nameOf(seat, false) + (isYou(seat) ? " (you)" : "")]),
    el("td", {}, [String(s.scores[seat])]),
  ]));
  const caption = el("caption", {}, [`Playing to ${target}`]);
  if (s.rules_text) caption.append(el("br"), el("small", {}, [`Rules: ${s.rules_text}`]));  // not in the protocol
  $("scores").replaceChildren(caption, ...rows);
}

/** The hand's public log in words, with who took each trick: entries of
 *  {shown, said, took, reason}, the deal first (said: the cards in words, for the live
 *  region). `reasons` (a table of three bots): each move's reason, said after it. */
function logEntries(v, reasons = null) {
  const entries = [];
  const line = (words, took = false, reason = null) => entries.push({ shown: words(SHOWN),
    said: words(SAID) + (reason ? ` Reason: ${cardsInWords(reason)}.` : ""), took, reason });
  const deals = isYou(v.dealer) ? "You deal" : `${nameOf(v.dealer)} deals`;
  line((f) => `${deals}; the up-card is ${f.card(v.upcard)}.`, true);
  entries[0].deal = true;
  let plays = 0;
  let trick = 0;
  v.moves.forEach((m, i) => {
    const defending = trumpFixed(v.moves.slice(0, i));
    line((f) => moveWords(m, v, f, defending), false, reasons?.[i] || null);
    if (i === 2 && v.moves.slice(0, 3).every((x) => x.endsWith(" pass"))) {
      line((f) => `Everybody passed: ${f.the(v.upcard)} is turned down.`, true);
    }
    if (m.split(" ")[1] === "play" && v.tricks[trick] && ++plays === v.tricks[trick].plays.length) {
      const w = v.tricks[trick].winner;
      line(() => `${nameOf(w)} ${isYou(w) ? "take" : "takes"} the trick.`, true);
      entries.at(-1).winner = w;
      plays = 0;
      trick++;
    }
  });
  if (v.phase === "thrown_in") line(() => "Everybody passed: the hand is thrown in.", true);
  return entries;
}

function renderLog(entries) {
  const log = $("log");
  // The deal's line (who deals, the up-card) heads the hand's moves: it stays at the top
  // of the list while the moves scroll under it, the latest in view.
  log.replaceChildren(...entries.map((e) => el("li",
    { class: e.deal ? "took deal" : e.took ? "took" : null },
    e.reason ? [...spoken(e.shown, e.said), el("span", { class: "reason", "aria-hidden": "true" },
      [` — ${cardsInText(e.reason)}`])] : spoken(e.shown, e.said))));
  log.scrollTop = log.scrollHeight;
}

/** Whether trump is made by `moves` (a hand's first moves): a pass after them is a
 *  defender's, not a bid (R13). */
const trumpFixed = (moves) => moves.some((m) => ["order", "call", "trump"].includes(m.split(" ")[1]));

/** One move of the public log ("1 order") in words ("Ben orders up the 9♥"), its cards
 *  as `f` writes them (SHOWN on the page, SAID for a screen reader); `defending`: made
 *  once trump was fixed, where a pass is a defender's "not alone" (R13), not a bid. */
function moveWords(move, v, f = SHOWN, defending = false) {
  const [seatText, verb, ...args] = move.split(" ");
  const seat = Number(seatText);
  const you = isYou(seat);
  const who = nameOf(seat);
  const s = (third, second) => (you ? second : third);
  const up = f.the(v.upcard);
  switch (verb) {
    case "pass": return defending ? `${who} ${s("does", "do")} not defend alone.`
      : `${who} ${s("passes", "pass")}.`;
    case "order": return seat === v.dealer  // and takes it, which no move of his says (R8)
      ? `${who} ${s("orders", "order")} up ${up} and ${s("takes", "take")} it.`
      : `${who} ${s("orders", "order")} up ${up}.`;
    case "pickup": return `${who} ${s("picks", "pick")} up ${up}.`;
    case "leave": return `${who} ${s("leaves", "leave")} ${up} in the kitty.`;
    case "discard": return args[0] === "?" ? `${who} ${s("discards", "discard")} a card face down.`
      : `${who} ${s("discards", "discard")} ${f.card(args[0])} face down.`;
    case "call": return `${who} ${s("calls", "call")} ${f.suit(args[0])} as trump.`;
    case "trump": return `${who} ${s("names", "name")} ${f.suit(args[0])} as trump, blind.`;
    case "dummy": return `${who} ${s("takes", "take")} the dummy.`;
    case "keep": return args.includes("?") ? `${who} ${s("keeps", "keep")} five of ten cards and buries the rest face down.`
      : `${who} ${s("keeps", "keep")} ${f.cards(args)} and ${s("buries", "bury")} the rest face down.`;
    case "alone": return seat === v.maker ? `${who} ${s("goes", "go")} alone.` : `${who} ${s("defends", "defend")} alone.`;
    case "play": return `${who} ${s("plays", "play")} ${f.card(args[0])}.`;
    default: return move;
  }
}

/** After a hand: the result in words and the whole deal face up; next hand or the record. */
function renderHandOver(s) {
  const box = $("hand-over");
  const show = (s.status === "hand_over" || s.status === "over") && s.last_hand;
  box.hidden = !show;
  if (!show) { box.replaceChildren(); table.overError = ""; return; }
  const lh = s.last_hand;
  const parts = [el("h2", { id: "hand-over-title", tabindex: "-1" }, [s.status === "over" ? "Game over" : "Hand over"]),
    el("p", { class: "result", id: "result" }, [lh.text || ""])];
  const rows = [0, 1, 2].map((seat) => [nameOf(seat), lh.deal[String(seat)], cardsOf(nameOf(seat))]);
  if (lh.deal.dummy?.length) rows.push(["Dummy", lh.deal.dummy]);
  const kitty = lh.deal.kitty;
  rows.push(["Kitty (up-card first)", kitty]);
  const trump = lh.result?.trump || null;
  // Who held what comes after the next step (the next hand, play again): on a phone the
  // result and its button are on the screen together, the cards below them.
  const deal = el("div", { class: "deal" }, rows.map(([who, cards, label]) => dealRow(who,
    (kitty === cards ? cards : sortCards(cards, trump)).map((c) => cardElement(c, { trump })), label)));
  // A bot plays for every player: the server deals the next hand itself after a pause.
  const byItself = s.next_hand_after == null ? ""
    : `A bot plays for every player, so the next hand is dealt by itself ${
      s.next_hand_after >= 1 ? `in ${plural(Math.round(s.next_hand_after), "second")}` : "at once"}.`;
  if (s.status === "hand_over" && table.watching) {
    parts.push(el("p", { class: "note", id: "next-wait" }, [byItself || "The next hand is dealt when a player is ready."]));
  } else if (s.status === "hand_over") {
    const b = el("button", { type: "button", id: "next-hand", class: "primary" }, ["Next hand"]);
    b.disabled = !socketOpen();
    b.addEventListener("click", () => {
      showError("");
      if (!send({ type: "next" })) return;
      if (document.activeElement === b) $("hand").focus();  // where the next hand's cards come
      b.disabled = true;
    });
    parts.push(b);
    if (byItself) parts.push(el("p", { class: "note", id: "next-by-itself" }, [byItself]));
  } else {
    parts.push(el("p", { class: "winners", id: "winners" }, [winnersText(s)]));
    if (!table.watching) parts.push(rematchButton(s));
    else if (s.next_game) parts.push(watchNextLink(s));
    parts.push(el("p", { class: "over-links" }, [
      el("a", { id: "replay-link", class: "button-link", href: `/?replay=${encodeURIComponent(s.game)}` },
        ["Watch it again"]), " ",
      el("span", { class: "nowrap" }, [  // the dot stays with its link when the line wraps
        el("a", { id: "record-link", href: `/api/games/${encodeURIComponent(s.game)}/record`,
          download: `cutthroat-${s.game}.json` }, ["Download the game record"]), " ·"]), " ",
      el("a", { href: "/" }, ["New game"])]));
    if (!table.watching) parts.push(reviewSection());  // the review is of a seat's choices
  }
  if (!table.watching) parts.push(el("p", { id: "over-error", class: "error", role: "alert" }, [table.overError]));
  // As dealt, before any pick-up, discard or keep: a card played may be in another row
  // (the up-card the dealer took, the dummy's cards the maker kept).
  parts.push(el("p", { class: "note", id: "dealt-note" },
    ["Everybody's cards as they were dealt, before any pick-up, discard or keep:"]), deal);
  box.replaceChildren(...parts);
}

/** A row of cards face up, after whose they are ("Dummy"): a group a screen reader names
 *  (`label`, else `who`), so that each player's cards are told from the next's. */
function dealRow(who, cards, label = who) {
  return el("div", { class: "deal-row" }, [el("span", { class: "who" }, [who]),
    el("span", { class: "cards", role: "group", "aria-label": label }, cards)]);
}

/** "Ann" -> "Ann's cards", "You" -> "Your cards". */
const cardsOf = (name) => (name === "You" ? "Your cards" : `${name}'s cards`);

/**
 * At the end of the game: "Play again", a new game with the same rules and bots, the
 * players where they sat (this one in the first seat, the others around as before).
 * The server starts it for the first player to ask (a friend's seat open, the friends
 * told where to join in the old game's table talk) and seats every other who asks in
 * that one (`next_game` in the state), so friends who press at once sit at one table.
 */
function rematchButton(s) {
  const next = s.next_game;
  if (next && table.fullGame === next.game) {  // no seat left there: it can be watched
    return el("p", {}, [el("a", { id: "watch-full", class: "button-link",
      href: `/?watch=${encodeURIComponent(next.game)}` }, [`Watch ${nameOf(next.by)}'s new game`])]);
  }
  if (next && localStorage.getItem(tokenKey(next.game))) {  // this browser sits there already
    const go = el("button", { type: "button", id: "rematch", class: "primary" }, ["Go to the new game"]);
    go.addEventListener("click", () => location.assign(`/?game=${encodeURIComponent(next.game)}`));
    return el("p", {}, [go]);
  }
  const label = !next ? "Play again"
    : isYou(next.by) ? "Join the new game" : `Join ${nameOf(next.by)}'s new game`;
  const b = el("button", { type: "button", id: "rematch", class: "primary" }, [label]);
  b.disabled = !socketOpen();  // as every control that asks the server, while it cannot be reached
  b.addEventListener("click", async () => {
    b.disabled = true;
    showError("");
    const path = `/api/games/${encodeURIComponent(s.game)}`;
    try {
      const answer = await api("POST", `${path}/again`, { token: table.token });
      const friends = s.players.some((p, seat) => !isYou(seat) && p.kind !== "bot");
      if (answer.started && friends) {
        // from=: a friend's browser that holds their seat of this game takes the seat
        // kept for them there (the server keeps it from anybody else a while)
        const text = `Play again? Join me here: ${location.origin}/?join=${encodeURIComponent(answer.game)}`
          + `&from=${encodeURIComponent(s.game)}`;
        try { await api("POST", `${path}/chat`, { token: table.token, text }); } catch (e) {
          /* the friends' pages offer the new game anyway (next_game) */
        }
      }
      enterGame(answer);
    } catch (e) {
      b.disabled = false;
      const joining = table.state?.next_game;  // a friend's game (told now, if not before)
      if (!joining || isYou(joining.by)) {
        showError(`A new game could not be started: ${e.message}.`);
        return;
      }
      const whose = `${nameOf(joining.by)}'s new game`;
      let full = false;
      if (e.status === 409) {
        try {
          const there = await api("GET", `/api/games/${encodeURIComponent(joining.game)}/public`);
          full = !there.players.some((p) => p.kind === "open");
        } catch (e2) { /* the reason the server gave is shown */ }
      }
      if (full) table.fullGame = joining.game;
      showError(full ? `You could not join ${whose}: it has no open seat left.`
        : `You could not join ${whose}: ${e.message}.`);
      render();
    }
  });
  return el("p", {}, [b]);
}

/** For a watcher at the end of the game: the new game the players started, if any. */
function watchNextLink(s) {
  const next = s.next_game;
  if (!next) return null;
  return el("p", {}, [el("a", { id: "watch-next", href: `/?watch=${encodeURIComponent(next.game)}` },
    [`${nameOf(next.by)} started a new game: watch it`])]);
}

// The expert reviews a game at about this many seconds a hand (measured on two cores:
// 17 s for a game of 10 hands, 46 choices; 13 to 20 s for games of 8 or 9; docs/web.md):
// the page says how long to expect, and counts the seconds.
const REVIEW_SECONDS_A_HAND = 2;

/** "about 20 seconds", "about 2 minutes": roughly how long the review of `hands` takes. */
function reviewWait(hands) {
  const seconds = hands * REVIEW_SECONDS_A_HAND;
  return seconds < 45 ? `about ${Math.max(5, Math.round(seconds / 5) * 5)} seconds`
    : `about ${plural(Math.round(seconds / 60), "minute")}`;
}

/** "The expert is reviewing your choices in 10 hands (about 20 seconds)…" */
const reviewingWords = (s) => `The expert is reviewing your choices in ${plural(s.hand_number, "hand")}`
  + ` (${reviewWait(s.hand_number)})…`;

/** "7 seconds so far.": how long the review has been worked out. */
const reviewElapsed = () => `${plural(Math.floor((Date.now() - table.reviewing) / 1000), "second")}`
  + " so far.";

/** At the end of the game: the expert's review of this seat's choices, on request. While
 *  it is worked out the page says how long it takes, once in the live region, and counts
 *  the seconds (not said: nobody wants to hear every second). */
function reviewSection() {
  const out = el("div", { id: "review", class: "hint", tabindex: "-1",
    "aria-busy": table.reviewing ? "true" : null });
  if (table.review) out.append(...table.review.map((line) => el("p", {}, expertText(line))));
  const b = el("button", { type: "button", id: "review-button", "data-busy-focus": "#review" },
    ["Review my game"]);
  b.disabled = Boolean(table.review || table.reviewing) || !socketOpen();
  if (table.reviewing) {
    out.append(el("p", { class: "thinking" }, [reviewingWords(table.state),
      " ", el("span", { id: "review-elapsed" }, [reviewElapsed()])]));
  }
  b.addEventListener("click", async () => {
    table.reviewing = Date.now();
    announce(`${reviewingWords(table.state).slice(0, -1)}.`);
    const counter = setInterval(() => $("review-elapsed") && setText($("review-elapsed"), reviewElapsed()),
      1000);
    render();
    let said;
    try {
      const answer = await api("GET", `/api/games/${encodeURIComponent(table.game)}/review`,
        undefined, table.token);
      table.review = answer.lines;
      said = `The review is ready: ${cardsInWords(answer.lines[0] ?? "")}`;
    } catch (e) { table.review = [said = `No review: ${e.message}.`]; }
    clearInterval(counter);
    table.reviewing = null;
    announce(said);
    render();
  });
  return el("div", { class: "review" }, [b, out]);
}

/* ---------- Table talk ------------------------------------------------------------ */

// The players' lines, by their number in the game (`n`): a socket that connects again
// hears the latest lines again, and each is shown once, in the order it was said.
const chat = {
  lines: new Map(),       // n -> line, as the server sent it
  sending: false,         // a say was sent and is not answered yet (its line or an error)
  sent: null,             // the input's text when it was sent: cleared when the line comes back
  held: false,            // Send was pressed with the connection down: the line waits in the
                          // input (it is not sent by itself) and the note under it says so
  unconfirmed: null,      // {text, after}: a line sent whose answer has not come, and the
                          // last n known then; a history with it (after a reconnect) confirms it
  timer: null,
  unread: 0,              // lines by others that came while the panel was out of view
  inView: true,
};

/** A `chat` message: new lines (or the history on connecting) merged into the panel. */
function hearChat(msg) {
  const shown = $("chat-lines");
  const stick = shown.scrollHeight - shown.scrollTop - shown.clientHeight < 40;  // at the newest
  // The list is a live region: the lines heard again on connecting go into a copy of it,
  // put in its place once filled, which a screen reader does not read out (it says the
  // lines said from now on, not the last hundred at each reconnection).
  const list = msg.history ? shown.cloneNode(true) : shown;
  let mine = false;
  let news = 0;
  for (const line of msg.lines || []) {
    if (chat.lines.has(line.n)) continue;
    chat.lines.set(line.n, line);
    const later = [...list.children].find((li) => Number(li.dataset.n) > line.n);
    list.insertBefore(chatLine(line), later || null);
    if (isYou(line.seat)) mine = true;
    else if (!msg.history) news++;
  }
  if (list !== shown) shown.replaceWith(list);
  const back = (msg.lines || []).some((line) => isYou(line.seat) && (msg.history
    ? line.n > (chat.unconfirmed?.after ?? Infinity) && line.text === chat.unconfirmed.text
    : chat.sending));
  if (back) {  // the line said comes back (or, the answer lost, is in the history heard again)
    chat.sending = false;  // the input is cleared, unless changed since
    chat.unconfirmed = null;
    clearTimeout(chat.timer);
    if ($("chat-input").value === chat.sent) $("chat-input").value = "";
    $("chat-error").textContent = "";
  }
  if (stick || mine || msg.history) list.scrollTop = list.scrollHeight;
  if (news && !chat.inView) setUnread(chat.unread + news);
  if (table.state) renderChat(table.state);
}

/** One line of talk: the speaker's name and the text, as text (never markup), and when. */
function chatLine(line) {
  const at = new Date(line.at);
  const known = !Number.isNaN(at.getTime());
  const time = el("time", { datetime: line.at, title: known ? at.toLocaleString() : line.at },
    [known ? at.toLocaleTimeString([], { hour: "numeric", minute: "2-digit" }) : ""]);
  const mine = isYou(line.seat);
  return el("li", { class: "chat-line" + (mine ? " mine" : ""), "data-n": line.n, "data-seat": line.seat }, [
    el("span", { class: "chat-said" }, [
      el("span", { class: "chat-name", title: mine ? "you" : null }, [line.name]), " ",
      el("span", { class: "chat-text" }, chatText(line.text))]),
    " ", time,
  ]);
}

/** A line's text as text, with this server's game links (join, watch) made links. */
function chatText(text) {
  return text.split(/( )/).map((word) => {
    const href = gameLink(word);
    return href ? el("a", { href, class: "chat-link" }, [word]) : word;
  });
}

/** ``word`` as a link to a game on this server (`/?join=ID`, `/?watch=ID`, or the
 *  invitation to play again, `/?join=ID&from=OLD`), else null. */
function gameLink(word) {
  let url;
  try { url = new URL(word); } catch (e) { return null; }
  const keys = [...url.searchParams.keys()].join(",");
  const fine = url.origin === location.origin && url.pathname === "/" && !url.hash
    && ["join", "watch", "join,from"].includes(keys);
  return fine ? url.href : null;
}

/** The panel: shown when somebody else at the table could talk (or has), read-only to a watcher. */
function renderChat(s) {
  const people = s.players.filter((p) => p.kind === "human" || p.kind === "open").length;
  $("chat-panel").hidden = people < 2 && chat.lines.size === 0;  // against two bots: nobody to talk to
  $("chat-empty").hidden = chat.lines.size > 0;
  $("chat-form").hidden = table.watching;
  $("chat-readonly").hidden = !table.watching;
  // Not disabled while the connection is down: sending then says so, and keeps the line.
  $("chat-send").disabled = chat.sending || !$("chat-input").value.trim();
  heldLine();
  // Near the server's limit, the count of characters as it counts them (spaces folded).
  const length = chatLength($("chat-input").value);
  const count = $("chat-count");
  count.hidden = length < CHAT_MAX - 40;
  count.classList.toggle("over", length > CHAT_MAX);
  setText(count, length > CHAT_MAX ? `${length}/${CHAT_MAX} characters: ${length - CHAT_MAX} too many`
    : `${length}/${CHAT_MAX} characters`);
}

/** A line's length as the server counts it: code points, once spaces are folded. */
const chatLength = (text) => [...text.trim().split(/\s+/).join(" ")].length;

// The server counts characters as code points, a browser's maxlength UTF-16 units (an
// emoji is two, or more): the input has no maxlength (a long paste is not cut without
// a word); the count under it and the check here count as the server does.
const CHAT_MAX = 200;

/** Send the input's line; it stays there until the server says it back to everybody. */
function say() {
  const input = $("chat-input");
  const text = input.value;
  if (!text.trim() || chat.sending) return;
  chat.held = false;  // sent now, or held again below
  $("chat-error").classList.remove("calm");
  const length = chatLength(text);
  if (length > CHAT_MAX) {
    $("chat-error").textContent = `A line may be at most ${CHAT_MAX} characters long: this one has ${length}.`;
    return;
  }
  if (!socketOpen()) {
    chat.held = true;
    heldLine();
    return;
  }
  $("chat-error").textContent = "";
  table.socket.send(JSON.stringify({ type: "say", text }));
  chat.sending = true;
  chat.sent = text;
  chat.unconfirmed = { text: text.trim().split(/\s+/).join(" "),  // as the server keeps it
    after: Math.max(0, ...chat.lines.keys()) };
  clearTimeout(chat.timer);  // an answer lost (it should not be): the input is not held for ever
  chat.timer = setTimeout(() => { chat.sending = false; renderChat(table.state); }, 10000);
  renderChat(table.state);
}

// A line kept in the input while the connection is down is not sent once it is back (it
// may no longer fit the game): the note under the input says what to do, as the
// connection stands.
const HELD_DOWN = "Not connected: your line stays here; press Send again once the connection is back.";
const HELD_BACK = "Connected again: press Send to say it.";

/** The note under the input on a line held (Send pressed with the connection down),
 *  as the connection now stands; gone with the line (sent, or cleared). */
function heldLine() {
  const note = $("chat-error");
  if (chat.held && !$("chat-input").value.trim()) {
    chat.held = false;
    note.textContent = "";
  }
  if (chat.held) setText(note, socketOpen() ? HELD_BACK : HELD_DOWN);
  note.classList.toggle("calm", chat.held && socketOpen());  // no error any more
}

/** The server refused the line said: why, by the input, which keeps the text. */
function chatRefused(reason) {
  chat.held = false;
  chat.sending = false;
  chat.unconfirmed = null;
  clearTimeout(chat.timer);
  $("chat-error").textContent = reason ? `${reason[0].toUpperCase()}${reason.slice(1)}` : "";
  if (table.state) renderChat(table.state);
}

/** Lines said while the panel was out of view (a phone's narrow page): a link down to it. */
function setUnread(n) {
  chat.unread = n;
  const link = $("chat-unread");
  link.hidden = n === 0;
  link.textContent = n === 1 ? "1 new line of table talk" : `${n} new lines of table talk`;
}

function setUpChat() {
  $("chat-form").addEventListener("submit", (ev) => { ev.preventDefault(); say(); });
  $("chat-input").addEventListener("input", () => { if (table.state) renderChat(table.state); });
  $("chat-unread").addEventListener("click", (ev) => {
    ev.preventDefault();
    $("chat-panel").scrollIntoView({ behavior: calm() ? "auto" : "smooth", block: "end" });
    // The focus follows: to the box to answer in (a watcher has none: the panel's heading).
    const answer = $("chat-input");
    (answer?.checkVisibility() ? answer : $("chat-title")).focus({ preventScroll: true });
  });
  if ("IntersectionObserver" in window) {
    new IntersectionObserver((entries) => {
      chat.inView = entries.some((e) => e.isIntersecting);
      if (chat.inView) setUnread(0);
    }, { threshold: 0.25 }).observe($("chat-panel"));
  }
}

/* ---------- Watching a game again --------------------------------------------------- */

// A finished game (/?replay=ID) or a record file opened in the lobby, as frames from the
// server (docs/protocol.md, "Replays"): the table after the deal and after every move,
// every card face up. One frame is shown at a time; nothing is sent back.
const replay = {
  data: null,   // the server's answer: players, hands, frames, ...
  index: 0,     // the frame shown
  game: null,   // the game's id when the server keeps it (/?replay=ID), else null (a record file)
};
window.cutthroatReplay = replay;

const RECORD_MAX = 256 * 1024;  // the largest record the server takes (bytes)

/** /?replay=ID (&move=N: at frame N): the finished game's frames, with links to its
 *  record and its table, and to the move shown. */
async function showReplayOf(game) {
  replay.game = game;
  $("replay").hidden = false;
  setTitle("Replay");
  $("replay-title").textContent = `Game ${game}, watched again`;
  const path = `/api/games/${encodeURIComponent(game)}`;
  const back = localStorage.getItem(tokenKey(game)) ? `/?game=${encodeURIComponent(game)}`
    : `/?watch=${encodeURIComponent(game)}`;
  $("replay-links").replaceChildren(
    el("a", { href: `${path}/record`, download: `cutthroat-${game}.json` }, ["Download the game record"]), " · ",
    el("a", { href: back }, ["Back to the table"]), " · ", el("a", { href: "/" }, ["New game"]));
  try { startReplay(await api("GET", `${path}/replay`), askedFrame()); } catch (e) {
    $("replay-error").textContent = `This game cannot be watched again: ${e.message}.`;
  }
}

/** The lobby's "Open a record…": the file's text, checked and made into frames by the server. */
async function openRecord(file) {
  const err = $("record-error");
  err.textContent = "";
  if (!file) return;
  if (file.size > RECORD_MAX) {
    err.textContent = `${file.name} is too big for a game record (at most ${RECORD_MAX / 1024} KiB).`;
    $("record-file").value = "";
    return;
  }
  let data;
  try { data = await api("POST", "/api/replay", await file.text()); } catch (e) {
    err.textContent = `${file.name} cannot be shown: ${e.message}.`;
    $("record-file").value = "";  // the same file, mended, may be opened again
    return;
  }
  $("lobby").hidden = true;
  $("replay").hidden = false;
  setTitle("Replay");
  $("replay-title").textContent = `${file.name}, watched again`;
  $("replay-links").replaceChildren(el("a", { href: "/" }, ["Back to the lobby"]));
  startReplay(data);
}

/** The frame the address asks for (`move`, a frame's index; showFrame keeps it within
 *  the game): anything but a whole number is ignored, and the game starts at its deal. */
function askedFrame() {
  const text = (new URLSearchParams(location.search).get("move") || "").trim();
  return /^[-+]?\d+$/.test(text) ? Number(text) : 0;
}

/** The address of the server-kept game's frame `index`: `/?replay=ID&move=N`, or
 *  `/?replay=ID` for the first deal. */
function replayAddress(index) {
  return `/?replay=${encodeURIComponent(replay.game)}${index ? `&move=${index}` : ""}`;
}

/** "Copy link to this move": the address of the frame shown, copied; where the browser
 *  will not copy, shown in a field, selected, to copy by hand. */
function setUpMoveLink() {
  const button = $("replay-copy");
  const field = $("replay-link-field");
  $("replay-share").hidden = false;
  button.addEventListener("click", async () => {
    const link = location.origin + replayAddress(replay.index);
    try {
      if (!navigator.clipboard) throw new Error("no clipboard here");
      await navigator.clipboard.writeText(link);
      field.hidden = true;
      button.textContent = "Copied";
    } catch (e) {
      field.value = link;
      field.hidden = false;
      field.focus();
      field.select();
      button.textContent = "Press Ctrl+C to copy";
    }
  });
}

/** Show the frames from `start` (kept within the game), and take the controls and the keys. */
function startReplay(data, start = 0) {
  replay.data = data;
  if (!data.over) $("replay-title").textContent += " (not finished: it stops at its latest move)";
  if (!data.frames.length) {
    $("replay-error").textContent = "This record holds no hand yet: there is nothing to watch.";
    return;
  }
  $("replay-layout").hidden = false;
  $("replay-slider").max = String(data.frames.length - 1);
  const steps = { "replay-start": () => 0, "replay-end": () => data.frames.length - 1,
    "replay-prev": () => replay.index - 1, "replay-next": () => replay.index + 1,
    "replay-prev-hand": () => handStep(-1), "replay-next-hand": () => handStep(1) };
  for (const [id, to] of Object.entries(steps)) $(id).addEventListener("click", () => showFrame(to()));
  $("replay-slider").addEventListener("input", () => showFrame(Number($("replay-slider").value)));
  document.addEventListener("keydown", (ev) => replayKey(ev, steps));
  if (replay.game) setUpMoveLink();  // a record file has no address on the server
  showFrame(start);
}

/** The arrow keys step through the game: left and right a move, up and down (or Page Up
 *  and Page Down) a hand, Home and End to either end; the slider's own keys do the same. */
function replayKey(ev, steps) {
  const keys = { ArrowLeft: "replay-prev", ArrowRight: "replay-next", ArrowUp: "replay-prev-hand",
    ArrowDown: "replay-next-hand", PageUp: "replay-prev-hand", PageDown: "replay-next-hand",
    Home: "replay-start", End: "replay-end" };
  const step = keys[ev.key];
  const typing = ev.target.closest?.("input:not([type=range]), textarea, select, dialog");
  if (!step || typing || ev.altKey || ev.ctrlKey || ev.metaKey) return;
  ev.preventDefault();
  showFrame(steps[step]());
}

/** The frame a hand's step goes to: the previous hand's deal (this one's, if a move of it
 *  is shown), or the next hand's deal (the game's last frame from the last hand). */
function handStep(direction) {
  const { frames, hands } = replay.data;
  const hand = hands[frames[replay.index].hand];
  if (direction < 0) {
    if (replay.index > hand.first) return hand.first;
    return hands[Math.max(0, frames[replay.index].hand - 1)].first;
  }
  const next = hands[frames[replay.index].hand + 1];
  return next ? next.first : frames.length - 1;
}

/** Show frame `index` (kept within the game). */
function showFrame(index) {
  const { frames, hands } = replay.data;
  const control = document.activeElement?.closest?.(".replay-controls button")?.id;
  replay.index = Math.max(0, Math.min(frames.length - 1, index));
  const f = frames[replay.index];
  const hand = hands[f.hand];
  const step = replay.index - hand.first;
  $("replay-where").textContent = `Hand ${hand.number} of ${hands.length} · `
    + (step ? `move ${step} of ${hand.count - 1}` : "the deal");
  $("replay-text").replaceChildren(el("span", {}, [cardsInText(f.text)]),
    ...(f.result ? [el("strong", { class: "replay-result" }, [cardsInText(capital(f.result))])] : []));
  // For a screen reader: the move shown in words, said as it is shown (the live region),
  // and the slider's value as that move.
  const where = `Hand ${hand.number} of ${hands.length}${step ? `, move ${step} of ${hand.count - 1}` : ""}`;
  const said = sentence(cardsInWords(step ? f.text : f.text.replace(/^Hand \d+: /, "")))
    + (f.result ? ` ${sentence(cardsInWords(f.result))}` : "");
  $("replay-say").textContent = `${where}: ${said}`;
  $("replay-slider").setAttribute("aria-valuetext", `${where}: ${said}`);
  $("replay-slider").value = String(replay.index);
  $("replay-start").disabled = $("replay-prev").disabled = replay.index === 0;
  $("replay-end").disabled = $("replay-next").disabled = replay.index === frames.length - 1;
  $("replay-prev-hand").disabled = replay.index === 0;
  $("replay-next-hand").disabled = replay.index === frames.length - 1;
  if (control && $(control).disabled) {  // at either end: the focus goes the other way, not to the page
    $(["replay-start", "replay-prev", "replay-prev-hand"].includes(control) ? "replay-next" : "replay-prev").focus();
  }
  for (let seat = 0; seat < 3; seat++) {
    $(`replay-seat-${seat}`).replaceChildren(...replaySeat(f, hand, seat));
    $(`replay-seat-${seat}`).classList.toggle("acting", f.to_act === seat);
  }
  replayCentre(f, hand);
  replayAside(f, hand);
  replayScores(f);
  // A move of the list had the focus: it keeps it once the list is drawn anew (or, the
  // hand changed, the move shown takes it), rather than losing it to the page.
  const onMove = document.activeElement?.closest?.("#replay-moves [data-frame]")?.dataset.frame;
  replayMoves(f, hand);
  if (onMove !== undefined) {
    const list = $("replay-moves");
    (list.querySelector(`[data-frame="${onMove}"]`) || list.querySelector("li.current button"))?.focus();
  }
  if (replay.game) {
    // The address follows the frame without a history entry per move: Back leaves the replay.
    const address = replayAddress(replay.index);
    if (location.pathname + location.search !== address) history.replaceState(history.state, "", address);
    $("replay-copy").textContent = "Copy link to this move";
    $("replay-link-field").hidden = true;
  }
}

const capital = (text) => text[0].toUpperCase() + text.slice(1);

/** A sentence of the server's with its cards as the page writes them ("QH" -> "Q♥"). */
function cardsInText(text) {
  return text.replace(/\b([789TJQKA][CDHS]|JO)\b/g, (code) => cardText(code));
}

/** A seat of the frame: its name, its part in the hand, its points and tricks, its cards face up. */
function replaySeat(f, hand, seat) {
  const tags = handTags(hand.dealer, f, seat);
  if (f.to_act === seat) tags.push(["to act", "acting"]);
  const info = [plural(f.scores[seat], "point")];
  if (f.trump) info.push(plural(f.tricks_won[seat], "trick"));
  const cards = sortCards(f.cards[seat], f.trump || null).map((code) => replayCard(code, f.trump));
  return [
    el("h3", { class: "seat-name" }, [replay.data.players[seat]]),
    tagList(tags),
    el("div", { class: "seat-info" }, [info.join(" · ")]),
    el("div", { class: "replay-cards", "data-seat": String(seat), role: "group",
      "aria-label": cardsOf(replay.data.players[seat]) }, cards),
  ];
}

/** A card face up, marked with its code (data-card) as the tests read it; named in words,
 *  the bowers as such once trump is made. */
function replayCard(code, trump = null) {
  const node = cardElement(code, { trump: trump || null });
  node.dataset.card = code;
  return node;
}

/** The up-card and trump, the trick in progress, and the last trick. */
function replayCentre(f, hand) {
  const names = replay.data.players;
  const moves = replay.data.frames.slice(hand.first + 1, replay.index + 1).map((x) => x.move);
  const up = $("replay-upcard");
  up.replaceChildren();
  upcardBox(up, hand.upcard, upcardNote(hand.upcard, moves, Boolean(f.upcard_taken)), f.trump);
  const trick = f.trick || [];
  $("replay-trick").replaceChildren(...(trick.length ? [
    el("div", { class: "label" }, [`Trick ${f.tricks_won.reduce((a, b) => a + b, 0) + 1}`]),
    ...trick.map(([seat, c]) => playedCard(names[seat], c, false, f.trump || null))] : []));
  const last = f.last_trick;
  $("replay-last").replaceChildren(...(last ? [
    el("div", { class: "label" }, [`Last trick, taken by ${names[last.winner]}`]),
    ...last.plays.map(([seat, c]) => playedCard(names[seat], c, seat === last.winner, f.trump || null))] : []));
}

/** The cards off the seats: the dummy, the kitty, the dealer's discard, the maker's buried five. */
function replayAside(f, hand) {
  const names = replay.data.players;
  const rows = [];
  if (f.dummy) rows.push([f.alone?.includes(f.maker) ? "Dummy (the maker went alone)" : "Dummy", f.dummy]);
  // The up-card is shown in the centre, and the dealer's discard on its own row.
  const kitty = f.kitty.filter((c) => c !== hand.upcard && c !== f.discard);
  rows.push([f.upcard_taken ? "Kitty" : "Kitty, under the up-card", kitty]);
  if (f.discard) rows.push([`${names[hand.dealer]} discarded`, [f.discard]]);
  if (f.buried) rows.push([`${names[f.maker]} buried`, f.buried]);
  $("replay-aside").replaceChildren(...rows.map(([who, cards]) => dealRow(who,
    sortCards(cards, f.trump || null).map((c) => replayCard(c, f.trump)))));
}

/** The scores of the frame (after the hand in its last frame); the winners at the very end. */
function replayScores(f) {
  const { players, target, winners, over, frames, outcome } = replay.data;
  const end = over && replay.index === frames.length - 1;
  const rows = [0, 1, 2].map((seat) => el("tr", { class: end && winners.includes(seat) ? "winner" : "" }, [
    el("th", { scope: "row" }, [players[seat]]),
    el("td", {}, [String(f.scores[seat])]),
  ]));
  const caption = el("caption", {}, [`Playing to ${target}`, el("br"), el("small", {}, [`Rules: ${replay.data.rules_text}`])]);
  if (end) {  // who won, in the words of `cutthroat replay` (a shared win included)
    caption.append(el("br"), el("strong", { id: "replay-outcome" }, [outcome]));
  }
  $("replay-scores").replaceChildren(caption, ...rows);
}

/** The hand's moves in words, the one shown marked; a click goes to a move. */
function replayMoves(f, hand) {
  $("replay-moves-title").textContent = `Hand ${hand.number}`;
  const list = $("replay-moves");
  const items = replay.data.frames.slice(hand.first, hand.first + hand.count).map((x, k) => {
    const index = hand.first + k;
    const said = cardsInWords(x.text);  // the button's name: its cards in words
    const b = el("button", { type: "button", class: "replay-move", "data-frame": String(index),
      "aria-label": said === x.text ? null : said }, [cardsInText(x.text)]);
    b.addEventListener("click", () => showFrame(index));
    const item = el("li", { class: index === replay.index ? "current" : "" }, [b]);
    if (index === replay.index) { item.setAttribute("aria-current", "step"); b.setAttribute("aria-current", "step"); }
    return item;
  });
  if (hand.text) {
    items.push(el("li", { class: "took" }, spoken(cardsInText(capital(hand.text)), cardsInWords(capital(hand.text)))));
  }
  list.replaceChildren(...items);
  const shown = list.querySelector("li.current");  // scrolled into the list's view, not the page's
  if (shown && (shown.offsetTop < list.scrollTop
    || shown.offsetTop + shown.offsetHeight > list.scrollTop + list.clientHeight)) {
    list.scrollTop = shown.offsetTop - list.clientHeight / 2;
  }
}

/* ---------- Start ---------------------------------------------------------------- */

function showTable(game) {
  table.game = game;
  table.token = localStorage.getItem(tokenKey(game));
  if (!table.token) {
    $("no-seat").hidden = false;
    $("no-seat-game").textContent = game;
    $("no-seat-join").href = `/?join=${encodeURIComponent(game)}`;
    $("no-seat-watch").href = `/?watch=${encodeURIComponent(game)}`;
    // "Join it" only where a seat is open: the game looked up (the link stays, with its
    // "if a seat is open", where the server cannot say now)
    api("GET", `/api/games/${encodeURIComponent(game)}/public`).then((s) => {
      const open = s.status !== "over" && s.players.some((p) => p.kind === "open");
      $("no-seat-join-item").hidden = !open;
      if (open) $("no-seat-join").textContent = "Join it";
    }).catch(() => { /* no such game, or no answer: the links as they are */ });
    return;
  }
  $("table").hidden = false;
  $("status").textContent = "Connecting…";
  document.addEventListener("keydown", tableKey);
  $("hint-button").addEventListener("click", () => {
    showError("");
    if (!send({ type: "hint" })) return;
    table.hintAt = hintPosition();
    if (document.activeElement === $("hint-button")) $("hint").focus();  // the button is disabled meanwhile
    setThinking(true);
  });
  $("undo-button").addEventListener("click", () => {
    showError("");
    if (send({ type: "undo" })) table.undoing = true;
  });
  copyButton("copy-link", "join-link");
  copyButton("copy-watch-link", "watch-link");
  setUpChat();
  setUpCoach();
  keepConnected();
}

/** /?watch=ID: the table read-only, in no seat, over the watcher's socket. */
function showWatch(game) {
  table.game = game;
  table.watching = true;
  $("table").hidden = false;
  $("watching").hidden = false;
  $("status").textContent = "Connecting…";
  $("watch-join-link").href = `/?join=${encodeURIComponent(game)}`;
  $("watch-seat").hidden = !localStorage.getItem(tokenKey(game));
  $("watch-seat-link").href = `/?game=${encodeURIComponent(game)}`;
  setUpChat();
  keepConnected();
}

/** A button that copies the text of the link `linkId` (or selects it, where copying is refused). */
function copyButton(buttonId, linkId) {
  $(buttonId).addEventListener("click", async () => {
    const text = $(linkId).textContent;
    try { await navigator.clipboard.writeText(text); $(buttonId).textContent = "Copied"; } catch (e) {
      getSelection().selectAllChildren($(linkId));
      $(buttonId).textContent = "Press Ctrl+C to copy";
    }
  });
}

/** Connect; keep the connection alive through proxies, and come back at once when the page does. */
function keepConnected() {
  setInterval(ping, PING_EVERY_MS);
  // A friend who has gone is offered a stand-in after a wait: the seats are drawn again
  // when an offer comes or goes (only then, so that no click is lost to a redraw).
  let offers = "";
  setInterval(() => {
    const s = table.state;
    if (!s || table.watching) return;
    const now = [0, 1, 2].map((seat) => standInOffer(s, seat)).join();
    if (now !== offers) {
      offers = now;
      renderSeats(s);
      const news = othersNews(s, false);  // the offer, said as it comes
      if (news.length) announce(news.join(" "));
    }
  }, 1000);
  // Offline: the connection is taken for lost at once (the socket may stay open for
  // minutes, its messages held). Online again: connect now, not after the retry's
  // delay; a socket that seems open is asked whether it still is. A page shown again
  // (a phone woken) asks too.
  window.addEventListener("offline", () => { if (table.socket) connectionLost(table.socket); });
  window.addEventListener("online", () => {
    if (table.closedForGood) return;
    const ws = table.socket;
    if (!ws || ws.lost || ws.readyState === WebSocket.CLOSED) connect();
    else ping();
  });
  document.addEventListener("visibilitychange", () => { if (!document.hidden) ping(); });
  connect();
}

/**
 * "How to play": the rules in short from the server, for the rules of the game in the
 * URL (at a table, watching or joining) or else of the preset chosen in the lobby.
 */
function setUpHelp() {
  const dialog = $("how-to-play");
  let opener = null;  // the control that opened the dialog: the focus goes back to it
  dialog.addEventListener("close", () => {
    const back = opener?.isConnected && opener.checkVisibility() ? opener : $("help-button");
    opener = null;
    back.focus();
  });
  dialog.addEventListener("keydown", (ev) => trapTab(dialog, ev));
  dialog.addEventListener("click", (ev) => {  // a tap on the backdrop, outside the dialog's box
    const box = dialog.getBoundingClientRect();
    const outside = ev.clientX < box.left || ev.clientX > box.right
      || ev.clientY < box.top || ev.clientY > box.bottom;
    if (ev.target === dialog && outside) dialog.close();
  });
  $("standin-confirm").addEventListener("keydown", (ev) => trapTab($("standin-confirm"), ev));
  $("newcomer-rules").addEventListener("click", (ev) => {  // the lobby's word to a newcomer
    ev.preventDefault();
    $("help-button").click();
  });
  $("help-button").addEventListener("click", async () => {
    opener = document.activeElement && document.activeElement !== document.body
      ? document.activeElement : $("help-button");
    const params = new URLSearchParams(location.search);
    const game = params.get("game") || params.get("watch") || params.get("join") || params.get("replay");
    const path = game ? `/api/games/${encodeURIComponent(game)}/how-to-play`
      : `/api/how-to-play?preset=${encodeURIComponent($("rules").value || "standard")}`;
    const known = game ? null : replay.data?.how_to_play;  // a record file's own rules
    $("help-body").replaceChildren(el("p", {}, ["Loading…"]));
    $("help-body").setAttribute("aria-busy", "true");
    $("help-game-rules").textContent = "";
    if (!dialog.open) dialog.showModal();
    try {
      const help = known || await api("GET", path);
      $("help-game-rules").textContent = help.rules_text;
      $("help-body").replaceChildren(...help.sections.flatMap((section) => [
        el("h3", {}, [section.title]),
        ...(section.title === GLOSSARY ? [glossary(section.paragraphs)]
          : section.paragraphs.map((text) => el("p", {}, [text]))),
      ]));
    } catch (e) {
      $("help-body").replaceChildren(el("p", { class: "error" }, [`Could not load the rules: ${e.message}`]));
    }
    $("help-body").removeAttribute("aria-busy");
  });
}

/** The title of How to play's list of the card players' words, each "Term: meaning". */
const GLOSSARY = "Words players use";

/** The card players' words as a list of terms, each with its meaning. */
function glossary(entries) {
  return el("dl", { class: "glossary" }, entries.flatMap((text) => {
    const [term, ...meaning] = text.split(": ");
    return [el("dt", {}, [term]), el("dd", {}, [meaning.join(": ")])];
  }));
}

/** Tab and Shift+Tab go round the controls of an open dialog, never out of it. */
function trapTab(dialog, ev) {
  if (ev.key !== "Tab") return;
  const items = [...dialog.querySelectorAll("a[href], button, input, select, textarea, [tabindex]")]
    .filter((n) => n.tabIndex >= 0 && !n.disabled && n.checkVisibility());
  if (!items.length) return;
  const first = items[0];
  const last = items.at(-1);
  const now = document.activeElement;
  if (ev.shiftKey && (now === first || !items.includes(now))) { ev.preventDefault(); last.focus(); }
  else if (!ev.shiftKey && (now === last || !items.includes(now))) { ev.preventDefault(); first.focus(); }
}

/** Boxes that stop at the server's limit in characters (`data-max-chars`), as the
 *  server counts them: an emoji is one character, where `maxlength` (twice the limit,
 *  a bound for the browser) counts it as two. */
function limitCharacters() {
  for (const box of document.querySelectorAll("input[data-max-chars]")) {
    // What was cut is said under the box, not dropped without a word.
    const note = el("span", { class: "cut-note", id: `${box.id}-cut`, role: "status" }, []);
    (box.closest("label") || box).after(note);  // not a part of the box's name
    box.setAttribute("aria-describedby", note.id);
    box.addEventListener("input", () => {
      const chars = Array.from(box.value);
      const most = Number(box.dataset.maxChars);
      if (chars.length > most) {
        box.value = chars.slice(0, most).join("");
        note.textContent = `A name is at most ${most} characters: the rest was left out.`;
      } else if (chars.length < most) note.textContent = "";
    });
  }
}

function main() {
  setUpHelp();
  limitCharacters();
  const params = new URLSearchParams(location.search);
  if (params.get("game")) showTable(params.get("game"));
  else if (params.get("watch")) showWatch(params.get("watch"));
  else if (params.get("join")) showJoin(params.get("join"));
  else if (params.get("replay")) showReplayOf(params.get("replay"));
  else showLobby();
}

main();
