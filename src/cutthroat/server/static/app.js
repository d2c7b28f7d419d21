// The browser client of the cutthroat web game (docs/protocol.md).
// Plain JavaScript, no build step: a lobby, a join form and the table, which speaks to
// the server over one WebSocket and renders every `state` message it receives. This is
// the entry module (index.html loads it as a module): its parts are the ES modules in
// js/ (docs/architecture.md names each); it sets the page up for the address it is at.

import { el } from "./js/dom.js";
import { setUpHelp } from "./js/help.js";
import { showJoin } from "./js/join.js";
import { showLobby } from "./js/lobby.js";
import { showReplayOf } from "./js/replay.js";
import { showTable, showWatch } from "./js/start.js";

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
