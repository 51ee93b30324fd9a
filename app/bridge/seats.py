"""The four seats, the two sides, and rotation round the table."""

from __future__ import annotations

from enum import Enum

from app.bridge.errors import NotationError


class Side(Enum):
    """A partnership: North-South or East-West."""

    NS = "NS"
    EW = "EW"

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat.NORTH, Seat.SOUTH) if self is Side.NS else (Seat.EAST, Seat.WEST)

    @property
    def other(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS

    @property
    def english(self) -> str:
        return "North-South" if self is Side.NS else "East-West"


class Seat(Enum):
    """A compass seat, named by its PBN letter. Rotation is clockwise: N, E, S, W (Law 17C)."""

    NORTH = "N"
    EAST = "E"
    SOUTH = "S"
    WEST = "W"

    @property
    def letter(self) -> str:
        return self.value

    @property
    def english(self) -> str:
        """'North', 'East', … for messages."""
        return self.name.capitalize()

    @property
    def index(self) -> int:
        """Position in clockwise order from North (0–3)."""
        return _CLOCKWISE.index(self)

    def offset(self, steps: int) -> Seat:
        """The seat ``steps`` places clockwise from this one (negative steps go anticlockwise)."""
        return _CLOCKWISE[(self.index + steps) % 4]

    @property
    def lho(self) -> Seat:
        """Left-hand opponent: the next player in rotation."""
        return self.offset(1)

    @property
    def next(self) -> Seat:
        """The player who calls or plays after this one: the same seat as ``lho``."""
        return self.offset(1)

    @property
    def partner(self) -> Seat:
        return self.offset(2)

    @property
    def rho(self) -> Seat:
        """Right-hand opponent: the previous player in rotation."""
        return self.offset(3)

    @property
    def side(self) -> Side:
        return Side.NS if self in (Seat.NORTH, Seat.SOUTH) else Side.EW

    def is_opponent_of(self, other: Seat) -> bool:
        return self.side is not other.side

    @classmethod
    def parse(cls, text: str) -> Seat:
        """Read a seat from its letter or its name, in any case ('S', 'south')."""
        key = text.strip().upper()
        for seat in cls:
            if key in (seat.letter, seat.name):
                return seat
        raise NotationError(f"unknown seat {text!r}: use N, E, S or W")


_CLOCKWISE: tuple[Seat, ...] = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
SEATS: tuple[Seat, ...] = _CLOCKWISE
