// The table's shared state (the `table` object), and who is who at it.

export const table = {
  game: null, token: null, socket: null, state: null,
  watching: false,        // in no seat (/?watch=ID): the table read-only, no token
  retry: 0, timer: null, closedForGood: false,
  keep: new Set(),        // the cards picked for a keep
  picksRestored: false,   // the picks kept for a reload looked for (once a page)
  keepNote: "",           // why a card clicked was not picked (five already are)
  thinking: false,        // a hint was asked for and is not answered yet
  hintAt: null,           // where the game stood (hintPosition) when the hint was asked for
  actedAt: null,          // the state version this seat last sent a move at
  movedFrom: null,        // the version of the state the latest move sent was chosen on: its
                          // refusal once a newer state is shown is no error (movedOnAlready)
  noteAt: null,           // the version shown when the move note (#move-note) was written
  review: null,           // the expert's review, once asked for at the end of the game
  reviewing: null,        // when the review was asked for (ms), while it is worked out
  undoing: false,         // an undo was sent: the state that answers it says what it took back
  moreTimeSent: null,     // the asks for more time this page saw when it last asked: a refusal
                          // once the state shows more is no error (a double press)
  overError: "",          // a refusal shown in the hand-over box, kept across its renders
  fullGame: null,         // the friend's new game this seat could not join (no seat left): watch it
  awaySince: [null, null, null],  // when this page first saw each seat away (ms), for stand-ins
  turnClock: null,        // the state's version and the asks for more time over its move,
  changedAt: null,        // and when this page saw either change: the seat to act's wait
  placed: null,           // the focus placed when the table appeared: null, "heading", "done"
  handWaiting: false,     // the focus was put on the cards by this seat's move, to wait there
};

// A move is sent once per state version: the same state can arrive twice (a player
// connecting), and must not offer the move again before the server has answered.
// A watcher (seat null) has no turn.
export const myTurn = () => !table.watching && Boolean(table.state?.view?.legal?.length)
  && table.state.status === "playing" && table.actedAt !== table.state.version;

/** Whether `seat` is this page's seat; never for a watcher, whose seat is null. */
export const isYou = (seat) => seat !== null && seat !== undefined && seat === table.state?.seat;

/** Everybody's name as the page writes it ("You" for this seat when `you`; a watcher has none). */
export function nameOf(seat, you = true) {
  const s = table.state;
  if (you && isYou(seat)) return "You";
  const p = s.players[seat];
  if (p.name) return p.name;
  return p.kind === "open" ? "(open seat)" : p.kind === "bot" ? `${p.bot} bot` : `Seat ${seat}`;
}
