"""Light and dark palettes, following the system unless the user picks one, and text size.

Qt's Fusion style with an explicit palette looks the same on every platform,
which matters when an instructor's screenshots must match what trainees see.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QTextBrowser, QWidget

THEMES = ("system", "light", "dark")
# The colours a mark is told in, per theme: each reads at 4.5:1 or more (WCAG AA for text) against
# both the theme's window and page backgrounds (tested in tests/ui/test_contrast.py).
VERDICT_COLOURS = {
    False: {"right": "#1a6b3c", "partly": "#8a5000", "wrong": "#b00020", "neutral": "#595959"},
    True: {"right": "#6fdc9c", "partly": "#ffb347", "wrong": "#ff8a8a", "neutral": "#b4b4b4"},
}
# The keyboard focus ring: 3:1 or more (WCAG's ratio for a control's outline) against the window.
FOCUS_COLOURS = {False: "#0b57d0", True: "#8ab4ff"}
MIN_POINT_SIZE, MAX_POINT_SIZE = 8, 32
# Room between a page of text and its frame: the document's own 4 px and 6 px more.
TEXT_MARGIN = 10

# No application-wide style sheet: under one, Qt polishes every widget through its style-sheet
# style, which made building and painting the window noticeably slower, and a widget already
# shown kept the font it was polished with. The two looks it gave are set on the widgets below.


def readable(browser: QTextBrowser) -> QTextBrowser:
    """A page of text with room around it (the margin survives setHtml and clear)."""
    browser.document().setDocumentMargin(TEXT_MARGIN)
    return browser


def emphasise(widget: QWidget) -> None:
    """Semi-bold text. Only the weight is set, so the size still follows View › Larger/Smaller text."""
    font = QFont()
    font.setWeight(QFont.Weight.DemiBold)
    widget.setFont(font)


def is_dark(palette: QPalette) -> bool:
    """Whether a palette is a dark one (its page background darker than mid-grey)."""
    return palette.color(QPalette.ColorRole.Base).lightness() < 128


def verdict_colour(kind: str, palette: QPalette) -> str:
    """The colour of a mark of ``kind`` (right, partly, wrong, neutral) on this palette."""
    return VERDICT_COLOURS[is_dark(palette)][kind]


def contrast(first: QColor, second: QColor) -> float:
    """WCAG 2 contrast ratio of two colours, from 1 (none) to 21 (black on white)."""
    def luminance(colour: QColor) -> float:
        def channel(value: float) -> float:
            return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4
        return 0.2126 * channel(colour.redF()) + 0.7152 * channel(colour.greenF()) + 0.0722 * channel(colour.blueF())

    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def system_is_dark() -> bool:
    """Whether the desktop asks for a dark colour scheme (Qt 6.5+); light when it cannot tell."""
    hints = QGuiApplication.styleHints()
    scheme = getattr(hints, "colorScheme", None)
    return bool(scheme is not None and scheme() == Qt.ColorScheme.Dark)


def resolve_dark(theme: str) -> bool:
    return system_is_dark() if theme == "system" else theme == "dark"


def dark_palette() -> QPalette:
    palette = QPalette()
    colours = {
        QPalette.ColorRole.Window: "#2b2d31",
        QPalette.ColorRole.WindowText: "#e8e8e8",
        QPalette.ColorRole.Base: "#1e1f22",
        QPalette.ColorRole.AlternateBase: "#26282c",
        QPalette.ColorRole.ToolTipBase: "#3a3d42",
        QPalette.ColorRole.ToolTipText: "#f0f0f0",
        QPalette.ColorRole.Text: "#e8e8e8",
        QPalette.ColorRole.Button: "#35373c",
        QPalette.ColorRole.ButtonText: "#e8e8e8",
        QPalette.ColorRole.BrightText: "#ff6b6b",
        QPalette.ColorRole.Link: "#7ab7ff",
        QPalette.ColorRole.LinkVisited: "#b99aff",
        QPalette.ColorRole.Highlight: "#3d6fb6",
        QPalette.ColorRole.HighlightedText: "#ffffff",
        QPalette.ColorRole.PlaceholderText: "#9a9a9a",
    }
    for role, colour in colours.items():
        palette.setColor(role, QColor(colour))
    palette.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text, QColor("#777777"))
    palette.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.ButtonText, QColor("#777777"))
    return palette


def apply_theme(app: QApplication, theme: str) -> bool:
    """Apply a theme to the whole application; returns whether it is dark.

    Fusion is set once: setting a style replaces (and deletes) the previous style object under every
    widget, which a change of colours does not need."""
    if app.style().name().lower() != "fusion":
        app.setStyle("Fusion")
    dark = resolve_dark(theme)
    app.setPalette(dark_palette() if dark else app.style().standardPalette())
    return dark


def apply_point_size(app: QApplication, size: int) -> int:
    """Set the base text size (clamped to a readable range); returns the size used."""
    size = max(MIN_POINT_SIZE, min(MAX_POINT_SIZE, size))
    font = QFont(app.font())
    font.setPointSize(size)
    app.setFont(font)  # every widget whose font is not set outright follows at once
    return size
