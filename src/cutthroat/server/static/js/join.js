// /?join=ID: the game looked up, and the form to take an open seat.

import { api, enterGame, tokenKey } from "./api.js";
import { $, el, setTitle } from "./dom.js";
import { plural, wordList } from "./words.js";

/**
 * /?join=ID: the game is looked up first (its public state, no token): an unknown game,
 * a finished one or one with no open seat says so (and offers to watch it); otherwise
 * the form, with who invites and to what. With &from=OLD (a friend's invitation to
 * play again), a browser that holds a seat of the game OLD takes the seat kept for it
 * at once, as "Join the new game" there does, if ID is the game started after OLD.
 */
export async function showJoin(game) {
  const from = new URLSearchParams(location.search).get("from");
  const fromToken = from && localStorage.getItem(tokenKey(from));
  if (fromToken && !localStorage.getItem(tokenKey(game))) {
    try {
      // Only into this game, if it is the one started after OLD: a link cannot make
      // this browser start a new game in the player's name.
      enterGame(await api("POST", `/api/games/${encodeURIComponent(from)}/again`, { token: fromToken, game }));
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
