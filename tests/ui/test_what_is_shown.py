"""What the trainee sees in the window, read back from the screen: the text of a law page and of a term's
definition, the mark an order answer earns, the progress charts it feeds, and the colours of the dark theme.

Expected values come from the content files and the marking rules, worked out here, not from the widgets.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
import yaml
from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication, QToolTip, QWidget

from app.content.library import Library, load_library
from app.ui.window.main_window import AREAS, MainWindow

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"


@pytest.fixture(scope="module")
def library() -> Library:
    """The law library with the test case that asks every kind of question (the window is conftest's)."""
    return load_library(CONTENT, case_paths=[Path(__file__).parent / "fixtures"])


def words(text: str) -> str:
    return " ".join(text.split())


def law_file_section(law: int, key: str) -> tuple[str, str]:
    """The title and first paragraph of a section, read straight from its Markdown file."""
    lines = (CONTENT / "laws" / "wbf-2017" / f"law-{law:02d}.md").read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if re.match(rf"#+ {re.escape(key)} — ", line))
    title = lines[start].split(" — ", 1)[1]
    body = lines[start + 2:]
    return title, words(" ".join(body[: body.index("")]))


def test_a_law_page_shows_the_sections_own_text(window: MainWindow) -> None:
    assert window.show_law("27b1a")
    shown = words(window.library_view.browser.toPlainText())
    title, first_paragraph = law_file_section(27, "27B1(a)")
    # the path down to it, its heading, then its text
    assert shown.startswith(f"Law 27 › Law 27B › Law 27B1 Law 27B1(a) — {title} {first_paragraph}")
    assert window.show_law("64A1")
    shown = words(window.library_view.browser.toPlainText())
    assert shown.startswith("Law 64 › Law 64A Law 64A1") and first_paragraph not in shown


def test_a_term_shows_the_glossarys_definition(window: MainWindow) -> None:
    glossary = yaml.safe_load((CONTENT / "glossary" / "glossary.yaml").read_text(encoding="utf-8"))
    entry = next(e for e in glossary if e["term"] == "Alert")
    definition = words(entry["definition"])
    browser = window.library_view.browser
    assert words(browser.term_definition("Alert") or "") == definition
    assert words(browser.term_definition("alerted") or "") == definition  # an alias finds the same entry
    assert browser.term_definition("Xylophone") is None
    browser.highlighted.emit(QUrl("term:alerted"))  # the pointer rests on a term link
    assert QToolTip.isVisible()
    assert words(QToolTip.text()) == f"<b>Alert</b><br>{html.escape(definition)}"


def _arrange(window: MainWindow, order: list[int]) -> None:
    """Put the order question's items in ``order`` (indexes into the question's items), as dragging would."""
    items = window.player.ruling.form.order
    assert items is not None
    for place, wanted in enumerate(order):
        row = next(r for r in range(items.count()) if items.item(r).data(Qt.ItemDataRole.UserRole) == wanted)
        items.insertItem(place, items.takeItem(row))


def _rule_on_the_fixture_case(window: MainWindow) -> None:
    """Right, right, right, the right law's wrong section, and the first two steps swapped."""
    window.open_case("revoke-all-kinds")
    panel = window.player.ruling
    answers = {
        "single": lambda form: form.group.button(0).setChecked(True),
        "multi": lambda form: [form.boxes[form.shown.index(i)].setChecked(True) for i in (0, 1)],  # the file's first two
        "number": lambda form: form.line.setText("2"),
        "law": lambda form: form.law_box.setCurrentText("64B"),
        "order": lambda form: _arrange(window, [1, 0, 2]),
    }
    while panel.sitting is not None and panel.sitting.question is not None:
        answers[panel.sitting.question.kind](panel.form)
        panel.submit.click()
        if panel.sitting.question is not None and panel.sitting.question.kind == "order":
            break
        panel.next_button.click()


