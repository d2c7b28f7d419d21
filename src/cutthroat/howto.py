"""How to play, in short: the rules of RULES.md told to a newcomer, for the rules in force.

One text serves every screen: ``cutthroat rules`` and the terminal game's ``rules``
command print it, and the web page shows it under "How to play" (``GET
/api/how-to-play``). It follows the variant fields of :class:`~cutthroat.rules.Rules`
(the deck, the dummy, the joker, stick the dealer, the points and the target), so what
a player reads is the game they are playing.

>>> sections = how_to_play(Rules.preset("benny"))
>>> [title for title, _ in sections]  # doctest: +NORMALIZE_WHITESPACE
['The deal', 'Trump', 'Bidding', 'Maker and defenders', 'Play', 'Scoring', 'The game',
 'Words players use']
>>> sections[1][1][0][:60]
'In the trump suit the joker is highest, then the right bower'
"""

from __future__ import annotations

from .phases import Phase
from .rules import Rules
from .views import View

__all__ = ["Section", "how_to_play", "how_to_play_text", "stakes", "stakes_in"]

Section = tuple[str, list[str]]
"""A title and its paragraphs (plain text, one string each)."""


def _ranks(rules: Rules) -> tuple[str, str]:
    """The plain suits' ranks from the top, and the trump suit's below the jacks."""
    low = ", 10, 9, 8, 7" if rules.deck == 32 else ", 10, 9"
    return f"ace, king, queen, jack{low}", f"ace, king, queen{low}"


def how_to_play(rules: Rules | None = None) -> list[Section]:
    """The rules in short, for ``rules`` (default: the ``standard`` preset), as titled
    sections of plain paragraphs."""
    rules = rules or Rules()
    plain, trump_low = _ranks(rules)
    cards = {24: "24 cards: the 9, 10, jack, queen, king and ace of each suit",
             25: "25 cards: the 9, 10, jack, queen, king and ace of each suit, and a joker",
             32: "32 cards: the 7 to the ace of each suit"}[rules.deck]
    dummy = (", five more go to the dummy (a hand that belongs to nobody)," if rules.dummy
             else "")
    kitty = rules.deck - 15 - (5 if rules.dummy else 0)
    deal = [f"Three players, each for themselves, with {cards}. The first dealer is drawn "
            "at random, and the deal passes to the left after every hand, a thrown-in one "
            f"too. Each player gets five cards{dummy} and the rest ({kitty} cards) form "
            "the kitty, whose top card is turned up: the up-card."]
    top = ("the joker is highest, then the right bower (the jack of trump)"
           if rules.deck == 25 else "the right bower (the jack of trump) is highest")
    trump = [f"In the trump suit {top}, then the left bower (the other jack of the same "
             "colour, which counts as a trump, not as its own suit), then "
             f"{trump_low}. In the other suits: {plain}."]
    if rules.deck == 25:
        trump.append("The joker is always a trump. If it is the up-card, nobody bids: "
                     "the dealer names trump before looking at his cards, becomes "
                     "the maker, takes the joker and discards a card.")
    pickup = ("After an order the dealer takes the up-card and discards a card."
              if rules.dealer_must_pick_up else
              "A dealer who orders must take the up-card and discard a card; after "
              "another player's order the dealer may take it (and discard a card) or "
              "leave it in the kitty, and the suit is trump either way.")
    turned = ("any suit as trump, the turned-down one included,"
              if rules.may_name_turned_down_suit else
              "a suit other than the turned-down one as trump")
    last = ("the dealer, though, may not pass: he must name a suit"
            if rules.stick_the_dealer else "if all pass again, the hand is thrown in")
    bidding = [f"From the dealer's left, each player passes or orders up the up-card's "
               f"suit as trump; the first to order is the maker. {pickup} If all three "
               f"pass, the up-card is turned down and each in turn, from the dealer's left "
               f"again, may name {turned} or pass; {last}.",
               "Mind whom an order helps: when another player deals, ordering up lets "
               "him take the up-card, a trump, into his hand."]
    defend = ("each defender in turn, from the maker's left, may defend alone: his "
              "partner then sits the hand out, cards face down, but still scores with him.")
    makes = ("Whoever makes trump is the maker and plays against the other two, who "
             "defend together for this hand only.")
    if rules.dummy:
        maker = [f"{makes} Before seeing the dummy, the maker either takes it, keeping any "
                 "five of his ten cards and discarding the other five face down, or goes "
                 f"alone without it (it stays face down). Then {defend}"]
        if rules.lone_march_points == rules.march_points:
            maker.append("Under these rules a maker alone scores no more than one with "
                         "the dummy, whose five cards can only add to his choice: he "
                         "nearly always takes it. Defending alone pays more only when "
                         "the lone defender takes all five tricks (below).")
        else:
            maker.append("A maker who goes alone scores as one with the dummy but for a "
                         f"march: {_points(rules.lone_march_points)} instead of "
                         f"{_points(rules.march_points)}. Defending alone pays more only "
                         "when the lone defender takes all five tricks (below).")
    else:  # R5: no dummy, so no choice of the maker's for "Then" to follow
        maker = [f"{makes} Once trump is made, {defend}"]
    alone = ("If the maker went alone, the player on his left leads instead; if only a "
             "defender went alone, the player on that defender's left does"
             if rules.dummy else
             "If a defender went alone, the player on that defender's left leads instead")
    lead = (f"The player on the dealer's left leads the first trick. {alone} (a player "
            "sitting the hand out is skipped).")
    play = [f"Five tricks. {lead} Follow the suit led if you can (the left bower follows "
            "trump); the highest trump wins the trick, or else the highest card of the "
            "suit led. The winner leads the next trick."]
    march = f"All five (a march): {_points(rules.march_points)}"
    if rules.dummy and rules.lone_march_points != rules.march_points:
        march += f", or {_points(rules.lone_march_points)} for a maker who went alone"
    scoring = [f"The maker takes 3 or 4 tricks: 1 point. {march}.",
               "The maker takes fewer than 3: he is euchred, and each defender scores "
               "2 points.",
               "A lone defender who takes 3 or 4 tricks: each defender scores 2 points, "
               "the partner who sat out too; all five: each scores 4. Fewer than 3: the "
               "maker scores as above."]
    tie = ("players level on top share the win" if rules.tie == "share"
           else "players level on top play on until one is ahead")
    game = [f"The game ends after the hand in which a player reaches {rules.target} "
            f"points; the most points wins, and {tie}. Because a euchre pays both "
            "defenders, a good player sometimes lets the maker make his point rather "
            "than hand the other defender the game."]
    return [("The deal", deal), ("Trump", trump), ("Bidding", bidding),
            ("Maker and defenders", maker), ("Play", play), ("Scoring", scoring),
            ("The game", game), ("Words players use", _words(rules))]


