"""Tournaments between bots: duplicate deals, seat rotation, statistics and plots; the
league, which rates any number of bots from every line-up of three.

>>> from cutthroat.sim import run_arena
>>> result = run_arena(["random"] * 3, games=3, progress=False, workers=1)
>>> [s.totals.games for s in result.entry_stats()]
[3, 3, 3]
"""

from .arena import (
    BOTS,
    ArenaError,
    ArenaResult,
    BotSpecError,
    BotStats,
    BotUnavailableError,
    GameResult,
    RecordsFolderError,
    Tally,
    TournamentInterrupted,
    TournamentStopped,
    UnknownBotError,
    WorkerLostError,
    bot_names,
    make_bot,
    play_arena_game,
    run_arena,
)
from .league import LeagueResult, run_league
from .stats import Estimate

__all__ = [
    "BOTS",
    "ArenaError",
    "ArenaResult",
    "BotSpecError",
    "BotStats",
    "BotUnavailableError",
    "Estimate",
    "GameResult",
    "LeagueResult",
    "RecordsFolderError",
    "Tally",
    "TournamentInterrupted",
    "TournamentStopped",
    "UnknownBotError",
    "WorkerLostError",
    "bot_names",
    "make_bot",
    "play_arena_game",
    "run_arena",
    "run_league",
]
