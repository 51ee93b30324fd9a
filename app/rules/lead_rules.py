"""Laws 53–57: leads out of turn — the opening lead (54), declarer's (55), a defender's (56) — and
premature leads and plays (57). The penalty cards they create are counted by ``penalty_cards``."""

from __future__ import annotations

from app.bridge.seats import Seat
from app.rules.board import Board, card_name
from app.rules.card_actions import CardAction, CardKind, Withdrawal
from app.rules.findings import Finding
from app.rules.penalty_cards import PenaltyCards
from app.rules.table_play import TablePlay
from app.rules.timeline import accepts

LAST_TRICK = 13


def play_irregularities(board: Board, penalties: PenaltyCards) -> list[Finding]:
    """Findings for every lead or play out of turn, in the order they happened."""
    table = board.timeline.table
    if table is None:
        return []
    found: list[Finding] = []
    for action in table.actions:
        if action.kind is CardKind.PLAYED and action.is_lead and not action.in_turn:
            found.append(_lead_out_of_turn(board, table, penalties, action))
        elif action.kind is CardKind.NOT_PLAYED or action.kind is CardKind.EARLY:
            found.append(_premature(board, table, action))
        elif action.kind is CardKind.BEFORE_OPTION:
            found.append(_before_declarer_chose(table, action))
        elif action.kind is CardKind.PLAYED and not action.in_turn:
            found.append(_played_out_of_turn(table, action))
    return found


# ----- what became of a lead out of turn -------------------------------------------------


def _withdrawal(table: TablePlay, action: CardAction) -> Withdrawal | None:
    return next((w for w in table.withdrawals if w.action == action.number), None)


def _next_in_trick(table: TablePlay, action: CardAction) -> CardAction | None:
    """The next card that went to the same trick while the lead stood."""
    return next((a for a in table.actions[action.number + 1:] if a.trick == action.trick
                 and a.kind in (CardKind.PLAYED, CardKind.EARLY) and not a.is_lead), None)


def _statement(board: Board, table: TablePlay, action: CardAction, holder: Seat) -> bool | None | str:
    """What the option holder said before the next card: True (accepts), False, 'spread', or None. After an
    opening lead out of turn, presumed declarer's showing a card first is 'exposed': he began to spread."""
    later = [a.event_index for a in table.actions[action.number + 1:]]
    end = min(later) if later else len(board.scenario.events)
    for event in board.scenario.events[action.event_index + 1:end]:
        if event.kind == "accept" and event.seat is holder:
            verdict = accepts(event.text)
            return "spread" if verdict is None else verdict
        if event.kind == "expose" and event.seat is holder and action.trick == 1:
            return "exposed"
    return None


def _dummy_exposed(board: Board, table: TablePlay, action: CardAction, dummy: Seat) -> bool:
    """Law 54C: presumed dummy showed cards after the opening lead out of turn, before declarer chose."""
    later = [a.event_index for a in table.actions[action.number + 1:]]
    end = min(later) if later else len(board.scenario.events)
    return any(e.kind == "expose" and e.seat is dummy for e in board.scenario.events[action.event_index + 1:end])


def _lead_out_of_turn(board: Board, table: TablePlay, penalties: PenaltyCards, action: CardAction) -> Finding:
    if action.trick == 1 and not any(a.trick == 1 and a.is_lead and a.number < action.number and a.in_turn
                                     for a in table.actions):
        return _opening_lead(board, table, penalties, action)
    if table.is_defender(action.seat):
        return _defender_lead(board, table, penalties, action)
    return _declarer_lead(board, table, action)


