"""Build hook: the wheel carries ``content/`` and the resources the application uses.

Everything else about the build is declared in pyproject.toml. Why a hook: authors edit
``content/`` at the top of the repository, outside the ``app`` package, and setuptools'
package data can only name files inside a package. This ``build_py`` copies the content
and the icons and desktop entry into ``app/_bundled/`` of the build, where ``app.shipped``
finds them in an installed wheel (and the PyInstaller spec puts them in the same place).
An editable install builds nothing: there ``app.shipped`` finds ``content/`` beside ``app/``,
so an author's edit shows at the next start.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
# What ships, as (source in the repository, place under app/_bundled/); screenshots stay out.
SHIPPED = (
    ("content", "content"),
    ("resources/icons", "resources/icons"),
    ("resources/director-trainer.desktop", "resources/director-trainer.desktop"),
)


class BuildWithContent(build_py):
    """``build_py`` that also copies the shipped folders into the built ``app`` package."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        for source, target in SHIPPED:
            origin, destination = ROOT / source, Path(self.build_lib) / "app" / "_bundled" / target
            if origin.is_dir():
                shutil.copytree(origin, destination, dirs_exist_ok=True,
                                ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
            else:
                destination.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(origin, destination)


setup(cmdclass={"build_py": BuildWithContent})
