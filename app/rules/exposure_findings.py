"""Law 24 as the engine explains it: a card exposed or led during the auction, what partner must do,
and what the card becomes when the auction ends."""

from __future__ import annotations

from app.bridge.seats import Seat
from app.rules.auction_exposure import AuctionExposure, exposure_law, is_honour, penalty_class
from app.rules.board import Board, card_name
from app.rules.findings import Finding


def exposed_in_auction(board: Board, exposure: AuctionExposure) -> Finding:
    offender, partner = exposure.seat, exposure.seat.partner
    finding = Finding("exposed-card-auction", offender, exposure.event_indices[0])
    cards = ", ".join(card_name(c) for c in exposure.cards)
    how = "led" if exposure.led else "exposed"
    shown = "they lie" if len(exposure.cards) > 1 else "it lies"
    finding.say(f"During the auction {offender.english} {how} {cards} where partner could see it: {shown} face up "
                "on the table until the auction ends; what it shows is authorized to the opponents and unauthorized "
                "to the offending side.", "24", "16C")
    law = exposure_law(exposure)
    finding.facts.update(rectification=law, lead_restrictions=False)
    if law == "24A":
        finding.facts["partner_must_pass"] = "no"
        finding.say("A single card below honour rank, not led: no further rectification in the auction.", "24A")
    elif law == "24B":
        finding.facts["partner_must_pass"] = "once"
        what = "a card led too soon" if exposure.led else f"a single honour ({cards})"
        finding.say(f"It is {what}: {partner.english} must pass when next it is his turn to call.", "24B")
    else:
        finding.facts["partner_must_pass"] = "once"
        finding.say(f"Two or more cards were exposed: {partner.english} must pass when next it is his turn to call.",
                    "24C")
    if law != "24A":
        finding.judge("If that pass damages the non-offending side and the offender could have known it might, the "
                      "director may adjust.", "72C")
    _afterwards(board, finding, exposure)
    return finding


def _afterwards(board: Board, finding: Finding, exposure: AuctionExposure) -> None:
    offender = exposure.seat
    kind = penalty_class(exposure)
    defends = board.defends(offender)
    if defends is False:
        finding.facts["penalty_card"] = "none"
        finding.say(f"{offender.english} is on the declaring side, so the cards go back to his hand.", "24D")
        return
    finding.facts["penalty_card"] = kind
    why = ("two or more cards are all major" if len(exposure.cards) > 1
           else "a card led counts as exposed deliberately" if exposure.led
           else "an honour is a major penalty card" if is_honour(exposure.cards[0])
           else "a single low card shown by accident is minor")
    if defends is None:
        finding.say(f"If {offender.english} becomes a defender, each card becomes a {kind} penalty card ({why}); "
                    "if he becomes declarer or dummy, they go back to his hand.", "24D", "24E", "50B")
    else:
        finding.say(f"{offender.english} is a defender, so each card becomes a {kind} penalty card ({why}).", "24E",
                    "50B")
    _opening_lead(board, finding, offender, kind)


def _opening_lead(board: Board, finding: Finding, offender: Seat, kind: str) -> None:
    """Law 50D2: a major penalty card lies on the table when the offender's partner makes the opening lead
    (he is declarer's left-hand opponent), so declarer chooses what that lead may be."""
    contract = board.contract
    if kind != "major":
        finding.facts["declarer_lead_options"] = False  # Law 50C: a minor penalty card gives no lead options
        return
    if contract is None:
        finding.unknown["declarer_lead_options"] = "the auction has not ended, so the opening leader is not known"
        return
    declarer, leader = contract.declarer, contract.declarer.lho
    partner_leads = leader is offender.partner
    finding.facts["declarer_lead_options"] = partner_leads
    if partner_leads:
        finding.facts["options_to"] = declarer.letter
        finding.say(f"{leader.english}, the offender's partner, has the opening lead while the major penalty card "
                    f"lies on the table: {declarer.english} may require the lead of its suit or forbid it (then "
                    "for as long as the lead is kept; the card goes back to hand either way), or leave the lead "
                    "free, the card staying a penalty card.", "50D2")
