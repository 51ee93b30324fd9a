"""Laws 48–52: cards a defender exposes become penalty cards, major or minor; what their owner must
play, what declarer may require of partner's lead, and what happens when a penalty card is not played.

The tracker walks the play once, in the order things happened, keeping the
penalty cards that lie on the table. Other law families ask it about the cards
their rectifications created (was partner then on lead?), and the revoke rules
ask whether a revoke was a failure to play a penalty card (Law 64B3).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from app.bridge.cards import Card
from app.bridge.seats import Seat
from app.rules.auction_exposure import is_honour, penalty_class
from app.rules.board import Board, card_name
from app.rules.card_actions import CardAction, CardKind
from app.rules.findings import Finding
from app.rules.table_play import TablePlay


@dataclass
class PenaltyCard:
    seat: Seat
    card: Card
    major: bool
    action: int | None = None  # the card action it came from (None for an exposed card)
    partner_led: bool = False  # the owner's partner was on lead while it lay on the table (Law 50D2)


@dataclass
class PenaltyCards:
    """The penalty cards of a board and the findings about them."""

    cards: list[PenaltyCard] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    failures: dict[int, PenaltyCard] = field(default_factory=dict)  # action number -> card it failed to play
    exposed: dict[int, PenaltyCard] = field(default_factory=dict)  # finding number -> the card it is about
    problems: list[str] = field(default_factory=list)  # findings of the case the events contradict

    def from_action(self, action: int) -> PenaltyCard | None:
        return next((c for c in self.cards if c.action == action), None)


def track_penalty_cards(board: Board) -> PenaltyCards:
    table = board.timeline.table
    result = PenaltyCards()
    result.problems += _designations_out_of_place(board)
    if table is None:
        _before_the_opening_lead(board, result)
        return result
    on_table: list[PenaltyCard] = []
    auction_events = {i for exposure in board.timeline.exposures for i in exposure.event_indices}
    for exposure in board.timeline.exposures:
        if table.is_defender(exposure.seat):
            for card in exposure.cards:  # Law 24E: each card becomes a penalty card
                _add(on_table, result, PenaltyCard(exposure.seat, card, penalty_class(exposure) == "major"))
    by_event: dict[int, list[CardAction]] = {}
    for action in table.actions:
        by_event.setdefault(action.event_index, []).append(action)
    for index, event in enumerate(board.scenario.events):
        if event.kind == "expose" and event.seat is not None and index not in auction_events:
            for card in event.cards:
                _exposed(table.declarer, on_table, result, event.seat, card, index, designated=not event.penalty,
                         returned=index in table.forgiven_exposures)
        for action in by_event.get(index, []):
            _card_action(board, table, on_table, result, action)
        for withdrawal in table.withdrawals:
            if withdrawal.refusal == index and withdrawal.face_up:  # a lead out of turn refused (54D, 56B)
                withdrawn = table.actions[withdrawal.action]
                _add(on_table, result, PenaltyCard(withdrawn.seat, withdrawn.card, True, withdrawal.action))
    if not table.play.current and not table.play.is_finished:
        _partner_leads(on_table, table.due())
    for number, penalty in result.exposed.items():
        result.findings[number].facts["declarer_lead_options"] = penalty.partner_led
    return result


def _designations_out_of_place(board: Board) -> list[str]:
    """``penalty: false`` on a card shown before the auction ended: Law 24 (or 16D before the first call)
    deals with it, not the director's designation under Law 50."""
    timeline = board.timeline
    early = [*timeline.before_auction, *(i for exposure in timeline.exposures for i in exposure.event_indices)]
    return [f"penalty: false on {event.seat.english}'s {card_name(event.cards[0])}: the director's designation "
            "(Law 50) is for a card a defender exposes after the auction; a card shown during the auction is "
            "dealt with by Law 24, and one shown before it by Law 16D"
            for event in (board.scenario.events[i] for i in sorted(early))
            if not event.penalty and event.seat is not None]