def test_an_order_answer_with_one_pair_swapped_earns_two_thirds(window: MainWindow) -> None:
    _rule_on_the_fixture_case(window)
    panel = window.player.ruling
    # three items make three pairs; Apply-before-Establish is the one out of order
    mark = panel.attempt.marks["steps"]
    assert mark.fraction == pytest.approx(2 / 3) and mark.points == pytest.approx(0.6667)
    shown = panel.feedback.toPlainText()
    assert shown.startswith("Partly right")
    model = [shown.index(step, shown.index("Model answer")) for step in ("Establish", "Apply", "Explain")]
    assert model == sorted(model)  # the model answer lists the steps in the right order


def test_the_progress_charts_show_the_cases_score(window: MainWindow) -> None:
    _rule_on_the_fixture_case(window)
    window.player.ruling.next_button.click()
    window.areas.setCurrentRow(AREAS.index("Progress"))
    # 1 + 1 + 1 + 0.5 + 2/3 of 5 points: 83 %, counted once under each law the case cites (61A, 63A, 64A1) and its topic
    progress = window.progress
    tried = {law.key: law for law in progress.laws.laws if law.tried}
    assert list(tried) == ["61", "63", "64"]
    assert all(law.tried == 1 and law.tally.fraction == pytest.approx(25 / 30, abs=1e-3) for law in tried.values())
    description = progress.laws.accessibleDescription()
    assert all(f"Law {key} — {law.title}: 83% on 1 of" in description for key, law in tried.items()), description[:600]
    green = QColor("#2e8b57").name()
    image = progress.laws.grab().toImage()
    for law in progress.laws.laws:  # practised laws are filled in the pass colour, the others are not
        centre = progress.laws.tile(progress.laws.laws.index(law)).adjusted(4, 4, -4, -4).topLeft().toPoint()
        assert (image.pixelColor(centre).name() == green) is (law.key in tried), law.key
    topics = yaml.safe_load((CONTENT / "topics.yaml").read_text(encoding="utf-8"))
    assert f"{topics['revoke']}: 83% of 1" in progress.by_topic.accessibleDescription()
    row = progress.topic_keys.index("revoke")
    image = progress.by_topic.grab().toImage()
    y = 4 + row * 26 + 13
    filled = [x for x in range(image.width()) if image.pixelColor(x, y).name() == green]
    assert len(filled) == pytest.approx(progress.by_topic.track_width() * 25 / 30, abs=3)  # 4.1667 of 5 points


def _share(widget: QWidget, colour: str) -> float:
    """The share of a widget's pixels painted exactly in ``colour``."""
    image: QImage = widget.grab().toImage()
    step = 4
    points = [(x, y) for x in range(0, image.width(), step) for y in range(0, image.height(), step)]
    return sum(1 for x, y in points if image.pixelColor(x, y).name() == colour) / len(points)


def test_the_dark_theme_redraws_pages_and_table_in_dark_colours(window: MainWindow) -> None:
    window.show_law("27B1(a)")  # a page with a 'Changed from 2007' note
    window.open_case("revoke-all-kinds")
    table = window.player.table
    browser = window.library_view.browser
    window.areas.setCurrentRow(AREAS.index("Library"))
    assert "#eef2f9" in browser.toHtml() and _share(browser.viewport(), "#1e1f22") == 0
    window.areas.setCurrentRow(AREAS.index("Case"))
    assert _share(table, "#1f5c3f") > 0.1  # green felt

    window.set_theme("dark")
    QApplication.processEvents()  # the new palette reaches each widget through the event loop
    try:
        window.areas.setCurrentRow(AREAS.index("Library"))
        page = browser.toHtml()
        assert "#232b3a" in page and "#eef2f9" not in page  # the note's background, the dark one
        assert _share(browser.viewport(), "#1e1f22") > 0.3  # the page's dark background
        window.areas.setCurrentRow(AREAS.index("Case"))
        assert _share(table, "#17402d") > 0.1 and _share(table, "#1f5c3f") == 0  # darker felt
    finally:
        window.set_theme("light")  # the palette belongs to the whole application
        QApplication.processEvents()
    window.areas.setCurrentRow(AREAS.index("Library"))
    assert "#eef2f9" in browser.toHtml() and _share(browser.viewport(), "#1e1f22") == 0
