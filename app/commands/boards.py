"""``director-trainer boards FILE [--board N [--double-dummy]] [--json]``: the boards of a PBN or LIN file.

Lists each board (number, dealer, vulnerability, contract, declarer, tricks
won), or prints one as a diagram with its auction and play: every record of
it, when the file holds several (one for each table that played it). Boards
that cannot be read are reported on standard error as ``file, line N, board B:
what is wrong``; the others are still listed, and the exit code is then 2.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from app.bridge.board_file import BoardFile, FileBoard
from app.bridge.board_reader import load_board_file
from app.bridge.calls import AnnotatedCall, Denomination
from app.bridge.cards import SUITS_HIGH_TO_LOW
from app.bridge.deal import Hand
from app.bridge.double_dummy import trick_table
from app.bridge.seats import SEATS, Seat
from app.commands import CommandError, print_json

BAD_INPUT = 2
_HAND_WIDTH = 20
_AUCTION_ORDER = (Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "boards",
        help="list the boards of a PBN or LIN file, or show one",
        description="List the boards of a PBN or LIN (Bridge Base Online) file: number, dealer, vulnerability, "
        "contract, declarer and tricks won. With --board N, print that board as a diagram with its auction "
        "and play (every record of it, when the file has several; with --json, a list under 'records' then). "
        "A board that cannot be read is reported on standard error with its line, the others are "
        "still shown, and the exit code is 2.",
    )
    parser.add_argument("file", type=Path, metavar="FILE", help="a .pbn or .lin file")
    parser.add_argument("--board", type=int, metavar="N", help="print board N as a diagram")
    parser.add_argument("--double-dummy", action="store_true",
                        help="with --board N: also the tricks each declarer takes in each denomination with best "
                             "play (endplay's solver)")
    parser.add_argument("--json", action="store_true", help="print as JSON")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    path: Path = args.file
    if not path.is_file():
        raise CommandError(f"no such file: {path}", exit_code=BAD_INPUT)
    board_file = load_board_file(path)
    if args.board is not None:
        records = board_file.numbered(args.board)
        if not records:
            _print_problems(board_file)
            numbers = ", ".join(dict.fromkeys(str(b.number) for b in board_file.boards if b.number is not None)) or "none"
            raise CommandError(f"{path} has no readable board {args.board} (boards read: {numbers})",
                               exit_code=BAD_INPUT)
        shown = [_one_board(board, args.double_dummy, args.json) for board in records]
        if args.json:
            print_json({"file": str(path), **shown[0]} if len(shown) == 1 else
                       {"file": str(path), "board": args.board, "records": shown})
        else:
            if len(records) > 1:
                shown = [f"Record {number} of {len(records)}, line {board.line} of {path.name}\n{text}"
                         for number, (board, text) in enumerate(zip(records, shown, strict=True), 1)]
            print("\n\n".join(str(text) for text in shown))
    elif args.json:
        print_json({
            "file": str(path),
            "boards": [board_as_dict(board) for board in board_file.boards],
            "problems": [{"line": p.line, "board": p.board, "message": p.message} for p in board_file.problems],
        })
    else:
        print(board_list(board_file))
    _print_problems(board_file)
    return BAD_INPUT if board_file.problems else 0


def _one_board(board: FileBoard, double_dummy: bool, as_json: bool) -> Any:
    """One record as a diagram (with the line it starts on when the file has several), or as a mapping."""
    table = _double_dummy(board) if double_dummy else None
    if as_json:
        extra = {"double_dummy": {d.letter: {s.letter: n for s, n in row.items()} for d, row in table.items()}
                 } if table else {}
        return {**board_as_dict(board, full=True), **extra}
    return diagram(board) + (f"\n\n{trick_table_text(table)}" if table else "")


def _double_dummy(board: FileBoard) -> dict[Denomination, dict[Seat, int]]:
    if board.deal is None or any(board.deal[seat] is None for seat in SEATS):
        raise CommandError(f"board {board.number} lacks a hand: the solver needs all four", exit_code=BAD_INPUT)
    return trick_table(board.deal)


def trick_table_text(table: dict[Denomination, dict[Seat, int]]) -> str:
    """The solver's tricks as a grid: a row per declarer, a column per denomination."""
    denominations = list(table)
    lines = ["Double dummy: tricks for each declarer", f"{'':<6}" + "".join(f"{d.symbol:>4}" for d in denominations)]
    lines += [f"{seat.english:<6}" + "".join(f"{table[d][seat]:>4}" for d in denominations) for seat in SEATS]
    return "\n".join(lines)


