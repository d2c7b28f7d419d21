"""The documentation stays in step with the code: every module is described in
docs/architecture.md, every command of ``cutthroat --help`` is documented, and the links
between the docs resolve."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cutthroat.cli import app
from cutthroat.server.chat import CHAT_MAX
from cutthroat.server.names import NAME_MAX, longest_raw

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "cutthroat"
DOCS = [*sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md", ROOT / "bench" / "README.md"]


def _modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py")
                  if p.name != "__init__.py" or p.parent == PACKAGE)


@pytest.mark.parametrize("module", _modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_architecture_names_every_module(module: Path) -> None:
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    names = {f"`{module.stem}`", f"`{module.name}`",
             f"`{module.relative_to(PACKAGE).as_posix()}`"}
    assert any(name in text for name in names), (
        f"docs/architecture.md does not describe {module.relative_to(PACKAGE)}")


def test_every_command_is_documented() -> None:
    text = "\n".join(doc.read_text(encoding="utf-8") for doc in DOCS)
    commands = [c.name or c.callback.__name__ for c in app.registered_commands
                if c.callback is not None]
    for command in commands:
        assert f"cutthroat {command}" in text, f"`cutthroat {command}` is in no doc"


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_links_resolve(doc: Path) -> None:
    for link in re.findall(r"\]\(([^)\s]+)\)", doc.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", link):
            continue
        path = link.partition("#")[0]
        assert not path or (doc.parent / path).exists(), f"{doc.name}: {link} is missing"


def test_protocol_states_the_raw_bounds_the_server_keeps() -> None:
    """docs/protocol.md gives the bound on a name and a line of talk as sent, before
    runs of spaces fold: the numbers the server refuses beyond."""
    text = " ".join((ROOT / "docs" / "protocol.md").read_text(encoding="utf-8").split())
    assert f"at most {longest_raw(NAME_MAX)} as sent" in text
    assert f"more than {longest_raw(CHAT_MAX):,} characters before it is folded" in text
