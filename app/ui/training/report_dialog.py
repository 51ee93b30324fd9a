"""A results report shown in a window, exported to HTML or PDF.

The report's HTML comes from ``app.training.report_html``; PDF is made from the
same HTML with Qt's own PDF writer, so there is no second layout to keep in step.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QPageLayout, QPageSize, QPdfWriter, QTextDocument
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFileDialog, QPushButton, QTextBrowser, QVBoxLayout, QWidget

from app.ui.common.theme import readable


def write_pdf(html: str, path: Path) -> None:
    """Lay the report's HTML out on A4 pages and write it as a PDF."""
    writer = QPdfWriter(str(path))
    writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    writer.setPageOrientation(QPageLayout.Orientation.Portrait)
    writer.setResolution(120)
    writer.setTitle("Director Trainer report")
    document = QTextDocument()
    document.setHtml(html)
    document.print_(writer)


class ReportDialog(QDialog):
    """The report, with buttons to save it as HTML or PDF."""

    def __init__(self, title: str, html: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.html = html
        self.view = readable(QTextBrowser())
        self.view.setHtml(html)
        self.view.setAccessibleName("Report")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        save_html = QPushButton("Save as HTML…")
        save_pdf = QPushButton("Save as PDF…")
        buttons.addButton(save_html, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(save_pdf, QDialogButtonBox.ButtonRole.ActionRole)
        save_html.clicked.connect(lambda: self._save("HTML files (*.html)", ".html"))
        save_pdf.clicked.connect(lambda: self._save("PDF files (*.pdf)", ".pdf"))
        layout = QVBoxLayout(self)
        layout.addWidget(self.view, 1)
        layout.addWidget(buttons)
        # no taller or wider than the screen's free area, so the buttons below the report stay on it
        screen = (parent.screen() if parent is not None else None) or self.screen()
        room = screen.availableGeometry()
        self.resize(min(820, int(room.width() * 0.9)), min(700, int(room.height() * 0.85)))

    def _save(self, pattern: str, suffix: str) -> None:
        name, _ = QFileDialog.getSaveFileName(self, "Save the report", f"report{suffix}", pattern)
        if name:
            self.save(Path(name))

    def save(self, path: Path) -> None:
        """Write the report in the format its suffix names (.pdf, else HTML)."""
        if path.suffix.lower() == ".pdf":
            write_pdf(self.html, path)
        else:
            path.write_text(self.html, encoding="utf-8")
