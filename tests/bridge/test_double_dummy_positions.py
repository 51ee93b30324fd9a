"""The solver from a position in the play: tricks already won plus best play from there on."""

import pytest

from app.bridge.cards import Card
from app.bridge.contract import parse_contract
from app.bridge.deal import Deal
from app.bridge.double_dummy import declarer_tricks_with_best_play
from app.bridge.errors import PlayError
from app.bridge.seats import Seat

ONE_SUIT_EACH = Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
# North ♥A-J-3 and South ♥K-10-2 against East's ♥Q-8-6-5: a two-way finesse for the tenth trick.
HEARTS_GUESS = Deal.from_pbn("N:AKJ75.AJ3.74.KQ2 .Q865.AKQJ96.A43 Q9643.KT2.85.J85 T82.974.T32.T976")
# East cashes three winners and exits with a club; declarer draws trumps ending in North.
BEFORE_HEARTS = ("DA D5 D2 D4 DK D8 D3 D7 CA C5 C6 C2 C3 C8 C7 CK "
                 "SA D6 S3 S2 SK D9 S4 S8 SJ DJ S6 ST").split()


def cards(names: list[str]) -> list[Card]:
    return [Card.parse(name) for name in names]


def test_the_opening_leader_and_a_chosen_leader() -> None:
    # At no trump the player on lead runs his own suit; nobody else can win a trick.
    contract = parse_contract("3NT", Seat.SOUTH)
    assert declarer_tricks_with_best_play(ONE_SUIT_EACH, contract) == 0  # West leads clubs
    assert declarer_tricks_with_best_play(ONE_SUIT_EACH, contract, leader=Seat.NORTH) == 13
    assert declarer_tricks_with_best_play(ONE_SUIT_EACH, parse_contract("7S", Seat.NORTH)) == 13


def test_a_trick_in_progress_counts_for_whoever_wins_it() -> None:
    # West has led the ♣A in 3NT by South: West still takes all thirteen.
    contract = parse_contract("3NT", Seat.SOUTH)
    assert declarer_tricks_with_best_play(ONE_SUIT_EACH, contract, cards(["CA", "S2"])) == 0


def test_tricks_already_won_are_added_to_the_rest() -> None:
    contract = parse_contract("4S", Seat.NORTH)
    assert declarer_tricks_with_best_play(HEARTS_GUESS, contract) == 10
    assert declarer_tricks_with_best_play(HEARTS_GUESS, contract, cards(BEFORE_HEARTS)) == 10
    # Low to the ♥10 finesses East, who holds the queen; the ♥K and low to the ♥J finesses West.
    right = cards([*BEFORE_HEARTS, "H3", "H5", "HT"])
    wrong = cards([*BEFORE_HEARTS, "H3", "H5", "HK", "H4", "H2", "H7", "HJ"])
    assert declarer_tricks_with_best_play(HEARTS_GUESS, contract, right) == 10
    assert declarer_tricks_with_best_play(HEARTS_GUESS, contract, wrong) == 9


def test_a_whole_board_played_out_is_just_counted() -> None:
    contract = parse_contract("3NT", Seat.SOUTH)
    west_runs_clubs = []
    for rank in "AKQJT98765432":
        west_runs_clubs += [f"C{rank}", f"S{rank}", f"H{rank}", f"D{rank}"]
    assert declarer_tricks_with_best_play(ONE_SUIT_EACH, contract, cards(west_runs_clubs)) == 0


@pytest.mark.parametrize(("played", "message"), [
    (["DA", "D5", "D2", "S5"], "revoke by North"),
    (["DA", "SA"], "cannot play the ♠A"),  # South is to play, and North holds it
])
def test_a_position_reached_illegally_is_refused(played: list[str], message: str) -> None:
    with pytest.raises(PlayError, match=message):
        declarer_tricks_with_best_play(HEARTS_GUESS, parse_contract("4S", Seat.NORTH), cards(played))


def test_each_distinct_position_is_solved_once_per_run() -> None:
    """A case and its twin, or several claims on one deal, ask the solver about the same position: it is
    searched once, and the answer is the same the second time."""
    from app.bridge.contract import parse_contract
    from app.bridge.deal import Deal
    from app.bridge.double_dummy import _most_tricks, declarer_tricks_with_best_play

    deal = Deal.from_pbn("N:AKQ2.K32.Q54.A32 J54.QJ4.KJ32.KQ4 T9876.A87.A9.J76 3.T965.T876.T985")
    contract = parse_contract("4S", "W")
    _most_tricks.cache_clear()
    first = declarer_tricks_with_best_play(deal, contract)
    again = declarer_tricks_with_best_play(deal, contract)
    info = _most_tricks.cache_info()
    assert first == again and (info.misses, info.hits) == (1, 1)
