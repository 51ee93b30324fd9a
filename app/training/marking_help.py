"""Help › How answers are marked: the rule for each kind of question, each with an example worked
out by the marker itself (``app.training.marking.mark``), so the page and the marks cannot disagree.

The rules are the ones ``app.training.marking`` states in its docstring and the README lists under
"How answers are marked"; a test holds the three together.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.content.cases.model import Choice, Question
from app.content.laws.refs import parse_ref
from app.training.feedback import several_choice_tally
from app.training.marking import LAW_PART_MARK, Answer, mark


@dataclass(frozen=True)
class MarkingRule:
    kind: str  # as the trainee knows it: "One choice", "Several choices", …
    rule: str
    example: str  # a worked example, its figures from the marker


def _points(question: Question, answer: Answer) -> str:
    result = mark(question, answer)
    return f"{result.points:g} of {result.max_points:g} ({result.verdict.lower()})"


def marking_rules() -> list[MarkingRule]:
    """Every kind of question, its rule and a worked example."""
    single = Question("single", "single", "", 0, (Choice("A"), Choice("B", correct=True), Choice("C")))
    several = Question("multi", "multi", "", 0, (Choice("A", correct=True), Choice("B", correct=True), Choice("C"),
                                                 Choice("D")))
    ticked = frozenset({0, 2})  # one that applies and one that does not
    number = Question("number", "number", "", 0, answer=3, tolerance=0)
    law = Question("law", "law", "", 0, answer=parse_ref("20F5(b)(i)"))
    order = Question("order", "order", "", 0, items=("first", "second", "third"))
    return [
        MarkingRule("One choice", "All or nothing: the right choice earns the question's points, any other earns "
                    "none.", f"Choosing the right one of three: {_points(single, 1)}; a wrong one: "
                    f"{_points(single, 0)}."),
        MarkingRule("Several choices", "Every choice counts: tick each that applies, leave each that does not. The "
                    "mark is the share of the choices that apply which you ticked, less the share of those that do "
                    "not apply which you ticked, never below nothing. Ticking every choice, or none, earns nothing, "
                    "so guessing wide does not pay.",
                    f"Two of four choices apply; you tick one of them and one of the others. "
                    f"{several_choice_tally(several, ticked).sentence()} That is {_points(several, ticked)}. "
                    f"Ticking all four: {_points(several, frozenset(range(4)))}."),
        MarkingRule("A number", "Right within the question's tolerance (exactly, when it has none), else nothing. "
                    "A score the side loses is a negative number.",
                    f"The answer 3 with no tolerance: 3 earns {_points(number, 3)}; 4 earns {_points(number, 4)}."),
        MarkingRule("A law reference", f"Full marks for the section the question asks for (or one it also "
                    f"accepts); {LAW_PART_MARK:g} of the marks for another section of the right law; nothing for "
                    "another law. Pick from the suggestions or type the reference: Enter in the suggestion list "
                    "only fills the box, so you can go on to a deeper section before marking.",
                    f"The answer 20F5(b)(i): 20F5(b)(i) earns {_points(law, '20F5(b)(i)')}; 20F earns "
                    f"{_points(law, '20F')}; 21B earns {_points(law, '21B')}."),
        MarkingRule("An order", "The share of pairs of items you put in the right order relative to each other, so "
                    "swapping two neighbours costs little and the list turned upside down earns nothing.",
                    f"Three items: the right order earns {_points(order, (0, 1, 2))}; the first two swapped "
                    f"{_points(order, (1, 0, 2))}; reversed {_points(order, (2, 1, 0))}."),
    ]


EXAMS_AND_REVIEW = ("In practice each answer is marked as soon as you give it, with the reason and the law it "
                    "rests on. In an exam nothing is shown until the paper is handed in or its time runs out; "
                    "until then you may change an answer until you move on to the next question of its case. "
                    "A case you miss — in practice or in an exam, answered wrongly or not at all — comes back "
                    "for review, with the law sections it turns on.")
