"""Full-text search over laws, annotations, glossary and cases (SQLite FTS5).

The index lives in an in-memory SQLite database built at start-up: the whole
library is a few hundred kilobytes of text, so building takes milliseconds and
there is no index file to keep in step with ``content/``. Ranking is BM25 with
titles weighted above bodies; a query that is itself a law reference puts that
section first.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass

from app.content.laws.editions import Editions, edition_of_words
from app.content.laws.glossary import Glossary
from app.content.laws.law_book import LawBook
from app.content.laws.refs import RefError, parse_ref

HIGHLIGHT_START = "\x02"
HIGHLIGHT_END = "\x03"
_WORD = re.compile(r"\w+", re.UNICODE)


@dataclass(frozen=True)
class Document:
    """Something the index can find: a law section, a glossary term or a case."""

    kind: str  # "law", "glossary", "case", "edition" (a note on another code) or "official" (imported wording)
    key: str  # the section reference, the term, the case id, or edition/ref
    title: str
    body: str
    edition: str = ""  # the code a law text or note belongs to; empty for what belongs to none


@dataclass(frozen=True)
class Hit:
    """One search result; ``snippet`` marks matched words with HIGHLIGHT_START/END."""

    kind: str
    key: str
    title: str
    snippet: str
    rank: float
    edition: str = ""


def law_documents(book: LawBook) -> Iterable[Document]:
    for section in book.walk():
        notes = "\n\n".join(f"{n.kind} {n.title}\n{n.body}" for n in section.annotations)
        yield Document("law", section.key, section.heading(), f"{section.summary}\n\n{notes}".strip(), book.edition)


def edition_documents(editions: Editions) -> Iterable[Document]:
    for note in editions.notes:
        short = editions.editions[note.edition].short
        yield Document("edition", note.key, f"{short}: {note.heading()}", note.text, note.edition)


def glossary_documents(glossary: Glossary) -> Iterable[Document]:
    for entry in glossary.entries:
        yield Document("glossary", entry.term, entry.term, f"{' '.join(entry.aliases)}\n{entry.definition}")


class SearchIndex:
    """An FTS5 index with a query method that answers in a few milliseconds."""

    def __init__(self, documents: Iterable[Document], book: LawBook | None = None,
                 editions: Editions | None = None) -> None:
        self._book = book
        self._editions = editions
        self._db = sqlite3.connect(":memory:", check_same_thread=False)
        self._db.execute(
            "CREATE VIRTUAL TABLE docs USING fts5(kind UNINDEXED, key UNINDEXED, edition UNINDEXED, title, body,"
            " tokenize='porter unicode61 remove_diacritics 2')"
        )
        self._db.executemany(
            "INSERT INTO docs(kind, key, edition, title, body) VALUES (?, ?, ?, ?, ?)",
            ((d.kind, d.key, d.edition, d.title, d.body) for d in documents),
        )
        self._db.commit()

    def __len__(self) -> int:
        return int(self._db.execute("SELECT count(*) FROM docs").fetchone()[0])

    def query(self, text: str, limit: int = 50, kinds: tuple[str, ...] = (), edition: str | None = None) -> list[Hit]:
        """Ranked hits for what the user typed. The last word matches as a prefix so
        results appear while typing; a typed law reference comes first. ``edition``
        keeps only the texts of one code (``wbf-2017``, ``wbf-2007``, ...); a query that
        starts with an edition word (``2007 27B``, ``ibl L12``) jumps into that code."""
        hits: list[Hit] = []
        exact = self._reference_hit(text)
        if exact is not None and (not kinds or exact.kind in kinds) and (edition is None or exact.edition == edition):
            hits.append(exact)
        match = _fts_query(text)
        if not match:
            return hits
        sql = (
            "SELECT kind, key, edition, title,"
            f" snippet(docs, 4, '{HIGHLIGHT_START}', '{HIGHLIGHT_END}', ' … ', 24),"
            " bm25(docs, 0, 0, 0, 8.0, 1.0) AS rank FROM docs WHERE docs MATCH ?"
        )
        params: list[object] = [match]
        if kinds:
            sql += f" AND kind IN ({','.join('?' * len(kinds))})"
            params.extend(kinds)
        if edition is not None:
            sql += " AND edition = ?"
            params.append(edition)
        sql += " ORDER BY rank LIMIT ?"
        params.append(limit)
        for kind, key, doc_edition, title, snippet, rank in self._db.execute(sql, params):
            if exact is not None and kind == exact.kind and key == exact.key:
                continue
            hits.append(Hit(kind, key, title, snippet, rank, doc_edition))
        return hits[:limit]

    def _reference_hit(self, text: str) -> Hit | None:
        edition, rest = edition_of_words(text)
        if edition is not None and edition != getattr(self._book, "edition", None):
            if self._editions is None or edition not in self._editions.editions or not rest:
                return None
            note = self._editions.find(edition, rest)
            if note is None:
                return None
            title = f"{self._editions.editions[edition].short}: {note.heading()}"
            return Hit("edition", note.key, title, note.text[:200], float("-inf"), edition)
        if self._book is None:
            return None
        try:
            ref = parse_ref(rest)
        except RefError:
            return None
        section = self._book.resolve(ref)
        if section is None:
            return None
        return Hit("law", section.key, section.heading(), section.summary[:200], float("-inf"), self._book.edition)


def _fts_query(text: str) -> str:
    """Turn free text into a safe FTS5 query: every word must appear, the last as a prefix.

    Quoting each word keeps FTS5 operators (AND, NEAR, quotes, parentheses) typed by
    a user from being read as syntax.
    """
    words = _WORD.findall(text)
    if not words:
        return ""
    quoted = [f'"{w}"' for w in words[:-1]]
    quoted.append(f'"{words[-1]}"*')
    return " ".join(quoted)
