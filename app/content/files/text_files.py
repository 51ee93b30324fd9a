"""Read a content file as UTF-8 text, saying where it is not.

Python's decoder reports a byte offset, which means nothing to someone looking
at the file in an editor; the line and column of the bad byte do.
"""

from __future__ import annotations

from pathlib import Path

from app.content.files.problems import ContentError


def read_utf8(path: Path) -> str:
    """The text of ``path``; raises ContentError with the line and column of the first byte that is not
    UTF-8 (OSError passes through: a file that cannot be opened is the caller's to report)."""
    return decode_utf8(path.read_bytes())


def decode_utf8(data: bytes) -> str:
    """``data`` as text (a file's bytes read from elsewhere, such as a zip); raises ContentError as
    ``read_utf8`` does."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = data[: exc.start]
        line = before.count(b"\n") + 1
        column = len(before[before.rfind(b"\n") + 1:].decode("utf-8", errors="replace")) + 1
        raise ContentError(line, f"column {column}: byte 0x{data[exc.start]:02x} is not UTF-8 text ({exc.reason}); "
                                 "save the file with UTF-8 encoding") from exc
