"""How to play (src/cutthroat/howto.py): the rules in short follow the rules in force,
on every screen (`cutthroat rules`, the terminal's `rules`, the web's How to play)."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from cutthroat.howto import how_to_play, how_to_play_text
from cutthroat.rules import PRESETS, Rules
from cutthroat.server.app import create_app
from test_cli import invoke
from test_terminal import at_first_move

rules_strategy = st.builds(
    Rules, deck=st.sampled_from([24, 25, 32]), dummy=st.booleans(),
    dealer_must_pick_up=st.booleans(), may_name_turned_down_suit=st.booleans(),
    stick_the_dealer=st.booleans(), march_points=st.integers(1, 6),
    maker_alone_march=st.none() | st.integers(1, 8), target=st.integers(1, 30),
    tie=st.sampled_from(["play_on", "share"]))


def _text(rules: Rules) -> str:
    return "\n".join(p for _, paragraphs in how_to_play(rules) for p in paragraphs)


@settings(max_examples=150, deadline=None)
@given(rules=rules_strategy)
def test_R2_R5_R8_R10_R19_R22_the_text_follows_every_variant(rules: Rules) -> None:
    text = _text(rules)
    assert f"{rules.deck} cards" in text
    assert ("joker" in text) == (rules.deck == 25)  # R2, R3, R6
    assert ("8, 7" in text) == (rules.deck == 32)  # R3
    assert ("dummy" in text) == rules.dummy  # R5, R12
    assert ("goes alone" in text) == rules.dummy
    assert ("dealer takes the up-card and discards" in text) == rules.dealer_must_pick_up
    assert ("turned-down one included" in text) == rules.may_name_turned_down_suit  # R9
    assert ("may not pass" in text) == rules.stick_the_dealer  # R10
    assert ("thrown in" in text) != rules.stick_the_dealer
    march = f"All five (a march): {rules.march_points} point"  # R19
    assert march in text
    lone = rules.dummy and rules.lone_march_points != rules.march_points
    assert (f"or {rules.lone_march_points} point" in text) == lone
    assert f"reaches {rules.target} points" in text  # R22
    assert ("share the win" in text) == (rules.tie == "share")
    assert "each defender scores 2 points" in text  # R20, R21
    assert "each scores 4" in text
    assert "dealer's left leads the first trick" in text  # R15
    assert ("maker went alone, the player on his left leads" in text) == rules.dummy


def test_R15_the_text_says_who_leads_the_first_trick() -> None:
    play = dict(how_to_play(Rules()))["Play"][0]
    assert "The player on the dealer's left leads the first trick." in play
    assert "If the maker went alone, the player on his left leads instead" in play
    assert "if only a defender went alone, the player on that defender's left" in play
    assert "sitting the hand out is skipped" in play
    alone = dict(how_to_play(Rules.preset("no-dummy")))["Play"][0]
    assert "maker went alone" not in alone
    assert "If a defender went alone, the player on that defender's left leads" in alone


def test_R7_R8_the_text_says_what_an_order_does_to_the_up_card() -> None:
    bidding = dict(how_to_play(Rules()))["Bidding"][0]
    assert "the first to order is the maker" in bidding  # R7
    assert "A dealer who orders must take the up-card and discard a card" in bidding  # R8
    assert "leave it in the kitty, and the suit is trump either way" in bidding
    assert "each in turn, from the dealer's left again, may name" in bidding  # R9
    must = dict(how_to_play(Rules(dealer_must_pick_up=True)))["Bidding"][0]
    assert "leave it" not in must and "After an order the dealer takes the up-card" in must


def test_R12_R13_R21_the_text_says_what_the_maker_sees_and_who_sits_out_and_scores(
        ) -> None:
    maker = dict(how_to_play(Rules()))["Maker and defenders"][0]
    assert "Before seeing the dummy, the maker either takes it" in maker  # R12
    assert "discarding the other five face down" in maker
    assert "each defender in turn, from the maker's left, may defend alone" in maker  # R13
    assert "sits the hand out, cards face down, but still scores with him" in maker
    lone = dict(how_to_play(Rules()))["Scoring"][2]
    assert "each defender scores 2 points, the partner who sat out too;" in lone  # R21
    plain = dict(how_to_play(Rules.preset("no-dummy")))["Maker and defenders"][0]
    assert "dummy" not in plain and "still scores with him" in plain


def test_the_text_never_breaks_a_hyphenated_word_across_lines() -> None:
    for name, rules in PRESETS.items():
        for width in range(40, 100):
            lines = how_to_play_text(rules, width).splitlines()
            assert not any(line.endswith("-") for line in lines), (name, width)


def test_every_preset_reads_as_sections_of_plain_text() -> None:
    for name, rules in PRESETS.items():
        sections = how_to_play(rules)
        assert sections[0][0] == "The deal", name
        assert all(paragraphs and all(p.strip() and "\n" not in p for p in paragraphs)
                   for _, paragraphs in sections), name
        text = how_to_play_text(rules, width=60)
        assert text.splitlines()[1] == f"Rules: {rules.describe()}"
        paragraphs = [line for line in text.splitlines() if line.startswith("  ")]
        assert paragraphs and max(len(line) for line in paragraphs) <= 60


def test_cutthroat_rules_prints_how_to_play_for_a_preset() -> None:
    done = invoke("rules", "--preset", "benny")
    assert done.exit_code == 0, done.output
    assert "Rules: 25 cards, dummy" in done.stdout and "joker is highest" in done.stdout
    done = invoke("rules", "--set", "target=7")
    assert done.exit_code == 0 and "reaches 7 points" in done.stdout
    done = invoke("rules", "--preset", "chess")
    assert done.exit_code != 0 and "unknown preset" in done.output


def test_the_terminal_game_prints_how_to_play_for_its_rules() -> None:
    hand, player, out = at_first_move(["rules", "quit"])
    assert player.play() is False
    text = "\n".join(out)
    assert f"Rules: {player.game.rules.describe()}" in text and "right bower" in text
    assert len(hand.moves) == 0
    _, helper, help_out = at_first_move(["help", "quit"])
    helper.play()
    assert "rules   how to play" in "\n".join(help_out)


def test_the_web_serves_how_to_play_for_a_preset_and_for_a_game(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'games.db'}")) as client:
        answer = client.get("/api/how-to-play", params={"preset": "long-deck"})
        assert answer.status_code == 200
        body = answer.json()
        assert body["rules_text"] == PRESETS["long-deck"].describe()
        assert [s["title"] for s in body["sections"]][:2] == ["The deal", "Trump"]
        assert any("8, 7" in p for s in body["sections"] for p in s["paragraphs"])
        bad = client.get("/api/how-to-play", params={"preset": "chess"})
        assert bad.status_code == 400 and "unknown preset" in bad.json()["error"]["reason"]
        made = client.post("/api/games", json={"seats": ["you", "random", "random"],
                                               "rules": {"target": 4}}).json()
        game = client.get(f"/api/games/{made['game']}/how-to-play")
        assert game.status_code == 200 and "to 4" in game.json()["rules_text"]
        assert client.get("/api/games/nope/how-to-play").status_code == 404



def test_the_card_players_words_of_the_hints_are_explained() -> None:
    """A newcomer reads "void", "ruff", "cash" and "your side" in the hints, the coach
    and the bots' reasons: How to play explains each (its last section), under every
    deck, and names the joker only where there is one (R2, R3)."""
    reasons = "\n".join(path.read_text() for path in
                        (Path(__file__).parents[1] / "src/cutthroat/bots").glob("*.py"))
    for deck in (24, 25, 32):
        title, words = how_to_play(Rules(deck=deck))[-1]
        assert title == "Words players use"
        text = " ".join(words)
        for word in ("your side", "bower", "void", "ruff", "cash", "euchred", "march",
                     "through the maker", "draw", "throw"):
            assert re.search(rf"\b{word}", reasons), word  # a word the bots use...
            assert word in text.lower(), word  # ...explained
        assert ("joker" in text) == (deck == 25)
        # one term each, "Term: meaning", which the page lists as terms (a <dl>)
        assert all(re.fullmatch(r"[A-Z][a-z ]+: [a-z].+\.", entry) for entry in words), words


def test_the_words_say_how_cards_are_written_and_what_bury_means() -> None:
    """A learner met "TC" and "TH" at the prompt, and "bury" in the log, and found
    neither in the rules text (a newcomer's QA pass): both are among the words."""
    from cutthroat.howto import how_to_play_text

    text = " ".join(how_to_play_text().split())
    assert "TH the 10 of hearts (T is the 10; 10H is read too)." in text
    assert "Bury: put cards out of the hand face down" in text
    assert "Bury:" not in how_to_play_text(Rules(dummy=False))  # no keep, nothing buried
    assert "JO the joker." in " ".join(how_to_play_text(Rules(deck=25)).split())
