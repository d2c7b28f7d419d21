"""The bot registry: every bot by name, made from a seed, with options if wanted.

A bot is named by a *spec*: its registry name, optionally followed by a colon and
``key=value`` options for its constructor, separated by commas
(``expert:bid_samples=80,play_samples=40``). Values are read as ``true``/``false``,
``none``, integers, decimals, or else text; each is checked against the constructor's
signature before the bot is made, so a misspelt option or a wrong kind of value is a
clear :class:`BotSpecError`, not a failure in the middle of a tournament.

>>> make_bot("random", 3).name
'random'
>>> bot_names()
['random', 'beginner', 'intermediate', 'expert']
>>> parse_spec("Expert: bid_samples=80, calibrated=true")
('expert', {'bid_samples': 80, 'calibrated': True})
>>> split_line_up("expert:play_samples=40,bid_samples=80,intermediate,intermediate")
['expert:play_samples=40,bid_samples=80', 'intermediate', 'intermediate']

Your own bot needs no registration: a spec may name its class as ``module.Class``
(``mybots.GreedyBot:depth=2``; the module is imported from the installed packages or,
failing that, the current folder), and a package that declares an entry point in the
group ``cutthroat.bots`` adds its bots to the registry by name (docs/bots.md, "Your own
bot").
"""

from __future__ import annotations

import contextlib
import difflib
import importlib
import importlib.metadata
import inspect
import os
import sys
import types
import typing
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from ..errors import CutthroatError
from ..state import as_seed
from .base import Bot

__all__ = [
    "BOTS",
    "ENTRY_POINT_GROUP",
    "LADDER",
    "RESERVED_OPTIONS",
    "BotFactory",
    "BotSpecError",
    "BotUnavailableError",
    "UnknownBotError",
    "add_entry_points",
    "bot_names",
    "check_options",
    "check_spec",
    "factory_of",
    "format_spec",
    "format_value",
    "hint_words",
    "is_reference",
    "line_up_specs",
    "make_bot",
    "normal_spec",
    "parse_spec",
    "split_line_up",
]


class UnknownBotError(CutthroatError, ValueError):
    """A bot name is not in the registry :data:`BOTS`."""


class BotUnavailableError(CutthroatError, RuntimeError):
    """A registered bot cannot be made here (its module is missing)."""


class BotSpecError(CutthroatError, ValueError):
    """A bot spec is malformed, or gives an option the bot does not take or a value of
    the wrong kind for it."""


BotFactory = Callable[..., Bot]
"""Makes a bot: called with its seed and, for a spec with options, the options as
keywords (a factory that takes only the seed is a bot without options)."""

RESERVED_OPTIONS = ("seed", "rng")
"""Constructor parameters a spec may not set: the seed comes from the game or the
tournament, so that results depend on it alone."""


