"""``director-trainer law REF``: print a section of the law library with its annotations."""

from __future__ import annotations

import argparse
import re
import textwrap

from app.commands import CommandError, print_json
from app.content.laws.law_book import IN_BRIEF, LawBook, Section
from app.content.laws.refs import RefError, parse_ref
from app.content.library import load_library


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "law",
        help="print a law section with its annotations",
        description="Print a section of the 2017 Laws in our words, with its annotations. The reference may be "
        "written 27B1(a), 27b1a, 'Law 16C' or 'Definitions: Alert'.",
    )
    parser.add_argument("reference", metavar="REF", help="a law reference, e.g. 27B1a")
    parser.add_argument("--brief", action="store_true", help="the summary only: no annotations, no subsections")
    parser.add_argument("--json", action="store_true", help="print the section tree as JSON")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    library = load_library()
    try:
        ref = parse_ref(args.reference)
    except RefError as exc:
        guessed = _nearest(args.reference, library.book)
        if guessed is None:
            raise CommandError(str(exc), exit_code=2) from None
        problem, guess = guessed
        raise CommandError(f"{problem}; the nearest section is {guess.ref.label()}", exit_code=2) from None
    section = library.book.get(ref)
    if section is None:
        nearest = library.book.resolve(ref)
        hint = f"; the nearest section is {nearest.ref.label()}" if nearest else ""
        raise CommandError(f"the library has no section {ref.label()}{hint}", exit_code=2)
    if args.json:
        print_json(_as_json(section, not args.brief))
        return 0
    sections = [section] if args.brief else list(section.walk())
    for index, part in enumerate(sections):
        if index:
            print()
        print(_as_text(part, annotations=not args.brief))
    return 0


def _nearest(text: str, book: LawBook) -> tuple[str, Section] | None:
    """What a reference that does not parse most likely meant, and how to say so: its longest start
    that is a reference (``27Z`` → Law 27, ``64A9x`` → 64A), else, for a law number out of range, the
    closest law (``0`` → Law 1, ``99`` → Law 93). None when the text does not start with a number."""
    cleaned = re.sub(r"^\s*laws?\s*", "", text.strip(), flags=re.IGNORECASE)
    digits = re.match(r"\d+", cleaned)
    if digits is None:
        return None
    for end in range(len(cleaned), digits.end() - 1, -1):
        try:
            ref = parse_ref(cleaned[:end])
        except RefError:
            continue
        found = book.resolve(ref)
        return (f"the library has no section {cleaned}", found) if found else None
    laws = [section for section in book.sections.values() if section.ref.depth == 0 and not section.ref.special]
    number = int(digits.group())
    closest = min(laws, key=lambda section: abs(section.ref.law - number), default=None)
    return (f"there is no Law {number}: the laws run from 1 to 93", closest) if closest else None


def _as_text(section: Section, annotations: bool) -> str:
    """The heading, then the "In brief" digest if the law has one (even with --brief: it is the
    part meant for the table), the summary, and the other annotations."""
    lines = [section.heading(), "=" * min(len(section.heading()), 78)]
    brief = [note for note in section.annotations if note.kind == IN_BRIEF]
    for note in brief:
        lines += [f"  [{note.kind}]", textwrap.indent(_wrap(note.body, 76), "  "), ""]
    lines.append(_wrap(section.summary))
    if annotations:
        for note in section.annotations:
            if note in brief:
                continue
            title = f"{note.kind}: {note.title}" if note.title else note.kind
            lines += ["", f"  [{title}]", textwrap.indent(_wrap(note.body, 76), "  ")]
    return "\n".join(lines)


def _wrap(text: str, width: int = 78) -> str:
    """Wrap prose paragraphs; leave lists and tables as written."""
    out = []
    for paragraph in text.split("\n\n"):
        if paragraph.lstrip().startswith(("-", "*", "|", "1.", "#")):
            out.append(paragraph)
        else:
            out.append(textwrap.fill(" ".join(paragraph.split()), width))
    return "\n\n".join(out)


def _as_json(section: Section, deep: bool) -> dict[str, object]:
    data: dict[str, object] = {
        "reference": section.key,
        "title": section.title,
        "summary": section.summary,
        "annotations": [{"kind": n.kind, "title": n.title, "text": n.body} for n in section.annotations],
    }
    if deep:
        data["sections"] = [_as_json(child, deep) for child in section.children]
    return data
