"""A combo box that leaves the width of its form alone.

By default a combo box asks for the width of its longest entry, and a topic or paper name can be
long enough to push a form (and the window) past a 1024-pixel screen. This one asks for a few
characters' width and takes what the layout gives it; the open list still shows every entry whole.
"""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox


def narrow_combo(name: str, characters: int = 16) -> QComboBox:
    """An empty combo box named ``name`` for screen readers, asking for ``characters`` characters' width."""
    box = QComboBox()
    box.setAccessibleName(name)
    box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    box.setMinimumContentsLength(characters)
    return box
