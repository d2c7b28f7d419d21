// The three seats (names, tags, stand-in buttons), the cards face up at a table of bots,
// the watchers, and the scores.

import { sortCards, suitWords } from "./cards.js";
import { send, socketOpen } from "./connection.js";
import { $, el, setText } from "./dom.js";
import { cardsOf, dealRow, replayCard } from "./felt.js";
import { settleFocus } from "./focus.js";
import { showError } from "./moves.js";
import { isYou, nameOf, table } from "./state.js";
import { plural } from "./words.js";

/** How many watch (in the header, when any), and the watch link to invite them. */
export function renderWatchers(s) {
  const n = s.watchers || 0;
  $("watchers").hidden = n === 0;
  setText($("watchers"), `${n} watching`);
  $("watchers").title = table.watching ? `${plural(n, "person")} watching this game, you included`
    : `${plural(n, "person")} watching this game, in no seat`;
  $("share").hidden = table.watching;
  const link = `${location.origin}/?watch=${encodeURIComponent(s.game)}`;
  $("watch-link").href = link;
  $("watch-link").textContent = link;
}

export function renderWaiting(s) {
  const open = s.players.some((p) => p.kind === "open");
  $("waiting").hidden = s.status !== "waiting" || table.watching;  // a watcher gets the banner's link
  $("watch-join").hidden = !table.watching || !open;
  const link = `${location.origin}/?join=${encodeURIComponent(s.game)}`;
  $("join-link").href = link;
  $("join-link").textContent = link;
}

/** The three seats: this one (a watcher: seat 0) at the bottom, the next clockwise on the left. */
export function renderSeats(s) {
  const v = s.view;
  const bottom = s.seat ?? 0;
  const spots = { [bottom]: "seat-me", [(bottom + 1) % 3]: "seat-left", [(bottom + 2) % 3]: "seat-right" };
  for (let seat = 0; seat < 3; seat++) {
    const p = s.players[seat];
    const tags = [];
    if (isYou(seat)) tags.push(["you", "you"]);
    if (p.kind === "bot") tags.push([`${p.bot} bot`, "bot"]);
    else if (p.kind === "open") tags.push(["open seat", "open"]);
    else if (!p.connected) tags.push(["away", "away"]);
    if (p.kind === "human" && p.standin) {
      tags.push([isYou(seat) ? "a bot plays for you" : "a bot plays for them", "standin"]);
    }
    if (v) tags.push(...handTags(v.dealer, v, seat));
    if (s.status === "playing" && s.to_act === seat) tags.push(["to act", "acting"]);
    const node = $(spots[seat]);
    node.className = "seat" + (seat === bottom ? " bottom" : "") + (isYou(seat) ? " me" : "");
    node.classList.toggle("acting", s.status === "playing" && s.to_act === seat);
    node.dataset.seat = seat;
    const info = [plural(s.scores[seat], "point")];
    if (v && v.trump) info.push(plural(v.tricks_won[seat], "trick"));
    // The stand-in button is kept while it offers the same thing: one made anew on each
    // state (bots may send several a second) could be swapped under a click, and lost.
    // This seat's own button is not in its box, before the cards and the moves, where a
    // Tab or a tap meant for a move could reach it: it comes after them (#self-standin).
    const holder = isYou(seat) ? $("self-standin") : node;
    const fresh = standInButton(s, seat);
    const shown = holder.querySelector(":scope > .standin-button");
    const button = fresh && shown && shown.dataset.offer === fresh.dataset.offer ? shown : fresh;
    for (const child of [...node.childNodes]) if (child !== button) child.remove();
    if (holder !== node) for (const child of [...holder.childNodes]) if (child !== button) child.remove();
    node.prepend(
      el("h3", { class: "seat-name" }, [nameOf(seat, false) + (isYou(seat) ? " (you)" : "")]),
      tagList(tags),
      el("div", { class: "seat-info" }, [info.join(" · ")]),
    );
    if (button && button.parentNode !== holder) holder.append(button);
    if (button) button.disabled = !socketOpen();  // it sends: not while the connection is down
  }
  $("standin-yes").disabled = !socketOpen();
  if (table.watching || s.seat === null || s.seat === undefined) $("self-standin").replaceChildren();
}

