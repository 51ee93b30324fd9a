"""Regenerate the README's screenshots: one PNG per view, drawn offscreen.

    python scripts/screenshots.py [--out resources/screenshots] [--dark] [--size 1024x700]

The README's pictures are 1920×1080; any other ``--size`` names its files with the size
(``case-1024x700.png``), so both sizes can be kept side by side.

Uses a throw-away settings file so the pictures do not depend on the user's
own window layout.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.content.library import load_library  # noqa: E402
from app.store import Store  # noqa: E402
from app.training.exam_profiles import BUILT_IN_PROFILES  # noqa: E402
from app.ui.app import engine_explainer  # noqa: E402
from app.ui.editor.case_editor import Unsaved  # noqa: E402
from app.ui.window.main_window import AREAS, MainWindow  # noqa: E402

SIZE = "1920x1080"


def shoot(window: MainWindow, app: QApplication, path: Path) -> None:
    for _ in range(3):
        app.processEvents()
    window.grab().save(str(path))
    print(path)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=ROOT / "resources" / "screenshots")
    parser.add_argument("--dark", action="store_true", help="use the dark theme")
    parser.add_argument("--case", default="", help="the case to show (default: the first with play)")
    parser.add_argument("--size", default=SIZE, help=f"window size, WIDTHxHEIGHT (default {SIZE})")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    app = QApplication([])
    with tempfile.TemporaryDirectory() as folder:
        settings = QSettings(str(Path(folder) / "settings.ini"), QSettings.Format.IniFormat)
        settings.setValue("view/theme", "dark" if args.dark else "light")
        library = load_library(ROOT / "content")
        store = Store.open(str(Path(folder) / "progress.sqlite3"))
        store.add_profile("Alex")
        window = MainWindow(library, settings, store, engine_explainer())
        width, height = (int(part) for part in args.size.lower().split("x"))
        window.resize(width, height)
        window.show()
        suffix = ("-dark" if args.dark else "") + ("" if args.size == SIZE else f"-{args.size}")
        shoot(window, app, args.out / f"home{suffix}.png")
        shoot_about(window, app, args.out / f"about{suffix}.png")
        shoot_quick_reference(window, app, args.out / f"quick-reference{suffix}.png")

        window.show_law("27B1(a)")
        shoot(window, app, args.out / f"library{suffix}.png")

        shoot_codes(window, app, args.out, suffix, width, height)

        window.find_in_laws()
        window.library_view.search.setText("major penalty card")
        shoot(window, app, args.out / f"search{suffix}.png")
        window.library_view.search.setText("penalyt crad")  # a typo: "Did you mean penalty card?"
        shoot(window, app, args.out / f"search-suggestion{suffix}.png")
        window.library_view.search.clear()
        window.show_law("27")  # a long law: its contents list, then its table of outcomes
        shoot(window, app, args.out / f"library-contents{suffix}.png")
        browser = window.library_view.browser
        browser.scrollToAnchor("s-27B")
        shoot(window, app, args.out / f"library-table{suffix}.png")

        window.areas.setCurrentRow(AREAS.index("Cases"))
        shoot(window, app, args.out / f"cases{suffix}.png")

        case = library.case(args.case) if args.case else next(
            (c for c in library.cases if any(e.kind in ("play", "trick") for e in c.events)),
            library.cases[0] if library.cases else None)
        if case is not None:
            window.open_case(case.id)
            window.player.slider.setValue(min(2, window.player.limit))  # mid-play: cards on the table
            shoot(window, app, args.out / f"case{suffix}.png")
            window.player.slider.setValue(window.player.limit)
            panel = window.player.ruling
            while panel.attempt is not None and panel.attempt.question is not None and panel.form is not None:
                question = panel.attempt.question
                _answer_model(panel.form, question)
                panel.mark_current()
                if panel.attempt.index == 0:
                    shoot(window, app, args.out / f"marked{suffix}.png")
                panel.next_question()
            shoot(window, app, args.out / f"ruling{suffix}.png")
            shoot_print(window, app, args.out / f"print{suffix}.png")
            shoot_marking_help(window, app, args.out / f"marking-help{suffix}.png")
            _shoot_teaching(window, app, args.out, suffix)
            if args.size == SIZE:  # one size of its own, whatever the other pictures' size
                shoot_half_screen(window, app, args.out / f"case-half-screen{suffix}.png", case.id, width, height)
            shoot_last_trick(window, app, args.out / f"last-trick{suffix}.png")
            study_history(window)
            window.areas.setCurrentRow(AREAS.index("Progress"))
            shoot(window, app, args.out / f"progress{suffix}.png")
            window.areas.setCurrentRow(AREAS.index("Home"))
            shoot(window, app, args.out / f"home-plan{suffix}.png")
            window.start_exam(replace(BUILT_IN_PROFILES[0], cases=4, quotas={}))
            shoot(window, app, args.out / f"exam{suffix}.png")
            shoot_exam_overview(window, app, args.out / f"exam-overview{suffix}.png")
            window.finish_exam(show=False)
            shoot_unfinished(window, app, args.out / f"home-unfinished{suffix}.png")
        shoot_tools(window, app, args.out, suffix)
        shoot_class_session(window, app, args.out, suffix, width, height)
        shoot_editor(window, app, args.out / f"editor{suffix}.png", width, height)
        shoot_unsaved_prompt(window, app, args.out / f"editor-unsaved{suffix}.png", width, height)
        shoot_pack_import(window, app, args.out, suffix)
        window.close()
        window.deleteLater()
        app.processEvents()
        store.close()
    return 0


def shoot_over(window: QWidget, app: QApplication, dialog, path: Path) -> None:  # type: ignore[no-untyped-def]
    """The window (the main one, or another such as the editor) with a dialog over it, centred, as
    the user sees it."""
    from PySide6.QtGui import QPainter

    for _ in range(3):
        app.processEvents()
    picture = window.grab()
    over = dialog.grab()
    painter = QPainter(picture)
    painter.drawPixmap((picture.width() - over.width()) // 2, (picture.height() - over.height()) // 2, over)
    painter.end()
    picture.save(str(path))
    print(path)


def shoot_print(window: MainWindow, app: QApplication, path: Path) -> None:
    """File › Print case with answers…: the page to be printed or saved as PDF."""
    window.print_case(True)
    shoot_over(window, app, window.print_dialog, path)
    window.print_dialog.close()


def shoot_marking_help(window: MainWindow, app: QApplication, path: Path) -> None:
    """Help › How answers are marked."""
    window.show_marking()
    shoot_over(window, app, window.marking_dialog, path)
    window.marking_dialog.close()


def shoot_exam_overview(window: MainWindow, app: QApplication, path: Path) -> None:
    """An exam with the first case answered in part and flagged, and the paper's overview over it."""
    panel = window.player.ruling
    if panel.form is not None and panel.sitting is not None and panel.sitting.question is not None:
        _answer_model(panel.form, panel.sitting.question)
        panel.mark_current()
        panel.exam.toggle_flag()
    panel.exam.show_overview()
    dialog = panel.exam.dialog
    assert dialog is not None
    shoot_over(window, app, dialog, path)
    dialog.close()


