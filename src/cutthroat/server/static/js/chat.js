// Table talk: the lines heard, and the line said.

import { socketOpen } from "./connection.js";
import { $, calm, el, setText } from "./dom.js";
import { isYou, table } from "./state.js";

// The players' lines, by their number in the game (`n`): a socket that connects again
// hears the latest lines again, and each is shown once, in the order it was said.
export const chat = {
  lines: new Map(),       // n -> line, as the server sent it
  sending: false,         // a say was sent and is not answered yet (its line or an error)
  sent: null,             // the input's text when it was sent: cleared when the line comes back
  held: false,            // Send was pressed with the connection down: the line waits in the
                          // input (it is not sent by itself) and the note under it says so
  unconfirmed: null,      // {text, after}: a line sent whose answer has not come, and the
                          // last n known then; a history with it (after a reconnect) confirms it
  timer: null,
  unread: 0,              // lines by others that came while the panel was out of view
  inView: true,
};

/** A `chat` message: new lines (or the history on connecting) merged into the panel. */
export function hearChat(msg) {
  const shown = $("chat-lines");
  const stick = shown.scrollHeight - shown.scrollTop - shown.clientHeight < 40;  // at the newest
  // The list is a live region: the lines heard again on connecting go into a copy of it,
  // put in its place once filled, which a screen reader does not read out (it says the
  // lines said from now on, not the last hundred at each reconnection).
  const list = msg.history ? shown.cloneNode(true) : shown;
  let mine = false;
  let news = 0;
  for (const line of msg.lines || []) {
    if (chat.lines.has(line.n)) continue;
    chat.lines.set(line.n, line);
    const later = [...list.children].find((li) => Number(li.dataset.n) > line.n);
    list.insertBefore(chatLine(line), later || null);
    if (isYou(line.seat)) mine = true;
    else if (!msg.history) news++;
  }
  if (list !== shown) shown.replaceWith(list);
  const back = (msg.lines || []).some((line) => isYou(line.seat) && (msg.history
    ? line.n > (chat.unconfirmed?.after ?? Infinity) && line.text === chat.unconfirmed.text
    : chat.sending));
  if (back) {  // the line said comes back (or, the answer lost, is in the history heard again)
    chat.sending = false;  // the input is cleared, unless changed since
    chat.unconfirmed = null;
    clearTimeout(chat.timer);
    if ($("chat-input").value === chat.sent) $("chat-input").value = "";
    $("chat-error").textContent = "";
  }
  if (stick || mine || msg.history) list.scrollTop = list.scrollHeight;
  if (news && !chat.inView) setUnread(chat.unread + news);
  if (table.state) renderChat(table.state);
}

/** One line of talk: the speaker's name and the text, as text (never markup), and when. */
function chatLine(line) {
  const at = new Date(line.at);
  const known = !Number.isNaN(at.getTime());
  const time = el("time", { datetime: line.at, title: known ? at.toLocaleString() : line.at },
    [known ? at.toLocaleTimeString([], { hour: "numeric", minute: "2-digit" }) : ""]);
  const mine = isYou(line.seat);
  return el("li", { class: "chat-line" + (mine ? " mine" : ""), "data-n": line.n, "data-seat": line.seat }, [
    el("span", { class: "chat-said" }, [
      el("span", { class: "chat-name", title: mine ? "you" : null }, [line.name]), " ",
      el("span", { class: "chat-text" }, chatText(line.text))]),
    " ", time,
  ]);
}

/** A line's text as text, with this server's game links (join, watch) made links. */
function chatText(text) {
  return text.split(/( )/).map((word) => {
    const href = gameLink(word);
    return href ? el("a", { href, class: "chat-link" }, [word]) : word;
  });
}

/** ``word`` as a link to a game on this server (`/?join=ID`, `/?watch=ID`, or the
 *  invitation to play again, `/?join=ID&from=OLD`), else null. */
function gameLink(word) {
  let url;
  try { url = new URL(word); } catch (e) { return null; }
  const keys = [...url.searchParams.keys()].join(",");
  const fine = url.origin === location.origin && url.pathname === "/" && !url.hash
    && ["join", "watch", "join,from"].includes(keys);
  return fine ? url.href : null;
}

