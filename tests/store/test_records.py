"""Progress per law section rolls up to whole laws for the chart."""

from app.store.records import GroupResult, by_whole_law
from app.training.report import Tally


def test_sections_roll_up_to_their_law_in_law_order() -> None:
    results = [
        GroupResult("Ann", "64A1", 1, Tally(1, 2)),
        GroupResult("Ann", "27B1(a)", 2, Tally(3, 4)),
        GroupResult("Ann", "64B", 1, Tally(2, 2)),
        GroupResult("Ann", "not a law", 1, Tally(0, 1)),
    ]
    rolled = by_whole_law(results)
    assert [(r.key, r.cases, r.tally) for r in rolled] == [("27", 2, Tally(3, 4)), ("64", 2, Tally(3, 4))]
