"""The web game's page, end to end: a real server (``cutthroat serve`` in a subprocess,
on a free port, with a temporary SQLite file) and Chromium's headless shell, from
Debian's packages, driven by Playwright. These tests fail, never skip, when it is
missing. They are in tests/test_browser_*.py, by topic, their server, browser and page
helpers in tests/browser_helpers.py; here, what holds for them all."""

from __future__ import annotations

import re
from pathlib import Path


def test_no_browser_test_waits_by_evaluating_text_in_the_page() -> None:
    """Every browser test runs under the server's content policy, which forbids
    evaluating text as script: Playwright's ``wait_for_function`` does, once its first
    answer is no (a slow machine), so the tests wait with :func:`wait_until`."""
    here = Path(__file__).parent
    files = [*sorted(here.glob("test_browser*.py")), here / "browser_helpers.py"]
    called = [f"{path.name}:{number}" for path in files
              for number, line in enumerate(path.read_text().splitlines(), 1)
              if re.search(r"\.wait_for_function\(", line)]
    assert called == []
