"""A marked answer as the trainee reads it: the verdict and points, how each ticked or unticked
choice fared, the model answer when it was missed, why, and the law the question rests on.

Shared by the case screen (``ruling_panel``) and a live class session's window, so a mark reads
the same wherever it is given.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from app.content.cases.model import Question
from app.content.laws.render import Renderer, law_href
from app.training.feedback import choice_verdicts, cited_law, model_answer_items
from app.training.marking import Answer, Mark
from app.ui.case.answer_form import VERDICT_MARKS


def mark_html(question: Question, given: Answer, result: Mark, shown: Sequence[int], renderer: Renderer) -> str:
    """``shown``: the choices' indexes in the order the trainee saw them."""
    colour = "#2e8b57" if result.is_correct else ("#d08000" if result.fraction > 0 else "#c8102e")
    parts = [f'<h3 style="color:{colour}">{result.verdict} — {result.points:g} of {result.max_points:g}</h3>']
    if question.kind == "multi" and isinstance(given, frozenset):
        rows = []
        verdicts = choice_verdicts(question, given)
        for index in shown:
            choice, verdict = question.choices[index], verdicts[index]
            sign, tint = VERDICT_MARKS[verdict]
            rows.append(f'<li><span style="color:{tint}"><b>{sign}</b> {verdict.value}:</span> '
                        f"{inline(renderer, choice.text)}</li>")
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


def inline(renderer: Renderer, text: str) -> str:
    """A short Markdown text as HTML without its paragraph, to sit inside a list item."""
    rendered = renderer.markdown(text).strip()
    if rendered.startswith("<p>") and rendered.endswith("</p>") and rendered.count("<p>") == 1:
        rendered = rendered[3:-4]
    return rendered
