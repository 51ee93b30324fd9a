"""Reading a case's questions and its ``expect`` block (CASE_FORMAT.md), each mistake at its line.

A part of the case reader (``cases``): the five question kinds each have their
own keys to check, and ``expect`` names the engine's conclusions a case
asserts; the case editor's drafts use the same list of those conclusions.
"""

from __future__ import annotations

from typing import Any

from app.content.cases.fields import FieldReader
from app.content.cases.model import QUESTION_KINDS, Choice, Question

EXPECT_KEYS = (
    "irregularity", "offender", "options_to", "lowest_sufficient_same_denomination",
    "offender_must_pass", "partner_must_pass", "lead_restrictions", "penalty_card", "established",
    "tricks_transferred", "declarer", "contract", "score_ns",
    # added with the rules engine (CASE_FORMAT.md, "expect")
    "accepted", "rectification", "offender_must_repeat", "declarer_lead_options", "declarer_tricks",
)


class QuestionReader(FieldReader):
    """Reads ``questions`` and ``expect``."""

    def questions(self) -> list[Question]:
        questions: list[Question] = []
        seen: set[str] = set()
        raw_list = self._list("questions")
        if "questions" in self.data and not raw_list:
            self.fail("a case needs at least one question", "questions")
        for i, raw in enumerate(raw_list):
            where = ("questions", i)
            if not isinstance(raw, dict):
                self.fail("each question is a mapping with id:, kind: and ask:", *where)
                continue
            qid, kind, ask = str(raw.get("id", "")), raw.get("kind"), raw.get("ask")
            if not qid:
                self.fail("a question without id:", *where)
            elif qid in seen:
                self.fail(f"question id {qid!r} is used twice", *where, "id")
            seen.add(qid)
            if kind not in QUESTION_KINDS:
                self.fail(f"question kind must be one of {', '.join(QUESTION_KINDS)}", *where, "kind")
                continue
            if not isinstance(ask, str) or not ask.strip():
                self.fail("a question without ask:", *where)
                continue
            question = self._question(raw, qid, kind, ask, where)
            if question is not None:
                questions.append(question)
        return questions

    def _question(self, raw: dict[str, Any], qid: str, kind: str, ask: str,
                  where: tuple[str | int, ...]) -> Question | None:
        line = self.doc.line(*where)
        points = raw.get("points", 1)
        if not isinstance(points, int | float) or isinstance(points, bool) or points <= 0:
            self.fail("points must be a positive number", *where, "points")
            points = 1
        common: dict[str, Any] = {"why": str(raw.get("why", "")), "points": float(points)}
        if kind in ("single", "multi"):
            choices = []
            for j, choice in enumerate(self._items(raw, "choices", where)):
                if not isinstance(choice, dict) or not str(choice.get("text", "")).strip():
                    self.fail("each choice needs text:", *where, "choices", j)
                    continue
                choices.append(Choice(str(choice["text"]), choice.get("correct") is True, str(choice.get("why", ""))))
            right = sum(c.correct for c in choices)
            if len(choices) < 2:
                self.fail(f"a {kind} question needs at least two choices", *where)
                return None
            if right == 0:
                self.fail("a question without a correct choice: mark one with correct: true", *where)
                return None
            if kind == "single" and right > 1:
                self.fail("a single question has exactly one correct choice; use kind: multi", *where)
                return None
            return Question(qid, kind, ask, line, choices=tuple(choices), **common)
        if kind == "number":
            answer, tolerance = raw.get("answer"), raw.get("tolerance", 0)
            if not isinstance(answer, int | float) or isinstance(answer, bool):
                self.fail("a number question needs a numeric answer:", *where)
                return None
            if not isinstance(tolerance, int | float) or tolerance < 0:
                self.fail("tolerance must be a number of 0 or more", *where, "tolerance")
                tolerance = 0
            return Question(qid, kind, ask, line, answer=answer, tolerance=float(tolerance), **common)
        if kind == "law":
            if "answer" not in raw:
                self.fail("a law question needs answer: (a law reference)", *where)
                return None
            answer_ref = self.ref(raw["answer"], *where, "answer")
            accept = [r for j, a in enumerate(self._items(raw, "accept", where))
                      if (r := self.ref(a, *where, "accept", j))]
            if answer_ref is None:
                return None
            return Question(qid, kind, ask, line, answer=answer_ref, accept=tuple(accept), **common)
        items = [str(item) for item in self._items(raw, "items", where)]
        if len(items) < 2:
            self.fail("an order question needs at least two items:", *where)
            return None
        return Question(qid, kind, ask, line, items=tuple(items), **common)

    def expect(self) -> dict[str, Any]:
        raw = self.data.get("expect")
        if raw is None:
            return {}
        if not isinstance(raw, dict):
            self.fail("expect must be a mapping of conclusions, e.g. {irregularity: revoke}", "expect")
            return {}
        for key, value in raw.items():
            if key not in EXPECT_KEYS:
                self.fail(f"unknown expect key {key!r}; known keys: {', '.join(EXPECT_KEYS)}", "expect", key)
            elif value is None or isinstance(value, list | dict):
                self.fail(f"expect.{key} needs a single value (CASE_FORMAT.md lists what each key takes)", "expect",
                          key)
        return dict(raw)
