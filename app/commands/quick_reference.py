"""``director-trainer quick-reference``: print the director's quick-reference card, or save it as a PDF.

The card is ``content/quick_reference.yaml`` (``app.content.laws.quick_reference``). ``--pdf FILE``
writes the same two pages the window's Save as PDF… writes; that goes through Qt's printing, which
only ``app/ui`` uses, so the command asks ``app.ui`` for it and starts no window.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from app.commands import CommandError, print_json
from app.content.laws.quick_reference import FILE_NAME, QuickReference, card_text, load_quick_reference
from app.content.library import load_library


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "quick-reference",
        help="print the director's quick-reference card (or save it as a PDF)",
        description="Print the quick-reference card: the rulings a director gives most, one point a line, each "
        "with the 2017 section it rests on. With --pdf, write it as a PDF of at most two A4 or Letter pages.",
    )
    parser.add_argument("--pdf", type=Path, metavar="FILE", help="write the card to this PDF file instead")
    parser.add_argument("--json", action="store_true", help="print the card as JSON")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    library = load_library()
    card, problems = load_quick_reference(library.root / FILE_NAME, library.book)
    if card is None:
        listed = "\n".join(str(problem) for problem in problems)
        raise CommandError(f"the quick-reference card cannot be read:\n{listed}", exit_code=2)
    if args.pdf is not None:
        from app.ui.library.quick_reference_window import save_card_pdf

        try:
            written = save_card_pdf(card, args.pdf)
        except OSError as error:
            raise CommandError(str(error), exit_code=2) from None
        print(f"wrote {written}")
        return 0
    if args.json:
        print_json(_as_json(card))
        return 0
    print(card_text(card))
    return 0


def _as_json(card: QuickReference) -> dict[str, object]:
    return {
        "title": card.title,
        "about": card.about,
        "topics": [{"title": topic.title, "laws": topic.laws,
                    "lines": [{"text": line.text, "laws": [str(ref) for ref in line.laws],
                               "engine_checked": line.engine is not None} for line in topic.lines]}
                   for topic in card.topics],
    }
