"""Laws 61–64: revokes — when one is established, its correction and the penalty cards that follow,
and the automatic trick adjustment with every exception, counted from the play trick by trick; and
what dummy's speaking first after a breach of Law 43A2 changes (Laws 43B2(b), 43B3)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from app.bridge.cards import Suit
from app.bridge.contract import TRICKS_PER_DEAL
from app.bridge.errors import ScoringError
from app.bridge.seats import Seat, Side
from app.rules.board import Board, card_name
from app.rules.card_actions import CardAction, CardKind
from app.rules.dummy_rules import ASKS, DONE, first_to_act
from app.rules.findings import Finding
from app.rules.penalty_cards import PenaltyCards
from app.rules.play_events import DRAWS_ATTENTION
from app.rules.scenario import Event
from app.rules.table_play import TablePlay
from app.rules.trick_twelve import NEXT_DEAL, ROUND_END, TWELFTH, correct_trick_twelve, hands_still_out


@dataclass
class Revoke:
    action: CardAction
    suit: Suit
    corrected: CardAction | None
    established_at: int | None  # event index of what established it
    established_by: str  # the section of Law 63A
    attention: int | None  # the first director event after it
    established: bool
    dummy_breach: Event | None = None  # dummy, after this breach of Law 43A2, spoke first (Laws 43B2(b), 43B3)

    @property
    def offender(self) -> Seat:
        return self.action.seat

    @property
    def side(self) -> Side:
        return self.action.seat.side

    @property
    def trick(self) -> int:
        return self.action.trick


@dataclass
class RevokeOutcome:
    """What the revokes of a board come to: their findings and the tricks moved to each side."""

    findings: list[Finding]
    transferred_to: dict[Side, int]  # tricks the side receives
    undetermined: str | None  # why the count cannot be given, if it cannot
    corrected_tricks: dict[Side, int] | None = None  # tricks each side wins once trick twelve is corrected (62D)
    omissions: int = 0  # tricks among ``transferred_to`` for cards omitted and found late (Law 67B1)


def revokes(board: Board, penalties: PenaltyCards) -> RevokeOutcome:
    table = board.timeline.table
    outcome = RevokeOutcome([], {Side.NS: 0, Side.EW: 0}, None)
    if table is None:
        return outcome
    found = [_revoke(board, table, a) for a in table.actions
             if a.revoke and a.kind in (CardKind.PLAYED, CardKind.EARLY) and a.led is not None]
    both_on_trick = _both_sides_on_one_trick(found)
    for revoke in found:
        finding, count = _judge(board, table, penalties, revoke, found, both_on_trick)
        outcome.findings.append(finding)
        if revoke.trick == TWELFTH and hands_still_out(board, revoke.attention):
            outcome.corrected_tricks = correct_trick_twelve(table, revoke.offender, revoke.suit, finding)
        if count is None:
            outcome.undetermined = finding.unknown.get("tricks_transferred")
        else:
            other = Side.EW if revoke.side is Side.NS else Side.NS
            outcome.transferred_to[other] += count
    return outcome


def _revoke(board: Board, table: TablePlay, action: CardAction) -> Revoke:
    assert action.led is not None
    side = action.seat.side
    candidates: list[tuple[int, str]] = []
    # Law 63A1: the offender or his partner leads or plays to a later trick (legally or not).
    later = next((a for a in table.actions[action.number + 1:] if a.seat.side is side and a.trick > action.trick
                  and a.kind is not CardKind.CORRECTION), None)
    if later is not None:
        candidates.append((later.event_index, "63A1"))
    claimed_by_opponents = None
    for index, event in enumerate(board.scenario.events):
        if index <= action.event_index or event.seat is None:
            continue
        if event.kind in ("claim", "concede") and event.seat.side is side:
            candidates.append((index, "63A3"))  # a claim or concession by the offending side
        elif event.kind in ("claim", "concede"):
            claimed_by_opponents = index
        elif event.kind == "accept" and claimed_by_opponents is not None and event.seat.side is side:
            candidates.append((index, "63A4"))  # agreement to the opponents' claim or concession
    established_at, by = min(candidates) if candidates else (None, "")
    corrected = next((a for a in table.actions if a.kind is CardKind.CORRECTION and a.replaces == action.number), None)
    attention = board.director_after(action.event_index)
    established = established_at is not None and all(
        limit is None or established_at < limit for limit in (attention, corrected.event_index if corrected else None))
    act = ASKS if action.seat is table.declarer else DRAWS_ATTENTION if table.is_defender(action.seat) else ""
    spoke = first_to_act(board, act, action.event_index, attention) if act else None
    return Revoke(action, action.led, corrected, established_at, by, attention, established,
                  spoke[1] if spoke else None)


def _both_sides_on_one_trick(found: list[Revoke]) -> set[int]:
    """Law 62C3: a revoke by each side on the same trick, with a card of the next trick played by one
    side only, is corrected on both sides. Returns the action numbers of revokes corrected under it."""
    corrected: set[int] = set()
    for first in found:
        for second in found:
            if first.trick == second.trick and first.side is not second.side and first.established \
                    and not second.established:
                corrected.update({first.action.number, second.action.number})
    return corrected


def _judge(board: Board, table: TablePlay, penalties: PenaltyCards, revoke: Revoke, found: list[Revoke],
           both_on_trick: set[int]) -> tuple[Finding, int | None]:
    action = revoke.action
    offender = revoke.offender
    finding = Finding("revoke", offender, action.event_index)
    whose = "from dummy " if offender is table.dummy else ""
    finding.say(f"{offender.english} played {card_name(action.card)} {whose}to trick {revoke.trick}, when "
                f"{revoke.suit.english} were led and he held one: a revoke.", "44C", "61A")
    finding.facts["established"] = revoke.established
    defender = table.is_defender(offender)
    if revoke.action.number in both_on_trick:
        finding.facts.update(rectification="62C3", tricks_transferred=0, penalty_card="major" if defender else "none")
        finding.say("Both sides revoked on this trick and only one side had played to the next: both revokes are "
                    "corrected, and every card the defenders withdraw becomes a penalty card.", "62C3")
        finding.say("A revoke corrected this way brings no automatic trick adjustment.", "64B8")
        finding.judge("Information from the withdrawn cards is unauthorized to the side that withdrew them.", "16C2")
        return finding, 0
    if revoke.dummy_breach is not None and defender:
        return _dummy_drew_attention(finding, revoke), 0
    if revoke.dummy_breach is not None:
        return _dummy_asked(board, table, penalties, revoke, found, finding)
    if not revoke.established:
        return _not_established(finding, revoke, defender), 0
    finding.facts["penalty_card"] = "none"
    if revoke.trick == TWELFTH:
        finding.say(_how_established(revoke) + ".", revoke.established_by)
        finding.facts["penalty_card"] = "major" if defender else "none"
        finding.say("Even so, a revoke on the twelfth trick must be corrected if it is found before all four hands "
                    "have gone back into the board.", "62D1", "63B")
        if defender and _partner_played_after(table, revoke):
            finding.judge("The defender revoked on trick twelve before his partner played to it, so what partner "
                          "saw is unauthorized information to him.", "62D2", "16C")
    else:
        finding.say(_how_established(revoke) + " and can no longer be corrected.", revoke.established_by, "63B")
    exceptions = _exceptions(board, table, penalties, revoke, found)
    if exceptions:
        finding.facts.update(tricks_transferred=0, rectification=exceptions[0][0])
        for law, text in exceptions:
            finding.say(f"No automatic trick adjustment: {text}.", law)
        _equity(finding)
        return finding, 0
    count = _count(board, table, revoke, finding)
    _equity(finding)
    return finding, count


def _dummy_drew_attention(finding: Finding, revoke: Revoke) -> Finding:
    """Law 43B3: dummy, after a breach of Law 43A2, was first to draw attention to a defender's revoke."""
    assert revoke.dummy_breach is not None
    finding.facts.update(rectification="43B3", tricks_transferred=0, penalty_card="none")
    finding.say(f"Dummy, who had {DONE[revoke.dummy_breach.act]}, was the first to draw attention to it: there is "
                "no immediate rectification. An established revoke brings no automatic trick adjustment; one not "
                "yet established is still corrected, but the card withdrawn goes back to the hand instead of "
                "becoming a penalty card.", "43B3", "62A")
    finding.judge("At the end of play, if the defenders gained through the revoke, the director adjusts their score "
                  "only; declarer's side keeps the score it made at the table.", "43B3", "12C1")
    return finding


