"""Presenter mode as plain data: the steps an instructor reveals a case in, and where the room is.

The room sees the board, then the hands (one at a time or all at once), the auction call by call,
the play card by card, the director call, each question and then its answer, and the model ruling.
Each step carries the table exactly as it should be drawn, so the Qt view only draws it. Nothing
here records an answer or a mark: a presentation is not an attempt.

Listeners registered with ``on_change`` hear every move, blank and hide, as in napari's models.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum

from app.bridge.cards import Card
from app.bridge.deal import Hand
from app.bridge.seats import SEATS, Seat
from app.content.cases.model import Case, Choice, Question
from app.rules.timeline import TableState, Timeline, replay
from app.rules.timeline_words import describe_event
from app.training.feedback import choice_order, letter, model_answer_items, start_order


class StepKind(Enum):
    BOARD = "board"
    HAND = "hand"
    CALL = "call"
    CARD = "card"
    EVENT = "event"
    DIRECTOR = "director"
    QUESTION = "question"
    ANSWER = "answer"
    RULING = "ruling"


@dataclass(frozen=True)
class Step:
    """One press of the presenter's Next key: what the table shows and the words beneath it."""

    kind: StepKind
    caption: str
    state: TableState
    shown: frozenset[Seat]
    question: Question | None = None
    number: int = 0  # the question's number, from 1
    answer: tuple[str, ...] = ()  # the model answer, on an ANSWER step
    leads: bool = False  # a CARD step that leads to a new trick


def _bare(state: TableState) -> TableState:
    """The table before anything happened: conditions only."""
    return replace(state, calls=(), contract=None, current_trick=(), quitted=(), balloons=(),
                   director_called=False, dummy_visible=False, event=None, play_record=None)


def _without(hands: dict[Seat, Hand | None], cards: Sequence[tuple[Seat, Card]]) -> dict[Seat, Hand | None]:
    left = dict(hands)
    for seat, card in cards:
        hand = left.get(seat)
        if hand is not None and card in hand:
            left[seat] = hand.without(card)
    return left


def _flat(state: TableState) -> list[tuple[Seat, Card]]:
    return [(p.seat, p.card) for trick in state.quitted for p in trick.plays] + list(state.current_trick)


def _card_steps(before: TableState, after: TableState, shown: frozenset[Seat]) -> list[Step]:
    """A trick event card by card: every card but the last joins the trick on the table one at a
    time; the last shows the table as the event left it (the trick turned and counted)."""
    old, new = _flat(before), _flat(after)
    if new[:len(old)] != old or len(new) - len(old) < 2 or len(before.current_trick) + len(new) - len(old) > 4:
        return []  # not a plain run of cards within one trick: shown as one step
    added = new[len(old):]
    steps = []
    for count in range(1, len(added) + 1):
        seat, card = added[count - 1]
        leads = not before.current_trick and count == 1
        caption = f"{seat.english} {'leads' if leads else 'plays'} the {card.symbol}"
        if count == len(added):
            state = after
        else:
            state = replace(before, current_trick=before.current_trick + tuple(added[:count]),
                            hands=_without(before.hands, added[:count]), dummy_visible=after.dummy_visible,
                            event=after.event)
        steps.append(Step(StepKind.CARD, caption, state, shown, leads=leads))
    return steps


