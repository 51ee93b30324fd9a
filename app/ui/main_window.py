"""The main window: the work areas a trainee moves between, menus, shortcuts and settings,
and the wiring between the views and the progress store."""

from __future__ import annotations

import getpass
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QByteArray, QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QInputDialog,
    QListWidget,
    QMainWindow,
    QMessageBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from app import __version__
from app.content.case_model import Case
from app.content.library import Library
from app.store.errors import StoreError
from app.store.records import AttemptSummary, Profile, Role, by_whole_law
from app.training.attempt import Attempt
from app.training.case_filter import CaseFilter
from app.training.clock import utc_now
from app.training.exam import Exam, ExamError, ExamProfile, ExamReport
from app.training.exam_profiles import BUILT_IN_PROFILES
from app.training.practice import Mode, PracticeSession
from app.training.sitting import CaseSitting, ExamSitting
from app.ui.calculators import install_tools_menu
from app.ui.case_menu import install_case_menu
from app.ui.home_view import HomeView
from app.ui.official_import import OfficialTextActions
from app.ui.settings import setting_bool, setting_int
from app.ui.store_opening import StoreOpener
from app.ui.theme import THEMES, apply_point_size, apply_theme

if TYPE_CHECKING:
    from app.content.render import Renderer
    from app.store.store import Store
    from app.training.report import Report
    from app.ui.case_list import CaseList
    from app.ui.case_player import CasePlayer
    from app.ui.classroom_view import ClassroomView
    from app.ui.library_view import LibraryView
    from app.ui.progress_view import ProgressView

AREAS = ("Home", "Library", "Cases", "Case", "Progress", "Classroom")
T = TypeVar("T")


