"""Write a case back out as case-file YAML, in the order and style of CASE_FORMAT.md.

The case editor keeps the file's text as the truth and its form writes into it,
so it needs a writer whose output the loader reads back as the same case:
``case_data`` turns a loaded ``Case`` into the plain mapping a file holds, and
``dump_case`` turns such a mapping (from a case, from the editor's form or from
an imported board) into text. PyYAML's own dumper is not used because it puts
every string on one line and every list in block style, which hand-written
cases do not do: Markdown goes into ``|`` blocks, short lists and event
payloads stay on one line.
"""

from __future__ import annotations

import json
import re
from typing import Any

import yaml

from app.bridge.rota import board_conditions
from app.bridge.seats import SEATS
from app.content.cases.model import Case, Question
from app.content.cases.solver_claims import FROM_EVENTS, SolverClaim
from app.rules.scenario import AuctionCall, Event

# The order of the keys in a case file (CASE_FORMAT.md); keys not listed go last, in their own order.
KEY_ORDER = ("format", "id", "title", "edition", "laws", "topics", "difficulty", "board", "deal", "auction",
             "notes", "contract", "declarer", "result", "events", "situation", "show", "questions", "ruling",
             "commentary", "sources", "solver", "expect", "twin")
QUESTION_ORDER = ("id", "kind", "ask", "choices", "answer", "accept", "tolerance", "items", "why", "points")
QUOTED_KEYS = ("laws", "deal", "sources")  # written in quotes, as CASE_FORMAT.md shows them
FLOW_WIDTH = 100  # a list or mapping of scalars longer than this goes in block style
_PLAIN_START = re.compile(r"""^[^\s#&*!|>'"%@`{}\[\],:?-]""")


def case_data(case: Case) -> dict[str, Any]:
    """The mapping a case file holds for this case; ``dump_case`` of it loads back as the same case."""
    data: dict[str, Any] = {
        "format": 1, "id": case.id, "title": case.title, "edition": case.edition,
        "laws": [str(ref) for ref in case.laws], "topics": list(case.topics), "difficulty": case.difficulty,
        "board": _board(case), "deal": case.deal.to_pbn(),
    }
    if case.auction:
        data["auction"] = [_auction_call(call, case.notes) for call in case.auction]
    if case.notes:
        data["notes"] = dict(case.notes)
    if case.contract is not None:
        data["contract"] = str(case.contract)
        data["declarer"] = case.contract.declarer.letter
    if case.result is not None:
        data["result"] = case.result
    if case.events:
        data["events"] = [event_data(event) for event in case.events]
    data["situation"] = case.situation
    if case.show and case.show != list(SEATS):  # the loader's default is all four in this order
        data["show"] = [seat.letter for seat in case.show]
    data["questions"] = [question_data(question) for question in case.questions]
    data["ruling"] = case.ruling
    data["commentary"] = case.commentary
    if case.sources:
        data["sources"] = list(case.sources)
    if case.solver:
        data["solver"] = [_claim(claim) for claim in case.solver]
    if case.expect:
        data["expect"] = dict(case.expect)
    if case.twin:
        data["twin"] = case.twin
    return data


def _board(case: Case) -> dict[str, Any]:
    """``number`` alone when the Law 2 rota gives the dealer and vulnerability; both otherwise."""
    board: dict[str, Any] = {"number": case.board}
    dealer, vulnerability = board_conditions(case.board)
    if case.dealer is not dealer:
        board["dealer"] = case.dealer.letter
    if case.vulnerability is not vulnerability:
        board["vulnerable"] = case.vulnerability.value
    return board


def _auction_call(call: AuctionCall, notes: dict[str, str]) -> str:
    text = str(call.call) + ("!" if call.alerted else "")
    number = next((key for key, note in notes.items() if call.note and note == call.note), None)
    return text + (f"={number}=" if number is not None else "")


