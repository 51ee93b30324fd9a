"""The main window's status bar: its standing message (the library's size, where progress is kept),
and messages about what one area shows, which go when the trainee leaves that area — a case's title
is not left under Home, nor a law page's name under the case list."""

from __future__ import annotations

from app.ui.window.window_base import WindowBase


class StatusLine(WindowBase):
    """The main window's part that keeps its status bar true."""

    _said_in: tuple[str, str] | None = None  # (area, message) of the last message about an area

    def show_standing_status(self) -> None:
        """The status bar's standing message: the library's size, and where progress is kept."""
        where = ("opening your progress…" if self._store is None else "progress is NOT being kept (no database)"
                 if self.store_is_temporary else f"progress kept in {self._store.location}")
        if not self.library.cases_unpacked:  # in the moment before the first paint, when the cases are still packed
            self.statusBar().showMessage(f"{len(self.library.book.sections)} law sections; {where}")
            return
        problems = len(self.library.problems)
        self.statusBar().showMessage(
            f"{len(self.library.book.sections)} law sections, {len(self.library.cases)} cases; {where}"
            + (f" — {problems} content problem{'s' if problems != 1 else ''} (run director-trainer check)"
               if problems else "")
        )

    def say_in(self, area: str, message: str, timeout: int) -> None:
        """Say ``message`` about what ``area`` shows, for ``timeout`` ms or until the trainee leaves it."""
        self._said_in = (area, message)
        self.statusBar().showMessage(message, timeout)

    def leaving_for(self, area: str) -> None:
        """Called as another area comes on screen: a message about the one left goes with it."""
        said = self._said_in
        if said is not None and said[0] != area and self.statusBar().currentMessage() == said[1]:
            self.statusBar().clearMessage()
        self._said_in = None if said is None or said[0] != area else said
