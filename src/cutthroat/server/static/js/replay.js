// Watching a game again: a finished game (/?replay=ID) or a record file, frame by frame.

import { api, tokenKey } from "./api.js";
import { cardsInText, cardsInWords, sortCards, spoken } from "./cards.js";
import { $, el, setTitle } from "./dom.js";
import { cardsOf, dealRow, playedCard, replayCard, upcardBox, upcardNote } from "./felt.js";
import { handTags, tagList } from "./seats.js";
import { capital, plural, sentence } from "./words.js";

// A finished game (/?replay=ID) or a record file opened in the lobby, as frames from the
// server (docs/protocol.md, "Replays"): the table after the deal and after every move,
// every card face up. One frame is shown at a time; nothing is sent back.
export const replay = {
  data: null,   // the server's answer: players, hands, frames, ...
  index: 0,     // the frame shown
  game: null,   // the game's id when the server keeps it (/?replay=ID), else null (a record file)
};
window.cutthroatReplay = replay;

const RECORD_MAX = 256 * 1024;  // the largest record the server takes (bytes)

/** /?replay=ID (&move=N: at frame N): the finished game's frames, with links to its
 *  record and its table, and to the move shown. */
export async function showReplayOf(game) {
  replay.game = game;
  $("replay").hidden = false;
  setTitle("Replay");
  $("replay-title").textContent = `Game ${game}, watched again`;
  const path = `/api/games/${encodeURIComponent(game)}`;
  const back = localStorage.getItem(tokenKey(game)) ? `/?game=${encodeURIComponent(game)}`
    : `/?watch=${encodeURIComponent(game)}`;
  $("replay-links").replaceChildren(
    el("a", { href: `${path}/record`, download: `cutthroat-${game}.json` }, ["Download the game record"]), " · ",
    el("a", { href: back }, ["Back to the table"]), " · ", el("a", { href: "/" }, ["New game"]));
  try { startReplay(await api("GET", `${path}/replay`), askedFrame()); } catch (e) {
    $("replay-error").textContent = `This game cannot be watched again: ${e.message}.`;
  }
}

/** The lobby's "Open a record…": the file's text, checked and made into frames by the server. */
export async function openRecord(file) {
  const err = $("record-error");
  err.textContent = "";
  if (!file) return;
  if (file.size > RECORD_MAX) {
    err.textContent = `${file.name} is too big for a game record (at most ${RECORD_MAX / 1024} KiB).`;
    $("record-file").value = "";
    return;
  }
  let data;
  try { data = await api("POST", "/api/replay", await file.text()); } catch (e) {
    err.textContent = `${file.name} cannot be shown: ${e.message}.`;
    $("record-file").value = "";  // the same file, mended, may be opened again
    return;
  }
  $("lobby").hidden = true;
  $("replay").hidden = false;
  setTitle("Replay");
  $("replay-title").textContent = `${file.name}, watched again`;
  $("replay-links").replaceChildren(el("a", { href: "/" }, ["Back to the lobby"]));
  startReplay(data);
}

/** The frame the address asks for (`move`, a frame's index; showFrame keeps it within
 *  the game): anything but a whole number is ignored, and the game starts at its deal. */
function askedFrame() {
  const text = (new URLSearchParams(location.search).get("move") || "").trim();
  return /^[-+]?\d+$/.test(text) ? Number(text) : 0;
}

/** The address of the server-kept game's frame `index`: `/?replay=ID&move=N`, or
 *  `/?replay=ID` for the first deal. */
function replayAddress(index) {
  return `/?replay=${encodeURIComponent(replay.game)}${index ? `&move=${index}` : ""}`;
}

/** "Copy link to this move": the address of the frame shown, copied; where the browser
 *  will not copy, shown in a field, selected, to copy by hand. */
function setUpMoveLink() {
  const button = $("replay-copy");
  const field = $("replay-link-field");
  $("replay-share").hidden = false;
  button.addEventListener("click", async () => {
    const link = location.origin + replayAddress(replay.index);
    try {
      if (!navigator.clipboard) throw new Error("no clipboard here");
      await navigator.clipboard.writeText(link);
      field.hidden = true;
      button.textContent = "Copied";
    } catch (e) {
      field.value = link;
      field.hidden = false;
      field.focus();
      field.select();
      button.textContent = "Press Ctrl+C to copy";
    }
  });
}

/** Show the frames from `start` (kept within the game), and take the controls and the keys. */
function startReplay(data, start = 0) {
  replay.data = data;
  if (!data.over) $("replay-title").textContent += " (not finished: it stops at its latest move)";
  if (!data.frames.length) {
    $("replay-error").textContent = "This record holds no hand yet: there is nothing to watch.";
    return;
  }
  $("replay-layout").hidden = false;
  $("replay-slider").max = String(data.frames.length - 1);
  const steps = { "replay-start": () => 0, "replay-end": () => data.frames.length - 1,
    "replay-prev": () => replay.index - 1, "replay-next": () => replay.index + 1,
    "replay-prev-hand": () => handStep(-1), "replay-next-hand": () => handStep(1) };
  for (const [id, to] of Object.entries(steps)) $(id).addEventListener("click", () => showFrame(to()));
  $("replay-slider").addEventListener("input", () => showFrame(Number($("replay-slider").value)));
  document.addEventListener("keydown", (ev) => replayKey(ev, steps));
  if (replay.game) setUpMoveLink();  // a record file has no address on the server
  showFrame(start);
}

