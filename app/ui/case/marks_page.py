"""What the ruling panel says once a question is marked, and at the end of a case: the verdict in its
colour, a several-choice answer's sum and how each choice fared, the model answer, why, the law it
rests on; then the score, the model ruling, the commentary and the same table under another code.
HTML for the panel's page, built from what ``app.training`` works out."""

from __future__ import annotations

import html
from collections.abc import Sequence

from PySide6.QtGui import QPalette

from app.content.cases.model import Case, Question
from app.content.laws.editions import EDITION_LABELS
from app.content.laws.render import Renderer, law_href
from app.training.attempt import Attempt
from app.training.feedback import choice_verdicts, cited_law, model_answer_items, several_choice_tally
from app.training.marking import Answer, Mark
from app.ui.case.answer_form import VERDICT_MARKS
from app.ui.common.theme import verdict_colour


def inline(renderer: Renderer, text: str) -> str:
    """A short Markdown text as HTML without its paragraph, to sit inside a list item."""
    rendered = renderer.markdown(text).strip()
    if rendered.startswith("<p>") and rendered.endswith("</p>") and rendered.count("<p>") == 1:
        rendered = rendered[3:-4]
    return rendered


def mark_html(question: Question, given: Answer, result: Mark, shown: Sequence[int], renderer: Renderer,
              palette: QPalette) -> str:
    """The page for one marked question; ``shown`` is the order its choices were on screen."""
    kind = "right" if result.is_correct else ("partly" if result.fraction > 0 else "wrong")
    parts = [f'<h3 style="color:{verdict_colour(kind, palette)}">{result.verdict} — {result.points:g} of '
             f"{result.max_points:g}</h3>"]
    if question.kind == "multi" and isinstance(given, frozenset):
        parts.append(f"<p>{html.escape(several_choice_tally(question, given).sentence())}</p>")
        verdicts = choice_verdicts(question, given)
        rows = []
        for index in shown:
            sign, tint = VERDICT_MARKS[verdicts[index]]
            rows.append(f'<li><span style="color:{verdict_colour(tint, palette)}"><b>{sign}</b> '
                        f"{verdicts[index].value}:</span> {inline(renderer, question.choices[index].text)}</li>")
        parts.append("<p><b>Each choice:</b></p><ul>" + "".join(rows) + "</ul>")
    if not result.is_correct:
        items = model_answer_items(question)
        if len(items) == 1:
            parts.append(f"<p><b>Model answer:</b> {renderer.markdown(items[0])}</p>")
        else:
            tag = "ol" if question.kind == "order" else "ul"
            listed = "".join(f"<li>{inline(renderer, item)}</li>" for item in items)
            parts.append(f"<p><b>Model answer:</b></p><{tag}>{listed}</{tag}>")
    if result.why:
        parts.append(renderer.markdown(result.why))
    law = cited_law(question)
    if law is not None:
        parts.append(f'<p><b>The law:</b> <a href="{law_href(law.key)}">{html.escape(law.label())}</a></p>')
    return "\n".join(parts)


def answers_table(attempt: Attempt) -> str:
    """Each answered question of the attempt with its verdict and points."""
    rows = []
    for question in attempt.case.questions:
        mark = attempt.marks.get(question.id)
        if mark is not None:
            rows.append(f"<tr><td>{html.escape(_shorten(question.ask))}</td><td>{mark.verdict}</td>"
                        f"<td>{mark.points:g}/{mark.max_points:g}</td></tr>")
    return "<table cellpadding='3'>" + "".join(rows) + "</table>"


def ruling_html(attempt: Attempt, renderer: Renderer, engine_text: str, twins: Sequence[Case]) -> str:
    """The end of a case: the score, each answer's mark, the model ruling, the commentary, the engine's
    reasoning, and the same table under another code (shown only now: that a twin exists says the
    codes rule this table differently)."""
    case = attempt.case
    parts = [
        f"<h2>You scored {attempt.points:g} of {attempt.max_points:g} ({attempt.score:.0%})</h2>",
        "<h3>Your answers</h3>" + answers_table(attempt),
        "<h3>Model ruling</h3>", renderer.markdown(case.ruling),
        "<h3>Commentary</h3>", renderer.markdown(case.commentary),
    ]
    if engine_text:
        parts += ["<h3>The rules engine's reasoning</h3>", renderer.markdown(engine_text)]
    if twins:
        links = "".join(f'<li><a href="case:{twin.id}">{html.escape(twin.title)}</a> '
                        f"({EDITION_LABELS.get(twin.edition, twin.edition)})</li>" for twin in twins)
        parts += ["<h3>The same table under another code</h3>", f"<ul>{links}</ul>"]
    return "\n".join(parts)


def _shorten(text: str, width: int = 80) -> str:
    """A question cut at a word boundary for the summary table."""
    text = " ".join(text.split())
    return text if len(text) <= width else text[: text.rfind(" ", 0, width)] + " …"
