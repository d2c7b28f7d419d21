"""The games played one after another at one table (one ``cutthroat play``): the seed
of each next game (:class:`Sitting`), and where each game's record goes when the player
names no file (:func:`default_save`), or when its own file can no longer be written
(:func:`fallback_folders`).
"""

from __future__ import annotations

import random
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import count
from pathlib import Path

__all__ = ["GAMES", "Sitting", "default_save", "fallback_folders", "new_seed"]

GAMES = Path("cutthroat-games")
"""The folder of a new game's record when the player names none (``--save``)."""


def fallback_folders(folder: Path = GAMES) -> list[Path]:
    """Where a game's record goes when its own file can no longer be written (its
    folder deleted, made read-only): a new file in ``folder`` (the default save
    folder, made if need be), else in the system's temporary folder."""
    return [folder, Path(tempfile.gettempdir())]


def new_seed() -> int:
    """A fresh seed, for a game whose player chose none (``--seed``): drawn from the
    system's randomness, so no two sittings deal alike."""
    return random.SystemRandom().randrange(1_000_000)


def default_save(seed: int, folder: Path = GAMES) -> Path:
    """The record of a new game whose player named none: in ``folder``, named for the
    time and the seed (``cutthroat-games/game-20261202-014128-seed5.json``)."""
    return folder / f"game-{time.strftime('%Y%m%d-%H%M%S')}-seed{seed}.json"


@dataclass(frozen=True, slots=True)
class Sitting:
    """How the games played one after another at one table (one ``cutthroat play``)
    follow each other: the seed of each next game and the file of its record.

    Attributes:
        seeded: whether the player chose the first game's seed (``--seed S``). Then
            each next game's seed is the last one's plus one (S+1, S+2, ...), so the
            whole sitting deals alike again, and each of its games can be dealt again
            on its own with ``--seed``; otherwise each next game draws a fresh seed
            (:func:`new_seed`).
        save: the record the player named for the first game (``--save PATH``, or the
            record resumed). The next games are saved beside it, its name with ``-2``,
            ``-3``, ... before the extension (the first such name no file has yet).
            ``None``: each next game is named as a new game without ``--save`` is
            (:func:`default_save`, in ``folder``).
        folder: where the records named by :func:`default_save` go.

    >>> sitting = Sitting(seeded=True, save=Path("/nowhere/mine.json"))
    >>> sitting.next_seed(7), sitting.next_save(8).name
    (8, 'mine-2.json')
    """

    seeded: bool = True
    save: Path | None = None
    folder: Path = GAMES

    def next_seed(self, seed: int) -> int:
        """The seed of the game after the one dealt from ``seed``."""
        return seed + 1 if self.seeded else new_seed()

    def next_save(self, seed: int) -> Path:
        """A file for the record of the next game, dealt from ``seed``: one that does
        not exist yet (a finished game's record is never written over)."""
        return next(path for path in self._names(seed) if not path.exists())

    def _names(self, seed: int) -> Iterator[Path]:
        if self.save is None:
            first = default_save(seed, self.folder)
            yield first
        else:
            first = self.save
        for number in count(2):
            yield first.with_name(f"{first.stem}-{number}{first.suffix}")
