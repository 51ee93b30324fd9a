"""Reading the boards of a PBN file one record at a time, whatever program wrote it.

``pbn_lexer`` splits the file into records and tokens with their lines. Each
record is then cleaned up — omitted Board/Dealer/Vulnerable/Deal tags and
``#`` values taken from the previous record (PBN 2.1), alert marks and note
references set aside, ``AP`` and lower-case calls written out, ``-`` (or ``--``)
padding after a claim, ``6N``/``5Dx`` contracts and ``NS 8`` results read — and
handed to endplay's PBN parser as a plain record it can read. A problem in
the deal, board number, dealer or vulnerability skips the board; one in the
auction, contract, result or play leaves that part out. Either way it is
reported with its line and the other boards load.

An auction that breaks the laws of the auction (an insufficient bid, a double
of partner, a call after the auction has ended) or that ends in another
contract or declarer than the Contract and Declarer tags say is reported too,
and kept as the file writes it: a record of real play may hold an irregularity,
and a case made from the board is where the director rules on it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from app.bridge.board_file import (
    BoardFile,
    BoardProblem,
    FileBoard,
    PlayedCard,
    endplay_cards,
    endplay_contract,
    endplay_deal,
    replay,
    tricks_from_play,
)
from app.bridge.calls import PASS, AnnotatedCall, Call, parse_annotated_call
from app.bridge.cards import Card
from app.bridge.contract import TRICKS_PER_DEAL, parse_contract
from app.bridge.deal import Deal
from app.bridge.errors import BridgeError
from app.bridge.pbn_lexer import PbnRecord, PbnTag, split_records
from app.bridge.recorded_auction import auction_problem
from app.bridge.rota import Vulnerability
from app.bridge.seats import Seat

if TYPE_CHECKING:
    import endplay.types

# PBN 2.1: a record may leave these out when they repeat the previous record's.
INHERITED = ("board", "dealer", "vulnerable", "deal")
# A record with none of these of its own is a title or commentary, not a board.
_GAME_TAGS = ("board", "deal", "auction", "play", "contract", "result", "declarer")
COPY_PREVIOUS = "#"
_UNKNOWN = ("", "?")
_NOTE_REF = re.compile(r"=(\w+)=")
_SUFFIX_ANNOTATION = re.compile(r"[!?]{1,2}")  # PBN suffix annotations: ! ? !! ?? !? ?!
_IGNORED_TOKEN = re.compile(r"\$\d+|\^\w?")  # NAGs and irregularity marks
_END_OF_SECTION = ("*", "+", "-")
_RESULT_FOR_SIDE = re.compile(r"(NS|EW)\s*:?\s*(\d+)", re.IGNORECASE)
_SKIPPED = "; board skipped"


class _Skip(Exception):
    """The board cannot be read; its problem has been recorded."""


@dataclass
class _Record:
    """One record being read: its tags after inheritance, and the problems found so far."""

    raw: PbnRecord
    tags: dict[str, PbnTag]
    source: str
    problems: list[BoardProblem] = field(default_factory=list)

    @property
    def label(self) -> str | None:
        board = self.tags.get("board")
        return board.value if board and board.value not in _UNKNOWN else None

    def value(self, name: str) -> str | None:
        """The tag's value, None when it is absent, empty or '?'."""
        tag = self.tags.get(name)
        return None if tag is None or tag.value.strip() in _UNKNOWN else tag.value.strip()

    def line(self, name: str) -> int:
        tag = self.tags.get(name)
        return tag.line if tag else self.raw.line

    def report(self, line: int, message: str) -> None:
        if line < self.raw.line:  # a tag taken from an earlier record: point at this board, name that line
            message, line = f"{message} (the tag is taken from line {line})", self.raw.line
        self.problems.append(BoardProblem(self.source, line, self.label, message))

    def skip(self, line: int, message: str) -> _Skip:
        self.report(line, message + _SKIPPED)
        return _Skip()


def read_pbn(text: str, source: str = "PBN text") -> BoardFile:
    """Read every board of PBN ``text``; problems name ``source``, the line and the board."""
    boards: list[FileBoard] = []
    problems: list[BoardProblem] = []
    previous: dict[str, PbnTag] = {}
    for raw in split_records(text):
        own = {tag.name.lower() for tag in raw.tags}
        record = _Record(raw, _inherit(raw, previous), source)
        previous = record.tags
        if raw.problems or own & set(_GAME_TAGS):
            board = _read_record(record)
            if board is not None:
                boards.append(board)
        problems.extend(record.problems)
    return BoardFile(source, tuple(boards), tuple(problems))


def _inherit(record: PbnRecord, previous: dict[str, PbnTag]) -> dict[str, PbnTag]:
    """The record's tags with '#' values and omitted Board/Dealer/Vulnerable/Deal taken from ``previous``."""
    tags: dict[str, PbnTag] = {}
    for tag in record.tags:
        name = tag.name.lower()
        if name in tags:
            continue
        earlier = previous.get(name)
        if tag.value == COPY_PREVIOUS and earlier is not None:
            tag = PbnTag(tag.name, earlier.value, tag.line, tag.section or earlier.section)
        tags[name] = tag
    for name in INHERITED:
        if name not in tags and name in previous:
            tags[name] = previous[name]
    return tags


