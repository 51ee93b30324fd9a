"""PBN and LIN files as other programs write them: each quirk in a small file under fixtures/."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.bridge.board_file import FileBoard
from app.bridge.board_reader import load_board_file
from app.bridge.calls import DOUBLE, PASS, REDOUBLE, parse_call
from app.bridge.contract import Doubling
from app.bridge.deal import Deal
from app.bridge.errors import BridgeError
from app.bridge.lin_file import read_lin
from app.bridge.pbn_file import read_pbn
from app.bridge.rota import Vulnerability
from app.bridge.seats import Seat

FIXTURES = Path(__file__).parent / "fixtures"
EXAMPLE = Deal.from_pbn("N:AKQ2.K32.Q54.A32 J54.QJ4.KJ32.KQ4 T9876.A87.A9.J76 3.T965.T876.T985")


def calls(*texts: str) -> tuple[object, ...]:
    return tuple(parse_call(text) for text in texts)


def played(board: FileBoard) -> list[str]:
    return [str(card) for card in board.play]


def test_quirks_file_reads_every_board_without_a_problem() -> None:
    board_file = load_board_file(FIXTURES / "quirks.pbn")
    assert board_file.problems == ()
    first, second, third, fourth = board_file.boards

    # Alert marks after a call ('2C!') and on their own ('!'), note references, lower-case pass, AP,
    # a ';' comment and a {comment} between calls: none of them is taken for a call.
    assert first.calls == calls("1C", "2C", "2NT", "P", "3NT", "P", "6NT", "P", "P", "P")
    assert [(a.alerted, a.note) for a in first.auction][1:3] == [(True, None), (True, "0")]
    assert first.auction[6].note == "1" and not first.auction[6].alerted
    assert dict(first.notes) == {"0": "asks for a stopper", "1": "to play"}
    # [Contract "6N"] with its Declarer and Result; the play stops at the claim, '-' placeholders dropped.
    assert first.contract is not None and str(first.contract) == "6NT" and first.declarer is Seat.SOUTH
    assert first.result == 11
    assert played(first) == ["W:CT", "N:C2", "E:CK", "S:C6", "E:HQ", "S:H7", "W:H5", "N:HK", "N:SA", "E:S4"]

    # Tags out of the usual order, a deal that starts with East, '5Dx' with a lower-case x.
    assert (second.number, second.dealer, second.vulnerability) == (2, Seat.EAST, Vulnerability.BOTH)
    assert second.deal == Deal.from_pbn("E:AKQ2.K32.Q54.A32 J54.QJ4.KJ32.KQ4 T9876.A87.A9.J76 3.T965.T876.T985")
    assert second.contract is not None and second.contract.doubled is Doubling.DOUBLED
    assert (str(second.contract), second.declarer, second.result) == ("5DX", Seat.EAST, 9)

    # [Board "#"] copies the number; the omitted Deal, Dealer and Vulnerable come from the record before.
    for inherited in (third, fourth):
        assert (inherited.number, inherited.dealer, inherited.vulnerability) == (2, Seat.EAST, Vulnerability.BOTH)
        assert inherited.deal == second.deal
    assert third.contract is not None and (str(third.contract), third.declarer, third.result) == ("4H", Seat.WEST, 10)
    assert fourth.passed_out and fourth.contract is None
    assert [board.line for board in board_file.boards] == [1, 22, 31, 36]


def test_composer_file_with_crlf_directives_and_multi_line_commentary() -> None:
    path = FIXTURES / "composer_crlf.pbn"
    assert b"\r\n" in path.read_bytes()  # the fixture really has Windows line endings
    board_file = load_board_file(path)
    assert board_file.problems == ()
    # The title record (Event, Site, commentary) is not a board; the commentary's blank line,
    # nested braces and escaped brace do not end it early.
    (board,) = board_file.boards
    assert (board.number, board.dealer, board.vulnerability, board.line) == (7, Seat.SOUTH, Vulnerability.BOTH, 13)
    assert board.deal == Deal.from_pbn("S:AKQ2.K32.Q54.A32 J54.QJ4.KJ32.KQ4 T9876.A87.A9.J76 3.T965.T876.T985")
    assert board.calls == calls("1NT", "P", "2D", "P", "2H", "P", "P", "P")
    assert board.auction[2].note == "1" and dict(board.notes) == {"1": "transfer"}
    assert (str(board.contract), board.declarer, board.result) == ("2H", Seat.SOUTH, 8)


def test_one_bad_board_is_reported_and_the_others_load() -> None:
    board_file = load_board_file(FIXTURES / "one_bad_board.pbn")
    assert [board.number for board in board_file.boards] == [1, 3, 5]
    source = str(FIXTURES / "one_bad_board.pbn")
    assert [(p.source, p.line, p.board) for p in board_file.problems] == [
        (source, 12, "2"), (source, 19, "3"), (source, 23, "4"), (source, 33, "5"),
    ]
    messages = [p.message for p in board_file.problems]
    assert messages[0] == "the Deal tag cannot be read: the ♠A appears in North's and East's hands; board skipped"
    assert messages[1].startswith("cannot read call '2Z'") and messages[1].endswith("; auction left out")
    assert messages[2] == "the Vulnerable tag: unknown vulnerability 'Sometimes': use None, NS, EW or Both; board skipped"
    assert messages[3] == "card 1 of the play: East cannot play the ♠A: it is not in East's hand; play left out"
    first, third, fifth = board_file.boards
    # '2C !' — the alert mark written apart from its call — once failed the whole file.
    assert first.calls == calls("1C", "2C", "P", "P", "P") and first.auction[1].alerted
    assert third.auction == () and third.deal == EXAMPLE  # the bad call costs the auction, not the board
    assert str(fifth.contract) == "3NT" and fifth.result == 9 and fifth.play == ()


def test_lin_boards_through_endplay() -> None:
    board_file = load_board_file(FIXTURES / "boards.lin")
    first, second, fifth = board_file.boards
    # md|3…| : dealer North; hands from South round, the fourth completed.
    assert (first.number, first.dealer, first.vulnerability) == (1, Seat.NORTH, Vulnerability.EW)
    assert first.deal == Deal.from_pbn("S:AKQ2.K32.Q54.A32 J54.QJ4.KJ32.KQ4 T9876.A87.A9.J76 3.T965.T876.T985")
    assert first.calls == calls("1NT", "2C", "P", "P", "P")
    assert first.auction[1].alerted and first.auction[1].note == "1" and dict(first.notes) == {"1": "both majors"}
    assert (str(first.contract), first.declarer, first.result) == ("2C", Seat.EAST, 9)  # the claim mc|9|
    assert played(first) == ["S:SA", "W:S4", "N:ST", "E:S3"]
    # sv|0| is read as neither side vulnerable; four passes are a passed-out board.
    assert second.vulnerability is Vulnerability.NONE and second.passed_out and second.calls == (PASS,) * 4
    # A vugraph board: number from qx|o5|, chat and the eight-name player list set aside.
    assert (fifth.number, fifth.dealer) == (5, Seat.EAST)
    assert fifth.calls[:3] == (parse_call("1S"), DOUBLE, REDOUBLE)
    assert fifth.contract is not None and fifth.contract.doubled is Doubling.REDOUBLED
    source = str(FIXTURES / "boards.lin")
    assert [(p.source, p.line, p.board) for p in board_file.problems] == [(source, 3, "3"), (source, 4, "4")]
    assert "North's hand in the deal, 'ST9876HA87DA9CJZ6'" in board_file.problems[0].message
    assert board_file.problems[1].message == (
        "the deal cannot be read: the ♠A appears in South's and West's hands; board skipped"
    )


def test_lin_result_counted_from_a_complete_play() -> None:
    # South holds the spades, West the hearts, North the diamonds, East the clubs; 7S by South
    # wins all thirteen tricks (West leads a heart, South ruffs and runs the spades).
    # endplay's own count from the play would say twelve.
    tricks = ["pc|HA|pc|D2|pc|C2|pc|S2|"] + [
        f"pc|S{s}|pc|H{h}|pc|D{d}|pc|C{c}|"
        for s, h, d, c in zip("3456789TJQKA", "23456789TJQK", "3456789TJQKA", "3456789TJQKA", strict=True)
    ]
    text = "md|1SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|ah|Board 9|sv|b|mb|7S|mb|p|mb|p|mb|p|" + "".join(tricks)
    (board,) = read_lin(text).boards
    assert (str(board.contract), board.declarer, len(board.play), board.result) == ("7S", Seat.SOUTH, 52, 13)
    assert board.deal is not None and board.deal[Seat.EAST] is not None and len(board.deal.hand(Seat.EAST)) == 13


def test_pbn_tag_and_commentary_errors_skip_only_their_board() -> None:
    deal = EXAMPLE.to_pbn()
    text = (
        f'[Board "1"]\n[Deal "{deal}"]\n[Dealer "N\n\n'
        f'[Board "2"]\n[Deal "{deal}"]\nstray words\n\n'
        f'[Board "3"]\n[Dealer "W"]\n[Deal "{deal}"]\n[Play "N"]\nSA\n\n'
        f'[Board "4"]\n[Deal "{deal}"]\n{{never closed\n'
    )
    board_file = read_pbn(text, "mixed.pbn")
    assert [board.number for board in board_file.boards] == [3]
    assert [str(p) for p in board_file.problems] == [
        "mixed.pbn, line 3, board 1: a tag value is missing its closing quote; board skipped",
        "mixed.pbn, line 7, board 2: unexpected text 'stray' outside a tag or an Auction/Play section; board skipped",
        "mixed.pbn, line 17, board 4: commentary opened with '{' is never closed with '}'; board skipped",
    ]
    # A Play section with no contract is ignored rather than guessed at.
    assert board_file.boards[0].play == () and board_file.boards[0].dealer is Seat.WEST


def test_pbn_play_must_start_with_the_opening_leader_and_results_can_name_a_side() -> None:
    text = (
        f'[Board "1"]\n[Deal "{EXAMPLE.to_pbn()}"]\n[Contract "3NT"]\n[Declarer "N"]\n[Result "NS 9"]\n'
        '[Play "S"]\nSA C2 D3 H4\n\n'
        '[Board "2"]\n[Contract "3NT"]\n[Declarer "N"]\n[Result "EW 5"]\n\n'
        '[Board "3"]\n[Contract "3NT"]\n[Result "9"]\n'
    )
    board_file = read_pbn(text)
    first, second, third = board_file.boards
    assert first.result == 9 and first.play == ()
    assert second.result == 8  # East-West took 5, so North-South 8
    assert third.contract is None
    assert [p.message for p in board_file.problems] == [
        "the play starts with South, but East leads against North; play left out",
        "the contract '3NT' has no Declarer tag; contract left out",
    ]


def test_an_auction_without_a_dealer_tag_gives_the_dealer() -> None:
    (board,) = read_pbn(f'[Board "5"]\n[Deal "{EXAMPLE.to_pbn()}"]\n[Auction "E"]\npass 1h AP\n').boards
    assert board.dealer is Seat.EAST and board.calls == calls("P", "1H", "P", "P", "P")


def test_file_level_reading(tmp_path: Path) -> None:
    with pytest.raises(BridgeError, match="cannot read"):
        load_board_file(tmp_path / "missing.pbn")
    latin = tmp_path / "club.pbn"
    latin.write_bytes(f'[Event "Caf\xe9 duplicate"]\n[Board "1"]\n[Deal "{EXAMPLE.to_pbn()}"]\n'.encode("latin-1"))
    assert [board.number for board in load_board_file(latin).boards] == [1]
    # A LIN file saved with another suffix is recognised by its content.
    lin_text = tmp_path / "hand.txt"
    lin_text.write_text((FIXTURES / "boards.lin").read_text().splitlines()[1] + "\n")
    assert [board.number for board in load_board_file(lin_text).boards] == [2]


def test_a_lin_board_without_a_deal_does_not_lend_its_calls_to_the_next() -> None:
    deal = "md|3SAKQ2HK32DQ54CA32,SJ54HQJ4DKJ32CKQ4,ST9876HA87DA9CJ76,|"
    text = (
        f"pn|a,b,c,d|{deal}ah|Board 1|mb|1S|mb|p|mb|p|mb|p|\n"
        "pn|a,b,c,d|ah|Board 2|mb|7N|mb|p|mb|p|mb|p|\n"
        f"pn|a,b,c,d|{deal}ah|Board 3|mb|2H|mb|p|mb|p|mb|p|\n"
    )
    board_file = read_lin(text, "gap.lin")
    assert [(board.number, str(board.contract)) for board in board_file.boards] == [(1, "1S"), (3, "2H")]
    assert [str(p) for p in board_file.problems] == [
        "gap.lin, line 2, board 2: the board has no deal (md|…|); board skipped"
    ]


def test_a_file_with_no_boards_says_so(tmp_path: Path) -> None:
    for name, text in (("empty.pbn", '[Event "Nothing yet"]\n'), ("empty.lin", "pn|a,b,c,d|st||")):
        path = tmp_path / name
        path.write_text(text)
        board_file = load_board_file(path)
        assert board_file.boards == ()
        assert [p.message for p in board_file.problems] == [
            f"no boards found in this {name[-3:].upper()} file"
        ]


def test_pbn_without_a_result_counts_a_complete_play() -> None:
    # North holds the spades, East the hearts, South the diamonds, West the clubs: 7S by North
    # takes every trick. Each row of the Play section lists East, South, West, North.
    rows = ["HA D2 C2 S2"] + [
        f"H{h} D{d} C{c} S{s}"
        for h, d, c, s in zip("23456789TJQK", "3456789TJQKA", "3456789TJQKA", "3456789TJQKA", strict=True)
    ]
    deal = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    text = f'[Board "1"]\n[Deal "{deal}"]\n[Contract "7S"]\n[Declarer "N"]\n[Play "E"]\n' + "\n".join(rows) + "\n"
    (board,) = read_pbn(text).boards
    assert len(board.play) == 52 and board.result == 13
    assert [str(card) for card in board.play[:5]] == ["E:HA", "S:D2", "W:C2", "N:S2", "N:S3"]


def test_which_problems_skip_a_board_and_which_leave_out_a_part() -> None:
    deal = EXAMPLE.to_pbn()
    text = (
        f'[Board "1"]\n[Deal "{deal}"]\n[Contract "4S"]\n[Declarer "Q"]\n\n'
        '[Board "spacer"]\n[Deal ""]\n\n'
        f'[Board "3"]\n[Dealer "Z"]\n[Deal "{deal}"]\n\n'
        f'[Board "4"]\n[Deal "{deal}"]\n\n'
        '[Board "5"]\n[Dealer "N"]\n[Contract "4S"]\n[Declarer "S"]\n[Result "14"]\n'
    )
    board_file = read_pbn(text, "parts.pbn")
    assert [(board.number, str(board.contract), board.result) for board in board_file.boards] == [
        (1, "None", None), (5, "4S", None),
    ]
    # Board 4 takes the bad Dealer of board 3 (PBN inheritance); board 5 gives its own and takes the deal.
    assert board_file.boards[1].deal == EXAMPLE and board_file.boards[1].dealer is Seat.NORTH
    assert [str(p) for p in board_file.problems] == [
        "parts.pbn, line 4, board 1: the Declarer tag: unknown seat 'Q': use N, E, S or W; contract left out",
        "parts.pbn, line 6, board spacer: the board number 'spacer' is not a whole number from 1; board skipped",
        "parts.pbn, line 10, board 3: the Dealer tag: unknown seat 'Z': use N, E, S or W; board skipped",
        "parts.pbn, line 13, board 4: the Dealer tag: unknown seat 'Z': use N, E, S or W; board skipped "
        "(the tag is taken from line 10)",
        "parts.pbn, line 20, board 5: the result '14' is not a number of tricks from 0 to 13; result left out",
    ]
    assert "no deal: the Deal tag is empty; board skipped" in str(read_pbn('[Deal ""]\n').problems[0])


def _board(extra: str, auction: str = "", first: str = "N") -> str:
    """Board 1 dealt by North with ``extra`` tags, and an auction from ``first`` if one is given."""
    return (f'[Board "1"]\n[Dealer "N"]\n[Deal "{EXAMPLE.to_pbn()}"]\n{extra}'
            + (f'[Auction "{first}"]\n{auction}\n' if auction else ""))


def test_double_dash_placeholders_in_the_play_read_like_single_ones() -> None:
    """Some programs write '--' where no card was played (after a claim); it must not cost the whole play."""
    text = _board('[Contract "6NT"]\n[Declarer "S"]\n[Result "11"]\n[Play "W"]\nCT C2 CK C6\nH5 HK HQ H7\n'
                  "-- SA S4 --\n*\n")
    board_file = read_pbn(text, "dashes.pbn")
    assert board_file.problems == ()
    (board,) = board_file.boards
    assert played(board)[-2:] == ["N:SA", "E:S4"]


def test_an_insufficient_bid_in_the_auction_is_reported_and_kept() -> None:
    text = _board('[Contract "2S"]\n[Declarer "E"]\n', "1H 1D 1S 2S\nP P P")
    board_file = read_pbn(text, "insufficient.pbn")
    assert [str(p) for p in board_file.problems] == [
        "insufficient.pbn, line 7, board 1: call 2 (East's 1D) is not legal: 1D does not supersede the last bid, "
        "1H: it is insufficient (Law 18D); the auction is kept as the file writes it"]
    assert board_file.boards[0].calls == calls("1H", "1D", "1S", "2S", "P", "P", "P")


@pytest.mark.parametrize(("auction", "message"), [
    ("1S X XX X", "call 4 (West's X) is not legal: a double is allowed only of an opponent's last bid"),
    ("1S P P P P", "call 5 (North's P) is not legal: the auction has ended (Law 22)"),
])
def test_other_illegal_calls_are_reported_per_board(auction: str, message: str) -> None:
    board_file = read_pbn(_board("", auction) + "\n" + _board(""), "calls.pbn")
    assert len(board_file.boards) == 2 and len(board_file.problems) == 1
    assert message in board_file.problems[0].message and board_file.problems[0].board == "1"


@pytest.mark.parametrize(("tags", "auction", "first", "line", "message"), [
    ('[Contract "4S"]\n[Declarer "S"]\n', "1S P 4S AP", "N", 5,
     "the auction ends in 4♠ by North, but the Contract and Declarer tags say 4S by South"),
    ('[Contract "4H"]\n[Declarer "N"]\n', "1S P 4S AP", "N", 4,
     "the auction ends in 4♠ by North, but the Contract and Declarer tags say 4H by North"),
    ('[Contract "Pass"]\n', "1S AP", "N", 4, "the auction ends in 1♠ by North, but the Contract tag says Pass"),
    ('[Contract "3NT"]\n[Declarer "E"]\n', "1NT P 3NT AP", "E", 6,
     "the Auction tag starts with East, but the dealer is North"),
])
def test_an_auction_that_contradicts_the_contract_tags_is_reported(tags: str, auction: str, first: str, line: int,
                                                                   message: str) -> None:
    board_file = read_pbn(_board(tags, auction, first), "declarer.pbn")
    assert [(p.line, p.message) for p in board_file.problems] == [
        (line, f"{message}; the auction is kept as the file writes it")]
    assert board_file.boards[0].auction  # kept


def test_a_legal_auction_that_agrees_with_its_tags_is_not_reported() -> None:
    board_file = read_pbn(_board('[Contract "4S"]\n[Declarer "N"]\n', "1S P 4S AP"))
    assert board_file.problems == () and str(board_file.boards[0].contract) == "4S"
