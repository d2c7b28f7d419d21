// The expert's advice at the table: hints, the coach's word after a move, and the review at
// the end.

import { actionLabel } from "./actions.js";
import { api } from "./api.js";
import { cardsInWords, cardsShown, SAID, sortCards, spoken } from "./cards.js";
import { socketOpen } from "./connection.js";
import { $, calm, el, setText } from "./dom.js";
import { render } from "./render.js";
import { announce } from "./speech.js";
import { myTurn, table } from "./state.js";
import { capital, plural } from "./words.js";

/** Where the game stands for a hint: the hand and the moves made in it. */
export const hintPosition = () => `${table.state?.hand_number}:${table.state?.view?.moves?.length}`;

/** Take the hint off the page (shown and said), and forget one still coming. */
export function clearHint() {
  table.hintAt = null;
  if (table.thinking) setThinking(false);
  $("hint").replaceChildren();
  $("hint-said").textContent = "";
}

export function setThinking(on) {
  table.thinking = on;
  if (on) $("hint-said").textContent = "";
  if (on) $("hint").replaceChildren(el("p", { class: "thinking" }, ["Thinking…"]));
  else if ($("hint").querySelector(".thinking")) $("hint").replaceChildren();
  $("hint-button").disabled = on || !myTurn();
}

/** The expert's advice, as the page shows it: the move (as its button says it), why,
 *  and each option's figures in a table (the lines of `cutthroat hint`, laid out). */
export function showHint(hint) {
  // A hint asked before a move (this tab's, another tab's, an undo) is of a decision
  // past: not shown at the next.
  if (table.hintAt !== hintPosition()) return;
  table.thinking = false;
  const reason = keepsInHandOrder(hint.reason ?? "", table.state?.view?.trump);
  const parts = [
    el("p", { class: "hint-choice" }, ["Hint: ", el("strong", {}, moveShown(hint.choice))]),
    el("p", { class: "hint-reason" }, reason ? expertText(capital(reason)) : []),
  ];
  const reading = (hint.lines ?? []).find((line) => line.startsWith("Reading "));
  if (reading) parts.push(el("p", { class: "hint-reading" }, expertText(reading)));
  if (hint.samples && hint.options?.length) parts.push(hintOptions(hint));
  const key = (hint.lines ?? []).find((line) => line.startsWith("Key: "));
  if (key) parts.push(el("p", { class: "hint-key" }, [key]));
  $("hint").replaceChildren(el("div", { class: "hint-box" }, parts));
  // On a narrow screen the hint comes below the fold (the moves and the Hint button above
  // it): the page scrolls by as little as shows the move and its reason, and no further,
  // so the cards stay in sight; the table of the options is there to scroll to.
  parts[reason ? 1 : 0].scrollIntoView({ behavior: calm() ? "auto" : "smooth", block: "nearest" });
  // Only the hint's first sentence is said as it comes; the reasons, the table of the
  // options and its key stay in #hint, to be read at the player's pace.
  const v = table.state?.view;
  const said = v ? cardsInWords(actionLabel(hint.choice, v, SAID)) : cardsInWords(hint.choice);
  $("hint-said").textContent = `Hint: ${said}.`;
  $("hint-button").disabled = !myTurn();
}

/** A reason's keeps (R12: "keeping 9H TH AH JD JH") with their five cards in the order
 *  this page shows a hand under ``trump`` (trump first, high to low), as the hint's move
 *  and options show them; the server writes them as the terminal shows a hand. */
export function keepsInHandOrder(text, trump) {
  const code = "(?:[789TJQKA][CDHS]|JO)";
  return text.replace(new RegExp(`\\b(keep|keeping) (${code}(?: ${code}){4})\\b`, "g"),
    (_, verb, codes) => `${verb} ${sortCards(codes.split(" "), trump).join(" ")}`);
}