def shoot_half_screen(window: MainWindow, app: QApplication, path: Path, case_id: str, width: int,
                      height: int) -> None:
    """The case screen on half a 1920×1080 screen, beside the law book's PDF: the story and the
    questions under the table."""
    window.resize(960, 1040)
    window.open_case(case_id)
    shoot(window, app, path)
    window.resize(width, height)


def shoot_about(window: MainWindow, app: QApplication, path: Path) -> None:
    """Help › About over the window: the version, the user's folders and the library's counts."""
    window.about()
    for _ in range(3):
        app.processEvents()
    window.about_dialog.grab().save(str(path))
    window.about_dialog.accept()
    print(path)


def shoot_quick_reference(window: MainWindow, app: QApplication, path: Path) -> None:
    """Help › Quick-reference card over the window, sized to it: the boxes two a row, law links."""
    window.show_quick_reference()
    card = window.quick_reference
    assert card is not None
    for _ in range(3):
        app.processEvents()
    card.grab().save(str(path))
    card.close()
    print(path)


def shoot_codes(window: MainWindow, app: QApplication, out: Path, suffix: str, width: int, height: int) -> None:
    """The other codes beside a 2017 section (Compare), and the user's imported official wording
    (a made-up book from the test fixtures, imported into a throw-away folder)."""
    from app.content.official import importer as official

    view = window.library_view
    window.show_law("31B")
    dialog = view.compare()
    assert dialog is not None
    dialog.resize(min(width, 1600), min(height, 900))
    for _ in range(3):
        app.processEvents()
    dialog.grab().save(str(out / f"compare{suffix}.png"))
    print(out / f"compare{suffix}.png")
    dialog.close()
    book = ROOT / "tests" / "content" / "fixtures" / "official" / "english-extraction.txt"
    with tempfile.TemporaryDirectory() as folder:
        official.import_file(book, window.library.book, Path(folder))
        window.library.set_official(official.load(Path(folder)))
    view.official_changed()
    view.official_button.setChecked(True)
    window.show_law("27B1(a)")
    shoot(window, app, out / f"official{suffix}.png")
    view.official_button.setChecked(False)
    window.library.set_official(None)
    view.official_changed()


