"""Reading a case's questions (CASE_FORMAT.md), each mistake at its line; the ``expect`` keys by name.

A part of the case reader (``loader``). ``EXPECT_KEYS`` lists the engine's
conclusions a case may assert, in the format's order; the case editor's drafts
write them in that order, and the schema holds the same keys.
"""

from __future__ import annotations

from typing import Any

from app.content.cases.fields import FieldReader
from app.content.cases.model import Choice, Question

EXPECT_KEYS = (
    "irregularity", "offender", "options_to", "lowest_sufficient_same_denomination",
    "offender_must_pass", "partner_must_pass", "lead_restrictions", "penalty_card", "established",
    "tricks_transferred", "declarer", "contract", "score_ns",
    # added with the rules engine (CASE_FORMAT.md, "expect")
    "accepted", "rectification", "offender_must_repeat", "declarer_lead_options", "declarer_tricks",
    "lead_restriction_suits",
)


class QuestionReader(FieldReader):
    """Reads ``questions``: the schema has checked each one's keys for its kind, so what is left is what
    only the answer key shows (a right choice, ids used once, law references that parse)."""

    def questions(self) -> list[Question]:
        questions: list[Question] = []
        seen: set[str] = set()
        for i, raw in enumerate(self._list("questions")):
            where = ("questions", i)
            qid = raw["id"]
            if qid in seen:
                self.fail(f"question id {qid!r} is used twice", *where, "id")
            seen.add(qid)
            question = self._question(raw, where)
            if question is not None:
                questions.append(question)
        return questions

    def _question(self, raw: dict[str, Any], where: tuple[str | int, ...]) -> Question | None:
        kind = raw["kind"]
        head: dict[str, Any] = {"id": raw["id"], "kind": kind, "ask": raw["ask"], "line": self.doc.line(*where),
                                "why": raw.get("why", ""), "points": float(raw.get("points", 1))}
        if kind in ("single", "multi"):
            choices = tuple(Choice(c["text"], c.get("correct", False), c.get("why", "")) for c in raw["choices"])
            right = sum(c.correct for c in choices)
            if right == 0:
                self.fail("a question without a correct choice: mark one with correct: true", *where)
                return None
            if kind == "single" and right > 1:
                self.fail("a single question has exactly one correct choice; use kind: multi", *where)
                return None
            return Question(**head, choices=choices)
        if kind == "number":
            return Question(**head, answer=raw["answer"], tolerance=float(raw.get("tolerance", 0)))
        if kind == "law":
            answer = self.ref(raw["answer"], *where, "answer")
            accept = [r for j, a in enumerate(raw.get("accept", [])) if (r := self.ref(a, *where, "accept", j))]
            return Question(**head, answer=answer, accept=tuple(accept)) if answer is not None else None
        return Question(**head, items=tuple(raw["items"]))
