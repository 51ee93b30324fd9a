"""The director's quick-reference card: ``content/quick_reference.yaml`` read, checked and rendered.

Directors carry a one- or two-page card of the rulings they give most. The old printed cards
date from the 2007 code and carry its errors, so this one is generated from the library's own
content: each line is one ruling point with the exact 2017 section it rests on (a link in the
window), and the lines that state a mechanical outcome are held against the rules engine
(``quick_reference_engine``). The card is rendered here, without Qt, as HTML for the window and
for printing, and as plain text for ``director-trainer quick-reference``.
"""

from __future__ import annotations

import html
import re
import textwrap
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.content.cases.schema import case_schema, shape_problems, validator_for
from app.content.cases.yaml_lines import DuplicateKey, Located, YamlSyntaxError, load_located
from app.content.files.problems import ContentError, ContentProblem
from app.content.files.text_files import read_utf8
from app.content.laws.quick_reference_engine import EngineCheck, engine_problems, engine_schema, read_engine, sub_document
from app.content.laws.refs import LawRef, RefError, parse_ref
from app.content.laws.render import ANNOTATION_COLOURS, ANNOTATION_COLOURS_DARK, Renderer, Style, law_href

if TYPE_CHECKING:
    from app.content.laws.law_book import LawBook

FILE_NAME = "quick_reference.yaml"
CONTRACT = "the quick-reference format (content/README.md)"
MAX_LINES_PER_TOPIC = 6
# The boxes take the colours of the library's own "In brief" notes: (band, accent) for each ground.
BRIEF = "In brief"


@dataclass(frozen=True)
class CardLine:
    """One ruling point as a director applies it, with the sections it rests on."""

    text: str
    laws: tuple[LawRef, ...]
    line: int
    engine: EngineCheck | None = None


@dataclass(frozen=True)
class CardTopic:
    """A box of the card: a kind of ruling (insufficient bid, revokes…) and its lines."""

    title: str
    laws: str
    lines: tuple[CardLine, ...]
    line: int

    @property
    def laws_label(self) -> str:
        """``Law 27`` or ``Laws 28–32``, as the topic's heading shows it."""
        return f"{'Law' if self.laws.isdigit() else 'Laws'} {self.laws}"


@dataclass(frozen=True)
class QuickReference:
    """The whole card, in the file's order."""

    title: str
    about: str
    topics: tuple[CardTopic, ...]
    path: Path

    def lines(self) -> list[CardLine]:
        return [line for topic in self.topics for line in topic.lines]


@cache
def card_validator() -> Any:
    """The file's shape as a JSON Schema built on the case schema's definitions (law references,
    events, ``expect``), so an engine scenario is written and checked exactly as in a case."""
    definitions = case_schema()["definitions"]
    line = {
        "title": "card line", "type": "object", "required": ["text", "laws"], "additionalProperties": False,
        "properties": {
            "text": definitions["shortText"],
            "laws": {"type": "array", "minItems": 1, "items": definitions["lawRef"],
                     "errorMessage": "laws lists the sections the line rests on, e.g. [\"27B1(a)\"]"},
            "engine": engine_schema(case_schema()["properties"]),
        },
    }
    topic = {
        "title": "topic", "type": "object", "required": ["title", "laws", "lines"], "additionalProperties": False,
        "properties": {
            "title": definitions["shortText"],
            "laws": {"type": "string", "pattern": "\\S", "maxLength": 40},
            "lines": {"type": "array", "minItems": 1, "maxItems": MAX_LINES_PER_TOPIC, "items": line,
                      "errorMessage": f"a topic has 1 to {MAX_LINES_PER_TOPIC} lines: give it at least one, "
                                      "or split a long one"},
        },
    }
    return validator_for({
        "title": "quick-reference card", "type": "object", "required": ["title", "topics"],
        "additionalProperties": False,
        "properties": {"title": definitions["shortText"], "about": definitions["paragraph"],
                       "topics": {"type": "array", "minItems": 1, "items": topic}},
    })


def load_quick_reference(path: Path, book: LawBook | None = None) -> tuple[QuickReference | None, list[ContentProblem]]:
    """Read the card; with the law ``book``, every law reference must name one of its sections.
    Returns the card (None if anything is wrong, so a wrong card is never shown) and the problems."""
    try:
        doc = load_located(read_utf8(path), strict=True)
    except (YamlSyntaxError, ContentError) as exc:
        return None, [ContentProblem(path, exc.line, exc.message)]
    except OSError as exc:
        return None, [ContentProblem(path, 0, f"cannot read the quick-reference card: {exc}")]
    problems = [_twice(path, duplicate) for duplicate in doc.duplicates]
    problems += shape_problems(path, doc, card_validator(), CONTRACT)
    if problems:
        return None, sorted(problems, key=lambda p: p.line)
    topics = tuple(_topic(path, doc, index, book, problems) for index in range(len(doc.data["topics"])))
    if problems:
        return None, sorted(problems, key=lambda p: p.line)
    return QuickReference(str(doc.data["title"]), str(doc.data.get("about", "")), topics, path), []


def _topic(path: Path, doc: Located, index: int, book: LawBook | None,
           problems: list[ContentProblem]) -> CardTopic:
    raw = doc.data["topics"][index]
    lines = []
    for number, entry in enumerate(raw["lines"]):
        where = ("topics", index, "lines", number)
        laws = tuple(ref for i, value in enumerate(entry["laws"])
                     if (ref := _ref(path, doc, value, (*where, "laws", i), book, problems)) is not None)
        engine = None
        if "engine" in entry:
            engine = read_engine(path, sub_document(doc, *where, "engine"), problems)
        lines.append(CardLine(" ".join(str(entry["text"]).split()), laws, doc.line(*where), engine))
    _check_topic_laws(path, doc, index, book, problems)
    return CardTopic(str(raw["title"]), str(raw["laws"]), tuple(lines), doc.line("topics", index))


