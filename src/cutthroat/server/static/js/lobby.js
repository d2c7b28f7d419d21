// The lobby: a new game's form, "Watch three bots play", and the games this browser holds.

import { api, enterGame, tokenKey } from "./api.js";
import { $, el } from "./dom.js";
import { openRecord } from "./replay.js";
import { nameAndPoints } from "./words.js";

const WAIT_FOR_SEATS = "The seats' choices are still on their way: a moment.";

/** The lobby. Its forms and the record picker listen from the start (a file picked, or a
 *  form sent, while the list of bots is still on its way is not lost); the bots fill the
 *  seats' choices when the server has named them. */
export async function showLobby() {
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
