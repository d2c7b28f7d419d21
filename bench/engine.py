"""Engine speed: random hands, undo and copy, measured against OpenSpiel's euchre.

Run ``make bench`` (installs the ``bench`` extra, then runs this file) or
``.venv/bin/python bench/engine.py [--seconds S] [--rounds R] [--clock wall|process]
[--json] [--check] [--no-openspiel]``.

Every figure is measured in this one process, on one core, through the public API:

* random complete hands: ``Hand.deal`` then a uniformly random legal action id until the
  hand is over, then ``hand.result`` (standard preset and three variants);
* the same loop through the objects API (``legal_actions()`` and ``push(Action)``);
* ``apply_id`` + ``pop`` pairs and ``copy()`` on random positions inside a hand;
* OpenSpiel's ``euchre`` driven from Python the same way (chance nodes included),
  ``clone()`` and, where the game implements it, ``undo_action``;
* ``clone()`` of this package's OpenSpiel game (``python_cutthroat_euchre``), as
  OpenSpiel's searches copy it.

The workloads are interleaved: every round runs a slice of each, and the reported rate is
the median over rounds, so a noisy neighbour on a shared machine hurts every engine alike.
See bench/README.md for how to read the table.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import math
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import _cli  # bench/ is on the path when run as a script
from cutthroat import Hand, Rules, __version__

TARGET = 1.5
"""Our random hands per second over OpenSpiel's must reach this ratio."""

CLOCK: Callable[[], float] = time.perf_counter
"""The timer of every slice: ``time.perf_counter`` (wall time) unless ``--clock process``
chose ``time.process_time`` (CPU time of this process)."""

Runner = Callable[[float], tuple[int, int, int, float]]
"""Runs a workload for about the given seconds; returns (units, actions, chance actions,
elapsed seconds)."""


@dataclass
class Workload:
    """One measured loop: what it is, and the function that runs a timed slice of it."""

    key: str
    engine: str
    label: str
    unit: str
    run: Runner
    note: str = ""
    samples: list[float] = field(default_factory=list)
    units: int = 0
    actions: int = 0
    chance: int = 0

    def record(self, units: int, actions: int, chance: int, elapsed: float) -> None:
        """Add one timed slice."""
        self.samples.append(units / elapsed)
        self.units += units
        self.actions += actions
        self.chance += chance

    @property
    def rate(self) -> float:
        """The median rate over the slices (units per second)."""
        return statistics.median(self.samples)

    @property
    def spread(self) -> float:
        """(max - min) / median of the slice rates: how noisy the measurement was."""
        return (max(self.samples) - min(self.samples)) / self.rate

    @property
    def actions_per_unit(self) -> float | None:
        """Actions per unit (per hand), or ``None`` for workloads without actions."""
        return self.actions / self.units if self.actions else None

    def to_json(self) -> dict[str, Any]:
        """This workload's figures as a JSON object."""
        apu = self.actions_per_unit
        return {
            "key": self.key,
            "engine": self.engine,
            "workload": self.label,
            "unit": self.unit,
            "per_second": round(self.rate, 1),
            "samples": [round(s, 1) for s in self.samples],
            "spread": round(self.spread, 4),
            "actions_per_unit": None if apu is None else round(apu, 3),
            "actions_per_second": None if apu is None else round(self.rate * apu, 1),
            "chance_actions_per_unit": round(self.chance / self.units, 3) if self.chance else None,
            "note": self.note,
        }


# --- our engine -------------------------------------------------------------------------


def ours_random_hands(rules: Rules, seed: int) -> Runner:
    """Random complete hands through the integer API (``legal_action_ids``/``apply_id``)."""
    rng = random.Random(seed)
    deal = Hand.deal
    choice = rng.choice
    dealer = [0]

    def run(seconds: float) -> tuple[int, int, int, float]:
        clock = CLOCK
        hands = actions = 0
        d = dealer[0]
        start = clock()
        end = start + seconds
        while True:
            hand = deal(rules, dealer=d, rng=rng)
            legal = hand.legal_action_ids()
            while legal:
                hand.apply_id(choice(legal))
                actions += 1
                legal = hand.legal_action_ids()
            if hand.result is None:  # pragma: no cover - a sanity check on the engine
                raise AssertionError("a finished hand has no result")
            hands += 1
            d = 0 if d == 2 else d + 1
            now = clock()
            if now >= end:
                dealer[0] = d
                return hands, actions, 0, now - start

    return run


