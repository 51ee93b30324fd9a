"""What a running exam seals, and why: the one place that decides it.

An exam's marks mean something only if nothing in the application could have shown or
worked out an answer while it ran. The window tags each of its actions with what it
would show (a ``Sealed`` kind) and applies ``sealed_by(exam)`` to them when an exam
starts and ends; nowhere else asks whether an exam is running.

The calculators are sealed in an open-book paper too. An open-book accreditation paper
lets the candidate bring the law book, and the law library stays open: its Law 77
scoring table and Law 78 IMP scale are what the candidate works a score from. A
calculator that turns a contract and result into the score, or a revoke into the
tricks transferred, answers the question itself; no exam room provides one. The
quick-reference card is sealed in every paper for the same reason: it is a crib of the
rulings a paper asks for, line by line, not the law book.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum

from app.training.attempt import Attempt
from app.training.exam import Exam


class Sealed(Enum):
    """Something a running exam keeps from the candidate; the value is what the window says
    when it is asked for."""

    CASE_FILES = "The case editor and case files are not available during an exam: they hold the answers."
    PRESENTER = "Presenting is not available during an exam: it shows the answers."
    CALCULATORS = ("The calculators are not available during an exam: they work out the answers to the "
                   "number questions.")
    DOUBLE_DUMMY = ("Double-dummy analysis is not available during an exam: it gives the tricks claim and "
                    "adjusted-score questions ask for.")
    CASE_LAWS = ("The laws each case rests on are not available during an exam: they would say which law "
                 "the paper's cases turn on.")
    QUICK_REFERENCE = ("The quick-reference card is not available during an exam: it lists the rulings "
                       "the paper asks for.")
    OTHER_WORK = "Another case, session or exam is not available during an exam: hand it in first."
    PROFILES = "Changing profile is not available during an exam: hand it in first."
    LAW_LIBRARY = "The law library is not available during a closed-book exam."

    @property
    def message(self) -> str:
        return self.value


EVERY_EXAM = frozenset(Sealed) - {Sealed.LAW_LIBRARY}


def sealed_by(exam: Exam | None) -> frozenset[Sealed]:
    """What is sealed while ``exam`` runs: nothing once it is handed in (or with none), the law
    library as well in a closed-book paper."""
    if exam is None or exam.is_finished:
        return frozenset()
    return EVERY_EXAM if exam.profile.open_book else frozenset(Sealed)


def editing_gives_answers_away(on_screen: Attempt, last_results: Mapping[str, float]) -> bool:
    """Whether opening the case on screen in the editor would show answers the trainee has not yet
    earned: its attempt there is unfinished, or the case has never been finished before."""
    return not on_screen.is_finished or on_screen.case.id not in last_results