def event_data(event: Event) -> dict[str, Any]:
    """One event as its file mapping, e.g. ``{"call": {"E": "1D"}}``."""
    if event.kind == "director":
        return {"director": event.text or True}
    if event.kind == "turned":
        return {"turned": True}
    if event.kind == "trick":
        return {"trick": [str(card) for card in event.cards]}
    assert event.seat is not None, f"a {event.kind} event names a seat"
    if event.kind == "dummy":
        act: dict[str, Any] = {event.seat.letter: event.act}
        if event.cards:
            act["card"] = str(event.cards[0])
        if event.text:
            act["says"] = event.text
        return {"dummy": act}
    payload: Any
    if event.kind == "call":
        payload = str(event.call) + ("!" if event.alerted else "")
    elif event.kind in ("play", "expose", "extra", "retrieve"):
        payload = str(event.cards[0])
    elif event.kind == "accept":  # the loader keeps true as "" and false as "False"
        payload = {"": True, "False": False}.get(event.text, event.text)
    else:
        payload = event.text
    data: dict[str, Any] = {event.seat.letter: payload}
    if event.intended:
        data["intended"] = True
    if event.specifies is not None:
        data["specifies"] = [d.letter for d in event.specifies]
    if event.comparable is not None:
        data["comparable"] = event.comparable
    if not event.penalty:
        data["penalty"] = False
    return {event.kind: data}


def question_data(question: Question) -> dict[str, Any]:
    """One question as its file mapping, with only the keys its kind uses."""
    data: dict[str, Any] = {"id": question.id, "kind": question.kind, "ask": question.ask}
    if question.kind in ("single", "multi"):
        data["choices"] = [_choice(choice.text, choice.correct, choice.why) for choice in question.choices]
    elif question.kind == "number":
        data["answer"] = question.answer
        if question.tolerance:
            data["tolerance"] = _number(question.tolerance)
    elif question.kind == "law":
        data["answer"] = str(question.answer)
        if question.accept:
            data["accept"] = [str(ref) for ref in question.accept]
    else:
        data["items"] = list(question.items)
    if question.why:
        data["why"] = question.why
    if question.points != 1:
        data["points"] = _number(question.points)
    return data


def _choice(text: str, correct: bool, why: str) -> dict[str, Any]:
    choice: dict[str, Any] = {"text": text}
    if correct:
        choice["correct"] = True
    if why:
        choice["why"] = why
    return choice


def _claim(claim: SolverClaim) -> dict[str, Any]:
    data: dict[str, Any] = {}
    if claim.contract is not None:
        data["contract"] = str(claim.contract)
        data["declarer"] = claim.contract.declarer.letter
    if claim.from_events:
        data["after"] = FROM_EVENTS
        if claim.played:
            data["then"] = [str(card) for card in claim.played]
    elif claim.played:
        data["after"] = [str(card) for card in claim.played]
    if claim.lead is not None:
        data["lead"] = claim.lead.letter
    data["tricks"] = claim.tricks
    if claim.note:
        data["note"] = claim.note
    return data


