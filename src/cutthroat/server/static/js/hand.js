// This seat's cards: played, discarded or picked for a keep, and why some are greyed.

import { cardElement, cardName, SAID, SHOWN, sortCards, spoken, suitOf, SUITS } from "./cards.js";
import { socketOpen } from "./connection.js";
import { $, el, setText } from "./dom.js";
import { numberChoices } from "./focus.js";
import { act, moveNote, usable } from "./moves.js";
import { announce } from "./speech.js";
import { myTurn, table } from "./state.js";
import { capital, wordList } from "./words.js";

/** Where this tab keeps the cards picked for a keep, so that a reload does not lose them. */
const picksKey = () => `cutthroat-keep:${table.game}`;

/** Keep the picks for a reload of the page (this tab's session storage), with the
 *  version of the state they were made at: they are taken back at that state only. */
function storePicks() {
  try {
    sessionStorage.setItem(picksKey(), JSON.stringify({ version: table.state?.version, cards: [...table.keep] }));
  } catch (e) { /* no storage (a private window, say): the picks last as long as the page */ }
}

/** Once a page is loaded: the picks it had made at this state before a reload. */
function restorePicks(v) {
  if (table.picksRestored) return;
  table.picksRestored = true;
  try {
    const saved = JSON.parse(sessionStorage.getItem(picksKey()) ?? "null");
    if (saved?.version !== table.state?.version || !Array.isArray(saved.cards)) return;
    saved.cards.filter((c) => v.cards.includes(c)).slice(0, 5).forEach((c) => table.keep.add(c));
  } catch (e) { /* none kept, or unreadable: nothing picked */ }
}

/** No keep to make (made, or not this seat's): no picks to take back after a reload. */
function forgetPicks() {
  try { sessionStorage.removeItem(picksKey()); } catch (e) { /* no storage */ }
}

/** This seat's cards: buttons, enabled when they can be played or discarded, or picked for a keep. */
export function renderHand(v) {
  const hand = $("hand");
  hand.replaceChildren();
  hand.hidden = table.watching;  // a watcher holds no cards
  $("hand-title").hidden = table.watching;
  if (!v || table.watching) return;
  const offered = myTurn() ? v.legal : [];  // nothing while a move sent is unanswered
  const legal = new Set(offered);
  const keeping = offered.some((a) => a.startsWith("keep "));
  const choosing = offered.some((a) => /^(play|discard) /.test(a));
  if (!keeping) { table.keep.clear(); table.keepNote = ""; forgetPicks(); }
  else restorePicks(v);
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
        storePicks();
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
          moveNote(greyedNote(v, code), greyedNote(v, code, SAID), true);
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
export function keepChoice(v) {
  if (table.keep.size !== 5) return null;
  return v.legal.find((a) => {
    const cards = a.split(" ").slice(1);
    return a.startsWith("keep ") && cards.length === 5 && cards.every((c) => table.keep.has(c));
  }) || null;
}

export function updateKeepButton(v) {
  const b = $("keep-button");
  if (!b) return;
  const choice = keepChoice(v);
  b.disabled = !choice || !socketOpen();
  b.textContent = table.keep.size === 5 ? "Keep these five" : `Keep these five (${table.keep.size} of 5 picked)`;
  setText($("keep-note"), table.keepNote || "");
}

/**
 * Why some of this seat's cards are greyed while it plays, in a card player's words
 * (" You must follow diamonds ♦, the suit led: ..."), from the cards the server says
 * may be played and the card led; "" when every card may be played. The rules are not
 * worked out again here: the suit named is the led card's (the left bower and the joker
 * being trump, R16), and only when the cards allowed are all of it.
 */
export function whyGreyed(v, f = SHOWN) {
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
