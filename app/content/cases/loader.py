"""Read case files (CASE_FORMAT.md, version 1) into ``Case`` objects, reporting every mistake.

Each problem is reported as ``file:line: what is wrong``; a file with problems
is skipped and the others still load, so one typo never empties the library.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from app.bridge.contract import Contract, parse_contract
from app.bridge.deal import Deal
from app.bridge.errors import BridgeError
from app.bridge.rota import Vulnerability, board_conditions
from app.bridge.seats import Seat
from app.content.cases.events import EventReader
from app.content.cases.model import EDITIONS, Case
from app.content.cases.questions import QuestionReader
from app.content.files.collector import collector_paused
from app.content.files.problems import ContentError, ContentProblem
from app.content.laws.refs import LawRef
from app.content.cases.solver_claims import read_solver_claims
from app.content.files.text_files import read_utf8
from app.content.cases.schema import shape_problems
from app.content.cases.yaml_lines import DuplicateKey, YamlSyntaxError, load_located

MAX_FILE_BYTES = 64 * 1024  # the longest library case is about 11 KB; parsing grows with the file


class _Reader(EventReader, QuestionReader):
    """Reads what the values of a shape-checked file mean, collecting problems with their lines."""

    def header(self) -> tuple[str, str, list[LawRef], list[str], int]:
        case_id = self.text("id")
        if case_id != self.path.stem:
            self.fail(f"id {case_id!r} differs from the file name {self.path.name!r}", "id")
        edition = self.text("edition")
        laws = [ref for i, raw in enumerate(self._list("laws")) if (ref := self.ref(raw, "laws", i))]
        topics = [str(t) for t in self._list("topics")]
        if self.topics is not None:
            for i, topic in enumerate(topics):
                if topic not in self.topics:
                    self.fail(f"unknown topic {topic!r}; add it to content/topics.yaml or use a listed one",
                              "topics", i)
        return case_id, edition, laws, topics, int(self.data["difficulty"])

    def board(self) -> tuple[int, Seat, Vulnerability]:
        board = self.data["board"]
        number = board["number"]
        dealer, vulnerability = board_conditions(number)
        if "dealer" in board:
            dealer = self.seat(board["dealer"], "board", "dealer") or dealer
        if "vulnerable" in board:
            vulnerability = Vulnerability.parse(board["vulnerable"])
        return number, dealer, vulnerability

    def deal(self) -> Deal | None:
        try:
            return Deal.from_pbn(self.data["deal"])
        except BridgeError as exc:
            self.fail(f"deal: {exc}", "deal")
            return None

    def contract(self) -> Contract | None:
        """``contract`` and ``declarer`` come together (the schema sees to it): a contract is played by someone."""
        if "contract" not in self.data:
            return None
        declarer = self.seat(self.data["declarer"], "declarer")
        if declarer is None:
            return None
        try:
            return parse_contract(self.data["contract"], declarer)
        except BridgeError as exc:
            self.fail(str(exc), "contract")
            return None

    def build(self) -> Case | None:
        case_id, edition, laws, topics, difficulty = self.header()
        number, dealer, vulnerability = self.board()
        deal = self.deal()
        auction, notes = self.auction()
        events = self.events(deal)
        questions = self.questions()
        expect = dict(self.data.get("expect", {}))
        contract = self.contract()
        solver = read_solver_claims(self.data.get("solver"), self.doc.line, self.fail)
        show = [s for i, raw in enumerate(self._list("show")) if (s := self.seat(raw, "show", i))]
        title, situation, ruling, commentary = (self.text(key) for key in ("title", "situation", "ruling", "commentary"))
        if edition != EDITIONS[0] and expect:
            self.fail(f"an expect block is checked against the rules engine, which applies the 2017 Laws; a {edition} "
                      "case states its ruling in its questions and commentary instead", "expect")
        if self.problems or deal is None:
            return None
        return Case(
            id=case_id, title=title, edition=edition, laws=laws, topics=topics,
            difficulty=difficulty, board=number, dealer=dealer, vulnerability=vulnerability, deal=deal,
            situation=situation, questions=questions, ruling=ruling, commentary=commentary, path=self.path,
            auction=auction, notes=notes, events=events, contract=contract,
            result=self.data.get("result"), show=show or list(Seat), sources=[str(s) for s in self._list("sources")],
            expect=expect, expect_line=self.doc.line("expect") if expect else 0, solver=solver,
            twin=self.text("twin"),
        )


def read_case(path: Path, topics: set[str] | None = None) -> tuple[Case | None, list[ContentProblem]]:
    """Read one case file. Returns the case (None if it has problems) and its problems.

    A file over ``MAX_FILE_BYTES`` is refused before it is read; then the YAML is parsed (strictly: no
    anchors, merge keys or tabs), its shape checked against the schema, and only a file of the right
    shape is read for what it means, so that a wrong value is reported once, by the schema.
    """
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            return None, [ContentProblem(path, 1, f"the file is {size:,} bytes; a case file is at most "
                                                  f"{MAX_FILE_BYTES:,} bytes (the longest in the library is a "
                                                  "sixth of that): is this the file you meant?")]
        text = read_utf8(path)
    except ContentError as exc:
        return None, [ContentProblem(path, exc.line, exc.message)]
    except OSError as exc:
        return None, [ContentProblem(path, 0, f"cannot read the file: {exc}")]
    return case_from_text(text, path, topics)


def case_from_text(text: str, path: Path, topics: set[str] | None = None) -> tuple[Case | None, list[ContentProblem]]:
    """Read a case from its text, as ``read_case`` reads the file ``path`` (whose name the id must match):
    for text that has not been written to a file yet, such as a member of a case pack."""
    try:
        located = load_located(text, strict=True)
    except YamlSyntaxError as exc:
        return None, [ContentProblem(path, exc.line, exc.message)]
    problems = [_twice(path, duplicate) for duplicate in located.duplicates]
    problems += shape_problems(path, located)
    if problems:
        return None, sorted(problems, key=lambda p: p.line)
    reader = _Reader(path, located, topics)
    case = reader.build()
    return case, reader.problems


def _twice(path: Path, duplicate: DuplicateKey) -> ContentProblem:
    name = ".".join(str(part) for part in (*duplicate.path, duplicate.key))
    return ContentProblem(path, duplicate.second, f"{name} is written twice (lines {duplicate.first} and "
                                                  f"{duplicate.second}); YAML would keep only the second: delete one")


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


CaseReader = Callable[[Path, "set[str] | None"], tuple["Case | None", list[ContentProblem]]]


def load_cases(paths: Iterable[Path], topics: set[str] | None = None,
               read: CaseReader = read_case) -> tuple[list[Case], list[ContentProblem]]:
    """Load cases from files and folders; broken files are reported and skipped.

    A case whose id is already taken by an earlier file is reported and skipped too. ``read`` reads one
    file (``read_case``, or a reader that takes what it can from a checked cache).
    """
    cases: list[Case] = []
    problems: list[ContentProblem] = []
    first_file: dict[str, Path] = {}
    with collector_paused():  # every case read stays alive (collector.py says why this matters)
        for path in case_files(paths):
            if not path.exists():
                problems.append(ContentProblem(path, 0, "no such file or folder"))
                continue
            case, found = read(path, topics)
            problems.extend(found)
            if case is None:
                continue
            if case.id in first_file:
                problems.append(ContentProblem(path, 0, f"duplicate id {case.id!r}: already used by "
                                                        f"{first_file[case.id]}"))
                continue
            first_file[case.id] = path
            cases.append(case)
    return cases, problems
