"""The engine's findings beyond what a case's expect block can show: secondary findings, the choice of
the primary one, the reasoning and the judgement notes."""

from scenarios import FOUR_SPADES, scenario

from app.rules.engine import analyse
from app.rules.explain import explanation_markdown, explanation_text


def kinds(events: list[str], **kwargs: object) -> list[tuple[str, str, object]]:
    analysis = analyse(scenario(events, **kwargs))  # type: ignore[arg-type]
    return [(f.irregularity, f.offender.letter if f.offender else "", f.facts.get("rectification"))
            for f in analysis.findings]


def test_the_primary_finding_is_the_last_before_the_director() -> None:
    analysis = analyse(scenario(["N:1S", "expose N:SA", "E:P", "S:2S", "director", "W:3H"]))
    assert [f.irregularity for f in analysis.findings] == ["exposed-card-auction",
                                                          "action-violating-obligation-to-pass"]
    assert analysis.primary is analysis.findings[1]
    assert analysis.conclusions()["offender"] == "S"


def test_with_nothing_before_the_director_the_first_finding_counts() -> None:
    analysis = analyse(scenario(["director", "N:1S", "E:1D"]))
    assert analysis.primary is analysis.findings[0] and analysis.primary.irregularity == "insufficient-bid"


def test_no_irregularity() -> None:
    analysis = analyse(scenario(["N:1S", "E:P", "S:4S", "W:P", "N:P", "E:P", "director"]))
    assert analysis.findings == [] and analysis.conclusions()["irregularity"] == "none"
    assert analysis.conclusions()["contract"] == "4S" and "score_ns" not in analysis.conclusions()
    assert "result" in (analysis.why_unknown("score_ns") or "")


def test_a_repeated_insufficient_bid_out_of_rotation_is_judged_by_law_27() -> None:
    # Laws 31A1 and 27A2: RHO passed, the offender repeats his call, and it is insufficient.
    assert kinds(["N:1S", "E:P", "W:1H", "director", "S:P", "W:1H"]) == [
        ("bid-out-of-rotation", "W", "31A1"), ("insufficient-bid", "W", None)]


def test_the_second_insufficient_bid_has_its_own_finding_under_27b4() -> None:
    analysis = analyse(scenario(["N:1S", "E:1D", "director", "E:1H", "E:2H"]))
    second = analysis.findings[1]
    assert second.facts["rectification"] == "27B4" and second.facts["partner_must_pass"] == "throughout"


def test_a_call_after_the_final_pass_and_lhos_call_over_it() -> None:
    analysis = analyse(scenario(["N:1NT", "E:P", "S:P", "W:P", "E:2C", "S:2NT", "director"]))
    first = analysis.findings[0]
    assert (first.offender.letter if first.offender else "", first.facts["rectification"]) == ("E", "39B")
    assert any("left-hand opponent called" in s.text for s in first.steps)


def test_declarers_lead_out_of_turn_answered_by_the_defender_on_his_right() -> None:
    events = ["trick HT HK H4 H7", "play S:S6", "play E:S4", "director"]
    assert kinds(events, board=3, auction=FOUR_SPADES) == [("lead-out-of-turn", "S", "53C"),
                                                            ("premature-play", "E", "57A")]


def test_the_lead_restriction_names_the_suits_the_offender_did_not_specify() -> None:
    analysis = analyse(scenario(["N:1S", "E:1D", "director", "E:2C", "S:4S", "W:P", "N:P", "E:P"]))
    text = " ".join(s.text for s in analysis.findings[0].steps)
    assert "The suits he did not specify: spades, hearts, diamonds." in text
    assert analysis.conclusions()["lead_restriction_suits"] == "S, H, D"


def test_an_alerted_insufficient_bid_leaves_the_free_correction_to_the_director() -> None:
    analysis = analyse(scenario(["N:2NT", "E:2C!", "director"]))
    assert "lowest_sufficient_same_denomination" not in analysis.conclusions()
    assert "alerted" in (analysis.why_unknown("lowest_sufficient_same_denomination") or "")


def test_the_count_of_a_revoke_waits_for_the_rest_of_the_play() -> None:
    # East's ruff wins the revoke trick; without a result or the rest of the play, 64A1 gives one or two.
    events = ["trick HT H2 HQ HA", "trick C6 C5 C2 S4", "play E:DK", "director"]
    analysis = analyse(scenario(events, board=3, auction=FOUR_SPADES))
    assert "tricks_transferred" not in analysis.conclusions()
    assert "one or two tricks" in (analysis.why_unknown("tricks_transferred") or "")


def test_a_result_that_contradicts_the_play_is_a_problem() -> None:
    events = ["trick HT HK H4 HA", "trick ST S3 SA S4", "trick CA C4 C6 C5", "trick DQ DK DA D6",
              "trick S9 H5 SK S5", "trick H3 HQ H7 H6", "trick DJ D9 D7 D4", "trick D3 C7 DT D5",
              "trick CT C2 CK CJ", "trick D2 H8 D8 H2", "trick C9 C3 CQ S6", "trick S8 H9 SQ SJ",
              "trick S2 HJ S7 C8", "director"]
    analysis = analyse(scenario(events, board=3, auction=FOUR_SPADES, result=10))
    assert analysis.problems == ["result says declarer's side won 10 tricks, but the tricks in the events give 8"]


def test_a_card_shown_before_the_auction_is_a_law_16d_matter() -> None:
    analysis = analyse(scenario(["expose E:HQ", "N:1S", "director"]))
    assert analysis.findings == []
    assert any("16D1" in note.laws for note in analysis.judgement)


def test_a_claim_is_left_to_the_director() -> None:
    analysis = analyse(scenario(["trick HT H2 HQ HA", "claim S:all mine", "director"], board=3,
                                auction=FOUR_SPADES))
    laws = {law for note in analysis.judgement for law in note.laws}
    assert {"68", "70A"} <= laws


def test_bad_play_is_a_problem_not_a_crash() -> None:
    analysis = analyse(scenario(["play W:SA"], board=3, auction=FOUR_SPADES))
    assert analysis.problems and "West" in analysis.problems[0]


def test_the_explanation_numbers_its_steps_and_cites_the_laws() -> None:
    analysis = analyse(scenario(["N:1S", "E:1D", "director"]))
    text = explanation_text(analysis)
    assert text.startswith("Insufficient bid by East\n  1. ")
    assert "(Law 27A1)" in text and "(Laws 27B2, 26B)" in text
    assert "For the director's judgement" in text and "lowest_sufficient_same_denomination: 2D" in text
    markdown = explanation_markdown(analysis)
    assert markdown.startswith("**Insufficient bid by East**") and "1. " in markdown