def _number(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


# --- text -----------------------------------------------------------------------------------------


def dump_case(data: dict[str, Any]) -> str:
    """Case-file text for a case mapping: keys in CASE_FORMAT order, Markdown in ``|`` blocks."""
    keys = [key for key in KEY_ORDER if key in data] + [key for key in data if key not in KEY_ORDER]
    lines: list[str] = []
    for key in keys:
        value = data[key]
        if key == "questions" and isinstance(value, list):
            value = [_ordered(q, QUESTION_ORDER) if isinstance(q, dict) else q for q in value]
        elif key in QUOTED_KEYS:
            value = [_Quoted(v) for v in value] if isinstance(value, list) else _Quoted(value)
        lines.extend(_entry(str(key), value, 0))
    return "\n".join(lines) + "\n"


class _Quoted(str):
    """A string always written in double quotes (law references would otherwise read as numbers)."""

    __slots__ = ()


def _ordered(mapping: dict[str, Any], order: tuple[str, ...]) -> dict[str, Any]:
    return {**{k: mapping[k] for k in order if k in mapping}, **{k: v for k, v in mapping.items() if k not in order}}


def _entry(key: str, value: Any, indent: int) -> list[str]:
    """``key: value`` at ``indent`` spaces, value in whichever style reads best."""
    pad = " " * indent
    head = f"{pad}{_scalar(key)}:"
    if isinstance(value, str) and "\n" in value.rstrip("\n") or isinstance(value, str) and value.endswith("\n"):
        return _literal(head, value, indent + 2)
    if _is_scalar(value):
        return [f"{head} {_scalar(value)}"]
    flow = _flow(value)
    if flow is not None:
        return [f"{head} {flow}"]
    if isinstance(value, dict):
        return [head, *(line for k, v in value.items() for line in _entry(str(k), v, indent + 2))]
    return [head, *_items(value, indent + 2)]


def _items(values: list[Any], indent: int) -> list[str]:
    pad = " " * indent
    lines: list[str] = []
    for value in values:
        if isinstance(value, dict) and value:
            first, *rest = list(value.items())
            entry = _entry(str(first[0]), first[1], indent + 2)
            lines.append(f"{pad}- {entry[0].lstrip()}")
            lines.extend(entry[1:])
            for k, v in rest:
                lines.extend(_entry(str(k), v, indent + 2))
        elif isinstance(value, str) and "\n" in value:
            lines.extend(_literal(f"{pad}-", value, indent + 2))
        else:
            flow = value if _is_scalar(value) else None
            lines.append(f"{pad}- {_scalar(flow) if flow is not None else _flow(value) or json.dumps(value)}")
    return lines


def _literal(head: str, text: str, indent: int) -> list[str]:
    """A ``|`` block; the chomping indicator keeps the text's trailing newlines exactly."""
    if text[:1] in (" ", "\n") or "\t" in text:  # a block cannot start with its own indentation, and the
        # loader refuses a tab written as such: quote it instead, where a tab is written \t
        return [f"{head} {_quoted(text)}"]
    body = text.rstrip("\n")
    trailing = len(text) - len(body)
    chomp = "-" if trailing == 0 else "" if trailing == 1 else "+"
    pad = " " * indent
    lines = [f"{head} |{chomp}", *(f"{pad}{line}" if line else "" for line in body.split("\n"))]
    lines.extend("" for _ in range(trailing - 1))
    return lines


def _flow(value: Any) -> str | None:
    """``[a, b]`` or ``{k: v}`` when every member is a one-line scalar (or such a flow) and it is short."""
    if isinstance(value, list):
        parts = [_scalar(v, flow=True) if _is_scalar(v) else _flow(v) for v in value]
        text = "[" + ", ".join(p for p in parts if p is not None) + "]"
    elif isinstance(value, dict):
        parts = [f"{_scalar(k, flow=True)}: {_scalar(v, flow=True)}" if _is_scalar(v) else None
                 for k, v in value.items()]
        text = "{" + ", ".join(p for p in parts if p is not None) + "}"
    else:
        return None
    if None in parts or (len(text) > FLOW_WIDTH and not (isinstance(value, dict) and len(value) == 1)):
        return None
    return text


def _is_scalar(value: Any) -> bool:
    return value is None or isinstance(value, bool | int | float) or isinstance(value, str) and "\n" not in value


def _scalar(value: Any, flow: bool = False) -> str:
    """A one-line scalar: plain where YAML reads it back as the same string (inside ``[...]`` too when
    ``flow``), else double-quoted."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    text = str(value)
    if isinstance(value, _Quoted):
        return _quoted(text)
    if _PLAIN_START.match(text) and not text.endswith(" ") and "\t" not in text and _reads_back(text, flow):
        return text
    return _quoted(text)


def _reads_back(text: str, flow: bool) -> bool:
    """Plain text that YAML reads back as itself: not a number, a boolean, a date, null or a comment."""
    try:
        if flow:
            return bool(yaml.safe_load(f"[{text}]") == [text])
        return bool(yaml.safe_load(f"k: {text}") == {"k": text})
    except yaml.YAMLError:
        return False


def _quoted(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)
