"""What a trainee is shown about a question: the starting order, each choice's verdict, the
model answer as items, and the law the question rests on."""

from collections import Counter

from app.content.cases.model import Choice, Question
from app.content.laws.refs import parse_ref
from app.training.feedback import ChoiceVerdict, choice_order, choice_verdicts, cited_law, model_answer_items, start_order

ORDER = Question(id="steps", kind="order", ask="Order them", line=1, items=("a", "b", "c", "d"))
MULTI = Question(id="which", kind="multi", ask="Which?", line=1, choices=(
    Choice("first", True, "Law 64A1 transfers one trick."),
    Choice("second", True, ""),
    Choice("third", False, "See Law 61A."),
))


def test_start_order_is_never_the_answer_nor_its_reverse_and_depends_on_the_seed() -> None:
    orders = {start_order(ORDER, seed) for seed in range(200)}
    assert (0, 1, 2, 3) not in orders and (3, 2, 1, 0) not in orders
    assert all(sorted(order) == [0, 1, 2, 3] for order in orders)
    assert len(orders) > 10  # really shuffled, not one fixed scramble
    assert start_order(ORDER, 7) == start_order(ORDER, 7)  # stable within one attempt
    three = Question(id="x", kind="order", ask="", line=1, items=("a", "b", "c"))
    assert {start_order(three, seed) for seed in range(50)} <= {(0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1)}


def test_choice_verdicts_tell_ticked_right_ticked_wrong_missed_and_rightly_left() -> None:
    assert choice_verdicts(MULTI, frozenset({0, 2})) == [
        ChoiceVerdict.TICKED_RIGHT, ChoiceVerdict.MISSED, ChoiceVerdict.TICKED_WRONG]
    assert choice_verdicts(MULTI, frozenset({0, 1})) == [
        ChoiceVerdict.TICKED_RIGHT, ChoiceVerdict.TICKED_RIGHT, ChoiceVerdict.LEFT_RIGHT]


def test_model_answer_is_a_list_of_items() -> None:
    assert model_answer_items(MULTI) == ["first", "second"]
    assert model_answer_items(ORDER) == ["a", "b", "c", "d"]


def test_cited_law_comes_from_the_answer_then_the_explanations() -> None:
    law = Question(id="law", kind="law", ask="Which law?", line=1, answer=parse_ref("27B2"))
    assert cited_law(law) == parse_ref("27B2")
    assert cited_law(MULTI) == parse_ref("64A1")  # the right choices' explanations, whatever was ticked
    assert cited_law(ORDER) is None


FOUR = Question("q", "single", "?", 1, choices=(Choice("right", True), Choice("b"), Choice("c"), Choice("d")))


def test_choice_order_is_a_permutation_that_stays_put_for_a_seed_and_changes_with_it() -> None:
    orders = {choice_order(FOUR, seed) for seed in range(50)}
    assert all(sorted(order) == [0, 1, 2, 3] for order in orders)
    assert choice_order(FOUR, 7) == choice_order(FOUR, 7)
    assert len(orders) > 10


def test_the_choice_written_first_is_shown_in_every_place_about_equally_often() -> None:
    places = Counter(choice_order(FOUR, seed).index(0) for seed in range(2000))
    assert set(places) == {0, 1, 2, 3}
    assert all(400 <= count <= 600 for count in places.values()), places  # 500 expected; > 5 sigma apart