/** The panel: shown when somebody else at the table could talk (or has), read-only to a watcher. */
export function renderChat(s) {
  const people = s.players.filter((p) => p.kind === "human" || p.kind === "open").length;
  $("chat-panel").hidden = people < 2 && chat.lines.size === 0;  // against two bots: nobody to talk to
  $("chat-empty").hidden = chat.lines.size > 0;
  $("chat-form").hidden = table.watching;
  $("chat-readonly").hidden = !table.watching;
  // Not disabled while the connection is down: sending then says so, and keeps the line.
  $("chat-send").disabled = chat.sending || !$("chat-input").value.trim();
  heldLine();
  // Near the server's limit, the count of characters as it counts them (spaces folded).
  const length = chatLength($("chat-input").value);
  const count = $("chat-count");
  count.hidden = length < CHAT_MAX - 40;
  count.classList.toggle("over", length > CHAT_MAX);
  setText(count, length > CHAT_MAX ? `${length}/${CHAT_MAX} characters: ${length - CHAT_MAX} too many`
    : `${length}/${CHAT_MAX} characters`);
}

/** A line's length as the server counts it: code points, once spaces are folded. */
const chatLength = (text) => [...text.trim().split(/\s+/).join(" ")].length;

// The server counts characters as code points, a browser's maxlength UTF-16 units (an
// emoji is two, or more): the input has no maxlength (a long paste is not cut without
// a word); the count under it and the check here count as the server does.
const CHAT_MAX = 200;

/** Send the input's line; it stays there until the server says it back to everybody. */
function say() {
  const input = $("chat-input");
  const text = input.value;
  if (!text.trim() || chat.sending) return;
  chat.held = false;  // sent now, or held again below
  $("chat-error").classList.remove("calm");
  const length = chatLength(text);
  if (length > CHAT_MAX) {
    $("chat-error").textContent = `A line may be at most ${CHAT_MAX} characters long: this one has ${length}.`;
    return;
  }
  if (!socketOpen()) {
    chat.held = true;
    heldLine();
    return;
  }
  $("chat-error").textContent = "";
  table.socket.send(JSON.stringify({ type: "say", text }));
  chat.sending = true;
  chat.sent = text;
  chat.unconfirmed = { text: text.trim().split(/\s+/).join(" "),  // as the server keeps it
    after: Math.max(0, ...chat.lines.keys()) };
  clearTimeout(chat.timer);  // an answer lost (it should not be): the input is not held for ever
  chat.timer = setTimeout(() => { chat.sending = false; renderChat(table.state); }, 10000);
  renderChat(table.state);
}

// A line kept in the input while the connection is down is not sent once it is back (it
// may no longer fit the game): the note under the input says what to do, as the
// connection stands.
const HELD_DOWN = "Not connected: your line stays here; press Send again once the connection is back.";
const HELD_BACK = "Connected again: press Send to say it.";

/** The note under the input on a line held (Send pressed with the connection down),
 *  as the connection now stands; gone with the line (sent, or cleared). */
function heldLine() {
  const note = $("chat-error");
  if (chat.held && !$("chat-input").value.trim()) {
    chat.held = false;
    note.textContent = "";
  }
  if (chat.held) setText(note, socketOpen() ? HELD_BACK : HELD_DOWN);
  note.classList.toggle("calm", chat.held && socketOpen());  // no error any more
}

/** The server refused the line said: why, by the input, which keeps the text. */
export function chatRefused(reason) {
  chat.held = false;
  chat.sending = false;
  chat.unconfirmed = null;
  clearTimeout(chat.timer);
  $("chat-error").textContent = reason ? `${reason[0].toUpperCase()}${reason.slice(1)}` : "";
  if (table.state) renderChat(table.state);
}

/** Lines said while the panel was out of view (a phone's narrow page): a link down to it. */
function setUnread(n) {
  chat.unread = n;
  const link = $("chat-unread");
  link.hidden = n === 0;
  link.textContent = n === 1 ? "1 new line of table talk" : `${n} new lines of table talk`;
}

export function setUpChat() {
  $("chat-form").addEventListener("submit", (ev) => { ev.preventDefault(); say(); });
  $("chat-input").addEventListener("input", () => { if (table.state) renderChat(table.state); });
  $("chat-unread").addEventListener("click", (ev) => {
    ev.preventDefault();
    $("chat-panel").scrollIntoView({ behavior: calm() ? "auto" : "smooth", block: "end" });
    // The focus follows: to the box to answer in (a watcher has none: the panel's heading).
    const answer = $("chat-input");
    (answer?.checkVisibility() ? answer : $("chat-title")).focus({ preventScroll: true });
  });
  if ("IntersectionObserver" in window) {
    new IntersectionObserver((entries) => {
      chat.inView = entries.some((e) => e.isIntersecting);
      if (chat.inView) setUnread(0);
    }, { threshold: 0.25 }).observe($("chat-panel"));
  }
}
