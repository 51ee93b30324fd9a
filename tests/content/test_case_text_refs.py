"""Law references in a case's text are checked like its ``laws:``: a section the library does not have,
anywhere a trainee reads it, is an error in ``director-trainer check`` at the line it is written on."""

from pathlib import Path

import pytest

from app import cli

EXAMPLE = Path(__file__).parent / "fixtures" / "cases" / "insufficient-bid-over-one-spade.yaml"


def _check(tmp_path: Path, capsys: pytest.CaptureFixture[str], old: str, new: str) -> tuple[str, int, list[str]]:
    text = EXAMPLE.read_text(encoding="utf-8")
    assert old in text, old
    text = text.replace(old, new, 1)
    (tmp_path / EXAMPLE.name).write_text(text, encoding="utf-8")
    code = cli.main(["check", str(tmp_path)])
    return text, code, capsys.readouterr().out.strip().splitlines()


def _line_of(text: str, fragment: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if fragment in line)


@pytest.mark.parametrize(("old", "new", "where", "message"), [
    ("why: Law 27A1 gives", "why: Law 99 gives", "Law 99 gives", "there is no Law 99: the laws run from 1 to 93"),
    ("ask: Whose decision comes first?", "ask: Whose decision comes first under 27B1(z)?", "27B1(z)",
     "Law 27B1(z) does not match any section of the library"),
    ("- text: East must correct it at once", "- text: East must correct it at once (Laws 61–99)", "Laws 61–99",
     "there is no Law 99: the laws run from 1 to 93"),
    ("  Markdown: the model ruling", "  Markdown: the model ruling (Law 27E)", "Law 27E",
     "Law 27E does not match any section of the library"),
    ('answer: "27B2"', 'answer: "27B9"', 'answer: "27B9"', "answer: Law 27B9 does not match any section of the library"),
    ('laws: ["27A1", "27B1(a)", "27B2", "26B"]', 'laws: ["27A1", "27B1(a)", "27B2", "26B", "27B7"]', "laws:",
     "laws: Law 27B7 does not match any section of the library"),
])
def test_a_reference_to_no_section_is_an_error_at_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                           old: str, new: str, where: str, message: str) -> None:
    text, code, out = _check(tmp_path, capsys, old, new)
    assert code == 1
    assert f"{tmp_path / EXAMPLE.name}:{_line_of(text, where)}: {message}" in out, out


def test_a_reference_deep_in_a_folded_text_points_at_its_own_line(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    text, code, out = _check(tmp_path, capsys, "commentary: |\n", "commentary: >\n  A folded text whose\n"
                                                                  "  second line cites 27B1(y).\n")
    assert f"{tmp_path / EXAMPLE.name}:{_line_of(text, 'cites 27B1(y)')}: Law 27B1(y) does not match any section " \
           "of the library" in out, out


def test_references_that_exist_and_older_codes_pass(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, code, out = _check(tmp_path, capsys, "why: Law 27A1 gives",
                          "why: As the 1997 Law 99 never said, Laws 61–64 and 27B1(a) give; Law 27A1 gives")
    assert code == 0 and out[-1].endswith(": no problems"), out
