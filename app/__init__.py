"""Director Trainer: learn to direct duplicate bridge under the 2017 Laws.

Besides the version, this package says where the files that ship with the code are:
``content/`` (laws, glossary, topics, cases) and ``resources/`` (icons, desktop entry).
"""

from __future__ import annotations

from pathlib import Path

# The one version: the wheel's metadata (pyproject.toml reads it from here), --version and Help › About.
__version__ = "0.2.0"

PACKAGE = Path(__file__).resolve().parent
# Where a build puts the shipped folders inside the package: the wheel's build hook (setup.py)
# and the PyInstaller spec both copy them here.
BUNDLED = "_bundled"


def shipped(name: str, package: Path = PACKAGE) -> Path:
    """``content`` or ``resources`` as shipped with the code that is running.

    One lookup for every way of running it, relative to the ``app`` package actually imported, so
    code and content always come from the same place: an installed wheel or a PyInstaller bundle
    has them inside the package (``app/_bundled/<name>``); a checkout, run directly or installed in
    editable mode, has them beside it (``<checkout>/<name>``), where authors edit them.
    """
    inside = package / BUNDLED / name
    return inside if inside.is_dir() else package.parent / name
