// The hand's public log, each move in words.

import { cardsInText, cardsInWords, SAID, SHOWN, sortCards, spoken } from "./cards.js";
import { $, el } from "./dom.js";
import { isYou, nameOf, table } from "./state.js";

/** The hand's public log in words, with who took each trick: entries of
 *  {shown, said, took, reason}, the deal first (said: the cards in words, for the live
 *  region). `reasons` (a table of three bots): each move's reason, said after it. */
export function logEntries(v, reasons = null) {
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

export function renderLog(entries) {
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
export const trumpFixed = (moves) => moves.some((m) => ["order", "call", "trump"].includes(m.split(" ")[1]));

/** One move of the public log ("1 order") in words ("Ben orders up the 9♥"), its cards
 *  as `f` writes them (SHOWN on the page, SAID for a screen reader); `defending`: made
 *  once trump was fixed, where a pass is a defender's "not alone" (R13), not a bid. */
export function moveWords(move, v, f = SHOWN, defending = false) {
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
      : table.state?.rules?.dealer_must_pick_up  // nor does the dealer's, who must take it
        ? `${who} ${s("orders", "order")} up ${up}: ${isYou(v.dealer) ? "you take"
          : `${nameOf(v.dealer)} takes`} it (the dealer must, under these rules).`
        : `${who} ${s("orders", "order")} up ${up}.`;
    case "pickup": return `${who} ${s("picks", "pick")} up ${up}.`;
    case "leave": return `${who} ${s("leaves", "leave")} ${up} in the kitty.`;
    case "discard": return args[0] === "?" ? `${who} ${s("discards", "discard")} a card face down.`
      : `${who} ${s("discards", "discard")} ${f.card(args[0])} face down.`;
    case "call": return `${who} ${s("calls", "call")} ${f.suit(args[0])} as trump.`;
    case "trump": return `${who} ${s("names", "name")} ${f.suit(args[0])} as trump, blind.`;
    case "dummy": return `${who} ${s("takes", "take")} the dummy.`;
    case "keep": return args.includes("?") ? `${who} ${s("keeps", "keep")} five of ten cards and buries the rest face down.`
      // in the order the page shows cards (by suit, trump first), not the record's
      : `${who} ${s("keeps", "keep")} ${f.cards(sortCards(args, v.trump))} and ${s("buries", "bury")} the rest face down.`;
    case "alone": return seat === v.maker ? `${who} ${s("goes", "go")} alone.` : `${who} ${s("defends", "defend")} alone.`;
    case "play": return `${who} ${s("plays", "play")} ${f.card(args[0])}.`;
    default: return move;
  }
}
