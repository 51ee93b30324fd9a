"""Tables the user reads rather than edits, made alike in one place."""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractItemView


def make_read_only(view: QAbstractItemView) -> None:
    """No cell opens for editing, and Tab moves on to the next control instead of walking every cell
    (the arrows still move within the table): a keyboard user is never held in a table."""
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setTabKeyNavigation(False)
