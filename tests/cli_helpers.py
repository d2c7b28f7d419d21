"""What the tests of the tournament commands (tests/test_arena.py, tests/test_league.py)
share: a command run up to the call that would play its games."""

from __future__ import annotations

import inspect
from types import ModuleType
from typing import Any

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