/** The arrow keys step through the game: left and right a move, up and down (or Page Up
 *  and Page Down) a hand, Home and End to either end; the slider's own keys do the same. */
function replayKey(ev, steps) {
  const keys = { ArrowLeft: "replay-prev", ArrowRight: "replay-next", ArrowUp: "replay-prev-hand",
    ArrowDown: "replay-next-hand", PageUp: "replay-prev-hand", PageDown: "replay-next-hand",
    Home: "replay-start", End: "replay-end" };
  const step = keys[ev.key];
  const typing = ev.target.closest?.("input:not([type=range]), textarea, select, dialog");
  if (!step || typing || ev.altKey || ev.ctrlKey || ev.metaKey) return;
  ev.preventDefault();
  showFrame(steps[step]());
}

/** The frame a hand's step goes to: the previous hand's deal (this one's, if a move of it
 *  is shown), or the next hand's deal (the game's last frame from the last hand). */
function handStep(direction) {
  const { frames, hands } = replay.data;
  const hand = hands[frames[replay.index].hand];
  if (direction < 0) {
    if (replay.index > hand.first) return hand.first;
    return hands[Math.max(0, frames[replay.index].hand - 1)].first;
  }
  const next = hands[frames[replay.index].hand + 1];
  return next ? next.first : frames.length - 1;
}

/** Show frame `index` (kept within the game). */
function showFrame(index) {
  const { frames, hands } = replay.data;
  const control = document.activeElement?.closest?.(".replay-controls button")?.id;
  replay.index = Math.max(0, Math.min(frames.length - 1, index));
  const f = frames[replay.index];
  const hand = hands[f.hand];
  const step = replay.index - hand.first;
  $("replay-where").textContent = `Hand ${hand.number} of ${hands.length} · `
    + (step ? `move ${step} of ${hand.count - 1}` : "the deal");
  $("replay-text").replaceChildren(el("span", {}, [cardsInText(f.text)]),
    ...(f.result ? [el("strong", { class: "replay-result" }, [cardsInText(capital(f.result))])] : []));
  // For a screen reader: the move shown in words, said as it is shown (the live region),
  // and the slider's value as that move.
  const where = `Hand ${hand.number} of ${hands.length}${step ? `, move ${step} of ${hand.count - 1}` : ""}`;
  const said = sentence(cardsInWords(step ? f.text : f.text.replace(/^Hand \d+: /, "")))
    + (f.result ? ` ${sentence(cardsInWords(f.result))}` : "");
  $("replay-say").textContent = `${where}: ${said}`;
  $("replay-slider").setAttribute("aria-valuetext", `${where}: ${said}`);
  $("replay-slider").value = String(replay.index);
  $("replay-start").disabled = $("replay-prev").disabled = replay.index === 0;
  $("replay-end").disabled = $("replay-next").disabled = replay.index === frames.length - 1;
  $("replay-prev-hand").disabled = replay.index === 0;
  $("replay-next-hand").disabled = replay.index === frames.length - 1;
  if (control && $(control).disabled) {  // at either end: the focus goes the other way, not to the page
    $(["replay-start", "replay-prev", "replay-prev-hand"].includes(control) ? "replay-next" : "replay-prev").focus();
  }
  for (let seat = 0; seat < 3; seat++) {
    $(`replay-seat-${seat}`).replaceChildren(...replaySeat(f, hand, seat));
    $(`replay-seat-${seat}`).classList.toggle("acting", f.to_act === seat);
  }
  replayCentre(f, hand);
  replayAside(f, hand);
  replayScores(f);
  // A move of the list had the focus: it keeps it once the list is drawn anew (or, the
  // hand changed, the move shown takes it), rather than losing it to the page.
  const onMove = document.activeElement?.closest?.("#replay-moves [data-frame]")?.dataset.frame;
  replayMoves(f, hand);
  if (onMove !== undefined) {
    const list = $("replay-moves");
    (list.querySelector(`[data-frame="${onMove}"]`) || list.querySelector("li.current button"))?.focus();
  }
  if (replay.game) {
    // The address follows the frame without a history entry per move: Back leaves the replay.
    const address = replayAddress(replay.index);
    if (location.pathname + location.search !== address) history.replaceState(history.state, "", address);
    $("replay-copy").textContent = "Copy link to this move";
    $("replay-link-field").hidden = true;
  }
}

