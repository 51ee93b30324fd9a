"""Printing a page of HTML, or saving it as a PDF, through Qt's own printing (QPrinter).

Any view that shows a rendered page (a law, later a case) hands its HTML here: the page is laid
out afresh on the paper, so it does not inherit the window's width, dark palette or scroll
position, and a printer dialog or a PDF file gets the same pages.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QMarginsF, QSizeF
from PySide6.QtGui import QFont, QImage, QPageLayout, QPageSize, QTextDocument
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import QDialog, QFileDialog, QWidget

from app import __version__

PAGE_MARGIN_MM = 18.0
# Paper is read nearer than a screen: text a little smaller than the window's reads as it should.
PRINT_POINT_SIZE = 10
# Qt prints text black; links get a dark blue that reads on paper whatever the window's theme.
PRINT_STYLE = "a { color: #1a3f8f; text-decoration: none; }"
LAYOUT_DPI = 96  # the resolution a whole-page layout is made at (see Paper.whole_page)


@dataclass(frozen=True)
class Paper:
    """How a page goes on paper: the text size, the margins and, when it must be fixed (a card that
    has to fit two pages of either size), the paper size; otherwise the printer's own."""

    point_size: float = PRINT_POINT_SIZE
    margin_mm: float = PAGE_MARGIN_MM
    size: QPageSize.PageSizeId | None = None
    # Qt's own print layout adds a 2 cm frame inside the margins and numbers the pages; a card that
    # must fit its pages is laid out on the printer itself, within the margins alone, unnumbered.
    whole_page: bool = False


READING = Paper()


def printable_document(page_html: str, title: str, font: QFont | None = None,
                       paper: Paper = READING) -> QTextDocument:
    """A document of the page to lay out on paper (the caller renders the page for a light ground), titled."""
    document = QTextDocument()
    base = QFont(font) if font is not None else QFont()
    base.setPointSizeF(paper.point_size)
    document.setDefaultFont(base)
    document.setDefaultStyleSheet(PRINT_STYLE)
    document.setHtml(page_html)
    document.setMetaInformation(QTextDocument.MetaInformation.DocumentTitle, title)
    return document


def _printer(title: str, paper: Paper) -> QPrinter:
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setDocName(title)
    printer.setCreator(f"Director Trainer {__version__}")
    if paper.size is not None:
        printer.setPageSize(QPageSize(paper.size))
    printer.setPageMargins(QMarginsF(*(paper.margin_mm,) * 4), QPageLayout.Unit.Millimeter)
    return printer


def save_pdf(page_html: str, title: str, path: Path, font: QFont | None = None, paper: Paper = READING) -> Path:
    """Write the page to a PDF file (Qt's PDF output, no printer needed); returns the path.
    Raises OSError, saying which file, when it could not be written (Qt itself only stays silent)."""
    path.unlink(missing_ok=True)  # an old file of that name must not pass for the new one
    printer = _printer(title, paper)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(path))
    _print(printable_document(page_html, title, font, paper), printer, paper)
    if not path.is_file() or path.stat().st_size == 0:
        raise OSError(f"could not write {path}: check that the folder exists and that you may write in it")
    return path


def _print(document: QTextDocument, printer: QPrinter, paper: Paper) -> None:
    if paper.whole_page:
        # Laid out at a screen's resolution on a page the size of the printable area: Qt then scales
        # it onto the paper whole, so sizes in pixels (padding, borders) keep their screen proportions.
        device = QImage(1, 1, QImage.Format.Format_RGB32)
        device.setDotsPerMeterX(round(LAYOUT_DPI / 0.0254))
        device.setDotsPerMeterY(round(LAYOUT_DPI / 0.0254))
        document.documentLayout().setPaintDevice(device)
        area = printer.pageLayout().paintRect(QPageLayout.Unit.Inch)
        document.setPageSize(QSizeF(area.width() * LAYOUT_DPI, area.height() * LAYOUT_DPI))
        document.print_(printer)
        return
    document.print_(printer)


def print_page(page_html: str, title: str, parent: QWidget | None = None, paper: Paper = READING) -> bool:
    """Ask which printer (the system's print dialog) and print the page; False if the user cancelled."""
    printer = _printer(title, paper)
    dialog = QPrintDialog(printer, parent)
    dialog.setWindowTitle(f"Print {title}")
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return False
    _print(printable_document(page_html, title, parent.font() if parent is not None else None, paper), printer, paper)
    return True


def ask_pdf_path(title: str, parent: QWidget | None = None, folder: Path | None = None) -> Path | None:
    """Ask where to save the PDF, offering a file named after the page; None if the user cancelled."""
    suggested = (folder or Path.home()) / (re.sub(r"[^\w.()-]+", " ", title).strip() + ".pdf")
    chosen, _filter = QFileDialog.getSaveFileName(parent, f"Save {title} as PDF", str(suggested), "PDF (*.pdf)")
    if not chosen:
        return None
    path = Path(chosen)
    return path if path.suffix.lower() == ".pdf" else path.with_name(path.name + ".pdf")