def _print_problems(board_file: BoardFile) -> None:
    for problem in board_file.problems:
        print(problem, file=sys.stderr)


def _contract_text(board: FileBoard) -> str:
    if board.passed_out:
        return "Pass"
    return str(board.contract) if board.contract else "-"


def _letter(seat: Seat | None) -> str:
    return seat.letter if seat else "-"


def _call_text(annotated: AnnotatedCall) -> str:
    """A call as PBN writes it, with its alert mark and note: '2C!', '2NT=1='."""
    note = f"={annotated.note}=" if annotated.note else ""
    return f"{annotated.call}{'!' if annotated.alerted else ''}{note}"


def board_as_dict(board: FileBoard, *, full: bool = False) -> dict[str, Any]:
    data: dict[str, Any] = {
        "board": board.number,
        "line": board.line,
        "dealer": _letter(board.dealer) if board.dealer else None,
        "vulnerability": board.vulnerability.value if board.vulnerability else None,
        "contract": _contract_text(board) if board.contract or board.passed_out else None,
        "declarer": board.declarer.letter if board.declarer else None,
        "result": board.result,
    }
    if full:
        data |= {
            "deal": board.deal.to_pbn() if board.deal else None,
            "auction": [_call_text(call) for call in board.auction],
            "notes": dict(board.notes),
            "play": [str(played) for played in board.play],
        }
    return data


def board_list(board_file: BoardFile) -> str:
    count = len(board_file.boards)
    lines = [f"{board_file.source}: {count} board{'s' if count != 1 else ''}"]
    if board_file.boards:
        lines.append(f"{'Board':>5}  {'Dealer':<6}  {'Vul':<4}  {'Contract':<8}  {'By':<2}  Tricks")
    for board in board_file.boards:
        vulnerability = board.vulnerability.value if board.vulnerability else "-"
        result = str(board.result) if board.result is not None else "-"
        lines.append(
            f"{board.number if board.number is not None else '-':>5}  {_letter(board.dealer):<6}  {vulnerability:<4}  "
            f"{_contract_text(board):<8}  {_letter(board.declarer):<2}  {result}"
        )
    return "\n".join(lines)


def _hand_lines(seat: Seat, hand: Hand | None) -> list[str]:
    if hand is None:
        return [seat.english, "(not given)", "", "", ""]
    return [seat.english] + [suit.symbol + " " + ("".join(r.display for r in hand.holding(suit)) or "—")
                             for suit in SUITS_HIGH_TO_LOW]


def diagram(board: FileBoard) -> str:
    """The board as text: heading, the four hands round a compass, the auction, the contract and the play."""
    dealer = f"dealer {board.dealer.english}" if board.dealer else "dealer not given"
    vulnerability = board.vulnerability.english if board.vulnerability else "vulnerability not given"
    lines = [f"Board {board.number if board.number is not None else '(no number)'}: {dealer}, {vulnerability}", ""]
    if board.deal is not None:
        north, south = (_hand_lines(seat, board.deal[seat]) for seat in (Seat.NORTH, Seat.SOUTH))
        west, east = (_hand_lines(seat, board.deal[seat]) for seat in (Seat.WEST, Seat.EAST))
        lines += [" " * _HAND_WIDTH + row for row in north]
        lines += [f"{w:<{_HAND_WIDTH * 2}}{e}".rstrip() for w, e in zip(west, east, strict=True)]
        lines += [" " * _HAND_WIDTH + row for row in south]
        lines.append("")
    if board.auction and board.dealer is not None:
        lines.append("".join(f"{seat.english:<8}" for seat in _AUCTION_ORDER).rstrip())
        cells = [""] * _AUCTION_ORDER.index(board.dealer) + [_call_text(call) for call in board.auction]
        for start in range(0, len(cells), 4):
            lines.append("".join(f"{cell:<8}" for cell in cells[start:start + 4]).rstrip())
        lines += [f"  note {number}: {text}" for number, text in board.notes.items()]
        lines.append("")
    if board.passed_out:
        lines.append("Passed out")
    elif board.contract is not None:
        result = f", {board.result} tricks" if board.result is not None else ""
        lines.append(f"Contract {board.contract.symbol}{result}")
    for start in range(0, len(board.play), len(SEATS)):
        trick = board.play[start:start + len(SEATS)]
        cards = "  ".join(f"{played.seat.letter} {played.card.symbol}" for played in trick)
        lines.append(f"Trick {start // len(SEATS) + 1}: {cards}")
    return "\n".join(lines).rstrip()
