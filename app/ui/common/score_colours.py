"""The colours a mark is shown in against the pass mark: green at or above it, amber from 40 %, red
below. Bars and tiles are filled with them as they are; text drawn straight on the window takes a
lighter shade on a dark theme, where the full colours are too dark to read."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette

GREEN, AMBER, RED = "#2e8b57", "#d08000", "#c8102e"
AMBER_FROM = 0.4
_ON_DARK = {GREEN: "#5fd08f", AMBER: "#f0a64a", RED: "#ff7a7a"}


def score_colour(fraction: float, pass_mark: float) -> QColor:
    return QColor(GREEN if fraction >= pass_mark else AMBER if fraction >= AMBER_FROM else RED)


def is_dark(palette: QPalette) -> bool:
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def score_text_colour(fraction: float, pass_mark: float, palette: QPalette) -> QColor:
    """The colour of a mark written as text on a window drawn with ``palette``."""
    colour = score_colour(fraction, pass_mark)
    return QColor(_ON_DARK[colour.name()]) if is_dark(palette) else colour
