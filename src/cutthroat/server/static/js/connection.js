// The table's WebSocket: connecting, the messages it hears, pings, reconnecting.

import { showCoach, showHint } from "./advice.js";
import { chat, chatRefused, hearChat } from "./chat.js";
import { $ } from "./dom.js";
import { MOVE_NOT_NEEDED, movedOnAlready, moveNote, showError, tellTakenBack } from "./moves.js";
import { render } from "./render.js";
import { renderSeats, renderSlowNote, standInOffer } from "./seats.js";
import { announce, othersNews } from "./speech.js";
import { table } from "./state.js";

function setConnection(text, cls) {
  const node = $("connection");
  node.textContent = text;
  node.className = "connection " + cls;
}

/** The table's WebSocket URL: a seat's, or a watcher's. A seat's token is not in it
 *  (an address is what proxies log): the socket's first message, its hello, holds it. */
function socketUrl() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const base = `${scheme}//${location.host}/api/games/${encodeURIComponent(table.game)}`;
  return table.watching ? `${base}/watch` : `${base}/ws`;
}

// A connection can die without closing: the device goes offline, a phone sleeps, a
// proxy drops it. The page pings the server every PING_EVERY_MS and, when nothing comes
// back within PONG_WAIT_MS (a pong, or any other message), takes the connection for
// lost: it says so, closes it and connects again, as when the server restarts.
const PING_EVERY_MS = 20000;
const PONG_WAIT_MS = 8000;

/** Ping the server now on the open socket, and watch for its answer. */
function ping() {
  const ws = table.socket;
  if (!ws || ws.lost || ws.readyState !== WebSocket.OPEN) return;
  ws.send('{"type":"ping"}');
  ws.pongTimer ??= setTimeout(() => connectionLost(ws), PONG_WAIT_MS);
}
window.cutthroatPing = ping;  // for the tests: no waiting for the next ping

/** The socket `ws` is taken for lost (offline, or no answer to a ping): say so, close
 *  it (its late close, or messages, are not heard) and connect again after a pause. */
function connectionLost(ws) {
  if (table.socket !== ws || ws.lost) return;
  ws.lost = true;
  clearTimeout(ws.pongTimer);
  try { ws.close(); } catch (e) { /* closing already */ }
  reconnectLater();
}

/** The connection is gone (not refused): say so, and connect again with a growing delay. */
function reconnectLater() {
  table.thinking = false;
  chat.sending = false;  // its answer, if any, is lost with the socket
  clearTimeout(table.timer);
  const delay = Math.min(10000, 500 * 2 ** table.retry++);
  setConnection(navigator.onLine === false
    ? "Connection lost (this device is offline); reconnecting once it is back…"
    : `Connection lost; reconnecting in ${Math.round(delay / 1000) || 1} s…`, "bad");
  table.timer = setTimeout(connect, delay);
  render();
}

