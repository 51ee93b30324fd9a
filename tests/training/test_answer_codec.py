"""Answers survive a trip through JSON with their type, so they mark the same again."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.training.answer_codec import answer_from_json, answer_to_json
from app.training.marking import Answer, AnswerError

ANSWERS = st.one_of(
    st.integers(0, 9),
    st.frozensets(st.integers(0, 9)),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=20),
    st.lists(st.integers(0, 9), max_size=6).map(tuple),
)


@given(ANSWERS)
def test_an_answer_comes_back_equal_and_of_the_same_type(answer: Answer) -> None:
    back = answer_from_json(json.loads(json.dumps(answer_to_json(answer))))
    assert back == answer and type(back) is type(answer)


@pytest.mark.parametrize("data", [None, True, {"choices": [1]}, {"set": [1], "extra": 2}])
def test_anything_else_is_refused(data: object) -> None:
    with pytest.raises(AnswerError, match="not a stored answer"):
        answer_from_json(data)
