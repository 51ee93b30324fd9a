"""Read case files (CASE_FORMAT.md, version 1) into ``Case`` objects, reporting every mistake.

Each problem is reported as ``file:line: what is wrong``; a file with problems
is skipped and the others still load, so one typo never empties the library.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from app.bridge.contract import Contract, parse_contract
from app.bridge.deal import Deal
from app.bridge.errors import BridgeError
from app.bridge.rota import Vulnerability, board_conditions
from app.bridge.seats import Seat
from app.content.cases.events import EventReader
from app.content.cases.model import EDITIONS, Case
from app.content.cases.questions import QuestionReader
from app.content.files.problems import ContentError, ContentProblem
from app.content.laws.refs import LawRef
from app.content.cases.solver_claims import read_solver_claims
from app.content.files.text_files import read_utf8
from app.content.cases.yaml_lines import YamlSyntaxError, load_located

FORMAT_VERSION = 1
REQUIRED = ("format", "id", "title", "edition", "laws", "topics", "difficulty", "board", "deal",
            "situation", "questions", "ruling", "commentary")
OPTIONAL = ("auction", "notes", "events", "contract", "declarer", "result", "show", "sources", "expect", "solver",
            "twin")
_SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


class _Reader(EventReader, QuestionReader):
    """Validates one file, collecting problems with their lines."""

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
