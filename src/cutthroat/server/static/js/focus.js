// Where the focus goes as the table is drawn, and the keys that press its choices.

import { $ } from "./dom.js";
import { myTurn, table } from "./state.js";

/**
 * When the table first appears the focus is on the page itself (after Start or Join, a
 * reload): it goes to this seat's cards, scrolled into view, when it is this seat's turn
 * (on a phone they are far below), else to the cards where there are some (or the
 * table's heading, or the hand's end), from which it goes on at the seat's first turn.
 * Once only: a control the player has reached, or the page clicked since, keeps the
 * focus.
 */
export function placeFocus() {
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
 *  phone held sideways: the up-card and the trick beside the cards), with the status
 *  line above it where that fits too, else the cards in the middle of the screen. The
 *  status line is never left cut in half at the top of the screen (a phone: a QA pass). */
function bringTableIntoView() {
  const felt = $("hand").closest(".felt").getBoundingClientRect();
  const status = $("status").getBoundingClientRect();
  if (felt.bottom - Math.min(status.top, felt.top) <= innerHeight) {
    showBetween(Math.min(status.top, felt.top), felt.bottom);
  } else if (felt.height <= innerHeight) {
    showBetween(felt.top, felt.bottom);
    const cut = $("status").getBoundingClientRect();
    if (cut.top < 0 && cut.bottom > 0) scrollBy(0, cut.bottom);
  } else {
    $("hand").scrollIntoView({ block: "center" });
  }
}

/** Scroll the page as little as shows what lies between `top` and `bottom` (as the
 *  window sees them now; they fit in it). */
function showBetween(top, bottom) {
  if (top < 0) scrollBy(0, top);
  else if (bottom > innerHeight) scrollBy(0, bottom - innerHeight);
}

/** The element that has the focus in the table, as a selector that finds it again once
 *  it is drawn anew (null: none, or one that is not redrawn). */
export function focusedKey() {
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
export function settleFocus(key) {
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
export function numberChoices() {
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
export function tableKey(ev) {
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
