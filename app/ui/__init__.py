"""PySide6 windows and widgets. Thin: shows what the layers below compute.

Importing this package also switches off a cost PySide6 puts on every later import in the process.
PySide6 replaces ``builtins.__import__`` to support its opt-in ``from __feature__ import snake_case``;
after each import of a module not seen before, that hook reads the module's whole source file to
see whether it mentions PySide6, and notes the answer for feature switching. The application uses no
``__feature__`` selection, so the answer is never consulted, but the reading cost about a quarter of
the time SQLAlchemy takes to import when the store opens (60 of 240 ms, measured) and a tenth of the
window's own imports. Answering "no" without reading leaves features working for nothing here: a
module so marked is only left out of switching that is never switched on.
"""

from __future__ import annotations

import sys
from types import ModuleType

import PySide6  # noqa: F401 - loads shiboken's support modules, the feature hook among them


def _uses_no_features(_module: ModuleType) -> bool:
    return False


def skip_the_feature_scan() -> bool:
    """Stop PySide6 reading each newly imported module's source; True if its hook was found."""
    feature = sys.modules.get("shibokensupport.feature")
    if feature is None or not hasattr(feature, "_mod_uses_pyside"):
        return False  # a PySide6 without the scan: nothing to switch off
    setattr(feature, "_mod_uses_pyside", _uses_no_features)  # noqa: B010 - a name mypy cannot see
    return True


skip_the_feature_scan()
