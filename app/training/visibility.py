"""What a trainee can have seen before answering each question of a case, and whether any of it
gives that question's answer away.

The case screen shows, before question *n* is answered: the title, the situation, the table
as the director finds it (its side panel names the contract and declarer once there is one),
and for every earlier question its wording, its choices, the feedback given when it was
marked (the model answer, the question's explanation, any choice's explanation, since the
trainee may have picked any) and the law opened beside it. None of that may contain the
answer to question *n*: a law reference it asks for, a contract or law its right choice
names and no wrong choice does, or the number it asks for. This module decides that, so a
test can hold every case of the library to it and a case writer can ask ``check`` about one.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from html.parser import HTMLParser

from app.content.cases.model import Case, Question
from app.content.laws.law_book import LawBook
from app.content.laws.refs import LawRef, find_refs
from app.content.laws.render import Renderer
from app.rules.timeline import replay
from app.training.feedback import cited_law
from app.training.marking import correct_answer

_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                 "eleven", "twelve", "thirteen")
_SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_YEAR = re.compile(r"\b(?:19|20)\d\d\s+")
_CONTRACT = re.compile(r"(?<![\w♠♥♦♣])([1-7])\s?(NT|N|[SHDC♠♥♦♣])(?![\w])")


STORY, TABLE, QUESTION, FEEDBACK, LAW_PANE = "story", "table", "question", "feedback", "law pane"


@dataclass(frozen=True)
class Shown:
    """One piece of text the screen has shown: where (for the message), what, and which kind of
    place it is — the ``story`` (title, situation), the ``table``, an earlier ``question``'s
    wording and choices, the ``feedback`` on it, or the ``law pane``."""

    place: str
    text: str
    kind: str


@dataclass(frozen=True)
class Leak:
    """An answer already on screen before its question."""

    question: str
    answer: str
    place: str

    def __str__(self) -> str:
        return f"question {self.question!r}: its answer {self.answer} is already shown in {self.place}"


def table_panel_text(case: Case) -> str:
    """The words of the table's side panel at the director call that can carry an answer:
    the contract and its declarer, as the table shows them."""
    contract = replay(case.scenario()).at_director(case.scenario()).shown_contract
    if contract is None:
        return "Contract: —"
    return f"Contract {contract} by {contract.declarer.english}; " \
           f"{contract.declarer.english} declarer; {contract.declarer.partner.english} dummy"


LawPane = Callable[[LawRef], str]


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def law_pane(book: LawBook) -> LawPane:
    """The words of the law pane when it opens on a reference: the page the case screen shows (the
    section with its trail, notes and subsections, from the same renderer), as plain text."""
    renderer = Renderer(book)

    def page(ref: LawRef) -> str:
        section = book.resolve(ref)
        if section is None:
            return ""
        text = _Text()
        text.feed(renderer.section(section, include_children=section.ref.depth > 0))
        return " ".join(text.parts)

    return page


def shown_before(case: Case, index: int, panel: str | None = None, pane: LawPane | None = None) -> list[Shown]:
    """Everything on screen, or shown earlier in this attempt, before question ``index`` is answered.
    ``pane`` gives the law pane's words for a reference (without it, only the reference itself)."""
    shown = [Shown("the title", case.title, STORY), Shown("the situation", case.situation, STORY),
             Shown("the table's side panel", table_panel_text(case) if panel is None else panel, TABLE)]
    for earlier in case.questions[:index]:
        where = f"question {earlier.id!r}"
        shown.append(Shown(f"the wording of {where}", earlier.ask, QUESTION))
        shown += [Shown(f"a choice of {where}", choice.text, QUESTION) for choice in earlier.choices]
        shown += [Shown(f"an item of {where}", item, QUESTION) for item in earlier.items]
        shown.append(Shown(f"the model answer to {where}", correct_answer(earlier), FEEDBACK))
        feedback = [earlier.why, *(choice.why for choice in earlier.choices)]
        shown += [Shown(f"the feedback on {where}", text, FEEDBACK) for text in feedback if text]
        law = cited_law(earlier)
        if law is not None:
            shown.append(Shown(f"the law pane after {where}", pane(law) if pane else f"Law {law}", LAW_PANE))
    return shown


def answer_refs(question: Question) -> list[LawRef]:
    """The law references that are this question's answer: a law question's answer and what it
    accepts; for a choice question, the sections (not whole laws, which pages and feedback name
    all the time) its right choices name and no wrong one does."""
    if question.kind == "law":
        return [question.answer, *question.accept]
    if question.kind not in ("single", "multi"):
        return []
    right = {ref for c in question.choices if c.correct for ref in _refs(c.text) if ref.depth > 0}
    wrong = {ref for c in question.choices if not c.correct for ref in _refs(c.text)}
    return sorted(right - wrong)


def answer_contracts(question: Question) -> list[str]:
    """The contracts a right choice names and no wrong choice does (``7NT``, ``4S``)."""
    if question.kind not in ("single", "multi"):
        return []
    right = {c for choice in question.choices if choice.correct for c in contracts_in(choice.text)}
    wrong = {c for choice in question.choices if not choice.correct for c in contracts_in(choice.text)}
    return sorted(right - wrong)


