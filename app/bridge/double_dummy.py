"""Double-dummy analysis through endplay's solver (DDS), in the project's types.

Why positions are solved for the best card only, and each one once per run: a case's solver
claims (``director-trainer check``) ask how many tricks the side on play takes from a position,
never which cards reach it. DDS finds that with one search ("optimal one"), where a score for
every card in the hand costs about twice as long; and the same position comes back often (a
case and its twin under another code, several claims on one deal, the editor checking a case at
each pause), so the answer for each distinct position is kept for the life of the process.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from app.bridge.calls import Denomination
from app.bridge.cards import Card
from app.bridge.contract import TRICKS_PER_DEAL, Contract
from app.bridge.deal import Deal, Hand
from app.bridge.errors import PlayError
from app.bridge.play import Play
from app.bridge.seats import SEATS, Seat

_ENDPLAY_DENOMINATION_NAMES = {
    Denomination.SPADES: "spades",
    Denomination.HEARTS: "hearts",
    Denomination.DIAMONDS: "diamonds",
    Denomination.CLUBS: "clubs",
    Denomination.NOTRUMP: "nt",
}


def trick_table(deal: Deal) -> dict[Denomination, dict[Seat, int]]:
    """Tricks the declarer in each seat takes in each denomination with best play all round.

    All four hands must be known. The solver is imported here because it loads a native library.
    """
    from endplay.dds import calc_dd_table
    from endplay.types import Denom, Player

    table = calc_dd_table(deal.to_endplay())
    return {
        denomination: {seat: int(table[Denom[name], Player(seat.index)]) for seat in SEATS}
        for denomination, name in _ENDPLAY_DENOMINATION_NAMES.items()
    }


def replay(deal: Deal, contract: Contract, cards: Sequence[Card]) -> Play:
    """The cards played in turn from the opening lead, each a legal play by the player due to play it.

    Raises PlayError naming the first card that is not held or does not follow suit, because a
    position reached by an irregular play is not one the solver can be asked about.
    """
    play = Play(deal, contract)
    for number, card in enumerate(cards, 1):
        seat = play.next_to_play()
        record = play.play(seat, card)
        if record.revoke:
            raise PlayError(f"card {number}, the {card.symbol}, is a revoke by {seat.english}")
    return play


def declarer_tricks_with_best_play(deal: Deal, contract: Contract, cards: Sequence[Card] = (),
                                   leader: Seat | None = None) -> int:
    """Tricks declarer's side wins on the whole board when, after ``cards`` (played legally in turn
    from the opening lead), everyone plays double-dummy: the tricks already won plus what the solver
    finds for the rest.

    ``leader`` replaces the opening leader (declarer's left-hand opponent) when no card has been
    played; once cards are played, the play decides who leads. All four hands must be known.
    """
    if leader is not None and cards:
        raise PlayError("the leader can be chosen only before any card is played")
    play = replay(deal, contract, cards)
    won = play.declarer_tricks
    if play.is_finished:
        return won
    first = play.current[0].seat if play.current else (leader or play.next_to_play())
    in_trick = {played.seat: played.card for played in play.current}
    # The hands as they were when the trick in progress began (a Deal insists on 13 cards each).
    hands = " ".join(_with(play.remaining[seat], in_trick.get(seat)).to_pbn() for seat in SEATS)
    best = _most_tricks(f"N:{hands}", first.index, _ENDPLAY_DENOMINATION_NAMES[contract.denomination],
                        tuple(str(played.card) for played in play.current))
    on_play = play.next_to_play() if play.current else first
    left = TRICKS_PER_DEAL - len(play.tricks)
    return won + (best if on_play.side is contract.side else left - best)


@lru_cache(maxsize=8192)
def _most_tricks(hands: str, first: int, trump: str, in_trick: tuple[str, ...]) -> int:
    """The most tricks the side on play can take from the position: ``hands`` (PBN, from North) when the
    player ``first`` led to the trick in progress, ``in_trick`` the cards played to it since."""
    from endplay.dds import solve_board
    from endplay.dds.solve import SolveMode
    from endplay.types import Deal as EndplayDeal
    from endplay.types import Denom, Player

    position = EndplayDeal(hands, first=Player(first), trump=Denom[trump])
    for card in in_trick:
        position.play(card)
    return max(tricks for _card, tricks in solve_board(position, SolveMode.OptimalOne))


def _with(hand: Hand | None, card: Card | None) -> Hand:
    if hand is None:
        raise PlayError("the solver needs all four hands")
    return Hand(hand.cards | {card}) if card is not None else hand
