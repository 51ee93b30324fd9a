"""A marked answer as the trainee reads it: the verdict in its colour and points, a several-choice
answer's sum and how each ticked or unticked choice fared, the model answer when it was missed, why,
and the law the question rests on.

Shared by the case screen (``ruling_panel``) and a live class session's window, so a mark reads
the same wherever it is given.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from PySide6.QtGui import QPalette

from app.content.cases.model import Question
from app.content.laws.render import Renderer, law_href
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
