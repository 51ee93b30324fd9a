"""Laws 42, 43 and 45F: what dummy may do in the play, and what follows when he does what he may not.

Dummy's acts come from ``dummy`` events. A breach of Law 43A2 (exchanging hands with declarer, leaving
his seat to watch declarer play, looking at a defender's cards) is an irregularity of its own (43B1) and
costs him his qualified rights (Law 42B): after it, his warning declarer against leading from the wrong
hand gives the defenders the choice of hand (43B2(a)), his asking declarer first about a revoke makes the
revoke count as established (43B2(b), ruled by ``revoke_rules``), and his drawing attention first to a
defender's irregularity means no immediate rectification (43B3, applied here to the finding concerned).
Touching or indicating a card is Law 45F.
"""

from __future__ import annotations

from app.rules.board import Board, card_name
from app.rules.findings import Finding, Step, step
from app.rules.play_events import DRAWS_ATTENTION, DUMMY_BREACHES
from app.rules.scenario import Event

WARNS, ASKS, INDICATES = "warns", "asks", "indicates"
DUMMY_ACTS = (*DUMMY_BREACHES, WARNS, ASKS, DRAWS_ATTENTION, INDICATES)
DONE = {"exchanges-hands": "exchanged hands with declarer", "leaves-seat": "left his seat to watch declarer play",
         "looks": "looked at a defender's cards"}
_IRREGULAR_LEADS = ("lead-out-of-turn", "opening-lead-out-of-turn")


def _acts(board: Board) -> list[tuple[int, Event]]:
    """Dummy's acts in the play, by the player who is dummy (the others are reported as problems)."""
    table = board.timeline.table
    if table is None:
        return []
    return [(i, e) for i, e in enumerate(board.scenario.events) if e.kind == "dummy" and e.seat is table.dummy]


def dummy_problems(board: Board) -> list[str]:
    """A ``dummy`` event written for a player who is not dummy, or before the play began."""
    table = board.timeline.table
    problems = []
    for event in board.scenario.events:
        if event.kind != "dummy" or event.seat is None:
            continue
        if table is None:
            problems.append(f"dummy: {{{event.seat.letter}: {event.act}}} comes before any card is played; dummy's "
                            "acts are written once the play has begun")
        elif event.seat is not table.dummy:
            problems.append(f"dummy: {{{event.seat.letter}: {event.act}}} names {event.seat.english}, but "
                            f"{table.dummy.english} is dummy")
    return problems


def breach_before(board: Board, index: int) -> tuple[int, Event] | None:
    """Dummy's first breach of Law 43A2 before event ``index``, if any."""
    return next(((i, e) for i, e in _acts(board) if i < index and e.act in DUMMY_BREACHES), None)


def dummy_findings(board: Board) -> list[Finding]:
    """Dummy's breaches of Law 43A2, his warning after one (43B2(a)), and a card he indicated (45F)."""
    found: list[Finding] = []
    for index, event in _acts(board):
        if event.act in DUMMY_BREACHES:
            found.append(_breach(board, index, event))
        elif event.act == WARNS and (breach := breach_before(board, index)) is not None:
            found.append(_warning(index, event, breach[1]))
        elif event.act == INDICATES:
            found.append(_indicated(index, event))
    return found


def dummy_notes(board: Board) -> list[Step]:
    """What dummy did within his rights, or against Law 43A1 without a breach of 43A2 before it."""
    notes = []
    for index, event in _acts(board):
        if breach_before(board, index) is not None:
            continue
        if event.act == WARNS:
            notes.append(step("Dummy may try to prevent an irregularity, such as declarer leading from the wrong "
                              "hand, so long as he has not broken Law 43A2.", "42B2", "43B2(a)"))
        elif event.act == ASKS:
            notes.append(step("Dummy may ask declarer, when he has not followed suit, whether he has a card of the "
                              "suit led; the revoke is then dealt with as usual.", "42B1", "61B2(a)"))
        elif event.act == DRAWS_ATTENTION:
            notes.append(step("Dummy drew attention to an irregularity during the play, which he may not do; the "
                              "irregularity is rectified as usual, and dummy is liable to a procedural penalty.",
                              "43A1(b)", "43B1", "90"))
    return notes


