"""Reading one field of a case file: text, seats, cards, law references and lists, each mistake reported at its line.

The base of the case reader (``cases``): the parts that read the auction and
events (``case_events``) and the questions (``case_questions``) build on these
checks, so a wrong seat or card reads the same wherever it is written.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app.bridge.cards import Card
from app.bridge.errors import BridgeError
from app.bridge.seats import Seat
from app.content.files.problems import ContentProblem
from app.content.laws.refs import LawRef, RefError, parse_ref
from app.content.cases.yaml_lines import Located


class FieldReader:
    """Holds one located YAML document and the problems found in it so far."""

    def __init__(self, path: Path, located: Located, topics: set[str] | None) -> None:
        self.path = path
        self.doc = located
        self.data: dict[str, Any] = located.data
        self.topics = topics
        self.problems: list[ContentProblem] = []

    def fail(self, message: str, *where: str | int) -> None:
        self.problems.append(ContentProblem(self.path, self.doc.line(*where), message))

    def text(self, key: str, required: bool = True) -> str:
        value = self.data.get(key)
        if value is None:
            return ""
        if not isinstance(value, str | int | float) or isinstance(value, bool):
            self.fail(f"{key} must be text", key)
            return ""
        if required and not str(value).strip():
            self.fail(f"{key} is empty", key)
        return str(value)

    def seat(self, value: Any, *where: str | int) -> Seat | None:
        try:
            return Seat.parse(str(value))
        except BridgeError as exc:
            self.fail(str(exc), *where)
            return None

    def card(self, value: Any, *where: str | int) -> Card | None:
        try:
            return Card.parse(str(value))
        except BridgeError as exc:
            self.fail(str(exc), *where)
            return None

    def ref(self, value: Any, *where: str | int) -> LawRef | None:
        try:
            return parse_ref(str(value))
        except RefError as exc:
            self.fail(str(exc), *where)
            return None

    def _list(self, key: str) -> list[Any]:
        return self._items(self.data, key, ())

    def _items(self, mapping: dict[str, Any], key: str, where: tuple[str | int, ...]) -> list[Any]:
        """``mapping[key]`` as a list ([] if absent); anything else is reported at its line."""
        value = mapping.get(key)
        if value is None:
            return []
        if not isinstance(value, list):
            self.fail(f"{key} must be a list, like [a, b]", *where, key)
            return []
        return value
