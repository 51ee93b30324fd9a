"""Double-dummy analysis through endplay's solver (DDS), in the project's types."""

from __future__ import annotations

from app.bridge.calls import Denomination
from app.bridge.deal import Deal
from app.bridge.seats import SEATS, Seat

_ENDPLAY_DENOMINATION_NAMES = {
    Denomination.SPADES: "spades",
    Denomination.HEARTS: "hearts",
    Denomination.DIAMONDS: "diamonds",
    Denomination.CLUBS: "clubs",
    Denomination.NOTRUMP: "nt",
}


def trick_table(deal: Deal) -> dict[Denomination, dict[Seat, int]]:
    """Tricks the declarer in each seat takes in each denomination with best play all round.

    All four hands must be known. The solver is imported here because it loads a native library.
    """
    from endplay.dds import calc_dd_table
    from endplay.types import Denom, Player

    table = calc_dd_table(deal.to_endplay())
    return {
        denomination: {seat: int(table[Denom[name], Player(seat.index)]) for seat in SEATS}
        for denomination, name in _ENDPLAY_DENOMINATION_NAMES.items()
    }