def _words(rules: Rules) -> list[str]:
    """The card players' words the hints, the coach and the bots' reasons use, one
    ``Term: what it means`` each (the page shows them as a list of terms)."""
    top = ("the highest trumps after the joker" if rules.deck == 25
           else "the two highest trumps")
    return ["Your side: you and your partner when you defend, you by yourself when you "
            "are the maker.",
            f"Right and left bower: the jack of trump and the other jack of its colour, {top}.",
            "Void: holding no card of a suit. A player void in the suit led may play a "
            "trump on it (ruff it), which takes the trick unless a higher trump follows.",
            "Lead: play the first card of a trick.",
            "Cash: lead a card sure to take its trick.",
            "Draw trumps: lead trumps so that the others must play theirs on them.",
            "Through the maker: a defender's lead with the maker next to play, so that the "
            "partner plays after the maker.",
            "Throw a card: play a card that cannot take the trick, one worth little, when "
            "you cannot follow or your side already wins it.",
            "Euchred: said of a maker who takes fewer than 3 tricks.",
            "A march: all five tricks to the maker.",
            *(["Bury: put cards out of the hand face down, as the maker who took the "
               "dummy does with the five of ten he does not keep."] if rules.dummy else []),
            "Cards in text: rank then suit, AS the ace of spades, TH the 10 of hearts "
            "(T is the 10; 10H is read too)" + (", JO the joker." if rules.deck == 25
                                                else ".")]


def how_to_play_text(rules: Rules | None = None, width: int = 88) -> str:
    """:func:`how_to_play` as plain text, each paragraph wrapped to ``width``."""
    import textwrap

    rules = rules or Rules()
    lines = ["How to play three-handed (cutthroat) euchre", f"Rules: {rules.describe()}"]
    for title, paragraphs in how_to_play(rules):
        lines += ["", title]
        for number, paragraph in enumerate(paragraphs):
            lines += ([""] if number else []) + textwrap.wrap(
                paragraph, width, initial_indent="  ", subsequent_indent="  ",
                break_on_hyphens=False)  # "up-card", "turned-down" stay whole
    return "\n".join(lines)


