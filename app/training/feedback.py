"""What the trainee is shown about one question, beyond its mark: the order its items start
in, how each ticked or unticked choice fared, the model answer as a list, and the law the
question rests on.

Kept out of the GUI so the rule "nothing points to the answer before it is marked" is
decided, and tested, in one place.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from app.content.laws.refs import LawRef, find_refs
from app.training.marking import correct_answer

if TYPE_CHECKING:
    from app.content.cases.model import Question


def start_order(question: Question, seed: int) -> tuple[int, ...]:
    """The items' indexes in the order an order question first shows them: shuffled by
    ``seed`` (one per attempt, so the order stays put while the trainee works), and never
    the correct order nor its reverse, which would score full marks or nothing untouched.
    With fewer than three items there is no such order; the items then start reversed."""
    count = len(question.items)
    correct = tuple(range(count))
    if count < 3:
        return correct[::-1]
    rng = random.Random(f"{seed}:{question.id}")
    order = list(correct)
    while tuple(order) in (correct, correct[::-1]):
        rng.shuffle(order)
    return tuple(order)


def letter(place: int) -> str:
    """The letter a choice or item shown at ``place`` (from 0) goes by in a room: A, B, C…"""
    return chr(ord("A") + place)


def choice_order(question: Question, seed: int) -> tuple[int, ...]:
    """The choices' indexes in the order a single- or several-choice question shows them:
    shuffled by ``seed`` (one per attempt or presentation, so the order stays put when the
    question is shown again, resumed or reported), so that nothing about a choice's place —
    first, last, the one written first in the case file — says whether it is right. A choice
    is known everywhere else by its index in the case file, never by where it was shown."""
    order = list(range(len(question.choices)))
    random.Random(f"{seed}:{question.id}:choices").shuffle(order)
    return tuple(order)


class ChoiceVerdict(Enum):
    """How the trainee fared on one choice of a several-choice question."""

    TICKED_RIGHT = "ticked, and it applies"
    TICKED_WRONG = "ticked, but it does not apply"
    MISSED = "missed: it applies"
    LEFT_RIGHT = "left unticked, rightly"

    @property
    def is_right(self) -> bool:
        return self in (ChoiceVerdict.TICKED_RIGHT, ChoiceVerdict.LEFT_RIGHT)


def choice_verdicts(question: Question, ticked: frozenset[int]) -> list[ChoiceVerdict]:
    """One verdict per choice of a ``multi`` question, in the choices' order."""
    verdicts = []
    for index, choice in enumerate(question.choices):
        if index in ticked:
            verdicts.append(ChoiceVerdict.TICKED_RIGHT if choice.correct else ChoiceVerdict.TICKED_WRONG)
        else:
            verdicts.append(ChoiceVerdict.MISSED if choice.correct else ChoiceVerdict.LEFT_RIGHT)
    return verdicts


@dataclass(frozen=True)
class SeveralChoiceTally:
    """How a several-choice mark was reached: right choices ticked of those that apply, wrong
    ones ticked of those that do not (``app.training.marking``: the first share less the second)."""

    right_ticked: int
    right: int
    wrong_ticked: int
    wrong: int

    @property
    def gained(self) -> float:
        return self.right_ticked / self.right if self.right else 1.0

    @property
    def lost(self) -> float:
        return self.wrong_ticked / self.wrong if self.wrong else 0.0

    def sentence(self) -> str:
        """The sum in words, e.g. 'You ticked 1 of the 2 choices that apply (+0.5) and 1 of the 2
        that do not (−0.5): 0.5 − 0.5 = 0, so the answer earns 0% of the question's points.'"""
        result = max(0.0, self.gained - self.lost)
        floor = " (a mark is never below 0)" if self.gained - self.lost < 0 else ""
        return (f"You ticked {self.right_ticked} of the {self.right} choice{'s' if self.right != 1 else ''} that "
                f"appl{'y' if self.right != 1 else 'ies'} (+{self.gained:.2g}) and {self.wrong_ticked} of the "
                f"{self.wrong} that do{'' if self.wrong != 1 else 'es'} not (−{self.lost:.2g}): "
                f"{self.gained:.2g} − {self.lost:.2g} = {result:.2g}, so the answer earns {result:.0%} of the "
                f"question's points{floor}.")


def several_choice_tally(question: Question, ticked: frozenset[int]) -> SeveralChoiceTally:
    right = [i for i, choice in enumerate(question.choices) if choice.correct]
    wrong = [i for i, choice in enumerate(question.choices) if not choice.correct]
    return SeveralChoiceTally(sum(i in ticked for i in right), len(right), sum(i in ticked for i in wrong), len(wrong))


def model_answer_items(question: Question) -> list[str]:
    """The model answer as separate items: the right choices of a ``multi`` question, the
    items of an ``order`` question in order; one item for every other kind."""
    if question.kind == "multi":
        return [c.text for c in question.choices if c.correct]
    if question.kind == "order":
        return list(question.items)
    return [correct_answer(question)]


def cited_law(question: Question) -> LawRef | None:
    """The law a question rests on, opened beside it once it is marked: the answer of a ``law``
    question, else the first reference in the question's own explanation, then in the right
    choices' and then in any choice's explanation. Whatever the trainee answered, it is the same
    law — so a wrong choice's explanation never opens a section that a later question asks for.
    None when none of them cites a law."""
    if question.kind == "law" and isinstance(question.answer, LawRef):
        return question.answer
    texts = [question.why]
    texts += [c.why for c in question.choices if c.correct]
    texts += [c.why for c in question.choices]
    for text in texts:
        for span in find_refs(text):
            if span.refs:
                return span.refs[0]
    return None
