from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.bridge.scoring import imps

# Law 78B, typed out again here band by band: (lowest difference, highest difference, IMPs).
BANDS = """
0 10 0 | 20 40 1 | 50 80 2 | 90 120 3 | 130 160 4 | 170 210 5 | 220 260 6 | 270 310 7 | 320 360 8
370 420 9 | 430 490 10 | 500 590 11 | 600 740 12 | 750 890 13 | 900 1090 14 | 1100 1290 15
1300 1490 16 | 1500 1740 17 | 1750 1990 18 | 2000 2240 19 | 2250 2490 20 | 2500 2990 21
3000 3490 22 | 3500 3990 23 | 4000 9990 24
"""
ROWS = [tuple(int(n) for n in band.split()) for band in BANDS.replace("\n", "|").split("|") if band.strip()]


@pytest.mark.parametrize(("low", "high", "expected"), ROWS)
def test_every_band_at_both_ends_and_every_ten_between(low: int, high: int, expected: int) -> None:
    for difference in range(low, high + 1, 10):
        assert imps(difference) == expected
        assert imps(-difference) == -expected


@pytest.mark.parametrize(("difference", "expected"), [(430, 10), (-620, -12), (0, 0), (50_000, 24), (-50_000, -24)])
def test_anchors(difference: int, expected: int) -> None:
    assert imps(difference) == expected


@given(st.integers(-20_000, 20_000))
def test_antisymmetric(difference: int) -> None:
    assert imps(-difference) == -imps(difference)


@given(st.integers(-20_000, 20_000), st.integers(0, 5_000))
def test_monotone(difference: int, increase: int) -> None:
    assert imps(difference) <= imps(difference + increase)