def _opening_lead(board: Board, table: TablePlay, penalties: PenaltyCards, action: CardAction) -> Finding:
    offender = action.seat
    declarer = action.expected.rho  # the opening leader sits on presumed declarer's left (Law 41A)
    dummy = declarer.partner
    finding = Finding("opening-lead-out-of-turn", offender, action.event_index)
    finding.say(f"{offender.english} faced {card_name(action.card)} as the opening lead, but "
                f"{action.expected.english} was on lead.", "41A", "54")
    if offender in (declarer, dummy):
        # Law 54E: an attempted opening lead by the declaring side is dealt with by Law 24.
        finding.facts.update(rectification="54E", penalty_card="none")
        finding.say(f"{offender.english} is on the declaring side, so the card is treated as exposed during the "
                    f"auction period and goes back to his hand; {action.expected.english} makes the opening lead.",
                    "54E", "24D", "17D1")
        finding.judge("The information from the card is authorized to the defenders and unauthorized to the "
                      "declaring side.", "24", "16C")
        return finding
    finding.facts["options_to"] = declarer.letter
    finding.say(f"Presumed declarer, {declarer.english}, chooses: he may spread his hand and become dummy (54A); "
                "accept the lead, dummy is spread and he plays second from his own hand (54B); or have the card "
                "retracted, when it becomes a major penalty card and Law 50D applies (54D). If he could have seen "
                "any of dummy's cards he must accept the lead (54C).", "54A", "54B", "54C", "54D")
    said = _statement(board, table, action, declarer)
    withdrawal = _withdrawal(table, action)
    follow = _next_in_trick(table, action)
    if said == "spread":
        finding.facts.update(rectification="54A", penalty_card="none", accepted=True, declarer_lead_options=False)
        finding.say(f"{declarer.english} spread his hand: he becomes dummy and {dummy.english} declares.", "54A")
    elif said == "exposed":
        finding.facts.update(rectification="54A", penalty_card="none", accepted=True, declarer_lead_options=False)
        finding.say(f"{declarer.english} began to lay his hand out as dummy and exposed a card in doing so: he must "
                    f"spread his whole hand, he becomes dummy and {dummy.english} declares. He can no longer accept "
                    "the lead and play the hand, nor have the card retracted.", "48B1", "54A")
        finding.judge(f"If the director finds that {declarer.english} merely dropped a card, rather than began to "
                      "spread his hand, he is still declarer and keeps his choice; declarer need not play a card "
                      "he drops by accident.", "48A", "54A")
    elif _dummy_exposed(board, table, action, dummy):
        finding.facts.update(rectification="54C", penalty_card="none", accepted=True, declarer_lead_options=False)
        finding.say(f"{dummy.english} showed cards before {declarer.english} chose, so {declarer.english} could "
                    "have seen dummy's cards: he must accept the lead and stays declarer.", "54C")
    elif withdrawal is not None and withdrawal.retracted:
        _retracted(finding, penalties, action, "54D", f"{declarer.english} had the card retracted")
    elif said is True or follow is not None:
        finding.facts.update(rectification="54B", penalty_card="none", accepted=True, declarer_lead_options=False)
        finding.say(f"{declarer.english} accepted the lead; dummy is spread and declarer plays the second card from "
                    "his own hand.", "54B", "54B1")
        if follow is not None and follow.seat is dummy:
            finding.say("The second card came from dummy; it cannot be withdrawn except to correct a revoke.", "54B2")
    else:
        finding.facts.update(penalty_card="major", declarer_lead_options=True)
        finding.say(f"If the lead is retracted, {offender.english}'s card is a major penalty card and "
                    f"{action.expected.english}, to lead, faces declarer's choice of requiring or forbidding the "
                    "lead of its suit.", "54D", "50D2")
    return finding


def _retracted(finding: Finding, penalties: PenaltyCards, action: CardAction, law: str, what: str) -> None:
    penalty = penalties.from_action(action.number)
    options = penalty.partner_led if penalty is not None else action.expected is action.seat.partner
    finding.facts.update(rectification=law, penalty_card="major", accepted=False, declarer_lead_options=options)
    finding.say(f"{what}: {card_name(action.card)} becomes a major penalty card.", law, "50B")
    if options:
        finding.say(f"With {action.seat.partner.english} to lead and the penalty card on the table, declarer may "
                    "require or forbid the lead of its suit (the card is then picked up), or let him lead anything "
                    "and leave the penalty card in place.", "50D2(a)", "50D2(b)")


