"""The engine's shared caches stay small however many hands are played: a long server
or tournament must not hold the keeps of hands long over (each maker's ten cards make
252 keeps, some 60 KB as objects and texts)."""

from __future__ import annotations

from cutthroat import hand_queries
from cutthroat.hand_queries import DISCARD_CACHE, KEEP_CACHE
from cutthroat.state import Hand, Phase


def _to_the_keep(seed: int) -> Hand | None:
    """Deal ``seed`` played to a keep (first bidder orders up and takes the dummy), or
    None when the deal does not get there."""
    hand = Hand.deal(seed=seed)
    hand.push("order")
    while hand.phase in (Phase.PICKUP, Phase.DISCARD, Phase.MAKER_CHOICE):
        legal = hand.legal_texts()
        hand.push("dummy" if "dummy" in legal else legal[0])
    return hand if hand.phase is Phase.KEEP else None


def test_R12_keeps_of_many_hands_are_not_all_kept_in_memory() -> None:
    seen: dict[int, tuple[tuple[str, ...], list[str]]] = {}
    for seed in range(3 * KEEP_CACHE):
        hand = _to_the_keep(seed)
        if hand is None:
            continue
        texts = hand.legal_texts()
        actions = [str(a) for a in hand.legal_actions()]
        assert len(texts) == 252 and list(texts) == actions
        seen[seed] = (texts, actions)
        assert len(hand_queries._KEEP_TEXTS) <= KEEP_CACHE
        assert len(hand_queries._KEEP_ACTIONS) <= KEEP_CACHE
    assert len(seen) > KEEP_CACHE  # more keeps than the caches hold
    for seed, (texts, actions) in list(seen.items())[:5]:  # made again, the same
        hand = _to_the_keep(seed)
        assert hand is not None
        assert hand.legal_texts() == texts
        assert [str(a) for a in hand.legal_actions()] == actions


def test_R8_the_dealers_discards_of_many_hands_are_not_all_kept_in_memory() -> None:
    dealt = 0
    for seed in range(DISCARD_CACHE + 200):
        hand = Hand.deal(seed=seed)
        hand.push("order")
        hand.push("pickup")
        assert hand.phase is Phase.DISCARD
        legal = hand.legal_texts()
        assert sorted(legal) == sorted(f"discard {c}" for c in hand.cards(hand.dealer))
        dealt += 1
        assert len(hand_queries._DISCARD_TUPLES) <= DISCARD_CACHE
    assert dealt > DISCARD_CACHE