class MainWindow(QMainWindow):
    """Home, library, case list, case player, progress and classroom, with the menus of a
    desktop application. ``store`` keeps progress; without one the window paints first and
    ``open_store`` brings one a moment later (or an in-memory one, and the status bar says
    progress is not kept)."""

    def __init__(self, library: Library, settings: QSettings | None = None, store: Store | None = None,
                 engine_explainer: Callable[[Case], str] | None = None) -> None:
        super().__init__()
        self.library = library
        self.settings = settings or QSettings()
        self.engine_explainer = engine_explainer
        self._store: Store | None = None
        self.store_is_temporary = True
        self.store_opener = StoreOpener(self, self.attach_store)
        self.profile = Profile(0, "", Role.TRAINEE)  # until the store is attached
        self.session: PracticeSession | None = None
        self.exam: Exam | None = None
        self.setWindowTitle("Director Trainer")
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        self.app = app
        self.default_point_size = app.font().pointSize() if app.font().pointSize() > 0 else 10
        self.theme = str(self.settings.value("view/theme", "system"))
        self.four_colour = setting_bool(self.settings, "view/four_colour", False)
        self.point_size = setting_int(self.settings, "view/point_size", self.default_point_size)
        self.dark = apply_theme(app, self.theme)
        apply_point_size(app, self.point_size)
        self._renderer: Renderer | None = None  # made when a view that renders text is first built

        self.home = HomeView(library, list(BUILT_IN_PROFILES))
        # Built on first use (see ``library_view``, ``case_list``, ``player``, ``progress``, ``classroom``):
        # a placeholder holds the place, and what they would be told before then waits here.
        self._library_view: LibraryView | None = None
        self._personal: tuple[Callable[[str], tuple[bool, str]] | None, list[str]] = (None, [])
        self._case_list: CaseList | None = None
        self._case_results: dict[str, str] = {}
        self._player: CasePlayer | None = None
        self._progress: ProgressView | None = None
        self._classroom: ClassroomView | None = None

        self.stack = QStackedWidget()
        for widget in (self.home, QWidget(), QWidget(), QWidget(), QWidget(), QWidget()):
            self.stack.addWidget(widget)
        self.areas = QListWidget()
        self.areas.setObjectName("areas")
        self.areas.setAccessibleName("Work areas")
        self.areas.addItems(list(AREAS))
        self.areas.item(AREAS.index("Classroom")).setHidden(True)  # until an instructor's profile is open
        self.areas.setMaximumWidth(140)
        self.areas.currentRowChanged.connect(self._area_changed)

        central = QWidget()
        layout = QHBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.areas)
        inner = QVBoxLayout()
        inner.addWidget(self.stack)
        layout.addLayout(inner, 1)
        self.setCentralWidget(central)

        self.exam_timer = QTimer(self)
        self.exam_timer.setInterval(1000)
        self.exam_timer.timeout.connect(self._tick)
        self._connect()
        self._build_menus()
        self._restore()
        self._show_content_status("opening your progress…")
        if store is not None:
            self.attach_store(store)

    def _show_content_status(self, where: str) -> None:
        problems = len(self.library.problems)
        self.statusBar().showMessage(
            f"{len(self.library.book.sections)} law sections, {len(self.library.cases)} cases; {where}"
            + (f" — {problems} content problem{'s' if problems != 1 else ''} (run director-trainer check)"
               if problems else "")
        )

    @property
    def store(self) -> Store:
        """The progress store; StoreError in the moment after the first paint before it is open."""
        if self._store is None:
            raise StoreError("your progress is still being opened; try again in a moment")
        return self._store

    def open_store(self, db: str | None) -> None:
        """Open the progress database off the GUI thread once the window has painted (the timer fires
        after the paint events already queued); problems become a dialog with choices."""
        QTimer.singleShot(0, lambda: self.store_opener.open(db))

    def attach_store(self, store: Store, temporary: bool = False) -> None:
        """Keep progress in ``store`` from now on (``temporary``: an in-memory one, not saved)."""
        self._store = store
        self.store_is_temporary = temporary
        self.profile = self._safely(self._first_profile, "read the profiles") or self.profile
        self.refresh_profile()
        self._show_content_status("progress is NOT being kept (no database)" if temporary
                                  else f"progress kept in {store.location}")

    # construction ---------------------------------------------------------------
    def _first_profile(self) -> Profile:
        """The profile used last on this machine, else the first in the database, else a new one
        named after the computer's user."""
        wanted = str(self.settings.value("profile/name", ""))
        found = self.store.profile_named(wanted) if wanted else None
        if found is not None:
            return found
        profiles = self.store.profiles()
        if profiles:
            return profiles[0]
        return self.store.add_profile((getpass.getuser() or "Trainee").capitalize())

    @property
    def renderer(self) -> Renderer:
        """How law text and cases are drawn in the current look (suit colours, dark or light)."""
        if self._renderer is None:
            from app.content.render import Renderer, Style

            self._renderer = Renderer(self.library.book, self.library.glossary,
                                      Style(four_colour=self.four_colour, dark=self.dark))
        return self._renderer

    def _connect(self) -> None:
        self.home.profileChosen.connect(self.choose_profile)
        self.home.newProfileRequested.connect(self.new_profile)
        self.home.reviewRequested.connect(self.start_review)
        self.home.practiceRequested.connect(self.start_practice)
        self.home.examRequested.connect(self.start_exam)
        self.home.caseRequested.connect(self.open_case)
        self.home.lawRequested.connect(self.show_law)

    # views built on first use ------------------------------------------------------------
    def _place(self, area: str, widget: QWidget) -> None:
        """Put a view built on first use where its placeholder stood in the stack."""
        index = AREAS.index(area)
        current = self.stack.currentIndex()
        placeholder = self.stack.widget(index)
        assert placeholder is not None
        self.stack.insertWidget(index, widget)
        self.stack.removeWidget(placeholder)
        placeholder.deleteLater()
        self.stack.setCurrentIndex(current)

    @property
    def library_view(self) -> LibraryView:
        """The law library, built when first shown or asked for (the window opens on Home)."""
        if self._library_view is None:
            from app.ui.library_view import LibraryView

            view = LibraryView(self.library, self.renderer)
            view.caseRequested.connect(self.open_case)
            view.historyChanged.connect(self._update_history_actions)
            view.sectionShown.connect(lambda key: self.statusBar().showMessage(view.page_label(key), 4000))
            view.bookmarkToggled.connect(self._bookmark)
            view.noteChanged.connect(self._note)
            saved = self.settings.value("splitter/library")
            if isinstance(saved, QByteArray):
                view.splitter.restoreState(saved)
            view.set_personal(*self._personal)
            self._library_view = view
            self._place("Library", view)
        return self._library_view

    @property
    def case_list(self) -> CaseList:
        """The case list, built when first shown, with the results known by then."""
        if self._case_list is None:
            from app.ui.case_list import CaseList

            self._case_list = CaseList(self.library)
            self._case_list.set_results(self._case_results)
            self._case_list.caseOpened.connect(self.open_case)
            self._place("Cases", self._case_list)
        return self._case_list

    def show_results(self, results: dict[str, str]) -> None:
        """The last result of each case, for the case list now or when it is built."""
        self._case_results = results
        if self._case_list is not None:
            self._case_list.set_results(results)

    def _set_personal(self, provider: Callable[[str], tuple[bool, str]] | None, bookmarks: list[str]) -> None:
        """Bookmarks and notes for the library, now or when it is built."""
        self._personal = (provider, bookmarks)
        if self._library_view is not None:
            self._library_view.set_personal(provider, bookmarks)

    def _save_note(self) -> None:
        if self._library_view is not None:
            self._library_view.save_note()

    @property
    def player(self) -> CasePlayer:
        """The case player, built when a case is first opened (it brings in the table and the rules)."""
        if self._player is None:
            from app.ui.case_player import CasePlayer
            from app.ui.table_widget import TableLook

            player = CasePlayer(self.library, self.renderer)
            player.table.look = TableLook(dark=self.dark, four_colour=self.four_colour)
            player.openInLibrary.connect(self.show_law)
            player.caseRequested.connect(self.open_case)
            player.attemptFinished.connect(self._sitting_finished)
            player.ruling.timeUp.connect(self._time_up)
            player.next_case_button.clicked.connect(self.next_in_session)
            player.end_button.clicked.connect(self._end_clicked)
            saved = self.settings.value("splitter/player")
            if isinstance(saved, QByteArray):
                player.splitter.restoreState(saved)
            self._player = player
            self._place("Case", player)
        return self._player

    @property
    def progress(self) -> ProgressView:
        """The progress view, built when first shown."""
        if self._progress is None:
            from app.ui.progress_view import ProgressView

            self._progress = ProgressView(self.library.topics)
            self._progress.caseRequested.connect(self.open_case)
            self._progress.examRequested.connect(self.show_exam_report)
            self._place("Progress", self._progress)
            self._refresh_progress()
        return self._progress

    @property
    def classroom(self) -> ClassroomView:
        """The classroom view (instructors only), built when first shown."""
        if self._classroom is None:
            from app.ui.classroom_view import ClassroomView

            self._classroom = ClassroomView(self.library.topics)
            self._place("Classroom", self._classroom)
            self._refresh_classroom()
        return self._classroom

    def _action(self, menu, text: str, slot,  # type: ignore[no-untyped-def]
                shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
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
        self._action(file_menu, "&New profile…", self.new_profile)
        self._action(file_menu, "&Switch profile…", self.switch_profile)
        file_menu.addSeparator()
        self.official_text = OfficialTextActions(self, self.library, self._official_changed)
        self.official_text.install(file_menu)
        self.official_text.load_saved()
        file_menu.addSeparator()
        self.case_actions = install_case_menu(self, file_menu)
        file_menu.addSeparator()
        self._action(file_menu, "&Quit", self.close, QKeySequence.StandardKey.Quit)

        edit = bar.addMenu("&Edit")
        self._action(edit, "&Find in the laws…", self.find_in_laws, QKeySequence.StandardKey.Find)

        go = bar.addMenu("&Go")
        self._action(go, "Go to &law…", self.ask_law, "Ctrl+L")
        self.back_action = self._action(go, "&Back", lambda: self.library_view.go_back(), "Alt+Left")
        self.forward_action = self._action(go, "&Forward", lambda: self.library_view.go_forward(), "Alt+Right")
        go.addSeparator()
        for i, name in enumerate(AREAS):
            self._action(go, f"&{i + 1} {name}", lambda _=False, r=i: self.areas.setCurrentRow(r), f"Ctrl+{i + 1}")

        view = bar.addMenu("&View")
        self.full_screen_action = self._action(view, "&Full screen", self.toggle_full_screen, "F11", checkable=True)
        self._action(view, "&Present", self.present, "F5")
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

        install_tools_menu(self, bar.addMenu("&Tools"), self.show_law)

        help_menu = bar.addMenu("&Help")
        self._action(help_menu, "&Keyboard shortcuts", self.show_shortcuts)
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
        # The section read last is drawn when the library is first shown (see _area_changed): rendering
        # it costs as much as building a view, and the window opens on another area most of the time.
        self._library_start: str | None = str(self.settings.value("library/last", "Introduction"))
        area = setting_int(self.settings, "window/area", 0)
        self.areas.setCurrentRow(area if 0 <= area < len(AREAS) and AREAS[area] != "Case" else 0)

    def _open_library_start(self) -> None:
        """Build the library if need be and, the first time, show the section read last."""
        self.library_view  # noqa: B018 - built on first use
        start, self._library_start = self._library_start, None
        if start is not None and not self.library_view.show_law(start):
            self.library_view.show_law("1")

    def save_settings(self) -> None:
        self._save_note()
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
        if self._library_view is not None:
            self.settings.setValue("splitter/library", self._library_view.splitter.saveState())
        if self._player is not None:
            self.settings.setValue("splitter/player", self._player.splitter.saveState())
        self.settings.setValue("window/area", self.areas.currentRow())
        current = self._library_view.current_key if self._library_view is not None else None
        self.settings.setValue("library/last", current or self._library_start or "")
        self.settings.setValue("view/theme", self.theme)
        self.settings.setValue("view/four_colour", self.four_colour)
        self.settings.setValue("view/point_size", self.point_size)
        if self._store is not None:
            self.settings.setValue("profile/name", self.profile.name)
        self.settings.sync()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        if self.exam is not None and not self.exam.is_finished:
            answer = QMessageBox.question(self, "Hand in the exam?",
                                          "An exam is running. Hand it in now and quit?")
            if answer != QMessageBox.StandardButton.Yes:
                event.ignore()
                return
            self.finish_exam(show=False)
        self.save_settings()
        super().closeEvent(event)

    # the store ------------------------------------------------------------------------
    def _safely(self, action: Callable[[], T], what: str) -> T | None:
        """Run a store action; a database problem is reported, never raised into Qt."""
        if self._store is None:
            self.statusBar().showMessage(f"Could not {what} yet: your progress is still being opened.", 5000)
            return None
        try:
            return action()
        except StoreError as exc:
            self.statusBar().showMessage(f"Could not {what}: {exc}", 10000)
            QMessageBox.warning(self, "Progress database", f"Could not {what}.\n\n{exc}")
            return None

    def refresh_profile(self) -> None:
        """Show the current trainee's state everywhere: home, case list, progress, library notes."""
        if self._store is None:
            return
        profile = self.profile
        now = utc_now()
        profiles = self._safely(self.store.profiles, "read the profiles") or [profile]
        due = self._safely(lambda: self.store.due_items(profile, now), "read what is due") or []
        recent = self._safely(lambda: self.store.recent_attempts(profile, 10), "read recent cases") or []
        self.home.refresh(profile, profiles, due, recent)
        last = self._safely(lambda: self.store.last_results(profile), "read results") or {}
        self.show_results({case_id: f"{score:.0%}" for case_id, score in last.items()})
        self._refresh_progress(recent)
        bookmarks = self._safely(lambda: self.store.bookmarks(profile), "read bookmarks") or []
        marked = set(bookmarks)
        self._set_personal(lambda key: (key in marked, self.store.note_for(profile, key)), bookmarks)
        classroom = self.areas.item(AREAS.index("Classroom"))
        classroom.setHidden(profile.role != Role.INSTRUCTOR)
        if profile.role != Role.INSTRUCTOR and self.stack.currentIndex() == AREAS.index("Classroom"):
            self.areas.setCurrentRow(AREAS.index("Home"))  # switched from an instructor's profile
        self._refresh_classroom()
        self.setWindowTitle(f"Director Trainer — {profile.name}")

    def _refresh_progress(self, recent: list[AttemptSummary] | None = None) -> None:
        """Fill the progress view, if it has been built, from the store."""
        if self._progress is None or self._store is None:
            return
        profile = self.profile
        if recent is None:
            recent = self._safely(lambda: self.store.recent_attempts(profile, 10), "read recent cases") or []
        by_law = by_whole_law(self._safely(lambda: self.store.results_by_law(profile), "read results") or [])
        by_topic = self._safely(lambda: self.store.results_by_topic(profile), "read results") or []
        exams = self._safely(lambda: self.store.exams(profile), "read exams") or []
        self._progress.refresh(by_law, by_topic, recent, exams)

    def _refresh_classroom(self) -> None:
        """Fill the classroom view, if it has been built and the profile is an instructor's."""
        if self._classroom is None or self._store is None or self.profile.role != Role.INSTRUCTOR:
            return
        results = self._safely(self.store.results_by_case_and_topic, "read the class's results")
        if results is not None:
            self._classroom.refresh(results, self.store.location)

    def choose_profile(self, name: str) -> None:
        if self._busy("switch profiles"):
            return
        found = self._safely(lambda: self.store.profile_named(name), "find the profile")
        if found is not None:
            self._save_note()
            self.profile = found
            self.refresh_profile()

    def switch_profile(self) -> None:
        names = [p.name for p in self._safely(self.store.profiles, "read the profiles") or []]
        name, ok = QInputDialog.getItem(self, "Switch profile", "Profile:", names, 0, False)
        if ok and name:
            self.choose_profile(name)

    def new_profile(self) -> None:
        name, ok = QInputDialog.getText(self, "New profile", "Name of the trainee or instructor:")
        if not ok or not name.strip():
            return
        roles = ["Trainee", "Instructor (sees the whole class's results)"]
        role, ok = QInputDialog.getItem(self, "New profile", "Role:", roles, 0, False)
        if not ok:
            return
        created = self._safely(lambda: self.store.add_profile(
            name.strip(), Role.INSTRUCTOR if role.startswith("Instructor") else Role.TRAINEE), "create the profile")
        if created is not None:
            self.profile = created
            self.refresh_profile()

    def _bookmark(self, key: str, on: bool) -> None:
        profile = self.profile
        self._safely(lambda: (self.store.add_bookmark if on else self.store.remove_bookmark)(profile, key),
                     "save the bookmark")
        bookmarks = self._safely(lambda: self.store.bookmarks(profile), "read bookmarks") or []
        marked = set(bookmarks)
        self._set_personal(lambda k: (k in marked, self.store.note_for(profile, k)), bookmarks)

    def _note(self, key: str, text: str) -> None:
        profile = self.profile
        self._safely(lambda: self.store.set_note(profile, key, text), "save the note")

    # cases, practice, review and exams ----------------------------------------------
    def _busy(self, what: str) -> bool:
        """True (and says so) while an exam is running: nothing else may start."""
        if self.exam is not None and not self.exam.is_finished:
            self.statusBar().showMessage(f"An exam is running: hand it in before you {what}.", 6000)
            return True
        return False

    def open_case(self, case_id: str) -> None:
        if self._busy("open another case"):
            return
        case = self.library.case(case_id)
        if case is None:
            self.statusBar().showMessage(f"No case {case_id!r}", 5000)
            return
        self.session = None
        self._play(case, Attempt(case))
        self.player.session_bar.setVisible(False)

    def _play(self, case: Case, attempt: Attempt) -> None:
        explanation = self.engine_explainer(case) if self.engine_explainer and case.expect else ""
        self.player.open_case(case, CaseSitting(attempt), explanation)
        self.areas.setCurrentRow(AREAS.index("Case"))
        self.statusBar().showMessage(f"Case: {case.title}", 4000)

    def start_review(self) -> None:
        if self._busy("start a review"):
            return
        progress = self._safely(lambda: self.store.progress(self.profile, utc_now()), "read what is due")
        if progress is None:
            return
        self._start_session(PracticeSession.review(self.library.cases, progress), len(self.library.cases))

    def start_practice(self, choice: CaseFilter, count: int) -> None:
        if self._busy("start a practice"):
            return
        progress = self._safely(lambda: self.store.progress(self.profile, utc_now()), "read your progress")
        if progress is None:
            return
        session = PracticeSession.practice(self.library.cases, choice, progress)
        if not session.cases:
            self.home.show_practice_problem("No case matches that choice: widen the topic, law or difficulty.")
            return
        self._start_session(session, count)

    def _start_session(self, session: PracticeSession, count: int) -> None:
        session.cases = session.cases[:count]
        if not session.cases:
            self.statusBar().showMessage("Nothing is due for review.", 5000)
            return
        self.session = session
        self.next_in_session()

    def next_in_session(self) -> None:
        session = self.session
        if session is None:
            return
        attempt = session.next_attempt()
        if attempt is None:
            self.end_session()
            return
        self._play(attempt.case, attempt)
        kind = "Review" if session.mode == Mode.REVIEW else "Practice"
        self.player.session_label.setText(f"{kind}: case {len(session.attempts)} of {len(session.cases)}")
        self.player.timer_label.clear()
        self.player.next_case_button.setVisible(True)
        self.player.next_case_button.setEnabled(False)
        self.player.end_button.setText("End session")
        self.player.session_bar.setVisible(True)

    def end_session(self) -> None:
        session = self.session
        self.session = None
        self.player.session_bar.setVisible(False)
        if session is not None and any(a.marks for a in session.attempts):
            report = session.report("Review session" if session.mode == Mode.REVIEW else "Practice session")
            self._show_report(report.title, report)
        self.areas.setCurrentRow(AREAS.index("Home"))

    def _sitting_finished(self, finished: object) -> None:
        if isinstance(finished, ExamSitting):
            self.finish_exam()
            return
        assert isinstance(finished, Attempt)
        mode = self.session.mode if self.session is not None else Mode.PRACTICE
        profile = self.profile
        self._safely(lambda: self.store.record_attempt(profile, finished, mode), "save the result")
        if self.session is not None:
            self.player.next_case_button.setEnabled(self.session.remaining > 0)
            if self.session.remaining == 0:
                self.player.end_button.setText("Finish and see the report")
        self.refresh_profile()

    def start_exam(self, profile: ExamProfile) -> None:
        if self._busy("start another exam"):
            return
        try:
            exam = Exam.start(profile, self.library.cases, utc_now())
        except ExamError as exc:
            self.home.show_exam_problem(str(exc))
            return
        self.session = None
        self.exam = exam
        self.statusBar().clearMessage()  # nothing about an earlier case stays on screen in the exam
        sitting = ExamSitting(exam)
        current = exam.current
        assert current is not None
        self.player.open_case(current.case, sitting)
        self.player.session_label.setText(f"Exam: {profile.name} — {len(exam.cases)} cases, marks at the end")
        self.player.next_case_button.setVisible(False)
        self.player.end_button.setText("Hand in")
        self.player.session_bar.setVisible(True)
        self._lock_library(exam.library_locked)
        self.areas.setCurrentRow(AREAS.index("Case"))
        self._tick()
        self.exam_timer.start()

    def _tick(self) -> None:
        exam = self.exam
        if exam is None:
            return
        left = exam.time_left(utc_now())
        minutes, seconds = divmod(int(left.total_seconds()), 60)
        hours, minutes = divmod(minutes, 60)
        self.player.timer_label.setText(f"Time left {hours}:{minutes:02d}:{seconds:02d}")
        if left.total_seconds() <= 0 and not exam.is_finished:
            self._time_up("Time is up: the answers given so far have been marked.")

    def _time_up(self, message: str) -> None:
        self.statusBar().showMessage(message, 10000)
        self.finish_exam()

    def _end_clicked(self) -> None:
        if self.exam is not None and not self.exam.is_finished:
            answer = QMessageBox.question(self, "Hand in", "Hand in the exam now? Unanswered questions score nothing.")
            if answer == QMessageBox.StandardButton.Yes:
                self.finish_exam()
        else:
            self.end_session()

    def finish_exam(self, show: bool = True) -> None:
        exam = self.exam
        if exam is None:
            return
        self.exam_timer.stop()
        report = exam.finish(utc_now())
        profile = self.profile
        self._safely(lambda: self.store.record_exam(profile, exam), "save the exam")
        self.exam = None
        self._lock_library(False)
        self.player.session_bar.setVisible(False)
        self.refresh_profile()
        self.areas.setCurrentRow(AREAS.index("Progress"))
        if show:
            self._show_report(report.report.title, report)

    def show_exam_report(self, exam_id: int) -> None:
        report = self._safely(lambda: self.store.exam_report(exam_id), "read the exam")
        if report is not None:
            self._show_report(report.report.title, report)

    def _show_report(self, title: str, report: Report | ExamReport) -> None:
        """A session's or exam's report in its own window (imported here: rarely needed at start-up)."""
        from app.training.report_html import report_html
        from app.ui.report_dialog import ReportDialog

        ReportDialog(title, report_html(report, self.profile.name, self.library.topics), self).open()

    def _lock_library(self, locked: bool) -> None:
        """A closed-book exam hides the law library and the cited-law pane until it ends."""
        item = self.areas.item(AREAS.index("Library"))
        flags = item.flags()
        item.setFlags(flags & ~Qt.ItemFlag.ItemIsEnabled if locked else flags | Qt.ItemFlag.ItemIsEnabled)
        self.player.law_box.setVisible(not locked)

    def _area_changed(self, row: int) -> None:
        if AREAS[row] == "Library" and self.exam is not None and self.exam.library_locked:
            self.statusBar().showMessage("The law library is closed during a closed-book exam.", 5000)
            self.areas.setCurrentRow(AREAS.index("Case"))
            return
        if AREAS[row] == "Classroom" and self.profile.role != Role.INSTRUCTOR:
            # A hidden item can still be reached by typing in the list or by Ctrl+6: go back.
            self.statusBar().showMessage("The classroom is for instructors' profiles.", 5000)
            self.areas.setCurrentRow(self.stack.currentIndex())
            return
        {"Case": lambda: self.player, "Progress": lambda: self.progress, "Classroom": lambda: self.classroom,
         "Cases": lambda: self.case_list, "Library": self._open_library_start}.get(AREAS[row], lambda: None)()
        self.stack.setCurrentIndex(row)

    # library actions -------------------------------------------------------------------
    def find_in_laws(self) -> None:
        self.areas.setCurrentRow(AREAS.index("Library"))
        if self.stack.currentWidget() is self.library_view:
            self.library_view.focus_search()

    def ask_law(self) -> None:
        text, ok = QInputDialog.getText(self, "Go to law", "Law reference (e.g. 27B1a, 64, Definitions: Alert):")
        if ok and text.strip():
            self.show_law(text.strip())

    def show_law(self, key: str) -> bool:
        self.areas.setCurrentRow(AREAS.index("Library"))
        if self.stack.currentWidget() is not self.library_view:
            return False  # locked by a closed-book exam
        shown = self.library_view.show_law(key)
        if not shown:
            self.statusBar().showMessage(f"No law section matches {key!r}: try a form like 27B1a", 6000)
        return shown

    def _update_history_actions(self) -> None:
        view = self._library_view
        self.back_action.setEnabled(view is not None and view.can_go_back())
        self.forward_action.setEnabled(view is not None and view.can_go_forward())

    def _official_changed(self) -> None:
        if self._library_view is not None:  # else it shows the wording when it is built
            self._library_view.official_changed()

    # view actions ---------------------------------------------------------------------
    def present(self) -> None:
        """Show the open case to a room, step by step (presenter mode)."""
        from app.ui.presenter import start_presenting

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
        if self._library_view is not None:  # else it is built later with the new look
            for holder in (self._library_view, self._library_view.browser):
                holder.renderer = self.renderer
            self._library_view.refresh()
        if self._player is not None:  # else it is built later with the new look
            from app.ui.table_widget import TableLook

            for part in (self._player, self._player.ruling, self._player.law_pane):
                part.renderer = self.renderer
            self._player.table.look = TableLook(dark=self.dark, four_colour=self.four_colour)
            self._player.refresh()

    def show_shortcuts(self) -> None:
        from app.ui.shortcuts import ShortcutsDialog

        ShortcutsDialog(self.actions(), self).open()

    def about(self) -> None:
        QMessageBox.about(
            self, "About Director Trainer",
            f"<h3>Director Trainer {__version__}</h3><p>Learn to direct duplicate bridge: the 2017 Laws "
            "in plain language beside a drawn table, with cases marked against model rulings.</p>"
            f"<p>Progress: {self._store.location if self._store is not None else 'still being opened'}</p>",
        )
