"""Render the application icon's PNG sizes from its SVG, with Qt's own SVG renderer.

Desktops and window managers that cannot read SVG (and the Windows and macOS icon
formats) want bitmaps at fixed sizes; rendering them from the one hand-drawn SVG
keeps every size in step with it. Run it after changing the SVG and commit the PNGs:

    python packaging/make_icons.py
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ICONS = Path(__file__).resolve().parents[1] / "resources" / "icons"
SVG = ICONS / "director-trainer.svg"
SIZES = (16, 32, 48, 128, 256)


def png_path(size: int) -> Path:
    """Where the PNG of one size lives (also what tests and the README's install steps use)."""
    return ICONS / f"director-trainer-{size}.png"


def render_icons() -> list[Path]:
    """Draw the SVG onto a transparent square of each size and save it; return the files written."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    _application = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        raise SystemExit(f"make_icons: {SVG} is not an SVG Qt can read; check it in a browser")
    written = []
    for size in SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        renderer.render(painter)
        painter.end()
        path = png_path(size)
        if not image.save(str(path)):  # the .png suffix names the format
            raise SystemExit(f"make_icons: could not write {path}")
        written.append(path)
    return written


if __name__ == "__main__":
    for path in render_icons():
        print(path.relative_to(ICONS.parents[1]))
