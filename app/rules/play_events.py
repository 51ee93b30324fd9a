"""What the replay does with the events of the play other than cards: dummy's acts (Laws 42, 43), the
defects of a trick (Law 67), and the two moments a choice after a lead out of turn is taken from a
player (Laws 54A, 55A).

Kept apart from ``timeline`` so the replay's walk through the events stays short; each function works
on the table (``TablePlay``) alone.
"""

from __future__ import annotations

from app.bridge.seats import Seat
from app.rules.card_actions import CardAction
from app.rules.scenario import Event
from app.rules.table_play import TablePlay

DEFECTS = ("turned", "extra", "retrieve")  # Law 67: a trick with too few or too many of a player's cards
DUMMY_BREACHES = {"exchanges-hands": "43A2(a)", "leaves-seat": "43A2(b)", "looks": "43A2(c)"}
DRAWS_ATTENTION = "draws-attention"


def play_event(table: TablePlay, event: Event, index: int) -> None:
    """A trick turned over short, an extra card, a played card back in the hand; or dummy's act. Dummy's
    breach of Law 43A2 costs him his qualified rights: if he then draws attention to a defender's
    irregularity first, nothing is rectified now (Law 43B3)."""
    seat = event.seat
    if event.kind == "turned":
        table.turn(index)
    elif seat is not None and event.kind == "extra":
        table.extra(seat, event.cards[0], index)
    elif seat is not None and event.kind == "retrieve":
        table.retrieve(seat, event.cards[0], index)
    elif seat is not table.dummy:
        return  # a dummy event by another seat: the engine reports it
    elif event.act in DUMMY_BREACHES:
        table.dummy_breach = index if table.dummy_breach is None else table.dummy_breach
    elif event.act == DRAWS_ATTENTION and table.dummy_breach is not None:
        offender = table.latest_offender()
        if offender is not None:
            table.forgive(offender)


def begins_to_spread(table: TablePlay, seat: Seat) -> bool:
    """Presumed declarer shows a card while a defender's opening lead out of turn waits for his choice: he
    has begun to spread his hand as dummy (Laws 48B1, 54A)."""
    lead = table.pending_lead
    return lead is not None and lead.trick == 1 and seat is table.declarer and table.is_defender(lead.seat)


def may_refuse(table: TablePlay, lead: CardAction, seat: Seat) -> bool:
    """Who may refuse a lead out of turn: declarer after a defender's (Laws 54, 56), either defender after
    declarer's (Law 55A)."""
    return seat is table.declarer if table.is_defender(lead.seat) else table.is_defender(seat)
