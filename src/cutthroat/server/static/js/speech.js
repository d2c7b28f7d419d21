// For a screen reader: each state's news said once in the live region (#announcer).

import { cardSaid, SAID } from "./cards.js";
import { $, el } from "./dom.js";
import { standInOffer } from "./seats.js";
import { isYou, myTurn, nameOf, table } from "./state.js";
import { nameAndPoints, plural, sentence } from "./words.js";

// The live region (#announcer) says each state's news once: the moves made since the
// last state, in the log's words with the cards named ("Ben orders up the king of
// hearts"), a new hand, the end of a hand with the score, and this seat's turn. A state
// heard again (a reconnection, a refused move) says nothing; the first says only where
// the game stands, not the whole log.
export const speech = { hand: null, heard: 0, status: null, turn: null, standin: null,
  moreTime: null,  // this seat's asks for more time over its move, as last said
  others: [],  // each other player's seat as last said: away, played by a bot, offered one
  batch: null, batchTimer: null,
  undone: null };  // the version of the state that answered this page's undo: its note says it

// While a bot plays for this seat the moves come faster than anybody can listen (a hand
// in a second or two): they are not said one by one but summed up, once they pause
// (BATCH_QUIET_MS) or every BATCH_MOST_MS while they keep coming, and at the hand's end.
const BATCH_QUIET_MS = 1500;
const BATCH_MOST_MS = 6000;

/** The moves of `entries` (log entries, not yet said) kept to be summed up. */
function batchMoves(entries) {
  const b = speech.batch ??= { moves: 0, tricks: new Map(), since: Date.now() };
  for (const e of entries) {
    if (e.winner !== undefined) b.tricks.set(e.winner, (b.tricks.get(e.winner) || 0) + 1);
    else if (!e.took) b.moves++;
  }
  clearTimeout(speech.batchTimer);
  const wait = Math.max(0, Math.min(BATCH_QUIET_MS, b.since + BATCH_MOST_MS - Date.now()));
  speech.batchTimer = setTimeout(() => { const said = batchWords(); if (said) announce(said); }, wait);
}

/** The moves kept, summed up ("6 moves while a bot plays for you; tricks taken: you 1,
 *  Ben 1."), and forgotten; "" when none are kept. */
function batchWords() {
  clearTimeout(speech.batchTimer);
  const b = speech.batch;
  speech.batch = null;
  if (!b || (!b.moves && !b.tricks.size)) return "";
  const tricks = [...b.tricks].map(([seat, n]) => nameAndPoints(isYou(seat) ? "you" : nameOf(seat), n));
  return `${plural(b.moves, "move")} made while a bot plays for you`
    + (tricks.length ? `; tricks taken: ${tricks.join(", ")}.` : ".");
}

/** Say `text` in the live region (polite: after what the screen reader is saying). */
export function announce(text) {
  const box = $("announcer");
  box.append(el("p", {}, [text]));
  while (box.children.length > 6) box.firstElementChild.remove();
}

export function tellNews(s, entries) {
  const v = s.view;
  const parts = [];
  const first = speech.status === null;
  const me = table.watching ? null : s.players[s.seat];
  const auto = Boolean(me?.kind === "human" && me.standin);  // a bot plays for this seat
  if (speech.standin !== null && auto !== speech.standin) {
    parts.push(auto ? "A bot plays for you now: its moves are summed up. Press Play myself to play again."
      : batchWords(), ...(auto ? [] : ["You play your seat again."]));
  }
  speech.standin = auto;
  // This seat's asks for more time over the move it has to make (0 once it is made).
  const asked = table.watching ? 0 : moreTimeAsked(s, s.seat);
  if (speech.moreTime !== null && asked > speech.moreTime) {
    const left = s.more_time.left;
    parts.push(`Your wait for this move starts again: ${left ? `you may ask ${plural(left, "more time")}` : "that was the last time you may ask"}.`);
  }
  speech.moreTime = asked;
  parts.push(...othersNews(s, first));
  // The previous hand's result, atop this hand's log, was said as that hand ended.
  const news = (from) => entries.slice(from).filter((e) => !e.before);
  const say = (said) => {
    if (!auto) { parts.push(...said.map((e) => e.said)); return; }
    const deal = said.filter((e) => e.deal);  // the deal is said, the moves summed up
    parts.push(...deal.map((e) => e.said));
    batchMoves(said.filter((e) => !e.deal));
  };
  if (v && s.hand_number && s.status !== "waiting") {
    if (speech.hand !== s.hand_number) {
      const said = batchWords();  // the hand before's, not yet said
      if (said) parts.push(said);
      parts.push(`Hand ${s.hand_number}.`);
      if (first) {  // the deal and trump; the moves before are in the log
        parts.push(news(0)[0].said);
        if (v.trump && v.maker !== null && v.maker !== undefined) {
          parts.push(`Trump is ${SAID.suit(v.trump)}, made by ${isYou(v.maker) ? "you" : nameOf(v.maker)}.`);
        }
      } else say(news(0));
      speech.hand = s.hand_number;
    } else if (entries.length > speech.heard) {
      say(news(speech.heard));
    } else if (entries.length < speech.heard && speech.undone !== s.version) {
      parts.push("A move is taken back.");  // in another tab: this one's undo has its note
    }
    speech.heard = entries.length;
  }
  if (s.status !== speech.status) {
    if (s.status !== "playing") {  // the moves kept are said before the hand's end
      const said = batchWords();
      if (said) parts.push(said);
    }
    if (s.status === "hand_over" && s.last_hand) {
      parts.push(`Hand over: ${sentence(s.last_hand.text || "")}`, scoreWords(s));
    } else if (s.status === "over" && s.last_hand) {
      // the final score, not "playing to 10" of a game that is over
      parts.push(`Game over: ${sentence(s.last_hand.text || "")}`, winnersText(s), finalScoreText(s));
    } else if (s.status === "waiting") {
      parts.push("Waiting for a friend to take the open seat.");
    }
    speech.status = s.status;
  }
  if (myTurn() && !auto && speech.turn !== s.version) {
    parts.push(turnWords(v));
    speech.turn = s.version;
  }
  if (parts.some(Boolean)) announce(parts.filter(Boolean).join(" "));
}