def stakes(rules: Rules, phase: Phase, *, dealer: bool = False) -> str:
    """What the choices of ``phase`` lead to, for the player who makes them (the
    ``dealer`` or not), under ``rules``: one or two sentences beside the prompt, for a
    player who does not know yet what an order or going alone commits him to; ``""``
    where the prompt says enough (a discard, a card to play), and for a decision these
    rules never ask for (no dummy: no dummy-or-alone, R5).

    >>> print(stakes(Rules(), Phase.BID_FIRST))
    Ordering up makes the up-card's suit trump and you the maker, against the other two: \
you need 3 of the 5 tricks (1 point; 3 points for all five), or you are euchred and \
each of them scores 2 points (4 if one defends alone and takes all five). The dealer \
may then take the up-card.
    >>> stakes(Rules(), Phase.PLAY)
    ''
    """
    if ((phase in (Phase.MAKER_CHOICE, Phase.KEEP) and not rules.dummy)  # R5
            or (phase is Phase.PICKUP and rules.dealer_must_pick_up)  # R8
            or (phase is Phase.JOKER_TRUMP and rules.deck != 25)):  # R6
        return ""  # (a decision these rules never ask for)
    march = _points(rules.march_points)
    alone_march = (f", {_points(rules.lone_march_points)} if you go alone" if rules.dummy
                   and rules.lone_march_points != rules.march_points else "")
    made = ("1 point, all five too" if rules.march_points == 1 and not alone_march
            else f"1 point; {march} for all five{alone_march}")
    need = (f"you need 3 of the 5 tricks ({made}), or you are euchred and each of them "
            "scores 2 points (4 if one defends alone and takes all five).")
    if phase is Phase.BID_FIRST and dealer:
        return ("Accepting makes the up-card's suit trump and you the maker, against the "
                f"other two: you take the card and discard one, and {need}")
    if phase is Phase.BID_FIRST:
        then = ("The dealer then takes the up-card." if rules.dealer_must_pick_up else
                "The dealer may then take the up-card.")
        return ("Ordering up makes the up-card's suit trump and you the maker, against "
                f"the other two: {need} {then}")
    if phase is Phase.JOKER_TRUMP:
        return (f"The suit you name is trump and you are the maker, against the other two: "
                f"you take the joker and discard a card, and {need}")
    if phase is Phase.PICKUP:
        return ("The up-card's suit is trump either way. Taking it gives you one more "
                "trump, and you discard a card face down; left, it stays in the kitty.")
    if phase is Phase.BID_SECOND:
        last = ("If everybody passes, the cards are thrown in and nobody scores."
                if not rules.stick_the_dealer else
                "As the dealer you may not pass: you must call a suit." if dealer else
                "The dealer may not pass: if nobody calls before him, he must.")
        which = ("Calling any suit, the one turned down too," if rules.may_name_turned_down_suit
                 else "Calling a suit other than the one turned down")  # R9
        return f"{which} makes it trump and you the maker, against the other two: {need} {last}"
    if phase is Phase.MAKER_CHOICE:
        alone = (f"going alone pays no more under these rules (a march is {march} either "
                 "way)" if rules.lone_march_points == rules.march_points else
                 f"a march alone pays {_points(rules.lone_march_points)} instead of {march}")
        return ("With the dummy you pick up its five cards and keep any five of your ten. "
                f"Alone, you play the five you hold and the dummy stays unseen: {alone}.")
    if phase is Phase.KEEP:
        return "The five you do not keep are put aside face down, and nobody sees them."
    if phase is Phase.DEFENDER_CHOICE:
        return ("Alone, your partner sits out and you play the maker single-handed: take 3 "
                "or 4 tricks and each of you scores 2 points, all five and each scores 4; "
                "fewer than 3, and the maker scores. Together, if the maker takes fewer "
                "than 3 tricks, each of you scores 2 points.")
    return ""


def stakes_in(view: View) -> str:
    """:func:`stakes` of the decision ``view``'s seat has to make now, under the view's
    rules (``""`` when it is not that seat's turn): what the web state's ``stakes``, the
    line game's ``help`` and the table's ``r`` page say."""
    if view.seat is None or view.to_act != view.seat:
        return ""
    return stakes(view.rules, view.phase, dealer=view.dealer == view.seat)


def _points(n: int) -> str:
    return f"{n} point{'' if n == 1 else 's'}"
