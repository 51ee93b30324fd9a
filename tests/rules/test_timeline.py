"""The replay: each event moves the table on, and irregular calls and plays are recorded as made."""

from app.bridge.calls import parse_call
from app.bridge.cards import Card
from app.bridge.deal import Deal
from app.bridge.rota import board_conditions
from app.bridge.seats import Seat
from app.rules.scenario import AuctionCall, Event, Scenario
from app.rules.timeline import replay

DEAL = Deal.from_pbn("N:AKQ2.K32.Q54.A32 J54.QJ4.KJ32.KQ4 T9876.A87.A9.J76 3.T965.T876.T985")


def _scenario(auction: list[str], events: list[Event], board: int = 1) -> Scenario:
    dealer, vul = board_conditions(board)
    return Scenario(DEAL, board, dealer, vul, [AuctionCall(parse_call(c)) for c in auction], events)


def test_the_auction_gives_the_contract_and_play_follows_it() -> None:
    events = [
        Event("play", seat=Seat.WEST, cards=(Card.parse("HT"),)),
        Event("trick", cards=tuple(Card.parse(c) for c in ("H2", "HQ", "HA"))),
        Event("expose", seat=Seat.EAST, cards=(Card.parse("DK"),)),
        Event("claim", seat=Seat.SOUTH, text="The rest are mine."),
        Event("director"),
    ]
    timeline = replay(_scenario(["1S", "P", "4S", "P", "P", "P"], events, board=3))
    assert str(timeline.contract) == "4S" and timeline.contract.declarer is Seat.SOUTH
    first = timeline.states[1]
    assert first.current_trick == ((Seat.WEST, Card.parse("HT")),) and first.dummy_visible
    after_trick = timeline.states[2]
    assert after_trick.quitted[0].winner is Seat.SOUTH and after_trick.current_trick == ()
    assert Card.parse("HA") not in after_trick.hands[Seat.SOUTH]
    assert timeline.states[3].exposed[Seat.EAST] == (Card.parse("DK"),)
    assert timeline.states[4].balloons[0].text == "The rest are mine."
    assert timeline.states[4].exposed[Seat.EAST] == (Card.parse("DK"),)
    assert timeline.states[5].director_called


def test_a_call_out_of_rotation_is_recorded_with_whose_turn_it_was() -> None:
    events = [Event("call", seat=Seat.NORTH, call=parse_call("1S")), Event("call", seat=Seat.SOUTH, call=parse_call("1H"))]
    timeline = replay(_scenario([], events, board=1))
    first, second = timeline.calls
    assert first.in_rotation
    assert second.seat is Seat.SOUTH and second.expected is Seat.EAST and not second.in_rotation


def test_a_lead_by_the_wrong_defender_is_recorded_as_out_of_turn() -> None:
    events = [Event("play", seat=Seat.EAST, cards=(Card.parse("HQ"),))]
    timeline = replay(_scenario(["1S", "P", "4S", "P", "P", "P"], events, board=3))
    record = timeline.plays[0]
    assert record.is_lead and record.expected is Seat.WEST and not record.in_turn
