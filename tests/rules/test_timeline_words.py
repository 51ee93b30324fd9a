"""The line the case player and the presenter show for each step of a case's timeline."""

from __future__ import annotations

from scenarios import FOUR_SPADES, scenario

from app.rules.timeline import replay
from app.rules.timeline_words import describe_event


def lines(events: list[str], **kwargs: object) -> list[str]:
    timeline = replay(scenario(events, **kwargs))  # type: ignore[arg-type]
    return [describe_event(timeline, step) for step in range(len(timeline))]


def test_each_kind_of_step_in_words() -> None:
    assert lines(["N:1S", "E:2C!", "expose W:HT", "say S:Sorry?", "claim N:", "director"]) == [
        "Start",
        "North calls 1♠",
        "East calls 2♣ (alerted)",
        "West exposes the ♥10",
        "South says: “Sorry?”",
        "North claim",
        "The director is called",
    ]


def test_the_play_says_who_leads_and_who_follows() -> None:
    assert lines(["play W:HT", "play N:H2", "trick HQ HA", "trick ST S3 SA S4", "concede E:the rest",
                  "accept S:yes"], board=3, auction=FOUR_SPADES) == [
        "Start: the auction so far",
        "West leads the ♥10",
        "North plays the ♥2",
        "Cards played: ♥Q, ♥A",
        "Cards played: ♠10, ♠3, ♠A, ♠4",
        "East concedes: “the rest”",
        "South accepts: “yes”",
    ]


def test_dummys_acts_in_words_say_what_he_did_not_what_it_means() -> None:
    assert lines(["trick HT H2 HQ HA", "dummy N:looks", "dummy N:warns:In dummy, partner.",
                  "dummy N:indicates:DQ", "dummy N:draws-attention"], board=3, auction=FOUR_SPADES)[2:] == [
        "North (dummy) looks at a defender's cards",
        "North (dummy) speaks to declarer: “In dummy, partner.”",
        "North (dummy) touches the ♦Q",
        "North (dummy) speaks up",
    ]


def test_defective_tricks_in_words() -> None:
    assert lines(["trick HT H2 HQ HA", "extra W:S3", "retrieve W:HT", "trick S6 C5 SA", "turned"],
                 board=3, auction=FOUR_SPADES)[2:] == [
        "West's ♠3 goes with the card he played, unseen",
        "West picks up the ♥10 and puts it back in his hand",
        "Cards played: ♠6, ♣5, ♠A",
        "The cards of the trick are turned over",
    ]
