"""``director-trainer search TEXT``: ranked full-text search of laws, glossary and cases."""

from __future__ import annotations

import argparse

from app.commands import print_json
from app.content.library import load_library
from app.content.search import HIGHLIGHT_END, HIGHLIGHT_START

KINDS = ("law", "glossary", "case")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "search",
        help="search the laws, glossary and cases",
        description="Search the law library, its annotations, the glossary and the cases; best matches first. "
        "The last word matches as a prefix; a law reference jumps to its section.",
    )
    parser.add_argument("text", metavar="TEXT", help='what to look for, e.g. "penalty card"')
    parser.add_argument("--limit", type=int, default=10, help="how many hits to show (default 10)")
    parser.add_argument("--kind", choices=KINDS, action="append", help="only this kind of hit (repeatable)")
    parser.add_argument("--json", action="store_true", help="print the hits as JSON")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    library = load_library()
    hits = library.index.query(args.text, limit=max(1, args.limit), kinds=tuple(args.kind or ()))
    if args.json:
        print_json([{"kind": h.kind, "key": h.key, "title": h.title,
                     "snippet": h.snippet.replace(HIGHLIGHT_START, "").replace(HIGHLIGHT_END, "")} for h in hits])
        return 0
    if not hits:
        print(f"No matches for {args.text!r}.")
        return 0
    for rank, hit in enumerate(hits, 1):
        snippet = " ".join(hit.snippet.replace(HIGHLIGHT_START, "*").replace(HIGHLIGHT_END, "*").split())
        label = {"law": "", "glossary": "definition: ", "case": "case: "}[hit.kind]
        print(f"{rank:2}. {label}{hit.title}")
        print(f"    {snippet[:150]}")
    return 0
