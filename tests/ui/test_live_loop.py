"""The live session's background loops when their window goes away mid-round: nothing reports to a
deleted owner (it raised "Signal source has been deleted"), and a watcher is still closed."""

from __future__ import annotations

import threading

import shiboken6
from PySide6.QtCore import QObject, Signal

from app.ui.common import operations
from app.ui.common.live_loop import Coalesced, WatchLoop


class Owner(QObject):
    reported = Signal(object)


def test_a_watch_round_that_returns_after_its_owner_is_deleted_reports_nothing_but_still_closes(qtbot) -> None:  # type: ignore[no-untyped-def]
    owner, release = Owner(), threading.Event()
    heard: list[object] = []
    closed: list[bool] = []
    owner.reported.connect(heard.append)
    loop = WatchLoop(lambda: release.wait(5), owner.reported.emit, owner.reported.emit, owner)
    loop.start()
    loop.stop(then=lambda: closed.append(True))  # as a seat does when it leaves: close once the round is back
    loop.start()  # ...and a seat that is deleted without leaving keeps its loop running
    shiboken6.delete(owner)  # the window closed, its seat and the seat's loops with it
    release.set()
    assert operations.wait_for_work(5000)
    qtbot.wait(50)  # the round's result is delivered through the event loop
    assert closed == [True] and heard == []


def test_a_send_that_returns_after_its_owner_is_deleted_reports_nothing(qtbot) -> None:  # type: ignore[no-untyped-def]
    owner, release = Owner(), threading.Event()
    heard: list[object] = []
    owner.reported.connect(heard.append)
    sender = Coalesced(lambda: 1, lambda value: release.wait(5) and value, owner.reported.emit,
                       owner.reported.emit, parent=owner)
    sender.request()
    shiboken6.delete(owner)  # the window closed, its seat and the seat's loops with it
    release.set()
    assert operations.wait_for_work(5000)
    qtbot.wait(50)
    assert heard == []
