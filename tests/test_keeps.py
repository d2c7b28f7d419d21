"""The keeps worth considering (``keep_splits``, ``ranked_keeps``) and the expert's keep
candidates: every five of the maker's ten made of the top cards of each suit, no other,
ranked by the intermediate bot's trick estimate (R12's keep)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import keep_views
from cutthroat import Action, Rules
from cutthroat.bots.expert import ExpertBot
from cutthroat.bots.heuristic import IntermediateBot
from cutthroat.bots.heuristic_bidding import (
    best_keep,
    card_odds,
    decide_keep,
    keep_splits,
    ranked_keeps,
)
from cutthroat.cards import EFF_SUIT, PLAIN_POWER, TRUMP_POWER, deck_mask, mask_of


def _strength(card: int, trump: int) -> int:
    """A card's rank within its suit under ``trump``, from the tables of cards.py."""
    return TRUMP_POWER[trump][card] or PLAIN_POWER[card]


def _is_top_of_each_suit(kept: int, held: int, trump: int) -> bool:
    """Whether no card left out beats a kept card of its own (effective) suit."""
    ids = [i for i in range(33) if held >> i & 1]
    for out in (i for i in ids if not kept >> i & 1):
        for inside in (i for i in ids if kept >> i & 1):
            same = EFF_SUIT[trump][out] == EFF_SUIT[trump][inside]
            if same and _strength(out, trump) > _strength(inside, trump):
                return False
    return True


@st.composite
def holdings(draw: st.DrawFn) -> tuple[int, int, int]:
    """(deck size, a ten-card holding as a mask, trump)."""
    size = draw(st.sampled_from([24, 25, 32]))
    ids = [i for i in range(33) if deck_mask(size) >> i & 1]
    ten = draw(st.lists(st.sampled_from(ids), min_size=10, max_size=10, unique=True))
    return size, mask_of_ids(ten), draw(st.integers(0, 3))


def mask_of_ids(ids: list[int]) -> int:
    mask = 0
    for i in ids:
        mask |= 1 << i
    return mask


@settings(max_examples=150, deadline=None)
@given(holdings())
def test_R12_keep_splits_are_exactly_the_keeps_of_the_top_cards_of_each_suit(
        holding: tuple[int, int, int]) -> None:
    """Brute force over all 252 fives of ten: keep_splits lists each five made of the
    top cards of every suit once, and nothing else; best_keep is its best estimate."""
    size, held, trump = holding
    odds = card_odds(size, held)
    splits = keep_splits(held, trump, odds, size)
    masks = [mask for mask, _ in splits]
    assert len(masks) == len(set(masks))
    assert all(mask.bit_count() == 5 and mask & held == mask for mask in masks)
    ids = [i for i in range(33) if held >> i & 1]
    expected = {mask_of_ids(list(five)) for five in itertools.combinations(ids, 5)
                if _is_top_of_each_suit(mask_of_ids(list(five)), held, trump)}
    assert set(masks) == expected
    best, value = best_keep(held, trump, odds, size)
    top = max(v for _, v in splits)
    assert best in masks and dict(splits)[best] >= top - 1e-9
    # the first best, as best_keep takes it: a later keep may be higher by float noise
    assert abs(value - min(max(top, 0.0), 5.0)) <= 1e-9


@pytest.mark.parametrize("size", [24, 25, 32])
def test_R12_ranked_keeps_start_with_the_intermediate_keep_and_are_legal(size: int) -> None:
    """Under each deck (R2; the joker is a trump), the ranked keeps are legal, distinct,
    and the first is the intermediate bot's own keep."""
    for view in keep_views(12, seed=4, rules=Rules(deck=size)):
        keeps = ranked_keeps(view)
        assert keeps[0] == decide_keep(view)[0]
        assert len(set(keeps)) == len(keeps) < 252
        assert all(str(keep) in view.legal for keep in keeps)


def test_expert_keep_candidates_are_the_model_keep_then_the_ranked_top_keeps() -> None:
    """The expert simulates the intermediate's keep and the next best of ranked_keeps,
    ``keep_candidates`` in all; never a keep that leaves out a higher card of a suit
    for a lower one."""
    for view in keep_views(10, seed=9):
        legal = [Action.parse(text) for text in view.legal]
        natural = IntermediateBot(seed=0).choose(view)
        ranked = ranked_keeps(view)
        six = ExpertBot(seed=0)._candidates(view, legal, natural)
        assert six == ranked[:6] and six[0] == natural
        every = ExpertBot(seed=0, keep_candidates=300)._candidates(view, legal, natural)
        assert every == ranked
        held = mask_of(view.cards)
        assert all(_is_top_of_each_suit(mask_of(keep.cards), held, int(view.trump or 0))
                   for keep in every)
        assert ExpertBot(seed=0, keep_candidates=1)._candidates(view, legal, natural) \
            == [natural]
