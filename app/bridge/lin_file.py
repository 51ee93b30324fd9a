"""Reading the boards of a LIN (Bridge Base Online) file through endplay's LIN parser.

A LIN file is a run of ``key|value|`` pairs. This module only cuts it into
boards (a board starts with its players ``pn``, its vugraph label ``qx`` or
its deal ``md``), remembers the line of each pair, checks the values endplay
would stumble on — so that a problem names its line and board — and drops
what endplay cannot take (chat, eight-name vugraph player lists). endplay's
``LINDecoder`` reads each board's deal, vulnerability, number and auction and
finds the contract; the play, already in the order it was played, is followed
by the project's ``Play``, which checks every card against the hands.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from app.bridge.board_file import (
    BoardFile,
    BoardProblem,
    FileBoard,
    endplay_call,
    endplay_contract,
    endplay_deal,
    endplay_seat,
    endplay_vulnerability,
    replay,
    tricks_from_play,
)
from app.bridge.calls import AnnotatedCall, parse_annotated_call
from app.bridge.cards import Card
from app.bridge.contract import TRICKS_PER_DEAL, Contract
from app.bridge.deal import Deal, Hand
from app.bridge.errors import BridgeError
from app.bridge.play import PlayedCard
from app.bridge.seats import Seat

if TYPE_CHECKING:
    import endplay.types

_BOARD_STARTS = ("pn", "qx")
_BOARD_CONTENT = ("md", "ah", "sv", "mb", "pc", "mc")
_LIN_SEATS = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)  # the order of the hands in ``md``
_HAND = re.compile(r"(S[2-9TJQKA]*)?(H[2-9TJQKA]*)?(D[2-9TJQKA]*)?(C[2-9TJQKA]*)?", re.IGNORECASE)
_BOARD_LABEL = re.compile(r"Board\s*(\d+)", re.IGNORECASE)
_ROOM_LABEL = re.compile(r"[oc](\d+)", re.IGNORECASE)
_VULNERABILITY = {"o": "o", "0": "o", "-": "o", "n": "n", "e": "e", "b": "b"}
_AUCTION_KEYS = ("mb", "an", "pc", "mc")
_PLAY_KEYS = ("pc", "mc")
_SKIPPED = "; board skipped"


@dataclass(frozen=True)
class _Pair:
    key: str
    value: str
    line: int


@dataclass
class _Chunk:
    """The pairs of one board, and what has been found wrong in them."""

    pairs: list[_Pair]
    source: str
    problems: list[BoardProblem] = field(default_factory=list)

    @property
    def line(self) -> int:
        return self.pairs[0].line

    @property
    def label(self) -> str | None:
        for pair in self.pairs:
            match = _BOARD_LABEL.fullmatch(pair.value.strip()) if pair.key == "ah" else None
            if match:
                return match.group(1)
        return None

    def report(self, line: int, message: str) -> None:
        self.problems.append(BoardProblem(self.source, line, self.label, message))

    def first(self, key: str) -> _Pair | None:
        return next((pair for pair in self.pairs if pair.key == key), None)

    def drop(self, keys: tuple[str, ...]) -> None:
        self.pairs = [pair for pair in self.pairs if pair.key not in keys]


class _Skip(Exception):
    """The board cannot be read; its problem has been recorded."""


def read_lin(text: str, source: str = "LIN text") -> BoardFile:
    """Read every board of LIN ``text``; problems name ``source``, the line and the board."""
    pairs, trailing = _pairs(text.lstrip("\ufeff"))
    boards: list[FileBoard] = []
    problems: list[BoardProblem] = []
    chunks = [_Chunk(chunk, source) for chunk in _boards(pairs)]
    if trailing is not None:
        problems.append(BoardProblem(source, trailing, None, "text after the last 'key|value|' pair is not a pair; ignored"))
    for chunk in chunks:
        try:
            boards.append(_read_chunk(chunk))
        except _Skip:
            pass
        problems.extend(chunk.problems)
    if not pairs and text.strip():
        problems.append(BoardProblem(source, 1, None, "no 'key|value|' pairs: this is not a LIN file"))
    return BoardFile(source, tuple(boards), tuple(problems))


def _pairs(text: str) -> tuple[list[_Pair], int | None]:
    """The ``key|value|`` pairs with the line each key is on; and the line of any unpaired text at the end."""
    elements = text.split("|")
    pairs = []
    line = 1
    for index in range(0, len(elements) - 1, 2):
        key, value = elements[index], elements[index + 1]
        key_line = line + key.count("\n") - key.lstrip().count("\n")
        line += key.count("\n") + value.count("\n")
        pairs.append(_Pair(key.strip().lower(), value.replace("\r", "").replace("\n", ""), key_line))
    leftover = elements[-1] if len(elements) % 2 else None
    return pairs, (line if leftover is not None and leftover.strip() else None)


def _boards(pairs: list[_Pair]) -> list[list[_Pair]]:
    """Cut the pairs into boards: a board starts at ``pn`` or ``qx`` once the one before has something of a
    board (a deal, a label, a call or a card), or at a second deal. Header pairs go with the first board."""
    boards: list[list[_Pair]] = []
    current: list[_Pair] = []
    for pair in pairs:
        keys = {earlier.key for earlier in current}
        if (pair.key in _BOARD_STARTS and keys & set(_BOARD_CONTENT)) or (pair.key == "md" and "md" in keys):
            boards.append(current)
            current = []
        current.append(pair)
    if {pair.key for pair in current} & set(_BOARD_CONTENT):
        boards.append(current)
    return boards


def _read_chunk(chunk: _Chunk) -> FileBoard:
    _check_board_label(chunk)
    _check_deal(chunk)
    _check_vulnerability(chunk)
    _check_auction(chunk)
    _check_play(chunk)
    board = _endplay_board(chunk)
    try:
        deal = endplay_deal(board.deal)
    except BridgeError as error:
        raise _skip(chunk, chunk.first("md"), f"the deal cannot be read: {error}") from None
    auction, notes = _auction(board.auction)
    contract, passed_out, _ = endplay_contract(board.contract)
    play: tuple[PlayedCard, ...] = ()
    try:
        play = replay(deal, contract, [Card.parse(pair.value) for pair in chunk.pairs if pair.key == "pc"])
    except BridgeError as error:
        pc = chunk.first("pc")
        chunk.report(pc.line if pc else chunk.line, f"{error}; play left out")
    return FileBoard(
        number=board.board_num,
        dealer=endplay_seat(board.dealer) if board.dealer is not None else None,
        vulnerability=endplay_vulnerability(board.vul) if board.vul is not None else None,
        deal=deal,
        auction=auction,
        notes=notes,
        play=play,
        contract=contract,
        passed_out=passed_out,
        result=_result(chunk, contract, play),
        line=chunk.line,
    )


def _skip(chunk: _Chunk, pair: _Pair | None, message: str) -> _Skip:
    chunk.report(pair.line if pair else chunk.line, message + _SKIPPED)
    return _Skip()


def _check_board_label(chunk: _Chunk) -> None:
    """``ah|Board 12|`` gives the number; failing that, a vugraph label ``qx|o12|``."""
    label = chunk.first("ah")
    if label is not None:
        number = _BOARD_LABEL.fullmatch(label.value.strip())
        if number is None:
            raise _skip(chunk, label, f"the board label ah|{label.value}| does not read 'Board N'")
        chunk.pairs[chunk.pairs.index(label)] = _Pair("ah", f"Board {number.group(1)}", label.line)
        return
    room = chunk.first("qx")
    match = _ROOM_LABEL.fullmatch(room.value.strip()) if room else None
    if room is not None and match:
        chunk.pairs.append(_Pair("ah", f"Board {match.group(1)}", room.line))


def _check_deal(chunk: _Chunk) -> None:
    """``md|3SAKQ…,S…,S…,|``: the dealer 1–4 (South, West, North, East), then hands from South round."""
    deal = chunk.first("md")
    value = deal.value.strip() if deal else ""
    if deal is None:
        raise _skip(chunk, None, "the board has no deal (md|…|)")
    if value[:1] not in ("1", "2", "3", "4"):
        raise _skip(chunk, deal, f"the deal md|{value}| must start with the dealer, 1 to 4 (South, West, North, East)")
    hands = value[1:].split(",")
    if len(hands) not in (3, 4):
        raise _skip(chunk, deal, f"the deal md|{value}| lists {len(hands)} hand(s), separated by commas; it needs 3 or 4")
    pbn_hands: dict[Seat, Hand | None] = {}
    for seat, hand in zip(_LIN_SEATS, hands, strict=False):
        suits = _HAND.fullmatch(hand.strip())
        if suits is None:
            raise _skip(chunk, deal, f"{seat.english}'s hand in the deal, {hand!r}, is not suits S, H, D, C "
                        "each followed by its ranks")
        holding = ".".join((suit or " ")[1:] for suit in suits.groups()).upper()
        try:
            pbn_hands[seat] = Hand.from_pbn(holding, seat) if hand.strip() else None
        except BridgeError as error:
            raise _skip(chunk, deal, f"the deal cannot be read: {error}") from None
    # endplay wants every suit letter, in capitals, even for a void: 'SAKQ2HDQ54CA32'.
    written = [hand.to_pbn() if hand else "" for hand in pbn_hands.values()]
    lin_hands = ["S{}H{}D{}C{}".format(*hand.split(".")) if hand else "" for hand in written]
    chunk.pairs[chunk.pairs.index(deal)] = _Pair("md", value[0] + ",".join(lin_hands), deal.line)
    try:
        Deal.from_hands(pbn_hands)  # a card twice, a hand of 12; the hand left empty is completed by endplay
    except BridgeError as error:
        raise _skip(chunk, deal, f"the deal cannot be read: {error}") from None


def _check_vulnerability(chunk: _Chunk) -> None:
    vulnerability = chunk.first("sv")
    if vulnerability is None:
        return
    letter = _VULNERABILITY.get(vulnerability.value.strip().lower())
    if letter is None:
        raise _skip(chunk, vulnerability, f"the vulnerability sv|{vulnerability.value}| is not o, n, e or b")
    chunk.pairs[chunk.pairs.index(vulnerability)] = _Pair("sv", letter, vulnerability.line)


def _check_auction(chunk: _Chunk) -> None:
    """Each call must read; chat (``nt``) goes; a 4-name ``pn`` stays for endplay, any other goes."""
    chunk.drop(("nt",))
    chunk.pairs = [pair for pair in chunk.pairs if pair.key != "pn" or len(pair.value.split(",")) == 4]
    seen_call = False
    for pair in chunk.pairs:
        if pair.key == "an" and not seen_call:
            return _leave_out_auction(chunk, pair, f"the explanation an|{pair.value}| comes before any call")
        if pair.key != "mb":
            continue
        seen_call = True
        try:
            parse_annotated_call(pair.value.strip())
        except BridgeError as error:
            return _leave_out_auction(chunk, pair, str(error))
    return None


def _leave_out_auction(chunk: _Chunk, pair: _Pair, message: str) -> None:
    chunk.report(pair.line, f"{message}; auction, contract and play left out")
    chunk.drop(_AUCTION_KEYS)


def _check_play(chunk: _Chunk) -> None:
    for pair in chunk.pairs:
        try:
            if pair.key == "pc":
                Card.parse(pair.value)
            elif pair.key == "mc" and not (pair.value.strip().isdigit() and int(pair.value) <= TRICKS_PER_DEAL):
                raise BridgeError(f"the claim mc|{pair.value}| is not a number of tricks from 0 to 13")
        except BridgeError as error:
            chunk.report(pair.line, f"{error}; play left out")
            chunk.drop(_PLAY_KEYS)
            return


def _endplay_board(chunk: _Chunk) -> endplay.types.Board:
    from endplay.parsers import lin

    # The play stays out: its order is already the order played, and endplay's count of tricks from it
    # fails on a trick cut short; the project's ``Play`` follows it instead.
    text = "".join(f"{pair.key}|{pair.value}|" for pair in chunk.pairs if pair.key not in _PLAY_KEYS)
    try:
        return lin.LINDecoder().parse_line(text)
    except (ValueError, IndexError, KeyError, RuntimeError, TypeError) as error:
        raise _skip(chunk, None, f"endplay cannot read the board: {error}") from None


def _auction(bids: list[endplay.types.Bid]) -> tuple[tuple[AnnotatedCall, ...], dict[str, str]]:
    """The calls with their alerts; each explanation (``an``) becomes a numbered note."""
    calls = []
    notes: dict[str, str] = {}
    for bid in bids:
        note = None
        if bid.announcement:
            note = str(len(notes) + 1)
            notes[note] = bid.announcement.strip()
        calls.append(AnnotatedCall(endplay_call(bid), bool(bid.alertable), note))
    return tuple(calls), notes


def _result(chunk: _Chunk, contract: Contract | None, play: tuple[PlayedCard, ...]) -> int | None:
    """Declarer's tricks: the claim ``mc`` if there is one, else counted from a complete play."""
    if contract is None:
        return None
    claim = chunk.first("mc")
    return int(claim.value) if claim is not None else tricks_from_play(contract, play)
