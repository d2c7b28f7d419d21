// Opening the table: a seat's (/?game=ID) or a watcher's (/?watch=ID).

import { hintPosition, setThinking, setUpCoach } from "./advice.js";
import { api, tokenKey } from "./api.js";
import { setUpChat } from "./chat.js";
import { keepConnected, send } from "./connection.js";
import { $ } from "./dom.js";
import { tableKey } from "./focus.js";
import { moveNote, showError } from "./moves.js";
import { table } from "./state.js";

export function showTable(game) {
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
  $("more-time-button").addEventListener("click", () => {
    showError("");
    table.moreTimeSent = table.state?.more_time?.given ?? 0;
    send({ type: "more_time", version: table.state?.version, given: table.moreTimeSent });
  });
  $("undo-button").addEventListener("click", () => {
    showError("");
    const why = $("undo-button").dataset.why;  // greyed: the server would refuse it
    if (why) { moveNote(why); return; }
    if (send({ type: "undo" })) table.undoing = true;
  });
  copyButton("copy-link", "join-link");
  copyButton("copy-watch-link", "watch-link");
  setUpChat();
  setUpCoach();
  keepConnected();
}

/** /?watch=ID: the table read-only, in no seat, over the watcher's socket. */
export function showWatch(game) {
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
