"""The engine depends on the standard library only: every module it imports, directly
or through another of the package's modules, lazily inside a function too, is the
standard library's or the package's own (which, followed, import the same)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import cutthroat

PACKAGE = Path(cutthroat.__file__).parent
ENGINE = ("cards", "rules", "actions", "deal", "scoring", "phases", "checks",
          "hand_queries", "before_play", "state", "views", "game", "record", "errors")


def _imports(module: str) -> tuple[set[str], set[str]]:
    """(the package's modules, other top-level modules) that ``module`` imports."""
    tree = ast.parse((PACKAGE / f"{module}.py").read_text())
    ours: set[str] = set()
    others: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            others.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                others.add((node.module or "").split(".")[0])
            elif node.module:
                ours.add(node.module.split(".")[0])
            else:  # from . import actions
                ours.update(alias.name for alias in node.names)
    return ours, others


def _closure() -> dict[str, set[str]]:
    """Every package module the engine reaches, with the other modules each imports."""
    found: dict[str, set[str]] = {}
    todo = list(ENGINE)
    while todo:
        module = todo.pop()
        if module in found:
            continue
        ours, others = _imports(module)
        found[module] = others - {"__future__"}
        todo.extend(ours - found.keys())
    return found


def test_the_engine_and_what_it_imports_use_the_standard_library_only() -> None:
    reached = _closure()
    assert set(ENGINE) <= reached.keys()
    outside = {module: sorted(others - set(sys.stdlib_module_names))
               for module, others in reached.items()}
    assert {m: o for m, o in outside.items() if o} == {}
    assert not any("bots" in m or "server" in m or m == "rl" for m in reached)


def test_every_engine_module_is_measured_by_the_engines_coverage_floor() -> None:
    """The Makefile's ENGINE_MODULES (the modules held to 95% branch coverage, README.md)
    are the engine's: every module the engine reaches but the text of errors and of the
    plain-text accounts (``errors``, ``render``; covered with the rest of the package).
    A module split off the engine (``before_play`` from ``state``) was left out once."""
    makefile = (Path(__file__).parents[1] / "Makefile").read_text()
    line = next(line for line in makefile.splitlines() if line.startswith("ENGINE_MODULES"))
    measured = set(line.partition(":=")[2].split())
    assert measured == _closure().keys() - {"errors", "render"}
    assert measured == set(ENGINE) - {"errors"}


def test_importing_the_package_loads_no_third_party_module() -> None:
    code = ("import sys; before = set(sys.modules); import cutthroat;"
            "g = cutthroat.Game(seed=1); h = g.deal(); h.push(h.legal_actions()[0]);"
            "str(h); str(h.view(0)); str(g); import cutthroat.record;"
            "print(sorted({m.split('.')[0] for m in set(sys.modules) - before}"
            " - set(sys.stdlib_module_names) - {'cutthroat'}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


def _load_time_imports(module: str) -> set[str]:
    """The package's modules that ``module`` imports when it is loaded: at its top level
    (under ``if TYPE_CHECKING:`` left out), not inside a function."""
    tree = ast.parse((PACKAGE / f"{module}.py").read_text())
    found: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            found.update([node.module.split(".")[0]] if node.module
                         else [alias.name for alias in node.names])
    return found


def test_the_engine_imports_flow_one_way_as_architecture_md_draws_them() -> None:
    """docs/architecture.md draws the engine's modules in a line, each importing only
    those before it when it is loaded (the imports against the flow are made when
    called): a module that imports one after it breaks the drawing, or a cycle."""
    text = (PACKAGE.parents[1] / "docs" / "architecture.md").read_text(encoding="utf-8")
    chain = text.split("```\n", 2)[1].splitlines()[0].split(" → ")
    assert sorted(chain) == sorted(ENGINE)
    for place, module in enumerate(chain):
        later = _load_time_imports(module) - set(chain[:place])
        assert not later, f"{module} imports {sorted(later)}, drawn after it"
