"""What the ruling panel says at the end of a case: the score, each answer's mark, the model ruling,
the commentary and the same table under another code. HTML for the panel's page, built from what
``app.training`` works out (one question's mark is ``mark_html``'s)."""

from __future__ import annotations

import html
from collections.abc import Sequence

from app.content.cases.model import Case
from app.content.laws.editions import EDITION_LABELS
from app.content.laws.render import Renderer
from app.training.attempt import Attempt


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
