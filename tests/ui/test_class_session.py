"""A live class session between real windows: an instructor presents a case on the class's PostgreSQL
database and starts a session (S); a trainee's window joins it with the code (File › Join class
session…), follows the questions, answers, and sees the mark only when the presenter reveals the
answer; the presenter sees how many have answered and, after the reveal, the room's answers; Esc
ends it on every screen and the answers are in the trainee's progress. Each window has its own
login. Also: the menu entry is not there for one person on SQLite, and an exam seals it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from class_server import ClassServer
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QInputDialog, QMessageBox
from tcp_proxy import proxy_to

from app.content.library import Library
from app.store import Store
from app.training.exam_profiles import BUILT_IN_PROFILES
from app.training.feedback import choice_order
from app.training.presentation import StepKind
from app.ui.classroom.live_seat import Stage
from app.ui.classroom.live_window import LiveWindow
from app.ui.common import operations
from app.ui.presenter.presenter import Presenter
from app.ui.window.main_window import MainWindow

CASE = "bid-of-eight-spades"
WAIT_MS = 10_000


def _window(qtbot, library: Library, tmp_path, name: str, url: str) -> MainWindow:  # type: ignore[no-untyped-def]
    settings = QSettings(str(tmp_path / f"{name}.ini"), QSettings.Format.IniFormat)
    window = MainWindow(library, settings, Store.open(url))
    qtbot.addWidget(window)
    window.resize(1024, 700)
    window.show()
    return window


@pytest.fixture
def classroom(qtbot, library: Library, tmp_path, class_server: ClassServer) -> Iterator[tuple[MainWindow, MainWindow]]:  # type: ignore[no-untyped-def]
    """The instructor's window (Ivy) and a trainee's (Ann), each on its own login."""
    _ivy, ivy_url = class_server.add("Ivy", instructor=True)
    _ann, ann_url = class_server.add("Ann")
    presenter = _window(qtbot, library, tmp_path, "ivy", ivy_url)
    trainee = _window(qtbot, library, tmp_path, "ann", ann_url)
    yield presenter, trainee
    for window in (presenter, trainee):
        if window.presenter is not None:
            window.presenter.stop()
    operations.wait_for_work(10_000)
    for window in (presenter, trainee):
        window._store.close()  # type: ignore[union-attr]


def start_session(window: MainWindow, qtbot) -> Presenter:  # type: ignore[no-untyped-def]
    window.open_case(CASE)
    window.present()  # View › Present (F5 goes to the active window: there are two here)
    presenter = window.presenter
    assert presenter is not None
    qtbot.keyClick(presenter.room, Qt.Key.Key_S)
    qtbot.waitUntil(lambda: presenter.live is not None and presenter.live.state is not None, timeout=WAIT_MS)
    return presenter


def join(window: MainWindow, code: str, qtbot) -> LiveWindow:  # type: ignore[no-untyped-def]
    """Through the menu entry and its dialog, as a trainee would."""
    assert window.join_action.isVisible() and window.join_action.isEnabled()
    window.join_action.trigger()
    dialog = window.join_dialog
    assert isinstance(dialog, QInputDialog) and dialog.isVisible()
    dialog.setTextValue(code.lower())
    dialog.accept()
    qtbot.waitUntil(lambda: window.live_window is not None and window.live_window.isVisible(), timeout=WAIT_MS)
    assert window.live_window is not None
    return window.live_window


def step_to(presenter: Presenter, qtbot, kind: StepKind, number: int = 1) -> None:  # type: ignore[no-untyped-def]
    model = presenter.presentation
    while not (model.step.kind is kind and (model.step.number == number or kind not in (StepKind.QUESTION,
                                                                                          StepKind.ANSWER))):
        qtbot.keyClick(presenter.room, Qt.Key.Key_Right)


@pytest.mark.postgres
def test_a_trainee_answers_the_presenters_question_from_their_own_window(classroom, qtbot) -> None:  # type: ignore[no-untyped-def]
    ivy, ann = classroom
    presenter = start_session(ivy, qtbot)
    live = presenter.live
    assert live is not None and live.state is not None
    code = live.state.code
    assert f"code {code}" in presenter.room.join.text()

    seat_window = join(ann, code, qtbot)
    seat = seat_window.seat
    assert "Watch the presenter's screen" in seat_window.waiting.text()
    qtbot.waitUntil(lambda: live.room.present == ("Ann",), timeout=WAIT_MS)
    assert "1 in the session" in presenter.room.join.text()

    step_to(presenter, qtbot, StepKind.QUESTION, 1)
    qtbot.waitUntil(lambda: seat_window.form is not None and seat_window.send.isVisible(), timeout=WAIT_MS)
    question = presenter.presentation.case.questions[0]
    assert question.kind == "single"
    form = seat_window.form
    assert form is not None
    # the trainee's choices are the room's, in the room's order and with its letters
    room_letters = [f"{letter}. {choice.text}" for letter, choice in presenter.presentation.lettered(question)]
    assert [label.text() for label in form.choice_labels] == room_letters
    assert list(form.shown) == list(choice_order(question, presenter.presentation.seed))
    assert not seat_window.feedback.isVisible()  # nothing of the answer before the reveal

    right = next(i for i, c in enumerate(question.choices) if c.correct)
    form.group.button(right).click()
    qtbot.mouseClick(seat_window.send, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: question.id in seat.trainee.sent, timeout=WAIT_MS)  # type: ignore[union-attr]
    assert "reached the class" in seat_window.note.text() and not seat_window.send.isVisible()
    assert not seat_window.feedback.isVisible()
    qtbot.waitUntil(lambda: live.answered() == 1, timeout=WAIT_MS)
    assert presenter.notes is None or "1 of 1" in presenter.notes.toPlainText()
    qtbot.keyClick(presenter.room, Qt.Key.Key_A)  # before the reveal: only how many
    assert presenter.room.answers.isVisible() and presenter.room.answers.heading == "1 of 1 have answered"
    assert presenter.room.answers.answers is None

    qtbot.keyClick(presenter.room, Qt.Key.Key_Right)  # the answer
    qtbot.waitUntil(lambda: seat_window.feedback.isVisible(), timeout=WAIT_MS)
    assert "Right — 1 of 1" in seat_window.feedback.toPlainText()
    shown = presenter.room.answers.answers
    assert shown is not None and [bar.count for bar in shown.bars if bar.right] == [1]
    assert "Ann" not in presenter.room.answers.accessibleDescription()  # no names on the room's screen

    step_to(presenter, qtbot, StepKind.QUESTION, 2)  # the second question goes unanswered
    qtbot.waitUntil(lambda: seat_window.send.isVisible(), timeout=WAIT_MS)
    qtbot.keyClick(presenter.room, Qt.Key.Key_Right)
    qtbot.waitUntil(lambda: "You did not answer" in seat_window.note.text(), timeout=WAIT_MS)
    assert "Model answer" in seat_window.feedback.toPlainText()

    qtbot.keyClick(presenter.room, Qt.Key.Key_Escape)  # the presenter leaves: the session ends everywhere
    qtbot.waitUntil(lambda: seat.stage is Stage.DONE, timeout=WAIT_MS)
    assert "The session is over" in seat_window.waiting.text() and "1 of 4 questions" in seat_window.waiting.text()
    [attempt] = ann.store.recent_attempts(ann.profile)
    assert attempt.case_id == CASE and attempt.score == pytest.approx(0.25)
    assert ann.live_seat is None


def test_the_join_entry_is_only_there_on_a_shared_database(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    assert not window.join_action.isVisible()  # one person on their SQLite file: nothing changes
    window.open_case(CASE)
    window.present()  # View › Present (F5 goes to the active window: there are two here)
    presenter = window.presenter
    assert presenter is not None
    qtbot.keyClick(presenter.room, Qt.Key.Key_S)  # presenter mode as it always was: S does nothing
    assert presenter.live is None and not presenter.room.join.isVisible()
    qtbot.keyClick(presenter.room, Qt.Key.Key_A)
    assert not presenter.room.answers.isVisible()
    qtbot.keyClick(presenter.room, Qt.Key.Key_Escape)


@pytest.mark.postgres
def test_a_trainee_cannot_start_a_session_and_a_wrong_code_is_explained(classroom, qtbot) -> None:  # type: ignore[no-untyped-def]
    _ivy, ann = classroom
    ann.open_case(CASE)
    ann.present()
    assert ann.presenter is not None
    qtbot.keyClick(ann.presenter.room, Qt.Key.Key_S)
    assert ann.presenter.live is None and "instructor's profile" in ann.presenter.room.join.text()
    qtbot.keyClick(ann.presenter.room, Qt.Key.Key_Escape)
    ann.join_with_code("ZZ999")
    qtbot.waitUntil(lambda: any(isinstance(w, QMessageBox) and w.isVisible() for w in ann.findChildren(QMessageBox)),
                    timeout=WAIT_MS)
    box = next(w for w in ann.findChildren(QMessageBox) if w.isVisible())
    assert "no class session with the code 'ZZ999'" in box.informativeText()
    box.close()
    assert ann.live_seat is None


@pytest.mark.postgres
def test_on_a_class_database_a_trainee_is_the_profile_of_their_login(classroom, qtbot) -> None:  # type: ignore[no-untyped-def]
    _ivy, ann = classroom
    assert ann.profile.name == "Ann" and ann.login_profile == ann.profile
    ann.new_profile()
    ann.switch_profile()
    assert "the profile of your login" in ann.statusBar().currentMessage() and ann.profile.name == "Ann"


@pytest.mark.postgres
def test_an_exam_seals_joining_and_takes_a_trainee_out_of_a_session(classroom, qtbot) -> None:  # type: ignore[no-untyped-def]
    ivy, ann = classroom
    presenter = start_session(ivy, qtbot)
    assert presenter.live is not None and presenter.live.state is not None
    seat_window = join(ann, presenter.live.state.code, qtbot)
    seat = seat_window.seat
    ann.start_exam(BUILT_IN_PROFILES[0])
    assert not ann.join_action.isEnabled()
    qtbot.waitUntil(lambda: seat.stage is Stage.DONE, timeout=WAIT_MS)
    assert not seat_window.isVisible() and ann.live_seat is None
    ann.join_class_session()
    assert ann.join_dialog is None or not ann.join_dialog.isVisible()
    assert "not available during an exam" in ann.statusBar().currentMessage()
    qtbot.waitUntil(lambda: presenter.live is not None and presenter.live.room.present == (), timeout=WAIT_MS)
    ann.finish_exam(show=False)
    assert ann.join_action.isEnabled()


@pytest.mark.postgres
def test_a_dropped_network_keeps_the_answer_and_sends_it_when_it_returns(qtbot, library: Library, tmp_path,  # type: ignore[no-untyped-def]
                                                                        class_server: ClassServer) -> None:
    _ivy, ivy_url = class_server.add("Ivy", instructor=True)
    _ann, ann_url = class_server.add("Ann")
    with proxy_to(ann_url) as cable:
        ivy = _window(qtbot, library, tmp_path, "ivy", ivy_url)
        ann = _window(qtbot, library, tmp_path, "ann", cable.url(ann_url))
        presenter = start_session(ivy, qtbot)
        live = presenter.live
        assert live is not None and live.state is not None
        seat_window = join(ann, live.state.code, qtbot)
        seat = seat_window.seat
        step_to(presenter, qtbot, StepKind.QUESTION, 1)
        qtbot.waitUntil(lambda: seat_window.send.isVisible(), timeout=WAIT_MS)

        cable.cut()
        qtbot.waitUntil(lambda: not seat.online, timeout=WAIT_MS)
        assert "connection to the class is lost" in seat_window.status.text()
        question = presenter.presentation.case.questions[0]
        assert seat_window.form is not None
        seat_window.form.group.button(0).click()
        qtbot.mouseClick(seat_window.send, Qt.MouseButton.LeftButton)
        qtbot.wait(1500)  # a send or two fail meanwhile
        assert seat.trainee is not None and [a.question_id for a in seat.trainee.pending()] == [question.id]
        assert "will be sent when it returns" in seat_window.status.text()
        assert "kept here" in seat_window.note.text()
        assert live.answered() == 0

        cable.restore()
        qtbot.waitUntil(lambda: question.id in seat.trainee.sent, timeout=WAIT_MS)  # type: ignore[union-attr]
        qtbot.waitUntil(lambda: live.answered() == 1, timeout=WAIT_MS)
        # The seat learns it is back on its next round trip, which may come just after the send.
        qtbot.waitUntil(lambda: seat.online and "Connected" in seat_window.status.text(), timeout=WAIT_MS)
        qtbot.keyClick(presenter.room, Qt.Key.Key_Escape)
        qtbot.waitUntil(lambda: seat.stage is Stage.DONE, timeout=WAIT_MS)
        [attempt] = ann.store.recent_attempts(ann.profile)
        assert attempt.case_id == CASE
        answers = ivy.store.live_room(live.state.session_id, question.id).answers
        assert answers == (("Ann", 0),)  # once
        operations.wait_for_work(10_000)
        for window in (ivy, ann):
            window._store.close()  # type: ignore[union-attr]


@pytest.mark.postgres
def test_quitting_during_a_session_puts_the_answers_into_progress(classroom, qtbot) -> None:  # type: ignore[no-untyped-def]
    ivy, ann = classroom
    presenter = start_session(ivy, qtbot)
    live = presenter.live
    assert live is not None and live.state is not None
    seat_window = join(ann, live.state.code, qtbot)
    step_to(presenter, qtbot, StepKind.QUESTION, 1)
    qtbot.waitUntil(lambda: seat_window.send.isVisible(), timeout=WAIT_MS)
    assert seat_window.form is not None
    seat_window.form.group.button(0).click()
    seat_window.send.click()
    ann.close()  # quitting: the answer so far is recorded on the way out
    assert not ann.isVisible()
    [attempt] = ann.store.recent_attempts(ann.profile)
    assert attempt.case_id == CASE
    qtbot.waitUntil(lambda: live.room.present == (), timeout=WAIT_MS)  # the presenter carries on without Ann
    qtbot.keyClick(presenter.room, Qt.Key.Key_Right)
    assert ivy.presenter is presenter and live.state.code in presenter.room.join.text()


@pytest.mark.postgres
def test_a_session_that_ended_while_the_window_was_closed_is_recorded_at_the_next_start(  # type: ignore[no-untyped-def]
        qtbot, library: Library, tmp_path, class_server: ClassServer) -> None:
    from app.training.live import LiveAnswer, LivePhase, LiveStep

    _ivy, ivy_url = class_server.add("Ivy", instructor=True)
    _ann, ann_url = class_server.add("Ann")
    case = library.case(CASE)
    assert case is not None
    with Store.open(ivy_url) as presenting, Store.open(ann_url) as hers:
        ivy, ann = presenting.login_profile(), hers.login_profile()
        assert ivy is not None and ann is not None
        asked = presenting.start_live_session(ivy, case, 3, LiveStep(LivePhase.QUESTION, case.questions[0].id,
                                                                     frozenset()))
        hers.join_live_session(ann, asked.code)  # Ann's application answered, then died
        hers.send_live_answer(ann, asked.session_id, LiveAnswer(case.questions[0].id, 0, asked.revision))
        presenting.end_live_session(asked.session_id)
    window = _window(qtbot, library, tmp_path, "ann", ann_url)
    qtbot.waitUntil(lambda: bool(window.store.recent_attempts(window.profile)), timeout=WAIT_MS)
    [attempt] = window.store.recent_attempts(window.profile)
    assert attempt.case_id == CASE
    qtbot.waitUntil(lambda: "1 class session" in window.statusBar().currentMessage(), timeout=WAIT_MS)
    operations.wait_for_work(10_000)
    window._store.close()  # type: ignore[union-attr]
