"""Help › About: the version, where the user's things are kept, and what the library holds."""

from __future__ import annotations

from pathlib import Path

from app import __version__
from app.content.library import Library, library_counts


def test_about_names_the_version_the_folders_and_the_counts(window, library: Library) -> None:  # type: ignore[no-untyped-def]
    window.about()
    dialog = window.about_dialog
    assert dialog.isVisible()
    text = dialog.text.text()
    counts = library_counts(library)
    assert f"Director Trainer {__version__}" in text
    assert f"Progress: {window.store.location}" in text
    assert f"Your own cases: {window.case_actions.folder}" in text
    assert "Imported official law text: " in text and "(nothing imported)" in text
    assert f"{counts.sections} sections of the 2017 Laws" in text and f"{counts.cases} cases with" in text
    assert f"{counts.questions} questions" in text and f"{counts.notes} notes on other codes" in text
    dialog.accept()


def test_counts_tell_the_users_own_cases_from_the_library(library: Library, tmp_path: Path) -> None:
    counts = library_counts(library)
    assert counts.sections == sum(1 for _ in library.book.walk()) > 900
    assert counts.cases == len(library.cases) and counts.user_cases == 0
    folder = library.cases[0].path.parent
    assert library_counts(library, folder).user_cases == sum(1 for c in library.cases if c.path.parent == folder)