/** How many times `seat` has asked for more time over the move it has to make (0 when
 *  it has none to make). */
const moreTimeAsked = (s, seat) => (s.status === "playing" && s.to_act === seat ? s.more_time?.given ?? 0 : 0);

/** What changed at the other players' seats since it was last said, as the seats show it:
 *  a friend at the table, gone away or back, asking for more time, a bot playing for them
 *  or not, and the offer to let a bot play for one who is away (the button on their
 *  seat). Nothing on the first state. */
export function othersNews(s, first) {
  const parts = [];
  if (table.watching) return parts;
  s.players.forEach((p, seat) => {
    if (isYou(seat) || p.kind !== "human") return;
    const name = nameOf(seat);
    const was = speech.others[seat];
    const now = { away: !p.connected, here: p.connected || Boolean(was?.here),  // ever seen here
      bot: Boolean(p.standin), offer: standInOffer(s, seat) === "standin",
      asked: moreTimeAsked(s, seat) };
    if (was && !first) {
      if (now.asked > was.asked) parts.push(`${name} asked for more time over their move.`);
      if (now.bot !== was.bot) parts.push(now.bot ? `A bot plays for ${name} now.` : `${name} plays again.`);
      else if (now.away !== was.away) {
        parts.push(now.away ? `${name} has gone away.` : was.here ? `${name} is back.` : `${name} is at the table.`);
      }
      if (now.offer && !was.offer) {
        parts.push(`You may let a bot play for ${name}: the button is on ${name}'s seat.`);
      }
    }
    speech.others[seat] = now;
  });
  return parts;
}

/** "Score: you 3, Ben 1, Cal 0; playing to 10." */
function scoreWords(s) {
  const scores = [0, 1, 2].map((seat) => nameAndPoints(isYou(seat) ? "you" : nameOf(seat), s.scores[seat]));
  return `Score: ${scores.join(", ")}; playing to ${s.rules?.target ?? 10}.`;
}

/** Who won the game, in words ("You win the game!", "Ben wins the game.", "You and Ben
 *  share the win.", as the replay and the terminal say a shared win, R22). */
export function winnersText(s) {
  const names = s.winners.map((w) => nameOf(w));
  if (names.length > 1) return `${names.join(" and ")} share the win.`;
  return isYou(s.winners[0]) ? "You win the game!" : `${names[0]} wins the game.`;
}

/** The game's final score, the most points first: "Final score: Bob 11, you 9, Ann 4."
 *  (in the game-over box, where a phone showed the winner far from the score table). */
export function finalScoreText(s) {
  const seats = [0, 1, 2].sort((a, b) => s.scores[b] - s.scores[a] || a - b);
  return `Final score: ${seats.map((seat) => nameAndPoints(isYou(seat) ? "you" : nameOf(seat),
    s.scores[seat])).join(", ")}.`;
}

/** What this seat is asked to do now, in words for the live region: "Your turn: play a card." */
function turnWords(v) {
  const or = (what) => (v.legal.includes("pass") ? `${what} or pass` : what);
  const asked = {
    joker_trump: "name trump before you see your cards",
    bid_first: v.dealer === v.seat ? `accept ${cardSaid(v.upcard)} or pass` : "order it up or pass",
    pickup: `pick up ${cardSaid(v.upcard)} or leave it`,
    discard: "discard a card",
    bid_second: or("call trump"),
    maker_choice: "take the dummy or go alone",
    keep: "pick the five cards to keep",
    defender_choice: "defend alone, or not",
    play: "play a card",
  }[v.phase];
  return `Your turn: ${asked || "choose"}.`;
}