/** At a table of three bots (s.face_up): every seat's cards face up under its name, and
 *  the dummy, the kitty, the dealer's discard and the maker's buried cards beside, drawn
 *  as the replay draws a frame. Anywhere else nothing (a watcher sees no hidden card). */
export function renderFaceUp(s) {
  const aside = $("face-up-aside");
  const up = s.face_up;
  aside.hidden = !up;
  if (table.watching && s.bots_only) {
    $("watch-intro").replaceChildren(el("strong", {}, ["You are watching three bots play."]),
      " Every card is face up, and each move in the log says why the bot made it.");
  }
  if (!up) { aside.replaceChildren(); return; }
  const v = s.view || {};
  const trump = v.trump || null;
  for (let seat = 0; seat < 3; seat++) {
    const node = document.querySelector(`#layout .seat[data-seat="${seat}"]`);
    node.append(el("div", { class: "replay-cards", "data-seat": String(seat), role: "group",
      "aria-label": cardsOf(nameOf(seat)) },
    sortCards(up.cards[seat], trump).map((c) => replayCard(c, trump))));
  }
  const rows = [];
  if (up.dummy.length) rows.push(["Dummy", up.dummy]);
  const kitty = up.kitty.filter((c) => c !== v.upcard && c !== up.discard);
  rows.push([v.upcard_taken ? "Kitty" : "Kitty, under the up-card", kitty]);
  if (up.discard) rows.push([`${nameOf(v.dealer)} discarded`, [up.discard]]);
  if (up.buried.length && v.maker != null) rows.push([`${nameOf(v.maker)} buried`, up.buried]);
  aside.replaceChildren(...rows.map(([who, cards]) => dealRow(who,
    sortCards(cards, trump).map((c) => replayCard(c, trump)))));
}

/** A seat's part in the hand, as [text, class] tags: dealer, maker (and trump), with the
 *  dummy, alone, sits out. `t` holds the hand's maker, trump, dummy_taken, alone and
 *  sitting_out (a view, or a replay's frame). */
export function handTags(dealer, t, seat) {
  const tags = [];
  if (dealer === seat) tags.push(["dealer", "dealer"]);
  if (t.maker === seat) tags.push([`maker · ${t.trump ? suitWords(t.trump) : ""}`, "maker"]);
  if (t.maker === seat && t.dummy_taken) tags.push(["with the dummy", "maker"]);
  if ((t.alone || []).includes(seat)) tags.push([seat === t.maker ? "alone" : "defends alone", "alone"]);
  if (t.sitting_out === seat) tags.push(["sits out", "out"]);
  return tags;
}

/** [text, class] tags as a row of labels. */
export function tagList(tags) {
  return el("div", { class: "tags" }, tags.map(([t, c]) => el("span", { class: "tag " + c }, [t])));
}

/** Note when each player was first seen away, and when the table last changed or its
 * player to act asked for more time (this page's clock): a friend who has gone may be
 * replaced by a bot after the server's waits. */
export function noteAbsence(s) {
  const now = Date.now();
  const clock = `${s.version}:${s.more_time?.given ?? 0}`;
  if (clock !== table.turnClock) { table.turnClock = clock; table.changedAt = now; }
  s.players.forEach((p, seat) => {
    if (p.kind === "human" && !p.connected) table.awaySince[seat] ??= now;
    else table.awaySince[seat] = null;
  });
}

/**
 * The seat's stand-in button, if any: "Let a bot play for Ben" on the seat of a friend
 * who has been away for the server's wait (or has taken too long over a move with the
 * page open), "Let a bot play for me" on this seat (a player who must step away), and
 * "Play myself" on it while a bot plays it. Watchers get none.
 */
function standInButton(s, seat) {
  const kind = standInOffer(s, seat);
  if (kind === "back") {
    const b = el("button", { type: "button", class: "standin-button", "data-back": "",
      "data-offer": "back" }, ["Play myself"]);
    b.addEventListener("click", () => { showError(""); send({ type: "back" }); });
    return b;
  }
  if (kind !== "standin" && kind !== "self") return null;
  const text = kind === "self" ? "Let a bot play for me" : `Let a bot play for ${nameOf(seat)}`;
  const b = el("button", { type: "button", class: "standin-button", "data-standin": String(seat),
    "data-offer": `${kind}:${text}`,
    title: kind === "self" ? "A bot plays your cards until you press Play myself, move, or open the game again" : null },
  [text]);
  b.addEventListener("click", () => {
    showError("");
    if (kind === "self") confirmStandIn(b, seat);  // asked first: it cannot be undone in time
    else send({ type: "standin", seat });
  });
  return b;
}

