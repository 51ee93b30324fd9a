"""Which section of a law file an annotation belongs to, and the checks that catch one left in the wrong place.

A note is read as belonging to the section heading above it. That is right for a note on a
subsection, but a note about a whole section or law is naturally written after its last
subsection, where the law book has finished setting the section out, and would then be read as
a note on that last subsection (issue 26: 20F's change note landed under 20F6, 12C1's procedure
under 12C1(e)(ii)). So a heading may end with the reference of the section it belongs to, in
brackets: ``#### Changed from 2007 (20F4)``. The format is in ``content/README.md``.

``director-trainer check`` reports two signs that a note without that reference is in the wrong
place: its heading is shallower than its section's heading (the file's own outline sets it
outside that section), and its text names a wider section (the parent, or the whole law) while
naming nothing within its own.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
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


def _within(ref: LawRef, section: LawRef) -> bool:
    """True when ``ref`` is ``section`` or one of its subsections."""
    return ref == section or section in ref.ancestors()


def wider_reference(section: LawRef, refs: Iterable[LawRef]) -> LawRef | None:
    """The wider section (the parent of ``section``, or a section or law above it) that a note's
    references name when they name nothing within ``section`` itself; None otherwise.

    Only references into the section's own law count: naming another law is a cross-reference,
    not a sign of where the note belongs.
    """
    own_law = [ref for ref in refs if ref.law == section.law and not ref.special]
    if any(_within(ref, section) for ref in own_law):
        return None
    above = set(section.ancestors())
    return next((ref for ref in own_law if ref in above), None)


def outline_problem(path: Path, line: int, level: int, heading: str, owner: LawRef, owner_level: int,
                    outline_owner: LawRef | None, placed: bool) -> ContentProblem | None:
    """A note whose heading is shallower than the heading of the section it belongs to.

    In Markdown a shallower heading closes the section above it, so the file's outline and the
    library would disagree about where the note is. ``outline_owner`` is the section the outline
    does put it under, offered as the likely fix when the note was not placed explicitly.
    """
    if level >= owner_level:
        return None
    marks, owner_marks = "#" * level, "#" * owner_level
    if placed or outline_owner is None:
        return ContentProblem(path, line, (
            f"this note's heading ({marks}) is shallower than that of {owner.label()} ({owner_marks}), the "
            f"section it belongs to; give it a heading of {owner_marks} or deeper"))
    return ContentProblem(path, line, (
        f"this note's heading ({marks}) is shallower than that of {owner.label()} ({owner_marks}) above it, so "
        f"the file's outline puts it under {outline_owner.label()}, yet it would be attached to "
        f"{owner.label()}; if it is about {outline_owner.label()}, end its heading with that section: "
        f"'{marks} {heading} ({outline_owner})'; if it is about {owner.label()}, make the heading "
        f"{owner_marks} or deeper"))


def wider_reference_problem(path: Path, line: int, heading: str, section: LawRef,
                            refs: Iterable[LawRef]) -> ContentProblem | None:
    """A note that names a wider section but nothing within the section it hangs under."""
    wider = wider_reference(section, refs)
    if wider is None:
        return None
    return ContentProblem(path, line, (
        f"this note names {wider.label()} but nothing within {section.label()}, the section it hangs under; "
        f"if it is about {wider.label()}, end its heading with that section: '{heading} ({wider})'; "
        f"if it is about {section.label()}, end it with '({section})' to confirm its place"))
