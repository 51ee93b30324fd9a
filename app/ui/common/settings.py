"""Typed reads from QSettings, whose values come back as strings on some platforms."""

from __future__ import annotations

from PySide6.QtCore import QSettings


def setting_int(settings: QSettings, key: str, default: int) -> int:
    value = settings.value(key, default)
    try:
        return int(str(value))
    except ValueError:
        return default


def setting_bool(settings: QSettings, key: str, default: bool) -> bool:
    value = settings.value(key, default)
    if isinstance(value, bool):
        return value
    return str(value).lower() in ("true", "1", "yes")
