"""Opening a board file: PBN or LIN, told apart by the file's suffix or, failing that, its content."""

from __future__ import annotations

from pathlib import Path

from app.bridge.board_file import BoardFile, BoardProblem
from app.bridge.errors import BridgeError
from app.bridge.lin_file import read_lin
from app.bridge.pbn_file import read_pbn


def read_text(path: Path) -> str:
    """A board file's text: UTF-8 if it is that, else ISO 8859-1 (the character set PBN prescribes)."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise BridgeError(f"cannot read {path}: {error.strerror or error}") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def is_lin(path: Path, text: str) -> bool:
    """LIN by its suffix; with another suffix, by its content (pairs like ``md|…|`` and no PBN tags)."""
    suffix = path.suffix.lower()
    if suffix in (".lin", ".pbn"):
        return suffix == ".lin"
    return "md|" in text and not text.lstrip("\ufeff \t\r\n").startswith(("[", "%", "{", ";"))


def load_board_file(path: Path) -> BoardFile:
    """Read a PBN or LIN file; a bad board is reported in ``problems`` and the others are kept.

    Raises ``BridgeError`` only when the file itself cannot be read.
    """
    text = read_text(path)
    reader = read_lin if is_lin(path, text) else read_pbn
    board_file = reader(text, str(path))
    if board_file.boards or board_file.problems:
        return board_file
    kind = "LIN" if reader is read_lin else "PBN"
    return BoardFile(board_file.source, (), (BoardProblem(str(path), 1, None, f"no boards found in this {kind} file"),))
