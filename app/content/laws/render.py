"""Markdown from the library turned into HTML with live law references and defined terms.

Law references become ``law:27B1(a)`` links, glossary terms become ``term:Alert``
links (the GUI shows the definition on hover) and suit symbols are coloured.
Rendering lives here, below the GUI, so it is tested without a display and the
GUI only displays the result.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING
from urllib.parse import quote

if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from markdown_it.token import Token

from app.content.laws.glossary import Glossary
from app.content.laws.law_book import IN_BRIEF, LawBook, Section
from app.content.laws.refs import find_refs

SUIT_COLOURS = {"♠": "#1a1a1a", "♥": "#c8102e", "♦": "#c8102e", "♣": "#1a1a1a"}
FOUR_COLOURS = {"♠": "#1a1a1a", "♥": "#c8102e", "♦": "#e07000", "♣": "#128a2c"}
DARK_SUIT_COLOURS = {"♠": "#e8e8e8", "♥": "#ff6b6b", "♦": "#ff6b6b", "♣": "#e8e8e8"}
DARK_FOUR_COLOURS = {"♠": "#e8e8e8", "♥": "#ff6b6b", "♦": "#ffa040", "♣": "#5fd47a"}
_SUITS = re.compile("[♠♥♦♣]")
# Words every bridge player knows: linking them on every page would bury the terms worth a look.
EVERYDAY_TERMS = frozenset({
    "auction", "bid", "board", "call", "contract", "deal", "declarer", "defender", "denomination",
    "double", "dummy", "event", "follow suit", "game", "hand", "lead", "pack", "partner", "pass",
    "play", "redouble", "round", "session", "side", "slam", "suit", "team", "trick", "trump", "turn",
})


@dataclass(frozen=True)
class Style:
    """How the HTML should look: suit colours and whether terms become links."""

    four_colour: bool = False
    dark: bool = False
    link_terms: bool = True

    def suit_colours(self) -> dict[str, str]:
        if self.dark:
            return DARK_FOUR_COLOURS if self.four_colour else DARK_SUIT_COLOURS
        return FOUR_COLOURS if self.four_colour else SUIT_COLOURS


ANNOTATION_COLOURS = {
    "At the table": ("#eef5ee", "#2b6b3a"),
    "Common mistakes": ("#fbf0ee", "#a0342a"),
    "Changed from 2007": ("#eef2f9", "#34508f"),
    "Changed in 2024": ("#f4eefa", "#6b3c99"),
    "Under 1997": ("#eef6f7", "#2d6470"),
    "In brief": ("#fff8e1", "#8a5a00"),
    "Example": ("#f6f4ec", "#6e5a1e"),
    "Note": ("#f2f2f2", "#505050"),
}
ANNOTATION_COLOURS_DARK = {
    "At the table": ("#223328", "#8fd19e"),
    "Common mistakes": ("#3a2624", "#f0a49c"),
    "Changed from 2007": ("#232b3a", "#9db6f0"),
    "Changed in 2024": ("#2f2538", "#c8a4ef"),
    "Under 1997": ("#22333a", "#95cfdc"),
    "In brief": ("#3a3220", "#f0c86a"),
    "Example": ("#35311f", "#e3cf8a"),
    "Note": ("#2c2c2c", "#c8c8c8"),
}


# Subheadings go no deeper than <h4>: Qt draws <h5> and <h6> smaller than the body text, and a
# heading smaller than what it heads reads as a footnote. A subsection's place in the law shows in
# its reference (27B1(a) under 27B1), so the levels need not say it again.
DEEPEST_HEADING = 4
# A page that holds at least this many subsections opens with a list of them (Law 27 holds twelve).
CONTENTS_MIN_SECTIONS = 4


def law_href(key: str) -> str:
    return "law:" + quote(key, safe="()")


def section_anchor(key: str) -> str:
    """The name of a subsection's place on its law's page (``27B1(a)`` → ``s-27B1a``)."""
    return "s-" + re.sub(r"\W", "", key)


def term_href(term: str) -> str:
    return "term:" + quote(term)


def case_href(case_id: str) -> str:
    return "case:" + case_id


class Renderer:
    """Renders Markdown with the library's links; one instance per library and style."""

    def __init__(self, book: LawBook | None = None, glossary: Glossary | None = None, style: Style = Style()) -> None:
        self.book = book
        self.glossary = glossary
        self.style = style
        self._pages: dict[tuple[str, tuple[tuple[str, str], ...], bool, bool], str] = {}

    @cached_property
    def _md(self) -> MarkdownIt:
        """The Markdown parser, made (and markdown-it imported) at the first page drawn, not at start-up."""
        from markdown_it import MarkdownIt

        return MarkdownIt("commonmark", {"html": False}).enable("table")

    @cached_property
    def _terms(self) -> re.Pattern[str] | None:
        """Every glossary form in one expression; compiled at the first page drawn rather than when
        the window is built (it is a large expression, and start-up waits for it otherwise)."""
        return self.glossary.pattern() if self.glossary is not None and self.style.link_terms else None

    def markdown(self, text: str) -> str:
        """HTML for a Markdown text, with references, terms and suits marked up."""
        tokens = self._md.parse(text)
        seen_terms: set[str] = set()
        for token in tokens:
            if token.type == "inline" and token.children:
                token.children = list(self._enrich(token.children, seen_terms))
        return str(self._md.renderer.render(tokens, self._md.options, {}))

    def _enrich(self, children: list[Token], seen_terms: set[str]) -> Iterable[Token]:
        from markdown_it.token import Token

        inside_link = 0
        for child in children:
            if child.type == "link_open":
                inside_link += 1
            elif child.type == "link_close":
                inside_link -= 1
            if child.type != "text" or inside_link:
                yield child
                continue
            enriched = Token("html_inline", "", 0)
            enriched.content = self._markup(child.content, seen_terms)
            yield enriched

    def _markup(self, text: str, seen_terms: set[str]) -> str:
        pieces: list[str] = []
        pos = 0
        for span in find_refs(text):
            pieces.append(self._terms_and_suits(text[pos : span.start], seen_terms))
            target = span.refs[0]
            found = self.book.resolve(target) if self.book is not None else None
            label = html.escape(span.text)
            if found is None and self.book is not None:
                pieces.append(f'<span class="missing-ref">{label}</span>')
            else:
                pieces.append(f'<a href="{law_href(found.key if found else target.key)}">{label}</a>')
            pos = span.end
        pieces.append(self._terms_and_suits(text[pos:], seen_terms))
        return "".join(pieces)

    def _terms_and_suits(self, text: str, seen_terms: set[str]) -> str:
        if self._terms is None or self.glossary is None:
            return self._suits(html.escape(text))
        pieces: list[str] = []
        pos = 0
        for match in self._terms.finditer(text):
            entry = self.glossary.lookup(match.group(0))
            if entry is None or entry.term in seen_terms or entry.term.lower() in EVERYDAY_TERMS:
                continue
            seen_terms.add(entry.term)  # link a term once per text: enough to find it, not noisy
            pieces.append(self._suits(html.escape(text[pos : match.start()])))
            pieces.append(f'<a class="term" href="{term_href(entry.term)}">{html.escape(match.group(0))}</a>')
            pos = match.end()
        pieces.append(self._suits(html.escape(text[pos:])))
        return "".join(pieces)

    def _suits(self, escaped: str) -> str:
        colours = self.style.suit_colours()
        return _SUITS.sub(lambda m: f'<span style="color:{colours[m.group(0)]}">{m.group(0)}</span>', escaped)

    def suits(self, text: str) -> str:
        """Plain text with coloured suit symbols (for the table and labels)."""
        return self._suits(html.escape(text))

    def section(self, section: Section, citing_cases: Iterable[tuple[str, str]] = (),
                include_children: bool = True, contents: bool = False) -> str:
        """A whole section page: heading, summary, subsections, annotations, citing cases; with
        ``contents``, a long page (``CONTENTS_MIN_SECTIONS`` subsections or more) also lists its
        subsections at the top, each a link to its place on the page (``#s-27B1a``).

        Pages are kept once rendered: the library does not change while the application
        runs, and a new Renderer is made when the style does."""
        cases = tuple(citing_cases)
        key = (section.key, cases, include_children, contents)
        if key not in self._pages:
            self._pages[key] = self._section_page(section, cases, include_children, contents)
        return self._pages[key]

    def _section_page(self, section: Section, cases: tuple[tuple[str, str], ...], include_children: bool,
                      contents: bool) -> str:
        parts = [f"<h2>{html.escape(section.heading())}</h2>"]
        if section.ref.depth > 0 and self.book is not None:
            trail = [self.book.get(a) for a in section.ref.ancestors()]
            links = " › ".join(f'<a href="{law_href(t.key)}">{html.escape(t.ref.label())}</a>' for t in trail if t)
            if links:
                parts.insert(0, f'<p class="trail">{links}</p>')
        # The table-side digest comes before the full summary: it is what a director reads first.
        parts.extend(self._annotations(section, only=IN_BRIEF))
        subsections = [child for child in section.walk() if child is not section] if include_children else []
        if contents and len(subsections) >= CONTENTS_MIN_SECTIONS:
            parts.append(self._contents(section))
        parts.append(self.markdown(section.summary))
        parts.extend(self._annotations(section, skip=IN_BRIEF))
        for child in subsections:
            level = min(DEEPEST_HEADING, 2 + child.ref.depth - section.ref.depth)
            parts.append(f'<h{level}><a name="{section_anchor(child.key)}"></a>'
                         f'<a href="{law_href(child.key)}">{html.escape(child.heading())}</a></h{level}>')
            parts.append(self.markdown(child.summary))
            parts.extend(self._annotations(child))
        if cases:
            parts.append("<h3>Cases on this section</h3><ul>")
            parts.extend(f'<li><a href="{case_href(cid)}">{html.escape(title)}</a></li>' for cid, title in cases)
            parts.append("</ul>")
        return "\n".join(parts)

    def _contents(self, section: Section) -> str:
        """The page's subsections, one line for each part of the law (27A, 27B, ...) with the parts
        below it after a colon, every entry a link to its place further down the page."""
        def link(child: Section, text: str) -> str:
            return f'<a href="#{section_anchor(child.key)}">{html.escape(text)}</a>'

        lines = []
        for child in section.children:
            deeper = [s for s in child.walk() if s is not child]
            below = ": " + " · ".join(link(s, s.ref.label().removeprefix("Law ")) for s in deeper) if deeper else ""
            lines.append(f"<li>{link(child, child.heading())}{below}</li>")
        return f'<p style="font-weight:600">On this page</p><ul>{"".join(lines)}</ul>'

    def _annotations(self, section: Section, only: str | None = None, skip: str | None = None) -> Iterable[str]:
        """Each annotation in a tinted box, its kind named in its own colour, so a trainee can tell
        the law's summary from the commentary at a glance (`only`/`skip` pick annotations by kind)."""
        for note in section.annotations:
            if (only is not None and note.kind != only) or (skip is not None and note.kind == skip):
                continue
            title = f"{note.kind}: {note.title}" if note.title else note.kind
            background, accent = ANNOTATION_COLOURS_DARK[note.kind] if self.style.dark else ANNOTATION_COLOURS[note.kind]
            yield (f'<table width="100%" cellpadding="8" cellspacing="0" style="margin-top:6px; margin-bottom:6px"'
                   f' bgcolor="{background}"><tr><td><p style="color:{accent}; font-weight:600">{html.escape(title)}</p>'
                   f"{self.markdown(note.body)}</td></tr></table>")
