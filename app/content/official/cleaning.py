"""Tidying an extracted law book: page numbers and running headers out, lost ligatures and split words mended.

A step of the import of the official wording (``official``): a real PDF
extraction is untidy in ways that would stop the law headings and section
markers from being found, so the text is cleaned before it is split.
"""

from __future__ import annotations

import re
from collections import Counter

from app.content.laws.law_book import LawBook
from app.content.official.text import LANGUAGES

# --- cleaning ------------------------------------------------------------------------

_PAGE_NUMBER = re.compile(r"^\s*(?:page\s+)?[-–—]?\s*\d{1,3}\s*[-–—]?\s*$", re.IGNORECASE)
_FOOTNOTE = re.compile(r"\b([A-Za-z]{2,}[a-z])(\d{1,2})(?=[\s.,;:)]|$)")
_LIGATURES = ("ffi", "ffl", "ff", "fi", "fl")
_WORDS = re.compile(r"[A-Za-z]+")


def clean_lines(text: str) -> list[str]:
    """Lines with page numbers and repeated running headers removed; form feeds become breaks."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\f", "\n")
    lines = [" ".join(line.split()) for line in text.split("\n")]
    counts = Counter(line for line in lines if line)
    kept = []
    for line in lines:
        if _PAGE_NUMBER.match(line) and line:
            continue
        # a short line printed on many pages is a running header or footer, not law text
        if line and counts[line] >= 5 and len(line) < 60 and not _looks_like_heading(line):
            continue
        kept.append(line)
    return kept


def _looks_like_heading(line: str) -> bool:
    return any(re.match(rf"^{word}\s+\d", line) for lang in LANGUAGES for word in lang.law_words)


def repair_words(text: str, vocabulary: set[str]) -> str:
    """Put back ligatures lost in extraction and drop footnote numbers glued to words."""
    text = _FOOTNOTE.sub(lambda m: m.group(1) if m.group(1).lower() in vocabulary else m.group(0), text)

    text = _join_split_words(text, vocabulary)

    def mend(match: re.Match[str]) -> str:
        word = match.group(0)
        if word.lower() in vocabulary or len(word) < 3:
            return word
        for i in range(1, len(word)):
            for ligature in _LIGATURES:
                candidate = word[:i] + ligature + word[i:]
                if candidate.lower() in vocabulary:
                    return candidate
        return word

    return _WORDS.sub(mend, text)


def _join_split_words(text: str, vocabulary: set[str]) -> str:
    """``Insu cient`` → ``Insufficient``: two fragments that make a known word with a ligature between."""
    parts = re.split(r"( )", text)
    out: list[str] = []
    index = 0
    while index < len(parts):
        left = parts[index]
        if index + 2 < len(parts) and left.isalpha() and parts[index + 2].isalpha():
            right = parts[index + 2]
            joined = _with_ligature(left, right, vocabulary)
            if joined is not None:
                out.append(joined)
                index += 3
                continue
        out.append(left)
        index += 1
    return "".join(out)


def _with_ligature(left: str, right: str, vocabulary: set[str]) -> str | None:
    if left.lower() in vocabulary and right.lower() in vocabulary:
        return None
    for ligature in _LIGATURES:
        whole = left + ligature + right
        if whole.lower() in vocabulary:
            return whole
    return None


def vocabulary_of(book: LawBook) -> set[str]:
    """Every word of the library's own text: enough to recognise a word a ligature was lost from."""
    words: set[str] = set()
    for section in book.walk():
        words.update(w.lower() for w in _WORDS.findall(section.title + " " + section.summary))
        for note in section.annotations:
            words.update(w.lower() for w in _WORDS.findall(note.body))
    return words
