"""A new case to start from: empty, or made from a board of a PBN or LIN file.

An instructor writes cases from boards the club actually played: the deal, the
board's conditions, the auction and the play come in from the file as the
case's events, and the author adds the irregularity, the questions and the
ruling. The skeleton is a valid case from the start (placeholder text where
the author must write), so the editor can check and preview it at once.
"""

from __future__ import annotations

import re
from typing import Any

from app.bridge.board_file import FileBoard
from app.bridge.rota import board_conditions
from app.bridge.seats import SEATS

# The text a skeleton holds where the author must write. ``drafts.check_draft`` reports any of it
# left in a draft, and the editor will not save one that has it: a word-for-word sentence found
# anywhere in a value, a short one (a title, a choice) when it is the whole value.
PLACEHOLDER_TITLE = "A new case"
PLACEHOLDER_SITUATION = "What the players tell the director when he arrives."
PLACEHOLDER_TOLD = "Say here what happened at the table and why the director was called."
PLACEHOLDER_ASK = "Write the question the trainee answers."
PLACEHOLDER_RIGHT = "The right answer"
PLACEHOLDER_WRONG = "A wrong answer"
PLACEHOLDER_RULING = "The model ruling, as a director would give it at the table, with the laws it rests on."
PLACEHOLDER_COMMENTARY = "Why, with law references such as Law 27B1(a)."
PLACEHOLDERS = (PLACEHOLDER_TITLE, PLACEHOLDER_SITUATION, PLACEHOLDER_TOLD, PLACEHOLDER_ASK, PLACEHOLDER_RIGHT,
                PLACEHOLDER_WRONG, PLACEHOLDER_RULING, PLACEHOLDER_COMMENTARY)

PLACEHOLDER_QUESTION: dict[str, Any] = {
    "id": "ruling", "kind": "single", "ask": PLACEHOLDER_ASK,
    "choices": [{"text": PLACEHOLDER_RIGHT, "correct": True}, {"text": PLACEHOLDER_WRONG}],
}


class SkeletonError(ValueError):
    """A board that cannot become a case; the message names the board and says why."""


def blank_case(case_id: str = "new-case", board: int = 1) -> dict[str, Any]:
    """The smallest case that loads: a full deal with every card, a placeholder question and texts."""
    return {
        "format": 1, "id": case_id, "title": PLACEHOLDER_TITLE, "edition": "wbf-2017", "laws": [], "topics": [],
        "difficulty": 1, "board": {"number": board},
        "deal": "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432",
        "events": [{"director": True}],
        "situation": PLACEHOLDER_SITUATION + "\n",
        "questions": [dict(PLACEHOLDER_QUESTION)],
        "ruling": PLACEHOLDER_RULING + "\n",
        "commentary": PLACEHOLDER_COMMENTARY + "\n",
    }


def case_id_for(source_name: str, board: FileBoard) -> str:
    """A case id from the file's name and the board: ``club-night-board-5``."""
    stem = re.sub(r"[^a-z0-9]+", "-", source_name.lower().rsplit(".", 1)[0]).strip("-") or "imported"
    number = board.number if board.number is not None else board.line
    return f"{stem}-board-{number}"


def case_from_board(board: FileBoard, source_name: str) -> dict[str, Any]:
    """A case skeleton (a case-file mapping) from one board of a PBN or LIN file.

    The auction and the play become ``call`` and ``trick`` events, so that the author
    can insert the irregularity where it happened. Raises ``SkeletonError`` naming the
    board when it has no deal or no board number.
    """
    where = f"{source_name}, {board.label}"
    if board.deal is None:
        raise SkeletonError(f"{where} has no deal, so there is nothing to make a case from")
    if not board.deal.is_complete:
        raise SkeletonError(f"{where}: the deal does not give all four hands; a case needs every card")
    if board.number is None or board.number < 1:
        raise SkeletonError(f"{where} has no board number; add a [Board] tag (PBN) or ah|Board N| (LIN)")
    data = blank_case(case_id_for(source_name, board), board.number)
    data["title"] = f"Board {board.number} of {source_name}"
    rota_dealer, rota_vulnerability = board_conditions(board.number)
    dealer = board.dealer or rota_dealer
    if dealer is not rota_dealer:
        data["board"]["dealer"] = dealer.letter
    if board.vulnerability is not None and board.vulnerability is not rota_vulnerability:
        data["board"]["vulnerable"] = board.vulnerability.value
    data["deal"] = board.deal.to_pbn()
    events: list[dict[str, Any]] = []
    for index, annotated in enumerate(board.auction):
        seat = SEATS[(SEATS.index(dealer) + index) % len(SEATS)]
        events.append({"call": {seat.letter: str(annotated.call) + ("!" if annotated.alerted else "")}})
    cards = [str(played.card) for played in board.play]
    events.extend({"trick": cards[start:start + 4]} for start in range(0, len(cards), 4))
    if board.contract is not None and not board.auction:
        data["contract"] = str(board.contract)
        data["declarer"] = board.contract.declarer.letter
    if board.result is not None and board.contract is not None:
        data["result"] = board.result
    events.append({"director": True})
    data["events"] = events
    told = f"The board was played as {board.contract.symbol}" if board.contract else "The board was passed out"
    made = f", making {board.result} tricks" if board.result is not None and board.contract else ""
    data["situation"] = f"{told}{made}. {PLACEHOLDER_TOLD}\n"
    return data
