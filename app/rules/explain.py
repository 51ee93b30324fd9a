"""The engine's reasoning as a trainee reads it: plain text for the command line, Markdown for the GUI.

Law references are written "Law 27B1(a)" / "Laws 27B2, 26B" so that the GUI's
renderer turns them into links.
"""

from __future__ import annotations

from app.rules.findings import Analysis, Finding, Step


def cite(laws: tuple[str, ...]) -> str:
    if not laws:
        return ""
    return f"(Law {laws[0]})" if len(laws) == 1 else f"(Laws {', '.join(laws)})"


def _line(item: Step) -> str:
    reference = cite(item.laws)
    return f"{item.text} {reference}".rstrip()


TITLES = {
    "exposed-card-auction": "Card exposed or led during the auction",
    "action-violating-obligation-to-pass": "Call by a player required to pass",
    "inadmissible-double": "Inadmissible double or redouble",
    "failure-to-play-penalty-card": "Penalty card not played",
}


def _heading(finding: Finding) -> str:
    who = f" by {finding.offender.english}" if finding.offender is not None else ""
    title = TITLES.get(finding.irregularity, finding.irregularity.replace("-", " ").capitalize())
    return f"{title}{who}"


def explanation_text(analysis: Analysis) -> str:
    """Numbered steps per finding, then the board's result and the judgement points."""
    lines: list[str] = []
    for problem in analysis.problems:
        lines.append(f"Problem: {problem}")
    if not analysis.findings:
        lines.append("No irregularity found.")
    number = 0
    for finding in analysis.findings:
        mark = " (the director was called to this)" if finding is analysis.primary and len(analysis.findings) > 1 else ""
        lines += ["", _heading(finding) + mark]
        for item in finding.steps:
            number += 1
            lines.append(f"  {number}. {_line(item)}")
    if analysis.steps:
        lines += ["", "Result"]
        for item in analysis.steps:
            number += 1
            lines.append(f"  {number}. {_line(item)}")
    judgement = analysis.all_judgement()
    if judgement:
        lines += ["", "For the director's judgement"]
        lines += [f"  - {_line(item)}" for item in judgement]
    conclusions = analysis.conclusions()
    lines += ["", "Conclusions"]
    lines += [f"  {key}: {_value(value)}" for key, value in conclusions.items()]
    return "\n".join(lines).lstrip("\n")


def explanation_markdown(analysis: Analysis) -> str:
    """The same reasoning as Markdown, for the ruling panel."""
    parts: list[str] = []
    for problem in analysis.problems:
        parts.append(f"*Problem:* {problem}")
    for finding in analysis.findings:
        parts.append(f"**{_heading(finding)}**")
        parts.append("\n".join(f"{i}. {_line(item)}" for i, item in enumerate(finding.steps, 1)))
    if analysis.steps:
        parts.append("**Result**")
        parts.append("\n".join(f"- {_line(item)}" for item in analysis.steps))
    judgement = analysis.all_judgement()
    if judgement:
        parts.append("**For the director's judgement**")
        parts.append("\n".join(f"- {_line(item)}" for item in judgement))
    return "\n\n".join(parts) if parts else "No irregularity found."


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
