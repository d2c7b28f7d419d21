"""Bots by spec: a registry name with options (``expert:bid_samples=80``), checked
before a bot is made, in the Python API, the arena and the command line."""

from __future__ import annotations

import math
import string
from typing import Any

import pytest
import typer
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from cutthroat.bots import BotSpecError, RandomBot, make_bot, registry
from cutthroat.bots.expert import ExpertBot
from cutthroat.bots.registry import format_spec, parse_spec, split_line_up
from cutthroat.cli import app as main_app
from cutthroat.sim import UnknownBotError, run_arena


@pytest.fixture
def app() -> typer.Typer:
    return main_app


@pytest.mark.parametrize(("spec", "parsed"), [
    ("expert", ("expert", {})),
    ("  Expert ", ("expert", {})),
    ("expert:", ("expert", {})),
    ("expert:bid_samples=80", ("expert", {"bid_samples": 80})),
    ("EXPERT: margin = 0.5 , aware=TRUE,calibrated=false,",
     ("expert", {"margin": 0.5, "aware": True, "calibrated": False})),
    ("expert:playout=table,bid_samples_max=none",
     ("expert", {"playout": "table", "bid_samples_max": None})),
])
def test_parse_spec_reads_names_and_typed_options(spec: str, parsed: tuple[str, dict[str, Any]]
                                                   ) -> None:
    assert parse_spec(spec) == parsed


@pytest.mark.parametrize(("spec", "message"), [
    (":bid_samples=1", "has no bot name"),
    ("expert:bid_samples", "is not key=value"),
    ("expert:=3", "is not key=value"),
    ("expert:bid samples=3", "is not key=value"),
    ("expert:aware=true,aware=false", "sets aware twice"),
])
def test_parse_spec_refuses_malformed_specs(spec: str, message: str) -> None:
    with pytest.raises(BotSpecError, match=message):
        parse_spec(spec)


_WORDS = st.text(string.ascii_letters, min_size=1, max_size=8).filter(
    lambda w: w.lower() not in ("true", "false", "none", "null", "nan", "inf", "infinity"))


@given(name=st.sampled_from(["random", "beginner", "intermediate", "expert"]),
       options=st.dictionaries(
           st.from_regex(r"[a-z][a-z0-9_]{0,10}", fullmatch=True).filter(
               lambda k: k not in ("seed", "rng")),
           st.one_of(st.booleans(), st.none(), st.integers(-10**6, 10**6),
                     st.floats(allow_nan=False), _WORDS),
           max_size=4))
def test_format_spec_is_read_back_by_parse_spec(name: str, options: dict[str, Any]) -> None:
    assert parse_spec(format_spec(name, options)) == (name, options)


def test_split_line_up_keeps_options_with_their_bot() -> None:
    assert split_line_up("expert:play_samples=40,bid_samples=80,intermediate,intermediate") == [
        "expert:play_samples=40,bid_samples=80", "intermediate", "intermediate"]
    assert split_line_up(" random ,expert:aware=true, random:,beginner ") == [
        "random", "expert:aware=true", "random:", "beginner"]
    with pytest.raises(BotSpecError, match="empty place between commas"):
        split_line_up(" random , ,expert:aware=true")  # it names no bot: not dropped
    assert split_line_up("  ") == []  # no bot at all: the caller says how many it needs
    with pytest.raises(BotSpecError, match="follows no bot"):
        split_line_up("bid_samples=3,expert,intermediate")
    with pytest.raises(BotSpecError, match="follows no bot"):
        split_line_up("expert,bid_samples=3,intermediate")


def test_make_bot_passes_checked_options_to_the_bot() -> None:
    bot = make_bot("expert:bid_samples=80,play_samples=40,margin=1,time_limit=0.5", 3)
    assert isinstance(bot, ExpertBot)
    assert (bot.bid_samples, bot.play_samples, bot.margin, bot.time_limit) == (80, 40, 1, 0.5)
    bot = make_bot("expert:aware=true", 3, bid_samples=12)
    assert isinstance(bot, ExpertBot) and bot.aware and bot.bid_samples == 12
    assert make_bot("Expert", 3).name == "expert"
    # the seed still decides: the same spec and seed give the same sampling stream
    a, b = make_bot("expert:play_samples=2", 5), make_bot("expert:play_samples=2", 5)
    assert isinstance(a, ExpertBot) and isinstance(b, ExpertBot)
    assert a.rng.random() == b.rng.random()


