"""Damaged PBN and LIN files: whatever is cut or inserted, the readers report problems, never raise."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from app.bridge.board_file import BoardFile
from app.bridge.lin_file import read_lin
from app.bridge.pbn_file import read_pbn

FIXTURES = Path(__file__).parent / "fixtures"
PBN_TEXTS = [(FIXTURES / name).read_bytes().decode("utf-8") for name in
             ("quirks.pbn", "one_bad_board.pbn", "composer_crlf.pbn")]
LIN_TEXT = (FIXTURES / "boards.lin").read_text(encoding="utf-8")
# Characters that mean something to one format or the other, and a few that mean nothing.
NOISE = st.text(alphabet='[]{}"\\;%|!=-*#:.\n\r 0123456789SHDCNTXPAKQJmdbcpv', max_size=12)


@st.composite
def mutated(draw: st.DrawFn, texts: list[str]) -> str:
    text = draw(st.sampled_from(texts))
    for _ in range(draw(st.integers(1, 4))):
        start = draw(st.integers(0, len(text)))
        end = draw(st.integers(start, min(len(text), start + 20)))
        text = text[:start] + draw(NOISE) + text[end:]
    return text


def check(board_file: BoardFile, text: str) -> None:
    lines = text.replace("\r\n", "\n").replace("\r", "\n").count("\n") + 2
    for problem in board_file.problems:
        assert 1 <= problem.line <= lines and problem.message
    for board in board_file.boards:
        assert board.deal is not None


@settings(max_examples=150, deadline=None)
@given(mutated(PBN_TEXTS))
def test_mutated_pbn_gives_boards_or_problems(text: str) -> None:
    check(read_pbn(text, "mutated.pbn"), text)


@settings(max_examples=150, deadline=None)
@given(mutated([LIN_TEXT]))
def test_mutated_lin_gives_boards_or_problems(text: str) -> None:
    check(read_lin(text, "mutated.lin"), text)