def _check_topic_laws(path: Path, doc: Located, index: int, book: LawBook | None,
                      problems: list[ContentProblem]) -> None:
    """A topic's ``laws`` is what its heading shows: law numbers and ranges (``28–32``, ``16, 73``),
    each a law of the book."""
    text = str(doc.data["topics"][index]["laws"])
    line = doc.line("topics", index, "laws")
    for part in (piece.strip() for piece in text.split(",")):
        ends = [end.strip() for end in re.split("[–-]", part)]
        if not all(end.isdigit() for end in ends) or len(ends) > 2:
            problems.append(ContentProblem(path, line, f"laws: {part!r} is not a law number or a range of them; "
                                                       "write it like \"27\", \"28–32\" or \"16, 73\""))
            continue
        missing = [end for end in ends if book is not None and book.get(end) is None]
        if missing:
            problems.append(ContentProblem(path, line, f"laws: the library has no Law {missing[0]}"))


def _ref(path: Path, doc: Located, value: Any, where: tuple[str | int, ...], book: LawBook | None,
         problems: list[ContentProblem]) -> LawRef | None:
    try:
        ref = parse_ref(str(value))
    except RefError as exc:
        problems.append(ContentProblem(path, doc.line(*where), f"{value!r}: {exc}"))
        return None
    if book is not None and book.get(ref) is None:
        problems.append(ContentProblem(path, doc.line(*where), f"{ref.label()} does not match any section of the "
                                       "library: cite the exact section the line rests on, e.g. 27B1(a)"))
        return None
    return ref


def _twice(path: Path, duplicate: DuplicateKey) -> ContentProblem:
    name = ".".join(str(part) for part in (*duplicate.path, duplicate.key))
    return ContentProblem(path, duplicate.second, f"{name} is written twice (lines {duplicate.first} and "
                                                  f"{duplicate.second}); YAML would keep only the second: delete one")


def quick_reference_problems(root: Path, book: LawBook) -> list[ContentProblem]:
    """What ``director-trainer check`` reports for the card under ``root``: reading it, then each
    engine-held line the rules engine disagrees with."""
    card, problems = load_quick_reference(root / FILE_NAME, book)
    if card is None:
        return problems
    for line in card.lines():
        if line.engine is not None:
            problems += engine_problems(card.path, line.engine)
    return problems


# ----- rendering ---------------------------------------------------------------------------------

def card_html(card: QuickReference, renderer: Renderer | None = None, links: bool = True) -> str:
    """The card as HTML: one box per topic, each line with its sections beside it, as ``law:`` links
    when ``links`` (the window) and as plain references on paper. ``renderer`` gives the suit colours."""
    renderer = renderer or Renderer(style=Style(link_terms=False))
    parts = [f"<h2 style='margin:0'>{html.escape(card.title)}</h2>"]
    if card.about:
        parts.append(f"<p style='margin:2px 0 6px 0'><small>{html.escape(card.about)}</small></p>")
    # Two boxes a row, read left then right as on a printed card: half-width lines read easily at a
    # card's small type, and a page breaks between rows, never through the middle of a pair.
    rows = []
    for first in range(0, len(card.topics), 2):
        pair = card.topics[first:first + 2]
        cells = "".join(f"<td width='50%' valign='top'>{_topic_html(topic, renderer, links)}</td>" for topic in pair)
        rows.append(f"<tr>{cells}</tr>")
    parts.append(f"<table width='100%' cellspacing='0' cellpadding='3'>{''.join(rows)}</table>")
    return "\n".join(parts)


def _topic_html(topic: CardTopic, renderer: Renderer, links: bool) -> str:
    """One box: the topic's title band, then its lines, each led by its sections in bold."""
    band, accent = (ANNOTATION_COLOURS_DARK if renderer.style.dark else ANNOTATION_COLOURS)[BRIEF]
    head = (f"<tr><td style='background:{band}'><b>{html.escape(topic.title)}</b>"
            f" &nbsp;<small>{html.escape(topic.laws_label)}</small></td></tr>")
    body = "".join(
        f"<p style='margin:0 0 2px 0'><b style='color:{accent}'>{', '.join(_ref_html(r, links) for r in line.laws)}"
        f"</b>&nbsp; {renderer.suits(line.text)}</p>"
        for line in topic.lines)
    return (f"<table width='100%' cellspacing='0' cellpadding='3' border='1' style='border-color:{accent}; "
            f"border-style:solid'>{head}<tr><td>{body}</td></tr></table>")


def _ref_html(ref: LawRef, links: bool) -> str:
    label = html.escape(str(ref))
    return f"<a href='{law_href(ref.key)}'>{label}</a>" if links else label


def card_text(card: QuickReference, width: int = 88) -> str:
    """The card as plain text for a terminal: each topic, then each line with its sections after it."""
    out = [card.title, "=" * len(card.title)]
    if card.about:
        out += ["", *textwrap.wrap(card.about, width)]
    for topic in card.topics:
        heading = f"{topic.title} ({topic.laws_label})"
        out += ["", heading, "-" * len(heading)]
        for line in topic.lines:
            refs = ", ".join(str(ref) for ref in line.laws)
            out += textwrap.wrap(f"{line.text} [{refs}]", width, initial_indent="- ", subsequent_indent="  ",
                                 break_on_hyphens=False)
    return "\n".join(out)