def _add(on_table: list[PenaltyCard], result: PenaltyCards, card: PenaltyCard) -> None:
    on_table.append(card)
    result.cards.append(card)
    own = [c for c in on_table if c.seat is card.seat]
    if len(own) >= 2:
        for each in own:
            each.major = True  # Law 50B: two or more penalty cards are all major


def _before_the_opening_lead(board: Board, result: PenaltyCards) -> None:
    """Cards exposed in the Clarification Period, after the auction and before the opening lead is faced.
    There are a presumed declarer and defenders by then, so (WBF Laws Committee, Lyon 2017) a defender's
    card is dealt with by Law 49 and becomes a penalty card, and the declaring side's by Law 48."""
    contract = board.contract
    if contract is None:
        return
    on_table: list[PenaltyCard] = []
    for index in board.timeline.clarification:
        event = board.scenario.events[index]
        if event.seat is None:
            continue
        for card in event.cards:
            _exposed(contract.declarer, on_table, result, event.seat, card, index, clarification=True,
                     designated=not event.penalty)
    _partner_leads(on_table, contract.declarer.lho)  # the opening leader
    for number, penalty in result.exposed.items():
        result.findings[number].facts["declarer_lead_options"] = penalty.partner_led


def _exposed(declarer: Seat, on_table: list[PenaltyCard], result: PenaltyCards, seat: Seat, card: Card,
             index: int, clarification: bool = False, designated: bool = False, returned: bool = False) -> None:
    """A card ``seat`` exposed after the auction; ``designated``: the director ruled it no penalty card;
    ``returned``: it went back to the hand with no restriction (Law 43B3, which the engine applies after)."""
    if seat is declarer.partner and not clarification:
        return  # dummy's cards are on view anyway
    finding = Finding("penalty-card", seat, index)
    if clarification:
        finding.say("The auction is over and the opening lead has not been faced (the Clarification Period): "
                    "there are already a presumed declarer and defenders, so a card exposed now is dealt with as "
                    "in the play.", "17D1", "48", "49")
    if not seat.is_opponent_of(declarer):
        finding.facts.update(penalty_card="none", rectification="48A")
        finding.say(f"{seat.english} exposed {card_name(card)}, but cards of declarer and dummy never become "
                    "penalty cards and declarer need not play a card he dropped.", "48A")
        result.findings.append(finding)
        if designated:
            result.problems.append(f"penalty: false on {seat.english}'s {card_name(card)} is the director's "
                                   "designation of a defender's card (Law 50); declarer's and dummy's cards are "
                                   "never penalty cards (Law 48A): leave it out")
        return
    if designated:
        finding.facts.update(penalty_card="none", rectification="50", declarer_lead_options=False)
        finding.say(f"{seat.english}, a defender, exposed {card_name(card)}, which would make it a penalty card; "
                    "but the director has designated otherwise, as the law lets him, so it goes back into the hand "
                    "and neither defender is under any restriction because of it.", "49", "50")
        finding.judge("Whether what his partner saw of the card could help the defence is for the director to weigh; "
                      "if it damages declarer's side, he adjusts the score.", "16", "12C1")
        result.findings.append(finding)
        return
    penalty = PenaltyCard(seat, card, is_honour(card))
    if not returned:
        _add(on_table, result, penalty)
    finding.facts["penalty_card"] = "major" if penalty.major else "minor"
    finding.say(f"{seat.english}, a defender, exposed {card_name(card)} where partner could see it: it is a penalty "
                "card and stays face up on the table.", "49", "50A")
    if penalty.major and len([c for c in on_table if c.seat is seat]) >= 2:
        finding.say(f"{seat.english} now has two or more penalty cards, so all of them are major.", "50B")
    elif penalty.major:
        finding.say("It is an honour, so it is a major penalty card.", "50B")
    else:
        finding.say("A single card below honour rank shown by accident is a minor penalty card: the defender may "
                    "not play another card of that suit below honour rank until he has played it, but may play an "
                    "honour instead, and partner's leads are not restricted.", "50B", "50C")
        finding.judge("If the card was exposed deliberately (named, or shown on purpose) it is a major penalty card "
                      "instead; how it came to be exposed is for the director to find out.", "49", "50B")
    if penalty.major:
        finding.facts["options_to"] = declarer.letter
        finding.say("The owner must play a major penalty card the first time he legally can (following suit comes "
                    "first); whenever partner is to lead while it is on the table, declarer may require or forbid "
                    "the lead of its suit, or leave the lead free.", "50D1(a)", "50D1(b)", "50D2")
    finding.judge("Information from the penalty card is authorized while it lies on the table; if the exposure "
                  "helped the offenders and damaged declarer, the director adjusts.", "50E")
    result.exposed[len(result.findings)] = penalty  # declarer_lead_options is known once the walk ends
    result.findings.append(finding)