def _open_at(window: MainWindow, kind: str) -> None:
    """Open the first case with a question of ``kind`` and answer the ones before it."""
    case = next(c for c in window.library.cases if any(q.kind == kind for q in c.questions))
    window.open_case(case.id)
    panel = window.player.ruling
    while panel.sitting is not None and panel.sitting.question is not None and panel.sitting.question.kind != kind:
        _answer_model(panel.form, panel.sitting.question)
        panel.mark_current()
        panel.next_question()


def _shoot_teaching(window: MainWindow, app: QApplication, out: Path, suffix: str) -> None:
    """A several-choice answer marked choice by choice (one right, one wrong, the rest missed),
    and an order question as it first appears, shuffled."""
    _open_at(window, "multi")
    panel = window.player.ruling
    assert panel.sitting is not None and panel.sitting.question is not None and panel.form is not None
    choices = panel.sitting.question.choices
    for wanted in (True, False):  # the boxes are in the order shown; the choices in the case file's
        index = next(i for i, c in enumerate(choices) if c.correct is wanted)
        panel.form.boxes[panel.form.shown.index(index)].setChecked(True)
    panel.mark_current()
    shoot(window, app, out / f"marked-multi{suffix}.png")
    _open_at(window, "order")
    shoot(window, app, out / f"order{suffix}.png")


def _answer_model(form, question, wrong: bool = False) -> None:  # type: ignore[no-untyped-def]
    """Fill a question's form with its model answer (or a wrong one), as a trainee would."""
    if question.kind == "single":
        form.group.button(next(i for i, c in enumerate(question.choices) if c.correct != wrong)).setChecked(True)
    elif question.kind == "multi":
        for box, index in zip(form.boxes, form.shown, strict=True):
            box.setChecked(question.choices[index].correct != wrong)
    elif question.kind == "number":
        form.line.setText(str(question.answer))
    elif question.kind == "law":
        form.law_box.setCurrentText(str(question.answer))


def shoot_last_trick(window: MainWindow, app: QApplication, path: Path) -> None:
    """A case whose director is called after the last trick: the deal drawn as dealt, faded."""
    window.open_case("revoke-trick-won-in-dummy")
    shoot(window, app, path)


def study_history(window: MainWindow) -> None:
    """Five weeks of a trainee's study, recorded as the window would: two or three cases most evenings
    (a trainee of middling and rising skill, from ``tests/training/simulated_trainee.py``), a mock
    paper after the second week and one last weekend, and a plan for the laws paper twelve days on."""
    import random
    from datetime import timedelta

    from app.training.clock import utc_now
    from app.training.practice import Mode
    from app.training.study_plan import StudyPlan
    from tests.training.simulated_trainee import SimulatedTrainee, sit

    store, profile, paper = window.store, window.profile, BUILT_IN_PROFILES[1]
    trainee = SimulatedTrainee(profile.name, {}, {}, (0.4, 0.75), 36, random.Random(3))
    start = (utc_now() - timedelta(days=36)).replace(hour=0, minute=0, second=0, microsecond=0)
    pool = paper.case_filter().apply(window.library.cases)
    for day in (d for d in range(34) if d % 7 not in (5, 6) or d > 27):
        for n in range(2 + day % 2):
            case = pool[(day * 3 + n) % 80]
            moment = start + timedelta(days=day, hours=19, minutes=15 * n)
            store.record_attempt(profile, trainee.attempt(case, day, moment), Mode.PRACTICE, moment)
        if day in (11, 33):
            sit(store, profile, trainee, paper, window.library.cases, start, day, seed=day)
    store.set_study_plan(profile, StudyPlan(paper, (utc_now() + timedelta(days=12)).date()))
    window.refresh_profile()


