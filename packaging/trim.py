"""Leaving out of the Linux bundle the Qt plugins Director Trainer never loads, and the libraries
only they need.

PySide6's PyInstaller hook collects every platform plugin, and with them whatever they link:
the GTK platform theme alone brings cairo, pango, harfbuzz, gdk-pixbuf and GLib's GIO, the VNC
and touch plugins Qt's network library. The application runs on an X11 or Wayland desktop (and
offscreen for its smoke test), with Qt's own style and dialogs, so the embedded-device
platforms, the GTK theme, the VNC server and raw input plugins go, and then every collected
library that nothing left in the bundle links to (about 13 MiB).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from pathlib import PurePosixPath

# Qt plugins of the bundle (paths as PyInstaller places them) the application has no use for.
UNUSED_QT_PLUGINS = re.compile(
    r"PySide6/Qt/plugins/("
    r"platformthemes/libqgtk3|"  # GTK look and file dialogs: Qt's own are used
    r"platforms/libq(vnc|eglfs|linuxfb|minimalegl|minimal)\.|"  # VNC server, embedded devices, no display
    r"generic/|egldeviceintegrations/"  # raw evdev and TUIO input; EGL on bare hardware
    r")"
)
Entry = tuple[str, str, str]  # PyInstaller's table of contents: (place in the bundle, source file, kind)


def _is_collected_library(place: str) -> bool:
    """A shared library taken in because something links to it, rather than one a package ships
    for Python to import: the system libraries at the top of the bundle and Qt's own libraries."""
    path = PurePosixPath(place)
    if path.name.startswith("libpython"):
        return False  # the bootloader loads it by name
    return len(path.parts) == 1 or place.startswith("PySide6/Qt/lib/")


def trim(binaries: Iterable[Entry], imports: Callable[[str], Iterable[str]]) -> list[Entry]:
    """``binaries`` without the unused plugins, then without each collected library that no
    remaining binary needs (``imports(source)`` names the libraries a binary links to), repeated
    until nothing more can go."""
    kept = [entry for entry in binaries if not UNUSED_QT_PLUGINS.search(entry[0])]
    needs: dict[str, set[str]] = {}
    while True:
        needed = set()
        for _place, source, kind in kept:
            if kind != "SYMLINK":
                needed |= needs.setdefault(source, set(imports(source)))
        unused = {PurePosixPath(place).name for place, _source, _kind in kept
                  if _is_collected_library(place) and PurePosixPath(place).name not in needed}
        if not unused:
            return kept
        # A library goes with the links to it (PyInstaller puts one at the top for Qt's).
        kept = [entry for entry in kept if not (_is_collected_library(entry[0])
                                                and PurePosixPath(entry[0]).name in unused)]


def without_dangling_links(entries: Iterable[Entry], binaries: Iterable[Entry]) -> list[Entry]:
    """``entries`` less the links (PyInstaller lists them with the data) to a library trimmed away."""
    places = {place for place, _source, _kind in binaries}
    return [entry for entry in entries if entry[2] != "SYMLINK" or entry[1] in places]