def _defender_lead(board: Board, table: TablePlay, penalties: PenaltyCards, action: CardAction) -> Finding:
    offender = action.seat
    finding = Finding("lead-out-of-turn", offender, action.event_index)
    finding.facts["options_to"] = table.declarer.letter
    finding.say(f"{offender.english} led {card_name(action.card)} to trick {action.trick}, but "
                f"{action.expected.english} was on lead.", "44G", "56")
    if action.trick == LAST_TRICK:
        finding.facts.update(rectification="53A", penalty_card="none", accepted=False)
        finding.say("At the thirteenth trick a lead out of turn cannot be accepted: it is simply retracted.", "53A")
        return finding
    finding.say("Declarer may accept it (a card played by the next hand also accepts it) or have it retracted, "
                "when it becomes a major penalty card.", "53A", "56A", "56B")
    withdrawal = _withdrawal(table, action)
    said = _statement(board, table, action, table.declarer)
    if withdrawal is not None and withdrawal.cause is not None and not withdrawal.face_up:
        finding.facts.update(rectification="53B", penalty_card="none", accepted=False)
        finding.say(f"{action.expected.english}, whose lead it was and an opponent of the offender, led before "
                    "anyone drew attention to it: his lead stands and the card led out of turn goes back.", "53B")
        finding.judge("Information from the withdrawn card is unauthorized to the offending side.", "16C")
    elif withdrawal is not None and withdrawal.retracted:
        _retracted(finding, penalties, action, "56B", "Declarer had the lead retracted")
    elif said is True or _next_in_trick(table, action) is not None:
        finding.facts.update(rectification="53A", penalty_card="none", accepted=True)
        finding.say("The lead was accepted and stands as if it had been in turn.", "53A", "60A2")
    else:
        options = action.expected is offender.partner
        finding.facts.update(penalty_card="major", declarer_lead_options=options)
        if options:
            finding.say(f"If it is retracted, {offender.partner.english} leads with the penalty card on the table, "
                        "and declarer has the lead options of Law 50D.", "56B", "50D2")
    return finding


def _declarer_lead(board: Board, table: TablePlay, action: CardAction) -> Finding:
    hand = action.seat
    finding = Finding("lead-out-of-turn", table.declarer, action.event_index)
    chooser = hand.lho
    finding.facts.update(options_to=chooser.letter, penalty_card="none")
    source = "dummy" if hand is table.dummy else "his own hand"
    finding.say(f"Declarer led {card_name(action.card)} from {source} to trick {action.trick}, but the lead was "
                f"{action.expected.english}'s.", "44G", "55")
    finding.say(f"Either defender may accept the lead or require its retraction; if they disagree, {chooser.english}, "
                "next in turn after the irregular lead, decides. Declarer's cards never become penalty cards.", "55A",
                "48A")
    if action.trick == LAST_TRICK:
        finding.facts.update(rectification="53A", accepted=False)
        finding.say("At the thirteenth trick a lead out of turn is simply retracted.", "53A")
        return finding
    withdrawal = _withdrawal(table, action)
    follow = _next_in_trick(table, action)
    answer = table.actions[action.number + 1] if action.number + 1 < len(table.actions) else None
    defender_due = table.is_defender(action.expected)
    if withdrawal is not None and withdrawal.retracted:
        before_attention = withdrawal.cause is not None and not table.actions[withdrawal.cause].after_director
        if defender_due and before_attention:
            law = "53B"
            finding.say(f"{action.expected.english}, whose lead it was, led before anyone drew attention: his lead "
                        "stands and declarer's card goes back.", "53B")
        elif defender_due:
            law = "55B1"
            finding.say("The lead was retracted: the card goes back to its hand with no further rectification.",
                        "55B1")
        else:
            law = "55B2"
            finding.say("The lead came from the wrong one of declarer's hands and was retracted: declarer leads from "
                        "the right hand.", "55B2")
        finding.facts.update(rectification=law, accepted=False)
    elif answer is not None and answer.seat is hand.rho and table.is_defender(answer.seat) and not answer.is_lead:
        finding.facts.update(rectification="53C", accepted=True)
        finding.say(f"{answer.seat.english}, the defender on the right of the irregular lead, played to it: the lead "
                    "stands and his card is a premature play.", "53C", "57")
    elif _statement(board, table, action, chooser) is True or follow is not None:
        finding.facts.update(rectification="55A", accepted=True)
        finding.say("The lead was accepted and stands.", "55A", "53A")
    finding.judge("If declarer then plays in a way the defenders' choice could have suggested to him, Law 16 "
                  "applies.", "55C", "16")
    return finding


# ----- premature leads and plays ----------------------------------------------------------


