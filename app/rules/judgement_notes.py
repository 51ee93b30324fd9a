"""What the laws leave to the director, said plainly with the laws that govern it: claims and
concessions (Laws 68–71), and what was said at the table (unauthorized information, misinformation)."""

from __future__ import annotations

from app.rules.board import Board
from app.rules.findings import Step, step


def judgement_notes(board: Board) -> list[Step]:
    notes: list[Step] = []
    events = board.scenario.events
    claims = [(i, e) for i, e in enumerate(events) if e.kind in ("claim", "concede") and e.seat is not None]
    for index, event in claims:
        assert event.seat is not None
        what = "claimed" if event.kind == "claim" else "conceded"
        notes.append(step(f"{event.seat.english} {what}: play stops. If the opponents agree, the board is scored as "
                          "claimed or conceded; if anyone disputes it, the director decides the result as fairly as "
                          "he can, resolving any doubtful point against the claimer, from the statement made at the "
                          "time.", "68", "68D", "69A", "70A"))
        if event.kind == "concede":
            notes.append(step("A concession of a trick the side had in fact won, or could not lose by any normal "
                              "play, is cancelled.", "71"))
        agreed = any(e.kind == "accept" for e in events[index + 1:])
        if agreed:
            notes.append(step("The claim or concession was agreed; agreement to lose a trick the side had won, or "
                              "would likely have won, may still be withdrawn within the correction period.", "69B"))
        else:
            notes.append(step("Unless it is agreed, the director hears the statement repeated and the objections, "
                              "and judges outstanding trumps and unstated lines of play by what would be normal for "
                              "the players involved.", "70B", "70C", "70D", "70E"))
    if board.timeline.before_auction:
        notes.append(step("A card was seen before the auction began: Law 24 does not apply; the card goes back to "
                          "the hand and the director deals with the information, which may mean adjusting the "
                          "players' positions, a redeal where allowed, or an adjusted score.", "16D1", "16D2"))
    remarks = [e for e in events if e.kind == "say" and "director" not in e.text.lower()]
    if remarks:
        notes.append(step("Whether anything said at the table passed unauthorized information to partner, or was a "
                          "mistaken explanation, is for the director; if it damaged the other side, he adjusts the "
                          "score.", "16B", "20F", "21", "75", "12C1"))
    return notes