def shoot_unfinished(window: MainWindow, app: QApplication, path: Path) -> None:
    """Home with work left unfinished: a case answered half-way (left for another), and an exam paper
    closed mid-way, as the store keeps them after the window closed."""
    from datetime import timedelta

    from app.training.clock import utc_now
    from app.training.exam import Exam

    kept = {saved.case_id for saved in window.store.unfinished_attempts(window.profile)}  # left by earlier shots
    case = next(c for c in window.library.cases if len(c.questions) >= 4 and c.id not in kept)
    window.open_case(case.id)
    panel = window.player.ruling
    for _ in range(2):
        assert panel.sitting is not None and panel.sitting.question is not None and panel.form is not None
        _answer_model(panel.form, panel.sitting.question)
        panel.mark_current()
        panel.next_question()
    paper = replace(BUILT_IN_PROFILES[1], cases=3, quotas={})
    started = utc_now() - timedelta(minutes=25)
    exam = Exam.start(paper, window.library.cases, started, seed=1)
    for _ in range(2):
        current = exam.current
        assert current is not None and current.question is not None
        question = current.question
        exam.answer({"single": 0, "multi": frozenset({0}), "number": 0, "law": "70",
                     "order": tuple(range(len(question.items)))}[question.kind], started)
        exam.next(started)
    window.store.save_unfinished_exam(window.profile, exam, started + timedelta(minutes=5))
    window.areas.setCurrentRow(AREAS.index("Home"))
    shoot(window, app, path)
    window.store.discard_unfinished_exam(window.profile)
    window.store.discard_unfinished_attempt(window.profile, case.id)
    window.refresh_profile()


def shoot_unsaved_prompt(window: MainWindow, app: QApplication, path: Path, width: int, height: int) -> None:
    """The case editor closing with unsaved changes: the Save / Discard / Cancel question over it."""
    from PySide6.QtWidgets import QMessageBox

    from app.ui.common import operations

    editor = window.case_actions.new_case()
    editor.resize(width, height)
    editor.text.setPlainText(editor.text.toPlainText().replace("title: A new case", "title: Revoke on the last trick"))
    while operations.busy() or editor.settle.isActive():
        operations.wait_for_work(100)
        app.processEvents()
    title, question = editor.unsaved_prompt()
    buttons = QMessageBox.StandardButton
    box = QMessageBox(QMessageBox.Icon.Question, title, question, buttons.Save | buttons.Discard | buttons.Cancel,
                      editor)  # the question closing asks (shown here without waiting for an answer)
    box.setDefaultButton(buttons.Save)
    box.open()
    shoot_over(editor, app, box, path)
    box.close()
    editor.ask_unsaved = lambda: Unsaved.DISCARD
    editor.close()


def shoot_tools(window: MainWindow, app: QApplication, out: Path, suffix: str) -> None:
    """The director's tools: the calculators over the window, the double-dummy panel of a claim case
    once its questions are answered, and presenter mode's room and notes at 1920×1080."""
    from PySide6.QtGui import QPixmap

    from app.ui.common import operations
    from app.ui.presenter.presenter import Presenter
    from app.ui.tools.calculators import CalculatorsDialog

    window.open_case("claim-with-a-finesse")
    panel = window.player.ruling
    while panel.attempt is not None and panel.attempt.question is not None and panel.form is not None:
        _answer_model(panel.form, panel.attempt.question)
        panel.mark_current()
        panel.next_question()
    window.player.double_dummy.toggle.setChecked(True)
    while operations.busy():
        operations.wait_for_work(100)
        app.processEvents()
    shoot(window, app, out / f"double-dummy{suffix}.png")

    tools = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Tools")
    tools.aboutToShow.emit()  # the entries are added when the menu first opens
    tools.actions()[2].trigger()  # matchpoints, the pane with the most to show
    dialog = window.findChild(CalculatorsDialog, "calculators")
    shoot_over(window, app, dialog, out / f"calculators{suffix}.png")
    dialog.hide()

    screen = app.primaryScreen()
    presenter = Presenter(window.library.case("claim-with-a-finesse"), window.renderer, window.player.table.look,
                          current=screen, qscreens=[screen, screen])  # a laptop and a projector
    for view in (presenter.room, presenter.notes):
        assert view is not None
        view.showNormal()
        view.resize(1920, 1080)
    while presenter.presentation.step.caption != "North plays the ♣4":
        presenter.presentation.next()
    for name, view in (("presenter", presenter.room), ("presenter-notes", presenter.notes)):
        for _ in range(3):
            app.processEvents()
        image: QPixmap = view.grab() if view is not None else QPixmap()
        image.save(str(out / f"{name}{suffix}.png"))
        print(out / f"{name}{suffix}.png")
    presenter.stop()