class _Lazy:
    """A factory that imports its bot's class only when a bot is made, and says
    clearly when it is missing. The class is called as ``cls(seed=seed, **options)``,
    after the options are checked against its signature."""

    def __init__(self, module: str, attr: str, bot: str) -> None:
        self.target = (module, attr)
        """The module and name of the class it makes (read by the catalogue)."""
        self.bot = bot

    def __repr__(self) -> str:
        """``<lazy cutthroat.bots.expert.ExpertBot>``: what it makes, imported when first
        made (``print(BOTS)``)."""
        module, attr = self.target
        return f"<lazy {module}.{attr}>"

    def load(self) -> Any:
        """The class (or whatever ``module.attr`` names), imported; a module that is
        missing, or that fails as it is imported (a syntax error, an exception at its
        top level), is a :class:`BotUnavailableError` naming the bot and the cause."""
        module, attr = self.target
        try:
            mod = _import(module)
        except ModuleNotFoundError as exc:
            missing = module if exc.name in (None, module) else exc.name
            parent, _, last = missing.rpartition(".")
            found = sys.modules.get(parent) if parent else None
            if found is not None and not hasattr(found, "__path__") and hasattr(found, last):
                # "mybots.GreedyBot.extra": the class read as a module
                raise BotUnavailableError(
                    f"the {self.bot!r} bot is not available: {missing} is no module but "
                    f"what module {parent} holds; a bot of your own is named "
                    f"module.Class ({missing}), options after a colon") from exc
            raise BotUnavailableError(
                f"the {self.bot!r} bot is not available: module {missing} is missing"
                + (" (run from the folder that holds it, or install it)"
                   if is_reference(self.bot) else "")
            ) from exc
        except Exception as exc:  # SyntaxError too: it is an Exception
            raise BotUnavailableError(
                f"the {self.bot!r} bot is not available: importing module {module} "
                f"failed: {type(exc).__name__}: {exc}") from exc
        cls = getattr(mod, attr, None)
        if cls is None:
            top = module.partition(".")[0]
            own = (f" ({top} is a module of Python's own, found before a file of that name: "
                   "rename your file)" if top in sys.stdlib_module_names else "")
            elsewhere = "" if own else _found_elsewhere(top)
            if elsewhere:  # Python's test package, an installed one: not in sys.stdlib_...
                own = (f" (the module {top} found is {elsewhere}, not the file of that "
                       "name in this folder: rename your file)")
            names = [n for n in vars(mod) if not n.startswith("_")]
            near = ([n for n in names if n.lower() == attr.lower()]
                    or difflib.get_close_matches(attr, names, n=1))
            if near and not own:
                own = f" (did you mean {module}.{near[0]}?)"
            raise BotUnavailableError(
                f"the {self.bot!r} bot is not available: module {module} has no class "
                f"{attr}{own}")
        return cls

    def __call__(self, seed: int, **options: Any) -> Bot:
        module, attr = self.target
        cls = self.load()
        if not callable(cls):
            raise BotSpecError(f"{module}.{attr} is not a bot class: it cannot be called")
        check_options(cls, self.bot, options)
        if not _takes_seed(cls):
            raise BotSpecError(f"the {self.bot!r} bot must take its seed as a keyword "
                               "(__init__(self, seed=0, ...))")
        try:
            made = cls(seed=seed, **options)
        except ValueError:  # a bad option value, in the bot's own words
            raise
        except Exception as exc:  # the bot's own code failed: say which bot, and how
            raise BotUnavailableError(f"the {self.bot!r} bot could not be made: "
                                      f"{type(exc).__name__}: {exc}") from exc
        if not isinstance(made, Bot):
            raise BotSpecError(f"{module}.{attr} made {type(made).__name__!r}, which is "
                               "not a bot: a bot has a name and a choose(view) method")
        return made


def _found_elsewhere(top: str) -> str:
    """Where the module ``top`` was imported from, when the current folder holds a
    file (or package) of that name that it is not: a module found first on the path
    shadows it; ``""`` otherwise."""
    here = Path.cwd()
    if not ((here / f"{top}.py").is_file() or (here / top / "__init__.py").is_file()):
        return ""
    place = getattr(sys.modules.get(top), "__file__", None)
    if not place or Path(place).resolve().parent in (here.resolve(),
                                                       (here / top).resolve()):
        return ""
    return str(place)


def _takes_seed(cls: Callable[..., object]) -> bool:
    """Whether ``cls`` can be called with a ``seed`` keyword (one of its parameters, or
    ``**kwargs``); ``True`` when its signature cannot be read (it is then tried)."""
    try:
        parameters = inspect.signature(cls).parameters.values()
    except (TypeError, ValueError):
        return True
    return any(p.kind is p.VAR_KEYWORD or (p.name == "seed" and p.kind is not p.POSITIONAL_ONLY)
               for p in parameters)


def _import(module: str) -> types.ModuleType:
    """``module`` imported; a module that is not installed is looked for in the current
    folder too (as ``python -m`` would), which is put last on the path so that it
    shadows nothing."""
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        here = os.getcwd()
        top = module.partition(".")[0]
        if exc.name != top or here in sys.path:
            raise
        sys.path.append(here)
        return importlib.import_module(module)


def is_reference(name: str) -> bool:
    """Whether a bot name is a reference to a class, ``module.Class``, rather than a
    registry name (registry names have no dot)."""
    return "." in name


def _lazy(module: str, attr: str, bot: str) -> BotFactory:
    """The registry entry for ``bot``: ``module.attr``, imported when first made."""
    return _Lazy(module, attr, bot)


