"""Which section of a law file an annotation belongs to, and the checks that catch one left in the wrong place.

A note is read as belonging to the section heading above it. That is right for a note on a
subsection, but a note about a whole section or law is naturally written after its last
subsection, where the law book has finished setting the section out, and would then be read as
a note on that last subsection (issue 26: 20F's change note landed under 20F6, 12C1's procedure
under 12C1(e)(ii)). So a heading may end with the reference of the section it belongs to, in
brackets: ``#### Changed from 2007 (20F4)``. The format is in ``content/README.md``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from app.content.files.problems import ContentProblem
from app.content.laws.refs import LawRef, RefError, parse_ref

# "(20F4)", "(Law 12C1)", "(12C1(e))" at the very end of an annotation heading.
_PLACEMENT = re.compile(
    r"\s*\((?:Law\s+)?(?P<ref>[0-9]{1,2}[A-H]?[0-9]?(?:\([a-z]\))?(?:\([ivx]+\))?)\)\s*$"
)


def split_placement(heading: str) -> tuple[str, str]:
    """The heading without a trailing ``(20F4)``, and the reference written there ("" when none)."""
    match = _PLACEMENT.search(heading)
    if match is None:
        return heading, ""
    return heading[: match.start()], match.group("ref")


def placed_section(placed_at: str, read: Sequence[LawRef], path: Path,
                   line: int) -> tuple[int, None] | tuple[None, ContentProblem]:
    """The index, in ``read`` (the sections of the file read so far, in order), of the section a
    note's heading names in brackets; or the problem to report when it names none of them."""
    current = read[-1]
    try:
        ref = parse_ref(placed_at)
    except RefError as exc:
        return None, ContentProblem(path, line, f"({placed_at}) at the end of this heading: {exc}")
    if ref in read:
        return read.index(ref), None
    if ref.law != current.law:
        return None, ContentProblem(path, line, (
            f"({placed_at}) at the end of this heading names {ref.label()}, which is not in this law; put a "
            f"section of Law {current.law} there, or reword the title if the brackets belong to it"))
    return None, ContentProblem(path, line, (
        f"({placed_at}) at the end of this heading names no section above this note: a note can only "
        f"belong to a section whose heading comes before it, so it stays under {current.label()}"))