def contracts_in(text: str) -> set[str]:
    """Contracts named in text, normalised to PBN letters: ``7NT``, ``4♠`` → ``4S``."""
    found = set()
    for level, strain in _CONTRACT.findall(text):
        strain = {"N": "NT", "♠": "S", "♥": "H", "♦": "D", "♣": "C"}.get(strain, strain)
        found.add(f"{level}{strain}")
    return found


def _refs(text: str) -> set[LawRef]:
    """The references in ``text``, those to an older code (``the 2007 Law 31A2(a)``) included: in a
    case set under that code they name its answers just as plainly."""
    return {ref for span in find_refs(_YEAR.sub("", text)) for ref in span.refs}


def _overlaps(shown: LawRef, answer: LawRef) -> bool:
    """A shown reference gives the answer away when it is the answer, a section inside it, or a
    section around it below the level of the whole law (``70E`` gives ``70E1`` away; ``Law 70``
    names only the law, which the trainee may well know)."""
    if shown == answer:
        return True
    if answer.depth > 0 and answer in shown.ancestors() and shown.depth > 0:
        return True
    return shown.depth > 0 and shown in answer.ancestors()


def _number_pattern(value: float) -> re.Pattern[str]:
    """The answer written in figures anywhere (not as part of a longer figure such as 6.4 or
    620), or in words when a unit follows (``ten tricks``, ``one IMP``) or a transfer is meant
    (``transfers one``)."""
    if value != int(value):
        return re.compile(rf"(?<![\w.]){re.escape(f'{value:g}')}(?![\w]|[.,]\d)")
    number = int(value)
    figures = "|".join({re.escape(str(number)), re.escape(f"{number:,}")})
    after_label = "".join(rf"(?<!{label} )" for label in ("table", "Table", "board", "Board", "round", "Round", "Law",
                                                          "trick", "Trick", "row", "pair", "Pair"))
    pattern = rf"(?<![\w.,♠♥♦♣]){after_label}(?:{figures})(?![\w]|[.,]\d)"
    if 0 <= number < len(_NUMBER_WORDS):
        word = _NUMBER_WORDS[number]
        pattern += rf"|\b{word}\s+(?:more\s+|further\s+)?(?:tricks?|IMPs?|matchpoints?|undertricks?|down)\b"
        pattern += rf"|\b(?:transfers?|moves?|gives?|wins?|takes?|makes?)\s+{word}\b"
    return re.compile(pattern, re.IGNORECASE)


_UNITS = {"trick": r"tricks?", "imp": r"IMPs?", "matchpoint": r"matchpoints?", "down": r"down"}


def _story_pattern(question: Question) -> re.Pattern[str] | None:
    """The answer as the story would state it: a score of three digits or more with its sign
    (``minus 300``; ``plus 140`` is not an answer of −140), or a count with the unit the question
    asks for (``all thirteen tricks`` for a question about tricks, not for one about IMPs). Smaller
    bare figures in a story are board numbers, cards and trick numbers, not answers."""
    value = float(question.answer)
    if abs(value) >= 100:
        figure = re.escape(f"{abs(value):g}")
        if value < 0:
            return re.compile(rf"(?:minus\s+|−\s?|-\s?){figure}(?![\w]|[.,]\d)", re.IGNORECASE)
        return re.compile(rf"(?<![\w.,−-])(?<!minus )(?<!Minus ){figure}(?![\w]|[.,]\d)")
    asked = question.ask.lower()
    unit = next((pattern for word, pattern in _UNITS.items() if word in asked), None)
    if unit is None:
        return None
    figures = [re.escape(f"{abs(value):g}")]
    if value == int(value) and 0 <= int(value) < len(_NUMBER_WORDS):
        figures.append(_NUMBER_WORDS[int(value)])
    return re.compile(rf"\b(?:{'|'.join(figures)})\s+(?:more\s+)?{unit}\b", re.IGNORECASE)


def gives_away(question: Question, shown: Shown) -> list[str]:
    """The answers of ``question`` that ``shown`` names, in words for a message (none: it is safe)."""
    found = []
    seen = _refs(shown.text)
    found += [answer.label() for answer in answer_refs(question) if any(_overlaps(ref, answer) for ref in seen)]
    if shown.kind in (TABLE, FEEDBACK):
        found += [contract for contract in answer_contracts(question) if contract in contracts_in(shown.text)]
    if question.kind == "number":
        pattern = _number_pattern(float(question.answer)) if shown.kind == FEEDBACK else \
            _story_pattern(question) if shown.kind == STORY else None
        if pattern is not None and pattern.search(shown.text):
            found.append(correct_answer(question))
    return found


def leaks(case: Case, panel: str | None = None, pane: LawPane | None = None) -> Iterator[Leak]:
    """Every answer that is on screen before its question is answered."""
    for index, question in enumerate(case.questions):
        for shown in shown_before(case, index, panel, pane):
            for answer in gives_away(question, shown):
                yield Leak(question.id, answer, shown.place)
