"""Reading one field of a case file: text, seats, cards, law references and lists, each mistake reported at its line.

The base of the case reader (``loader``): the parts that read the auction and
events (``events``) and the questions (``questions``) build on these checks, so
a wrong seat or card reads the same wherever it is written. The reader runs on
a file whose shape the schema has passed (``schema``): every key is known and
every value of the right kind, so what is checked here is what the values mean.
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

    def text(self, key: str) -> str:
        """A text key ("" when it is left out)."""
        return str(self.data.get(key, ""))

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
        """A list key ([] when it is left out)."""
        found: list[Any] = self.data.get(key, [])
        return found
