"""PySide6's import hook no longer reads the source of every module imported after it (see ``app/ui/__init__``)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

import app.ui


def test_a_module_imported_after_the_window_package_is_not_read_for_pyside(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    feature = sys.modules["shibokensupport.feature"]
    (tmp_path / "mentions_pyside_probe.py").write_text('"""Mentions PySide6 in its source."""\nVALUE = 1\n')
    monkeypatch.syspath_prepend(str(tmp_path))
    read: list[str] = []
    monkeypatch.setattr("inspect.getsource", lambda module: read.append(module.__name__) or "PySide6")
    assert app.ui.skip_the_feature_scan()
    namespace: dict[str, Any] = {}
    exec("import mentions_pyside_probe", namespace)  # an import statement goes through the hook; import_module would not
    assert namespace["mentions_pyside_probe"].VALUE == 1
    assert read == []
    # Marked "ignore in switching", where a read source mentioning PySide6 would have given 0.
    assert feature.pyside_feature_dict["mentions_pyside_probe"] == -1