def ours_random_hands_text(rules: Rules, seed: int) -> Runner:
    """Random complete hands through the objects API (``legal_actions``/``push``)."""
    rng = random.Random(seed)
    deal = Hand.deal
    choice = rng.choice

    def run(seconds: float) -> tuple[int, int, int, float]:
        clock = CLOCK
        hands = actions = 0
        start = clock()
        end = start + seconds
        while True:
            hand = deal(rules, dealer=hands % 3, rng=rng)
            legal = hand.legal_actions()
            while legal:
                hand.push(choice(legal))
                actions += 1
                legal = hand.legal_actions()
            if hand.result is None:  # pragma: no cover
                raise AssertionError("a finished hand has no result")
            hands += 1
            now = clock()
            if now >= end:
                return hands, actions, 0, now - start

    return run


def mid_hand_positions(rules: Rules, rng: random.Random, count: int) -> list[Hand]:
    """``count`` hands stopped at a uniformly random point before their end."""
    out: list[Hand] = []
    while len(out) < count:
        hand = Hand.deal(rules, dealer=rng.randrange(3), rng=rng)
        played = 0
        legal = hand.legal_action_ids()
        while legal:
            hand.apply_id(rng.choice(legal))
            played += 1
            legal = hand.legal_action_ids()
        for _ in range(played - rng.randrange(played)):
            hand.pop()
        out.append(hand)
    return out


def ours_push_pop(rules: Rules, seed: int, count: int = 512) -> Runner:
    """``apply_id`` + ``pop`` pairs, each of a random legal action at a random position."""
    rng = random.Random(seed)
    pairs = [(h, rng.choice(h.legal_action_ids())) for h in mid_hand_positions(rules, rng, count)]

    def run(seconds: float) -> tuple[int, int, int, float]:
        clock = CLOCK
        done = 0
        start = clock()
        end = start + seconds
        while True:
            for hand, a in pairs:
                hand.apply_id(a)
                hand.pop()
            done += len(pairs)
            now = clock()
            if now >= end:
                return done, 0, 0, now - start

    return run


def ours_copy(rules: Rules, seed: int, count: int = 512) -> Runner:
    """``hand.copy()`` of random positions."""
    hands = mid_hand_positions(rules, random.Random(seed), count)

    def run(seconds: float) -> tuple[int, int, int, float]:
        clock = CLOCK
        done = 0
        start = clock()
        end = start + seconds
        while True:
            for hand in hands:
                hand.copy()
            done += len(hands)
            now = clock()
            if now >= end:
                return done, 0, 0, now - start

    return run


# --- OpenSpiel ----------------------------------------------------------------------------


def spiel_random_hands(game: Any, seed: int, *, chance_via_legal: bool = False) -> Runner:
    """Random complete OpenSpiel hands: chance nodes pick uniformly among
    ``chance_outcomes()`` (or ``legal_actions()``), players among ``legal_actions()``."""
    rng = random.Random(seed)
    choice = rng.choice

    def run(seconds: float) -> tuple[int, int, int, float]:
        clock = CLOCK
        hands = actions = chance = 0
        start = clock()
        end = start + seconds
        while True:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    if chance_via_legal:
                        a = choice(state.legal_actions())
                    else:
                        a = choice([o for o, _ in state.chance_outcomes()])
                    chance += 1
                else:
                    a = choice(state.legal_actions())
                state.apply_action(a)
                actions += 1
            state.returns()
            hands += 1
            now = clock()
            if now >= end:
                return hands, actions, chance, now - start

    return run


