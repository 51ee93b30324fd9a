"""``director-trainer search TEXT``: ranked full-text search of laws, glossary and cases."""

from __future__ import annotations

import argparse

from app.commands import print_json
from app.content.laws.editions import CURRENT, OTHER_EDITIONS
from app.content.laws.search import HIGHLIGHT_END, HIGHLIGHT_START, Hit
from app.content.library import load_library

KINDS = ("law", "glossary", "case", "edition", "official")
LABELS = {"law": "", "glossary": "definition: ", "case": "case: ", "edition": "", "official": ""}
SNIPPET_WIDTH = 150


def positive_count(text: str) -> int:
    """An argparse type for --limit: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is too small: ask for at least 1 hit")
    return value


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "search",
        help="search the laws, glossary and cases",
        description="Search the law library, its annotations, the glossary, the cases and the notes on other codes; "
        "best matches first. The last word matches as a prefix; a law reference jumps to its section, and one "
        "that starts with a code (\"2007 27B\", \"ibl L12\") to that code's note.",
    )
    parser.add_argument("text", metavar="TEXT", help='what to look for, e.g. "penalty card"')
    parser.add_argument("--limit", type=positive_count, default=10, help="how many hits to show (default 10)")
    parser.add_argument("--kind", choices=KINDS, action="append", help="only this kind of hit (repeatable)")
    parser.add_argument("--edition", choices=(CURRENT, *OTHER_EDITIONS),
                        help="only the texts of one code (the 2017 Laws, or the notes on another code)")
    parser.add_argument("--json", action="store_true", help="print the hits as JSON")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    library = load_library()
    hits = library.index.query(args.text, limit=args.limit, kinds=tuple(args.kind or ()), edition=args.edition)
    if args.json:
        print_json([{"kind": h.kind, "key": h.key, "title": h.title,
                     "snippet": h.snippet.replace(HIGHLIGHT_START, "").replace(HIGHLIGHT_END, "")} for h in hits])
        return 0
    suggestion = library.index.suggest(args.text)
    if not hits:
        print(f"No matches for {args.text!r}.")
    for rank, hit in enumerate(hits, 1):
        label = LABELS[hit.kind]
        print(f"{rank:2}. {label}{hit.title}")
        print(f"    {plain_snippet(hit)}")
    if suggestion is not None:
        print(f"Did you mean {suggestion!r}?")
    return 0


def plain_snippet(hit: Hit, width: int = SNIPPET_WIDTH) -> str:
    """The hit's snippet as a terminal shows it (the index gives it as plain text): without the
    highlight marks, cut at a word within ``width``."""
    text = hit.snippet.replace(HIGHLIGHT_START, "").replace(HIGHLIGHT_END, "")
    if len(text) <= width:
        return text
    cut = text[: width - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space > width // 2 else cut).rstrip(" ,;:…") + " …"
