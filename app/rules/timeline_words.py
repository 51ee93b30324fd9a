"""A case's timeline in words: one line for what happened at each step, for the case player's step
label and the presenter's captions (so both say the same thing the same way)."""

from __future__ import annotations

from app.rules.timeline import Timeline

EVENT_WORDS = {"say": "says", "claim": "claims", "concede": "concedes", "accept": "accepts"}
DUMMY_WORDS = {"looks": "looks at a defender's cards", "leaves-seat": "leaves his seat to watch the play",
               "exchanges-hands": "changes places with declarer", "warns": "speaks to declarer",
               "asks": "asks declarer about the suit led", "draws-attention": "speaks up",
               "indicates": "touches"}


def describe_event(timeline: Timeline, step: int) -> str:
    """One line for the timeline label: what happened at this step."""
    state = timeline.states[step]
    event = state.event
    if event is None:
        return "Start: the auction so far" if state.calls else "Start"
    who = event.seat.english if event.seat is not None else ""
    if event.kind == "call":
        call = event.call.symbol if event.call is not None and hasattr(event.call, "symbol") else str(event.call)
        return f"{who} calls {call}" + (" (alerted)" if event.alerted else "")
    if event.kind == "play":
        card = event.cards[0].symbol
        return f"{who} {'leads' if state.play_record and state.play_record.is_lead else 'plays'} the {card}"
    if event.kind == "trick":
        return "Cards played: " + ", ".join(c.symbol for c in event.cards)
    if event.kind == "expose":
        return f"{who} exposes the {event.cards[0].symbol}"
    if event.kind == "director":
        return "The director is called"
    if event.kind == "turned":
        return "The cards of the trick are turned over"
    if event.kind == "extra":
        return f"{who}'s {event.cards[0].symbol} goes with the card he played, unseen"
    if event.kind == "retrieve":
        return f"{who} picks up the {event.cards[0].symbol} and puts it back in his hand"
    if event.kind == "dummy":
        done = DUMMY_WORDS.get(event.act, event.act)
        if event.cards:
            done = f"{done} the {event.cards[0].symbol}"
        return f"{who} (dummy) {done}" + (f": “{event.text}”" if event.text else "")
    return f"{who} {EVENT_WORDS.get(event.kind, event.kind)}: “{event.text}”" if event.text else f"{who} {event.kind}"
