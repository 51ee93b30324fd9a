"""Splitting one law's text at its section markers: ``B.``, ``2.``, ``(c)``, ``(iii)``, however they run on.

A step of the import of the official wording (``official``). A real extraction
runs items on inside a paragraph and squeezes them together (``1.(a)``,
``1.A player``, ``(a)it derives``, ``(i.)``); a marker is taken wherever the
law's numbering allows it next (after B comes C; after 2, 3; the first child
of a section is 1, of a number (a), of a letter (i)), so that a "(b)" or "2."
cited inside a sentence stays in the text; inside a line an item must also
follow the end of a sentence or clause, a title, or a word that joins a list
("as provided in (b) below" is a cross-reference). An abbreviation's letter
("z. B.", "d. h.") and an ordinal ("am 1. Januar") are not markers.
"""

from __future__ import annotations

import re

_ROMANS = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x")
_MARKER = re.compile(
    r"(?<!\S)(?P<section>[A-H])\.(?=\s|$)"
    r"|(?<!\S)(?P<number>[1-9][0-9]?)\.(?=\s|\(|[^\W\d_]|$)"
    r"|(?<![^\s.])\((?P<letter>[a-z])\)"
    r"|(?<![^\s.])\((?P<roman>i{1,3}|iv|vi{0,3}|ix|x)\.?\)"
)
# Abbreviations that end in a dot, so that the letter after them is not a section: "z. B.", "d. h.",
# "bzw. C.", "e.g. A." (a single lower-case letter with a dot is always one).
_ABBREVIATIONS = ("bzw", "vgl", "ggf", "usw", "etc", "evtl", "inkl", "bspw", "sog", "Nr", "Abs", "ca",
                  "cf", "viz", "No", "pp", "vs")
_ABBREVIATION = re.compile(
    r"(?:^|[\s(\[])(?:[a-zäöü]|[^\W\d_](?:\.[^\W\d_])+|" + "|".join(_ABBREVIATIONS) + r")\.\s*$")
# What may stand before an item marker ("2.", "(b)", "(ii)") inside a line: the end of a sentence or
# clause, another marker ("1.(a)"), or a word that joins the items of a list ("…; or (b)", "…, or 2.",
# "either (a)", "oder 2."). An ordinal ("am 1. Januar") or a cross-reference ("as provided in (b)
# below") has none of these before it. At the start of a line an item marker needs nothing before it,
# and the first item of a section may follow its title ("B. … not Accepted 1. …", "… nicht
# angenommen 1. …").
_LIST_WORDS = ("and", "or", "either", "if", "then", "und", "oder", "sowie", "bzw.", "entweder", "wenn", "falls")
_BEFORE_ITEM = re.compile(
    r"(?:[.:;,)\]]|(?:^|\s)(?:" + "|".join(re.escape(w) for w in _LIST_WORDS) + r")|\n|^)[ ]*$")
_SENTENCE_END = re.compile(r"[.:;!?]\s")
# Words after which a number is an ordinal or a date, even straight after a title ("… ab dem 1. Januar").
_ORDINAL_BEFORE = re.compile(r"(?:^|\s)(?:am|im|zum|vom|dem|den|der|des|die|das|ab|bis|seit|ein|eine|einem|"
                             r"einer|the|on|of|from|by|until|since)\s*$", re.IGNORECASE)


def split_sections(law: int, text: str) -> list[tuple[str, str]]:
    """(section key, its own text) in order, the law's own text first (key ``27``).

    ``text`` keeps the book's line breaks (a marker at the start of a line is surer than one
    inside it); the wording returned has them as single spaces."""
    path: list[str] = []
    pieces: list[tuple[str, int, int]] = []  # key, start of marker, end of marker
    for match in _MARKER.finditer(text):
        level, value = _marker_level(match, path)
        if level is None:
            continue
        title = text[pieces[-1][2] if pieces else 0: match.start()]
        first_after_title = (0 < level == len(path) and not _SENTENCE_END.search(title + " ")
                             and not _ORDINAL_BEFORE.search(title))
        if not (first_after_title or _stands_as_marker(match, text)):
            continue
        path = [*path[:level], value]
        pieces.append((_key(law, path), match.start(), match.end()))
    result = [(str(law), _flat(text[: pieces[0][1] if pieces else len(text)]))]
    for index, (key, _start, body_start) in enumerate(pieces):
        end = pieces[index + 1][1] if index + 1 < len(pieces) else len(text)
        result.append((key, _flat(text[body_start:end])))
    return result


def _flat(text: str) -> str:
    return " ".join(text.split())


def _stands_as_marker(match: re.Match[str], text: str) -> bool:
    before = text[max(0, match.start() - 40): match.start()]
    if match.group("section"):
        return not _ABBREVIATION.search(before)
    return bool(_BEFORE_ITEM.search(before))


def _marker_level(match: re.Match[str], path: list[str]) -> tuple[int | None, str]:
    if match.group("section"):
        letter = match.group("section")
        expected = chr(ord(path[0]) + 1) if path else "A"
        return (0, letter) if letter == expected else (None, "")
    if match.group("number"):
        number = match.group("number")
        if path:
            expected = str(int(path[1]) + 1) if len(path) >= 2 else "1"
            if number == expected:
                return 1, number
        return None, ""
    token = match.group("letter") or match.group("roman")
    # "(i)" may be the ninth letter or the first roman numeral: whichever the numbering expects,
    # the letter when both would do.
    if len(token) == 1 and len(path) >= 2:
        expected = chr(ord(path[2]) + 1) if len(path) >= 3 else "a"
        if token == expected:
            return 2, token
    if token in _ROMANS and len(path) >= 3:
        position = _ROMANS.index(path[3]) + 1 if len(path) >= 4 else 0
        expected_roman = _ROMANS[position] if position < len(_ROMANS) else ""
        if token == expected_roman:
            return 3, token
    return None, ""


def _key(law: int, path: list[str]) -> str:
    key = str(law) + "".join(path[:2])
    return key + "".join(f"({part})" for part in path[2:])
