"""Which cases a practice session or an exam may draw on: topic, law, difficulty, edition."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from app.content.laws.refs import LawRef

if TYPE_CHECKING:
    from app.content.cases.model import Case

LOWEST_DIFFICULTY = 1
HIGHEST_DIFFICULTY = 5


def cites(case: Case, ref: LawRef) -> bool:
    """Whether the case turns on this law or section, or on a section inside it.

    Asking for Law 27 finds a case citing 27B1(a); asking for 27B1(a) does not find a
    case that only cites the whole of Law 27, which is too broad to say it turns on it.
    """
    return any(cited == ref or ref in cited.ancestors() for cited in case.laws)


@dataclass(frozen=True)
class CaseFilter:
    """A choice of cases; every criterion left at its default lets every case through.

    ``topics`` matches a case carrying any of them.
    """

    topics: frozenset[str] = frozenset()
    law: LawRef | None = None
    min_difficulty: int = LOWEST_DIFFICULTY
    max_difficulty: int = HIGHEST_DIFFICULTY
    edition: str | None = None

    def matches(self, case: Case) -> bool:
        return (
            (not self.topics or not self.topics.isdisjoint(case.topics))
            and (self.law is None or cites(case, self.law))
            and self.min_difficulty <= case.difficulty <= self.max_difficulty
            and (self.edition is None or case.edition == self.edition)
        )

    def apply(self, cases: Iterable[Case]) -> list[Case]:
        return [case for case in cases if self.matches(case)]