def _dummy_asked(board: Board, table: TablePlay, penalties: PenaltyCards, revoke: Revoke, found: list[Revoke],
                 finding: Finding) -> tuple[Finding, int | None]:
    """Law 43B2(b): dummy, after a breach of Law 43A2, was first to ask declarer about his failure to follow."""
    assert revoke.dummy_breach is not None
    finding.facts.update(rectification="43B2(b)", penalty_card="none")
    finding.say(f"Dummy, who had {DONE[revoke.dummy_breach.act]}, was the first to ask declarer whether he had a card "
                "of the suit: declarer must play a card of the suit led instead, and Law 64 applies as though the "
                "revoke had been established. The card he substitutes decides who wins the trick.", "43B2(b)", "64")
    if revoke.corrected is None:
        finding.unknown["tricks_transferred"] = ("the trick goes to whoever wins it once declarer has substituted a "
                                                 "card, which the case does not show")
        return finding, None
    exceptions = _exceptions(board, table, penalties, revoke, found)
    if exceptions:
        finding.facts["tricks_transferred"] = 0
        for law, text in exceptions:
            finding.say(f"No automatic trick adjustment: {text}.", law)
        _equity(finding)
        return finding, 0
    count = _count(board, table, revoke, finding)
    finding.facts["rectification"] = "43B2(b)"  # the branch; the transfer itself is counted by Law 64A
    _equity(finding)
    return finding, count