/** A seat of the frame: its name, its part in the hand, its points and tricks, its cards face up. */
function replaySeat(f, hand, seat) {
  const tags = handTags(hand.dealer, f, seat);
  if (f.to_act === seat) tags.push(["to act", "acting"]);
  const info = [plural(f.scores[seat], "point")];
  if (f.trump) info.push(plural(f.tricks_won[seat], "trick"));
  const cards = sortCards(f.cards[seat], f.trump || null).map((code) => replayCard(code, f.trump));
  return [
    el("h3", { class: "seat-name" }, [replay.data.players[seat]]),
    tagList(tags),
    el("div", { class: "seat-info" }, [info.join(" · ")]),
    el("div", { class: "replay-cards", "data-seat": String(seat), role: "group",
      "aria-label": cardsOf(replay.data.players[seat]) }, cards),
  ];
}

/** The up-card and trump, the trick in progress, and the last trick. */
function replayCentre(f, hand) {
  const names = replay.data.players;
  const moves = replay.data.frames.slice(hand.first + 1, replay.index + 1).map((x) => x.move);
  const up = $("replay-upcard");
  up.replaceChildren();
  upcardBox(up, hand.upcard, upcardNote(hand.upcard, moves, Boolean(f.upcard_taken)), f.trump);
  const trick = f.trick || [];
  $("replay-trick").replaceChildren(...(trick.length ? [
    el("div", { class: "label" }, [`Trick ${f.tricks_won.reduce((a, b) => a + b, 0) + 1}`]),
    ...trick.map(([seat, c]) => playedCard(names[seat], c, false, f.trump || null))] : []));
  const last = f.last_trick;
  $("replay-last").replaceChildren(...(last ? [
    el("div", { class: "label" }, [`Last trick, taken by ${names[last.winner]}`]),
    ...last.plays.map(([seat, c]) => playedCard(names[seat], c, seat === last.winner, f.trump || null))] : []));
}

/** The cards off the seats: the dummy, the kitty, the dealer's discard, the maker's buried five. */
function replayAside(f, hand) {
  const names = replay.data.players;
  const rows = [];
  if (f.dummy) rows.push([f.alone?.includes(f.maker) ? "Dummy (the maker went alone)" : "Dummy", f.dummy]);
  // The up-card is shown in the centre, and the dealer's discard on its own row.
  const kitty = f.kitty.filter((c) => c !== hand.upcard && c !== f.discard);
  rows.push([f.upcard_taken ? "Kitty" : "Kitty, under the up-card", kitty]);
  if (f.discard) rows.push([`${names[hand.dealer]} discarded`, [f.discard]]);
  if (f.buried) rows.push([`${names[f.maker]} buried`, f.buried]);
  $("replay-aside").replaceChildren(...rows.map(([who, cards]) => dealRow(who,
    sortCards(cards, f.trump || null).map((c) => replayCard(c, f.trump)))));
}

/** The scores of the frame (after the hand in its last frame); the winners at the very end. */
function replayScores(f) {
  const { players, target, winners, over, frames, outcome } = replay.data;
  const end = over && replay.index === frames.length - 1;
  const rows = [0, 1, 2].map((seat) => el("tr", { class: end && winners.includes(seat) ? "winner" : "" }, [
    el("th", { scope: "row" }, [players[seat]]),
    el("td", {}, [String(f.scores[seat])]),
  ]));
  const caption = el("caption", {}, [`Playing to ${target}`, el("br"), el("small", {}, [`Rules: ${replay.data.rules_text}`])]);
  if (end) {  // who won, in the words of `cutthroat replay` (a shared win included)
    caption.append(el("br"), el("strong", { id: "replay-outcome" }, [outcome]));
  }
  $("replay-scores").replaceChildren(caption, ...rows);
}

/** The hand's moves in words, the one shown marked; a click goes to a move. */
function replayMoves(f, hand) {
  $("replay-moves-title").textContent = `Hand ${hand.number}`;
  const list = $("replay-moves");
  const items = replay.data.frames.slice(hand.first, hand.first + hand.count).map((x, k) => {
    const index = hand.first + k;
    const said = cardsInWords(x.text);  // the button's name: its cards in words
    const b = el("button", { type: "button", class: "replay-move", "data-frame": String(index),
      "aria-label": said === x.text ? null : said }, [cardsInText(x.text)]);
    b.addEventListener("click", () => showFrame(index));
    const item = el("li", { class: index === replay.index ? "current" : "" }, [b]);
    if (index === replay.index) { item.setAttribute("aria-current", "step"); b.setAttribute("aria-current", "step"); }
    return item;
  });
  if (hand.text) {
    items.push(el("li", { class: "took" }, spoken(cardsInText(capital(hand.text)), cardsInWords(capital(hand.text)))));
  }
  list.replaceChildren(...items);
  const shown = list.querySelector("li.current");  // scrolled into the list's view, not the page's
  if (shown && (shown.offsetTop < list.scrollTop
    || shown.offsetTop + shown.offsetHeight > list.scrollTop + list.clientHeight)) {
    list.scrollTop = shown.offsetTop - list.clientHeight / 2;
  }
}
