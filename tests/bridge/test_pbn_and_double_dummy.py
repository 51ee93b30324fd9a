from __future__ import annotations

from app.bridge.calls import DOUBLE, PASS, Denomination, parse_call
from app.bridge.contract import Doubling
from app.bridge.deal import Deal
from app.bridge.double_dummy import trick_table
from app.bridge.pbn_file import read_pbn
from app.bridge.rota import Vulnerability
from app.bridge.seats import SEATS, Seat

EXAMPLE = "N:AKQ2.K32.Q54.A32 J54.QJ4.KJ32.KQ4 T9876.A87.A9.J76 3.T965.T876.T985"

PBN = f"""\
[Event "Club pairs"]
[Board "3"]
[Dealer "S"]
[Vulnerable "EW"]
[Deal "{EXAMPLE}"]
[Declarer "S"]
[Contract "4SX"]
[Result "8"]
[Auction "S"]
1S 2H 4S X
Pass Pass Pass

[Board "4"]
[Deal "N:AKQ2.K32.Q54.A32 - T9876.A87.A9.J76 -"]
"""


def test_reads_boards_into_project_types() -> None:
    first, second = read_pbn(PBN).boards
    assert (first.number, first.dealer, first.vulnerability) == (3, Seat.SOUTH, Vulnerability.EW)
    assert first.deal == Deal.from_pbn(EXAMPLE)
    assert first.calls == tuple(parse_call(c) for c in ["1S", "2H", "4S"]) + (DOUBLE, PASS, PASS, PASS)
    assert first.contract is not None and str(first.contract) == "4SX" and first.contract.declarer is Seat.SOUTH
    assert first.contract.doubled is Doubling.DOUBLED
    assert first.result == 8
    assert second.number == 4 and second.deal is not None and second.deal[Seat.EAST] is None
    assert second.contract is None and second.calls == ()
    # Board 4 gives no Dealer or Vulnerable tag: PBN takes them from the record before.
    assert (second.dealer, second.vulnerability) == (Seat.SOUTH, Vulnerability.EW)


def test_a_bad_deal_in_a_file_is_explained_with_its_board_and_line() -> None:
    bad = PBN.replace("J54.QJ4", "A54.QJ4", 1)
    board_file = read_pbn(bad)
    assert [board.number for board in board_file.boards] == [4]
    (problem,) = board_file.problems
    assert str(problem) == (
        "PBN text, line 5, board 3: the Deal tag cannot be read: the ♠A appears in North's and East's hands; "
        "board skipped"
    )


def test_unreadable_rank_is_reported_not_raised() -> None:
    board_file = read_pbn(
        '[Board "1"]\n[Deal "N:AKQ2.K32.Q54.A32 J54.QJ4.KJ32.KQ4 T9876.A87.A9.J76 3.T965.T876.TZ85"]\n'
    )
    assert board_file.boards == ()
    assert "unknown rank 'Z' in West's clubs" in board_file.problems[0].message


def test_double_dummy_on_a_deal_anyone_can_solve() -> None:
    # Each player holds one whole suit: North spades, East hearts, South diamonds, West clubs.
    # With spades trumps North wins every trick; at no trump the opening leader runs his suit.
    deal = Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
    table = trick_table(deal)
    assert table[Denomination.SPADES][Seat.NORTH] == 13  # East leads a heart; North ruffs and draws
    assert table[Denomination.NOTRUMP][Seat.NORTH] == 0  # East leads hearts and takes them all
    assert table[Denomination.NOTRUMP][Seat.WEST] == 0  # North leads spades and takes them all
    assert set(table) == set(Denomination) and all(set(row) == set(SEATS) for row in table.values())
