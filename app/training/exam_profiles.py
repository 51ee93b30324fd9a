"""The built-in exam profiles, modelled on club and congress director accreditation papers.

Accreditation papers of state and national bodies are typically open-book, run for
about three hours at congress level, and pass at 65 %. A club director is expected to
handle the everyday laws (auction irregularities, leads out of turn, penalty cards,
revokes, claims) and a congress director the harder judgement areas as well
(unauthorized information, misinformation, adjusted scores), so the quotas lean
that way. Topic ids are those of ``content/topics.yaml``.

The clock of a paper left mid-way (the application closed, or the machine went down):
the three papers that stand for an accreditation exam keep it running, as an exam
room's clock does when a candidate walks out, so a resumed paper has only the time
that was left on the wall clock, and one whose time ran out meanwhile is handed in
with what was answered. The closed-book check is a practice paper, taken in spare
minutes: its clock stops while the application is closed and resumes where it stood.
"""

from __future__ import annotations

from app.training.exam import ExamProfile

CLUB_LAWS = ExamProfile(
    name="Club director: laws paper",
    cases=12,
    minutes=90,
    max_difficulty=3,
    quotas={
        "insufficient-bid": 2,
        "call-out-of-rotation": 1,
        "opening-lead-out-of-turn": 1,
        "lead-out-of-turn": 1,
        "penalty-card": 2,
        "revoke": 2,
        "claims": 1,
    },
    description="The everyday laws a club director rules on, open book, 90 minutes.",
)

CLUB_QUICK = ExamProfile(
    name="Club director: closed-book check",
    cases=6,
    minutes=30,
    open_book=False,
    max_difficulty=2,
    quotas={"insufficient-bid": 1, "penalty-card": 1, "revoke": 1},
    description="The rulings a club director gives without opening the book, 30 minutes.",
    clock_runs_while_closed=False,
)

CONGRESS_LAWS = ExamProfile(
    name="Congress director",
    cases=20,
    minutes=180,
    min_difficulty=2,
    quotas={
        "unauthorized-information": 3,
        "misinformation": 3,
        "adjusted-scores": 2,
        "claims": 2,
        "revoke": 2,
        "lead-out-of-turn": 1,
        "penalty-card": 1,
    },
    description="The whole code with weight on judgement rulings, open book, three hours.",
)

CONGRESS_SCORING = ExamProfile(
    name="Congress director: scoring and movements",
    cases=8,
    minutes=60,
    topics=frozenset({"scoring", "adjusted-scores", "procedure"}),
    quotas={"scoring": 3, "adjusted-scores": 2},
    description="Scores, matchpoints, IMPs, adjusted scores and the director's procedures, one hour.",
)

BUILT_IN_PROFILES: tuple[ExamProfile, ...] = (CLUB_QUICK, CLUB_LAWS, CONGRESS_SCORING, CONGRESS_LAWS)