BOTS: dict[str, BotFactory] = {
    "random": _lazy("cutthroat.bots.random", "RandomBot", "random"),
    "beginner": _lazy("cutthroat.bots.heuristic", "BeginnerBot", "beginner"),
    "intermediate": _lazy("cutthroat.bots.heuristic", "IntermediateBot", "intermediate"),
    "expert": _lazy("cutthroat.bots.expert", "ExpertBot", "expert"),
}
"""Bot name → factory taking a seed (and options). Adding a bot to the arena is one
line here, or an entry point in another package (:func:`add_entry_points`).

Worker processes look names up in their own copy of this registry: a bot added at run
time reaches them only where processes are forked (Linux), not spawned."""

LADDER: tuple[str, ...] = tuple(BOTS)
"""The package's own bots, weakest first: their order in :data:`BOTS`, the ladder a
player climbs (the web game's levels: ``/api/bots``). Bots added later are off it."""

ENTRY_POINT_GROUP = "cutthroat.bots"
"""The entry-point group in which installed packages declare bots: the entry point's
name is the bot's registry name, its value ``module:Class``."""


def add_entry_points(points: Iterable[importlib.metadata.EntryPoint] | None = None
                     ) -> list[str]:
    """Add the bots that installed packages declare (entry points of
    :data:`ENTRY_POINT_GROUP`; ``points`` instead, if given) to :data:`BOTS`, each
    imported only when first made. A name already taken (a built-in bot's) or one that
    is not a plain word is skipped. Returns the names added."""
    if points is None:
        points = importlib.metadata.entry_points(group=ENTRY_POINT_GROUP)
    added = []
    for point in points:
        name = point.name.strip().lower()
        module, colon, attr = point.value.partition(":")
        if (name in BOTS or not name.replace("-", "_").isidentifier() or not colon
                or not attr.strip()):
            continue
        BOTS[name] = _lazy(module.strip(), attr.strip(), name)
        added.append(name)
    return added


add_entry_points()


def bot_names() -> list[str]:
    """The registered bot names, in registry order."""
    return list(BOTS)


def _value(raw: str) -> Any:
    """An option's text as a value: ``true``/``false``, ``none``, an integer, a
    decimal, or the text itself."""
    low = raw.lower()
    if low in ("true", "false"):
        return low == "true"
    if low in ("none", "null"):
        return None
    for kind in (int, float):
        try:
            return kind(raw)
        except ValueError:
            continue
    return raw


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """A bot spec, ``name`` or ``name:key=value,...``, as (name, options). The name is
    read case-insensitively; it is not looked up here (see :func:`make_bot`)."""
    if not isinstance(spec, str):
        made = (f" (a bot already made: play_game and the environments take one as it "
                f"is; make_bot takes its class, {type(spec).__name__})"
                if isinstance(spec, Bot) else "")
        raise BotSpecError(f"a bot spec is text, such as 'expert' or "
                           f"'expert:bid_samples=80', or a bot's class, not "
                           f"{type(spec).__name__}{made}")
    name, colon, rest = spec.partition(":")
    name = name.strip()
    if not is_reference(name):  # a class's name keeps its case: mybots.GreedyBot
        name = name.lower()
    if not name:
        raise BotSpecError(f"bot spec {spec!r} has no bot name")
    if name.endswith(".py") or "/" in name or "\\" in name:  # a file's path, say
        raise BotSpecError(f"bot spec {spec!r}: a bot of your own is named as module.Class "
                           "(greedy_bot.GreedyBot, its folder on PYTHONPATH), not by a "
                           "file's path")
    options: dict[str, Any] = {}
    if not colon:
        return name, options
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, equals, raw = item.partition("=")
        key = key.strip()
        if not equals or not key.isidentifier():
            hint = ""
            if (not equals and key.isidentifier() and "," not in rest.strip(", ")
                    and not is_reference(name) and name not in BOTS):
                # "mybots:GreedyBot", an entry point's form ("module:attr")
                hint = (f" (a bot of your own is named module.Class, {name}.{key}; "
                        "options come after a colon)")
            raise BotSpecError(f"bot spec {spec!r}: {item!r} is not key=value{hint}")
        if key in options:
            raise BotSpecError(f"bot spec {spec!r} sets {key} twice")
        options[key] = _value(raw.strip())
    return name, options


