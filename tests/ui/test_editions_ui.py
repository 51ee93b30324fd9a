"""Other codes in the library: the box on a 2017 page, a note's page, the code selector and Compare."""

from PySide6.QtCore import QUrl

from app.ui.window.main_window import MainWindow

# The window and the library are tests/ui/conftest.py's: the whole content, 1024×700, a store.


def test_a_2017_page_lists_each_code_and_opens_a_counterpart_and_back(window: MainWindow) -> None:
    view = window.library_view
    assert window.show_law("27B1(a)")
    text = view.browser.toPlainText()
    assert "Other codes" in text
    assert "Law 27B1(a) — Lowest sufficient bid in the same denomination" in text  # the 2007 note
    assert "Insufficient bids struck out" in text and "Left out by this code" in text  # the online note on Law 27
    view.browser.anchorClicked.emit(QUrl("edition:wbf-2007/27B1(a)"))
    assert view.current_key == "wbf-2007/27B1(a)"
    page = view.browser.toPlainText()
    assert "The 2007 Laws of Duplicate Bridge" in page
    assert "Source: the 2007 Laws (North American printing, 2008) with the 1997 wording" in page
    assert window.statusBar().currentMessage() == "2007: Law 27B1(a) — Lowest sufficient bid in the same denomination"
    view.browser.anchorClicked.emit(QUrl("law:27B1(a)"))  # "In the 2017 Laws" links back
    assert view.current_key == "27B1(a)"
    view.go_back()
    assert view.current_key == "wbf-2007/27B1(a)"
    assert window.show_law("18F")  # the online adaptation changes nothing in Law 18
    assert "No difference known" in view.browser.toPlainText()


def test_choosing_a_code_shows_its_tree_and_limits_the_search(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    view = window.library_view
    view.edition_box.setCurrentIndex(view.edition_box.findData("wbf-1997"))
    assert view.edition == "wbf-1997"
    model = view.tree.model()
    laws = [model.index(row, 0).data() for row in range(model.rowCount())]
    numbers = [int(law.removeprefix("Law ")) for law in laws if law.startswith("Law ")]
    assert numbers == sorted(numbers) and "Law 27" in laws  # the code's own laws, in order
    law_27 = model.index(laws.index("Law 27"), 0)
    view.tree.setCurrentIndex(model.index(0, 0, law_27))
    assert view.current_key == "wbf-1997/27"
    qtbot.keyClicks(view.search, "partner")
    titles = [view.results.item(i).text() for i in range(view.results.count())]
    # the code's notes and the cases set under it, nothing of 2017
    assert titles and all(t.startswith("1997: ") or t.startswith("Case: ") and "(1997 Laws)" in t for t in titles)
    view.search.clear()
    view.edition_box.setCurrentIndex(view.edition_box.findData("wbf-2017"))
    assert view.tree.model().index(0, 0).data() != "Law 27"
    qtbot.keyClicks(view.search, "2007 27B1")
    assert view.results.item(0).text() == "2007: Law 27B1(a) — Lowest sufficient bid in the same denomination"


def test_compare_sets_the_2017_section_beside_every_code(window: MainWindow) -> None:
    view = window.library_view
    window.show_law("27B1(a)")
    dialog = view.compare()
    assert dialog is not None
    titles = [c.accessibleName() for c in dialog.columns]
    assert titles == ["2017 text", "2007 text", "1997 text", "Online text", "IBL text"]
    assert "lowest sufficient bid" in dialog.columns[0].toPlainText().lower()
    assert "Differs" in dialog.columns[1].toPlainText() and "both the insufficient bid" in dialog.columns[1].toPlainText()
    online = dialog.columns[3].toPlainText()  # the online code's note on the whole of Law 27 speaks for 27B1(a)
    assert "Left out by this code" in online and "Insufficient bids struck out" in online
    dialog.columns[1].anchorClicked.emit(QUrl("law:23A"))
    assert view.current_key == "23A"
    dialog.close()
    window.show_law("18F")  # the online code changes nothing in Law 18; the 1997 code does
    dialog = view.compare()
    assert dialog is not None
    assert "No difference known for Law 18F" in dialog.columns[3].toPlainText()
    assert "Differs" in dialog.columns[2].toPlainText()
    dialog.close()
