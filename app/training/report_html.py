"""A report as one self-contained HTML page: headings and tables, no scripts, no external files.

The GUI shows the same string and prints it to PDF through Qt's rich-text engine,
which understands only a subset of HTML and CSS; so tables use the plain
``border``/``cellpadding`` attributes and the style sheet stays minimal.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from html import escape

from app.content.laws.law_book import LawBook
from app.content.laws.search import plain_snippet
from app.training.exam import ExamReport
from app.training.report import CaseLine, QuestionLine, Report, Tally

NOT_ANSWERED_MARK = "—"
PAGE_STYLE = "body { font-family: sans-serif; } th { text-align: left; } td.n { text-align: right; }"


def report_html(report: Report | ExamReport, trainee: str = "", topic_names: Mapping[str, str] | None = None,
                book: LawBook | None = None) -> str:
    """The page for a practice or exam report; ``topic_names`` turns topic ids into their
    descriptions (``Library.topics``); ``book`` gives the reason for a "which law" question, which
    has none of its own: what the section it names says."""
    exam = report if isinstance(report, ExamReport) else None
    results = report.report if isinstance(report, ExamReport) else report
    names = topic_names or {}
    parts = [
        "<!DOCTYPE html>",
        '<html><head><meta charset="utf-8">',
        f"<title>{escape(results.title)}</title>",
        f"<style>{PAGE_STYLE}</style></head><body>",
        f"<h1>{escape(results.title)}</h1>",
    ]
    if trainee:
        parts.append(f"<p>Trainee: {escape(trainee)}</p>")
    if exam:
        parts.append(_exam_summary(exam))
    parts.append(f"<p>Score: {_tally(results.total)}</p>")
    parts.append("<h2>By topic</h2>")
    parts.append(html_table(("Topic", "Points", "Out of", "Score"),
                        ([names.get(topic, topic), *_numbers(tally)] for topic, tally in results.by_topic.items()),
                        numeric={1, 2, 3}))
    parts.append("<h2>Case by case</h2>")
    parts.append(html_table(("Case", "Points", "Out of", "Score"),
                        ([line.title, *_numbers(line.tally)] for line in results.cases), numeric={1, 2, 3}))
    parts.extend(_case_detail(line, book) for line in results.cases)
    parts.append("</body></html>")
    return "\n".join(parts)


def _exam_summary(exam: ExamReport) -> str:
    profile = exam.profile
    verdict = "Passed" if exam.passed else "Not passed"
    taken = int(exam.time_taken.total_seconds() // 60)
    ended = " (time ran out)" if exam.timed_out else ""
    book = "open book" if profile.open_book else "closed book"
    return (
        f"<p>Sat {_when(exam.started_at)}, {taken} of {profile.minutes} minutes{ended}, {book}.</p>"
        f"<p><b>{verdict}</b> — the pass mark is {profile.pass_mark:.0%}.</p>"
    )


def _case_detail(line: CaseLine, book: LawBook | None) -> str:
    """The case's questions: each with the answer given, its mark and the model answer, then why
    the model answer is right (a report kept before answers were recorded shows no such column)."""
    given = any(q.given for q in line.questions)
    rows = ([q.ask, *([q.given or NOT_ANSWERED_MARK] if given else []), q.verdict, f"{q.points:g}",
             f"{q.max_points:g}", q.correct_answer] for q in line.questions)
    headings = ("Question", *(("Your answer",) if given else ()), "Result", "Points", "Out of", "Model answer")
    numeric = {3, 4} if given else {2, 3}
    reasons = ((number, " ".join(part for part in (q.why, _section_says(q, book)) if part))
               for number, q in enumerate(line.questions, start=1))
    whys = "".join(f"<p><b>Question {number}, why:</b> {escape(why)}</p>\n" for number, why in reasons if why)
    return f"<h3>{escape(line.title)}</h3>\n" + html_table(headings, rows, numeric=numeric) + "\n" + whys


def _section_says(question: QuestionLine, book: LawBook | None) -> str:
    """For a question whose model answer is a law section ("Law 70E1"), that section's summary in
    the library (a "which law" question has no reason of its own, and a part mark's says only that
    the section is another); empty for any other answer, or a section the book does not have."""
    if book is None or not question.correct_answer.startswith("Law "):
        return ""
    section = book.get(question.correct_answer)
    if section is None or not section.summary:
        return ""
    return f"{section.ref.label()}: {plain_snippet(section.summary)}"


def html_table(headings: Sequence[str], rows: Iterable[Sequence[str]], numeric: set[int]) -> str:
    """A bordered table; the ``numeric`` columns are right-aligned."""
    head = "".join(f"<th>{escape(h)}</th>" for h in headings)
    body = "".join(
        "<tr>" + "".join(
            f'<td class="n">{escape(value)}</td>' if i in numeric else f"<td>{escape(value)}</td>"
            for i, value in enumerate(row)
        ) + "</tr>\n"
        for row in rows
    )
    return f'<table border="1" cellpadding="4" cellspacing="0">\n<tr>{head}</tr>\n{body}</table>'


def _numbers(tally: Tally) -> list[str]:
    return [f"{tally.points:g}", f"{tally.max_points:g}", f"{tally.fraction:.0%}"]


def _tally(tally: Tally) -> str:
    return f"{tally.points:g} of {tally.max_points:g} ({tally.fraction:.0%})"


def _when(moment: datetime) -> str:
    """A moment in the computer's own time zone (the store keeps UTC), with the zone's name."""
    local = moment.astimezone()
    return f"{local:%Y-%m-%d %H:%M} {local.tzname() or ''}".rstrip()
