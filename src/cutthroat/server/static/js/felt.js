// Cards on the felt, for the table and the replay alike: the up-card, tricks, rows of cards
// face up.

import { cardElement, SAID, SHOWN, spoken, SUITS } from "./cards.js";
import { $, el } from "./dom.js";
import { isYou, nameOf } from "./state.js";

/** The up-card, the trick in progress and the last finished trick. */
export function renderCentre(v) {
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
export function upcardNote(upcard, moves, taken) {
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
export function upcardBox(box, upcard, note, trump) {
  const card = cardElement(upcard, { trump });
  card.classList.toggle("gone", UPCARD_GONE.has(note));
  box.append(el("div", { class: "label" }, ["Up-card"]), card, el("div", { class: "note" }, [note]));
  if (trump) {
    box.append(el("div", { class: "trump" + (SUITS[trump].red ? " red" : "") },
      ["Trump: ", ...spoken(SHOWN.suit(trump), SAID.suit(trump))]));
  }
}

/** A card played to a trick, with who played it under it. */
export function playedCard(who, code, winner = false, trump = null) {
  return el("figure", { class: "played" + (winner ? " winner" : "") },
    [cardElement(code, { trump }), el("figcaption", {}, [who])]);
}

/** A row of cards face up, after whose they are ("Dummy"): a group a screen reader names
 *  (`label`, else `who`), so that each player's cards are told from the next's. */
export function dealRow(who, cards, label = who) {
  return el("div", { class: "deal-row" }, [el("span", { class: "who" }, [who]),
    el("span", { class: "cards", role: "group", "aria-label": label }, cards)]);
}

/** "Ann" -> "Ann's cards", "You" -> "Your cards". */
export const cardsOf = (name) => (name === "You" ? "Your cards" : `${name}'s cards`);

/** A card face up, marked with its code (data-card) as the tests read it; named in words,
 *  the bowers as such once trump is made. */
export function replayCard(code, trump = null) {
  const node = cardElement(code, { trump: trump || null });
  node.dataset.card = code;
  return node;
}
