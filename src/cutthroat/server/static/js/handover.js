// The box after a hand or the game: the result, the deal face up, the next hand or a new
// game.

import { reviewSection } from "./advice.js";
import { api, enterGame, tokenKey } from "./api.js";
import { cardElement, sortCards } from "./cards.js";
import { send, socketOpen } from "./connection.js";
import { $, el } from "./dom.js";
import { cardsOf, dealRow } from "./felt.js";
import { showError } from "./moves.js";
import { render } from "./render.js";
import { finalScoreText, winnersText } from "./speech.js";
import { isYou, nameOf, table } from "./state.js";
import { capital, plural } from "./words.js";

/** After a hand: the result in words and the whole deal face up; next hand or the record. */
export function renderHandOver(s) {
  const box = $("hand-over");
  const show = (s.status === "hand_over" || s.status === "over") && s.last_hand;
  box.hidden = !show;
  if (!show) { box.replaceChildren(); table.overError = ""; return; }
  const lh = s.last_hand;
  const parts = [el("h2", { id: "hand-over-title", tabindex: "-1" }, [s.status === "over" ? "Game over" : "Hand over"]),
    el("p", { class: "result", id: "result" }, [lh.text ? capital(lh.text) : ""])];  // "Thrown in: …"
  const rows = [0, 1, 2].map((seat) => [nameOf(seat), lh.deal[String(seat)], cardsOf(nameOf(seat))]);
  if (lh.deal.dummy?.length) rows.push(["Dummy", lh.deal.dummy]);
  const kitty = lh.deal.kitty;
  rows.push(["Kitty (up-card first)", kitty]);
  const trump = lh.result?.trump || null;
  // Who held what comes after the next step (the next hand, play again): on a phone the
  // result and its button are on the screen together, the cards below them.
  const deal = el("div", { class: "deal" }, rows.map(([who, cards, label]) => dealRow(who,
    (kitty === cards ? cards : sortCards(cards, trump)).map((c) => cardElement(c, { trump })), label)));
  // A bot plays for every player: the server deals the next hand itself after a pause.
  const byItself = s.next_hand_after == null ? ""
    : `A bot plays for every player, so the next hand is dealt by itself ${
      s.next_hand_after >= 1 ? `in ${plural(Math.round(s.next_hand_after), "second")}` : "at once"}.`;
  if (s.status === "hand_over" && table.watching) {
    parts.push(el("p", { class: "note", id: "next-wait" }, [byItself || "The next hand is dealt when a player is ready."]));
  } else if (s.status === "hand_over") {
    const b = el("button", { type: "button", id: "next-hand", class: "primary" }, ["Next hand"]);
    b.disabled = !socketOpen();
    b.addEventListener("click", () => {
      showError("");
      if (!send({ type: "next" })) return;
      if (document.activeElement === b) $("hand").focus();  // where the next hand's cards come
      b.disabled = true;
    });
    parts.push(b);
    if (byItself) parts.push(el("p", { class: "note", id: "next-by-itself" }, [byItself]));
  } else {
    parts.push(el("p", { class: "winners", id: "winners" }, [winnersText(s)]),
      el("p", { class: "final-score", id: "final-score" }, [finalScoreText(s)]));
    if (!table.watching) parts.push(rematchButton(s));
    else if (s.next_game) parts.push(watchNextLink(s));
    parts.push(el("p", { class: "over-links" }, [
      el("a", { id: "replay-link", class: "button-link", href: `/?replay=${encodeURIComponent(s.game)}` },
        ["Watch it again"]), " ",
      el("span", { class: "nowrap" }, [  // the dot stays with its link when the line wraps
        el("a", { id: "record-link", href: `/api/games/${encodeURIComponent(s.game)}/record`,
          download: `cutthroat-${s.game}.json` }, ["Download the game record"]), " ·"]), " ",
      el("a", { href: "/" }, ["New game"])]));
    if (!table.watching) parts.push(reviewSection());  // the review is of a seat's choices
  }
  if (!table.watching) parts.push(el("p", { id: "over-error", class: "error", role: "alert" }, [table.overError]));
  // As dealt, before any pick-up, discard or keep: a card played may be in another row
  // (the up-card the dealer took, the dummy's cards the maker kept).
  parts.push(el("p", { class: "note", id: "dealt-note" },
    ["Everybody's cards as they were dealt, before any pick-up, discard or keep:"]), deal);
  box.replaceChildren(...parts);
}

