"""What tests of the command line share: the command run as another program runs it
(:func:`cutthroat`), and, for the tournament commands (tests/test_arena.py,
tests/test_league.py), a command run up to the call that would play its games."""

from __future__ import annotations

import inspect
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import IO, Any

import pytest
import typer
from typer.testing import CliRunner


def asked_of(monkeypatch: pytest.MonkeyPatch, app: typer.Typer, module: ModuleType,
             function: str, *args: str) -> tuple[Any, dict[str, Any]]:
    """Run ``app`` with ``args`` up to its call of ``module.function`` (``run_arena``,
    ``run_league``), which is stood in for: the command's result (a Ctrl-C there ends
    it), and the arguments it passed, by the names the function gives them (``{}``
    when it never called it)."""
    asked: dict[str, Any] = {}
    signature = inspect.signature(getattr(module, function))

    def stop(*positional: Any, **keywords: Any) -> Any:
        asked.update(signature.bind(*positional, **keywords).arguments)
        raise KeyboardInterrupt

    monkeypatch.setattr(module, function, stop)
    return CliRunner().invoke(app, list(args)), asked


def cutthroat(*args: str | Path, stdin: bytes = b"", cwd: Path | None = None,
              env: dict[str, str] | None = None,
              stdout: IO[bytes] | int = subprocess.PIPE) -> subprocess.CompletedProcess[bytes]:
    """Run ``python -m cutthroat.cli ARGS`` as another program would, and capture its
    output as bytes (with ``env`` added to the environment; standard output to
    ``stdout`` instead where given, a full device for instance)."""
    return subprocess.run(
        [sys.executable, "-m", "cutthroat.cli", *map(str, args)],
        input=stdin, stdout=stdout, stderr=subprocess.PIPE, timeout=120, cwd=cwd,
        check=False, env=None if env is None else {**os.environ, **env},
    )
