"""Calls and cards after the end: a call after the final pass and a card after the thirteenth trick are read
as what they are or reported, never passed over because ``expect`` describes another irregularity."""

from pathlib import Path

import pytest

from app import cli

ROOT = Path(__file__).resolve().parents[2]
REVOKE = ROOT / "content" / "cases" / "revoke-ruff-two-trick-transfer.yaml"


def _check(tmp_path: Path, capsys: pytest.CaptureFixture[str], old: str, new: str) -> tuple[str, int, list[str]]:
    text = REVOKE.read_text(encoding="utf-8")
    assert old in text, old
    text = text.replace(old, new, 1)
    (tmp_path / REVOKE.name).write_text(text, encoding="utf-8")
    code = cli.main(["check", str(tmp_path)])
    return text, code, capsys.readouterr().out.strip().splitlines()


def _line_of(text: str, fragment: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if fragment in line)


def test_the_library_case_itself_passes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, code, out = _check(tmp_path, capsys, "  - director: true\n", "  - director: true\n")
    assert code == 0 and out[-1].endswith(": no problems"), out


@pytest.mark.parametrize("where", ["  - director: true\n", "  - say: {S:", "  - trick: [DA, D7, D3, D6]"])
def test_a_call_after_the_final_pass_that_expect_does_not_name_is_an_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], where: str) -> None:
    # After the director came (the continuation), after the last trick, or in the middle of the play: the
    # revoke's expect keys stay true, so only this check can notice the call.
    text, code, out = _check(tmp_path, capsys, where, "  - call: {W: 2S}\n" + where if where.startswith("  - say")
                             or where.startswith("  - trick") else where + "  - call: {W: 2S}\n")
    line = _line_of(text, "call: {W: 2S}")
    assert code == 1
    assert f"{tmp_path / REVOKE.name}:{line}: West calls 2S after the auction has ended, which the engine reads as a " \
           "call after the final pass (Law 39) and expect does not name: if the case is about it, say so in expect " \
           "(irregularity: call-after-final-pass); if not, delete the call" in out, out


def test_a_case_about_a_call_after_the_final_pass_is_not_told_to_name_it(tmp_path: Path,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    source = ROOT / "tests" / "cases_engine" / "after-final-pass-lho-called.yaml"
    (tmp_path / source.name).write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    code = cli.main(["check", str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 0 and "delete the call" not in out, out


def test_a_card_after_the_thirteenth_trick_is_reported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text, code, out = _check(tmp_path, capsys, "  - say: {S:", "  - play: {W: C9}\n  - say: {S:")
    assert code == 1
    assert f"{tmp_path / REVOKE.name}:{_line_of(text, 'play: {W: C9}')}: ♣9 is played twice (first at line " \
           f"{_line_of(text, 'trick: [C3, C9, H3, C8]')})" in out, out


def test_a_card_exposed_after_it_was_played_is_reported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The ♦3 was played to trick five: after the last trick it cannot be a penalty card (which the engine
    # would otherwise make of it, and the revoke's expect would then fail for the wrong reason).
    text, code, out = _check(tmp_path, capsys, "  - say: {S:", "  - expose: {E: D3}\n  - say: {S:")
    assert code == 1
    assert out[0] == (f"{tmp_path / REVOKE.name}:{_line_of(text, 'expose: {E: D3}')}: ♦3 was played at line "
                      f"{_line_of(text, 'trick: [DA, D7, D3, D6]')}, so it cannot be exposed afterwards"), out
