"""Every question of a 2017 case gives its mark a law to open.

Once a question is marked, the case screen opens beside it the law that ``cited_law`` finds in
the question's explanations. A question that cites no law leaves the trainee with a mark and
nothing to read it against, so a new case has to name the law each of its answers rests on.
Cases under an older code cite their laws with the year ("the 2007 Law 31B"), which the 2017
reference finder leaves alone on purpose, so only 2017 cases are held to this.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from app.content.library import CURRENT_EDITION, Library, load_library
from app.training.feedback import cited_law

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def library() -> Library:
    return load_library(ROOT / "content")


def test_every_question_of_a_2017_case_cites_a_law_its_mark_can_open(library: Library) -> None:
    checked = 0
    missing: list[str] = []
    dead: list[str] = []
    for case in library.cases:
        if case.edition != CURRENT_EDITION:
            continue
        for question in case.questions:
            checked += 1
            ref = cited_law(question)
            where = f"{case.path.name}, question {question.id!r}"
            if ref is None:
                missing.append(where)
            elif library.book.resolve(ref) is None:
                dead.append(f"{where}: Law {ref} is not in the law library")
    assert checked > 300, f"only {checked} questions found; is the library loading?"
    assert not missing, (
        "these questions cite no law, so their mark has none to open; add the law the answer "
        "rests on to the question's why (number/order) or the right choice's why:\n  "
        + "\n  ".join(missing))
    assert not dead, "\n".join(dead)
