// This seat's moves sent, and what the page says of them: a refusal, a note, a move taken
// back.

import { clearHint, setThinking } from "./advice.js";
import { SAID, SHOWN, spoken } from "./cards.js";
import { send } from "./connection.js";
import { $ } from "./dom.js";
import { moveWords, trumpFixed } from "./log.js";
import { speech } from "./speech.js";
import { isYou, table } from "./state.js";
import { plural } from "./words.js";

export function act(action) {
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
export const usable = (b) => !b.disabled && b.getAttribute("aria-disabled") !== "true";

export const MOVE_NOT_NEEDED = "That move was not needed: the game had already moved on (another tab"
  + " or a slow link); here is the latest.";

/** Whether `msg` (an error) refuses this page's latest move for a game that has moved on
 *  (409) since the state it was chosen on, where the page shows a newer state already:
 *  the move was made in another tab, say. A refusal while the page still shows that
 *  state, or of a move the rules forbid (400), is shown as a refusal. */
export function movedOnAlready(msg) {
  const from = table.movedFrom;
  return msg.for === "act" && msg.status === 409 && from !== null && !table.watching
    && table.state?.version > from;
}

/** A word on the moves, in the actions' box, that is no error (empty: clear it), shown
 *  as `text` and said as `said` (the cards in words); it goes with the next newer state,
 *  or the next move. The same word again is not said again, unless `again`: the answer
 *  to a press (a greyed card or Undo pressed twice is answered twice), written anew so
 *  that the live region says it again. */
export function moveNote(text, said = text, again = false) {
  table.noteAt = text ? table.state?.version ?? null : null;
  const node = $("move-note");
  if (node.dataset.said === said && node.dataset.shown === text) {
    if (!again || !text) return;
    node.replaceChildren();
    requestAnimationFrame(() => {
      if (node.dataset.said === said && node.dataset.shown === text) node.replaceChildren(...spoken(text, said));
    });
    return;
  }
  node.replaceChildren(...(text ? spoken(text, said) : []));
  Object.assign(node.dataset, { shown: text, said });
}

/** The state `after` answers this page's undo when it is `before` (the state shown
 *  when it came) with moves taken back: the note under the moves names them, in the
 *  log's words ("Took back 3 moves: you play J♣; Expert 1 plays 9♠; Expert 2 plays
 *  K♠."). A state of the game moving on meanwhile (a bot's move) is not the answer. */
export function tellTakenBack(before, after) {
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
export function showError(reason) {
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
