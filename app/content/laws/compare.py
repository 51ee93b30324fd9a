"""HTML for other codes: a note's own page, the "Other codes" box on a 2017 page, and Compare columns.

Kept apart from ``render`` (which draws the 2017 pages) because everything here is
about a 2017 section *and* its counterparts; it uses a Renderer for the Markdown so
law references and suit symbols look the same everywhere.
"""

from __future__ import annotations

import html
import re
from urllib.parse import quote

from app.content.laws.editions import CURRENT, STATUSES, Counterpart, Editions
from app.content.laws.law_book import Section
from app.content.laws.render import Renderer, law_href

# Badge colours (background, text) for a note's status, light and dark.
STATUS_COLOURS = {
    "differs": ("#fde7c8", "#7a4100"),
    "same": ("#dcefdc", "#245c2a"),
    "not-in-sources": ("#e6e6e6", "#444444"),
    "added": ("#dde8f8", "#23467f"),
    "removed": ("#f6dada", "#7d1f1f"),
}
STATUS_COLOURS_DARK = {
    "differs": ("#4a3417", "#ffcf8a"),
    "same": ("#1f3a22", "#9ad7a1"),
    "not-in-sources": ("#333333", "#cccccc"),
    "added": ("#1f2d45", "#a9c4f0"),
    "removed": ("#452222", "#f0a9a9"),
}
NO_DIFFERENCE_KNOWN = "No difference known"
# The documents notes are drawn from, by the short id a note's ``source`` uses, named for a reader.
SOURCE_NAMES = {
    "000": "the 1997 Laws (European edition), as marked up for online play",
    "001": "the 2017 Laws, annotated for director accreditation (2024)",
    "002": "the IBL proposal",
    "003": "the 2007 Laws (North American printing, 2008) with the 1997 wording",
    "004": "a 2007 quick-reference card",
}
_SOURCE_ID = re.compile(r"\b(00[0-4])(?=:)")


def source_text(source: str) -> str:
    """A note's source with document ids spelled out: ``003: Law 27`` → ``the 2007 Laws (...): Law 27``."""
    return _SOURCE_ID.sub(lambda m: SOURCE_NAMES[m.group(1)], source)


def edition_href(key: str) -> str:
    return "edition:" + quote(key, safe="/()")


def compare_href(section_key: str) -> str:
    return "compare:" + quote(section_key, safe="()")


def _badge(renderer: Renderer, status: str) -> str:
    background, colour = (STATUS_COLOURS_DARK if renderer.style.dark else STATUS_COLOURS)[status]
    return (f'<span style="background-color:{background}; color:{colour}; font-weight:600">'
            f"&nbsp;{html.escape(STATUSES[status])}&nbsp;</span>")


def counterparts_box(renderer: Renderer, editions: Editions, section: Section) -> str:
    """The box at the foot of a 2017 page: each other code's counterpart, or that none is known."""
    if not editions.editions:
        return ""
    rows = []
    for edition, notes in editions.counterparts(section.ref).items():
        name = html.escape(editions.editions[edition].short)
        if notes:
            links = "; ".join(f'<a href="{edition_href(n.key)}">{html.escape(n.heading())}</a> {_badge(renderer, n.status)}'
                              for n in notes)
        else:
            links = f"<i>{NO_DIFFERENCE_KNOWN}</i>"
        rows.append(f"<tr><td><b>{name}</b></td><td>{links}</td></tr>")
    return (f'<h3>Other codes</h3><table cellpadding="3">{"".join(rows)}</table>'
            f'<p><a href="{compare_href(section.key)}">Compare side by side</a></p>')


def note_page(renderer: Renderer, editions: Editions, note: Counterpart) -> str:
    """A note of another code: what it says, where the fact comes from, and links back to 2017."""
    edition = editions.editions[note.edition]
    back = ", ".join(f'<a href="{law_href(ref.key)}">{html.escape(ref.label())}</a>' for ref in note.maps_to)
    body = renderer.markdown(note.text) if note.text else f"<p><i>{STATUSES[note.status]}.</i></p>"
    return (f"<p class=\"trail\">{html.escape(edition.name)}</p>"
            f"<h2>{html.escape(note.heading())}</h2>"
            f"<p>{_badge(renderer, note.status)}</p>{body}"
            f"<p><small>Source: {html.escape(source_text(note.source))}</small></p>"
            f"<p>In the 2017 Laws: {back}</p>")


def compare_columns(renderer: Renderer, editions: Editions, section: Section) -> list[tuple[str, str]]:
    """(column title, HTML) for the 2017 section and then each other code, in the library's order."""
    columns = [("2017", renderer.section(section, include_children=False))]
    for edition, notes in editions.counterparts(section.ref).items():
        short = editions.editions[edition].short
        if notes:
            page = "".join(f"<h3>{html.escape(n.heading())}</h3><p>{_badge(renderer, n.status)}</p>"
                           f"{renderer.markdown(n.text) if n.text else ''}"
                           f"<p><small>Source: {html.escape(source_text(n.source))}</small></p>" for n in notes)
        else:
            page = f"<p><i>{NO_DIFFERENCE_KNOWN} for {html.escape(section.ref.label())} in this code.</i></p>"
        columns.append((short, page))
    return columns


def official_box(renderer: Renderer, wording: str, source: str) -> str:
    """The user's imported official wording of a section, set apart from the project's summary."""
    background, accent = ("#35311f", "#e3cf8a") if renderer.style.dark else ("#f3f0e6", "#5a4a1a")
    return (f'<table width="100%" cellpadding="8" cellspacing="0" style="margin-top:6px; margin-bottom:6px"'
            f' bgcolor="{background}"><tr><td><p style="color:{accent}; font-weight:600">Official wording '
            f"(your copy: {html.escape(source)})</p><p>{html.escape(wording)}</p></td></tr></table>")


def edition_name(editions: Editions, edition: str) -> str:
    """The name the edition selector shows (the current code is not in ``editions``)."""
    if edition == CURRENT:
        return "2017 Laws (current)"
    found = editions.editions.get(edition)
    return found.name if found else edition
