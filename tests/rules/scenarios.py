"""Compact scenarios for the engine's unit tests: events written as 'E:1D', 'play W:HT', 'trick HT H2 HQ HA'."""

from app.bridge.calls import parse_annotated_call, parse_call
from app.bridge.cards import Card
from app.bridge.contract import parse_contract
from app.bridge.deal import Deal
from app.bridge.rota import board_conditions
from app.bridge.seats import Seat
from app.rules.scenario import AuctionCall, Event, Scenario

DEAL = Deal.from_pbn("N:AKQ2.K32.Q54.A32 J54.QJ4.KJ32.KQ4 T9876.A87.A9.J76 3.T965.T876.T985")
FOUR_SPADES = ["1S", "P", "4S", "P", "P", "P"]  # on board 3 (dealer South): 4S by South, West leads


def event(text: str) -> Event:
    """'director', 'director next-deal', 'E:1D' (a call), 'play W:HT', 'expose E:HQ', 'trick HT H2',
    'accept S:spread', 'claim S:all mine', 'say N:words', 'dummy N:looks', 'dummy N:indicates:DQ',
    'dummy N:warns:his words', 'turned', 'extra W:S3', 'retrieve W:HT'."""
    word, _, rest = text.partition(" ")
    if word == "director":
        return Event("director", text=rest)
    if word == "dummy":
        seat, act, detail = (rest.split(":", 2) + [""])[:3]
        if act == "indicates":
            return Event("dummy", seat=Seat.parse(seat), act=act, cards=(Card.parse(detail),))
        return Event("dummy", seat=Seat.parse(seat), act=act, text=detail)
    if word == "trick":
        return Event("trick", cards=tuple(Card.parse(c) for c in rest.split()))
    if word == "turned":
        return Event("turned")
    if word in ("play", "expose", "accept", "claim", "concede", "say", "extra", "retrieve"):
        seat, _, value = rest.partition(":")
        if word in ("play", "expose", "extra", "retrieve"):
            return Event(word, seat=Seat.parse(seat), cards=(Card.parse(value),))
        return Event(word, seat=Seat.parse(seat), text=value)
    seat, _, call = text.partition(":")
    annotated = parse_annotated_call(call)
    return Event("call", seat=Seat.parse(seat), call=annotated.call, alerted=annotated.alerted)


def scenario(events: list[str], board: int = 1, auction: list[str] | None = None, result: int | None = None,
             contract: str | None = None, declarer: str | None = None) -> Scenario:
    dealer, vulnerability = board_conditions(board)
    return Scenario(
        DEAL, board, dealer, vulnerability,
        [AuctionCall(parse_call(c)) for c in auction or []],
        [event(e) for e in events],
        parse_contract(contract, declarer) if contract and declarer else None,
        result,
    )
