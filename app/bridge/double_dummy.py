"""Double-dummy analysis through endplay's solver (DDS), in the project's types."""

from __future__ import annotations

from collections.abc import Sequence

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
    from endplay.dds import solve_board
    from endplay.types import Deal as EndplayDeal
    from endplay.types import Denom, Player

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
    position = EndplayDeal(f"N:{hands}",
                           first=Player(first.index),
                           trump=Denom[_ENDPLAY_DENOMINATION_NAMES[contract.denomination]])
    for played in play.current:
        position.play(str(played.card))
    on_play = play.next_to_play() if play.current else first
    best = max(tricks for _card, tricks in solve_board(position))
    left = TRICKS_PER_DEAL - len(play.tricks)
    return won + (best if on_play.side is contract.side else left - best)


def _with(hand: Hand | None, card: Card | None) -> Hand:
    if hand is None:
        raise PlayError("the solver needs all four hands")
    return Hand(hand.cards | {card}) if card is not None else hand
