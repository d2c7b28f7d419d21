"""What each registered bot is, for a player choosing one: a one-line summary and its
options with their kinds, defaults and meaning, read from the bot's class (its
docstring's first line, its constructor's signature and the ``Args:`` section of its
docstring, or one headed ``Arguments:`` or ``Options:``), so the catalogue cannot fall
out of step with the code.

>>> [info.name for info in describe_bots()]
['random', 'beginner', 'intermediate', 'expert']
>>> expert = describe_bot("expert")
>>> expert.summary
'Search over sampled deals with an exact solver, valued in game terms.'
>>> [(o.name, o.kind, o.default) for o in expert.options][:2]
[('play_samples', 'int', 20), ('bid_samples', 'int', 40)]
"""

from __future__ import annotations

import inspect
import re
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .registry import (
    BOTS,
    RESERVED_OPTIONS,
    BotSpecError,
    BotUnavailableError,
    factory_of,
    hint_words,
    is_reference,
    option_kind,
)

__all__ = ["BotInfo", "BotOption", "describe_bot", "describe_bots"]


@dataclass(frozen=True)
class BotOption:
    """One option a bot takes in a spec (``expert:bid_samples=80``).

    Attributes:
        name: the option's name, as written in a spec.
        kind: the kinds of value it takes, in words (``int or None``).
        default: its value when not given.
        help: what it does, from the bot's docstring (empty if undocumented).
    """

    name: str
    kind: str
    default: Any
    help: str


@dataclass(frozen=True)
class BotInfo:
    """A registered bot, described.

    Attributes:
        name: its registry name.
        summary: one line on how it plays.
        options: the options a spec may set, in the constructor's order.
        unavailable: why the bot cannot be made here (its module is missing or fails
            as it is imported: a package's bot, say), else empty; such a bot has no
            summary and no options.
        any_options: whether it also takes options of any name (a constructor with
            ``**kwargs``): a spec may then set names not in ``options``, passed on to
            it unchecked.
    """

    name: str
    summary: str
    options: tuple[BotOption, ...]
    unavailable: str = ""
    any_options: bool = False


def describe_bots() -> list[BotInfo]:
    """Every registered bot, in registry order (the built-in ones weakest first); one
    that cannot be made here is listed with the reason in ``unavailable``, so that one
    broken package does not hide the other bots."""
    infos = []
    for name in BOTS:
        try:
            infos.append(describe_bot(name))
        except BotUnavailableError as exc:
            infos.append(BotInfo(name, "", (), str(exc)))
    return infos


def describe_bot(name: str) -> BotInfo:
    """The bot registered under ``name`` (any case), or your own class named as
    ``module.Class``, described; an unknown name is an
    :class:`~cutthroat.bots.registry.UnknownBotError` naming the known ones, one whose
    module is missing or fails to import a
    :class:`~cutthroat.bots.registry.BotUnavailableError`."""
    key = name.strip()
    key = key if is_reference(key) else key.lower()
    factory = factory_of(key)
    target = _target(factory)
    if is_reference(key):  # your own class: made once, as the arena does, to be sure
        try:
            factory(0)
        except ValueError as exc:
            if isinstance(exc, BotSpecError):
                raise
            raise BotSpecError(f"{key} could not be made with its defaults: {exc}"
                               ) from None
    doc = inspect.getdoc(target) or ""
    summary = _clean(doc.split("\n\n", 1)[0]) if doc else ""
    helps = _arg_help(doc)
    init = target.__init__ if inspect.isclass(target) else target
    try:
        hints = typing.get_type_hints(init)
    except Exception:  # pragma: no cover - an annotation that cannot be resolved
        hints = {}
    options = []
    for param in _parameters(target):
        hint = option_kind(param, hints)
        kind = hint_words(hint) if hint is not None else "any"
        options.append(BotOption(param.name, kind, param.default, helps.get(param.name, "")))
    try:
        params = inspect.signature(target).parameters.values()
    except (TypeError, ValueError):  # pragma: no cover - builtins without a signature
        params = []  # type: ignore[assignment]
    any_options = any(p.kind is p.VAR_KEYWORD for p in params)
    return BotInfo(key, summary, tuple(options), any_options=any_options)


def _target(factory: Callable[..., Any]) -> Callable[..., Any]:
    """What a factory makes: the class behind a registry entry that imports it lazily
    (its ``load()`` imports ``factory.target``, a module and class name), else the
    factory itself."""
    load = getattr(factory, "load", None)
    if load is None:
        return factory
    found: Callable[..., Any] = load()  # BotUnavailableError if it cannot be imported
    return found


def _parameters(target: Callable[..., Any]) -> list[inspect.Parameter]:
    """The parameters a spec may set: keyword-capable ones, except the seed and
    ``rng`` (and, for a plain factory, its first parameter, the seed)."""
    params = list(inspect.signature(target).parameters.values())
    if not inspect.isclass(target) and params:
        params = params[1:]
    return [p for p in params
            if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
            and p.name not in RESERVED_OPTIONS]


_ROLE = re.compile(r":[a-z]+:`(~?)([^`]+)`")
_ENTRY = re.compile(r"(\w+)(?: \([^()]*\))?: (.*)")
"""An entry of an ``Args:`` section: ``name: text``, or Google's ``name (type): text``."""


def _clean(text: str) -> str:
    """Docstring text as plain words: one line, ``code`` and Sphinx roles unmarked
    (``:func:`~a.b.c``` becomes ``c``)."""
    text = _ROLE.sub(lambda m: m.group(2).rsplit(".", 1)[-1] if m.group(1) else m.group(2),
                     text)
    return " ".join(text.replace("``", "").split())


_SECTIONS = ("Args:", "Arguments:", "Options:")
"""The headings of a docstring's section that describes a bot's options."""


def _arg_help(doc: str) -> dict[str, str]:
    """The ``Args:`` section of a Google-style docstring (or one headed ``Arguments:``
    or ``Options:``): name → its text."""
    helps: dict[str, list[str]] = {}
    lines = doc.splitlines()
    try:
        start = next(i for i, line in enumerate(lines) if line.strip() in _SECTIONS)
    except StopIteration:
        return {}
    base = len(lines[start]) - len(lines[start].lstrip())
    indent: int | None = None
    current: list[str] | None = None
    for line in lines[start + 1:]:
        if not line.strip():
            continue
        depth = len(line) - len(line.lstrip())
        if depth <= base:
            break
        if indent is None:
            indent = depth
        entry = _ENTRY.fullmatch(line.strip())
        if depth == indent and entry:
            current = helps.setdefault(entry.group(1), [])
            current.append(entry.group(2))
        elif current is not None:
            current.append(line.strip())
    return {name: _clean(" ".join(parts)) for name, parts in helps.items()}