def _card_action(board: Board, table: TablePlay, on_table: list[PenaltyCard], result: PenaltyCards,
                 action: CardAction) -> None:
    for withdrawal in table.withdrawals:
        caused_here = withdrawal.cause == action.number or (
            withdrawal.cause is None and withdrawal.refusal is None and withdrawal.action == action.number)
        if caused_here and withdrawal.face_up:
            withdrawn = table.actions[withdrawal.action]
            _add(on_table, result, PenaltyCard(withdrawn.seat, withdrawn.card, True, withdrawal.action))
    if action.kind in (CardKind.NOT_PLAYED, CardKind.BEFORE_OPTION) \
            or action.kind is CardKind.EARLY and not action.legal_to_trick:
        return  # never played: it lies on the table as a penalty card (Laws 50D2, 57A, 57D)
    own = [c for c in on_table if c.seat is action.seat]
    played = next((c for c in own if c.card == action.card), None)
    if played is not None:
        on_table.remove(played)
    elif own:
        missed = _missed(action, own)
        if missed is not None:
            result.failures[action.number] = missed
            result.findings.append(_failure(board, table, action, missed))
    if action.is_lead and action.kind is CardKind.PLAYED:
        _partner_leads(on_table, action.seat)


def _partner_leads(on_table: list[PenaltyCard], leader: Seat) -> None:
    for card in on_table:
        if card.seat is leader.partner and card.major:
            card.partner_led = True


def _missed(action: CardAction, own: list[PenaltyCard]) -> PenaltyCard | None:
    """The penalty card ``action`` should have been, if any (Laws 50C, 50D1)."""
    majors = [c for c in own if c.major]
    minors = [c for c in own if not c.major]
    low_same_suit = next((c for c in minors if c.card.suit is action.card.suit and not is_honour(action.card)), None)
    if action.is_lead:
        return majors[0] if majors else low_same_suit  # Law 50D1(a): a major penalty card is led at once
    if action.could_follow:
        in_suit = [c for c in majors if c.card.suit is action.led]
        if in_suit:
            return in_suit[0]  # following suit with the penalty card is the first legal opportunity
        return low_same_suit if action.card.suit is action.led else None
    if action.could_follow is False and majors:
        return majors[0]  # unable to follow: discard or ruff with the major penalty card
    return low_same_suit


def _failure(board: Board, table: TablePlay, action: CardAction, missed: PenaltyCard) -> Finding:
    seat = action.seat
    finding = Finding("failure-to-play-penalty-card", seat, action.event_index)
    finding.facts.update(options_to=table.declarer.letter, penalty_card="major")
    finding.say(f"{seat.english} played {card_name(action.card)} when the law required the penalty card "
                f"{card_name(missed.card)}.", "50C" if not missed.major else "50D1(a)", "52A")
    finding.say("Declarer may accept the card played (he must, once he has played from his own hand or dummy "
                "after it); any penalty card not played stays a penalty card.", "52B1(a)", "52B1(b)", "52B1(c)")
    finding.say(f"If declarer does not accept it, {seat.english} must play the penalty card instead, and the card he "
                "played illegally becomes a major penalty card.", "52B2")
    finding.say("It is also a revoke; should it become established there is no automatic trick adjustment, and the "
                "director restores equity if the non-offenders were damaged.", "61A", "64B3", "64C")
    return finding
