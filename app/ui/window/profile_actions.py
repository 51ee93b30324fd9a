"""The main window's dealings with the progress store: the trainee's profile (choosing, switching,
making one), filling home, case list, progress, classroom and library notes from the store, and
saving bookmarks and notes. Every store call goes through ``_safely``, so that a database
problem becomes a message and never a traceback inside a Qt slot."""

from __future__ import annotations

import getpass
from collections.abc import Callable
from typing import TypeVar

from PySide6.QtWidgets import QInputDialog, QMessageBox

from app.store.errors import StoreError
from app.store.home_state import HomeState, chosen_profile, read_home_state
from app.store.records import Profile, Role
from app.training.clock import local_now
from app.training.exam_seal import Sealed
from app.ui.window.window_base import AREAS, WindowBase

T = TypeVar("T")


class ProfileActions(WindowBase):
    """The main window's part that reads and writes the current profile's progress."""

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

    def _first_profile(self) -> Profile:
        """On a class database, the profile of the login connected; else the profile used last on this
        machine, else the first in the database (``home_state.chosen_profile``, the rule Home's snapshot
        is checked by), else a new one named after the computer's user."""
        if self.login_profile is not None:
            return self.login_profile
        found = chosen_profile(str(self.settings.value("profile/name", "")), self.store.profiles())
        if found is not None:
            return found
        return self.store.add_profile((getpass.getuser() or "Trainee").capitalize())

    def _own_login(self) -> bool:
        """True (and says so) on a class database, where the profile is the login's and no other."""
        if self.login_profile is None:
            return False
        self.statusBar().showMessage(
            f"On the class database you are {self.login_profile.name}, the profile of your login; to be someone else, "
            "start Director Trainer with their login.", 8000)
        return True

    def refresh_profile(self) -> None:
        """Show the current trainee's state everywhere: home, case list, progress, library notes."""
        if self._store is None:
            return
        profile = self.profile
        self.refresh_home()
        last = self._safely(lambda: self.store.last_results(profile), "read results") or {}
        self.show_results({case_id: f"{score:.0%}" for case_id, score in last.items()})
        self._refresh_progress()
        bookmarks = self._safely(lambda: self.store.bookmarks(profile), "read bookmarks") or []
        marked = set(bookmarks)
        self._set_personal(lambda key: (key in marked, self.store.note_for(profile, key)), bookmarks)
        classroom = self.areas.item(AREAS.index("Classroom"))
        classroom.setHidden(profile.role != Role.INSTRUCTOR)
        if profile.role != Role.INSTRUCTOR and self.stack.currentIndex() == AREAS.index("Classroom"):
            self.areas.setCurrentRow(AREAS.index("Home"))  # switched from an instructor's profile
        self._refresh_classroom()
        self.setWindowTitle(f"Director Trainer — {profile.name}")

    def refresh_home(self) -> None:
        """Fill Home from the store (also each time it is shown: answers are saved as they are given,
        so what is unfinished changes while the trainee works)."""
        if self._store is None:
            return
        profile = self.profile
        # the paper being sat is not offered for resuming while it is on screen
        state = self._safely(lambda: read_home_state(self.store, profile, exam=self.exam is None), "read your home page")
        if state is not None:
            self.show_home(state)
            return
        # Unreadable: the profile chosen with nothing listed, rather than another profile's Home left on screen.
        self.home_state = None
        self.home.refresh(profile, [profile], [], [], [], None, local_now())

    def show_home(self, state: HomeState) -> None:
        """Fill Home from a reading of the store: the live one, or before the store is open the copy kept
        at the last close (see ``home_snapshots``). Each is shown at this moment (the exam's time left, the
        outlook), as the store's reading would be."""
        now = local_now()
        self.home.refresh(state.profile, list(state.profiles), list(state.due), list(state.recent),
                          list(state.unfinished), state.exam, now)
        self.home_state = state
        self.show_outlook(state.history, now)
        self.home_ready = True

    def _refresh_classroom(self) -> None:
        """Fill the classroom view, if it has been built and the profile is an instructor's."""
        if self._classroom is None or self._store is None or self.profile.role != Role.INSTRUCTOR:
            return
        results = self._safely(self.store.results_by_case_and_topic, "read the class's results")
        if results is not None:
            self._classroom.refresh(results, self.store.location)

    def choose_profile(self, name: str) -> None:
        if self.seal.refuses(Sealed.PROFILES) or (self._own_login() and name != self.profile.name):
            return  # the exam belongs to the trainee who started it; a class login to its own profile
        found = self._safely(lambda: self.store.profile_named(name), "find the profile")
        if found is not None:
            self._save_note()
            self.profile = found
            self.refresh_profile()

    def switch_profile(self) -> None:
        if self.seal.refuses(Sealed.PROFILES) or self._own_login():
            return
        names = [p.name for p in self._safely(self.store.profiles, "read the profiles") or []]
        name, ok = QInputDialog.getItem(self, "Switch profile", "Profile:", names, 0, False)
        if ok and name:
            self.choose_profile(name)

    def new_profile(self) -> None:
        if self.seal.refuses(Sealed.PROFILES) or self._own_login():
            return
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
