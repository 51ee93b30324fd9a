"""Answers to and from JSON, so the store can keep exactly what the trainee gave.

An answer's Python type carries its meaning (``mark`` checks it), so the encoding
keeps the type: numbers and strings are themselves, a set of ticked choices becomes
``{"set": [...]}`` and an ordering becomes a list. Decoding gives back an answer that
marks exactly as the original did.
"""

from __future__ import annotations

from typing import Any

from app.training.marking import Answer, AnswerError

JsonAnswer = int | float | str | list[int] | dict[str, list[int]]


def answer_to_json(answer: Answer) -> JsonAnswer:
    if isinstance(answer, frozenset):
        return {"set": sorted(answer)}
    if isinstance(answer, tuple):
        return list(answer)
    return answer


def answer_from_json(data: Any) -> Answer:
    if isinstance(data, dict) and set(data) == {"set"}:
        return frozenset(int(i) for i in data["set"])
    if isinstance(data, list):
        return tuple(int(i) for i in data)
    if isinstance(data, int | float | str) and not isinstance(data, bool):
        return data
    raise AnswerError(f"{data!r} is not a stored answer (a number, a reference, a list or a {{'set': [...]}})")