@pytest.mark.parametrize(("spec", "options", "error", "message"), [
    ("expert:play_sample=2", {}, BotSpecError,
     "no option 'play_sample'; its options are play_samples, bid_samples"),
    ("expert:bid_samples=lots", {}, BotSpecError, "bid_samples takes int, not 'lots'"),
    ("expert:bid_samples=true", {}, BotSpecError, "bid_samples takes int, not True"),
    ("expert:play_samples=none", {}, BotSpecError, "play_samples takes int, not None"),
    ("expert:margin=high", {}, BotSpecError, "margin takes float, not 'high'"),
    ("expert:time_limit=soon", {}, BotSpecError, "time_limit takes float or None"),
    ("random:level=3", {}, BotSpecError, "'random' bot has no option 'level'; it takes no"),
    ("intermediate:aggressive=true", {}, BotSpecError, "it takes no options"),
    ("expert:aware=true", {"aware": False}, BotSpecError, "both in"),
    ("expert", {"rng": 4}, BotSpecError, "rng cannot be set as an option"),
    ("expert:seed=3", {}, BotSpecError, "seed cannot be set as an option"),
    ("random:rng=3", {}, BotSpecError, "rng cannot be set as an option"),
    ("nobody:x=1", {}, UnknownBotError, "unknown bot 'nobody'"),
    ("expert:play_samples=0", {}, ValueError, "play_samples must be at least 1"),
    ("expert:bid_samples=-3", {}, ValueError, "bid_samples must be at least 1"),
    ("expert:keep_candidates=0", {}, ValueError, "keep_candidates must be at least 1"),
    ("expert:bid_samples=40,bid_samples_max=10", {}, ValueError,
     "bid_samples_max \\(10\\) must be at least bid_samples"),
    ("expert:time_limit=0", {}, ValueError, "time_limit must be a number of seconds"),
    ("expert:inference=1.5", {}, ValueError, "inference must lie between 0 and 1"),
    ("expert:inference=nan", {}, ValueError, "inference must lie between 0 and 1"),
    ("expert:margin=nan", {}, ValueError, "margin must be at least 0"),
    ("expert:playout=magic", {}, ValueError, "playout must be"),
])
def test_make_bot_refuses_bad_options_clearly(spec: str, options: dict[str, Any],
                                              error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        make_bot(spec, 0, **options)


def test_a_factory_that_takes_only_a_seed_takes_no_options(monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    monkeypatch.setitem(registry.BOTS, "plain", lambda seed: RandomBot(seed=seed))
    assert isinstance(make_bot("plain", 1), RandomBot)
    with pytest.raises(BotSpecError, match="'plain' bot has no option 'x'"):
        make_bot("plain:x=1", 1)


def test_the_arena_plays_specs_and_shows_them_in_one_form(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    made: list[dict[str, Any]] = []

    def probe(seed: int, **options: Any) -> RandomBot:
        made.append(options)
        return RandomBot(seed=seed)

    monkeypatch.setitem(registry.BOTS, "probe", probe)
    result = run_arena(["Probe: depth = 3, style=bold", "random", "random"], 3, workers=1,
                       progress=False)
    assert result.bots == ("probe:depth=3,style=bold", "random", "random")
    assert made and all(options == {"depth": 3, "style": "bold"} for options in made)
    assert result.entry_stats()[0].label.startswith("probe:depth=3,style=bold")
    with pytest.raises(BotSpecError, match="no option 'depht'"):
        run_arena(["expert:depht=3", "random", "random"], 3, workers=1, progress=False)
    assert math.isclose(sum(s.totals.wins for s in result.entry_stats()), 3)


def test_cli_arena_and_watch_take_specs(app: typer.Typer) -> None:
    runner = CliRunner()
    done = runner.invoke(app, ["arena", "--bots", "bid_samples=3,expert,intermediate"])
    assert done.exit_code == 2 and "follows no bot" in done.stderr
    done = runner.invoke(app, ["arena", "--bots", "expert:play_sample=2,random,random",
                               "--games", "3", "--workers", "1", "--no-progress"])
    assert done.exit_code == 2 and "no option 'play_sample'" in done.stderr
    done = runner.invoke(app, ["arena", "--bots", "nobody:x=1,random,random"])
    assert done.exit_code == 2 and "unknown bot 'nobody'" in done.stderr
    done = runner.invoke(app, ["watch", "--seed", "2", "--bots",
                               "expert:play_samples=1,bid_samples=1,random,random"])
    assert done.exit_code == 0, done.output
    assert "West (expert:play_samples=1,bid_samples=1)" in done.stdout
    assert "Game over" in done.stdout
    done = runner.invoke(app, ["watch", "--bots", "expert:bid_samples=0,random,random"],
                         env={"COLUMNS": "200"})
    assert done.exit_code == 2
    assert "the 'expert' bot refused its options: bid_samples must be at least 1" in done.stderr


@pytest.mark.parametrize("spec", ["random", "beginner", "intermediate",
                                  "expert:play_samples=2,bid_samples=4"])
def test_choose_explained_chooses_what_choose_does(spec: str) -> None:
    """Two bots of one spec and seed, one asked ``choose`` and the other
    ``choose_explained``, make the same moves through a whole game; only ``random``
    gives no reason."""
    from cutthroat import Game
    from cutthroat.bots import choose_explained, make_bot

    game = Game(seed=4)
    hand = game.deal()
    plain, told = make_bot(spec, 9), make_bot(spec, 9)
    others = [make_bot("intermediate", s) for s in range(3)]
    reasons = []
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        view = game.view(seat)
        if seat == 0:
            action, reason = choose_explained(told, view)
            assert action == plain.choose(view)
            reasons.append(reason)
        else:
            action = others[seat].choose(view)
        hand.push(action, seat)
    assert reasons and all((r is None) == (spec == "random") for r in reasons)


def test_the_registry_shows_what_each_entry_loads() -> None:
    """print(BOTS) names each bot's class, imported when first made, not an address."""
    assert repr(registry.BOTS["random"]) == "<lazy cutthroat.bots.random.RandomBot>"
    assert repr(registry.BOTS["expert"]) == "<lazy cutthroat.bots.expert.ExpertBot>"
    assert " at 0x" not in repr(registry.BOTS)


def test_a_built_in_bots_repr_gives_its_seed_and_options_not_default() -> None:
    import random

    from cutthroat.bots.heuristic import BeginnerBot, IntermediateBot

    assert repr(RandomBot(seed=3)) == "RandomBot(seed=3)"
    assert repr(BeginnerBot()) == "BeginnerBot(seed=0)"
    assert repr(IntermediateBot(seed=3)) == "IntermediateBot(seed=3)"
    assert repr(ExpertBot(seed=0, bid_samples=80)) == "ExpertBot(seed=0, bid_samples=80)"
    assert repr(make_bot("expert:play_samples=5,margin=0,aware=true", 2)) == (
        "ExpertBot(seed=2, play_samples=5, aware=True)")  # margin=0 is the default 0.0
    assert repr(ExpertBot(bid_samples=10, bid_samples_max=10)) == (
        "ExpertBot(seed=0, bid_samples=10)")
    assert repr(ExpertBot(bid_samples_max=60)) == "ExpertBot(seed=0, bid_samples_max=60)"
    rng = random.Random(1)
    assert repr(RandomBot(rng=rng)) == f"RandomBot(rng={rng!r})"


def test_a_class_missing_from_its_module_is_said_as_such() -> None:
    """``mybots.Missing`` where mybots has no class Missing: "module mybots has no class
    Missing", not that the bot "needs" itself."""
    with pytest.raises(registry.BotUnavailableError,
                       match=r"^the 'cutthroat.bots.Missing' bot is not available: module "
                             r"cutthroat.bots has no class Missing$"):
        make_bot("cutthroat.bots.Missing", 0)


@pytest.mark.parametrize("spec", ["examples/greedy_bot.py:GreedyBot", "greedy_bot.py",
                                  "bots\\greedy.GreedyBot"])
def test_a_files_path_as_a_bot_says_to_name_the_module_and_class(spec: str) -> None:
    """A researcher's ``--bots examples/greedy_bot.py:GreedyBot`` was told
    "'GreedyBot' is not key=value": it is told how a bot of their own is named."""
    from cutthroat.bots.registry import BotSpecError, parse_spec

    with pytest.raises(BotSpecError, match=r"named as module\.Class .* not by a file's path"):
        parse_spec(spec)
