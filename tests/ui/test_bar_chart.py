"""The progress chart as the trainee sees it: read back from the pixels drawn, not from the rows set.

A bar's length is its score, its colour says where it stands against the pass
mark (green at or above, amber from 40 %, red below), the grey line is the pass
mark, and each row carries its label and figure.
"""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import QApplication

from app.ui.common.bar_chart import LABEL_WIDTH, ROW_HEIGHT, BarChart

GREEN, AMBER, RED = QColor("#2e8b57"), QColor("#d08000"), QColor("#c8102e")
PASS_LINE = QColor(120, 120, 120)
WIDTH = 700
TRACK = WIDTH - LABEL_WIDTH - 70  # the width the chart gives its bars at this size


def drawn(rows: list[tuple[str, float, int]], pass_mark: float = 0.65) -> tuple[BarChart, QImage]:
    chart = BarChart()
    chart.set_rows(rows, pass_mark)
    chart.resize(WIDTH, chart.sizeHint().height())
    return chart, chart.grab().toImage()


def bar_y(row: int) -> int:
    """The vertical middle of a row's bar."""
    return 4 + row * ROW_HEIGHT + 4 + (ROW_HEIGHT - 12) // 2


def colour_at(image: QImage, x: float, y: int) -> str:
    """The colour name of one pixel."""
    return image.pixelColor(int(x), y).name()


def filled_length(image: QImage, row: int, colour: QColor) -> int:
    """How many pixels of the row's track, from its left end, are painted in ``colour``."""
    y = bar_y(row)
    return sum(1 for x in range(LABEL_WIDTH, LABEL_WIDTH + TRACK) if image.pixelColor(x, y).name() == colour.name())


@pytest.mark.usefixtures("qtbot")
def test_bars_are_as_long_as_the_score_and_coloured_by_the_pass_mark() -> None:
    rows = [("Law 64", 1.0, 2), ("Law 27", 0.5, 4), ("Law 12", 0.25, 1), ("Law 16", 0.0, 3), ("Law 45", 0.65, 2)]
    _, image = drawn(rows)
    # full, half, a quarter, nothing, and exactly the pass mark (which counts as a pass)
    assert filled_length(image, 0, GREEN) == pytest.approx(TRACK, abs=3)
    assert filled_length(image, 1, AMBER) == pytest.approx(TRACK * 0.5, abs=3)
    assert filled_length(image, 2, RED) == pytest.approx(TRACK * 0.25, abs=3)
    assert all(filled_length(image, 3, c) == 0 for c in (GREEN, AMBER, RED))
    assert filled_length(image, 4, GREEN) == pytest.approx(TRACK * 0.65, abs=3)
    # past the end of a bar the empty track shows, in the palette's alternate base colour
    track = QApplication.palette().color(QPalette.ColorRole.AlternateBase).name()
    assert colour_at(image, LABEL_WIDTH + TRACK * 0.75, bar_y(1)) == track
    assert colour_at(image, LABEL_WIDTH + TRACK * 0.5, bar_y(3)) == track


@pytest.mark.usefixtures("qtbot")
def test_the_pass_mark_is_a_grey_line_where_the_mark_falls() -> None:
    _, image = drawn([("Law 64", 0.0, 1), ("Law 27", 0.0, 1)], pass_mark=0.5)
    expected = LABEL_WIDTH + TRACK * 0.5
    for y in (1, bar_y(0), bar_y(1)):
        # the darkest column across the track is the line: grey, and where the pass mark falls
        darkest = min(range(LABEL_WIDTH, LABEL_WIDTH + TRACK), key=lambda x: image.pixelColor(x, y).value())
        colour = image.pixelColor(darkest, y)
        assert abs(darkest - expected) <= 1
        assert colour.red() == colour.green() == colour.blue() and _near(colour, PASS_LINE, 70)


@pytest.mark.usefixtures("qtbot")
def test_each_row_shows_its_label_and_figure() -> None:
    chart, image = drawn([("Law 64", 0.5, 4)])
    assert chart.accessibleDescription() == "Law 64: 50% of 4"
    text = QApplication.palette().color(QPalette.ColorRole.Text)

    def inked(left: int, right: int) -> int:
        return sum(1 for x in range(left, right) for y in range(4, ROW_HEIGHT)
                   if _near(image.pixelColor(x, y), text))

    assert inked(4, LABEL_WIDTH - 6) > 20  # the label, right-aligned before the bar
    assert inked(LABEL_WIDTH + TRACK + 6, WIDTH) > 20  # "50% (4)" after it


@pytest.mark.usefixtures("qtbot")
def test_an_empty_chart_says_there_is_nothing_yet() -> None:
    chart, image = drawn([])
    assert chart.accessibleDescription() == ""
    text = QApplication.palette().color(QPalette.ColorRole.Text)
    middle = image.height() // 2
    inked = [x for x in range(image.width()) for y in range(middle - 8, middle + 8) if _near(image.pixelColor(x, y), text)]
    assert inked and abs((min(inked) + max(inked)) / 2 - WIDTH / 2) < 10  # centred text
    assert all(filled_length(image, 0, c) == 0 for c in (GREEN, AMBER, RED))


def _near(colour: QColor, target: QColor, tolerance: int = 60) -> bool:
    return all(abs(a - b) <= tolerance for a, b in ((colour.red(), target.red()), (colour.green(), target.green()),
                                                    (colour.blue(), target.blue())))