def build_steps(case: Case, hands_one_at_a_time: bool = True) -> list[Step]:
    """Every step of a presentation of ``case``, in order."""
    scenario = case.scenario()
    timeline: Timeline = replay(scenario)
    limit = timeline.director_step(scenario)
    start = timeline.states[0]
    conditions = f"Board {case.board}: dealer {case.dealer.english}, {case.vulnerability.english}"
    steps = [Step(StepKind.BOARD, conditions, _bare(start), frozenset())]
    seats = [seat for seat in SEATS if seat in case.show]
    shown: frozenset[Seat] = frozenset()
    if hands_one_at_a_time:
        for seat in seats:
            shown = shown | {seat}
            steps.append(Step(StepKind.HAND, f"{seat.english}'s hand", _bare(start), shown))
    elif seats:
        shown = frozenset(seats)
        steps.append(Step(StepKind.HAND, "The hands", _bare(start), shown))
    for count, made in enumerate(start.calls, start=1):
        last = count == len(start.calls)
        state = start if last else replace(_bare(start), calls=start.calls[:count])
        call = made.call.symbol if hasattr(made.call, "symbol") else str(made.call)
        steps.append(Step(StepKind.CALL, f"{made.seat.english}: {call}" + (" (alerted)" if made.alerted else ""),
                          state, shown))
    for index in range(1, limit + 1):
        state = timeline.states[index]
        event = state.event
        if event is not None and event.kind == "trick":
            cards = _card_steps(timeline.states[index - 1], state, shown)
            if cards:
                steps.extend(cards)
                continue
        kind = StepKind.DIRECTOR if event is not None and event.kind == "director" else StepKind.EVENT
        steps.append(Step(kind, describe_event(timeline, index), state, shown))
    final = timeline.states[limit]
    for number, question in enumerate(case.questions, start=1):
        steps.append(Step(StepKind.QUESTION, f"Question {number} of {len(case.questions)}", final, shown,
                          question, number))
        steps.append(Step(StepKind.ANSWER, f"Answer {number}", final, shown, question, number,
                          tuple(model_answer_items(question))))
    steps.append(Step(StepKind.RULING, "The ruling", final, shown))
    return steps


@dataclass(frozen=True)
class PresenterNotes:
    """What the presenter's own screen shows: where the room is, what comes next, and the key."""

    position: str
    now: str
    coming: str
    answer: tuple[str, ...]


