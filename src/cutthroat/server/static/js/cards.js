// Cards and suits: their text and names (shown with symbols, said in words), their order,
// and a card as an element.

import { el } from "./dom.js";
import { wordList } from "./words.js";

export const SUITS = {
  C: { name: "clubs", symbol: "♣", red: false },
  D: { name: "diamonds", symbol: "♦", red: true },
  H: { name: "hearts", symbol: "♥", red: true },
  S: { name: "spades", symbol: "♠", red: false },
};
const RANKS = { 7: "seven", 8: "eight", 9: "nine", T: "ten", J: "jack", Q: "queen",
  K: "king", A: "ace" };
const RANK_ORDER = "789TJQKA";
const SAME_COLOUR = { C: "S", S: "C", D: "H", H: "D" };

/** "JH" -> "J♥", "TC" -> "10♣", "JO" -> "Joker". */
function cardText(code) {
  if (code === "JO") return "Joker";
  return (code[0] === "T" ? "10" : code[0]) + SUITS[code[1]].symbol;
}

/**
 * A card's name in words, as a screen reader says it: "TS" -> "ten of spades", "JO" ->
 * "joker"; once trump is known its jacks are named as the bowers too (R3): "jack of
 * hearts, right bower", "jack of diamonds, left bower". The words of the terminal game
 * (terminal.py reads "the ten of spades", "the joker", "the right bower").
 */
export function cardName(code, trump = null) {
  if (code === "JO") return "joker";
  const name = `${RANKS[code[0]]} of ${SUITS[code[1]].name}`;
  if (trump && code[0] === "J" && code[1] === trump) return `${name}, right bower`;
  if (trump && code[0] === "J" && code[1] === SAME_COLOUR[trump]) return `${name}, left bower`;
  return name;
}

/** A card in a sentence, in words: "the ten of spades", "the joker". */
export const cardSaid = (code) => `the ${cardName(code)}`;

/**
 * Cards and suits in a sentence, as the page shows them (SHOWN: "the K♥", "hearts ♥")
 * and as a screen reader says them (SAID: "the king of hearts", "hearts"): the log, the
 * announcements and the move buttons are written once, for both.
 */
export const SHOWN = {
  card: (c) => (c === "JO" ? "the joker" : cardText(c)),  // in a sentence: "plays the joker"
  the: (c) => (c === "JO" ? "the joker" : `the ${cardText(c)}`),
  cards: (cs) => cs.map(cardText).join(" "),
  suit: (s) => `${SUITS[s].name} ${SUITS[s].symbol}`,
};
export const SAID = {
  card: cardSaid,
  the: cardSaid,
  cards: (cs) => `the ${wordList(cs.map((c) => cardName(c)))}`,
  suit: (s) => SUITS[s].name,
};

/** A server's sentence with card codes ("Ben orders up the KH", "Cal keeps 9S JH ...")
 *  in words: "Ben orders up the king of hearts", "Cal keeps the nine of spades, ...". */
export function cardsInWords(text) {
  return text.replace(/\b(the )?((?:[789TJQKA][CDHS]|JO)(?: (?:[789TJQKA][CDHS]|JO))*)\b/g,
    (_, _the, codes, at) => {
      const words = SAID.cards(codes.split(" "));
      // After a possessive, no article: "your partner's the ace" is "your partner's
      // ace", "your the king of spades" is "your king of spades".
      return /(?:['’]s|\byour) $/i.test(text.slice(0, at)) ? words.replace(/^the /, "")
        : words;
    });
}

/** Text shown with symbols and said in words: the symbols hidden from a screen reader,
 *  the words from the eye (a node list for el()). */
export function spoken(shown, said) {
  if (shown === said) return [shown];
  return [el("span", { "aria-hidden": "true" }, [shown]), el("span", { class: "visually-hidden" }, [said])];
}

/** The suit a card belongs to once trump is known (the left bower and joker are trump). */
export function suitOf(code, trump) {
  if (code === "JO") return trump || "joker";
  if (trump && code[0] === "J" && code[1] === SAME_COLOUR[trump]) return trump;
  return code[1];
}

/** A card's strength within its suit, higher is stronger (trump ranking with trump). */
function strength(code, trump) {
  if (code === "JO") return 30;
  if (trump && code[0] === "J" && code[1] === trump) return 29;
  if (trump && code[0] === "J" && code[1] === SAME_COLOUR[trump]) return 28;
  return RANK_ORDER.indexOf(code[0]);
}

/** Cards sorted by suit (trump first once known, colours alternating), high to low. */
export function sortCards(cards, trump) {
  const opposite = (x) => (SUITS[x].red ? ["S", "C"] : ["H", "D"]);
  const order = trump ? [trump, opposite(trump)[0], SAME_COLOUR[trump], opposite(trump)[1]]
    : ["S", "H", "C", "D"];
  const rank = (c) => order.indexOf(suitOf(c, trump));  // the joker before trump is known: -1
  return [...cards].sort((a, b) => rank(a) - rank(b) || strength(b, trump) - strength(a, trump));
}

/** A card as an element: a <button data-card> for the player's own cards, else an image
 *  (role img); either named in words, the bowers as such once `trump` is known. */
export function cardElement(code, { button = false, trump = null } = {}) {
  const name = cardName(code, trump);
  const node = el(button ? "button" : "span", {
    class: "card" + (code !== "JO" && SUITS[code[1]].red ? " red" : "") + (code === "JO" ? " joker" : ""),
    role: button ? null : "img",
    "aria-label": name,  // no title: a screen reader would say the name twice
  }, [cardText(code)]);
  if (button) { node.type = "button"; node.dataset.card = code; }
  if (trump && code[0] === "J" && code[1] === SAME_COLOUR[trump]) {
    // The left bower is trump: marked with trump's suit in a corner (its name says so).
    node.classList.add("left-bower");
    node.dataset.trumpMark = SUITS[trump].symbol;
  }
  return node;
}

export const suitWords = (s) => SHOWN.suit(s);

/** Card codes in a sentence as the page shows cards: "cashing AC" -> "cashing A♣". */
export const cardsShown = (text) => text.replace(/\b(?:[789TJQKA][CDHS]|JO)\b/g, cardText);

/** A sentence of the server's with its cards as the page writes them ("QH" -> "Q♥"). */
export function cardsInText(text) {
  return text.replace(/\b([789TJQKA][CDHS]|JO)\b/g, (code) => cardText(code));
}
