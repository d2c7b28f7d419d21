// The move buttons, their labels, and the prompt over them.

import { clearHint, hintPosition } from "./advice.js";
import { SAID, SHOWN, sortCards, spoken } from "./cards.js";
import { socketOpen } from "./connection.js";
import { $, el, setText } from "./dom.js";
import { keepChoice, updateKeepButton, whyGreyed } from "./hand.js";
import { act } from "./moves.js";
import { isYou, myTurn, nameOf, table } from "./state.js";
import { capital } from "./words.js";

/** A legal action's label for people: shown (`f` SHOWN, "Pick up the K♥") or said
 *  (SAID, "Pick up the king of hearts"). */
export function actionLabel(action, v, f = SHOWN) {
  const [verb, arg] = action.split(" ");
  const up = f.the(v.upcard);
  switch (verb) {
    case "pass": return v.phase === "defender_choice" ? "Don't defend alone" : "Pass";
    case "order": return v.dealer === v.seat ? `Accept: pick up ${up}` : "Order it up";
    case "pickup": return `Pick up ${up}`;
    case "leave": return `Leave ${up}`;
    case "dummy": return "Take the dummy";
    case "alone": return v.maker === v.seat ? "Go alone" : "Defend alone";
    case "call": return `Call ${f.suit(arg)}`;
    case "trump": return `Name ${f.suit(arg)} trump`;
    // a keep's five cards in the order the hand shows them (the record's is by card id)
    case "keep": return `Keep ${sortCards(action.split(" ").slice(1), v.trump).join(" ")}`;
    default: return capital(action);  // a card, as the buttons are worded: "Play Q♦"
  }
}

const PROMPTS = {
  joker_trump: "The joker is turned up: name trump before you see your cards.",
  bid_first: "Order up the up-card's suit as trump, or pass.",
  pickup: "Pick up the up-card (and discard one card), or leave it.",
  discard: "Click the card to discard face down, or press its number.",
  bid_second: "Call a trump suit, or pass.",
  maker_choice: "Take the dummy's five cards, or go alone.",
  keep: "You hold ten cards: pick the five to keep.",
  defender_choice: "Defend alone against the maker, or not.",
  play: "Play a card: click it, or press its number.",
};

/** On a touch screen, which has no number keys (and none is shown on the cards). */
const TOUCH_PROMPTS = { discard: "Tap the card to discard face down.", play: "Play a card: tap it." };

/** The prompt for a phase, in the words of this screen: a click and a key, or a tap. */
const promptFor = (phase) => (window.matchMedia?.("(hover: none)").matches && TOUCH_PROMPTS[phase])
  || PROMPTS[phase] || "";

/** The prompt for this seat's decision: without "or pass" where it may not pass (the
 *  dealer stuck, R10 stick the dealer). */
const promptAt = (v) => (v.phase === "bid_second" && !v.legal.includes("pass")
  ? "Call a trump suit: as the dealer, you may not pass." : promptFor(v.phase));

/** The buttons for the moves this seat may make now, and the hint button. */
export function renderActions(s, v) {
  // A hint of a decision since made (in another tab of this seat, or by a stand-in)
  // goes with it, though this seat has another decision now.
  if (table.hintAt !== null && table.hintAt !== hintPosition()) clearHint();
  const box = $("buttons");
  box.replaceChildren();
  const mine = myTurn();
  const connected = socketOpen();
  $("actions").hidden = s.status !== "playing" || table.watching;  // a watcher cannot play
  $("actions").classList.toggle("active", mine && connected);
  $("hand").classList.toggle("offline", !connected);  // its cards greyed: none can be played
  // Why some cards are greyed, shown with the suits' symbols and said in words; the
  // greyed cards are described by it (#why-greyed), the others not playable by the prompt.
  const why = mine && connected ? whyGreyed(v).trim() : "";
  const prompt = !v || s.status !== "playing" ? ""
    : !connected ? (table.closedForGood ? "Not connected."
      : `Not connected: reconnecting…${mine ? " Your move can be made once the connection is back." : ""}`)
    : mine ? `Your turn. ${promptAt(v)}`
    : s.to_act !== null ? `Waiting for ${nameOf(s.to_act)}…` : "";
  $("prompt").replaceChildren(prompt, ...(why ? [" ", el("span", { id: "why-greyed" },
    spoken(why, whyGreyed(v, SAID).trim()))] : []));
  setText($("stakes"), mine && connected && s.stakes ? s.stakes : "");  // what the choices lead to
  if (mine) {
    // Pass first wherever it is a move, as the terminal numbers it: key 1 passes in
    // both rounds of bidding (a player who learned that in the first round does not
    // name trump by it in the second).
    const ordered = v.legal.filter((a) => a === "pass").concat(v.legal.filter((a) => a !== "pass"));
    for (const a of ordered) {
      if (/^(play|discard|keep) /.test(a)) continue;
      const shown = actionLabel(a, v);
      const said = actionLabel(a, v, SAID);
      const b = el("button", { type: "button", "data-action": a, class: "action",
        "aria-label": said === shown ? null : said,
        "aria-describedby": $("stakes").textContent ? "stakes" : null }, [shown]);  // what it leads to
      b.disabled = !connected;
      b.addEventListener("click", () => act(a));
      box.append(b);
    }
    if (v.legal.some((a) => a.startsWith("keep "))) {
      const b = el("button", { type: "button", id: "keep-button", class: "action primary" }, ["Keep these five"]);
      b.addEventListener("click", () => { const c = keepChoice(v); if (c) act(c); });
      // Not a live region: a sixth card refused is said once, by the announcer.
      box.append(b, el("p", { id: "keep-note", class: "note keep-note" }, []));
      updateKeepButton(v);
    }
  } else if (!table.thinking) {
    clearHint();  // nor left for a screen reader to find, hands later
  }
  $("hint-button").disabled = !mine || table.thinking || !connected;  // asked over the socket
  // Undo: only against bots (no other player loses a move), once this seat has moved.
  const againstBots = s.players.every((p, seat) => isYou(seat) || p.kind === "bot");
  // A move that cannot be unseen: the button stays in the Tab order, greyed, and says
  // why when pressed (a tooltip alone reaches neither the keyboard nor a touch screen).
  const seen = unseeable(v);
  const none = lastOwnMove(v) < 0;
  const undo = $("undo-button");
  undo.hidden = !againstBots;
  undo.disabled = none || !connected;
  undo.dataset.why = seen ? `${seen} cannot be unseen: the moves before it cannot be taken back.` : "";
  if (seen) undo.setAttribute("aria-disabled", "true");
  else undo.removeAttribute("aria-disabled");
  undo.title = seen ? undo.dataset.why : none ? "Nothing to take back yet: you have made no move in this hand"
    : "Take back your last move of this hand, with the bots' replies";
}

/** The move since this seat's last one that the server will not take back (as the
 *  engine's take_back refuses it): the dummy taken (its cards seen, R14) or trump named
 *  blind (the cards dealt seen since, R6), in words; "" where there is none. */
function unseeable(v) {
  const last = lastOwnMove(v);
  if (last < 0) return "";
  const verbs = v.moves.slice(last).map((m) => m.split(" ")[1]);
  return verbs.includes("dummy") ? "The dummy, once seen," : verbs.includes("trump")
    ? "The cards seen since trump was named blind" : "";
}

/** The index of this seat's last move in the hand, -1 before its first. */
const lastOwnMove = (v) => (v?.moves ?? []).findLastIndex((m) => isYou(Number(m.split(" ")[0])));

