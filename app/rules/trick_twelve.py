"""Law 62D: a revoke on the twelfth trick is corrected while the hands are still out of the board; when the
correction is forced, the last two tricks are counted again. Kept apart from ``revoke_rules``, which asks it."""

from __future__ import annotations

from app.bridge.cards import Suit
from app.bridge.play import Play
from app.bridge.seats import Seat, Side
from app.rules.board import Board, card_name
from app.rules.findings import Finding
from app.rules.table_play import TablePlay

TWELFTH = 12
ROUND_END = "end-of-round"  # a director event written `director: end-of-round` (Law 64B5)
NEXT_DEAL = "next-deal"  # `director: next-deal`: a non-offender had called on the next deal (Law 64B4)


def hands_still_out(board: Board, attention: int | None) -> bool:
    """Law 62D1 applies while the hands are still out of the board (not after the round or the next deal)."""
    if attention is None:
        return True
    return board.scenario.events[attention].text.strip().lower() not in (ROUND_END, NEXT_DEAL)


def correct_trick_twelve(table: TablePlay, offender: Seat, suit: Suit, finding: Finding) -> dict[Side, int] | None:
    """Law 62D1: replay tricks twelve and thirteen with the revoke corrected, when the offender had only one
    card of the suit led, so the correction is forced, and all thirteen tricks were played."""
    play = table.play
    if not play.is_finished:
        return None
    before = [r for r in play.records if r.trick_number < TWELFTH]
    hand = play.deal[offender]
    if hand is None:
        return None
    left = [c for c in hand if all(r.card != c for r in before)]
    legal = [c for c in left if c.suit is suit]
    if len(legal) != 1:
        finding.judge("The offender had a choice of cards to correct the revoke with, so the corrected last two "
                      "tricks are for the director to establish.", "62D1")
        return None
    corrected = Play(play.deal, play.contract)
    for record in before:
        corrected.play(record.seat, record.card)
    for record in play.records:
        if record.trick_number == TWELFTH:
            corrected.play(record.seat, legal[0] if record.seat is offender else record.card)
    while not corrected.is_finished:
        seat = corrected.next_to_play()
        remaining = corrected.remaining[seat]
        if remaining is None or len(remaining) != 1:
            return None
        corrected.play(seat, next(iter(remaining)))
    won = {side: corrected.tricks_won(side) for side in (Side.NS, Side.EW)}
    finding.say(f"Corrected, {offender.english} plays {card_name(legal[0])} to trick twelve; with one card "
                f"each left, the last trick follows. North-South win {won[Side.NS]} tricks in all and East-West "
                f"{won[Side.EW]}.", "62D1")
    finding.judge("A non-offender who played to trick twelve after the revoke may change his card once it is "
                  "corrected; if one does, count the last two tricks again.", "62C1")
    return won
