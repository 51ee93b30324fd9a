"""The user's own copy of the official law text, read from a PDF or a text extraction of one.

The official wording is copyright, so the project ships its own summaries only; a
user who owns the book may import it. A real extraction is untidy: a table of
contents before the body and an index after it, page numbers and running headers
between lines, law headings split over two lines, section text run on from its
heading, items run on inside a paragraph, ligatures lost (``Insu cient``),
footnotes printed mid-sentence. This module reads the file; the splitting
(``sections``) turns the text into wording per section of the library's tree and
says what it could not place; no law text is dropped. The result lives in the
user's data folder, never in ``content/``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import asdict
from pathlib import Path

from app.content.laws.law_book import LawBook
from app.content.official.text import ImportReport, OfficialImportError, OfficialText

FILE_NAME = "official-wbf-2017.json"
APP_NAME = "director-trainer"


def default_folder() -> Path:
    """The user's data folder, where the imported copy is kept (never ``content/``)."""
    import platformdirs

    return platformdirs.user_data_path(APP_NAME)


# --- reading the file ----------------------------------------------------------------


def read_source(path: Path) -> str:
    """The text of a PDF (pages separated by form feeds) or of a text file in UTF-8, Windows-1252
    or Latin-1 (a German text saved on Windows is most likely Windows-1252)."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise OfficialImportError(f"{path}: cannot be read ({exc.strerror or exc}); check the path") from exc
    if data.startswith(b"%PDF"):
        return _pdf_text(path)
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1")  # every byte is a Latin-1 character


def _pdf_text(path: Path) -> str:
    # pypdf is imported here: it is needed only by this rarely used import.
    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    try:
        reader = PdfReader(str(path))
        if reader.is_encrypted:
            raise OfficialImportError(f"{path}: the PDF is encrypted; save an unprotected copy and import that")
        return "\f".join(page.extract_text() or "" for page in reader.pages)
    except PdfReadError as exc:
        raise OfficialImportError(f"{path}: not a readable PDF ({exc}); try a text extraction of it instead") from exc


# --- keeping it ----------------------------------------------------------------------


def save(official: OfficialText, folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / FILE_NAME
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(asdict(official), ensure_ascii=False, indent=1), encoding="utf-8")
    temporary.replace(path)  # a re-import replaces the old copy in one step
    return path


def load(folder: Path) -> OfficialText | None:
    """The imported wording, or None if there is none (or the file is unreadable: re-import then)."""
    path = folder / FILE_NAME
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return OfficialText(**data)
    except (OSError, ValueError, TypeError):
        return None


def remove(folder: Path) -> bool:
    path = folder / FILE_NAME
    if path.exists():
        path.unlink()
        return True
    return False


def import_file(path: Path, book: LawBook, folder: Path) -> ImportReport:
    """Read, split and keep a law book in one step (what the command and the menu item call)."""
    # The splitter is imported here: loading a saved copy at every start of the window never needs it.
    from app.content.official.sections import parse_law_book

    official, report = parse_law_book(read_source(path), book, path.name)
    save(official, folder)
    return report


def documents(official: OfficialText | None) -> Iterable[tuple[str, str]]:
    """(section key, wording) pairs for the search index."""
    return official.sections.items() if official is not None else ()
