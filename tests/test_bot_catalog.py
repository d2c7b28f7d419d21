"""The bot catalogue (bots/catalog.py) and ``cutthroat bots``: every bot and option a
player can choose, described from the code itself."""

from __future__ import annotations

import inspect
import re
from typing import Any

import pytest
from typer.testing import CliRunner

from cutthroat.bots import registry
from cutthroat.bots.catalog import describe_bot, describe_bots
from cutthroat.bots.expert import ExpertBot
from cutthroat.bots.registry import BOTS, BotSpecError, UnknownBotError, format_spec, make_bot
from cutthroat.cli import app


def test_every_registered_bot_is_described_in_ladder_order() -> None:
    infos = describe_bots()
    assert [info.name for info in infos] == list(BOTS)
    for info in infos:
        assert info.summary and "\n" not in info.summary and len(info.summary) < 100


@pytest.mark.parametrize("name", list(BOTS))
def test_options_are_the_constructors_with_defaults_and_each_is_documented(name: str) -> None:
    """What the catalogue lists is what a spec may set (every keyword parameter but the
    seed and ``rng``), with the constructor's defaults, and no option goes without a
    sentence on what it does: a new option with no ``Args:`` entry fails here."""
    info = describe_bot(name)
    cls = type(make_bot(name, 0))
    params = {n: p.default for n, p in inspect.signature(cls).parameters.items()
              if n not in ("seed", "rng")}
    assert {o.name: o.default for o in info.options} == params
    for option in info.options:
        assert option.help.endswith((".", ")")), option
        assert "``" not in option.help and ":func:" not in option.help, option


def test_bots_md_names_every_option_of_the_expert() -> None:
    """docs/bots.md's list of the expert's options fell behind once (``opponents``
    missing): every option the catalogue lists is named there."""
    from pathlib import Path

    doc = (Path(__file__).parents[1] / "docs" / "bots.md").read_text(encoding="utf-8")
    missing = [o.name for o in describe_bot("expert").options if f"`{o.name}`" not in doc]
    assert missing == []


def test_the_defaults_shown_make_the_default_bot() -> None:
    """The defaults as the catalogue writes them are a spec that makes the same bot."""
    info = describe_bot("expert")
    spec = format_spec("expert", {o.name: o.default for o in info.options})
    bot = make_bot(spec, 3)
    default = ExpertBot(seed=3)
    assert isinstance(bot, ExpertBot)
    assert {o.name: getattr(bot, o.name) for o in info.options} == \
        {o.name: getattr(default, o.name) for o in info.options}


def test_expert_option_kinds_and_cleaned_help() -> None:
    by_name = {o.name: o for o in describe_bot(" EXPERT ").options}
    assert by_name["bid_samples_max"].kind == "int or None"
    assert by_name["inference"].kind == "float" and by_name["inference"].default == 0.01
    assert by_name["playout"].help.startswith("how a simulated hand is played")
    assert '"bidding"' in by_name["playout"].help
    # A Sphinx role with ~ keeps the last name only.
    assert "ModelSearch" in by_name["card_play"].help
    assert "model_search.ModelSearch" not in by_name["card_play"].help


def test_unknown_bot_is_refused_with_the_known_names() -> None:
    with pytest.raises(UnknownBotError, match="known: random, beginner"):
        describe_bot("wizard")