def _breach(board: Board, index: int, event: Event) -> Finding:
    assert event.seat is not None
    finding = Finding("dummy-violation", event.seat, index)
    finding.facts["rectification"] = "43B1"
    finding.say(f"{event.seat.english}, dummy, {DONE[event.act]}: dummy may not.", DUMMY_BREACHES[event.act])
    if breach_before(board, index) is None:
        finding.say("From now on, if he warns declarer against leading from the wrong hand, is the first to ask "
                    "declarer whether a card he played is a revoke, or is the first to draw attention to a "
                    "defender's irregularity, what follows is set by Laws 43B2 and 43B3.", "42B", "43B2", "43B3")
    finding.judge("Dummy is liable to a procedural penalty for the breach.", "43B1", "90")
    return finding


def _warning(index: int, event: Event, breach: Event) -> Finding:
    assert event.seat is not None
    finding = Finding("dummy-violation", event.seat, index)
    finding.facts["rectification"] = "43B2(a)"
    finding.say(f"{event.seat.english}, dummy, had {DONE[breach.act]} and then warned declarer against leading "
                "from the wrong hand: either defender may choose the hand declarer leads from.", "43B2(a)")
    return finding


def _indicated(index: int, event: Event) -> Finding:
    assert event.seat is not None
    card = card_name(event.cards[0]) if event.cards else "a card"
    finding = Finding("dummy-indicates-card", event.seat, index)
    finding.facts["rectification"] = "45F"
    finding.say(f"{event.seat.english}, dummy, indicated {card} without an instruction from declarer: once dummy is "
                "faced, dummy may touch or indicate a card only to arrange his cards, and he may not take part in "
                "the play. The director is called at once and play continues.", "45F", "43A1(c)")
    finding.judge("At the end of play the director adjusts the score if he considers that dummy suggested a play "
                  "and the defenders were damaged by it; not if declarer would have played that card anyway.",
                  "45F", "12C1")
    finding.judge("Dummy is liable to a procedural penalty.", "90")
    return finding


def no_immediate_rectification(board: Board, findings: list[Finding]) -> None:
    """Law 43B3 on the finding whose irregularity dummy, after a breach of Law 43A2, was first to draw
    attention to: a defender's latest irregularity before his remark. (A revoke is ruled in ``revoke_rules``.)"""
    for index, event in _acts(board):
        breach = breach_before(board, index)
        if event.act != DRAWS_ATTENTION or breach is None:
            continue
        defenders = [f for f in findings if f.event_index is not None and f.event_index < index
                     and f.offender is not None and board.defends(f.offender)]
        if not defenders or defenders[-1].irregularity == "revoke":
            continue
        finding = defenders[-1]
        for key in ("options_to", "declarer_lead_options"):
            finding.facts.pop(key, None)
        finding.facts.update(rectification="43B3", penalty_card="none")
        if finding.irregularity in _IRREGULAR_LEADS:
            finding.facts["accepted"] = True
        finding.say(f"But dummy, who had {DONE[breach[1].act]}, was the first to draw attention to it: there is no "
                    "immediate rectification, and play goes on as though it had not happened. As the WBF Laws "
                    "Committee reads this, declarer is not offered his usual options: a lead out of turn stands as "
                    "accepted, and a card the defender exposed goes back to his hand with no restriction.", "43B3")
        finding.judge("At the end of play, if the defenders gained through their irregularity, the director "
                      "adjusts their score only, taking that advantage away; declarer's side keeps the score it "
                      "made at the table.", "43B3", "12C1")


def first_to_act(board: Board, act: str, after: int, before: int | None) -> tuple[int, Event] | None:
    """Dummy's ``act`` between events ``after`` and ``before``, made after a breach of Law 43A2: the breach,
    for Laws 43B2(b) and 43B3 (the events show who spoke first)."""
    for index, event in _acts(board):
        if event.act == act and after < index and (before is None or index < before):
            return breach_before(board, index)
    return None
