"""Full-text search over laws, annotations, glossary and cases (SQLite FTS5).

The index lives in an in-memory SQLite database built at first use: the whole
library is a few hundred kilobytes of text, so building takes milliseconds and
there is no index file to keep in step with ``content/``.

Ranking, best first:

1. a query that is itself a law reference: that section;
2. the laws the query names: the shallowest 2017 sections whose title holds every word, in the
   law book's order ("penalty card" → Law 50, "revoke" → Laws 61–64), so a law's own section
   comes before a one-line cross-reference that happens to use the words more densely; when no
   title holds them, the laws the glossary lists for the term the query is ("hesitation" → 16B1);
3. everything else by BM25, a title weighing most, then a glossary term's word forms, then a
   section's summary, then its annotations; with the 2017 code chosen, another code's notes
   count for less than the 2017 text.

Snippets are plain text: the Markdown marks the content is written in are taken out, and only
the query's own words are marked (never a common word such as "is", never part of a word).
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
from app.content.laws.search_words import STOP_WORDS, QueryWords, Vocabulary

HIGHLIGHT_START = "\x02"
HIGHLIGHT_END = "\x03"
SNIPPET_TOKENS = 24
# BM25 weight of each indexed column: title, word forms (a glossary term's aliases), body, notes.
COLUMN_WEIGHTS = (10.0, 6.0, 3.0, 1.0)
# With every code searched, a note on another code counts for this share of its BM25 score.
OTHER_CODE_WEIGHT = 0.4
_COLUMNS = ("title", "terms", "body", "notes")
_BODY, _NOTES = 5, 6  # column numbers for snippet(): kind, key, edition come first
_MARKED = re.compile(f"{HIGHLIGHT_START}(.*?){HIGHLIGHT_END}", re.DOTALL)


@dataclass(frozen=True)
class Document:
    """Something the index can find: a law section, a glossary term, a case, a note or imported wording.

    ``body`` is what a hit's snippet is cut from first (a section's summary, a definition); ``notes``
    is commentary that counts for less (a section's annotations); ``terms`` are word forms that
    find the document without being shown (a glossary term's aliases)."""

    kind: str  # "law", "glossary", "case", "edition" (a note on another code) or "official" (imported wording)
    key: str  # the section reference, the term, the case id, or edition/ref
    title: str
    body: str
    edition: str = ""  # the code a law text or note belongs to; empty for what belongs to none
    notes: str = ""
    terms: str = ""


@dataclass(frozen=True)
class Hit:
    """One search result; ``snippet`` is plain text marking matched words with HIGHLIGHT_START/END."""

    kind: str
    key: str
    title: str
    snippet: str
    rank: float
    edition: str = ""


def law_documents(book: LawBook) -> Iterable[Document]:
    for section in book.walk():
        notes = "\n\n".join(f"{n.kind} {n.title}\n{n.body}" for n in section.annotations)
        yield Document("law", section.key, section.heading(), section.summary, book.edition, notes=notes)


def edition_documents(editions: Editions) -> Iterable[Document]:
    for note in editions.notes:
        short = editions.editions[note.edition].short
        yield Document("edition", note.key, f"{short}: {note.heading()}", note.text, note.edition)


def glossary_documents(glossary: Glossary) -> Iterable[Document]:
    for entry in glossary.entries:
        yield Document("glossary", entry.term, entry.term, entry.definition, terms=" ".join(entry.aliases))


class SearchIndex:
    """An FTS5 index with a query method that answers in a few milliseconds."""

    def __init__(self, documents: Iterable[Document], book: LawBook | None = None,
                 editions: Editions | None = None, glossary: Glossary | None = None) -> None:
        self._book = book
        self._editions = editions
        # The glossary's terms and word forms by their words, with the sections each term points to.
        self._term_laws = {
            tuple(QueryWords.parse(form + " ").words): [ref.key for ref in entry.laws]
            for entry in (glossary.entries if glossary is not None else ()) for form in entry.forms()
        }
        # Where each section stands in the law book, for the laws a query names.
        self._order = {s.key: (s.ref.depth, n) for n, s in enumerate(book.walk())} if book is not None else {}
        docs = list(documents)
        self._texts = [text for d in docs for text in (d.title, d.terms, d.body, d.notes)]
        self._vocabulary: Vocabulary | None = None
        self._db = sqlite3.connect(":memory:", check_same_thread=False)
        tokenizer = "tokenize='porter unicode61 remove_diacritics 2'"
        self._db.execute(f"CREATE VIRTUAL TABLE docs USING fts5(kind UNINDEXED, key UNINDEXED, edition UNINDEXED,"
                         f" {', '.join(_COLUMNS)}, {tokenizer})")
        # One row at a time, tokenized as the index is: what marks a page's words (see ``marks``).
        self._db.execute(f"CREATE VIRTUAL TABLE page USING fts5(text, {tokenizer})")
        self._db.executemany(
            "INSERT INTO docs(kind, key, edition, title, terms, body, notes) VALUES (?, ?, ?, ?, ?, ?, ?)",
            ((d.kind, d.key, d.edition, d.title, d.terms, d.body, d.notes) for d in docs),
        )
        self._db.commit()

    def __len__(self) -> int:
        return int(self._db.execute("SELECT count(*) FROM docs").fetchone()[0])

    def query(self, text: str, limit: int = 50, kinds: tuple[str, ...] = (), edition: str | None = None) -> list[Hit]:
        """Ranked hits for what the user typed (see the module's docstring for the order). The last
        word matches as a prefix so results appear while typing; common words are left out.
        ``edition`` keeps only the texts of one code (``wbf-2017``, ``wbf-2007``, ...); a query that
        starts with an edition word (``2007 27B``, ``ibl L12``) jumps into that code."""
        hits: list[Hit] = []
        exact = self._reference_hit(text)
        if exact is not None and (not kinds or exact.kind in kinds) and (edition is None or exact.edition == edition):
            hits.append(exact)
        words = QueryWords.parse(text)
        if not words:
            return hits
        named = self._named_sections(words) if self._covers_laws(kinds, edition) else []
        named_order = " ".join(f"WHEN ? THEN {n}" for n in range(len(named)))
        sql = (
            "SELECT kind, key, edition, title,"
            f" snippet(docs, {_BODY}, '{HIGHLIGHT_START}', '{HIGHLIGHT_END}', ' … ', {SNIPPET_TOKENS}),"
            f" snippet(docs, {_NOTES}, '{HIGHLIGHT_START}', '{HIGHLIGHT_END}', ' … ', {SNIPPET_TOKENS}),"
            f" bm25(docs, 0, 0, 0, {', '.join(map(str, COLUMN_WEIGHTS))})"
            f"  * (CASE WHEN kind = 'edition' AND ? THEN {OTHER_CODE_WEIGHT} ELSE 1.0 END) AS rank,"
            + (f" CASE WHEN kind = 'law' AND edition = ? THEN CASE key {named_order} ELSE {len(named)} END"
               f" ELSE {len(named)} END AS named" if named else " 0 AS named")
            + " FROM docs WHERE docs MATCH ?"
        )
        params: list[object] = [edition is None]
        if named:
            params.append(self._book.edition if self._book is not None else "")
            params.extend(named)
        params.append(words.match())
        if kinds:
            sql += f" AND kind IN ({','.join('?' * len(kinds))})"
            params.extend(kinds)
        if edition is not None:
            sql += " AND edition = ?"
            params.append(edition)
        sql += " ORDER BY named, rank LIMIT ?"
        params.append(limit)
        found: list[Hit] = []
        for kind, key, doc_edition, title, body, notes, rank, _named in self._db.execute(sql, params):
            snippet = body if HIGHLIGHT_START in body or not notes else notes
            found.append(Hit(kind, key, title, plain_snippet(snippet), rank, doc_edition))
        hits.extend(h for h in self._with_unmatched(named, found)
                    if exact is None or (h.kind, h.key) != (exact.kind, exact.key))
        return hits[:limit]

    def _with_unmatched(self, named: list[str], found: list[Hit]) -> list[Hit]:
        """The hits with any named section that does not hold the words put in its place: a glossary
        term's laws ("huddle" names 16B1 through the term Hesitation) need not use the word."""
        matched = {h.key for h in found if h.kind == "law"}
        missing = [(place, key) for place, key in enumerate(named) if key not in matched]
        for place, key in missing:
            section = self._book.get(key) if self._book is not None else None
            if section is not None:
                found.insert(place, Hit("law", section.key, section.heading(), plain_snippet(section.summary[:200]),
                                        0.0, self._book.edition if self._book is not None else ""))
        return found

    @property
    def vocabulary(self) -> Vocabulary:
        """The library's words, counted when a suggestion is first needed rather than with the index."""
        if self._vocabulary is None:
            self._vocabulary = Vocabulary(self._texts)
            self._texts = []
        return self._vocabulary

    def suggest(self, text: str) -> str | None:
        """The query with each word the library does not hold replaced by the library's nearest word
        ("penalti crad" → "penalty card"), or None when every word is found or none has a near word."""
        words = QueryWords.parse(text)
        if not words:
            return None
        replaced: dict[str, str] = {}
        for n, word in enumerate(words.words):
            last = n == len(words.words) - 1
            if self._holds(word, prefix=last and words.prefix):
                continue
            nearest = self.vocabulary.closest(word)
            if nearest is not None and nearest != word:
                replaced[word] = nearest
        if not replaced:
            return None
        return re.sub(r"\w+", lambda m: replaced.get(m.group(0).lower(), m.group(0)), text.strip())

    def marks(self, text: str, query: str) -> list[tuple[int, int]]:
        """Where the query's words occur in a page's text, as (start, end) character offsets: whole
        words only, matched as the index matches them (so "revoke" marks "revoked" too, "is" nothing)."""
        words = QueryWords.parse(query)
        if not words or not text:
            return []
        with self._db:
            self._db.execute("DELETE FROM page")
            self._db.execute("INSERT INTO page(text) VALUES (?)", (text,))
            row = self._db.execute(f"SELECT highlight(page, 0, '{HIGHLIGHT_START}', '{HIGHLIGHT_END}') FROM page"
                                   " WHERE page MATCH ?", (words.match_any(),)).fetchone()
            self._db.execute("DELETE FROM page")
        return _spans(row[0]) if row else []

    def _holds(self, word: str, prefix: bool) -> bool:
        """Whether any document has the word (or, while it is being typed, a word starting with it)."""
        phrase = f'"{word}"' + ("*" if prefix else "")
        return self._db.execute("SELECT 1 FROM docs WHERE docs MATCH ? LIMIT 1", (phrase,)).fetchone() is not None

    def _covers_laws(self, kinds: tuple[str, ...], edition: str | None) -> bool:
        return self._book is not None and (not kinds or "law" in kinds) and edition in (None, self._book.edition)

    def _named_sections(self, words: QueryWords) -> list[str]:
        """The laws a query names: of the sections whose title holds every word, the shallowest (a
        whole law before its subsections), in the law book's order; failing those, the sections the
        glossary lists for a term (or word form) that is the query, in the glossary's order."""
        assert self._book is not None
        rows = self._db.execute("SELECT key FROM docs WHERE docs MATCH ? AND kind = 'law' AND edition = ?",
                                (words.match_in("title"), self._book.edition)).fetchall()
        places = sorted(self._order[key] + (key,) for (key,) in rows if key in self._order)
        if places:
            return [key for depth, _n, key in places if depth == places[0][0]]
        return [key for key in self._term_laws.get(words.words, []) if key in self._order]

    def _reference_hit(self, text: str) -> Hit | None:
        edition, rest = edition_of_words(text)
        if edition is not None and edition != getattr(self._book, "edition", None):
            if self._editions is None or edition not in self._editions.editions or not rest:
                return None
            note = self._editions.find(edition, rest)
            if note is None:
                return None
            title = f"{self._editions.editions[edition].short}: {note.heading()}"
            return Hit("edition", note.key, title, plain_snippet(note.text[:200]), float("-inf"), edition)
        if self._book is None:
            return None
        try:
            ref = parse_ref(rest)
        except RefError:
            return None
        section = self._book.resolve(ref)
        if section is None:
            return None
        return Hit("law", section.key, section.heading(), plain_snippet(section.summary[:200]), float("-inf"),
                   self._book.edition)


# Markdown the content is written in, as it can appear in a cut-out piece of text: emphasis and code
# marks (a piece may hold one half of a pair), link targets, and the marks that open a heading, a
# quotation, a list item or a table row, and a table's rule line.
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_EMPHASIS = re.compile(r"\*+|`+|(?<!\w)_+|_+(?!\w)")
_LINE_MARK = re.compile(r"^[ \t]*(?:#+|>+|[-+]|\d+[.)])[ \t]+", re.MULTILINE)
_TABLE_RULE = re.compile(r"^[ \t|:-]*-{3,}[ \t|:-]*$", re.MULTILINE)
_CELL = re.compile(r"[ \t]*\|[ \t]*")
_CELLS = re.compile(r"·(?:\s*·)+")  # row ends and empty cells: one separator


def plain_snippet(text: str) -> str:
    """A piece of the library's Markdown as the words a reader sees, on one line, keeping the marks
    around matched words but dropping those around common words (only the query's words are marked)."""
    text = _LINK.sub(r"\1", text)
    text = _TABLE_RULE.sub(" ", text)
    text = _LINE_MARK.sub("", text)
    text = _EMPHASIS.sub("", text)
    text = _CELL.sub(" · ", text)
    text = _MARKED.sub(lambda m: m.group(1) if m.group(1).lower() in STOP_WORDS else m.group(0), text)
    return _CELLS.sub("·", " ".join(text.split())).strip(" ·")


def _spans(marked: str) -> list[tuple[int, int]]:
    """Offsets of the marked words in the text the marks were put into (the marks taken out)."""
    spans: list[tuple[int, int]] = []
    removed = 0
    for match in _MARKED.finditer(marked):
        start = match.start() - removed
        end = start + len(match.group(1))
        removed += 2
        if match.group(1).lower() not in STOP_WORDS:
            spans.append((start, end))
    return spans
