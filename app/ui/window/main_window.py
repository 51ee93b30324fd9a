"""The main window: the work areas a trainee moves between, built on first use, and its settings.
What it does is in its parts: ``training_flow`` (cases, sessions, exams), ``work_keeping`` (saving
work as it is done, and resuming it), ``profile_actions`` (the progress store), ``window_menus``
(menus and the look) and ``exam_seal`` (what an exam keeps out of reach)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QSettings, QTimer
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QInputDialog,
    QMainWindow,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from app.content.library import Library
from app.store.errors import StoreError
from app.store.records import Profile, Role
from app.training.exam import Exam
from app.training.exam_profiles import BUILT_IN_PROFILES
from app.training.exam_seal import Sealed
from app.training.mode import Mode
from app.ui.common.exam_seal import ExamSeal
from app.ui.common.focus_ring import install_focus_rings
from app.ui.common.settings import setting_bool, setting_int
from app.ui.common.theme import apply_point_size, apply_theme
from app.ui.training.home_view import HomeView
from app.ui.window.area_list import AreaList
from app.ui.window.class_session import ClassSessions
from app.ui.window.first_paint import FirstPaint
from app.ui.window.home_snapshots import HomeSnapshots
from app.ui.window.profile_actions import ProfileActions
from app.ui.window.status_line import StatusLine
from app.ui.window.store_opening import StoreOpener
from app.ui.window.study_flow import StudyFlow
from app.ui.window.training_flow import TrainingFlow
from app.ui.window.window_base import AREAS
from app.ui.window.window_menus import WindowMenus
from app.ui.window.work_keeping import WorkKeeping

if TYPE_CHECKING:
    from app.content.cases.model import Case
    from app.content.laws.render import Renderer
    from app.store.home_state import HomeState
    from app.store.store import Store
    from app.training.practice import PracticeSession
    from app.training.progress_report import ProgressSummary
    from app.ui.case.case_player import CasePlayer
    from app.ui.classroom.classroom_view import ClassroomView
    from app.ui.classroom.live_seat import LiveSeat
    from app.ui.classroom.live_window import LiveWindow
    from app.ui.library.library_view import LibraryView
    from app.ui.presenter.presenter import Presenter
    from app.ui.training.case_list import CaseList
    from app.ui.training.progress_view import ProgressView


class MainWindow(TrainingFlow, WorkKeeping, ProfileActions, ClassSessions, StudyFlow, StatusLine, WindowMenus,
                 HomeSnapshots, FirstPaint, QMainWindow):
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
        self._painted = False
        self._after_paint: list[Callable[[], object]] = []  # what waits for the first paint (see first_paint)
        self.store_is_temporary = True
        self.store_opener = StoreOpener(self, self.attach_store)
        self.profile = Profile(0, "", Role.TRAINEE)  # until the store is attached
        self.session: PracticeSession | None = None
        self.case_mode = Mode.PRACTICE  # why the case on its own (no session) is being answered
        self.exam: Exam | None = None
        self.seal = ExamSeal(self.statusBar)
        self.presenter: Presenter | None = None
        self.live_seat: LiveSeat | None = None  # a class session joined (see class_session)
        self.live_window: LiveWindow | None = None
        self.join_dialog: QInputDialog | None = None
        self.login_profile: Profile | None = None  # on a class database: the profile of the login connected
        self.home_state: HomeState | None = None  # what Home shows: the store's reading, or its snapshot's
        self.home_ready = False  # Home has been filled (from the store, or from the snapshot before it opened)
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
        install_focus_rings(app)
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
        self._progress_summary: ProgressSummary | None = None  # the last one shown, for the report

        self.stack = QStackedWidget()
        for widget in (self.home, QWidget(), QWidget(), QWidget(), QWidget(), QWidget()):
            self.stack.addWidget(widget)
        self.areas = AreaList(AREAS)
        self.areas.item(AREAS.index("Classroom")).setHidden(True)  # until an instructor's profile is open
        self.areas.currentRowChanged.connect(self._area_changed)

        central = QWidget()
        layout = QHBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.areas)
        inner = QVBoxLayout()
        inner.addWidget(self.stack)
        layout.addLayout(inner, 1)
        self.setCentralWidget(central)

        self._exam_ticks = 0  # seconds since the store last heard the exam is open (see work_keeping)
        self.exam_timer = QTimer(self)
        self.exam_timer.setInterval(1000)
        self.exam_timer.timeout.connect(self._tick)
        self._connect()
        self._build_menus()
        self.seal.on_change(self._seal_views)
        self.seal.on_change(self.seal_class_session)
        self._restore()
        self.show_standing_status()
        if store is not None:
            self.attach_store(store)

    @property
    def store(self) -> Store:
        """The progress store; StoreError in the moment after the first paint before it is open."""
        if self._store is None:
            raise StoreError("your progress is still being opened; try again in a moment")
        return self._store

    def open_store(self, db: str | None) -> None:
        """Once the window has painted: show the library's cases where Home and the status bar name them,
        fill Home from the snapshot kept at the last close if it is still good (see ``home_snapshots``),
        then open the progress database off the GUI thread; problems become a dialog with choices. In
        that order: each step is on the GUI thread, and the store's thread would slow the ones after it."""
        def after_the_paint() -> None:
            try:
                self.show_the_cases()
                self.show_home_snapshot(db)
            finally:  # the store opens whatever happened above
                QTimer.singleShot(0, lambda: self.store_opener.open(db))  # once Home has been drawn again

        self.after_first_paint(after_the_paint, first=True)

    def show_the_cases(self) -> None:
        """Fill in what names the library's cases, which a library from the start-up cache unpacks only now."""
        self.home.show_case_choices()
        self.show_standing_status()

    def attach_store(self, store: Store, temporary: bool = False) -> None:
        """Keep progress in ``store`` from now on (``temporary``: an in-memory one, not saved)."""
        self._store = store
        self.store_is_temporary = temporary
        self.login_profile = self._safely(store.login_profile, "read your profile")
        self.profile = self._safely(self._first_profile, "read the profiles") or self.profile
        self.refresh_profile()
        self.show_class_actions()
        self.record_class_sessions()
        self.show_standing_status()
        self.run_waiting(store)

    @property
    def renderer(self) -> Renderer:
        """How law text and cases are drawn in the current look (suit colours, dark or light)."""
        if self._renderer is None:
            from app.content.laws.render import Renderer, Style

            self._renderer = Renderer(self.library.book, self.library.glossary,
                                      Style(four_colour=self.four_colour, dark=self.dark))
        return self._renderer

    def _connect(self) -> None:
        wait = self.once_open  # clicked before the store is open (Home shown from its snapshot): done once it is
        self.home.profileChosen.connect(wait(self.choose_profile))
        self.home.newProfileRequested.connect(wait(self.new_profile))
        self.home.reviewRequested.connect(wait(self.start_review))
        self.home.practiceRequested.connect(wait(self.start_practice))
        self.home.examRequested.connect(wait(self.start_exam))
        self.home.caseRequested.connect(wait(self.open_case))
        self.home.discardRequested.connect(wait(self.discard_unfinished))
        self.home.resumeExamRequested.connect(wait(self.resume_saved_exam))
        self.home.handInExamRequested.connect(wait(self.hand_in_saved_exam))
        self.home.lawRequested.connect(self.show_law)
        self.home.planSet.connect(wait(self.set_plan))
        self.home.planCleared.connect(wait(self.clear_plan))
        self.home.todayRequested.connect(wait(self.start_today))
        self.home.paperChosen.connect(self.refresh_outlook)

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
            from app.ui.library.library_view import LibraryView

            view = LibraryView(self.library, self.renderer)
            view.caseRequested.connect(self.open_case)
            view.historyChanged.connect(self._update_history_actions)
            view.sectionShown.connect(lambda key: self.say_in("Library", view.page_label(key), 4000))
            view.bookmarkToggled.connect(self._bookmark)
            view.noteChanged.connect(self._note)
            saved = self.settings.value("splitter/library")
            if isinstance(saved, QByteArray):
                view.splitter.restoreState(saved)
            view.set_personal(*self._personal)
            self._library_view = view
            self._place("Library", view)
            self.seal.refresh()
        return self._library_view

    @property
    def case_list(self) -> CaseList:
        """The case list, built when first shown, with the results known by then."""
        if self._case_list is None:
            from app.ui.training.case_list import CaseList

            self._case_list = CaseList(self.library)
            self._case_list.set_results(self._case_results)
            self._case_list.caseOpened.connect(self.open_case)
            self._place("Cases", self._case_list)
            self.seal.refresh()
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
            from app.ui.case.case_player import CasePlayer
            from app.ui.case.table_widget import TableLook

            player = CasePlayer(self.library, self.renderer)
            player.table.look = TableLook(dark=self.dark, four_colour=self.four_colour)
            player.openInLibrary.connect(self.show_law)
            player.caseRequested.connect(self.open_case)
            player.attemptFinished.connect(self._sitting_finished)
            player.ruling.timeUp.connect(self._time_up)
            player.ruling.answered.connect(self.answer_given)
            player.ruling.caseChanged.connect(self.keep_exam)
            player.ruling.paperChanged.connect(self.keep_exam)
            player.ruling.handInRequested.connect(self._end_clicked)
            player.ruling.wayOn.connect(self.way_on)
            player.next_case_button.clicked.connect(self.next_in_session)
            player.end_button.clicked.connect(self._end_clicked)
            saved = self.settings.value("splitter/player")
            if isinstance(saved, QByteArray):
                player.splitter.restoreState(saved)
            self._player = player
            self._place("Case", player)
            self.seal.refresh()
        return self._player

    @property
    def progress(self) -> ProgressView:
        """The progress view, built when first shown."""
        if self._progress is None:
            from app.ui.training.progress_view import ProgressView

            self._progress = ProgressView(self.library.topics)
            self._progress.caseRequested.connect(self.open_case)
            self._progress.examRequested.connect(self.show_exam_report)
            self._progress.lawRequested.connect(self.practise_law)
            self._progress.topicRequested.connect(self.practise_topic)
            self._progress.reportRequested.connect(self.show_progress_report)
            self._place("Progress", self._progress)
            self._refresh_progress()
        return self._progress

    @property
    def classroom(self) -> ClassroomView:
        """The classroom view (instructors only), built when first shown."""
        if self._classroom is None:
            from app.ui.classroom.classroom_view import ClassroomView

            self._classroom = ClassroomView(self.library.topics)
            self._place("Classroom", self._classroom)
            self._refresh_classroom()
        return self._classroom

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
        """Quitting: each case editor with unsaved changes asks first, and a running exam is handed in
        or kept to be resumed from Home (see ``work_keeping``)."""
        if not self.case_actions.close_editors() or not self.may_leave_the_exam() or not self.may_leave_the_class():
            event.ignore()
            return
        if self.presenter is not None:
            self.presenter.stop()  # a class session it runs ends on every screen
        self.save_settings()
        super().closeEvent(event)
        self.keep_home_snapshot()  # the store is closed: nothing more is written to it

    def _area_changed(self, row: int) -> None:
        if AREAS[row] == "Library" and self.seal.refuses(Sealed.LAW_LIBRARY):
            self.areas.setCurrentRow(AREAS.index("Case"))
            return
        if AREAS[row] == "Classroom" and self.profile.role != Role.INSTRUCTOR:
            # A hidden item can still be reached by typing in the list or by Ctrl+6: go back.
            self.statusBar().showMessage("The classroom is for instructors' profiles.", 5000)
            self.areas.setCurrentRow(self.stack.currentIndex())
            return
        {"Case": lambda: self.player, "Progress": lambda: self.progress, "Classroom": lambda: self.classroom,
         "Cases": lambda: self.case_list, "Library": self._open_library_start,
         "Home": self.refresh_home}.get(AREAS[row], lambda: None)()
        if AREAS[row] != "Home":
            self.forget_waiting()  # a click on Home before the store opened is not carried out elsewhere
        self.leaving_for(AREAS[row])
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
        usable = view is not None and self.seal.allows(Sealed.LAW_LIBRARY)
        self.back_action.setEnabled(usable and view is not None and view.can_go_back())
        self.forward_action.setEnabled(usable and view is not None and view.can_go_forward())

    def _official_changed(self) -> None:
        if self._library_view is not None:  # else it shows the wording when it is built
            self._library_view.official_changed()
