"""The package's set-up: README.md's two commands (the Makefile), and what
pyproject.toml declares (the extras, the version)."""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
import time
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

import pytest

import cutthroat

ROOT = Path(__file__).parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def _name(requirement: str) -> str:
    """A requirement's distribution, normalized: ``"psycopg[binary]>=3.1"`` -> ``psycopg``."""
    return re.split(r"[\[<>=!~; ]", requirement, maxsplit=1)[0].lower().replace("_", "-")


def test_the_version_is_written_once_alike() -> None:
    assert cutthroat.__version__ == PROJECT["version"]


def test_the_readme_names_every_extra() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    [sentence] = re.findall(r"The extras are (.*?\(all of them and the test tools\))", readme,
                            re.S)
    assert set(re.findall(r"`(\w+)`", sentence)) == set(PROJECT["optional-dependencies"])


def test_dev_installs_every_extra() -> None:
    """README.md: ``make run`` and ``make test`` install every extra (``dev``)."""
    extras = PROJECT["optional-dependencies"]
    dev = {_name(r) for r in extras["dev"]}
    for extra, requirements in extras.items():
        missing = {_name(r) for r in requirements} - dev - {_name(PROJECT["name"])}
        assert not missing, f"the {extra} extra needs {missing}, which dev does not install"


def test_every_package_the_code_imports_is_declared() -> None:
    """Starlette, Pydantic and AnyIO were imported by the server but came only as
    FastAPI's own requirements."""
    declared = {_name(r) for r in PROJECT["dependencies"]} | {
        _name(r) for requirements in PROJECT["optional-dependencies"].values()
        for r in requirements}
    sources = {dist.lower().replace("_", "-") for dists in packages_distributions().values()
               for dist in dists}
    owners = packages_distributions()
    undeclared = {}
    for path in (ROOT / "src" / "cutthroat").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                if top in sys.stdlib_module_names or top == "cutthroat":
                    continue
                dists = {d.lower().replace("_", "-") for d in owners.get(top, [top])}
                if not dists & declared:
                    undeclared[top] = path.relative_to(ROOT)
    assert sources and not undeclared, undeclared


def _dry_run(where: Path, *args: str) -> str:
    """What ``make -n ARGS`` would run in ``where`` (nothing is run)."""
    return subprocess.run(["make", "-n", *args], cwd=where, capture_output=True, text=True,
                          check=True).stdout


def _installed(where: Path, *stamps: str) -> None:
    """A .venv in ``where`` set up with each set of extras in ``stamps``, after the
    pyproject.toml it was set up from."""
    (where / ".venv" / "bin").mkdir(parents=True)
    os.utime(where / "pyproject.toml", (1, 1))
    for stamp in stamps:
        (where / ".venv" / f".installed-{stamp}").touch()


def test_make_test_after_make_run_with_fewer_extras_installs_the_test_tools(
        tmp_path: Path) -> None:
    """README.md: ``make run EXTRAS=web,tui`` installs less; ``make test`` then found
    the one stamp it had left and ran ``.venv/bin/ruff``, which was not there (127)."""
    for name in ("Makefile", "pyproject.toml"):
        shutil.copy(ROOT / name, tmp_path / name)
    _installed(tmp_path, "web+tui")
    assert "pip install" not in _dry_run(tmp_path, "run", "EXTRAS=web,tui")
    for target in ("test", "lint", "typecheck", "unit"):
        assert "pip install --quiet -e '.[dev]'" in _dry_run(tmp_path, target), target
    (tmp_path / ".venv" / ".installed-dev").touch()
    assert "pip install" not in _dry_run(tmp_path, "lint")
    assert "pip install" not in _dry_run(tmp_path, "run")  # everything: dev by default
    assert "pip install --quiet -e '.[tui,web]'" in _dry_run(tmp_path, "run", "EXTRAS=tui,web")


def test_make_help_says_what_every_target_does() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    [phony] = re.findall(r"^\.PHONY: (.*)$", makefile, re.M)
    said = subprocess.run(["make", "-s", "help"], cwd=ROOT, capture_output=True, text=True,
                          check=True).stdout
    described = set(re.findall(r"^make (\w+) +\S", said, re.M))
    assert described == set(phony.split())


def test_a_changed_pyproject_installs_again(tmp_path: Path) -> None:
    for name in ("Makefile", "pyproject.toml"):
        shutil.copy(ROOT / name, tmp_path / name)
    _installed(tmp_path, "dev")
    assert "pip install" not in _dry_run(tmp_path, "lint")
    # Later than the stamp by a whole minute, not both "now": a file system with coarse
    # times gave both the same mtime in CI, and make took the stamp for up to date (the
    # stamp is set back, not pyproject.toml ahead: make warns of a file from the future).
    stamp = tmp_path / ".venv" / ".installed-dev"
    now = time.time()
    os.utime(stamp, (now - 120, now - 120))
    os.utime(tmp_path / "pyproject.toml", (now - 60, now - 60))
    assert "pip install --quiet -e '.[dev]'" in _dry_run(tmp_path, "lint")


def test_serve_without_the_web_extra_says_how_to_install_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A newcomer's finding: ``cutthroat serve`` without the web extra wrote its reason
    with no ``Error:`` before it, and only the package index's name to install from."""
    from typer.testing import CliRunner

    from cutthroat.cli import app

    monkeypatch.setitem(sys.modules, "uvicorn", None)  # import uvicorn: ImportError
    done = CliRunner().invoke(app, ["serve"])
    assert done.exit_code == 1, done.output
    [said] = done.stderr.strip().splitlines()
    assert said.startswith("Error: the web game needs the web extra: pip install "
                           "'cutthroat-euchre[web]' (in a checkout: make run, or pip "
                           "install '.[web]')"), said


@pytest.mark.parametrize(("missing", "module", "extra"), [
    ("numpy", "cutthroat.rl.policy", "rl"), ("gymnasium", "cutthroat.rl.pettingzoo_env", "rl"),
    ("textual", "cutthroat.tui.app", "tui"), ("fastapi", "cutthroat.server.app", "web"),
    ("limits", "cutthroat.server.app", "web")])
def test_a_module_whose_extra_is_missing_names_the_extra(missing: str, module: str,
                                                        extra: str) -> None:
    """``import cutthroat.rl.policy`` without NumPy ended "No module named 'numpy'",
    and the full-screen table and the web app the same, with no word of the extra."""
    done = subprocess.run([sys.executable, "-c", f"import sys; sys.modules[{missing!r}] = None; "
                           f"import {module}"], capture_output=True, text=True, timeout=60,
                          check=False)
    assert done.returncode == 1
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("ModuleNotFoundError: ") and missing in last, last
    assert last.endswith(f"pip install 'cutthroat-euchre[{extra}]'"), last
