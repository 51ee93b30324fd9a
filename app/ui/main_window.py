"""The main window: the work areas a trainee moves between, menus, shortcuts and settings."""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QSettings, Qt
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QListWidget,
    QMainWindow,
    QMessageBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from app import __version__
from app.content.library import Library
from app.content.render import Renderer, Style
from app.training.attempt import Attempt
from app.training.sitting import CaseSitting
from app.ui.case_list import CaseList
from app.ui.case_player import CasePlayer
from app.ui.library_view import LibraryView
from app.ui.settings import setting_bool, setting_int
from app.ui.table_widget import TableLook
from app.ui.theme import THEMES, apply_point_size, apply_theme

AREAS = ("Library", "Cases", "Case", "Progress")


class MainWindow(QMainWindow):
    """Library, case list, case player and progress, with the menus of a desktop application."""

    def __init__(self, library: Library, settings: QSettings | None = None,
                 engine_explainer=None) -> None:  # type: ignore[no-untyped-def]
        super().__init__()
        self.library = library
        self.settings = settings or QSettings()
        self.engine_explainer = engine_explainer
        self.setWindowTitle("Director Trainer")
        self.results: dict[str, str] = {}
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        self.app = app
        self.default_point_size = app.font().pointSize() if app.font().pointSize() > 0 else 10
        self.theme = str(self.settings.value("view/theme", "system"))
        self.four_colour = setting_bool(self.settings, "view/four_colour", False)
        self.point_size = setting_int(self.settings, "view/point_size", self.default_point_size)
        self.dark = apply_theme(app, self.theme)
        apply_point_size(app, self.point_size)
        self.renderer = self._make_renderer()

        self.library_view = LibraryView(library, self.renderer)
        self.case_list = CaseList(library)
        self.player = CasePlayer(library, self.renderer)
        self.progress = QLabel("Your progress will appear here once you have ruled on some cases.")
        self.progress.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.progress.setWordWrap(True)

        self.stack = QStackedWidget()
        for widget in (self.library_view, self.case_list, self.player, self.progress):
            self.stack.addWidget(widget)
        self.areas = QListWidget()
        self.areas.setObjectName("areas")
        self.areas.setAccessibleName("Work areas")
        self.areas.addItems(list(AREAS))
        self.areas.setMaximumWidth(140)
        self.areas.currentRowChanged.connect(self.stack.setCurrentIndex)

        central = QWidget()
        layout = QHBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.areas)
        inner = QVBoxLayout()
        inner.addWidget(self.stack)
        layout.addLayout(inner, 1)
        self.setCentralWidget(central)

        self.library_view.caseRequested.connect(self.open_case)
        self.library_view.historyChanged.connect(self._update_history_actions)
        self.library_view.sectionShown.connect(lambda key: self.statusBar().showMessage(f"Law {key}", 4000))
        self.case_list.caseOpened.connect(self.open_case)
        self.player.openInLibrary.connect(self.show_law)
        self.player.attemptFinished.connect(self._attempt_finished)

        self._build_menus()
        self._restore()
        problems = len(library.problems)
        self.statusBar().showMessage(
            f"{len(library.book.sections)} law sections, {len(library.cases)} cases"
            + (f" — {problems} content problem{'s' if problems != 1 else ''} (run director-trainer check)"
               if problems else "")
        )

    # construction ---------------------------------------------------------------
    def _make_renderer(self) -> Renderer:
        return Renderer(self.library.book, self.library.glossary, Style(four_colour=self.four_colour, dark=self.dark))

    def _action(self, menu, text: str, slot, shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,  # type: ignore[no-untyped-def]
                checkable: bool = False) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.setCheckable(checkable)
        action.triggered.connect(slot)
        menu.addAction(action)
        self.addAction(action)  # shortcuts work in full screen too, when the menu bar is hidden
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        self._action(file_menu, "&Quit", self.close, QKeySequence.StandardKey.Quit)

        edit = bar.addMenu("&Edit")
        self._action(edit, "&Find in the laws…", self.find_in_laws, QKeySequence.StandardKey.Find)

        go = bar.addMenu("&Go")
        self._action(go, "Go to &law…", self.ask_law, "Ctrl+L")
        self.back_action = self._action(go, "&Back", self.library_view.go_back, "Alt+Left")
        self.forward_action = self._action(go, "&Forward", self.library_view.go_forward, "Alt+Right")
        go.addSeparator()
        for i, name in enumerate(AREAS):
            self._action(go, f"&{i + 1} {name}", lambda _=False, r=i: self.areas.setCurrentRow(r), f"Ctrl+{i + 1}")

        view = bar.addMenu("&View")
        self.full_screen_action = self._action(view, "&Full screen", self.toggle_full_screen, "F11", checkable=True)
        self._action(view, "&Larger text", lambda: self.change_text_size(1), QKeySequence.StandardKey.ZoomIn)
        self._action(view, "Larger text", lambda: self.change_text_size(1), "Ctrl+=")
        view.actions()[-1].setVisible(False)
        self._action(view, "&Smaller text", lambda: self.change_text_size(-1), QKeySequence.StandardKey.ZoomOut)
        self._action(view, "&Reset text size", lambda: self.change_text_size(0), "Ctrl+0")
        view.addSeparator()
        four = self._action(view, "Four-colour &suits", self.set_four_colour, checkable=True)
        four.setChecked(self.four_colour)
        theme_menu = view.addMenu("&Theme")
        group = QActionGroup(self)
        for name in THEMES:
            action = self._action(theme_menu, name.capitalize(), lambda _=False, n=name: self.set_theme(n), checkable=True)
            action.setChecked(name == self.theme)
            group.addAction(action)

        help_menu = bar.addMenu("&Help")
        self._action(help_menu, "&About Director Trainer", self.about)
        self._update_history_actions()

    # settings ---------------------------------------------------------------------
    def _restore(self) -> None:
        geometry = self.settings.value("window/geometry")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        else:
            self.resize(1280, 800)
        state = self.settings.value("window/state")
        if isinstance(state, QByteArray):
            self.restoreState(state)
        for name, splitter in (("library", self.library_view.splitter), ("player", self.player.splitter)):
            saved = self.settings.value(f"splitter/{name}")
            if isinstance(saved, QByteArray):
                splitter.restoreState(saved)
        area = setting_int(self.settings, "window/area", 0)
        self.areas.setCurrentRow(area if area != AREAS.index("Case") else AREAS.index("Cases"))
        last = str(self.settings.value("library/last", "Introduction"))
        if not self.library_view.show_law(last):
            self.library_view.show_law("1")

    def save_settings(self) -> None:
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
        self.settings.setValue("splitter/library", self.library_view.splitter.saveState())
        self.settings.setValue("splitter/player", self.player.splitter.saveState())
        self.settings.setValue("window/area", self.areas.currentRow())
        self.settings.setValue("library/last", self.library_view.current_key or "")
        self.settings.setValue("view/theme", self.theme)
        self.settings.setValue("view/four_colour", self.four_colour)
        self.settings.setValue("view/point_size", self.point_size)
        self.settings.sync()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        self.save_settings()
        super().closeEvent(event)

    # actions -----------------------------------------------------------------------
    def find_in_laws(self) -> None:
        self.areas.setCurrentRow(AREAS.index("Library"))
        self.library_view.focus_search()

    def ask_law(self) -> None:
        text, ok = QInputDialog.getText(self, "Go to law", "Law reference (e.g. 27B1a, 64, Definitions: Alert):")
        if ok and text.strip():
            self.show_law(text.strip())

    def show_law(self, key: str) -> bool:
        self.areas.setCurrentRow(AREAS.index("Library"))
        shown = self.library_view.show_law(key)
        if not shown:
            self.statusBar().showMessage(f"No law section matches {key!r}: try a form like 27B1a", 6000)
        return shown

    def open_case(self, case_id: str) -> None:
        case = self.library.case(case_id)
        if case is None:
            self.statusBar().showMessage(f"No case {case_id!r}", 5000)
            return
        explanation = self.engine_explainer(case) if self.engine_explainer and case.expect else ""
        self.player.open_case(case, CaseSitting(Attempt(case)), explanation)
        self.areas.setCurrentRow(AREAS.index("Case"))
        self.statusBar().showMessage(f"Case {case.id}", 4000)

    def _attempt_finished(self, attempt: Attempt) -> None:
        self.results[attempt.case.id] = f"{attempt.score:.0%}"
        self.case_list.set_results(self.results)

    def _update_history_actions(self) -> None:
        self.back_action.setEnabled(self.library_view.can_go_back())
        self.forward_action.setEnabled(self.library_view.can_go_forward())

    def toggle_full_screen(self) -> None:
        if self.isFullScreen():
            self.showNormal()
        else:
            self.showFullScreen()
        self.full_screen_action.setChecked(self.isFullScreen())

    def change_text_size(self, step: int) -> None:
        size = self.default_point_size if step == 0 else self.point_size + step
        self.point_size = apply_point_size(self.app, size)
        self._restyle()
        self.statusBar().showMessage(f"Text size {self.point_size} pt", 2000)

    def set_four_colour(self, on: bool) -> None:
        self.four_colour = on
        self._restyle()

    def set_theme(self, name: str) -> None:
        self.theme = name
        self.dark = apply_theme(self.app, name)
        self._restyle()

    def _restyle(self) -> None:
        """Re-render pages after a change of palette, suit colours or text size."""
        self.renderer = self._make_renderer()
        for holder in (self.library_view, self.player, self.player.ruling, self.player.law_pane,
                       self.library_view.browser):
            holder.renderer = self.renderer
        self.player.table.look = TableLook(dark=self.dark, four_colour=self.four_colour)
        self.library_view.refresh()
        self.player.refresh()

    def about(self) -> None:
        QMessageBox.about(
            self, "About Director Trainer",
            f"<h3>Director Trainer {__version__}</h3><p>Learn to direct duplicate bridge: the 2017 Laws "
            "in plain language beside a drawn table, with cases marked against model rulings.</p>",
        )