def spiel_positions(game: Any, rng: random.Random, count: int) -> list[Any]:
    """``count`` OpenSpiel states stopped at a uniformly random point before the end
    (chance nodes included)."""
    out: list[Any] = []
    while len(out) < count:
        state = game.new_initial_state()
        history: list[int] = []
        while not state.is_terminal():
            legal = state.legal_actions()  # at a chance node: the chance outcomes
            a = rng.choice(legal)
            history.append(a)
            state.apply_action(a)
        state = game.new_initial_state()
        for a in history[: rng.randrange(len(history))]:
            state.apply_action(a)
        out.append(state)
    return out


def spiel_clone(game: Any, seed: int, count: int = 512) -> Runner:
    """``state.clone()`` of random positions."""
    states = spiel_positions(game, random.Random(seed), count)

    def run(seconds: float) -> tuple[int, int, int, float]:
        clock = CLOCK
        done = 0
        start = clock()
        end = start + seconds
        while True:
            for state in states:
                state.clone()
            done += len(states)
            now = clock()
            if now >= end:
                return done, 0, 0, now - start

    return run


def spiel_undo(game: Any, seed: int, count: int = 512) -> Runner | str:
    """``apply_action`` + ``undo_action`` pairs on random player-node positions, or the
    reason they cannot be measured (OpenSpiel games need not implement undo)."""
    if not hasattr(game.new_initial_state(), "undo_action"):
        return "n/a: State.undo_action is missing in this OpenSpiel"
    rng = random.Random(seed)
    pairs = []
    for state in spiel_positions(game, rng, count * 2):
        if state.is_chance_node():
            continue
        pairs.append((state, state.current_player(), rng.choice(state.legal_actions())))
        if len(pairs) == count:
            break
    state, player, a = pairs[0]
    before = state.history()
    state.apply_action(a)
    try:
        with _quiet_stderr():  # the C++ side also prints the error to stderr
            state.undo_action(player, a)
    except Exception as exc:  # pyspiel.SpielError; a fatal error on older builds
        return f"n/a ({str(exc).strip() or type(exc).__name__})"
    if state.history() != before:
        return "n/a: undo_action did not restore the state"

    def run(seconds: float) -> tuple[int, int, int, float]:
        clock = CLOCK
        done = 0
        start = clock()
        end = start + seconds
        while True:
            for st, p, act in pairs:
                st.apply_action(act)
                st.undo_action(p, act)
            done += len(pairs)
            now = clock()
            if now >= end:
                return done, 0, 0, now - start

    return run


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Silence file descriptor 2 (what C++ code writes to ``std::cerr``) for a while."""
    sys.stderr.flush()
    saved = os.dup(2)
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def load_openspiel() -> tuple[Any, str, str]:
    """(game, version, "") or (None, "", why OpenSpiel is unavailable)."""
    try:
        import pyspiel
    except Exception as exc:  # ImportError, or a broken binary wheel
        return None, "", (f"OpenSpiel is not importable ({type(exc).__name__}: {exc}); "
                          f"`make bench` installs it (the bench extra: open-spiel).")
    try:
        from importlib.metadata import version

        ver = version("open_spiel")
    except Exception:
        ver = "?"
    try:
        game = pyspiel.load_game("euchre")
    except Exception as exc:
        return None, ver, f"OpenSpiel {ver} has no euchre ({exc})"
    return game, ver, ""


# --- running and reporting ------------------------------------------------------------


STANDARD = Rules.preset("standard")
VARIANTS = (
    ("deck32", "random hands, deck 32", STANDARD.replace(deck=32)),
    ("nodummy", "random hands, no dummy", STANDARD.replace(dummy=False)),
    ("deck25", "random hands, deck 25 (joker)", STANDARD.replace(deck=25)),
)


def build(seed: int, with_openspiel: bool) -> tuple[list[Workload], dict[str, str]]:
    """Every workload, and facts about OpenSpiel (``version``, ``error``, ``undo``)."""
    ws = [
        Workload("ours", "cutthroat", "random hands, standard", "hands",
                 ours_random_hands(STANDARD, seed)),
        *(Workload(key, "cutthroat", label, "hands", ours_random_hands(rules, seed))
          for key, label, rules in VARIANTS),
        Workload("ours_objects", "cutthroat", "random hands, objects API", "hands",
                 ours_random_hands_text(STANDARD, seed),
                 note="legal_actions() + push(Action), standard preset; for information"),
        Workload("ours_pushpop", "cutthroat", "apply_id + pop pairs", "pairs",
                 ours_push_pop(STANDARD, seed),
                 note="a random legal action at a random point of a standard hand"),
        Workload("ours_copy", "cutthroat", "copy()", "copies", ours_copy(STANDARD, seed)),
    ]
    info = {"version": "", "error": "", "undo": ""}
    if not with_openspiel:
        info["error"] = "OpenSpiel was skipped (--no-openspiel)."
        return ws, info
    game, info["version"], info["error"] = load_openspiel()
    if game is None:
        return ws, info
    ws.append(Workload("spiel", "openspiel", "random hands", "hands",
                       spiel_random_hands(game, seed),
                       note="chance nodes pick among chance_outcomes() ids, as specified"))
    ws.append(Workload("spiel_legal", "openspiel", "random hands (legal chance)", "hands",
                       spiel_random_hands(game, seed, chance_via_legal=True),
                       note="chance nodes pick among legal_actions() (the same ids, no "
                            "(id, probability) list built); for information"))
    undo = spiel_undo(game, seed)
    if isinstance(undo, str):
        info["undo"] = undo
    else:
        ws.append(Workload("spiel_undo", "openspiel", "apply_action + undo_action", "pairs",
                           undo))
    ws.append(Workload("spiel_clone", "openspiel", "clone()", "clones", spiel_clone(game, seed)))
    try:  # this project's OpenSpiel game, cloned through OpenSpiel's Python-game bridge
        import pyspiel

        from cutthroat.rl import openspiel_game
    except ImportError:  # the rl extra (NumPy) missing: nothing to compare
        return ws, info
    ours = pyspiel.load_game(openspiel_game.NAME)
    ws.append(Workload("ours_spiel_clone", "cutthroat", "clone(), as an OpenSpiel game",
                       "clones", spiel_clone(ours, seed),
                       note="this package's OpenSpiel game, the same random positions "
                            "(chance nodes included); what OpenSpiel's searches copy"))
    return ws, info


def measure(workloads: Sequence[Workload], seconds: float, rounds: int) -> None:
    """Run ``rounds`` interleaved slices of every workload, ``seconds / rounds`` each,
    after a short untimed warm-up of each."""
    # The head-to-head pair runs back to back in each round, so that both see the
    # same load on a shared machine.
    first = ("ours", "spiel", "spiel_legal")
    order = sorted(workloads, key=lambda w: first.index(w.key) if w.key in first else 3)
    warm = min(0.2, seconds / 10)
    slice_s = seconds / rounds
    # The warm-ups, then the rounds' slices, in the same order as ever; the bar (on a
    # terminal) is redrawn between slices only, with no refresh thread to slow them.
    steps = [(w, False) for w in order] + [(w, True) for _ in range(rounds) for w in order]
    for w, timed in _cli.progress(steps, len(steps), "engine", "slices", live=False):
        if timed:
            gc.collect()
            w.record(*w.run(slice_s))
        else:
            w.run(warm)


def ratio(workloads: Sequence[Workload], theirs: str = "spiel") -> float | None:
    """Our random standard hands per second over OpenSpiel's (workload ``theirs``), or
    ``None`` when OpenSpiel was not measured."""
    by_key = {w.key: w for w in workloads}
    if theirs not in by_key:
        return None
    return by_key["ours"].rate / by_key[theirs].rate


def round_ratios(workloads: Sequence[Workload], theirs: str = "spiel") -> list[float]:
    """Our rate over OpenSpiel's (workload ``theirs``) round by round: the two run back
    to back in each round, under the same load, so each round gives one paired ratio
    (none when OpenSpiel was not measured)."""
    by_key = {w.key: w for w in workloads}
    if theirs not in by_key:
        return []
    return [a / b for a, b in zip(by_key["ours"].samples, by_key[theirs].samples,
                                  strict=True)]


def _num(x: float | None, digits: int = 0) -> str:
    return "-" if x is None else f"{x:,.{digits}f}"


HEADERS = ["workload", "per second", "actions/s", "act/hand", "±"]


def table_rows(workloads: Sequence[Workload],
               info: dict[str, str]) -> tuple[list[tuple[str, list[list[str]]]], list[str]]:
    """The table as (section title, rows) pairs, and the numbered footnotes."""
    notes: list[str] = []
    sections: dict[str, list[list[str]]] = {"cutthroat": [], "openspiel": []}
    for w in workloads:
        label = w.label
        apu = w.actions_per_unit
        parts = [w.note] if w.note else []
        if w.chance:
            parts.append(f"{w.chance / w.units:.1f} of the {apu or 0:.1f} actions per hand "
                         f"are chance (the deal)")
        if parts:
            notes.append("; ".join(parts))
            label += f" [{len(notes)}]"
        sections[w.engine].append([
            label, _num(w.rate), _num(None if apu is None else w.rate * apu), _num(apu, 1),
            f"{w.spread * 50:.0f}%" if len(w.samples) > 1 else "n/a",  # one round: none
        ])
    if info["undo"]:
        notes.append(f"OpenSpiel's euchre cannot undo: {info['undo']}")
        sections["openspiel"].insert(-1, [f"apply_action + undo_action [{len(notes)}]", "n/a",
                                          "-", "-", "-"])
    out = [(f"cutthroat {__version__}", sections["cutthroat"])]
    if sections["openspiel"]:
        out.append((f"OpenSpiel {info['version']} euchre", sections["openspiel"]))
    return out, notes


def verdicts(workloads: Sequence[Workload], info: dict[str, str]) -> list[tuple[str, bool | None]]:
    """The lines under the table, each with pass (True), fail (False) or no verdict."""
    main_ratio = ratio(workloads)
    if main_ratio is None:
        return [(f"ours / OpenSpiel: not measured. {info['error']}", None)]
    ok = main_ratio >= TARGET
    shown = math.floor(main_ratio * 100) / 100  # 1.498 is 1.49×, not a failing "1.50×"
    head = (f"ours / OpenSpiel random hands per second: {shown:.2f}× "
            f"(target ≥ {TARGET}×): {'PASS' if ok else 'FAIL'}")
    rounds = round_ratios(workloads)
    if len(rounds) > 1:
        low, high = min(rounds), max(rounds)
        head += f"; rounds {low:.2f}×–{high:.2f}×"
        if low < TARGET <= high:
            head += " (the target lies within: measure longer, --seconds, --rounds)"
    lines: list[tuple[str, bool | None]] = [(head, ok)]
    strict = ratio(workloads, "spiel_legal")
    if strict is not None:
        ok2 = strict >= TARGET
        lines.append((f"  against OpenSpiel with chance via legal_actions(): {strict:.2f}× "
                      f"({'meets' if ok2 else 'below'} the target; for information)", ok2))
    return lines


def print_table(workloads: Sequence[Workload], info: dict[str, str], seconds: float,
                rounds: int, clock: str = "wall") -> None:
    """Print the table (Rich when installed, else plain text), notes and verdicts."""
    title = (f"Engine speed, Python {platform.python_version()}, one core: "
             + (f"median of {rounds} rounds" if rounds > 1 else "one round (no ± spread)")
             + f", {seconds:g} s per workload"
             + (" (CPU time)" if clock == "process" else ""))
    sections, notes = table_rows(workloads, info)
    lines = verdicts(workloads, info)
    try:
        from rich.console import Console
        from rich.table import Table
    except ImportError:
        _print_plain(title, sections, notes, lines)
        return
    table = Table(title=title, title_justify="left")
    for i, h in enumerate(HEADERS):
        table.add_column(h, justify="left" if i == 0 else "right", no_wrap=i > 0,
                         min_width=4 if i == len(HEADERS) - 1 else None)
    for name, section in sections:
        table.add_row(name, style="bold")
        for row in section:
            table.add_row(*row)
        table.add_section()
    console = Console()
    console.print(table)
    for i, note in enumerate(notes, 1):
        console.print(f"[{i}] {note}", highlight=False, markup=False)
    for text, ok in lines:
        style = "bold" if ok is None else ("bold green" if ok else "bold red")
        console.print(text, style=style, highlight=False, markup=False)


def _print_plain(title: str, sections: list[tuple[str, list[list[str]]]], notes: list[str],
                 lines: list[tuple[str, bool | None]]) -> None:
    every = [HEADERS] + [row for _, rows in sections for row in rows]
    widths = [max(len(r[i]) for r in every) for i in range(len(HEADERS))]

    def fmt(row: list[str]) -> str:
        return "  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                         for i, (c, w) in enumerate(zip(row, widths, strict=True)))

    print(title)
    print(fmt(HEADERS))
    for name, rows in sections:
        print(name)
        for row in rows:
            print(fmt(row))
    for i, note in enumerate(notes, 1):
        print(f"[{i}] {note}")
    for text, _ in lines:
        print(text)


def to_json(workloads: Sequence[Workload], info: dict[str, str],
            args: argparse.Namespace) -> dict[str, Any]:
    """The whole run as one JSON object."""
    main_ratio = ratio(workloads)
    strict = ratio(workloads, "spiel_legal")
    return {
        "cutthroat": __version__,
        "openspiel": info["version"] or None,
        "openspiel_error": info["error"] or None,
        "openspiel_undo": (info["undo"] or "measured") if info["version"] else None,
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
        "seconds": args.seconds,
        "rounds": args.rounds,
        "clock": args.clock,
        "seed": args.seed,
        "results": [w.to_json() for w in workloads],
        "ratio": None if main_ratio is None else round(main_ratio, 3),
        "round_ratios": [round(r, 3) for r in round_ratios(workloads)],
        "ratio_chance_via_legal": None if strict is None else round(strict, 3),
        "target": TARGET,
        "pass": None if main_ratio is None else main_ratio >= TARGET,
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Parse arguments, measure, print; returns the exit status."""
    parser = _cli.parser_for("Engine speed against OpenSpiel's euchre; see bench/README.md.")
    parser.add_argument("--seconds", type=_cli.positive_float, default=2.0,
                        help="timed seconds per workload, split over the rounds")
    parser.add_argument("--rounds", type=_cli.positive_int, default=5,
                        help="interleaved rounds; the median is reported")
    parser.add_argument("--seed", type=int, default=0, help="seed of every random choice")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--check", action="store_true",
                        help=f"exit 1 if the ratio is measured and below {TARGET}x")
    parser.add_argument("--clock", choices=("wall", "process"), default="wall",
                        help="time slices by wall clock (time.perf_counter) or "
                             "by this process's CPU time (time.process_time), which a busy "
                             "machine disturbs less")
    parser.add_argument("--no-openspiel", action="store_true", help="measure our engine only")
    args = parser.parse_args(argv)

    global CLOCK
    CLOCK = time.process_time if args.clock == "process" else time.perf_counter
    workloads, info = build(args.seed, not args.no_openspiel)
    measure(workloads, args.seconds, args.rounds)
    if args.json:
        print(json.dumps(to_json(workloads, info, args), indent=2))
    else:
        print_table(workloads, info, args.seconds, args.rounds, args.clock)
    main_ratio = ratio(workloads)
    return 1 if args.check and main_ratio is not None and main_ratio < TARGET else 0


if __name__ == "__main__":
    sys.exit(main())
