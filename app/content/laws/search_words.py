"""What a typed search means: its words without the common ones, the FTS5 expressions built from
them, and "did you mean" spellings drawn from the library's own vocabulary.

Kept apart from ``search`` (the index and the ranking) because these rules are about the words a
user types, and the same rules decide what is matched, what is ranked, what is marked in a
snippet and what is marked on the page.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

WORD = re.compile(r"\w+", re.UNICODE)

# Words too common to search for: matched, they would find every page; marked, they would light up
# every line. Modal verbs (may, must, shall, should) and "no", "not", "out", "over", "before", "after"
# are not here: in law text they change the meaning ("lead out of turn", "may" against "must").
STOP_WORDS = frozenset("""
a an the and or but nor if so as at by for from in into of on onto to with than then
is are was were be been being am do does did has have had having
it its this that these those there here he him his she her hers they them their theirs we us our
you your i me my which who whom whose what when where why how
""".split())

# Words shorter than this are not offered as suggestions.
MIN_WORD = 3
# How many slips a suggestion may mend: a letter wrong, missing, extra, or two letters swapped each
# count one. Short words get one, or almost any short word would be "near".
MAX_EDITS_SHORT, MAX_EDITS = 1, 2
SHORT_WORD = 5


def is_stop_word(word: str) -> bool:
    return word.lower() in STOP_WORDS


@dataclass(frozen=True)
class QueryWords:
    """The meaningful words of a query, lower-cased, and whether the last is still being typed."""

    words: tuple[str, ...]
    prefix: bool

    @classmethod
    def parse(cls, text: str) -> QueryWords:
        """Split what the user typed. The last word matches as a prefix (results appear while typing)
        unless a space follows it."""
        words = [w.lower() for w in WORD.findall(text) if not is_stop_word(w)]
        return cls(tuple(words), bool(words) and not text[-1:].isspace())

    def __bool__(self) -> bool:
        return bool(self.words)

    def _phrases(self) -> list[str]:
        """Each word quoted, so FTS5 operators typed by a user (AND, NEAR, quotes) are words, not syntax."""
        phrases = [f'"{w}"' for w in self.words]
        if self.prefix:
            phrases[-1] += "*"
        return phrases

    def match(self) -> str:
        """Every word must appear (the last as a prefix while typing)."""
        return " ".join(self._phrases())

    def match_any(self) -> str:
        """Any of the words: what is marked on a page that holds only some of them."""
        return " OR ".join(self._phrases())

    def match_in(self, column: str) -> str:
        """Every word must appear in one column (a title that names the query)."""
        return " AND ".join(f"{column} : {phrase}" for phrase in self._phrases())


class Vocabulary:
    """Every word of the library with how often it occurs, for "did you mean" suggestions."""

    def __init__(self, texts: Iterable[str]) -> None:
        counts = Counter(WORD.findall("\n".join(texts).lower()))  # one pass in C over the whole library
        self.counts = {w: n for w, n in counts.items() if len(w) >= MIN_WORD and w.isalpha() and w not in STOP_WORDS}
        self._words = list(self.counts)

    def __contains__(self, word: object) -> bool:
        return word in self.counts

    def closest(self, word: str) -> str | None:
        """The library's word fewest slips away from a misspelt one (RapidFuzz's optimal string
        alignment distance: a letter wrong, missing or extra, or two letters swapped, is one slip);
        among equally near words the more frequent. None when no word is near enough."""
        from rapidfuzz import process
        from rapidfuzz.distance import OSA

        word = word.lower()
        limit = MAX_EDITS_SHORT if len(word) < SHORT_WORD else MAX_EDITS
        near = process.extract(word, self._words, scorer=OSA.distance, score_cutoff=limit, limit=None)
        if not near:
            return None
        best, _slips, _index = min(near, key=lambda found: (found[1], -self.counts[found[0]]))
        return str(best)
