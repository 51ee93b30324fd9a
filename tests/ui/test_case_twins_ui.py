"""A case set under an older code shows its 2017 twin once the ruling is out, and the link opens it."""

from PySide6.QtCore import QUrl

from app.ui.window.main_window import MainWindow
from tests.ui.test_training_views import _answer_all_wrongly

OLD = "bid-out-of-rotation-at-partners-turn-2007"
NEW = "bid-out-of-rotation-at-partners-turn"


def test_the_twin_appears_only_with_the_ruling_and_opens_the_other_code(window: MainWindow) -> None:
    window.open_case(OLD)
    panel = window.player.ruling
    assert window.player.case.edition == "wbf-2007"
    assert "The same table under another code" not in panel.feedback.toPlainText()
    _answer_all_wrongly(window)
    text = panel.feedback.toPlainText()
    assert "The same table under another code" in text
    twin_title = window.library.case(NEW).title
    assert f"{twin_title} (2017 Laws)" in text
    panel.feedback.anchorClicked.emit(QUrl(f"case:{NEW}"))
    assert window.player.case.id == NEW
    _answer_all_wrongly(window)
    assert f"{window.library.case(OLD).title} (2007 Laws)" in panel.feedback.toPlainText()
