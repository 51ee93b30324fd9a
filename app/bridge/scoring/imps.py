"""The IMP scale of Law 78B, as data."""

from __future__ import annotations

from fractions import Fraction

# Law 78B: (lowest difference in the band, highest difference or None for "and up", IMPs).
IMP_SCALE: tuple[tuple[int, int | None, int], ...] = (
    (0, 10, 0),
    (20, 40, 1),
    (50, 80, 2),
    (90, 120, 3),
    (130, 160, 4),
    (170, 210, 5),
    (220, 260, 6),
    (270, 310, 7),
    (320, 360, 8),
    (370, 420, 9),
    (430, 490, 10),
    (500, 590, 11),
    (600, 740, 12),
    (750, 890, 13),
    (900, 1090, 14),
    (1100, 1290, 15),
    (1300, 1490, 16),
    (1500, 1740, 17),
    (1750, 1990, 18),
    (2000, 2240, 19),
    (2250, 2490, 20),
    (2500, 2990, 21),
    (3000, 3490, 22),
    (3500, 3990, 23),
    (4000, None, 24),
)


def imps(difference: int | Fraction) -> int:
    """The IMPs for a point difference, with its sign (``imps(-620) == -12``).

    Bridge scores differ by multiples of 10, which the bands of Law 78B cover;
    a difference between two bands (possible only with averaged scores) counts
    in the lower one.
    """
    size = abs(Fraction(difference))
    value = next(imps for low, _high, imps in reversed(IMP_SCALE) if size >= low)
    return value if difference >= 0 else -value