def _not_established(finding: Finding, revoke: Revoke, defender: bool) -> Finding:
    offender = revoke.offender
    penalty = "major" if defender and offender is not None else "none"
    finding.facts.update(rectification="62A", tricks_transferred=0, penalty_card=penalty)
    finding.say("Attention was drawn before the offending side played to the next trick (or claimed, or agreed to a "
                "claim): the revoke is not established and must be corrected with a card of the suit led.", "63A",
                "62A", "62B")
    if defender:
        finding.say(f"The card {offender.english} withdraws came from a defender's unfaced hand, so it becomes a "
                    "major penalty card.", "62B1")
    else:
        finding.say("The card came from declarer's or dummy's hand and is replaced with no further rectification.",
                    "62B2")
    finding.say("Each non-offender may take back a card he played after the revoke; the offender's partner may then "
                "change his card too, which becomes a penalty card if he is a defender.", "62C1", "62C2")
    if revoke.corrected is not None:
        finding.say(f"{offender.english} corrected it with {card_name(revoke.corrected.card)}.", "62B")
    return finding


def _how_established(revoke: Revoke) -> str:
    return {
        "63A1": "The offending side played to the next trick, so the revoke is established",
        "63A3": "A member of the offending side claimed or conceded, so the revoke is established",
        "63A4": "The offending side agreed to the opponents' claim or concession, so the revoke is established",
    }[revoke.established_by]


def _partner_played_after(table: TablePlay, revoke: Revoke) -> bool:
    return any(a.seat is revoke.offender.partner and a.trick == revoke.trick and a.number > revoke.action.number
               for a in table.actions)


def _exceptions(board: Board, table: TablePlay, penalties: PenaltyCards, revoke: Revoke,
                found: list[Revoke]) -> list[tuple[str, str]]:
    """Every Law 64B exception that applies, most specific first."""
    exceptions: list[tuple[str, str]] = []
    attention_text = board.scenario.events[revoke.attention].text.strip().lower() if revoke.attention is not None else ""
    other_side = [r for r in found if r.side is not revoke.side and r.established]
    if other_side:
        exceptions.append(("64B7", "both sides revoked on this board and both revokes are established"))
    if revoke.trick == TWELFTH:
        exceptions.append(("64B6", "it is a revoke on the twelfth trick"))
    if attention_text == ROUND_END:
        exceptions.append(("64B5", "attention was first drawn to it after the round had ended"))
    if attention_text == NEXT_DEAL:
        exceptions.append(("64B4", "attention was first drawn to it after a non-offender had called on the next deal"))
    if revoke.action.number in penalties.failures:
        exceptions.append(("64B3", "the revoke was a failure to play a penalty card"))
    if revoke.offender is table.dummy:
        exceptions.append(("64B3", "the revoke was made with a card belonging to dummy"))
    earlier = [r for r in found if r.offender is revoke.offender and r.suit is revoke.suit and r.established
               and r.action.number < revoke.action.number]
    if earlier:
        exceptions.append(("64B2", f"it is a second revoke in {revoke.suit.english} by the same player, after the "
                                   "first was established"))
    return exceptions


def _count(board: Board, table: TablePlay, revoke: Revoke, finding: Finding) -> int | None:
    """Law 64A: the tricks transferred, from the trick-by-trick play (or the case's result)."""
    tricks = table.play.tricks
    offender, side = revoke.offender, revoke.side
    if revoke.trick > len(tricks):
        finding.unknown["tricks_transferred"] = "the revoke trick is not complete in the case"
        return None
    winner = tricks[revoke.trick - 1].winner
    later = later_tricks_won(board, table, side, revoke.trick, finding)
    # Law 64A footnote: a trick won in dummy is not won by declarer.
    who = (RevokeTrickWinner.OFFENDER if winner is offender
           else RevokeTrickWinner.PARTNER if winner.side is side else RevokeTrickWinner.NON_OFFENDERS)
    if who is RevokeTrickWinner.OFFENDER:
        finding.say(f"{offender.english} won the revoke trick himself.", "64A1")
    elif who is RevokeTrickWinner.PARTNER:
        finding.say(f"The revoke trick was won by {winner.english}, the offender's partner.", "64A2")
    else:
        finding.say(f"The revoke trick was won by the non-offending side ({winner.english}).", "64A2")
    if later is None and who is RevokeTrickWinner.OFFENDER:
        finding.unknown["tricks_transferred"] = ("one or two tricks: it depends on whether the offending side "
                                                 "wins a later trick, which the case does not show")
        return None
    if later is None and who is RevokeTrickWinner.NON_OFFENDERS:
        finding.unknown["tricks_transferred"] = ("none or one trick: it depends on whether the offending side wins a "
                                                 "later trick, which the case does not show")
        return None
    transfer = automatic_transfer(who, later or 0)
    finding.facts.update(rectification=transfer.law, tricks_transferred=transfer.tricks)
    finding.say(transfer.reason, transfer.law)
    return transfer.tricks


