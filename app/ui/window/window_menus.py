"""The main window's menu bar and what the View and Help menus do: full screen, presenter mode,
text size, suit colours and theme (re-rendering what is already built), the shortcuts list and
About. Kept apart from the window's construction: the menus name every action of the window,
and the view settings touch each view that draws text or cards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QActionGroup, QKeySequence

from app.training.exam_seal import Sealed
from app.ui.common.theme import THEMES, apply_point_size, apply_theme
from app.ui.editor.case_menu import install_case_menu
from app.ui.library.official_import import OfficialTextActions
from app.ui.tools.calculators import ToolsMenu
from app.ui.window.window_base import AREAS, WindowBase

if TYPE_CHECKING:
    from app.ui.editor.case_menu import CaseActions
    from app.ui.library.quick_reference_window import QuickReferenceWindow
    from app.ui.presenter.presenter import Presenter
    from app.ui.tools.calculators import CalculatorsDialog


class WindowMenus(WindowBase):
    """The main window's part that builds the menus and changes how the window looks."""

    official_text: OfficialTextActions
    case_actions: CaseActions
    presenter: Presenter | None
    back_action: QAction
    forward_action: QAction
    full_screen_action: QAction
    join_action: QAction
    tools: ToolsMenu
    quick_reference: QuickReferenceWindow | None = None

    def _action(self, menu, text: str, slot,  # type: ignore[no-untyped-def]
                shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
                checkable: bool = False, sealed: Sealed | None = None) -> QAction:
        """A menu entry that is also a window shortcut; ``sealed``: what it would show that an exam seals."""
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.setCheckable(checkable)
        action.triggered.connect(slot)
        menu.addAction(action)
        self.addAction(action)  # shortcuts work in full screen too, when the menu bar is hidden
        if sealed is not None:
            self.seal.tag(action, sealed)
        return action

    @property
    def calculators(self) -> CalculatorsDialog | None:
        """The calculators' window, once the Tools menu has opened it."""
        return self.tools.dialog

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        self._action(file_menu, "&New profile…", self.new_profile, sealed=Sealed.PROFILES)
        self._action(file_menu, "&Switch profile…", self.switch_profile, sealed=Sealed.PROFILES)
        # Shown once the store is known to be a class's shared database (see class_session).
        self.join_action = self._action(file_menu, "&Join class session…", self.join_class_session,
                                        sealed=Sealed.OTHER_WORK)
        self.join_action.setVisible(False)
        file_menu.addSeparator()
        self.official_text = OfficialTextActions(self, self.library, self._official_changed)
        self.official_text.install(file_menu)
        self.after_first_paint(self.official_text.load_saved)  # nothing on the first screen shows the wording
        file_menu.addSeparator()
        self.case_actions = install_case_menu(self, file_menu)
        file_menu.addSeparator()
        self._action(file_menu, "&Print case…", lambda: self.print_case(False), QKeySequence.StandardKey.Print)
        self._action(file_menu, "Print case with &answers…", lambda: self.print_case(True),
                     sealed=Sealed.CASE_FILES)
        file_menu.addSeparator()
        self._action(file_menu, "&Quit", self.close, QKeySequence.StandardKey.Quit)

        edit = bar.addMenu("&Edit")
        self._action(edit, "&Find in the laws…", self.find_in_laws, QKeySequence.StandardKey.Find,
                     sealed=Sealed.LAW_LIBRARY)

        go = bar.addMenu("&Go")
        self._action(go, "Go to &law…", self.ask_law, "Ctrl+L", sealed=Sealed.LAW_LIBRARY)
        # Back and Forward are enabled by the library's history as well (see _update_history_actions).
        self.back_action = self._action(go, "&Back", lambda: self.library_view.go_back(), "Alt+Left")
        self.forward_action = self._action(go, "&Forward", lambda: self.library_view.go_forward(), "Alt+Right")
        go.addSeparator()
        for i, name in enumerate(AREAS):
            self._action(go, f"&{i + 1} {name}", lambda _=False, r=i: self.areas.setCurrentRow(r), f"Ctrl+{i + 1}",
                         sealed=Sealed.LAW_LIBRARY if name == "Library" else None)

        view = bar.addMenu("&View")
        self.full_screen_action = self._action(view, "&Full screen", self.toggle_full_screen, "F11", checkable=True)
        self._action(view, "&Present", self.present, "F5", sealed=Sealed.PRESENTER)
        self._action(view, "&Larger text", lambda: self.change_text_size(1), QKeySequence.StandardKey.ZoomIn)
        self._action(view, "Larger text", lambda: self.change_text_size(1), "Ctrl+=").setVisible(False)
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

        self.tools = ToolsMenu(self, bar.addMenu("&Tools"), self.show_law, self.seal)

        help_menu = bar.addMenu("&Help")
        self._action(help_menu, "&Quick-reference card", self.show_quick_reference, sealed=Sealed.QUICK_REFERENCE)
        self._action(help_menu, "&Keyboard shortcuts", self.show_shortcuts)
        self._action(help_menu, "How answers are &marked", self.show_marking)
        self._action(help_menu, "&About Director Trainer", self.about)
        self._update_history_actions()

    def present(self) -> None:
        """Show the open case to a room, step by step (presenter mode); never during an exam, whose
        answers its notes would show."""
        if self.seal.refuses(Sealed.PRESENTER):
            return
        from app.ui.presenter.presenter import start_presenting

        self.presenter = start_presenting(self)

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
        self._renderer = None
        if self.quick_reference is not None:
            self.quick_reference.set_renderer(self.renderer)
        if self._library_view is not None:  # else it is built later with the new look
            for holder in (self._library_view, self._library_view.browser):
                holder.renderer = self.renderer
            self._library_view.refresh()
        if self._player is not None:  # else it is built later with the new look
            from app.ui.case.table_widget import TableLook

            for part in (self._player, self._player.ruling, self._player.law_pane):
                part.renderer = self.renderer
            self._player.table.look = TableLook(dark=self.dark, four_colour=self.four_colour)
            self._player.refresh()

    def show_quick_reference(self) -> None:
        """The director's card in a window of its own, beside whatever area is open; its law numbers
        open the library. A crib of rulings: every exam seals it, open-book ones too."""
        if self.seal.refuses(Sealed.QUICK_REFERENCE):
            return
        from app.ui.library.quick_reference_window import QuickReferenceWindow

        if self.quick_reference is None:
            self.quick_reference = QuickReferenceWindow(self.library, self.renderer, self.show_law, self)
            self.seal.on_change(self._seal_quick_reference)
        self.quick_reference.show()
        self.quick_reference.raise_()
        self.quick_reference.activateWindow()

    def _seal_quick_reference(self, sealed: frozenset[Sealed]) -> None:
        if Sealed.QUICK_REFERENCE in sealed and self.quick_reference is not None:
            self.quick_reference.close()

    def print_case(self, answers: bool) -> None:
        """The case on the case screen on paper or in a PDF (with its answers only outside an exam)."""
        if answers and self.seal.refuses(Sealed.CASE_FILES):
            return
        case = self._player.case if self._player is not None else None
        if case is None:
            self.statusBar().showMessage("Open a case first, then File › Print case… prints it.", 8000)
            return
        from app.ui.case.case_print import CasePrintDialog

        self.print_dialog = CasePrintDialog(case, self.library, answers, self.four_colour, self)
        self.print_dialog.open()

    def show_marking(self) -> None:
        from app.ui.case.marking_help import MarkingHelpDialog

        self.marking_dialog = MarkingHelpDialog(self)
        self.marking_dialog.open()

    def show_shortcuts(self) -> None:
        from app.ui.case.shortcuts import ShortcutsDialog

        ShortcutsDialog(self.actions(), self).open()

    def about(self) -> None:
        from app.content.official.importer import FILE_NAME
        from app.ui.window.about_dialog import AboutDialog

        if self._store is None:
            progress = "still being opened"
        else:
            progress = "not kept (no database)" if self.store_is_temporary else self._store.location
        self.about_dialog = AboutDialog(self.library, progress, self.case_actions.folder,
                                        self.official_text.folder / FILE_NAME, self)
        self.about_dialog.open()