/** The table of a hint's options: the chosen one first and marked. */
function hintOptions(hint) {
  const percent = (x, digits) => `${(100 * x).toFixed(digits)}%`;
  const head = el("tr", {}, ["Option", "Win", "Points", "Side tricks", "How it ended"]
    .map((h) => el("th", { scope: "col" }, [h])));
  const rows = hint.options.map((o, i) => el("tr", i === 0 ? { class: "chosen" } : {}, [
    el("th", { scope: "row" }, moveShown(o.action)),
    el("td", {}, [percent(o.win_chance, 1)]),
    el("td", {}, [`${o.points >= 0 ? "+" : "−"}${Math.abs(o.points).toFixed(2)}`]),
    el("td", {}, [o.tricks.toFixed(2)]),
    el("td", {}, [optionEnding(o.outcomes, (x) => percent(x, 0))]),
  ]));
  // Focusable, so that a keyboard scrolls it where it is wider than the page (a phone).
  return el("div", { class: "hint-scroll", tabindex: "0", role: "region",
    "aria-label": "The options compared" }, [el("table", { class: "hint-options" }, [
    el("caption", {}, [`Each option, over ${plural(hint.samples, "sampled deal")}`]),
    el("thead", {}, [head]), el("tbody", {}, rows)])]);
}

/** How hands ended after an option, as `cutthroat hint` says it (hints._ending): how
 *  often it is made where this seat is the maker, how often the maker is euchred where
 *  it defends. */
function optionEnding(m, percent) {
  const maker = m.made + m.marched + m.euchred;
  const defending = m.stopped + m.swept + m.conceded + (m.marched_on ?? 0);
  if (maker >= 0.5) return `made ${percent((m.made + m.marched) / maker)}`;
  if (defending >= 0.5) return `maker euchred ${percent((m.stopped + m.swept) / defending)}`;
  return "";
}

/** A move of this seat's as its button says it ("Pick up the 9♠", "Call diamonds ♦",
 *  "play A♣"), shown and said (a node list). */
function moveShown(action) {
  const v = table.state?.view;
  if (!v) return expertText(action);
  return spoken(cardsShown(actionLabel(action, v)), cardsInWords(actionLabel(action, v, SAID)));
}

/** The expert's words (a hint, the coach, a review) as the page shows them, cards with
 *  their symbols, and as a screen reader says them, cards in words (a node list). */
const expertText = (text) => spoken(cardsShown(text), cardsInWords(text));

/** The coach's words shown on this page, by number, hand and move: a socket that
 *  connects hears the latest again (a reload keeps them), and each is shown once. */
const coachShown = new Set();
const coach = { inView: true };  // the coach's panel on screen (a phone's narrow page: far below)

/** Mark a coach's word shown as being on a move since taken back with Undo ("Taken
 *  back: Hand 2: ..."): a screen reader hears the two words added, not the word again. */
function markTakenBack(item) {
  item.classList.add("taken-back");
  item.prepend(el("span", { class: "taken-back-tag" }, ["Taken back: "]));
}

/** A `coach` message: the word on one of this seat's moves, newest first (the latest
 *  five). The words heard again on connecting (`history`) go into a copy of the list,
 *  put in its place, which a screen reader does not read out again; a new word out of
 *  view is pointed to, as new table talk is. A word sent again with `undone` (its move
 *  taken back) is marked so where it is shown. */
export function showCoach(word) {
  const key = `${word.n}:${word.hand}:${word.move}`;
  if (coachShown.has(key)) {
    const item = [...$("coach-words").children].find((li) => li.dataset.word === key);
    if (word.undone && item && !item.classList.contains("taken-back")) markTakenBack(item);
    return;
  }
  coachShown.add(key);
  const shown = $("coach-words");
  const list = word.history ? shown.cloneNode(true) : shown;
  // (The word names the move in a player's words, "after passing": not the record's; a
  // keep's cards as this page shows a hand, under the trump of the word's moment.)
  const text = word.trump ? keepsInHandOrder(word.text, word.trump) : word.text;
  const said = capital(`Hand ${word.hand}: ${text}`);
  const item = el("li", { class: "coach-word", "data-word": key }, expertText(said));
  if (word.undone) markTakenBack(item);
  list.prepend(item);
  while (list.children.length > 5) list.lastChild.remove();
  if (list !== shown) shown.replaceWith(list);
  $("coach-panel").hidden = false;
  $("coach-empty").hidden = true;
  if (!word.history && !coach.inView) $("coach-unread").hidden = false;
}

