"""The shipped case library, counted from the files: enough cases per topic and level to train and
examine on, and every built-in exam paper drawable twice without repeating a case."""

from collections import Counter
from pathlib import Path

import pytest

from app.content.library import load_library
from app.training.exam import ExamError, choose_cases
from app.training.exam_profiles import BUILT_IN_PROFILES

ROOT = Path(__file__).resolve().parents[2]
# The case-library issue's minimums, by each case's main (first) topic; leads out of turn count both kinds.
AT_LEAST_12 = ("insufficient-bid", "call-out-of-rotation", "lead-out-of-turn", "penalty-card", "revoke", "claims",
               "unauthorized-information", "misinformation", "adjusted-scores")
AT_LEAST_5 = ("change-of-call", "exposed-card-auction", "inadmissible-call", "dummy", "played-card",
              "premature-play", "defective-trick", "scoring", "procedure")


@pytest.fixture(scope="module")
def library():
    library = load_library(ROOT / "content")
    assert library.problems == []
    return library


def _main_topics(library) -> Counter[str]:  # type: ignore[no-untyped-def]
    counts = Counter(case.topics[0] for case in library.cases if case.edition == "wbf-2017")
    counts["lead-out-of-turn"] += counts.pop("opening-lead-out-of-turn", 0)
    return counts


def shortfalls(library) -> list[str]:  # type: ignore[no-untyped-def]
    """What the library lacks against the minimums, as ``topic: have/need`` lines (empty when none)."""
    topics = _main_topics(library)
    short = [f"{t}: {topics[t]}/12" for t in AT_LEAST_12 if topics[t] < 12]
    short += [f"{t}: {topics[t]}/5" for t in AT_LEAST_5 if topics[t] < 5]
    levels = Counter(case.difficulty for case in library.cases)
    short += [f"difficulty {level}: {levels[level]}/20" for level in range(1, 6) if levels[level] < 20]
    older = sum(1 for case in library.cases if case.edition in ("wbf-2007", "wbf-1997") and case.twin)
    if older < 10:
        short.append(f"older-code twins: {older}/10")
    quick_reference = sum(1 for case in library.cases if any(s.startswith("004") for s in case.sources))
    if quick_reference < 6:
        short.append(f"cases on the 2007 quick reference: {quick_reference}/6")
    if len(library.cases) < 150:
        short.append(f"cases: {len(library.cases)}/150")
    return short


def test_there_are_at_least_150_cases_and_ten_older_code_twins(library) -> None:  # type: ignore[no-untyped-def]
    assert len(library.cases) >= 150
    assert not [line for line in shortfalls(library) if line.startswith(("cases:", "older-code"))]


def test_every_topic_and_level_has_its_minimum(library) -> None:  # type: ignore[no-untyped-def]
    assert shortfalls(library) == []


# The second library issue's minimums: every law has a case, the judgement topics and the
# congress level are deep enough, and each newer code can be ruled under beside its 2017 twin.
JUDGEMENT_TOPICS = ("claims", "misinformation", "adjusted-scores", "unauthorized-information")


def deeper_shortfalls(library) -> list[str]:  # type: ignore[no-untyped-def]
    """What the library lacks against the 320-case minimums, as ``what: have/need`` lines."""
    latest = [case for case in library.cases if case.edition == "wbf-2017"]
    cited = {law.law for case in latest for law in case.laws}
    short = [f"Law {n}: 0/1" for n in range(1, 94) if n != 88 and n not in cited]
    topics = _main_topics(library)
    short += [f"{t}: {topics[t]}/20" for t in JUDGEMENT_TOPICS if topics[t] < 20]
    level_5 = sum(1 for case in library.cases if case.difficulty == 5)
    if level_5 < 40:
        short.append(f"difficulty 5: {level_5}/40")
    law_89 = sum(1 for case in latest if any(law.law == 89 for law in case.laws))
    if law_89 < 5:
        short.append(f"Law 89: {law_89}/5")
    by_id = {case.id: case for case in library.cases}
    for code in ("okbridge-1997", "ibl"):
        twins = [case for case in library.cases if case.edition == code and case.twin
                 and getattr(by_id.get(case.twin), "edition", None) == "wbf-2017"]
        if len(twins) < 6:
            short.append(f"{code} twins of 2017 cases: {len(twins)}/6")
    if len(library.cases) < 320:
        short.append(f"cases: {len(library.cases)}/320")
    return short


def test_every_law_code_judgement_topic_and_the_congress_level_has_its_minimum(library) -> None:  # type: ignore[no-untyped-def]
    assert deeper_shortfalls(library) == []


@pytest.mark.parametrize("profile", BUILT_IN_PROFILES, ids=lambda p: p.name)
def test_every_exam_paper_can_be_drawn_twice_without_repeating_a_case(library, profile) -> None:  # type: ignore[no-untyped-def]
    for seed in range(5):
        first = choose_cases(profile, library.cases, seed)
        rest = [case for case in library.cases if case not in first]
        try:
            second = choose_cases(profile, rest, seed + 100)
        except ExamError as short:  # the message says which topic is short
            pytest.fail(f"second paper (seed {seed}): {short}")
        assert not {c.id for c in first} & {c.id for c in second}
        assert len(second) == profile.cases