@dataclass
class Presentation:
    """A case being presented: the steps, the current one, and the blank and hide switches."""

    case: Case
    hands_one_at_a_time: bool = True
    steps: list[Step] = field(init=False)
    index: int = 0
    blanked: bool = False
    hands_hidden: bool = False
    seed: int = field(default_factory=lambda: random.randrange(1 << 30))  # the choices' order, per presentation
    furthest: int = 0  # the furthest step the room has been shown
    _listeners: list[Callable[[], None]] = field(default_factory=list, init=False, repr=False)

    def __post_init__(self) -> None:
        self.steps = build_steps(self.case, self.hands_one_at_a_time)

    @property
    def revealed(self) -> frozenset[str]:
        """The questions whose answer the room has been shown, going back or not since: a class
        session takes no more answers to them."""
        return frozenset(step.question.id for step in self.steps[:self.furthest + 1]
                         if step.kind is StepKind.ANSWER and step.question is not None)

    def on_change(self, listener: Callable[[], None]) -> None:
        self._listeners.append(listener)

    def _changed(self) -> None:
        for listener in self._listeners:
            listener()

    @property
    def step(self) -> Step:
        return self.steps[self.index]

    @property
    def upcoming(self) -> Step | None:
        return self.steps[self.index + 1] if self.index + 1 < len(self.steps) else None

    @property
    def shown(self) -> frozenset[Seat]:
        """The hands the room sees now: none while hidden."""
        return frozenset() if self.hands_hidden else self.step.shown

    def next(self) -> bool:
        """Reveal the next step; False at the end. Moving also brings back a blanked screen."""
        moved = self.index + 1 < len(self.steps)
        self.index += int(moved)
        self.furthest = max(self.furthest, self.index)
        self.blanked = False
        self._changed()
        return moved

    def back(self) -> bool:
        moved = self.index > 0
        self.index -= int(moved)
        self.blanked = False
        self._changed()
        return moved

    def go_to(self, index: int) -> bool:
        """Show step ``index`` (the presenter's step list, or a jump); False if it is where the room is."""
        index = max(0, min(index, len(self.steps) - 1))
        moved = index != self.index
        self.index = index
        self.furthest = max(self.furthest, self.index)  # a jump past an answer shows it to the room
        self.blanked = False
        self._changed()
        return moved

    @property
    def director_index(self) -> int:
        """The step where the director is called: the table the room is asked to rule on (the last
        step of play when the case has no call)."""
        table = [i for i, step in enumerate(self.steps) if step.kind not in (StepKind.QUESTION, StepKind.ANSWER,
                                                                             StepKind.RULING)]
        return next((i for i in table if self.steps[i].kind is StepKind.DIRECTOR), table[-1])

    def to_director(self) -> bool:
        """Jump to the director call, over the hands, the auction and the play."""
        return self.go_to(self.director_index)

    def next_trick(self) -> bool:
        """Forward a whole trick: to its last card (the trick turned), or, between tricks, to the
        end of the next; any step that is not a card is a step of its own."""
        index = self.index + 1
        while index + 1 < len(self.steps) and self.steps[index].kind is StepKind.CARD \
                and self.steps[index + 1].kind is StepKind.CARD and not self.steps[index + 1].leads:
            index += 1
        return self.go_to(index)

    def previous_trick(self) -> bool:
        """Back to the end of the trick before (or the step before the first card of the play)."""
        index = self.index - 1
        while index > 0 and self.steps[index].kind is StepKind.CARD and index + 1 < len(self.steps) \
                and self.steps[index + 1].kind is StepKind.CARD and not self.steps[index + 1].leads:
            index -= 1
        return self.go_to(index)

    def outline(self) -> list[str]:
        """Each step's caption, numbered, for the presenter's step list (the answers appear there
        only as "Answer n": the list sits on the presenter's screen, but a glance at it gives none away)."""
        return [f"{number}. {step.caption}" for number, step in enumerate(self.steps, start=1)]

    def toggle_blank(self) -> None:
        self.blanked = not self.blanked
        self._changed()

    def toggle_hands(self) -> None:
        self.hands_hidden = not self.hands_hidden
        self._changed()

    def lettered(self, question: Question) -> list[tuple[str, Choice]]:
        """A choice question's choices as the room sees them: shuffled for this presentation and
        lettered A, B, C…, so the right one is not always "A"."""
        return [(letter(place), question.choices[index]) for place, index in enumerate(choice_order(question, self.seed))]

    def lettered_items(self, question: Question) -> list[tuple[str, str]]:
        """An order question's items as the room first sees them: in the shuffled starting order a
        trainee's form starts in (never the right order, which would give the answer away), lettered."""
        return [(letter(place), question.items[index]) for place, index in enumerate(start_order(question, self.seed))]

    def answer_text(self, question: Question) -> tuple[str, ...]:
        """The model answer as the room is told it: the right choices by their letters, the items
        in the right order with the letters they were shown with, or the model answer of any other kind."""
        if question.choices:
            return tuple(f"{letter}. {choice.text}" for letter, choice in self.lettered(question) if choice.correct)
        if question.items:
            shown = {text: mark for mark, text in self.lettered_items(question)}
            return tuple(f"{shown[item]}. {item}" for item in question.items)
        return tuple(model_answer_items(question))

    def notes(self) -> PresenterNotes:
        upcoming = self.upcoming
        answer: tuple[str, ...] = ()
        question = self.step.question
        if question is not None:
            answer = self.answer_text(question)
        return PresenterNotes(
            position=f"Step {self.index + 1} of {len(self.steps)}",
            now=self.step.caption,
            coming=upcoming.caption if upcoming is not None else "The end",
            answer=answer,
        )


@dataclass(frozen=True)
class Screen:
    """A display as the presenter sees it: its name and size, and whether the main window is on it."""

    name: str
    width: int
    height: int
    has_main_window: bool = False


def place_windows(screens: Sequence[Screen]) -> tuple[Screen, Screen | None]:
    """Where the room's view and the presenter's notes go: with one screen the room gets it and
    there are no notes; with more, the notes stay where the main window is (the presenter's laptop)
    and the room gets the largest other screen (the projector)."""
    if not screens:
        raise ValueError("no screen to present on")
    mine = next((s for s in screens if s.has_main_window), screens[0])
    others = [s for s in screens if s is not mine]
    if not others:
        return mine, None
    room = max(others, key=lambda s: s.width * s.height)
    return room, mine