/** The coach's panel for a coached seat, shown from the start (its list a live region
 *  before the first word comes), and the link down to it on a phone. */
export function setUpCoach() {
  $("coach-unread").addEventListener("click", (ev) => {
    ev.preventDefault();
    $("coach-unread").hidden = true;
    $("coach-panel").scrollIntoView({ behavior: calm() ? "auto" : "smooth", block: "nearest" });
    $("coach-title").focus({ preventScroll: true });
  });
  if ("IntersectionObserver" in window) {
    new IntersectionObserver((entries) => {
      coach.inView = entries.some((e) => e.isIntersecting);
      if (coach.inView) $("coach-unread").hidden = true;
    }, { threshold: 0.25 }).observe($("coach-panel"));
  }
}

/** Show the coach's panel to a coached seat (the state says who is: `coach`). */
export function renderCoach(s) {
  if (s.players[s.seat]?.coach) $("coach-panel").hidden = false;
}

// The expert reviews a game at about this many seconds a hand (measured on two cores:
// 17 s for a game of 10 hands, 46 choices; 13 to 20 s for games of 8 or 9; docs/web.md):
// the page says how long to expect, and counts the seconds.
const REVIEW_SECONDS_A_HAND = 2;

/** "about 20 seconds", "about 2 minutes": roughly how long the review of `hands` takes. */
function reviewWait(hands) {
  const seconds = hands * REVIEW_SECONDS_A_HAND;
  return seconds < 45 ? `about ${Math.max(5, Math.round(seconds / 5) * 5)} seconds`
    : `about ${plural(Math.round(seconds / 60), "minute")}`;
}

/** "The expert is reviewing your choices in 10 hands (about 20 seconds)…" */
const reviewingWords = (s) => `The expert is reviewing your choices in ${plural(s.hand_number, "hand")}`
  + ` (${reviewWait(s.hand_number)})…`;

/** "7 seconds so far.": how long the review has been worked out. */
const reviewElapsed = () => `${plural(Math.floor((Date.now() - table.reviewing) / 1000), "second")}`
  + " so far.";

/** At the end of the game: the expert's review of this seat's choices, on request. While
 *  it is worked out the page says how long it takes, once in the live region, and counts
 *  the seconds (not said: nobody wants to hear every second). */
export function reviewSection() {
  const out = el("div", { id: "review", class: "hint", tabindex: "-1",
    "aria-busy": table.reviewing ? "true" : null });
  if (table.review) out.append(...table.review.map((line) => el("p", {}, expertText(line))));
  const b = el("button", { type: "button", id: "review-button", "data-busy-focus": "#review" },
    ["Review my game"]);
  b.disabled = Boolean(table.review || table.reviewing) || !socketOpen();
  if (table.reviewing) {
    out.append(el("p", { class: "thinking" }, [reviewingWords(table.state),
      " ", el("span", { id: "review-elapsed" }, [reviewElapsed()])]));
  }
  b.addEventListener("click", async () => {
    table.reviewing = Date.now();
    announce(`${reviewingWords(table.state).slice(0, -1)}.`);
    const counter = setInterval(() => $("review-elapsed") && setText($("review-elapsed"), reviewElapsed()),
      1000);
    render();
    let said;
    try {
      const answer = await api("GET", `/api/games/${encodeURIComponent(table.game)}/review`,
        undefined, table.token);
      table.review = answer.lines;
      said = `The review is ready: ${cardsInWords(answer.lines[0] ?? "")}`;
    } catch (e) { table.review = [said = `No review: ${e.message}.`]; }
    clearInterval(counter);
    table.reviewing = null;
    announce(said);
    render();
  });
  return el("div", { class: "review" }, [b, out]);
}