def format_value(value: Any) -> str:
    """An option's value as a spec writes it (``true``, ``none``, ``0.01``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "none" if value is None else str(value)


def normal_spec(spec: str) -> str:
    """A bot spec written in its one form (``"Expert: bid_samples = 80"`` is
    ``"expert:bid_samples=80"``, ``"RANDOM"`` is ``"random"``), for showing."""
    return format_spec(*parse_spec(spec))


def format_spec(name: str, options: dict[str, Any]) -> str:
    """The spec that :func:`parse_spec` reads back as (``name``, ``options``)."""
    if not options:
        return name
    return name + ":" + ",".join(f"{key}={format_value(value)}"
                                 for key, value in options.items())


def split_line_up(text: str) -> list[str]:
    """A comma-separated line-up of specs as a list: an item with ``=`` before any
    colon is another option of the spec before it, so options need no quoting. An
    empty place between commas names no bot, and is refused (:class:`BotSpecError`)
    rather than dropped; a blank text is no bot at all (``[]``)."""
    specs: list[str] = []
    if not text.strip():
        return specs
    for item in (part.strip() for part in text.split(",")):
        if not item:
            raise BotSpecError(f"{text!r} has an empty place between commas, which "
                               "names no bot: write the bots separated by single commas")
        if "=" in item.partition(":")[0]:
            if not specs or ":" not in specs[-1]:
                raise BotSpecError(f"option {item!r} follows no bot; write options after "
                                   "the bot's name and a colon, e.g. expert:bid_samples=80")
            specs[-1] += "," + item
        else:
            specs.append(item)
    return specs


def line_up_specs(bots: str | Sequence[str | type]) -> list[str]:
    """Bots given either way, as a list of specs: a string is one comma-separated
    line-up, split as ``--bots`` is (:func:`split_line_up`); a sequence of specs is
    taken as it is.

    A bot's class (of your own, say, in a notebook) may stand for its spec in the
    sequence: it is named as ``module.Class``.

    >>> line_up_specs("random, expert:bid_samples=80,play_samples=40, random")
    ['random', 'expert:bid_samples=80,play_samples=40', 'random']
    >>> from cutthroat.bots import RandomBot
    >>> line_up_specs([RandomBot, "random", "random"])
    ['cutthroat.bots.random.RandomBot', 'random', 'random']
    """
    if isinstance(bots, str):
        return split_line_up(bots)
    return [_spec_of(item) for item in bots]


def _spec_of(item: object) -> str:
    """A line-up's item as a spec: the spec itself, or a class as ``module.Class``."""
    if isinstance(item, str):
        return item
    if isinstance(item, type):
        if "<locals>" in item.__qualname__:
            raise BotSpecError(f"the class {item.__qualname__} is made inside a function, "
                               "so no other process can find it by name: define it at "
                               "the top of a module (or of the notebook)")
        return f"{item.__module__}.{item.__qualname__}"
    raise BotSpecError(f"a bot in a line-up is its name or spec (text) or its class, not "
                       f"{type(item).__name__}: the tournament makes the bots, seeded, "
                       "one per seat and game")


def _members(hint: Any) -> tuple[Any, ...]:
    """The kinds an annotation allows: the members of a union, or the one kind."""
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        return typing.get_args(hint)
    return (hint,)


def _fits(value: Any, hint: Any) -> bool:
    """Whether an option's value is of the kind its annotation asks for (the kinds a
    spec can write: bool, int, float, str, None)."""
    members = _members(hint)
    if len(members) > 1:
        return any(_fits(value, member) for member in members)
    if hint is Any:
        return True
    if hint is type(None):
        return value is None
    if hint is bool:
        return isinstance(value, bool)
    if isinstance(value, bool):
        return False
    if hint is float:
        return isinstance(value, (int, float))
    return hint in (int, str) and isinstance(value, hint)


def check_options(target: Callable[..., Any], bot: str, options: dict[str, Any]) -> None:
    """Raise :class:`BotSpecError` unless ``target`` (a bot class or factory) takes
    every option by that name, with a value of the kind it is annotated with; the seed
    (and ``rng``) are never options."""
    for key in options:
        if key in RESERVED_OPTIONS:
            raise BotSpecError(f"{key} cannot be set as an option: the bot's randomness "
                               "comes from the seed the game or the tournament gives it")
    if not options:
        return
    try:
        params = inspect.signature(target).parameters
    except (TypeError, ValueError):  # pragma: no cover - builtins without a signature
        return
    if any(p.kind is p.VAR_KEYWORD for p in params.values()):
        return
    known = [n for n, p in params.items()
             if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY) and n not in RESERVED_OPTIONS]
    for key in options:
        if key not in known:
            takes = f"its options are {', '.join(known)}" if known else "it takes no options"
            raise BotSpecError(f"the {bot!r} bot has no option {key!r}; {takes}")
    try:
        hints = typing.get_type_hints(target.__init__ if inspect.isclass(target) else target)
    except Exception:  # pragma: no cover - an annotation that cannot be resolved
        hints = {}
    for key, value in options.items():
        hint = option_kind(params[key], hints)
        if hint is not None and not _fits(value, hint):
            said = "" if key in hints else f" (as its default, {params[key].default!r})"
            raise BotSpecError(f"the {bot!r} bot's option {key} takes "
                               f"{hint_words(hint)}{said}, not {value!r}")


