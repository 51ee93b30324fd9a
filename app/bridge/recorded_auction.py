"""Whether the auction a board file records could have happened, and agrees with its contract.

Why: a file written at the table may record an irregularity (an insufficient bid
someone accepted, a call after the final pass), or a typing slip, or an auction
that ends in another contract than the one the file says was played. None of
these may pass unnoticed into a case built from the board; the file reader
reports them, and keeps the auction as written, since a case made from it is
where the director rules on what happened.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.bridge.auction import Auction
from app.bridge.calls import Call
from app.bridge.contract import Contract
from app.bridge.seats import Seat


@dataclass(frozen=True)
class AuctionProblem:
    """What is wrong, and where: the index of the call at fault, or the tag (``auction``, ``contract``,
    ``declarer``) when the fault is in how the auction and the tags fit together."""

    message: str
    call: int | None = None
    tag: str = "auction"


def auction_problem(first: Seat, dealer: Seat | None, calls: list[Call], contract: Contract | None,
                    passed_out: bool, stated: str) -> AuctionProblem | None:
    """The first thing wrong with the recorded auction, or None.

    ``first`` is the seat the auction starts with and ``dealer`` the dealer the file gives; ``contract``
    and ``passed_out`` are what the file says was played (neither: the file does not say), ``stated`` how
    the file writes it, for the message.
    """
    if dealer is not None and dealer is not first:
        return AuctionProblem(f"the Auction tag starts with {first.english}, but the dealer is {dealer.english}")
    auction = Auction(first)
    for index, call in enumerate(calls):
        reason = auction.illegality(call)
        if reason is not None:
            seat = auction.seat_of(index)
            return AuctionProblem(f"call {index + 1} ({seat.english}'s {call}) is not legal: {reason}", index)
        auction.add(call)
    if not auction.is_complete() or (contract is None and not passed_out):
        return None
    final = auction.final_contract()
    if final is None:
        return None if passed_out else AuctionProblem(f"the auction is passed out, but the Contract tag says "
                                                      f"{stated}", tag="contract")
    if contract is None:
        return AuctionProblem(f"the auction ends in {final.symbol}, but the Contract tag says Pass", tag="contract")
    if final != contract:
        same = (final.level, final.denomination, final.doubled) == (contract.level, contract.denomination, contract.doubled)
        tag = "declarer" if same else "contract"
        return AuctionProblem(f"the auction ends in {final.symbol}, but the Contract and Declarer tags say {stated}",
                              tag=tag)
    return None