def _read_record(record: _Record) -> FileBoard | None:
    try:
        for line, message in record.raw.problems:
            record.report(line, message + _SKIPPED)
        if record.raw.problems:
            raise _Skip
        return _build(record)
    except _Skip:
        return None


def _build(record: _Record) -> FileBoard:
    number = _board_number(record)
    deal = _deal(record)
    auction_seat, auction, call_lines = _auction(record)
    dealer = _dealer(record) or auction_seat
    vulnerability = _vulnerability(record)
    contract_text, declarer, result = _contract_parts(record)
    if auction_seat is not None and auction:
        _check_auction(record, auction_seat, [annotated.call for annotated in auction], call_lines,
                       contract_text, declarer)
    play_rows = _play_rows(record, contract_text, declarer) if contract_text not in (None, "Pass") else None
    parsed = _endplay_board(record, deal, contract_text, declarer, result, play_rows)
    contract, passed_out, tricks = endplay_contract(parsed.contract) if parsed else (None, False, None)
    play: tuple[PlayedCard, ...] = ()
    if parsed is not None and play_rows:
        try:
            play = replay(deal, contract, endplay_cards(parsed.play))
        except BridgeError as error:
            record.report(record.line("play"), f"{error}; play left out")
    return FileBoard(
        number=number,
        dealer=dealer,
        vulnerability=vulnerability,
        deal=deal,
        auction=auction,
        notes=_notes(record.raw),
        play=play,
        contract=contract,
        passed_out=passed_out,
        result=tricks if result is not None else tricks_from_play(contract, play),
        line=record.raw.line,
    )


def _board_number(record: _Record) -> int | None:
    text = record.value("board")
    if text is None:
        return None
    if not text.isdigit() or int(text) < 1:
        raise record.skip(record.line("board"), f"the board number {text!r} is not a whole number from 1")
    return int(text)


def _deal(record: _Record) -> Deal:
    text = record.value("deal")
    if text is None:
        missing = "the Deal tag is empty" if "deal" in record.tags else "no Deal tag here or in a record before"
        raise record.skip(record.line("deal"), f"no deal: {missing}")
    try:
        return Deal.from_pbn(text)
    except BridgeError as error:
        raise record.skip(record.line("deal"), f"the Deal tag cannot be read: {error}") from None


def _seat(record: _Record, name: str) -> Seat | None:
    """The seat a tag names (a '^' before it, PBN's mark of an irregularity, is passed over).

    Raises ``BridgeError`` naming the tag when it names no seat.
    """
    text = record.value(name)
    if text is None:
        return None
    try:
        return Seat.parse(text.lstrip("^"))
    except BridgeError as error:
        raise BridgeError(f"the {name.capitalize()} tag: {error}") from None


def _dealer(record: _Record) -> Seat | None:
    try:
        return _seat(record, "dealer")
    except BridgeError as error:
        raise record.skip(record.line("dealer"), str(error)) from None


def _vulnerability(record: _Record) -> Vulnerability | None:
    text = record.value("vulnerable")
    if text is None:
        return None
    try:
        return Vulnerability.parse(text)
    except BridgeError as error:
        raise record.skip(record.line("vulnerable"), f"the Vulnerable tag: {error}") from None


def _auction(record: _Record) -> tuple[Seat | None, tuple[AnnotatedCall, ...], list[int]]:
    """The first caller, the calls (alert marks '2C!', a lone '!' and note references '=1=' kept) and the
    line of each call."""
    tag = record.tags.get("auction")
    if tag is None or tag.value.strip() in _UNKNOWN:
        return None, (), []
    try:
        first = Seat.parse(tag.value.strip())
    except BridgeError as error:
        record.report(tag.line, f"the Auction tag: {error}; auction left out")
        return None, (), []
    calls: list[AnnotatedCall] = []
    lines: list[int] = []
    for token in tag.section:
        text = token.text
        note = _NOTE_REF.fullmatch(text)
        if note or text == "!":
            if not calls:
                record.report(token.line, f"{text!r} comes before any call; auction left out")
                return first, (), []
            last = calls[-1]
            calls[-1] = last._replace(note=note.group(1)) if note else last._replace(alerted=True)
        elif text.upper() == "AP":
            calls.extend([AnnotatedCall(PASS, False, None)] * 3)
            lines.extend([token.line] * 3)
        elif text in _END_OF_SECTION:
            break
        elif not (_SUFFIX_ANNOTATION.fullmatch(text) or _IGNORED_TOKEN.fullmatch(text)):
            try:
                calls.append(parse_annotated_call(text))
            except BridgeError as error:
                record.report(token.line, f"{error}; auction left out")
                return first, (), []
            lines.append(token.line)
    return first, tuple(calls), lines


