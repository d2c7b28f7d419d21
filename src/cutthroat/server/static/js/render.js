// Drawing the table afresh on every state (render), and the page's title.

import { renderActions } from "./actions.js";
import { renderCoach } from "./advice.js";
import { renderChat } from "./chat.js";
import { $, setText, setTitle } from "./dom.js";
import { renderCentre } from "./felt.js";
import { focusedKey, numberChoices, placeFocus, settleFocus } from "./focus.js";
import { renderHand } from "./hand.js";
import { renderHandOver } from "./handover.js";
import { logEntries, renderLog } from "./log.js";
import { noteAbsence, renderFaceUp, renderScores, renderSeats, renderSlowNote, renderWaiting, renderWatchers }
  from "./seats.js";
import { announce, tellNews } from "./speech.js";
import { isYou, myTurn, nameOf, table } from "./state.js";

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

export function render() {
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
  const slow = renderSlowNote(s);  // (the notice comes with the clock; it goes with a move)
  renderScores(s);
  renderLog(entries);
  renderHandOver(s);
  renderChat(s);
  if (!table.watching) renderCoach(s);
  numberChoices();
  tellNews(s, entries);
  if (slow) announce(slow);
  settleFocus(focused);
  placeFocus();
  setTitle(pageTitle(s));
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
