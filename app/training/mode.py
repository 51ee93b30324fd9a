"""Why an attempt was made: practice, review or an exam. The store records it with the attempt.

A module of its own, not in ``practice`` beside the sessions: the main window needs the name to be
built, and importing the sessions (with the reports and the review scheduling) is not needed to
paint it.
"""

from enum import StrEnum


class Mode(StrEnum):
    """Why an attempt was made; the store records it with the attempt."""

    PRACTICE = "practice"
    REVIEW = "review"
    EXAM = "exam"
