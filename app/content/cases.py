"""Read case files (CASE_FORMAT.md, version 1) into ``Case`` objects, reporting every mistake.

Each problem is reported as ``file:line: what is wrong``; a file with problems
is skipped and the others still load, so one typo never empties the library.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from app.bridge.calls import Denomination, parse_annotated_call
from app.bridge.cards import Card
from app.bridge.contract import Contract, parse_contract
from app.bridge.deal import Deal
from app.bridge.errors import BridgeError
from app.bridge.rota import Vulnerability, board_conditions
from app.bridge.seats import Seat
from app.content.case_model import EDITIONS, EVENT_KINDS, QUESTION_KINDS, Case, Choice, Question
from app.content.problems import ContentError, ContentProblem
from app.content.refs import LawRef, RefError, parse_ref
from app.content.solver_claims import read_solver_claims
from app.content.text_files import read_utf8
from app.content.yaml_lines import Located, YamlSyntaxError, load_located
from app.rules.scenario import AuctionCall, Event

FORMAT_VERSION = 1
REQUIRED = ("format", "id", "title", "edition", "laws", "topics", "difficulty", "board", "deal",
            "situation", "questions", "ruling", "commentary")
OPTIONAL = ("auction", "notes", "events", "contract", "declarer", "result", "show", "sources", "expect", "solver",
            "twin")
EXPECT_KEYS = (
    "irregularity", "offender", "options_to", "lowest_sufficient_same_denomination",
    "offender_must_pass", "partner_must_pass", "lead_restrictions", "penalty_card", "established",
    "tricks_transferred", "declarer", "contract", "score_ns",
    # added with the rules engine (CASE_FORMAT.md, "expect")
    "accepted", "rectification", "offender_must_repeat", "declarer_lead_options", "declarer_tricks",
)
DIRECTOR_MOMENTS = ("next-deal", "end-of-round")
CALL_FINDINGS = ("intended", "specifies")  # keys a call event may carry beside its seat
_SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


class _Reader:
    """Validates one file, collecting problems with their lines."""

    def __init__(self, path: Path, located: Located, topics: set[str] | None) -> None:
        self.path = path
        self.doc = located
        self.data: dict[str, Any] = located.data
        self.topics = topics
        self.problems: list[ContentProblem] = []

    def fail(self, message: str, *where: str | int) -> None:
        self.problems.append(ContentProblem(self.path, self.doc.line(*where), message))

    def text(self, key: str, required: bool = True) -> str:
        value = self.data.get(key)
        if value is None:
            return ""
        if not isinstance(value, str | int | float) or isinstance(value, bool):
            self.fail(f"{key} must be text", key)
            return ""
        if required and not str(value).strip():
            self.fail(f"{key} is empty", key)
        return str(value)

    def seat(self, value: Any, *where: str | int) -> Seat | None:
        try:
            return Seat.parse(str(value))
        except BridgeError as exc:
            self.fail(str(exc), *where)
            return None

    def card(self, value: Any, *where: str | int) -> Card | None:
        try:
            return Card.parse(str(value))
        except BridgeError as exc:
            self.fail(str(exc), *where)
            return None

    def ref(self, value: Any, *where: str | int) -> LawRef | None:
        try:
            return parse_ref(str(value))
        except RefError as exc:
            self.fail(str(exc), *where)
            return None

    def keys(self) -> None:
        for duplicate in self.doc.duplicates:
            name = ".".join(str(part) for part in (*duplicate.path, duplicate.key))
            self.problems.append(ContentProblem(
                self.path, duplicate.second, f"{name} is written twice (lines {duplicate.first} and "
                f"{duplicate.second}); YAML would keep only the second: delete one"))
        for key in REQUIRED:
            if key not in self.data:
                self.fail(f"missing key '{key}' (required by the case format)")
            elif self.data[key] is None:
                self.fail(f"key '{key}' has no value; it is required by the case format", key)
        for key in self.data:
            if key not in REQUIRED and key not in OPTIONAL:
                self.fail(f"unknown key '{key}'; the keys are {', '.join(REQUIRED + OPTIONAL)}", key)
            elif key in OPTIONAL and self.data[key] is None:
                self.fail(f"key '{key}' has no value: give it one or leave the key out", key)

    def header(self) -> tuple[str, str, list[LawRef], list[str], int]:
        fmt = self.data.get("format")
        if fmt != FORMAT_VERSION and "format" in self.data:
            if isinstance(fmt, int) and fmt > FORMAT_VERSION:
                self.fail(f"format {fmt} is newer than this version of Director Trainer reads (1)", "format")
            else:
                self.fail(f"format must be {FORMAT_VERSION}", "format")
        case_id = self.text("id")
        if case_id and not _SLUG.match(case_id):
            self.fail(f"id {case_id!r} must be lower-case letters, digits and hyphens", "id")
        if case_id and case_id != self.path.stem:
            self.fail(f"id {case_id!r} differs from the file name {self.path.name!r}", "id")
        edition = self.text("edition")
        if edition and edition not in EDITIONS:
            self.fail(f"unknown edition {edition!r}; use one of {', '.join(EDITIONS)}", "edition")
        laws = [ref for i, raw in enumerate(self._list("laws")) if (ref := self.ref(raw, "laws", i))]
        topics = [str(t) for t in self._list("topics")]
        if self.topics is not None:
            for i, topic in enumerate(topics):
                if topic not in self.topics:
                    self.fail(f"unknown topic {topic!r}; add it to content/topics.yaml or use a listed one",
                              "topics", i)
        difficulty = self.data.get("difficulty", 1)
        if not isinstance(difficulty, int) or isinstance(difficulty, bool) or not 1 <= difficulty <= 5:
            self.fail("difficulty must be a whole number from 1 to 5", "difficulty")
            difficulty = 1
        return case_id, edition, laws, topics, difficulty

    def _list(self, key: str) -> list[Any]:
        return self._items(self.data, key, ())

    def _items(self, mapping: dict[str, Any], key: str, where: tuple[str | int, ...]) -> list[Any]:
        """``mapping[key]`` as a list ([] if absent); anything else is reported at its line."""
        value = mapping.get(key)
        if value is None:
            return []
        if not isinstance(value, list):
            self.fail(f"{key} must be a list, like [a, b]", *where, key)
            return []
        return value

    def board(self) -> tuple[int, Seat, Vulnerability]:
        board = self.data.get("board")
        if not isinstance(board, dict) or not isinstance(board.get("number"), int) or board["number"] < 1:
            self.fail("board must be a mapping with number: (1 or more), e.g. {number: 5}", "board")
            return 1, Seat.NORTH, Vulnerability.NONE
        number = board["number"]
        dealer, vulnerability = board_conditions(number)
        if "dealer" in board:
            dealer = self.seat(board["dealer"], "board", "dealer") or dealer
        if "vulnerable" in board:
            try:
                vulnerability = Vulnerability.parse(str(board["vulnerable"]))
            except BridgeError as exc:
                self.fail(str(exc), "board", "vulnerable")
        return number, dealer, vulnerability

    def deal(self) -> Deal | None:
        raw = self.data.get("deal")
        if not isinstance(raw, str):
            if "deal" in self.data:
                self.fail('deal must be a PBN deal string in quotes, e.g. "N:AKQ2.K32.Q54.A32 ..."', "deal")
            return None
        try:
            return Deal.from_pbn(raw)
        except BridgeError as exc:
            self.fail(f"deal: {exc}", "deal")
            return None

    def auction(self) -> tuple[list[AuctionCall], dict[str, str]]:
        raw_notes = self.data.get("notes") or {}
        notes = {str(k): str(v) for k, v in raw_notes.items()} if isinstance(raw_notes, dict) else {}
        if not isinstance(raw_notes, dict):
            self.fail("notes must be a mapping of note numbers to text, e.g. {1: 'Stayman'}", "notes")
        calls: list[AuctionCall] = []
        for i, raw in enumerate(self._list("auction")):
            try:
                annotated = parse_annotated_call(str(raw))
            except BridgeError as exc:
                self.fail(f"auction: {exc}", "auction", i)
                continue
            note = ""
            if annotated.note is not None:
                if annotated.note not in notes:
                    self.fail(f"auction: call {raw!r} refers to note {annotated.note}, which notes: lacks",
                              "auction", i)
                note = notes.get(annotated.note, "")
            calls.append(AuctionCall(annotated.call, annotated.alerted, note))
        return calls, notes

    def events(self, deal: Deal | None) -> list[Event]:
        events: list[Event] = []
        played: dict[Card, int] = {}
        for i, raw in enumerate(self._list("events")):
            line = self.doc.line("events", i)
            if not isinstance(raw, dict) or len(raw) != 1:
                self.fail("each event is a mapping with one key, e.g. call: {E: 1D}", "events", i)
                continue
            kind, value = next(iter(raw.items()))
            if kind not in EVENT_KINDS:
                self.fail(f"unknown event {kind!r}; events are {', '.join(EVENT_KINDS)}", "events", i)
                continue
            event = self._event(kind, value, line, ("events", i, kind))
            if event is None:
                continue
            if kind in ("play", "trick"):
                for card in event.cards:
                    if card in played:
                        self.fail(f"{card.symbol} is played twice (first at line {played[card]})", "events", i)
                    played[card] = line
            if deal is not None and kind in ("play", "trick", "expose"):
                self._cards_in_deal(deal, event, ("events", i))
            events.append(event)
        return events

    def _event(self, kind: str, value: Any, line: int, where: tuple[str | int, ...]) -> Event | None:
        if kind == "director":
            # true, or when attention was first drawn if that was late (Laws 64B4, 64B5)
            if value is True or value in DIRECTOR_MOMENTS:
                return Event(kind, line, text="" if value is True else str(value))
            self.fail(f"director is true, or one of {', '.join(DIRECTOR_MOMENTS)}", *where)
            return None
        if kind == "trick":
            if not isinstance(value, list) or not 1 <= len(value) <= 4:
                self.fail("trick must be a list of one to four cards, e.g. [SA, S2, S4, S7]", *where)
                return None
            cards = [self.card(c, *where) for c in value]
            if any(c is None for c in cards):
                return None
            return Event(kind, line, cards=tuple(c for c in cards if c is not None))
        if kind == "call" and isinstance(value, dict):
            return self._call_event(value, line, where)
        if not isinstance(value, dict) or len(value) != 1:
            self.fail(f"{kind} must name one seat, e.g. {kind}: {{N: ...}}", *where)
            return None
        raw_seat, payload = next(iter(value.items()))
        seat = self.seat(raw_seat, *where)
        if seat is None:
            return None
        if kind in ("play", "expose"):
            card = self.card(payload, *where)
            return Event(kind, line, seat, cards=(card,)) if card is not None else None
        if kind == "accept":
            return Event(kind, line, seat, text="" if payload is True else str(payload))
        if not isinstance(payload, str):
            self.fail(f"{kind} needs the words said, in quotes", *where)
            return None
        return Event(kind, line, seat, text=payload)

    def _call_event(self, value: dict[Any, Any], line: int, where: tuple[str | int, ...]) -> Event | None:
        """``call: {E: 1D}``, with the director's findings ``intended: true`` (Law 25A) and
        ``specifies: [H]`` (the denominations an alerted bid specified, Law 27B1(a)) beside the seat."""
        extra = {k: v for k, v in value.items() if k in CALL_FINDINGS}
        seats = [(k, v) for k, v in value.items() if k not in CALL_FINDINGS]
        if len(seats) != 1:
            self.fail("call must name one seat, e.g. call: {N: 1D} (optionally with intended: true or "
                      "specifies: [H])", *where)
            return None
        raw_seat, payload = seats[0]
        seat = self.seat(raw_seat, *where)
        if seat is None:
            return None
        try:
            annotated = parse_annotated_call(str(payload))
        except BridgeError as exc:
            self.fail(str(exc), *where)
            return None
        intended = extra.get("intended", False)
        if not isinstance(intended, bool):
            self.fail("intended is true (this call replaces the player's unintended previous call, Law 25A) "
                      "or left out", *where, "intended")
            intended = False
        specifies = self._specifies(extra.get("specifies"), annotated.alerted, where)
        return Event("call", line, seat, call=annotated.call, alerted=annotated.alerted, intended=intended,
                     specifies=specifies)

    def _specifies(self, raw: Any, alerted: bool, where: tuple[str | int, ...]) -> tuple[Denomination, ...]:
        if raw is None:
            return ()
        names = raw if isinstance(raw, list) else [raw]
        try:
            found = tuple(dict.fromkeys(Denomination(str(n).strip().upper()) for n in names))
        except ValueError:
            self.fail("specifies lists denominations: C, D, H, S or NT, e.g. specifies: [H]", *where, "specifies")
            return ()
        if not alerted:
            self.fail("specifies is for an alerted call (3C!); an unalerted bid specifies its own denomination",
                      *where, "specifies")
            return ()
        return found

    def _cards_in_deal(self, deal: Deal, event: Event, where: tuple[str | int, ...]) -> None:
        for card in event.cards:
            holder = deal.holder(card)
            if holder is None:
                if deal.is_complete:
                    self.fail(f"{card.symbol} is not in the deal", *where)
                continue
            if event.seat is not None and holder is not event.seat:
                self.fail(f"{event.seat.english} plays {card.symbol}, but {holder.english} holds it", *where)

    def questions(self) -> list[Question]:
        questions: list[Question] = []
        seen: set[str] = set()
        raw_list = self._list("questions")
        if "questions" in self.data and not raw_list:
            self.fail("a case needs at least one question", "questions")
        for i, raw in enumerate(raw_list):
            where = ("questions", i)
            if not isinstance(raw, dict):
                self.fail("each question is a mapping with id:, kind: and ask:", *where)
                continue
            qid, kind, ask = str(raw.get("id", "")), raw.get("kind"), raw.get("ask")
            if not qid:
                self.fail("a question without id:", *where)
            elif qid in seen:
                self.fail(f"question id {qid!r} is used twice", *where, "id")
            seen.add(qid)
            if kind not in QUESTION_KINDS:
                self.fail(f"question kind must be one of {', '.join(QUESTION_KINDS)}", *where, "kind")
                continue
            if not isinstance(ask, str) or not ask.strip():
                self.fail("a question without ask:", *where)
                continue
            question = self._question(raw, qid, kind, ask, where)
            if question is not None:
                questions.append(question)
        return questions

    def _question(self, raw: dict[str, Any], qid: str, kind: str, ask: str,
                  where: tuple[str | int, ...]) -> Question | None:
        line = self.doc.line(*where)
        points = raw.get("points", 1)
        if not isinstance(points, int | float) or isinstance(points, bool) or points <= 0:
            self.fail("points must be a positive number", *where, "points")
            points = 1
        common: dict[str, Any] = {"why": str(raw.get("why", "")), "points": float(points)}
        if kind in ("single", "multi"):
            choices = []
            for j, choice in enumerate(self._items(raw, "choices", where)):
                if not isinstance(choice, dict) or not str(choice.get("text", "")).strip():
                    self.fail("each choice needs text:", *where, "choices", j)
                    continue
                choices.append(Choice(str(choice["text"]), choice.get("correct") is True, str(choice.get("why", ""))))
            right = sum(c.correct for c in choices)
            if len(choices) < 2:
                self.fail(f"a {kind} question needs at least two choices", *where)
                return None
            if right == 0:
                self.fail("a question without a correct choice: mark one with correct: true", *where)
                return None
            if kind == "single" and right > 1:
                self.fail("a single question has exactly one correct choice; use kind: multi", *where)
                return None
            return Question(qid, kind, ask, line, choices=tuple(choices), **common)
        if kind == "number":
            answer, tolerance = raw.get("answer"), raw.get("tolerance", 0)
            if not isinstance(answer, int | float) or isinstance(answer, bool):
                self.fail("a number question needs a numeric answer:", *where)
                return None
            if not isinstance(tolerance, int | float) or tolerance < 0:
                self.fail("tolerance must be a number of 0 or more", *where, "tolerance")
                tolerance = 0
            return Question(qid, kind, ask, line, answer=answer, tolerance=float(tolerance), **common)
        if kind == "law":
            if "answer" not in raw:
                self.fail("a law question needs answer: (a law reference)", *where)
                return None
            answer_ref = self.ref(raw["answer"], *where, "answer")
            accept = [r for j, a in enumerate(self._items(raw, "accept", where))
                      if (r := self.ref(a, *where, "accept", j))]
            if answer_ref is None:
                return None
            return Question(qid, kind, ask, line, answer=answer_ref, accept=tuple(accept), **common)
        items = [str(item) for item in self._items(raw, "items", where)]
        if len(items) < 2:
            self.fail("an order question needs at least two items:", *where)
            return None
        return Question(qid, kind, ask, line, items=tuple(items), **common)

    def expect(self) -> dict[str, Any]:
        raw = self.data.get("expect")
        if raw is None:
            return {}
        if not isinstance(raw, dict):
            self.fail("expect must be a mapping of conclusions, e.g. {irregularity: revoke}", "expect")
            return {}
        for key, value in raw.items():
            if key not in EXPECT_KEYS:
                self.fail(f"unknown expect key {key!r}; known keys: {', '.join(EXPECT_KEYS)}", "expect", key)
            elif value is None or isinstance(value, list | dict):
                self.fail(f"expect.{key} needs a single value (CASE_FORMAT.md lists what each key takes)", "expect",
                          key)
        return dict(raw)

    def contract(self) -> Contract | None:
        """``contract`` and ``declarer`` go together: a contract is played by someone."""
        has_contract, has_declarer = "contract" in self.data, "declarer" in self.data
        if has_contract != has_declarer:
            self.fail("give contract: and declarer: together (e.g. contract: 4SX, declarer: S)",
                      "contract" if has_contract else "declarer")
            return None
        if not has_contract:
            return None
        declarer = self.seat(self.data["declarer"], "declarer")
        if declarer is None:
            return None
        try:
            return parse_contract(str(self.data["contract"]), declarer)
        except BridgeError as exc:
            self.fail(str(exc), "contract")
            return None

    def build(self) -> Case | None:
        if not isinstance(self.data, dict):
            self.fail("a case file is a mapping of keys (format:, id:, title:, ...)")
            return None
        self.keys()
        case_id, edition, laws, topics, difficulty = self.header()
        number, dealer, vulnerability = self.board()
        deal = self.deal()
        auction, notes = self.auction()
        events = self.events(deal)
        questions = self.questions()
        expect = self.expect()
        contract = self.contract()
        solver = read_solver_claims(self.data.get("solver"), self.doc.line, self.fail)
        result = self.data.get("result")
        if result is not None and (not isinstance(result, int) or not 0 <= result <= 13):
            self.fail("result is the number of tricks won by declarer's side, 0 to 13", "result")
        show = [s for i, raw in enumerate(self._list("show")) if (s := self.seat(raw, "show", i))]
        title, situation, ruling, commentary = (self.text(key) for key in ("title", "situation", "ruling", "commentary"))
        sources = [str(s) for s in self._list("sources")]
        twin = self.text("twin") if "twin" in self.data else ""
        if twin and not _SLUG.match(twin):
            self.fail(f"twin {twin!r} must be the id of another case (lower-case letters, digits and hyphens)", "twin")
        if edition and edition != EDITIONS[0] and expect:
            self.fail(f"an expect block is checked against the rules engine, which applies the 2017 Laws; a {edition} "
                      "case states its ruling in its questions and commentary instead", "expect")
        if self.problems or deal is None:
            return None
        return Case(
            id=case_id, title=title, edition=edition, laws=laws, topics=topics,
            difficulty=difficulty, board=number, dealer=dealer, vulnerability=vulnerability, deal=deal,
            situation=situation, questions=questions, ruling=ruling, commentary=commentary, path=self.path,
            auction=auction, notes=notes, events=events, contract=contract,
            result=result, show=show or list(Seat), sources=sources,
            expect=expect, expect_line=self.doc.line("expect") if expect else 0, solver=solver, twin=twin,
        )


def read_case(path: Path, topics: set[str] | None = None) -> tuple[Case | None, list[ContentProblem]]:
    """Read one case file. Returns the case (None if it has problems) and its problems."""
    try:
        located = load_located(read_utf8(path))
    except (YamlSyntaxError, ContentError) as exc:
        return None, [ContentProblem(path, exc.line, exc.message)]
    except OSError as exc:
        return None, [ContentProblem(path, 0, f"cannot read the file: {exc}")]
    reader = _Reader(path, located, topics)
    case = reader.build()
    return case, reader.problems


def load_topics(path: Path) -> tuple[dict[str, str], list[ContentProblem]]:
    """The topic list (``content/topics.yaml``): tag → description, and any problem reading it."""
    if not path.exists():
        return {}, [ContentProblem(path, 0, "the topic list is missing")]
    try:
        data = load_located(path.read_text(encoding="utf-8")).data or {}
    except YamlSyntaxError as exc:
        return {}, [ContentProblem(path, exc.line, exc.message)]
    if not isinstance(data, dict):
        return {}, [ContentProblem(path, 1, "the topic list is a mapping of tag: description lines")]
    return {str(k): str(v) for k, v in data.items()}, []


def case_files(paths: Iterable[Path]) -> list[Path]:
    """Every ``*.yaml`` file named, or found under a folder named, in order."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found.extend(sorted(path.rglob("*.yaml")))
        else:
            found.append(path)
    return found


def load_cases(paths: Iterable[Path], topics: set[str] | None = None) -> tuple[list[Case], list[ContentProblem]]:
    """Load cases from files and folders; broken files are reported and skipped.

    A case whose id is already taken by an earlier file is reported and skipped too.
    """
    cases: list[Case] = []
    problems: list[ContentProblem] = []
    first_file: dict[str, Path] = {}
    for path in case_files(paths):
        if not path.exists():
            problems.append(ContentProblem(path, 0, "no such file or folder"))
            continue
        case, found = read_case(path, topics)
        problems.extend(found)
        if case is None:
            continue
        if case.id in first_file:
            problems.append(ContentProblem(path, 0, f"duplicate id {case.id!r}: already used by {first_file[case.id]}"))
            continue
        first_file[case.id] = path
        cases.append(case)
    return cases, problems
