"""Colours of the drawn table; the GUI switches them with the palette and the suit option."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QColor

from app.bridge.cards import Suit
from app.content.laws.render import DARK_FOUR_COLOURS, DARK_SUIT_COLOURS, FOUR_COLOURS, SUIT_COLOURS


@dataclass
class TableLook:
    """Colours of the table for a light or dark palette, with two- or four-colour suits."""

    dark: bool = False
    four_colour: bool = False

    @property
    def felt(self) -> QColor:
        return QColor("#1f5c3f") if not self.dark else QColor("#17402d")

    @property
    def paper(self) -> QColor:
        return QColor("#fbfaf6") if not self.dark else QColor("#2a2c30")

    @property
    def ink(self) -> QColor:
        return QColor("#1a1a1a") if not self.dark else QColor("#e8e8e8")

    @property
    def muted(self) -> QColor:
        return QColor("#6b6b6b") if not self.dark else QColor("#a0a0a0")

    @property
    def vulnerable(self) -> QColor:
        return QColor("#c8102e")

    def suit(self, suit: Suit) -> QColor:
        symbol = suit.symbol
        table = (DARK_FOUR_COLOURS if self.four_colour else DARK_SUIT_COLOURS) if self.dark else (
            FOUR_COLOURS if self.four_colour else SUIT_COLOURS)
        return QColor(table[symbol])
