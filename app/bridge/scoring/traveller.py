"""Reading a traveller (one board's results) from a small CSV format; see ``TRAVELLER_FORMAT``."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from fractions import Fraction
from pathlib import Path

from app.bridge.errors import ScoringError
from app.bridge.scoring.adjusted import parse_artificial, parse_weighted
from app.bridge.scoring.matchpoints import TableScore, TravellerRow

TRAVELLER_FORMAT = """\
A traveller is a CSV file with one row per table that played the board:

    NS_PAIR,EW_PAIR,SCORE

NS_PAIR and EW_PAIR are pair numbers or names (a Mitchell's NS 1 and EW 1
are different pairs; --session names a pair the same way). SCORE is from North-South's side and is one of
  420, -50, 0        a real score (0 for a passed-out board);
  A60/A40            an artificial adjusted score (Law 12C2): North-South's
                     percentage, then East-West's; one grade alone (A50) is
                     for both sides; A+, A and A- mean 60, 50 and 40;
  70%:420;30%:-50    a weighted assigned score (Law 12C1(c)): weights in %
                     adding up to 100, each with a North-South score.
Blank lines and lines starting with # are ignored; a first row
"ns,ew,score" is taken as a header.

Example:
    ns,ew,score
    1,11,420
    2,12,-50
    3,13,A60/A40
    4,14,70%:420;30%:-50
"""

_HEADER = ("ns", "ew", "score")


def parse_table_score(text: str) -> TableScore:
    """Read the SCORE field of a traveller row."""
    field = text.strip()
    if field[:1].upper() == "A":
        return parse_artificial(field)
    if "%" in field:
        return parse_weighted(field)
    try:
        return int(field)
    except ValueError:
        raise ScoringError(
            f"cannot read score {text!r}: write a North-South score (420, -50), an artificial score "
            "(A60/A40) or a weighted score (70%:420;30%:-50)"
        ) from None


def read_traveller(text: str, source: str = "traveller") -> list[TravellerRow]:
    """Read a traveller in the CSV format of ``TRAVELLER_FORMAT``; errors name ``source`` and the line."""
    rows: list[TravellerRow] = []
    seen: dict[tuple[str, str], int] = {}
    for line_number, line in enumerate(io.StringIO(text), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        fields = [field.strip() for field in next(csv.reader([line]))]
        if not rows and tuple(field.lower() for field in fields) == _HEADER:
            continue
        where = f"{source}, line {line_number}"
        if len(fields) != len(_HEADER):
            raise ScoringError(f"{where}: expected NS_PAIR,EW_PAIR,SCORE, found {len(fields)} field(s)")
        ns_pair, ew_pair, score_text = fields
        for direction, pair in (("North-South", ns_pair), ("East-West", ew_pair)):
            if not pair:
                raise ScoringError(f"{where}: the {direction} pair is missing")
            if (direction, pair) in seen:
                raise ScoringError(
                    f"{where}: {direction} pair {pair} already played this board (line {seen[direction, pair]})"
                )
            seen[direction, pair] = line_number
        try:
            score = parse_table_score(score_text)
        except ScoringError as error:
            raise ScoringError(f"{where}: {error}") from None
        rows.append(TravellerRow(ns_pair, ew_pair, score))
    if not rows:
        raise ScoringError(f"{source}: no results found")
    return rows


def load_traveller(path: Path) -> list[TravellerRow]:
    """Read a traveller file; a missing or unreadable file is a ``ScoringError`` too."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise ScoringError(f"cannot read traveller {path}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise ScoringError(f"cannot read traveller {path}: it is not UTF-8 text") from None
    return read_traveller(text, str(path))


def parse_session_percentages(items: Iterable[str]) -> dict[str, Fraction]:
    """Read pairs' percentages on the session's other boards, written PAIR=PERCENT ('7=62.5'), for
    Law 12C2(c); the command line's ``--session`` and the matchpoints calculator both use this."""
    sessions = {}
    for item in items:
        pair, equals, percent = item.partition("=")
        try:
            value = Fraction(percent.strip().rstrip("%"))
        except ValueError:
            value = Fraction(-1)
        if not equals or not pair.strip() or not 0 <= value <= 100:
            raise ScoringError(f"session percentage {item!r}: write PAIR=PERCENT with a percentage from 0 to 100, "
                               "e.g. 7=62.5")
        sessions[pair.strip()] = value
    return sessions