class RevokeTrickWinner(Enum):
    """Who won the trick on which an established revoke was made; Law 64A turns on it."""

    OFFENDER = "the offender"
    PARTNER = "the offender's partner"
    NON_OFFENDERS = "the non-offending side"


@dataclass(frozen=True)
class TrickTransfer:
    """The automatic trick adjustment for one established revoke: how many tricks, under which law, and why."""

    tricks: int
    law: str
    reason: str


def automatic_transfer(winner: RevokeTrickWinner, later_won: int) -> TrickTransfer:
    """Law 64A for an established revoke with no Law 64B exception: the tricks the non-offending side
    receives at the end of play, given who won the revoke trick and how many later tricks the offending
    side won. The engine and the revoke calculator both ask this one function."""
    if later_won < 0:
        raise ValueError(f"the offending side cannot win {later_won} later tricks")
    if winner is RevokeTrickWinner.OFFENDER:
        if later_won > 0:
            return TrickTransfer(2, "64A1", "At the end of play the revoke trick and one later trick the offending "
                                            "side won go to the non-offending side: 2 tricks.")
        return TrickTransfer(1, "64A1", "At the end of play the revoke trick (the offending side won no later "
                                        "trick) go to the non-offending side: 1 trick.")
    if winner is RevokeTrickWinner.PARTNER or later_won > 0:
        return TrickTransfer(1, "64A2", "The offending side won that trick or a later one, so one trick goes to the "
                                        "non-offending side at the end of play.")
    return TrickTransfer(0, "64B1", "The offending side won neither the revoke trick nor any later trick: no "
                                    "automatic adjustment.")


def revoke_transfer(trick: int, winner: RevokeTrickWinner, later_won: int) -> TrickTransfer:
    """The trick transfer for an established revoke on trick ``trick`` (1–12), with no other Law 64B
    exception in play; bad figures raise a ``ScoringError`` that says what to change."""
    if not 1 <= trick <= TWELFTH:
        raise ScoringError(f"a revoke can be established on tricks 1 to 12, not on trick {trick}: "
                           "on the last trick each player has one card, so nobody can revoke")
    if trick == TWELFTH:
        return TrickTransfer(0, "64B6", "A revoke on the twelfth trick brings no automatic trick adjustment; it is "
                                        "corrected if found before the hands are returned to the board (Law 62D).")
    later_tricks = TRICKS_PER_DEAL - trick
    if not 0 <= later_won <= later_tricks:
        raise ScoringError(f"after a revoke on trick {trick} there are {later_tricks} later tricks, so the "
                           f"offending side won 0 to {later_tricks} of them, not {later_won}")
    return automatic_transfer(winner, later_won)


def later_tricks_won(board: Board, table: TablePlay, side: Side, trick: int, finding: Finding) -> int | None:
    """Tricks after ``trick`` won by ``side``: counted from the play when all thirteen are there; otherwise
    worked out from the case's ``result``; otherwise None unless one is already won."""
    tricks = table.play.tricks
    after = [t for t in tricks[trick:] if t.winner.side is side]
    if table.play.is_finished:
        return len(after)
    result = board.scenario.result
    contract = board.contract
    if result is not None and contract is not None:
        total = result if contract.side is side else TRICKS_PER_DEAL - result
        so_far = sum(1 for t in tricks[:trick] if t.winner.side is side)
        later = total - so_far
        if later < len(after):
            finding.unknown["tricks_transferred"] = "the case's result gives the offending side fewer tricks than the play"
            return None
        finding.say(f"The case's result gives the offending side {total} tricks in all, {later} of them after the "
                    "revoke trick.", "64A")
        return later
    return len(after) if after else None


def _equity(finding: Finding) -> None:
    finding.judge("If the adjustment leaves the non-offending side short of what the revoke cost it, the director "
                  "assigns an adjusted score.", "64C1", "12C1")
