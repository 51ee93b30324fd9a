"""The drawn table in words, for a screen reader: what a sighted trainee reads off the picture —
the board's conditions, each hand suit by suit (or that it lies face down), the auction, the
contract, the cards on the table, cards face up, what was said, and the director call.

Kept apart from the painting so that the words follow the same rules as the picture (a hand
not shown is not read out; a card face up is no longer read as part of its owner's hand)."""

from __future__ import annotations

from app.bridge.cards import Card, Suit
from app.bridge.deal import Hand
from app.bridge.rota import Vulnerability
from app.bridge.seats import SEATS, Seat
from app.rules.timeline import TableState

SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


PLAYED_OUT = "Every card played: the deal as dealt"


def hand_shown(state: TableState, seat: Seat) -> tuple[Hand | None, bool]:
    """The cards to draw and read for ``seat``, and whether they are the hand as dealt: once every
    card is played (a director called after the last trick) the deal is shown, faded, not four
    empty hands."""
    dealt = state.dealt.get(seat)
    if state.played_out and dealt is not None and len(dealt):
        return dealt, True
    return state.hands.get(seat), False


def held(hand: Hand, state: TableState, seat: Seat) -> Hand:
    """The cards still in ``seat``'s hand: those lying face up in front of the player (exposed or
    penalty cards) are drawn and read there, not a second time in the hand."""
    face_up = set(state.exposed.get(seat, ()))
    return Hand(frozenset(card for card in hand.cards if card not in face_up)) if face_up else hand


def hand_in_words(hand: Hand) -> str:
    """``spades A K 10 4; hearts void; …`` — each suit named, its ranks highest first."""
    return "; ".join(f"{suit.english} {' '.join(rank.display for rank in hand.holding(suit)) or 'void'}"
                     for suit in SUITS)


def _cards(cards: tuple[Card, ...]) -> str:
    return ", ".join(f"{card.rank.display} of {card.suit.english}" for card in cards)


def describe_table(state: TableState | None, board: int, dealer: Seat, vulnerability: Vulnerability,
                   shown: set[Seat]) -> str:
    """The table as a screen reader speaks it; ``shown`` are the hands the picture shows (dummy's
    too, once it is face up)."""
    if state is None:
        return "No case open"
    parts = [f"Board {board}, dealer {dealer.english}, vulnerability: {vulnerability.english}"]
    dummy = state.dummy if state.dummy_visible else None
    for seat in SEATS:
        hand = hand_shown(state, seat)[0]
        if hand is None:
            parts.append(f"{seat.english}'s hand is not given")
        elif seat in shown or seat is dummy:
            parts.append(f"{seat.english}'s hand: {hand_in_words(held(hand, state, seat))}")
        else:
            parts.append(f"{seat.english}'s hand is face down ({len(held(hand, state, seat))} cards)")
    if state.calls:
        parts.append("Auction: " + " ".join(f"{c.seat.letter}:{c.call}" for c in state.calls))
    if state.shown_contract is not None:
        parts.append(f"Contract {state.shown_contract} by {state.shown_contract.declarer.english}")
    if state.current_trick:
        parts.append("On the table: " + " ".join(f"{s.letter}:{c}" for s, c in state.current_trick))
    for seat, cards in state.exposed.items():
        if cards:
            parts.append(f"{seat.english} has face up: {_cards(cards)}")
    for balloon in state.balloons:
        parts.append(f"{balloon.seat.english} ({balloon.kind}): {balloon.text}")
    if state.played_out:
        parts.append(f"{PLAYED_OUT}, faded")
    if state.director_called:
        parts.append("The director has been called")
    return ". ".join(parts)
