"""The main window's work areas, and what its parts (``training_flow``, ``profile_actions``,
``window_menus``) may rely on the window for.

MainWindow is put together from those parts as mixins, so that each stays small and is read
on its own. A part calls on state MainWindow sets up and on methods another part holds: they
are declared once here so that mypy checks every such call. At run time ``WindowBase`` is
``object`` and adds nothing to the window: MainWindow itself is the Qt main window."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

AREAS = ("Home", "Library", "Cases", "Case", "Progress", "Classroom")

if TYPE_CHECKING:
    from datetime import datetime

    from PySide6.QtCore import QSettings, QTimer
    from PySide6.QtWidgets import QApplication, QListWidget, QMainWindow, QStackedWidget

    from app.content.cases.model import Case
    from app.content.laws.render import Renderer
    from app.content.library import Library
    from app.store.home_state import HomeHistory, HomeState
    from app.store.records import Profile
    from app.store.store import Store
    from app.training.attempt import Attempt
    from app.training.case_filter import CaseFilter
    from app.training.exam import Exam
    from app.training.practice import Mode, PracticeSession
    from app.training.progress_report import ProgressSummary
    from app.ui.case.case_player import CasePlayer
    from app.ui.classroom.classroom_view import ClassroomView
    from app.ui.common.exam_seal import ExamSeal
    from app.ui.library.library_view import LibraryView
    from app.ui.presenter.presenter import Presenter
    from app.ui.training.case_list import CaseList
    from app.ui.training.home_view import HomeView
    from app.ui.training.progress_view import ProgressView

    T = TypeVar("T")

    class WindowBase(QMainWindow):
        """For mypy only: the main window as its parts see it."""

        # set up by MainWindow
        library: Library
        engine_explainer: Callable[[Case], str] | None
        app: QApplication
        _store: Store | None
        store_is_temporary: bool
        profile: Profile
        login_profile: Profile | None
        settings: QSettings
        session: PracticeSession | None
        case_mode: Mode
        exam: Exam | None
        _exam_ticks: int
        home: HomeView
        stack: QStackedWidget
        areas: QListWidget
        exam_timer: QTimer
        _painted: bool
        _after_paint: list[Callable[[], object]]
        seal: ExamSeal
        presenter: Presenter | None
        theme: str
        dark: bool
        four_colour: bool
        point_size: int
        default_point_size: int
        _renderer: Renderer | None
        _library_view: LibraryView | None
        _case_list: CaseList | None
        _player: CasePlayer | None
        _progress: ProgressView | None
        _classroom: ClassroomView | None
        _progress_summary: ProgressSummary | None
        home_state: HomeState | None
        home_ready: bool

        @property
        def store(self) -> Store: ...
        @property
        def renderer(self) -> Renderer: ...
        @property
        def library_view(self) -> LibraryView: ...
        @property
        def player(self) -> CasePlayer: ...
        @property
        def case_list(self) -> CaseList: ...
        def show_results(self, results: dict[str, str]) -> None: ...
        def _set_personal(self, provider: Callable[[str], tuple[bool, str]] | None,
                          bookmarks: list[str]) -> None: ...
        def _save_note(self) -> None: ...
        def find_in_laws(self) -> None: ...
        def ask_law(self) -> None: ...
        def show_law(self, key: str) -> bool: ...
        def _update_history_actions(self) -> None: ...
        def _official_changed(self) -> None: ...
        def show_standing_status(self) -> None: ...  # status_line
        def after_first_paint(self, step: Callable[[], object], first: bool = False) -> None: ...  # first_paint
        def say_in(self, area: str, message: str, timeout: int) -> None: ...  # status_line

        # held by one part, called by another
        def _safely(self, action: Callable[[], T], what: str) -> T | None: ...  # profile_actions
        def refresh_profile(self) -> None: ...  # profile_actions
        def refresh_home(self) -> None: ...  # profile_actions
        def show_home(self, state: HomeState) -> None: ...  # profile_actions
        def refresh_outlook(self) -> None: ...  # study_flow
        def show_outlook(self, history: HomeHistory, now: datetime) -> None: ...  # study_flow
        def _refresh_progress(self) -> None: ...  # study_flow
        def switch_profile(self) -> None: ...  # profile_actions
        def new_profile(self) -> None: ...  # profile_actions
        def join_class_session(self) -> None: ...  # class_session
        def _busy(self) -> bool: ...  # training_flow
        def next_in_session(self) -> None: ...  # training_flow
        def start_practice(self, choice: CaseFilter, count: int) -> None: ...  # training_flow
        def attempt_mode(self) -> Mode: ...  # training_flow
        def sit_exam(self, exam: Exam) -> None: ...  # training_flow
        def finish_exam(self, show: bool = True) -> None: ...  # training_flow
        def keep_exam(self) -> None: ...  # work_keeping
        def _end_clicked(self) -> None: ...  # training_flow
        def may_leave_the_exam(self) -> bool: ...  # work_keeping
        def exam_still_open(self) -> None: ...  # work_keeping
        def attempt_at(self, case: Case, fresh: Attempt, mode: Mode | None) -> tuple[Attempt, Mode] | None: ...
else:
    WindowBase = object
