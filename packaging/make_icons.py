"""Render the application icon's PNG sizes, and the Windows and macOS icon files, from its SVG.

Desktops and window managers that cannot read SVG want bitmaps at fixed sizes, Windows an
``.ico`` and macOS an ``.icns`` holding several; rendering them all from the one hand-drawn SVG
(with Qt's own SVG renderer) keeps every size in step with it. Pillow writes the two
multi-size containers. Run it after changing the SVG and commit what it writes:

    python packaging/make_icons.py
"""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

ICONS = Path(__file__).resolve().parents[1] / "resources" / "icons"
SVG = ICONS / "director-trainer.svg"
SIZES = (16, 32, 48, 128, 256)
# The sizes each container holds: what Windows' shell and macOS's Finder and Dock ask for.
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_SIZES = (16, 32, 64, 128, 256, 512, 1024)


def png_path(size: int) -> Path:
    """Where the PNG of one size lives (also what tests and the README's install steps use)."""
    return ICONS / f"director-trainer-{size}.png"


def render(size: int) -> bytes:
    """The SVG drawn onto a transparent square of ``size`` pixels, as PNG data."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    _application = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        raise SystemExit(f"make_icons: {SVG} is not an SVG Qt can read; check it in a browser")
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter)
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    return bytes(data.data())


def write_container(path: Path, sizes: tuple[int, ...]) -> Path:
    """An .ico or .icns (the suffix says which) holding the icon rendered at each size, so that no
    size is a scaled copy of another."""
    from PIL import Image

    images = [Image.open(io.BytesIO(render(size))) for size in sizes]
    largest = images[-1]
    options = {"sizes": [(size, size) for size in sizes]} if path.suffix == ".ico" else {}
    largest.save(path, append_images=images[:-1], **options)
    return path


def render_icons() -> list[Path]:
    """Write every PNG size and the two containers; return the files written."""
    written = []
    for size in SIZES:
        path = png_path(size)
        path.write_bytes(render(size))
        written.append(path)
    written.append(write_container(ICONS / "director-trainer.ico", ICO_SIZES))
    written.append(write_container(ICONS / "director-trainer.icns", ICNS_SIZES))
    return written


if __name__ == "__main__":
    for path in render_icons():
        print(path.relative_to(ICONS.parents[1]))
