"""The tournament arena: three bots play duplicate deals from every seat, in parallel.

**Duplicate deals.** Deal set ``g`` is one seeded game: a first dealer and a stream of
deals drawn lazily from a ``random.Random`` seeded from ``(seed, g)``. It is played three
times with the line-up rotated: in rotation ``r``, entry ``e`` of the line-up sits in seat
``(e + r) % 3``. Hand ``i`` of each of the three games is dealt the ``i``-th deal of the
stream, whatever was played before, so every entry holds every seat's cards of the same
deals and the luck of the deal cancels. Games last different numbers of hands, so the
three games share the deals of their common length. Game ``3g + r`` is rotation ``r`` of
deal set ``g``; the bots' own seeds derive from ``(seed, g, r, e)``. Results depend only
on ``seed``, never on how many worker processes played them.

**Statistics.** The three games of a deal set share their cards, so they are not
independent: each deal set is one cluster, and every rate (wins per game, points per
game, hands made per hand as maker, ...) is a ratio of per-deal-set sums with a
cluster-robust interval (:func:`~cutthroat.sim.stats.ratio_estimate`: the standard error
over deal sets, Student's t), or with ``ci="bootstrap"`` a bootstrap of whole deal sets.
A rate of exactly 0 or 1 (a bot that never wins) gets Wilson's interval with the deal
sets as trials. The naive Wilson interval over games is reported beside the win rate.

>>> result = run_arena(["random", "random", "random"], games=3, seed=1, progress=False)
>>> result.games, result.deal_sets, sum(s.totals.wins for s in result.entry_stats())
(3, 1, 3.0)
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import itertools
import math
import os
import random
import signal
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, TypeVar

from .. import record as rec
from ..bots import play_game
from ..bots.registry import (
    BOTS,
    BotSpecError,
    BotUnavailableError,
    UnknownBotError,
    bot_names,
    line_up_specs,
    make_bot,
    normal_spec,
)
from ..game import Game
from ..rules import Rules
from ..state import as_seed
from .stats import Estimate, cluster_bootstrap, ratio_estimate, wilson

__all__ = [
    "BOTS",
    "MAX_GAMES",
    "ArenaError",
    "ArenaResult",
    "BotSpecError",
    "BotStats",
    "BotUnavailableError",
    "GameResult",
    "RecordsFolderError",
    "Tally",
    "TournamentInterrupted",
    "UnknownBotError",
    "bot_names",
    "cpus",
    "deal_sets",
    "entry_label",
    "held_interrupts",
    "make_bot",
    "max_workers",
    "play_arena_game",
    "points_bounds",
    "points_note",
    "records_folder",
    "resolve_workers",
    "run_arena",
]

_JobT = TypeVar("_JobT")
_ItemT = TypeVar("_ItemT")

FORMAT = "cutthroat-arena/1"
"""The ``format`` field of :meth:`ArenaResult.to_json`."""

MAX_GAMES = 100_000_000
"""The most games :func:`run_arena` plays (and :func:`~cutthroat.sim.league.run_league`
per line-up): every game's result is kept in memory (a few hundred bytes each) and even
the cheapest bots play a few thousand games a second, so more is a typing slip rather
than a tournament."""


class ArenaError(RuntimeError):
    """A tournament could not be played (a bot failed, a game never ended)."""


class RecordsFolderError(ValueError):
    """The folder given for a tournament's records holds another tournament's records
    (see :func:`records_folder`)."""




def entry_label(name: str, entry: int) -> str:
    """How entry ``entry`` of the line-up is shown: ``"random#0"``."""
    return f"{name}#{entry}"


def _mix(*parts: int | str) -> int:
    """A 64-bit seed derived from ``parts``, the same in every process and Python run."""
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


# --- one game ----------------------------------------------------------------------

_TALLY_FIELDS = ("games", "wins", "points", "hands", "maker", "made", "euchred", "marches",
                 "defended", "inflicted", "loners", "loners_made", "def_loners",
                 "def_loners_made")


@dataclass(frozen=True, slots=True)
class Tally:
    """What one line-up entry did: over one game, or summed over many.

    Attributes:
        games: games played.
        wins: games won; a win shared by ``k`` players (``tie = "share"``) counts ``1/k``.
        points: points scored.
        hands: hands dealt (thrown-in hands included).
        maker: hands as maker.
        made: hands as maker with 3 tricks or more.
        euchred: hands as maker with fewer than 3 tricks (a lone defender's win too).
        marches: hands as maker with all 5 tricks.
        defended: hands as defender (sitting out for a lone partner included).
        inflicted: hands as defender in which the maker was euchred.
        loners: hands as maker gone alone.
        loners_made: of those, hands with 3 tricks or more.
        def_loners: hands as defender gone alone.
        def_loners_made: of those, hands with 3 tricks or more.
    """

    games: int = 0
    wins: float = 0.0
    points: int = 0
    hands: int = 0
    maker: int = 0
    made: int = 0
    euchred: int = 0
    marches: int = 0
    defended: int = 0
    inflicted: int = 0
    loners: int = 0
    loners_made: int = 0
    def_loners: int = 0
    def_loners_made: int = 0

    def __add__(self, other: Tally) -> Tally:
        return Tally(*(getattr(self, f) + getattr(other, f) for f in _TALLY_FIELDS))

    def to_json(self) -> dict[str, float]:
        """Every field by name."""
        return {f: getattr(self, f) for f in _TALLY_FIELDS}


def _sum(tallies: Iterable[Tally]) -> Tally:
    total = Tally()
    for t in tallies:
        total = total + t
    return total


@dataclass(frozen=True, slots=True)
class GameResult:
    """One arena game.

    Attributes:
        index: the game's number, ``3 * deal_set + rotation``.
        deal_set: the deal set (seeded deal stream) it replays.
        rotation: how far the line-up is shifted: entry ``e`` sits in seat
            ``(e + rotation) % 3``.
        seats: the line-up entry in each seat.
        hands: hands dealt.
        tallies: per line-up entry (not per seat).
    """

    index: int
    deal_set: int
    rotation: int
    seats: tuple[int, int, int]
    hands: int
    tallies: tuple[Tally, Tally, Tally]


def _seats(rotation: int) -> tuple[int, int, int]:
    """The line-up entry in each seat for ``rotation``."""
    return ((0 - rotation) % 3, (1 - rotation) % 3, (2 - rotation) % 3)


def _tallies(game: Game, seats: tuple[int, int, int]) -> tuple[Tally, Tally, Tally]:
    counts: list[dict[str, int]] = [dict.fromkeys(_TALLY_FIELDS, 0) for _ in range(3)]
    for hand in game.hands:
        result = hand.result
        if result is None:  # pragma: no cover - play_game finishes every hand
            continue
        for seat in range(3):
            counts[seat]["hands"] += 1
        maker = result.maker
        if result.thrown_in or maker is None:
            continue
        tricks = result.tricks
        made = tricks[maker] >= 3
        mk = counts[maker]
        mk["maker"] += 1
        mk["made" if made else "euchred"] += 1
        mk["marches"] += tricks[maker] == 5
        if maker in result.alone:
            mk["loners"] += 1
            mk["loners_made"] += made
        for seat in range(3):
            if seat == maker:
                continue
            counts[seat]["defended"] += 1
            counts[seat]["inflicted"] += not made
            if seat in result.alone:
                counts[seat]["def_loners"] += 1
                counts[seat]["def_loners_made"] += tricks[seat] >= 3
    winners = game.winners
    by_entry: list[Tally] = [Tally()] * 3
    for seat in range(3):
        c = counts[seat]
        share = 1.0 / len(winners) if seat in winners else 0.0
        by_entry[seats[seat]] = Tally(
            games=1, wins=share, points=game.scores[seat], hands=c["hands"],
            maker=c["maker"], made=c["made"], euchred=c["euchred"], marches=c["marches"],
            defended=c["defended"], inflicted=c["inflicted"], loners=c["loners"],
            loners_made=c["loners_made"], def_loners=c["def_loners"],
            def_loners_made=c["def_loners_made"])
    return by_entry[0], by_entry[1], by_entry[2]


def play_arena_game(
    bots: str | Sequence[str], index: int, *, seed: int = 0, rules: Rules | None = None
) -> tuple[Game, GameResult]:
    """Play arena game ``index`` (rotation ``index % 3`` of deal set ``index // 3``)
    between three bots (specs, or one string of them separated by commas).

    Returns the finished :class:`~cutthroat.Game` (its players are the entries' labels,
    seat by seat) and its :class:`GameResult`. Raises :class:`ArenaError` if a bot
    fails or the game does not end.
    """
    bots = line_up_specs(bots)
    if len(bots) != 3:
        raise ValueError("the arena needs a line-up of three bots")
    rules = rules or Rules()
    deal_set, rotation = divmod(index, 3)
    seats = _seats(rotation)
    set_seed = _mix(seed, "deal-set", deal_set)
    # The first dealer and then every deal come from this stream; the Game draws deal i
    # of the game as its i-th draw, so all three rotations get the same deals.
    first_dealer = random.Random(_mix(set_seed, "first-dealer")).randrange(3)
    game = Game(rules, rng=random.Random(set_seed), first_dealer=first_dealer,
                players=[entry_label(bots[e], e) for e in seats])
    players = [make_bot(bots[e], _mix(seed, deal_set, rotation, e)) for e in seats]
    where = f"game {index} (deal set {deal_set}, rotation {rotation})"
    try:
        play_game(game, players)
    except (BotUnavailableError, UnknownBotError):
        raise
    except Exception as exc:
        raise ArenaError(f"{where}: {type(exc).__name__}: {exc}") from exc
    if not game.is_over:
        raise ArenaError(f"{where}: no winner after {len(game.hands)} hands")
    return game, GameResult(index, deal_set, rotation, seats, len(game.hands),
                            _tallies(game, seats))


@dataclass(frozen=True, slots=True)
class _Job:
    """Deal sets for one worker task (picklable)."""

    bots: tuple[str, str, str]
    rules: Rules
    seed: int
    sets: range
    records: bool
    """Whether to return each game's record (its text), for the caller to write."""


def _per_job(sets: int, workers: int) -> int:
    """Deal sets per job: one when playing here, else a few jobs per worker (at most 25
    deal sets each), so that the workers finish together."""
    return 1 if workers == 1 else max(1, min(25, math.ceil(sets / (workers * 8))))


def _chunks(sets: int, per_job: int) -> Iterator[range]:
    """Deal sets ``0`` to ``sets - 1`` in runs of ``per_job``, each made only when it is
    asked for: a tournament of any length never holds its whole plan in memory."""
    for start in range(0, sets, per_job):
        yield range(start, min(start + per_job, sets))


def _run_job(job: _Job) -> list[tuple[GameResult, str | None]]:
    """Play a job's deal sets: each game's result, with its record's text when the job
    keeps records. The records travel back with the results and are written by the
    process that runs the tournament (:class:`_Keeper`): a worker, a Ray task on
    another machine, need not see the folder, nor share the caller's working folder."""
    out: list[tuple[GameResult, str | None]] = []
    for deal_set in job.sets:
        for rotation in range(3):
            index = 3 * deal_set + rotation
            game, result = play_arena_game(job.bots, index, seed=job.seed, rules=job.rules)
            out.append((result, rec.dumps(game) + "\n" if job.records else None))
    return out


class _Keeper:
    """The caller's side of a tournament's jobs: keeps each finished job's results, and
    first writes their records, if any, into ``folder`` as ``game-NNNNNN.json``."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.results: list[GameResult] = []
        self.records = 0

    def __call__(self, chunk: list[tuple[GameResult, str | None]]) -> None:
        with held_interrupts():  # a job's games are kept whole, records and results
            if self.folder is not None and not self.records and any(
                    text is not None for _, text in chunk):
                self.folder.mkdir(exist_ok=True)  # a league's line-up's, with its first
            for result, text in chunk:
                if text is not None and self.folder is not None:
                    path = self.folder / f"game-{result.index:06d}.json"
                    path.write_text(text, encoding="utf-8")
                    self.records += 1
            self.results.extend(result for result, _ in chunk)


@contextlib.contextmanager
def held_interrupts() -> Iterator[None]:
    """Ctrl-C held back until the block ends, then let through as it would have been:
    the games of a finished job are then never half kept (their records written but not
    their results counted, or the other way round), nor an interrupted tournament's
    summary half printed. Only in the main thread, where Python delivers signals;
    elsewhere, nothing is held."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    held: list[Any] = []
    before = signal.signal(signal.SIGINT, lambda number, frame: held.append(frame))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)
        if held and callable(before):
            before(signal.SIGINT, held[0])  # Python's own handler: KeyboardInterrupt


RECORDS_FOUND = ("game-*.json", "lineup-*")
"""What marks a folder as holding the records of a tournament already (the arena's
games, the league's line-ups)."""


def records_folder(path: str | os.PathLike[str]) -> Path:
    """Make the folder for a tournament's records (and its parents), as an absolute
    path; refuse (:class:`RecordsFolderError`) a folder that holds a tournament's
    records already, so the records of two runs are never mixed."""
    folder = Path(path).absolute()
    if folder.is_dir():
        found = sorted(p.name for pattern in RECORDS_FOUND for p in folder.glob(pattern))
        if found:
            raise RecordsFolderError(
                f"the folder {path} holds the records of a tournament already "
                f"({found[0]}{', …' if len(found) > 1 else ''}): give a new or empty "
                "folder, so the records of two runs are not mixed")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


class TournamentInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped a tournament. ``result`` holds what the deal sets finished give
    (an :class:`ArenaResult` for the arena, with ``planned`` set; for a league a
    :class:`~cutthroat.sim.league.LeagueResult` of the deal sets that every line-up
    finished, or ``None`` where there is none), ``played`` and ``planned`` count games,
    ``records`` the records written (of finished deal sets only)."""

    def __init__(self, result: Any, played: int, planned: int, records: int) -> None:
        super().__init__(f"interrupted after {played} of {planned} games")
        self.result = result
        self.played = played
        self.planned = planned
        self.records = records


# --- results -----------------------------------------------------------------------

_RATIOS: tuple[tuple[str, str, str, bool], ...] = (
    ("win_rate", "wins", "games", True),
    ("points_per_game", "points", "games", False),
    ("maker_success", "made", "maker", True),
    ("euchre_rate", "euchred", "maker", True),
    ("inflicted_rate", "inflicted", "defended", True),
    ("loner_success", "loners_made", "loners", True),
)
"""Each rate: its name, its numerator and denominator (Tally fields), and whether it is
a proportion (else a count per game, never below 0)."""



def points_bounds(rules: Rules) -> tuple[float, float]:
    """The points a player can score in a game: 0 to ``target - 1`` before the last
    hand, plus the most one hand scores (13 under the standard rules). Points-per-game
    intervals are cut at these ends.

    >>> points_bounds(Rules())
    (0.0, 13.0)
    """
    return 0.0, float(rules.target - 1 + rules.max_hand_points)


def points_note(rows: Iterable[Estimate], rules: Rules) -> str:
    """A caption's line saying that a points-per-game interval was cut at the most
    possible, when one was ("" when none was)."""
    top = points_bounds(rules)[1]
    if any(e.high is not None and e.value is not None and e.high >= top for e in rows):
        return (f"\nPoints per game: an interval is cut at {top:g}, the most a player "
                "can score in a game.")
    return ""

BACKENDS = ("local", "ray")
"""Where :func:`run_arena` plays: worker processes here, or Ray tasks."""

CI_METHODS = {
    "se": "standard error over deal sets (Student's t)",
    "bootstrap": "bootstrap of deal sets (1000 resamples)",
}
"""The interval methods of :func:`run_arena`, described."""


@dataclass(frozen=True, slots=True)
class BotStats:
    """The results of one line-up entry, or of every entry of one bot name.

    Attributes:
        label: ``"expert#0"`` for an entry, ``"intermediate (all)"`` for a name.
        name: the bot's registry name.
        entries: the line-up entries counted.
        totals: the summed :class:`Tally` (``games`` counts entry-games).
        estimates: rate name → :class:`~cutthroat.sim.stats.Estimate`: ``win_rate``
            (wins per game played; 1/3 is a fair share), ``points_per_game``,
            ``maker_success`` (made / hands as maker), ``euchre_rate`` (euchred / hands
            as maker), ``inflicted_rate`` (makers euchred / hands defended),
            ``loner_success`` (lone makers' hands made / gone alone).
        win_rate_wilson: the Wilson interval of the win rate as if games were
            independent, for comparison.
    """

    label: str
    name: str
    entries: tuple[int, ...]
    totals: Tally
    estimates: dict[str, Estimate]
    win_rate_wilson: tuple[float, float] | None

    def to_json(self) -> dict[str, Any]:
        """The bot's results as a JSON object."""
        t = self.totals
        est = self.estimates
        return {
            "label": self.label,
            "name": self.name,
            "entries": list(self.entries),
            "games": t.games,
            "wins": t.wins,
            "win_rate": est["win_rate"].to_json(),
            "win_rate_wilson": None if self.win_rate_wilson is None
            else list(self.win_rate_wilson),
            "points": t.points,
            "points_per_game": est["points_per_game"].to_json(),
            "hands": t.hands,
            "maker": {"hands": t.maker, "made": t.made, "marches": t.marches,
                      "success": est["maker_success"].to_json()},
            "euchred": {"count": t.euchred, "rate": est["euchre_rate"].to_json()},
            "defended": {"hands": t.defended, "euchres_inflicted": t.inflicted,
                         "rate": est["inflicted_rate"].to_json()},
            "loners": {"attempted": t.loners, "made": t.loners_made,
                       "success": est["loner_success"].to_json()},
            "defender_loners": {"attempted": t.def_loners, "made": t.def_loners_made},
        }


@dataclass
class ArenaResult:
    """The outcome of :func:`run_arena`: every game's result and the statistics.

    Attributes:
        bots: the line-up (registry names or bot specs, entry by entry).
        seed: the tournament seed.
        rules: the rules played.
        results: every game, by index.
        confidence: the level of the intervals.
        ci: the interval method, a key of :data:`CI_METHODS`.
        elapsed: seconds spent playing.
        workers: worker processes used (1: played in this process).
        planned: the games planned, when Ctrl-C stopped the tournament before the end
            (its results are then those of the deal sets finished); ``None`` when it
            ran to the end.
        backend: where the games were played, a key of :data:`BACKENDS`.
    """

    bots: tuple[str, str, str]
    seed: int
    rules: Rules
    results: tuple[GameResult, ...]
    confidence: float = 0.95
    ci: str = "se"
    elapsed: float = 0.0
    workers: int = 1
    planned: int | None = None
    backend: str = "local"
    _cache: dict[str, list[BotStats]] = field(default_factory=dict, repr=False, compare=False)

    @property
    def games(self) -> int:
        """Games played (a multiple of 3)."""
        return len(self.results)

    @property
    def deal_sets(self) -> int:
        """Duplicate deal sets played (three games each)."""
        return len(self.results) // 3

    @cached_property
    def hands(self) -> int:
        """Hands dealt in all the games."""
        return sum(r.hands for r in self.results)

    @property
    def games_per_second(self) -> float | None:
        """Games played per second of wall time."""
        return self.games / self.elapsed if self.elapsed > 0 else None

    def _group(self, label: str, name: str, entries: tuple[int, ...]) -> BotStats:
        clusters: list[Tally] = []
        for start in range(0, len(self.results), 3):
            games = self.results[start:start + 3]
            clusters.append(_sum(g.tallies[e] for g in games for e in entries))
        totals = _sum(clusters)
        pairs = [([float(getattr(c, num)) for c in clusters],
                  [float(getattr(c, den)) for c in clusters]) for _, num, den, _ in _RATIOS]
        points = points_bounds(self.rules)
        if self.ci == "bootstrap":
            rng = random.Random(_mix(self.seed, "bootstrap", *entries))
            found = cluster_bootstrap(
                pairs, rng=rng, confidence=self.confidence,
                bounds=[None if p else points for *_, p in _RATIOS],
                proportions=[p for *_, p in _RATIOS])
        else:
            found = [ratio_estimate(n, d, confidence=self.confidence, proportion=p,
                                    bounds=None if p else points)
                     for (n, d), (*_, p) in zip(pairs, _RATIOS, strict=True)]
        estimates = {r[0]: e for r, e in zip(_RATIOS, found, strict=True)}
        if len(entries) == 3:  # one bot in every seat wins 1/3 of the games, exactly
            share = estimates["win_rate"].value
            # (no interval from one deal set, as for every other figure, or the table
            # would show one above its caption's "No intervals")
            estimates["win_rate"] = (Estimate(share, share, share) if len(clusters) >= 2
                                     else Estimate(share))
        interval = (wilson(totals.wins, totals.games, self.confidence)
                    if totals.games else None)
        return BotStats(label, name, entries, totals, estimates, interval)

    def entry_stats(self) -> list[BotStats]:
        """The statistics of each line-up entry, in line-up order."""
        if "entries" not in self._cache:
            self._cache["entries"] = [self._group(entry_label(n, e), n, (e,))
                                      for e, n in enumerate(self.bots)]
        return self._cache["entries"]

    def name_stats(self) -> list[BotStats]:
        """The statistics of each bot name, all its entries together, in line-up order.

        For a name entered ``k`` times, ``games`` counts ``k`` per game and the win rate
        is wins per entry-game, so 1/3 is still the fair share.
        """
        if "names" not in self._cache:
            names = list(dict.fromkeys(self.bots))
            self._cache["names"] = [
                self._group(f"{n} (all)" if self.bots.count(n) > 1 else n, n,
                            tuple(e for e, b in enumerate(self.bots) if b == n))
                for n in names]
        return self._cache["names"]

    @property
    def has_repeats(self) -> bool:
        """True when a bot name appears more than once in the line-up."""
        return len(set(self.bots)) < 3

    def to_json(self) -> dict[str, Any]:
        """The results as a JSON object (``format: cutthroat-arena/1``).

        Everything but ``elapsed_s``, ``games_per_s``, ``workers`` and ``backend``
        depends only on the line-up, the games, the seed, the rules and the interval
        method. Every key is described in docs/bots.md, "The arena's JSON".
        """
        return {
            "format": FORMAT,
            "bots": list(self.bots),
            "games": self.games,
            "deal_sets": self.deal_sets,
            "hands": self.hands,
            "seed": self.seed,
            "rules": self.rules.to_json(),
            "confidence": self.confidence,
            "ci": self.ci,
            "ci_method": CI_METHODS[self.ci],
            "entries": [s.to_json() for s in self.entry_stats()],
            "by_name": [s.to_json() for s in self.name_stats()],
            "backend": self.backend,
            "workers": self.workers,
            "elapsed_s": round(self.elapsed, 3),
            "games_per_s": None if self.games_per_second is None
            else round(self.games_per_second, 2),
        }

    def _rows(self) -> tuple[list[BotStats], int]:
        rows = self.entry_stats()
        return rows + (self.name_stats() if self.has_repeats else []), len(rows)

    def table(self) -> Any:
        """The results as Rich renderables (two tables: results, then play), one row per
        entry, then one per bot name when a name is entered more than once. Intervals
        sit under their estimates."""
        from rich import box
        from rich.console import Group
        from rich.table import Table

        pct = f"{self.confidence:.0%}"
        rows, entries = self._rows()
        stopped = ("" if self.planned is None else
                   f" (interrupted after {self.games:,} of {self.planned:,} games)")
        results = Table(
            title=f"{self.games} games: {deal_sets_phrase(self.deal_sets)} × 3 seatings, "
                  f"seed {self.seed}{stopped}",
            box=box.SIMPLE_HEAD, padding=(0, 1, 0, 0),
        )
        # A label is kept on one line up to LABEL_WIDTH characters, where the figures'
        # columns would otherwise squeeze it first; a longer spec folds, shown whole.
        label = min(max(len(s.label) for s in rows), LABEL_WIDTH)
        for header in ("Bot", "Games", "Won", f"Win rate\n[{pct} CI]",
                       f"Points per game\n[{pct} CI]", "Hands"):
            results.add_column(header, justify="left" if header == "Bot" else "right",
                               overflow="fold", min_width=label if header == "Bot" else None)
        play = Table(box=box.SIMPLE_HEAD, padding=(0, 1, 0, 0))
        for header in ("Bot", "Maker\nhands", f"Made\n[{pct} CI]", "Euchred",
                       f"Euchres\ninflicted\n[{pct} CI]", "Loners\nmade/tried"):
            play.add_column(header, justify="left" if header == "Bot" else "right",
                            overflow="fold", min_width=label if header == "Bot" else None)
        for i, s in enumerate(rows):
            t, est = s.totals, s.estimates
            last = i == entries - 1
            results.add_row(s.label, str(t.games), _num(t.wins), _cell(est["win_rate"]),
                            _cell(est["points_per_game"], ".2f"), str(t.hands),
                            end_section=last)
            play.add_row(
                s.label, str(t.maker), _cell(est["maker_success"]), str(t.euchred),
                _cell(est["inflicted_rate"]),
                f"{t.loners_made}/{t.loners}\n{t.def_loners_made}/{t.def_loners}",
                end_section=last,
            )
        intervals = (f"{pct} intervals: {CI_METHODS[self.ci]}." if self.deal_sets >= 2 else
                     "No intervals: they are over deal sets and need at least 2 (--games 6 "
                     "or more)." if self.planned is None else
                     "No intervals: they are over deal sets and need at least 2; "
                     f"{self.deal_sets} finished before Ctrl-C.")
        intervals += points_note((s.estimates["points_per_game"] for s in rows), self.rules)
        play.caption = (f"{intervals}\nMade, euchred: as maker; euchres inflicted: per "
                        f"hand defended.\nLoners: as maker, over alone as defender.\n"
                        f"Rules: {self.rules.describe()}.")
        return Group(results, play)

    def text(self, width: int = 160) -> str:
        """The table as plain text."""
        from rich.console import Console

        buffer = io.StringIO()
        Console(file=buffer, width=width, no_color=True, highlight=False).print(self.table())
        return buffer.getvalue()


def print_uncropped(renderable: Any) -> None:
    """Print a results table on standard output whole. Laid out for the terminal's width
    (or ``COLUMNS``; 80 in a pipe), a table with many columns can still come out wider,
    and Rich would cut every line at the width, figures and words with it: the lines
    are printed whole instead (a narrower terminal wraps them; a file or a pipe keeps
    them as they are)."""
    from rich.console import Console

    Console().print(renderable, crop=False)


LABEL_WIDTH = 24
"""The longest bot label the arena's tables keep on one line however narrow the
terminal (``mybot.FirstLegal#0`` is 18); a longer one folds."""


def deal_sets_phrase(count: int) -> str:
    """``"1 duplicate deal set"``, ``"4 duplicate deal sets"``."""
    return f"{count} duplicate deal set{'' if count == 1 else 's'}"


def _cell(est: Estimate, spec: str = ".3f") -> str:
    """An estimate over its interval, on two lines; with as many more decimals as it
    takes for no figure other than 0 to read as 0 (9 wins in 30,000 games: 0.0003
    [0.0001, 0.0005], not 0.000 [0.000, 0.000])."""
    if est.value is None:
        return "—"
    spec = _enough_digits(spec, (est.value, est.low, est.high))
    interval = est.interval(spec)
    if interval is None:
        return format(est.value, spec)
    return f"{est.value:{spec}}\n{interval}"


def _enough_digits(spec: str, figures: Iterable[float | None]) -> str:
    """``spec`` (``".3f"``), or with more decimals (up to 8) where a figure other than 0
    would read as 0 with it; a spec with a sign or not of that form as it is.

    >>> _enough_digits(".3f", [0.0003, 0.0001, 0.0])
    '.4f'
    """
    if not (spec.startswith(".") and spec.endswith("f") and spec[1:-1].isdigit()):
        return spec
    digits = int(spec[1:-1])
    shown = [x for x in figures if x is not None and x != 0 and math.isfinite(x)]
    while digits < 8 and any(round(x, digits) == 0 for x in shown):
        digits += 1
    return f".{digits}f"


def _num(x: float) -> str:
    return str(int(x)) if x == int(x) else f"{x:.2f}"


# --- the tournament ----------------------------------------------------------------


def run_arena(
    bots: str | Sequence[str | type],
    games: int,
    seed: int = 0,
    rules: Rules | None = None,
    workers: int | None = None,
    progress: bool = True,
    *,
    records: str | os.PathLike[str] | None = None,
    ci: str = "se",
    confidence: float = 0.95,
    backend: str = "local",
    address: str | None = None,
) -> ArenaResult:
    """Play a duplicate tournament between three bots (registry names, see :data:`BOTS`,
    or specs with options such as ``"expert:bid_samples=80"``, see
    :func:`~cutthroat.bots.registry.parse_spec`).

    Args:
        bots: the line-up, three names or specs (or a bot's class, for its
            ``module.Class``); one may repeat. A string is read as
            ``--bots`` is, specs separated by commas (``"random,expert:bid_samples=80,
            random"``). Specs are written back in one form (``"Expert: bid_samples =
            80"`` is shown as ``"expert:bid_samples=80"``).
        games: games in total, rounded up to a multiple of 3 (whole deal sets).
        seed: the tournament seed; the same seed plays the same games.
        rules: the rules (default: the ``standard`` preset).
        workers: processes to play in (default: every CPU); 1 plays here. No more
            than the deal sets, nor, on the local backend, :func:`max_workers`.
        progress: show a progress bar on standard error.
        records: a folder to save every game's record in, as ``game-NNNNNN.json``
            (made if need be; one holding a tournament's records already is refused,
            :class:`RecordsFolderError`). The records are written here, by this
            process, whatever the backend.
        ci: the interval method, ``"se"`` or ``"bootstrap"`` (see :data:`CI_METHODS`).
        confidence: the level of the intervals.
        backend: ``"local"`` (worker processes here) or ``"ray"`` (Ray tasks, on a
            runtime started here with ``workers`` CPUs or on the cluster at ``address``;
            :mod:`cutthroat.sim.ray_backend`). The games and the table are the same.
        address: the Ray cluster to join (``"auto"``, ``"ray://HOST:10001"``).

    Ctrl-C (``KeyboardInterrupt``) stops the tournament: it raises
    :class:`TournamentInterrupted`, which holds the results of the deal sets finished.
    """
    if backend not in BACKENDS:
        raise ValueError(f"backend must be local or ray, not {backend!r}")
    line_up = tuple(normal_spec(spec) for spec in line_up_specs(bots))
    if len(line_up) != 3:
        raise ValueError(f"the arena needs a line-up of three bots, not {len(line_up)}")
    _check_games(games)
    seed = as_seed(seed)  # refused as --seed refuses it: a negative one, a float
    if ci not in CI_METHODS:
        raise ValueError(f"ci must be one of {', '.join(CI_METHODS)}, not {ci!r}")
    if not 0.0 < confidence < 1.0:
        raise ValueError("confidence must lie strictly between 0 and 1")
    for name in dict.fromkeys(line_up):
        make_bot(name, 0)  # fail now, clearly, rather than in a worker
    rules = rules or Rules()
    sets = deal_sets(games)
    workers = resolve_workers(workers, backend, sets)
    keeper = _Keeper(None if records is None else records_folder(records))
    # A generator: the jobs are made as the workers are ready for them.
    jobs = (_Job((line_up[0], line_up[1], line_up[2]), rules, seed, chunk,
                 records is not None)
            for chunk in _chunks(sets, _per_job(sets, workers)))

    start_time = time.perf_counter()
    cpus: list[int] = []
    try:
        if backend == "ray":
            from .ray_backend import run_on_ray

            run_on_ray(jobs, _run_job, workers, address, _Progress(3 * sets, progress),
                       keep=keeper, on_cpus=cpus.append)
        elif workers == 1:
            with _Progress(3 * sets, progress) as bar:
                for job in jobs:
                    keeper(_run_job(job))
                    bar.advance(3 * len(job.sets))
        else:
            _run_pool(jobs, _run_job, workers, _Progress(3 * sets, progress), keep=keeper)
    except KeyboardInterrupt:
        done = _arena_result(line_up, seed, rules, keeper.results, confidence, ci,
                             time.perf_counter() - start_time, workers)
        done.planned, done.backend = 3 * sets, backend
        raise TournamentInterrupted(done, done.games, 3 * sets, keeper.records) from None
    if address is not None and cpus:
        workers = cpus[0]  # a cluster joined: its CPUs, not the --workers asked for
    done = _arena_result(line_up, seed, rules, keeper.results, confidence, ci,
                         time.perf_counter() - start_time, workers)
    done.backend = backend
    return done


def _arena_result(line_up: Sequence[str], seed: int, rules: Rules, found: list[GameResult],
                  confidence: float, ci: str, elapsed: float, workers: int) -> ArenaResult:
    return ArenaResult((line_up[0], line_up[1], line_up[2]), seed, rules,
                       tuple(sorted(found, key=lambda r: r.index)), confidence=confidence,
                       ci=ci, elapsed=elapsed, workers=workers)


def _run_pool(jobs: Iterable[_JobT], run: Callable[[_JobT], list[_ItemT]], workers: int,
              bar: _Progress, ahead: int = 4, *,
              keep: Callable[[list[_ItemT]], None] | None = None) -> list[_ItemT]:
    """``run`` each job in worker processes, in any order, and gather what they return
    (or hand each job's list to ``keep`` as it comes, and return nothing), advancing
    ``bar`` by the length of each job's list as each job finishes; stop at the first
    failure, which is raised. ``jobs`` is drawn lazily: at most ``ahead`` jobs per
    worker are submitted at a time, the next one as one finishes, so memory stays
    bounded however many jobs there are. (The league plays its line-ups' jobs here too.)
    """
    found: list[_ItemT] = []
    take = found.extend if keep is None else keep
    todo = iter(jobs)
    most = ahead * workers
    pool = ProcessPoolExecutor(max_workers=workers)
    finished = False
    try:
        # The first submission starts every worker (forked on Linux) before the progress
        # bar starts its refresh thread: no process is forked while another thread runs.
        pending: set[Future[list[_ItemT]]] = {
            pool.submit(run, j) for j in itertools.islice(todo, most)}
        with bar:
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    chunk = future.result()  # raises the job's exception, if any
                    take(chunk)
                    bar.advance(len(chunk))
                pending |= {pool.submit(run, j)
                            for j in itertools.islice(todo, most - len(pending))}
        finished = True
    finally:
        if finished:
            pool.shutdown(wait=True)
        else:
            _stop_pool(pool)
    return found


def _stop_pool(pool: ProcessPoolExecutor) -> None:
    """Shut a pool down at once (Ctrl-C, a failed job): cancel the jobs not started and
    end the workers, whose jobs' results nobody will read (the records are written by
    the caller, so no file is left half written), rather than wait for them to finish
    their jobs, seconds each."""
    workers = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in workers:
        with contextlib.suppress(Exception):  # gone already
            process.terminate()
    for process in workers:
        with contextlib.suppress(Exception):
            process.join(5)


def max_workers() -> int:
    """The most worker processes a tournament starts here: twice the CPUs (more only
    share them, each a process of its own, and cost memory)."""
    return 2 * cpus()


def cpus() -> int:
    """This machine's CPUs: the workers a tournament takes when none are asked for."""
    return os.cpu_count() or 1


def resolve_workers(workers: int | None, backend: str, jobs: int | None = None) -> int:
    """The workers a tournament uses: those asked (default :func:`cpus`; fewer than 1 is
    a ``ValueError``), on the local backend no more than :func:`max_workers`, and no more
    than ``jobs``, the pieces of work there are to share out, when given."""
    workers = cpus() if workers is None else workers
    if workers < 1:
        raise ValueError("workers must be at least 1")
    if backend == "local":
        workers = min(workers, max_workers())
    return workers if jobs is None else min(workers, jobs)


def deal_sets(games: int) -> int:
    """The deal sets ``games`` games take: whole sets of 3, rounded up."""
    return math.ceil(games / 3)


def _check_games(games: int) -> None:
    """Refuse a number of games that is no whole number (``TypeError``), below 1 or
    above :data:`MAX_GAMES` (``ValueError``)."""
    if isinstance(games, bool) or not isinstance(games, int):
        raise TypeError(f"games is a whole number of games, not {games!r}")
    if games < 1:
        raise ValueError("games must be at least 1")
    if games > MAX_GAMES:
        raise ValueError(f"games must be at most {MAX_GAMES:,}, not {games:,}")


class _Progress:
    """A Rich progress bar on standard error when it is a terminal, or nothing; ``label``
    names the work (``arena``, ``league``), ``unit`` what is counted."""

    def __init__(self, total: int, enabled: bool, label: str = "arena",
                 unit: str = "games") -> None:
        self.total = total
        self.enabled = enabled
        self.label = label
        self.unit = unit
        self._bar: Any = None
        self._task: Any = None

    def __enter__(self) -> _Progress:
        if not self.enabled:
            return self
        from rich.console import Console

        console = Console(stderr=True)
        if console.is_terminal:  # a log gets no bar (Rich would leave a blank line)
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )

            self._bar = Progress(
                TextColumn(self.label), BarColumn(), MofNCompleteColumn(), TextColumn(self.unit),
                TimeElapsedColumn(), TimeRemainingColumn(),
                console=console, transient=True,
            )
            self._bar.__enter__()
            self._task = self._bar.add_task(self.label, total=self.total)
        return self

    def advance(self, n: int) -> None:
        """Count ``n`` more games done."""
        if self._bar is not None:
            self._bar.advance(self._task, n)

    def __exit__(self, *exc: object) -> None:
        if self._bar is not None:
            self._bar.__exit__(*exc)