def option_kind(param: inspect.Parameter, hints: dict[str, Any]) -> Any:
    """The kind of value an option takes: its annotation, else the kind of its default
    (``verbose=False`` takes a bool; ``depth=2`` an int or a float; ``name="x"`` text),
    else ``None`` (anything: no annotation, and a default of ``None`` or none at all).

    >>> import inspect
    >>> def bot(seed=0, verbose=False, depth=2, label=None): ...
    >>> params = inspect.signature(bot).parameters
    >>> [hint_words(option_kind(params[n], {})) for n in ("verbose", "depth")]
    ['bool', 'int or float']
    >>> option_kind(params["label"], {}) is None
    True

    A default of a subclass (an enum's member, NumPy's float) says nothing a spec can
    write, and an annotation that could not be read is not second-guessed: both take
    anything.
    """
    if param.name in hints:
        return hints[param.name]
    if param.annotation is not inspect.Parameter.empty:  # one that could not be read
        return None
    kind = type(param.default)  # exactly: an enum's or NumPy's default takes anything
    if kind is int:
        return int | float
    return kind if kind in (bool, float, str) else None


def hint_words(hint: Any) -> str:
    """An annotation in words: ``int or None``."""
    return " or ".join("None" if m is type(None) else getattr(m, "__name__", str(m))
                       for m in _members(hint))


def make_bot(spec: str | type, seed: int | None = None, **options: Any) -> Bot:
    """A new bot by spec (a registry name or a class as ``module.Class``, optionally
    with ``:key=value,...`` options, see :func:`parse_spec`), seeded; keyword
    ``options`` are added to the spec's (``make_bot("expert", 1, bid_samples=80)``).
    A bot's class may stand for its spec, as in a line-up (:func:`line_up_specs`):
    ``make_bot(GreedyBot, 1, bid_trumps=2)``."""
    seed = as_seed(seed)  # refused as Game refuses it: 1.5, "1", True
    if isinstance(spec, type):
        spec = _spec_of(spec)
    name, written = parse_spec(spec)
    for key in options:
        if key in written:
            raise BotSpecError(f"option {key} is given both in {spec!r} and as a keyword")
    written.update(options)
    factory = factory_of(name)
    check_options(factory, name, written)
    try:
        return factory(seed, **written)
    except BotSpecError:
        raise
    except ValueError as exc:  # a bad option value, in the bot's words: and which bot
        raise BotSpecError(f"the {name!r} bot refused its options: {exc}") from exc


def check_spec(spec: str | type) -> None:
    """Make the bot of ``spec`` once, with seed 0, so that a spec no game could play
    is refused before any is (as :func:`make_bot` refuses it). What the bot prints as
    it is made goes to standard error: a command's standard output is its own (a
    table, or JSON and nothing else)."""
    with contextlib.redirect_stdout(sys.stderr):
        make_bot(spec, 0)


def factory_of(name: str) -> BotFactory:
    """The factory of a bot name (as :func:`parse_spec` gives it): a registry entry, or
    a class named as ``module.Class``, imported when first made. An unknown name is an
    :class:`UnknownBotError`, a reference that is no ``module.Class`` a
    :class:`BotSpecError`."""
    factory = BOTS.get(name)
    if factory is None and is_reference(name):
        module, _, attr = name.rpartition(".")
        if not all(part.isidentifier() for part in name.split(".")):
            raise BotSpecError(f"bot {name!r} is neither a bot's name nor a class as "
                               "module.Class")
        factory = _lazy(module, attr, name)
    if factory is None:
        raise UnknownBotError(
            f"unknown bot {name!r} (known: {', '.join(BOTS)}; or your own as "
            "module.Class)") from None
    return factory