/** Open the table's WebSocket; reconnect with a growing delay when it drops. */
function connect() {
  clearTimeout(table.timer);
  if (navigator.onLine === false) {  // no network: the "online" event connects at once
    table.socket = null;
    reconnectLater();
    return;
  }
  const url = socketUrl();
  setConnection("Connecting…", "pending");
  const ws = new WebSocket(url);
  table.socket = ws;
  window.cutthroatSocket = ws;
  ws.onopen = () => {
    if (!table.watching) ws.send(JSON.stringify({ type: "hello", token: table.token }));
    table.retry = 0;
    // A move sent on a connection that dropped may never have arrived: the state this
    // connection is sent decides, and offers it again if it still asks for it.
    table.actedAt = null;
    setConnection("Connected", "ok");
  };
  ws.onmessage = (ev) => {
    if (ws.lost) return;
    clearTimeout(ws.pongTimer);  // whatever comes shows the connection alive
    ws.pongTimer = null;
    let msg;
    try { msg = JSON.parse(ev.data); } catch (e) { return; }
    if (msg.type === "state") {
      // A refusal is of the state it was made at: a newer state (the game moved on, a
      // move made in another tab of this seat, say) leaves it behind. One that comes
      // after the state it refuses is still shown.
      const newer = table.state && msg.state.version > table.state.version;
      const before = table.state;
      table.state = msg.state;
      window.cutthroatState = msg.state;
      if (newer && !table.watching) $("error").textContent = "";
      if (table.noteAt !== null && msg.state.version > table.noteAt) moveNote("");
      if (newer && table.undoing) tellTakenBack(before, msg.state);
      render();
    }
    else if (msg.type === "error" && msg.for === "say") chatRefused(msg.reason);  // by the chat input
    else if (msg.type === "error" && msg.for === "more_time" && msg.status === 409
             && (table.state?.to_act !== table.state?.seat
                 || (table.state?.more_time?.given ?? 0) > (table.moreTimeSent ?? 0))) {
      // more time asked for a move made meanwhile (in another tab of this seat), or asked
      // twice (a double press: the first ask counted, the second's "given" is stale)
    }
    else if (msg.type === "error" && msg.for === "next" && table.state?.status !== "hand_over") {
      // the hand was dealt meanwhile (by another player, or by itself): nothing to say
    }
    else if (msg.type === "error" && movedOnAlready(msg)) {
      // A move refused because the game had moved on, which this page already shows (the
      // seat's other tab moved first, or a press repeated over a slow link): no error.
      moveNote(MOVE_NOT_NEEDED);
    }
    else if (msg.type === "error") {
      if (msg.for === "undo") table.undoing = false;
      table.actedAt = null;
      showError(msg.reason);
      render();
    }
    else if (msg.type === "coach") showCoach(msg);
    else if (msg.type === "hint") showHint(msg.hint);
    else if (msg.type === "chat") hearChat(msg);
  };
  ws.onclose = (ev) => {
    clearTimeout(ws.pongTimer);
    if (table.socket !== ws || ws.lost) return;
    if (ev.code === 4429) {  // too many connections from this address: a while, not for good
      table.retry = Math.max(table.retry, 4);  // 8 s, then longer: others' sockets close
      reconnectLater();
      setConnection(`Not connected: ${ev.reason || "too many connections from this address"}; `
        + "trying again in a moment…", "bad");
      return;
    }
    if (ev.code >= 4000 && ev.code < 5000) {  // refused by the server: retrying will not help
      table.closedForGood = true;
      if (table.watching) refusedWatcher(ev.reason);
      else {
        setConnection(`Disconnected: ${ev.reason || "this seat's key is not accepted"}`, "bad");
        showError(`The server refused this seat: ${ev.reason || "no such game or seat"}.`);
        if (!table.state) $("status").textContent = "Not connected: this browser's seat was refused.";
      }
      table.thinking = false;
      chat.sending = false;
      render();
      return;
    }
    reconnectLater();
  };
}

/** A watcher's socket refused for good (no such game): say why, and show no empty table. */
function refusedWatcher(reason) {
  setConnection(`Disconnected: ${reason || "this game cannot be watched"}`, "bad");
  showError(`The server refused to show this game: ${reason || "no such game"}.`);
  if (!table.state) {
    $("status").textContent = `Not connected: game ${table.game} cannot be watched.`;
    $("layout").hidden = true;
    $("watch-intro").hidden = true;
    $("watch-home").hidden = false;
  }
}

/** Whether the table's socket is open: the controls that send over it work only then
 *  (greyed, disabled or aria-disabled, while it is down). */
export const socketOpen = () => table.socket?.readyState === WebSocket.OPEN && !table.socket.lost;

/** Send a message; say so if the connection is down. */
export function send(msg) {
  if (!socketOpen()) {
    showError("Not connected: wait for the connection to come back.");
    return false;
  }
  table.socket.send(JSON.stringify(msg));
  return true;
}

/** Connect; keep the connection alive through proxies, and come back at once when the page does. */
export function keepConnected() {
  setInterval(ping, PING_EVERY_MS);
  // A friend who has gone is offered a stand-in after a wait: the seats are drawn again
  // when an offer comes or goes (only then, so that no click is lost to a redraw).
  let offers = "";
  setInterval(() => {
    const s = table.state;
    if (!s || table.watching) return;
    // This seat's own move left waiting: said before, and when, another may call a bot in.
    const notice = renderSlowNote(s);
    if (notice) announce(notice);
    const now = [0, 1, 2].map((seat) => standInOffer(s, seat)).join();
    if (now !== offers) {
      offers = now;
      renderSeats(s);
      const news = othersNews(s, false);  // the offer, said as it comes
      if (news.length) announce(news.join(" "));
    }
  }, 1000);
  // Offline: the connection is taken for lost at once (the socket may stay open for
  // minutes, its messages held). Online again: connect now, not after the retry's
  // delay; a socket that seems open is asked whether it still is. A page shown again
  // (a phone woken) asks too.
  window.addEventListener("offline", () => { if (table.socket) connectionLost(table.socket); });
  window.addEventListener("online", () => {
    if (table.closedForGood) return;
    const ws = table.socket;
    if (!ws || ws.lost || ws.readyState === WebSocket.CLOSED) connect();
    else ping();
  });
  document.addEventListener("visibilitychange", () => { if (!document.hidden) ping(); });
  connect();
}