def shoot_class_session(window: MainWindow, app: QApplication, out: Path, suffix: str, width: int, height: int) -> None:
    """A class session: the trainee's window on a question and with its mark, and the presenter's
    notes and room's screen with the room's answers. Run on the window's own store (SQLite, which
    the session's screens poll once a second) with four classmates answering through it, as their
    own computers would on the class's database; the window offers sessions only on PostgreSQL."""
    import time

    from app.store.records import Role
    from app.training.presentation import StepKind
    from app.ui.case.answer_form import law_choices
    from app.ui.classroom.live_seat import LiveSeat
    from app.ui.classroom.live_window import LiveWindow
    from app.ui.presenter.live_presenting import LivePresenting
    from app.ui.presenter.presenter import Presenter

    def until(done) -> None:  # type: ignore[no-untyped-def]
        deadline = time.monotonic() + 20
        while not done() and time.monotonic() < deadline:
            app.processEvents()
            time.sleep(0.02)
        assert done(), "the class session did not get there"

    def save(view, name: str) -> None:  # type: ignore[no-untyped-def]
        for _ in range(3):
            app.processEvents()
        view.grab().save(str(out / f"{name}{suffix}.png"))
        print(out / f"{name}{suffix}.png")

    store, library = window.store, window.library
    case = library.case("bid-of-eight-spades")
    assert case is not None
    ivy = store.add_profile("Ivy Instructor", Role.INSTRUCTOR)
    classmates = [store.add_profile(name) for name in ("Ann", "Ben", "Cara", "Dev")]
    screen = app.primaryScreen()
    presenter = Presenter(case, window.renderer, window.player.table.look, current=screen, qscreens=[screen, screen],
                          store=store, profile=ivy)
    for view in (presenter.room, presenter.notes):
        assert view is not None
        view.showNormal()
        view.resize(width, height)
    live = presenter.live = LivePresenting(store, ivy, presenter.presentation, presenter)
    live.changed.connect(presenter.refresh)
    live.start()
    until(lambda: live.state is not None)
    assert live.state is not None
    seat = LiveSeat(store, window.profile, library, window)
    seat.join(live.state.code)
    until(lambda: seat.trainee is not None)
    trainee = LiveWindow(seat, window.renderer, law_choices(library.book), window)
    trainee.resize(width, height)
    trainee.show()
    for classmate in classmates:
        store.join_live_session(classmate, live.state.code)
    while not (presenter.presentation.step.kind is StepKind.QUESTION and presenter.presentation.step.number == 1):
        presenter.presentation.next()
    question = case.questions[0]
    until(lambda: trainee.form is not None and trainee.form.question is question)
    assert trainee.form is not None
    _answer_model(trainee.form, question)
    trainee.send.click()
    until(lambda: question.id in seat.trainee.sent)  # type: ignore[union-attr]
    state = store.live_state(live.state.session_id)
    wrong = next(i for i, c in enumerate(question.choices) if not c.correct)
    right = next(i for i, c in enumerate(question.choices) if c.correct)
    from app.training.live import LiveAnswer

    for classmate, answer in zip(classmates[:3], (right, wrong, right), strict=True):
        store.send_live_answer(classmate, state.session_id, LiveAnswer(question.id, answer, state.revision))
    until(lambda: live.answered() == 4)
    save(trainee, "class-question")
    save(presenter.notes, "presenter-class-notes")
    presenter.presentation.next()  # the answer
    until(lambda: trainee.feedback.isVisible())
    presenter.answers_shown = True
    presenter.refresh()
    save(trainee, "class-marked")
    save(presenter.room, "presenter-class-answers")
    save(presenter.notes, "presenter-class-notes-answers")
    presenter.stop()
    until(lambda: seat.stage.value == "done")
    trainee.close()


