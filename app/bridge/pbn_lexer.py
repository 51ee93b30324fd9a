"""Splitting a PBN file into records of tags, each remembering the line it came from.

endplay's PBN parser reads a whole file or nothing and stumbles on what other
programs write: brace commentary spanning lines or holding braces of its own,
comments between calls, alert marks as separate tokens. This lexer does the
part of the format that must be exact — records, tags, section tokens,
commentary, ``;`` and ``%`` lines, CRLF — and keeps the line of every tag
and token, so that a problem can be reported with its line and the other
records still load.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# Tags followed by a section of tokens (PBN 2.1: Auction, Play, and the *Table tags).
_SECTION_TAGS = ("auction", "play")


@dataclass(frozen=True)
class SectionToken:
    """A word of an Auction or Play section (a call, a card, '=1=', '!', '-', '*', …) and its line."""

    text: str
    line: int


@dataclass(frozen=True)
class PbnTag:
    """``[Name "value"]`` with the tokens of its section (only Auction, Play and tables have one)."""

    name: str
    value: str
    line: int
    section: tuple[SectionToken, ...] = ()


@dataclass
class PbnRecord:
    """One game of a PBN file: its tags in file order, where it starts, and what could not be read."""

    line: int
    tags: list[PbnTag] = field(default_factory=list)
    problems: list[tuple[int, str]] = field(default_factory=list)

    def tag(self, name: str) -> PbnTag | None:
        """The first tag of that name (PBN tag names are compared without regard to case)."""
        return next((tag for tag in self.tags if tag.name.lower() == name.lower()), None)


def has_section(tag_name: str) -> bool:
    name = tag_name.lower()
    return name in _SECTION_TAGS or (name.endswith("table") and name != "table")


class _Lexer:
    """A character scanner over the whole text; records end at a blank line outside commentary."""

    def __init__(self, text: str) -> None:
        self.text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
        self.pos = 0
        self.line = 1
        self.records: list[PbnRecord] = []
        self.record: PbnRecord | None = None
        self.section: list[SectionToken] | None = None

    # -- helpers -------------------------------------------------------
    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def advance(self) -> str:
        char = self.text[self.pos]
        self.pos += 1
        if char == "\n":
            self.line += 1
        return char

    def at_line_start(self) -> bool:
        """Whether only white space comes before the scanner on its line."""
        return not self.text[self.text.rfind("\n", 0, self.pos) + 1:self.pos].strip()

    def skip_to_line_end(self) -> None:
        while self.peek() not in ("", "\n"):
            self.advance()

    def current(self) -> PbnRecord:
        if self.record is None:
            self.record = PbnRecord(self.line)
        return self.record

    def problem(self, line: int, message: str) -> None:
        self.current().problems.append((line, message))

    def end_record(self) -> None:
        self.close_section()
        if self.record is not None and (self.record.tags or self.record.problems):
            self.records.append(self.record)
        self.record = None

    def close_section(self) -> None:
        if self.section is not None and self.record is not None and self.record.tags:
            last = self.record.tags[-1]
            self.record.tags[-1] = PbnTag(last.name, last.value, last.line, tuple(self.section))
        self.section = None

    # -- the scanner ---------------------------------------------------
    def run(self) -> list[PbnRecord]:
        while self.pos < len(self.text):
            char = self.peek()
            if char == "%" and self.at_line_start():
                self.skip_to_line_end()  # an escape line: directives of BridgeComposer and others
            elif char == "\n":
                self.advance()
                if self.blank_line_follows():
                    self.end_record()
            elif char in " \t\f\v":
                self.advance()
            elif char == ";":
                self.skip_to_line_end()
            elif char == "{":
                self.commentary()
            elif char == "[":
                self.tag()
            else:
                self.token()
        self.end_record()
        return self.records

    def blank_line_follows(self) -> bool:
        """Whether the line just started holds only white space (it ends a record)."""
        end = self.text.find("\n", self.pos)
        return not self.text[self.pos:end if end >= 0 else None].strip()

    def commentary(self) -> None:
        """Skip ``{…}``: it may span lines and blank lines, nest braces, and escape one with a backslash."""
        start = self.line
        depth = 0
        while self.pos < len(self.text):
            char = self.advance()
            if char == "\\" and self.pos < len(self.text):
                self.advance()
            elif char == "{":
                depth += 1
            elif char == "}":
                depth -= 1
                if depth == 0:
                    return
        self.problem(start, "commentary opened with '{' is never closed with '}'")

    def tag(self) -> None:
        start = self.line
        self.advance()  # '['
        self.skip_spaces()
        name_start = self.pos
        while self.peek().isalnum() or self.peek() == "_":
            self.advance()
        name = self.text[name_start:self.pos]
        self.skip_spaces()
        if not name or self.peek() != '"':
            self.problem(start, "a tag must read [Name \"value\"]")
            self.skip_to_line_end()
            return
        value = self.string(start)
        if value is None:
            return
        self.skip_spaces()
        if self.peek() != "]":
            self.problem(start, f"the {name} tag has no closing ']'")
            self.skip_to_line_end()
            return
        self.advance()
        self.close_section()
        self.current().tags.append(PbnTag(name, value, start))
        self.section = [] if has_section(name) else None

    def string(self, start: int) -> str | None:
        """A quoted tag value; ``\\"`` and ``\\\\`` stand for a quote and a backslash."""
        self.advance()  # opening quote
        chars: list[str] = []
        while self.peek() not in ("", "\n"):
            char = self.advance()
            if char == "\\" and self.peek() in ('"', "\\"):
                chars.append(self.advance())
            elif char == '"':
                return "".join(chars)
            else:
                chars.append(char)
        self.problem(start, "a tag value is missing its closing quote")
        return None

    def skip_spaces(self) -> None:
        while self.peek() in (" ", "\t"):
            self.advance()

    def token(self) -> None:
        start = self.pos
        line = self.line
        while self.peek() not in ("", "\n", " ", "\t", "[", "{", ";"):
            self.advance()
        text = self.text[start:self.pos]
        if self.section is not None:
            self.section.append(SectionToken(text, line))
        else:
            self.problem(line, f"unexpected text {text!r} outside a tag or an Auction/Play section")
            self.skip_to_line_end()


def split_records(text: str) -> list[PbnRecord]:
    """The records of a PBN text, in order; each keeps the problems met while reading it."""
    return _Lexer(text).run()