def _premature(board: Board, table: TablePlay, action: CardAction) -> Finding:
    seat = action.seat
    if not table.is_defender(seat):
        finding = Finding("premature-play", table.declarer, action.event_index)
        finding.facts.update(rectification="45E2", penalty_card="none")
        finding.say(f"Declarer put {card_name(action.card)} from {seat.english}'s hand on a trick that hand had "
                    "already played to: it goes back with no rectification, unless the director deems it a lead.",
                    "45E2", "55")
        return finding
    finding = Finding("premature-play", seat, action.event_index)
    if action.kind is CardKind.EARLY:
        legal = action.legal_to_trick
        finding.facts.update(rectification="57D", penalty_card="none" if legal else "major")
        finding.say(f"{seat.english} played {card_name(action.card)} at his right-hand opponent's turn.", "57D")
        if legal:
            finding.say("It can legally be played to the trick, so it is played at his proper turn.", "57D")
        else:
            finding.say("It cannot legally be played to the trick, so it becomes a major penalty card.", "57D", "50B")
        finding.judge("What the early card told partner may be unauthorized information.", "16")
        return finding
    earlier = [a for a in table.actions[: action.number] if a.trick == action.trick - (1 if action.is_lead else 0)
               and a.seat is seat.partner and a.kind is not CardKind.NOT_PLAYED]
    if action.is_lead and earlier:
        finding.irregularity = "penalty-card"
        finding.facts.update(rectification="50B", penalty_card="major", options_to=table.declarer.letter)
        finding.say(f"{seat.english} put {card_name(action.card)} on the table before the trick was complete: it is "
                    "not played, and as a card exposed by deliberate play it is a major penalty card.", "49", "50B",
                    "45E1")
        return finding
    finding.facts.update(rectification="57A", penalty_card="major", options_to=table.declarer.letter)
    what = "led to the next trick" if action.is_lead else "played"
    finding.say(f"{seat.english} {what} {card_name(action.card)} before his partner had played to the trick: the "
                "card becomes a major penalty card.", "57A")
    finding.say(f"Declarer may require {seat.partner.english} to play the highest or the lowest card of the suit "
                "led, or a card of another suit he names, or forbid him a suit he names.", "57A1", "57A2", "57A3",
                "57A4")
    finding.say(f"If {seat.partner.english} cannot comply, he may play any legal card.", "57B", "59")
    return finding


def _before_declarer_chose(table: TablePlay, action: CardAction) -> Finding:
    """Law 50D2: the partner of a defender with a major penalty card led before declarer said which lead
    option he chose; the lead is rectified under Law 49."""
    seat, partner = action.seat, action.seat.partner
    finding = Finding("penalty-card", seat, action.event_index)
    finding.facts.update(penalty_card="major", rectification="50D2", options_to=table.declarer.letter)
    finding.say(f"{seat.english} led {card_name(action.card)} while {partner.english} had a major penalty card on "
                "the table, before declarer had said which of his lead options he chose: he may not lead until "
                "then, and a lead made too soon is dealt with as an exposed card.", "50D2", "49")
    finding.say("The card is a penalty card, and a major one, since it was exposed in deliberate play.", "50B")
    finding.say(f"Declarer now makes his choice: he may require {seat.english} to lead the suit of "
                f"{partner.english}'s penalty card or forbid him that suit for as long as he keeps the lead (the "
                f"card then goes back to {partner.english}'s hand), or leave the lead free, the card staying where "
                "it is.", "50D2(a)", "50D2(b)")
    finding.say(f"{seat.english} must also play his own penalty card at the first legal opportunity, but declarer's "
                "lead requirement or prohibition comes first.", "50D1(a)", "50D1(b)")
    finding.judge("Information from the penalty card is authorized while it lies on the table; if the exposure "
                  "helped the offenders and damaged declarer, the director adjusts.", "50E")
    return finding


def _played_out_of_turn(table: TablePlay, action: CardAction) -> Finding:
    seat = action.seat
    finding = Finding("premature-play", table.declarer if not table.is_defender(seat) else seat, action.event_index)
    finding.facts["penalty_card"] = "none"
    if not table.is_defender(seat):
        finding.facts["rectification"] = "57C3"
        finding.say(f"Declarer played {card_name(action.card)} from {seat.english}'s hand before his turn: it is a "
                    "played card and, being legal, cannot be withdrawn.", "57C3")
    else:
        finding.facts["rectification"] = "57C1"
        finding.say(f"{seat.english} played before his partner, but declarer had already played from both hands: "
                    "no rectification.", "57C1")
    return finding
