"""Home before the progress store is open: filled at start from the copy kept at the last close, and
its actions held until the store is there.

Why: the store opens off the GUI thread after the first paint and takes about half a second
(SQLAlchemy's import, the database's check); Home, the first screen, would stay empty meanwhile.
At close the window reads Home from the store once more, closes the store and keeps that reading
with the database file's stamp (``app.store.home_snapshot``, which says when a copy is used: only
while it shows exactly what the store would). The store then fills Home again when it attaches, as
it always did.

Why actions wait: with Home filled a trainee can click a due case or Start review before the store
is open; the clicks are kept, in order, and carried out once the store is attached (the status bar
says why nothing has happened yet), unless the trainee has left Home meanwhile or the progress that
opened is not the one Home showed.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.store.errors import StoreError
from app.store.home_state import read_home_state
from app.ui.window.window_base import WindowBase

if TYPE_CHECKING:
    from app.store.store import Store

OPENING = "Opening your progress…"


class HomeSnapshots(WindowBase):
    """The main window's part that shows Home from its snapshot and keeps one at close."""

    _waiting: list[Callable[[], None]] | None = None  # Home's actions clicked before the store was open, in order
    _snapshot_file: Path | None = None  # the database Home was filled for from its snapshot

    def show_home_snapshot(self, db: str | None) -> bool:
        """Fill Home from the copy kept for the database ``db`` names (the ``--db`` value, None for the
        default), if it is still good; returns whether it was. Called once the window has painted (the
        lists name the library's cases, and the Today box's outlook is worked out afresh, see
        ``home_state``: for a long history that takes longer than the paint itself)."""
        from app.store.home_snapshot import read_snapshot
        from app.store.location import database_file

        try:
            path = database_file(db)
        except (OSError, RuntimeError):  # a path that cannot be resolved: the store will say so
            return False
        state = read_snapshot(path, str(self.settings.value("profile/name", ""))) if path is not None else None
        if state is None:
            return False
        self.show_home(state)
        self._snapshot_file = path
        return True

    def keep_home_snapshot(self) -> bool:
        """At close, once nothing more is written: read Home afresh, close the store (SQLite folds its
        log into the file) and keep the reading with the file's stamp. Only for a SQLite file of the
        trainee's own; any problem only means no copy. Returns whether one was kept."""
        store = self._store
        if store is None or self.store_is_temporary or self.login_profile is not None or store.is_shared:
            return False
        path = store.file
        if path is None:
            return False
        try:
            state = read_home_state(store, self.profile)
        except StoreError:
            return False
        store.close()
        from app.store.home_snapshot import write_snapshot

        return write_snapshot(path, state)

    def once_open(self, action: Callable[..., Any]) -> Callable[..., None]:
        """``action`` as a slot that waits for the store: carried out at once if it is open, else kept, after
        any clicked before it, until ``run_waiting`` (and forgotten if the trainee leaves Home meanwhile,
        see ``forget_waiting``)."""

        def run(*args: Any) -> None:
            if self._store is not None:
                action(*args)
                return
            self._waiting = [*(self._waiting or []), lambda: action(*args)]
            self.statusBar().showMessage(OPENING)

        return run

    def forget_waiting(self) -> None:
        """Drop the actions kept while the store was opening: the trainee has moved on from the Home they
        were clicked on."""
        self._waiting = None

    def run_waiting(self, store: Store) -> None:
        """Carry out, in the order clicked, the Home actions kept while the store was opening; not when
        ``store`` holds other progress than the Home they were clicked on showed (the trainee continued
        without saving, or chose another file)."""
        waiting, self._waiting = self._waiting or [], None
        if self.store_is_temporary or (self._snapshot_file is not None and store.file != self._snapshot_file):
            if waiting:
                self.statusBar().showMessage("Home now shows the progress that is open: choose again what you "
                                             "clicked.", 8000)
            return
        for action in waiting:
            action()