/**
 * At the end of the game: "Play again", a new game with the same rules and bots, the
 * players where they sat (this one in the first seat, the others around as before).
 * The server starts it for the first player to ask (a friend's seat open, the friends
 * told where to join in the old game's table talk) and seats every other who asks in
 * that one (`next_game` in the state), so friends who press at once sit at one table.
 */
function rematchButton(s) {
  const next = s.next_game;
  if (next && table.fullGame === next.game) {  // no seat left there: it can be watched
    return el("p", {}, [el("a", { id: "watch-full", class: "button-link",
      href: `/?watch=${encodeURIComponent(next.game)}` }, [`Watch ${nameOf(next.by)}'s new game`])]);
  }
  if (next && localStorage.getItem(tokenKey(next.game))) {  // this browser sits there already
    const go = el("button", { type: "button", id: "rematch", class: "primary" }, ["Go to the new game"]);
    go.addEventListener("click", () => location.assign(`/?game=${encodeURIComponent(next.game)}`));
    return el("p", {}, [go]);
  }
  const label = !next ? "Play again"
    : isYou(next.by) ? "Join the new game" : `Join ${nameOf(next.by)}'s new game`;
  const b = el("button", { type: "button", id: "rematch", class: "primary" }, [label]);
  b.disabled = !socketOpen();  // as every control that asks the server, while it cannot be reached
  b.addEventListener("click", async () => {
    b.disabled = true;
    showError("");
    const path = `/api/games/${encodeURIComponent(s.game)}`;
    try {
      const answer = await api("POST", `${path}/again`, { token: table.token });
      const friends = s.players.some((p, seat) => !isYou(seat) && p.kind !== "bot");
      if (answer.started && friends) {
        // from=: a friend's browser that holds their seat of this game takes the seat
        // kept for them there (the server keeps it from anybody else a while)
        const text = `Play again? Join me here: ${location.origin}/?join=${encodeURIComponent(answer.game)}`
          + `&from=${encodeURIComponent(s.game)}`;
        try { await api("POST", `${path}/chat`, { token: table.token, text }); } catch (e) {
          /* the friends' pages offer the new game anyway (next_game) */
        }
      }
      enterGame(answer);
    } catch (e) {
      b.disabled = false;
      const joining = table.state?.next_game;  // a friend's game (told now, if not before)
      if (!joining || isYou(joining.by)) {
        showError(`A new game could not be started: ${e.message}.`);
        return;
      }
      const whose = `${nameOf(joining.by)}'s new game`;
      let full = false;
      if (e.status === 409) {
        try {
          const there = await api("GET", `/api/games/${encodeURIComponent(joining.game)}/public`);
          full = !there.players.some((p) => p.kind === "open");
        } catch (e2) { /* the reason the server gave is shown */ }
      }
      if (full) table.fullGame = joining.game;
      showError(full ? `You could not join ${whose}: it has no open seat left.`
        : `You could not join ${whose}: ${e.message}.`);
      render();
    }
  });
  return el("p", {}, [b]);
}

/** For a watcher at the end of the game: the new game the players started, if any. */
function watchNextLink(s) {
  const next = s.next_game;
  if (!next) return null;
  return el("p", {}, [el("a", { id: "watch-next", href: `/?watch=${encodeURIComponent(next.game)}` },
    [`${nameOf(next.by)} started a new game: watch it`])]);
}