/** "Let a bot play for me", asked first in a dialog (Cancel has the focus; Escape
 *  cancels); the focus goes back to the button, or to the cards once it is gone. */
function confirmStandIn(opener, seat) {
  const dialog = $("standin-confirm");
  dialog.returnValue = "";
  dialog.onclose = () => {
    if (dialog.returnValue === "yes") send({ type: "standin", seat });
    const back = opener.isConnected && opener.checkVisibility() ? opener
      : (!$("hand").hidden ? $("hand") : $("table-title"));
    back.focus();
  };
  dialog.showModal();
}

/** Which stand-in button the seat shows now: "back", "self" (this seat, played by
 * its player), "standin" or null. */
export function standInOffer(s, seat) {
  const p = s.players[seat];
  if (table.watching || p.kind !== "human" || !["playing", "hand_over"].includes(s.status)) return null;
  if (isYou(seat)) return p.standin ? "back" : "self";
  if (p.standin || !s.stand_in_after) return null;
  const now = Date.now();
  const gone = !p.connected && now - (table.awaySince[seat] ?? now) >= s.stand_in_after.away * 1000;
  const slow = p.connected && s.status === "playing" && s.to_act === seat
    && turnWaited() >= s.stand_in_after.turn * 1000;
  return gone || slow ? "standin" : null;
}

/** How long (ms) the seat to act has had its move to make, as this page saw the state change. */
const turnWaited = () => Date.now() - (table.changedAt ?? Date.now());

/** What this seat's player is told of a move left waiting at a table with other
 *  players (WCAG 2.2.1): from two thirds of the server's wait, that another player may
 *  soon let a bot play for them; from the wait on, that one may now. "" otherwise. */
export function slowNotice(s) {
  if (table.watching || !s.stand_in_after || s.status !== "playing" || !isYou(s.to_act)
      || s.players[s.seat]?.standin) return "";
  const others = s.players.some((p, seat) => !isYou(seat) && p.kind === "human" && p.connected);
  const waited = turnWaited();
  const wait = s.stand_in_after.turn * 1000;
  if (!others || waited < (2 * wait) / 3) return "";
  const more = s.more_time?.left > 0;
  if (waited >= wait) {
    return more ? "Another player may now let a bot play for you, until your next move or you ask for more time."
      : "Another player may now let a bot play for you, until your next move.";
  }
  return more ? "Take your time, but soon another player may let a bot play for you: your move, or asking for more time, keeps your seat."
    : "Take your time, but soon another player may let a bot play for you: your move keeps your seat.";
}

/** Show this seat's slow-player notice (slowNotice), with its "I need more time" button
 *  while the move has asks left; returns the notice if it is newly shown (to be said),
 *  else "". The focus on the button when the notice goes (more time given, the move
 *  made) moves to the decision. */
export function renderSlowNote(s) {
  const notice = slowNotice(s);
  const row = $("slow-row");
  if (notice === (row.hidden ? "" : $("slow-note").textContent)) return "";
  const focused = row.contains(document.activeElement);
  $("slow-note").textContent = notice;
  $("more-time-button").hidden = !(s.more_time?.left > 0);
  row.hidden = !notice;
  if (focused && !notice) settleFocus("#more-time-button");
  return notice;
}

export function renderScores(s) {
  const target = s.rules?.target ?? 10;
  const rows = [0, 1, 2].map((seat) => el("tr", { class: s.winners.includes(seat) ? "winner" : "" }, [
    el("th", { scope: "row" }, [nameOf(seat, false) + (isYou(seat) ? " (you)" : "")]),
    el("td", {}, [String(s.scores[seat])]),
  ]));
  const caption = el("caption", {}, [`Playing to ${target}`]);
  if (s.rules_text) caption.append(el("br"), el("small", {}, [`Rules: ${s.rules_text}`]));  // not in the protocol
  $("scores").replaceChildren(caption, ...rows);
}