def shoot_editor(window: MainWindow, app: QApplication, path: Path, width: int, height: int) -> None:
    """The case editor on a library case, once its checks, preview and analysis have come back."""
    from app.ui.common import operations

    window.open_case("bid-of-eight-spades")
    window.case_actions.confirm = lambda _title, _question: True  # "This shows the answers…": yes, for the picture
    editor = window.case_actions.edit_current()
    assert editor is not None
    editor.resize(width, height)
    editor.form.setCurrentIndex(1)  # the table: board, hands, auction and events
    if editor.notes.indexOf(editor.table) < 0:  # wide: the table stands above the tabs, so show the analysis
        editor.notes.setCurrentWidget(editor.analysis)
    while operations.busy() or editor.settle.isActive():
        operations.wait_for_work(100)
        app.processEvents()
    for _ in range(3):
        app.processEvents()
    editor.grab().save(str(path))
    print(path)
    editor.close()


def shoot_pack_import(window: MainWindow, app: QApplication, out: Path, suffix: str) -> None:
    """File › Import case pack… on a pack of 400 cases: the progress bar half-way (the reader held there
    for the picture), then the report, with a member written with a password and a case under a library
    case's id. Each dialog is drawn over the window where it stands."""
    import threading
    import zipfile

    from app.content.cases import packs
    from app.ui.common import operations

    real, half_way, go_on = packs.read_pack, threading.Event(), threading.Event()

    def held(*args):  # type: ignore[no-untyped-def]
        *rest, step = args

        def stepping(done: int, total: int) -> bool:
            if done == total // 2:
                half_way.set()
                go_on.wait(30)
            return bool(step(done, total))
        return real(*rest, stepping)

    with tempfile.TemporaryDirectory() as folder:
        pack = Path(folder) / "club-night-cases.zip"
        sources = sorted((ROOT / "content" / "cases").glob("*.yaml"))
        with zipfile.ZipFile(pack, "w", compression=zipfile.ZIP_DEFLATED) as archive:
            for number in range(400):
                source = sources[number % len(sources)]
                new_id = f"{source.stem}-club-{number // len(sources) + 1}"
                archive.writestr(f"{new_id}.yaml", source.read_text(encoding="utf-8").replace(
                    f"id: {source.stem}\n", f"id: {new_id}\n", 1))
            archive.writestr(sources[0].name, sources[0].read_text(encoding="utf-8"))
            archive.writestr("answers-for-the-director.yaml", "a file the zip's maker locked with a password")
        sys.path.insert(0, str(ROOT / "tests"))
        from zip_damage import patch_member

        patch_member(pack, "answers-for-the-director.yaml", flag=0x1)
        window.case_actions.folder = Path(folder) / "mine"
        packs.read_pack = held
        try:
            progress = window.case_actions.import_pack(pack)
            assert progress is not None
            while not (half_way.is_set() and progress.dialog.isVisible()):
                app.processEvents()
            _shoot_over(window, progress.dialog, app, out / f"pack-progress{suffix}.png")
            go_on.set()
            while not any(box.isVisible() for box in window.findChildren(QMessageBox)):
                operations.wait_for_work(50)
                app.processEvents()
        finally:
            packs.read_pack = real
        box = next(box for box in window.findChildren(QMessageBox) if box.isVisible())
        _shoot_over(window, box, app, out / f"pack-report{suffix}.png")
        box.close()


def _shoot_over(window: MainWindow, dialog: QWidget, app: QApplication, path: Path) -> None:
    """The window with a dialog drawn where it stands over it (offscreen, each is its own picture)."""
    from PySide6.QtGui import QPainter

    for _ in range(3):
        app.processEvents()
    picture = window.grab()
    painter = QPainter(picture)
    painter.drawPixmap(dialog.mapToGlobal(dialog.rect().topLeft()) - window.mapToGlobal(window.rect().topLeft()),
                       dialog.grab())
    painter.end()
    picture.save(str(path))
    print(path)


if __name__ == "__main__":
    sys.exit(main())
