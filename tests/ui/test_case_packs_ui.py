"""Importing a case pack from the window: read off the GUI thread with a progress bar and Cancel, the user's
cases replaced only after one question, a built-in case never replaced, and every file left out named."""

from __future__ import annotations

import threading
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QPushButton
from zip_damage import patch_member

from app.content.cases.skeleton import blank_case
from app.content.cases.writer import dump_case
from app.content.library import Library, load_library
from app.ui.window.main_window import MainWindow

ROOT = Path(__file__).resolve().parents[2]
WAIT = 20000


@pytest.fixture
def library() -> Library:
    """A library of this test's own: an import puts cases into the window's library."""
    return load_library(ROOT / "content")


@pytest.fixture
def mine(window: MainWindow, tmp_path: Path) -> Path:
    folder = tmp_path / "my-cases"
    window.case_actions.folder = folder
    return folder


def case_text(case_id: str, title: str = "A club case") -> str:
    return dump_case({**blank_case(case_id), "title": title})


def pack_of(path: Path, members: dict[str, str]) -> Path:
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, text in members.items():
            archive.writestr(name, text)
    return path


def report_box(qtbot, window: MainWindow) -> QMessageBox:  # type: ignore[no-untyped-def]
    """Wait for the box an import ends with."""
    def shown() -> list[QMessageBox]:
        return [box for box in window.findChildren(QMessageBox)
                if box.isVisible() and box.windowTitle() == "Import a case pack"]
    qtbot.waitUntil(lambda: bool(shown()), timeout=WAIT)
    return shown()[-1]


def held_at(monkeypatch: pytest.MonkeyPatch, done_at: int) -> tuple[threading.Event, threading.Event]:
    """Make the pack reader stop at item ``done_at`` until the test lets it go on: (reached, go_on)."""
    from app.content.cases import packs

    real = packs.read_pack
    reached, go_on = threading.Event(), threading.Event()

    def held(*args: Any) -> Any:
        *rest, step = args
        def stepping(done: int, total: int) -> bool:
            if done == done_at:
                reached.set()
                go_on.wait(WAIT / 1000)
            return bool(step(done, total))
        return real(*rest, stepping)

    monkeypatch.setattr(packs, "read_pack", held)
    return reached, go_on


def test_a_pack_is_read_with_progress_and_cancel_writes_nothing(qtbot, window: MainWindow, mine: Path,  # type: ignore[no-untyped-def]
                                                                tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pack = pack_of(tmp_path / "big.zip", {f"club-case-{n}.yaml": case_text(f"club-case-{n}") for n in range(60)})
    reached, go_on = held_at(monkeypatch, 30)
    progress = window.case_actions.import_pack(pack)
    assert progress is not None
    qtbot.waitUntil(reached.is_set, timeout=WAIT)
    # The window is not frozen: it keeps handling events while the pack is read, and the bar moves.
    qtbot.waitUntil(lambda: progress.dialog.maximum() == 60 and progress.dialog.value() == 29, timeout=WAIT)
    qtbot.waitUntil(progress.dialog.isVisible, timeout=WAIT)
    assert progress.dialog.labelText() == "Reading the case pack big.zip…\n29 of 60"
    cancel = next(button for button in progress.dialog.findChildren(QPushButton) if button.text() == "Cancel")
    qtbot.mouseClick(cancel, Qt.MouseButton.LeftButton)
    go_on.set()
    box = report_box(qtbot, window)
    assert box.text() == "big.zip: 0 case(s) imported; cancelled: nothing was written."
    assert not mine.exists() and window.library.case("club-case-0") is None


def test_a_pack_comes_in_with_its_problems_named(qtbot, window: MainWindow, mine: Path,  # type: ignore[no-untyped-def]
                                                 tmp_path: Path) -> None:
    members = {f"club-case-{n}.yaml": case_text(f"club-case-{n}") for n in range(3)}
    members["claim-with-a-finesse.yaml"] = (ROOT / "content" / "cases" / "claim-with-a-finesse.yaml").read_text()
    pack = pack_of(tmp_path / "club.zip", members)
    patch_member(pack, "club-case-1.yaml", flag=0x1)  # as if written with a password
    library_case = window.library.case("claim-with-a-finesse")
    box = (window.case_actions.import_pack(pack), report_box(qtbot, window))[1]
    assert box.text() == ("club.zip: 3 case(s) imported; 1 with the id of a library case, kept beside it under a new "
                          "id; 1 file(s) left out with problems.")
    assert "club.zip/club-case-1.yaml: this file in the zip is encrypted" in box.detailedText()
    assert "claim-with-a-finesse is a case in the library: the pack's is imported beside it as " \
           "claim-with-a-finesse-pack" in box.detailedText()
    assert window.library.case("claim-with-a-finesse") is library_case  # not replaced
    assert window.library.case("claim-with-a-finesse-pack") is not None
    assert sorted(p.name for p in mine.iterdir()) == ["claim-with-a-finesse-pack.yaml", "club-case-0.yaml",
                                                      "club-case-2.yaml"]


def test_the_users_cases_are_replaced_only_after_one_question(qtbot, window: MainWindow, mine: Path,  # type: ignore[no-untyped-def]
                                                              tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    mine.mkdir()
    for n in range(7):
        (mine / f"club-case-{n}.yaml").write_text(case_text(f"club-case-{n}", "Mine"), encoding="utf-8")
    pack = pack_of(tmp_path / "club.zip", {f"club-case-{n}.yaml": case_text(f"club-case-{n}", "Theirs")
                                           for n in range(7)})
    asked: list[str] = []
    answer: list[QMessageBox.StandardButton] = [QMessageBox.StandardButton.No]

    def question(*args: Any) -> QMessageBox.StandardButton:
        asked.append(args[2])
        return answer[0]

    monkeypatch.setattr(QMessageBox, "question", staticmethod(question))
    report_after: Callable[[], QMessageBox] = lambda: (window.case_actions.import_pack(pack),  # noqa: E731
                                                       report_box(qtbot, window))[1]
    assert report_after().text() == "club.zip: 0 case(s) imported; 7 kept as they were (not replaced)."
    assert asked == ["You already have 7 of the pack's cases (club-case-0.yaml, club-case-1.yaml, club-case-2.yaml, "
                     "club-case-3.yaml, club-case-4.yaml and 2 more). Replace them with the pack's?"]
    assert "Mine" in (mine / "club-case-3.yaml").read_text()
    for box in window.findChildren(QMessageBox):
        box.close()
    answer[0] = QMessageBox.StandardButton.Yes
    assert report_after().text() == "club.zip: 7 case(s) imported."
    assert len(asked) == 2 and "Theirs" in (mine / "club-case-3.yaml").read_text()
    case = window.library.case("club-case-3")
    assert case is not None and case.title == "Theirs"


def test_a_failure_while_writing_is_said_not_lost(qtbot, window: MainWindow, mine: Path,  # type: ignore[no-untyped-def]
                                                  tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from app.content.cases import packs

    def full_disk(*args: Any) -> Any:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(packs, "write_pack", full_disk)
    window.case_actions.import_pack(pack_of(tmp_path / "club.zip", {"club-case-0.yaml": case_text("club-case-0")}))
    box = report_box(qtbot, window)
    assert box.text() == "club.zip could not be imported: [Errno 28] No space left on device"
    assert window.library.case("club-case-0") is None
