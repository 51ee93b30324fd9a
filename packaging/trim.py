"""Leaving out of the Linux bundle the Qt plugins Director Trainer never loads, and the libraries
only they need.

PySide6's PyInstaller hook collects every platform plugin, and with them whatever they link:
the GTK platform theme alone brings cairo, pango, harfbuzz, gdk-pixbuf and GLib's GIO, the VNC
and touch plugins Qt's network library. The application runs on an X11 or Wayland desktop (and
offscreen for its smoke test), with Qt's own style and dialogs, so the embedded-device
platforms, the GTK theme, the VNC server and raw input plugins go, and then every collected
library that nothing left in the bundle links to (about 13 MiB). So do image formats it never
reads, compiled modules it never imports, and CUPS, which the desktop provides (about 17 MiB).
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Callable, Iterable
from pathlib import PurePosixPath

# Qt plugins of the bundle (paths as PyInstaller places them) the application has no use for.
UNUSED_QT_PLUGINS = re.compile(
    r"PySide6/Qt/plugins/("
    r"platformthemes/libqgtk3|"  # GTK look and file dialogs: Qt's own are used
    r"platforms/libq(vnc|eglfs|linuxfb|minimalegl|minimal)\.|"  # VNC server, embedded devices, no display
    r"generic/|egldeviceintegrations/|"  # raw evdev and TUIO input; EGL on bare hardware
    r"imageformats/libq(gif|icns|ico|jpeg|tga|tiff|wbmp|webp)\."  # it draws PNG (built in) and SVG only
    r")"
)
# Compiled modules the application never imports: RapidFuzz's AVX2 builds (it falls back to its
# plain build when one is missing, at no cost for "did you mean" over a few thousand words) and
# Python's codecs for Chinese, Japanese and Korean encodings (case and board files are read as
# UTF-8 or Latin-1).
UNUSED_EXTENSIONS = re.compile(r"(rapidfuzz/.*_avx2\.|lib-dynload/_codecs_(cn|hk|jp|kr|tw|iso2022)\.)")
# Libraries left to the desktop rather than shipped: CUPS talks to the machine's own print server,
# and with it go GnuTLS, Kerberos and Avahi (about 9 MiB). Without it Qt still prints to PDF.
SYSTEM_LIBRARIES = frozenset({"libcups.so.2"})
Entry = tuple[str, str, str]  # PyInstaller's table of contents: (place in the bundle, source file, kind)


def _is_collected_library(place: str) -> bool:
    """A shared library taken in because something links to it, rather than one a package ships
    for Python to import: the system libraries at the top of the bundle and Qt's own libraries."""
    path = PurePosixPath(place)
    if path.name.startswith("libpython"):
        return False  # the bootloader loads it by name
    return len(path.parts) == 1 or place.startswith("PySide6/Qt/lib/")


def _unused(place: str) -> bool:
    """A plugin, module or library of the bundle that is left out whatever links to it."""
    return bool(UNUSED_QT_PLUGINS.search(place) or UNUSED_EXTENSIONS.search(place)
                or PurePosixPath(place).name in SYSTEM_LIBRARIES)


def trim(binaries: Iterable[Entry], imports: Callable[[str], Iterable[str]]) -> list[Entry]:
    """``binaries`` without the unused plugins and modules and the libraries left to the system,
    then without each collected library that no remaining binary needs (``imports(source)`` names
    the libraries a binary links to), repeated until nothing more can go."""
    kept = [entry for entry in binaries if not _unused(entry[0])]
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


def direct_links(binary: str) -> list[str]:
    """The libraries ``binary`` names itself (its ELF ``NEEDED`` entries, read with objdump, which
    PyInstaller needs on Linux anyway). PyInstaller's own ``get_imports`` asks ``ldd``, which lists
    everything loaded with it: through it a Qt plugin would seem to need the whole chain behind a
    library left to the system, and nothing behind CUPS could go."""
    shown = subprocess.run(["objdump", "-p", binary], capture_output=True, text=True, check=False).stdout
    return [line.split()[1] for line in shown.splitlines() if line.split()[:1] == ["NEEDED"]]