def test_a_plain_factory_is_described_from_its_signature(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot added to the registry as a function (not a lazily imported class) is
    described from the function: its docstring and its parameters after the seed."""

    def make_cautious(seed: int, nerve: float = 0.5, rng: Any = None) -> Any:
        """A made-up bot for this test.

        Args:
            seed: the seed.
            nerve: how bold it is.
        """
        return make_bot("intermediate", seed)

    monkeypatch.setitem(registry.BOTS, "cautious", make_cautious)
    info = describe_bot("cautious")
    assert info.summary == "A made-up bot for this test."
    assert [(o.name, o.kind, o.default, o.help) for o in info.options] == [
        ("nerve", "float", 0.5, "how bold it is.")]


def test_an_args_entry_may_give_its_type_in_google_style(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``depth (int): ...`` was dropped: only ``depth: ...`` was read."""

    def make_deep(seed: int, depth: int = 2, style: str = "calm") -> Any:
        """Looks deep.

        Args:
            seed (int): the seed.
            depth (int): how deep it looks,
                in tricks.
            style: how it plays.
        """
        return make_bot("intermediate", seed)

    monkeypatch.setitem(registry.BOTS, "deep", make_deep)
    assert [(o.name, o.help) for o in describe_bot("deep").options] == [
        ("depth", "how deep it looks, in tricks."), ("style", "how it plays.")]


def test_a_bot_that_takes_any_keywords_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """A constructor with ``**kwargs`` was listed as taking no options, though the
    arena passes it any it is given."""

    def make_open(seed: int, depth: int = 1, **kwargs: Any) -> Any:
        """Takes anything."""
        return make_bot("random", seed)

    def make_closed(seed: int) -> Any:
        """Takes nothing."""
        return make_bot("random", seed)

    monkeypatch.setitem(registry.BOTS, "open", make_open)
    monkeypatch.setitem(registry.BOTS, "closed", make_closed)
    assert describe_bot("open").any_options and not describe_bot("closed").any_options
    assert make_bot("open:colour=red", 0).name == "random"  # passed on, unchecked
    said = CliRunner().invoke(app, ["bots", "open"], env={"COLUMNS": "200"})
    assert said.exit_code == 0 and "depth=1" in said.stdout
    assert "It takes options of any name too (**kwargs)" in said.stdout
    said = CliRunner().invoke(app, ["bots", "closed"], env={"COLUMNS": "200"})
    assert said.stdout.splitlines()[-1] == "It takes no options."


def test_a_bot_without_a_docstring_or_args_section(monkeypatch: pytest.MonkeyPatch) -> None:
    def bare(seed, level=1):  # type: ignore[no-untyped-def]
        return make_bot("random", seed)

    monkeypatch.setitem(registry.BOTS, "bare", bare)
    info = describe_bot("bare")
    assert info.summary == ""
    assert [(o.name, o.kind, o.default, o.help) for o in info.options] == [
        ("level", "int or float", 1, "")]  # the kind of its default (below)
    said = CliRunner().invoke(app, ["bots", "bare"], env={"COLUMNS": "200"})
    assert said.exit_code == 0, said.output  # not "bare: " and nothing after it
    assert said.stdout.splitlines()[0] == "bare (its class has no docstring to describe it)"


def test_an_option_without_annotation_takes_the_kind_of_its_default(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot author's ``verbose=False`` with no annotation took ``verbose=maybe`` (a
    truthy str) and was listed "(any)" (a QA pass): an option without an annotation
    takes the kind of its default, and says so when refused; a default of None still
    takes anything."""
    def loose(seed, verbose=False, depth=2, rate=0.5, how="x", label=None):  # type: ignore[no-untyped-def]
        return make_bot("random", seed)

    monkeypatch.setitem(registry.BOTS, "loose", loose)
    assert [o.kind for o in describe_bot("loose").options] == [
        "bool", "int or float", "float", "str", "any"]
    for spec, said in (("loose:verbose=maybe", "option verbose takes bool (as its default, "
                                               "False), not 'maybe'"),
                       ("loose:depth=deep", "option depth takes int or float (as its "
                                            "default, 2), not 'deep'"),
                       ("loose:rate=true", "option rate takes float (as its default, "
                                           "0.5), not True"),
                       ("loose:how=3", "option how takes str (as its default, 'x'), not 3")):
        with pytest.raises(BotSpecError, match=re.escape(said)):
            make_bot(spec, 0)
    for spec in ("loose:verbose=true,depth=1.5,rate=1,how=y,label=3", "loose:label=any"):
        assert make_bot(spec, 0).name == "random"


def test_a_default_of_a_subclass_or_an_unread_annotation_takes_anything(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The kind of a default was read with isinstance: an enum's member made the kind
    the enum, which no spec can write (``mode=fast`` refused under its own default), and
    NumPy's float made it float64 (a code review). Only a plain bool, int, float or str
    default gives a kind; an annotation that could not be read gives none either."""
    import enum

    class Mode(enum.StrEnum):
        FAST = "fast"
        SLOW = "slow"

    class Level(enum.IntEnum):
        LOW = 1

    class Half(float):
        pass

    half = Half(0.5)  # as numpy.float64(0.5) is

    def subclassed(seed, mode=Mode.FAST, level=Level.LOW, temp=half):  # type: ignore[no-untyped-def]
        return make_bot("random", seed)

    def unread(seed, x: NoSuchType | None = 0.5):  # type: ignore[name-defined,no-untyped-def]  # noqa: F821
        return make_bot("random", seed)

    monkeypatch.setitem(registry.BOTS, "subclassed", subclassed)
    monkeypatch.setitem(registry.BOTS, "unread", unread)
    assert [o.kind for o in describe_bot("subclassed").options] == ["any", "any", "any"]
    assert make_bot("subclassed:mode=slow,level=LOW,temp=0.7", 0).name == "random"
    assert [o.kind for o in describe_bot("unread").options] == ["any"]
    assert make_bot("unread:x=none", 0).name == "random"


def test_cli_bots_lists_the_ladder_and_one_bots_options() -> None:
    runner = CliRunner()
    done = runner.invoke(app, ["bots"])
    assert done.exit_code == 0, done.output
    lines = done.stdout.splitlines()
    order = [next(i for i, line in enumerate(lines) if line.strip().startswith(name))
             for name in BOTS]
    assert order == sorted(order)
    assert ", listed by `cutthroat bots expert`" in done.stdout  # not "options: cutthroat ..."
    for command in ("play", "watch", "arena"):  # every command that takes --bots
        assert f"`cutthroat {command}`" in done.stdout

    done = runner.invoke(app, ["bots", "expert"])
    assert done.exit_code == 0, done.output
    assert done.stdout.startswith("expert: Search over sampled deals")
    for option in describe_bot("expert").options:
        assert f"  {option.name}=" in done.stdout
    assert "  inference=0.01  (float)" in done.stdout
    assert "  aware=false  (bool)" in done.stdout

    done = runner.invoke(app, ["bots", "beginner"])
    assert done.exit_code == 0 and "It takes no options." in done.stdout


def test_cli_bots_refuses_an_unknown_name() -> None:
    done = CliRunner().invoke(app, ["bots", "wizard"])
    assert done.exit_code == 2
    assert "unknown bot 'wizard'" in done.output and "expert" in done.output


def test_cli_bots_refuses_a_class_that_is_no_bot_and_reads_an_options_section(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """`cutthroat bots qabots.NotABot` said "It takes no options" (status 0) where the
    arena refuses the class; an `Options:` section of the docstring was not read."""
    (tmp_path / "qabots_catalog.py").write_text(
        'class NotABot:\n'
        '    def __init__(self, seed=0):\n'
        '        pass\n\n\n'
        'class FirstBot:\n'
        '    """Always plays the first legal action.\n\n'
        '    Options:\n'
        '        pick: which legal index to take.\n'
        '    """\n\n'
        '    name = "first"\n\n'
        '    def __init__(self, seed=0, pick: int = 0):\n'
        '        self.pick = pick\n\n'
        '    def choose(self, view):\n'
        '        return view.legal[0]\n')
    monkeypatch.syspath_prepend(str(tmp_path))
    done = CliRunner().invoke(app, ["bots", "qabots_catalog.NotABot"])
    assert done.exit_code == 2 and "It takes no options" not in done.output
    assert "which is not a bot" in " ".join(done.output.replace("│", " ").split())
    info = describe_bot("qabots_catalog.FirstBot")
    assert [(o.name, o.help) for o in info.options] == [("pick", "which legal index to take.")]