def _check_auction(record: _Record, first: Seat, calls: list[Call], lines: list[int], contract: str | None,
                   declarer: Seat | None) -> None:
    """Report an auction the laws of the auction do not allow, or one that ends in another contract than the
    tags give (``recorded_auction``); the auction is kept as written either way."""
    try:
        dealer = _seat(record, "dealer")
    except BridgeError:
        dealer = None  # reported where the tag is read
    played = parse_contract(contract, declarer) if contract not in (None, "Pass") and declarer else None
    stated = f"{record.value('contract')} by {declarer.english}" if declarer else str(record.value("contract"))
    problem = auction_problem(first, dealer, calls, played, contract == "Pass", stated)
    if problem is not None:
        line = lines[problem.call] if problem.call is not None else record.line(problem.tag)
        record.report(line, f"{problem.message}; the auction is kept as the file writes it")


def _contract_parts(record: _Record) -> tuple[str | None, Seat | None, int | None]:
    """The contract as endplay reads it ('4SX', or 'Pass'), the declarer, and declarer's tricks.

    A part that cannot be read is reported and left out; the board is kept.
    """
    text = record.value("contract")
    if text is None:
        return None, None, None
    if text.upper() == "PASS":
        return "Pass", None, None
    line = record.line("contract")
    try:
        declarer = _seat(record, "declarer")
    except BridgeError as error:
        record.report(record.line("declarer"), f"{error}; contract left out")
        return None, None, None
    if declarer is None:
        record.report(line, f"the contract {text!r} has no Declarer tag; contract left out")
        return None, None, None
    try:
        contract = parse_contract(text, declarer)
    except BridgeError as error:
        record.report(line, f"{error}; contract left out")
        return None, None, None
    return str(contract), declarer, _tricks(record, declarer)


def _tricks(record: _Record, declarer: Seat) -> int | None:
    """Tricks won by declarer's side: 'Result' is declarer's tricks, or 'NS 8' / 'EW 5' for one side."""
    text = record.value("result")
    if text is None:
        return None
    side = _RESULT_FOR_SIDE.fullmatch(text)
    tricks = int(side.group(2)) if side else int(text) if text.isdigit() else None
    if tricks is None or tricks > TRICKS_PER_DEAL:
        record.report(record.line("result"), f"the result {text!r} is not a number of tricks from 0 to 13; result left out")
        return None
    if side and side.group(1).upper() != declarer.side.value:
        tricks = TRICKS_PER_DEAL - tricks
    return tricks


def _play_rows(record: _Record, contract: str | None, declarer: Seat | None) -> list[list[str]] | None:
    """The Play section as rows of four cards from the opening leader ('-' where none was played)."""
    tag = record.tags.get("play")
    if tag is None or tag.value.strip() in _UNKNOWN or contract is None or declarer is None:
        return None
    try:
        first = Seat.parse(tag.value.strip())
    except BridgeError as error:
        record.report(tag.line, f"the Play tag: {error}; play left out")
        return None
    if first is not declarer.lho:
        record.report(tag.line, f"the play starts with {first.english}, but {declarer.lho.english} leads "
                      f"against {declarer.english}; play left out")
        return None
    cards: list[str] = []
    for token in tag.section:
        text = token.text.rstrip("!?")
        if text == "*":
            break
        if not text or _NOTE_REF.fullmatch(text) or _IGNORED_TOKEN.fullmatch(text):
            continue
        if text == "+" or set(text) == {"-"}:  # '-', or '--' as some programs write it: no card here
            cards.append("-")
            continue
        try:
            cards.append(str(Card.parse(text)))
        except BridgeError as error:
            record.report(token.line, f"{error}; play left out")
            return None
    cards += ["-"] * (-len(cards) % 4)
    return [cards[index:index + 4] for index in range(0, len(cards), 4)] or None


def _endplay_board(
    record: _Record,
    deal: Deal,
    contract: str | None,
    declarer: Seat | None,
    result: int | None,
    play_rows: list[list[str]] | None,
) -> endplay.types.Board | None:
    """endplay's reading of the cleaned record: the deal, the contract and result, the play in order."""
    from endplay.parsers import pbn

    lines = [f'[Deal "{deal.to_pbn()}"]']
    if contract is not None:
        lines.append(f'[Contract "{contract}"]')
        if declarer is not None:
            lines.append(f'[Declarer "{declarer.letter}"]')
        if result is not None:
            lines.append(f'[Result "{result}"]')
        if play_rows and declarer is not None:
            lines.append(f'[Play "{declarer.lho.letter}"]')
            lines.extend(" ".join(row) for row in play_rows)
    try:
        (board,) = pbn.loads("\n".join(lines) + "\n")
    except (ValueError, RuntimeError, KeyError, IndexError) as error:
        record.report(record.raw.line, f"endplay cannot read the board: {error}; contract and play left out")
        return None
    if endplay_deal(board.deal) != deal:
        raise record.skip(record.line("deal"), "endplay reads the Deal tag differently from the project")
    return board


def _notes(record: PbnRecord) -> dict[str, str]:
    """The record's ``[Note "1:text"]`` tags by number."""
    notes = {}
    for tag in record.tags:
        if tag.name.lower() == "note":
            number, _colon, text = tag.value.partition(":")
            notes[number.strip()] = text.strip()
    return notes

