"""The checks ``director-trainer check`` runs on one loaded case: the rules engine and the solver.

They live below the command so that the case editor can show, as the author types, the same
``file:line`` messages the command prints.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.bridge.calls import parse_call
from app.bridge.contract import parse_contract
from app.bridge.errors import BridgeError
from app.bridge.seats import Seat
from app.content.cases.model import Case
from app.content.files.problems import ContentProblem
from app.content.laws.refs import RefError, parse_ref
from app.content.cases.solver_claims import verify
from app.content.cases.case_refs import case_reference_problems
from app.content.cases.yaml_lines import Located, YamlSyntaxError, load_located
from app.rules.engine import analyse
from app.rules.findings import Analysis

if TYPE_CHECKING:
    from app.content.laws.law_book import LawBook

# An expected irregularity may name the family; the engine names the kind within it.
FAMILIES = {
    "call-out-of-rotation": {"pass-out-of-rotation", "bid-out-of-rotation", "double-out-of-rotation"},
}
AFTER_FINAL_PASS = "call-after-final-pass"
SEAT_KEYS = {"offender", "options_to", "declarer"}
OBLIGATION_KEYS = {"offender_must_pass", "partner_must_pass"}
BOOLEAN_KEYS = {"lead_restrictions", "established", "accepted", "offender_must_repeat", "declarer_lead_options"}
NUMBER_KEYS = {"tricks_transferred", "score_ns", "declarer_tricks"}
SUIT_LIST_KEYS = {"lead_restriction_suits"}
SUIT_ORDER = "SHDC"


def check_case(case: Case, book: LawBook | None = None) -> list[ContentProblem]:
    """Problems the engine finds in one case: its own (a result that contradicts the play) and every
    ``expect`` key it disagrees with, each on the line of that key; and, given the law ``book``, every
    law reference in the case that names no section of it (the file is parsed once for both)."""
    analysis = analyse(case.scenario())
    located = _located(case)
    problems = [ContentProblem(case.path, _line(located, "result" if "result" in p else "events", case), p)
                for p in analysis.problems]
    for key, expected in case.expect.items():
        message = compare(key, expected, analysis)
        if message is not None:
            problems.append(ContentProblem(case.path, _line(located, ("expect", key), case), message))
    for claim in case.solver:
        message = verify(claim, case.deal, case.contract or analysis.contract, case.events)
        if message is not None:
            problems.append(ContentProblem(case.path, claim.line, message))
    problems += unnamed_calls_after_the_end(case, analysis)
    if book is not None and located is not None:
        problems += case_reference_problems(case, book, located)
    return problems


def unnamed_calls_after_the_end(case: Case, analysis: Analysis) -> list[ContentProblem]:
    """A call after the final pass that the case does not name as its irregularity, at its line.

    The engine reads such a call as what it is (cancelled, Law 39), but ``expect`` describes only the
    irregularity the director was called to, so a call slipped in after the auction (in the play, or
    after the director's arrival) would otherwise leave every key true and pass unnoticed.
    """
    if case.edition != "wbf-2017" or case.expect.get("irregularity") == AFTER_FINAL_PASS:
        return []
    problems = []
    for finding in analysis.findings:
        if finding.irregularity != AFTER_FINAL_PASS or finding.event_index is None:
            continue
        event = case.events[finding.event_index]
        who = event.seat.english if event.seat is not None else "a player"
        problems.append(ContentProblem(
            case.path, event.line,
            f"{who} calls {event.call} after the auction has ended, which the engine reads as a call after the "
            f"final pass (Law 39) and expect does not name: if the case is about it, say so in expect "
            f"(irregularity: {AFTER_FINAL_PASS}); if not, delete the call"))
    return problems


def missing_expect(case: Case) -> ContentProblem | None:
    """A case with no ``expect`` block in which the engine finds an irregularity: its ruling is mechanical,
    so ``expect`` should hold it to the engine (CASE_FORMAT.md). None if the engine finds nothing."""
    finding = analyse(case.scenario()).primary
    if finding is None:
        return None
    event = case.events[finding.event_index] if finding.event_index is not None else None
    by = f" by {finding.offender.english}" if finding.offender is not None else ""
    law = finding.facts.get("rectification")
    under = f" (Law {law})" if law else ""
    return ContentProblem(case.path, event.line if event is not None else 1,
                          f"case {case.id!r} has no expect block, but the rules engine finds {finding.irregularity}"
                          f"{by}{under}: add an expect block with what the ruling rests on")


def compare(key: str, expected: Any, analysis: Analysis) -> str | None:
    """None if the engine agrees with ``expect.key``; otherwise the message to print."""
    conclusions = analysis.conclusions()
    shown = _shown(expected)
    if key not in conclusions:
        why = analysis.why_unknown(key)
        if why:
            return f"expect.{key} is {shown} but the engine cannot tell: {why}"
        return (f"expect.{key} is {shown} but the engine finds no {key} for this case "
                f"(irregularity: {conclusions['irregularity']})")
    found = conclusions[key]
    try:
        same = _normal(key, expected) == _normal(key, found) or _in_family(key, expected, found)
    except (BridgeError, RefError, ValueError, TypeError) as error:
        return f"expect.{key}: {shown} cannot be read ({error})"
    if same:
        return None
    return f"expect.{key} is {shown} but the engine finds {_shown(found)}"


def _in_family(key: str, expected: Any, found: Any) -> bool:
    return key == "irregularity" and str(found) in FAMILIES.get(str(expected), set())


def _normal(key: str, value: Any) -> Any:
    """One spelling per value, so that 'East' equals 'E' and '27b1a' equals '27B1(a)'."""
    if key in SEAT_KEYS:
        return Seat.parse(str(value)).letter
    if key in OBLIGATION_KEYS:
        return str(value).strip().lower()
    if key in BOOLEAN_KEYS:  # the schema has made the case's value a boolean, as the engine's is
        return value
    if key in NUMBER_KEYS:
        if isinstance(value, bool):
            raise ValueError("use a whole number")
        return int(value)
    if key in SUIT_LIST_KEYS:
        return _suit_list(value)
    if key == "lowest_sufficient_same_denomination":
        return "none" if str(value).strip().lower() == "none" else str(parse_call(str(value)))
    if key == "contract":
        text = str(value).strip().lower()
        return "passed-out" if text in ("passed-out", "passed out", "pass", "p") else str(parse_contract(str(value), "N"))
    if key == "rectification":
        return str(parse_ref(str(value)))
    return str(value).strip().lower()


def as_written(key: str, value: Any) -> Any:
    """An engine conclusion as a case file's ``expect`` writes it: a list of suits as ``[S, D, C]``."""
    if key in SUIT_LIST_KEYS:
        text = _suit_list(value)
        return [] if text == "none" else text.split(", ")
    return value


def _suit_list(value: Any) -> str:
    """A list of suits as the engine writes it, highest first: 'S, D, C', or 'none' (the case writes
    ``[S, D, C]`` or ``[]``)."""
    letters = value if isinstance(value, list) else [] if str(value) == "none" else str(value).split(",")
    named = {str(letter).strip().upper() for letter in letters}
    unknown = named - set(SUIT_ORDER)
    if unknown:
        raise ValueError(f"{', '.join(sorted(unknown))} is not a suit (S, H, D, C)")
    return ", ".join(suit for suit in SUIT_ORDER if suit in named) or "none"


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(str(item) for item in value) + "]"
    return str(value)


def _located(case: Case) -> Located | None:
    try:
        return load_located(case.path.read_text(encoding="utf-8"), strict=True)
    except (OSError, UnicodeDecodeError, YamlSyntaxError):
        return None  # the file changed since it loaded: the loader reports it on the next run


def _line(located: Located | None, where: str | tuple[str, str], case: Case) -> int:
    if located is None:
        return case.expect_line
    path = (where,) if isinstance(where, str) else where
    line: int = located.line(*path)
    return line
