"""Every branch of the engine as a case file under tests/cases_engine, run through `director-trainer check`.

Each file's `expect` block was worked out by hand from the 2017 law text; the
engine must agree with all of them, and `check` must notice when it does not.
"""

import re
import shutil
from pathlib import Path

import pytest

from app import cli
from app.commands.check import check_case
from app.content.cases.loader import read_case
from app.content.laws import refs
from app.content.library import CONTENT_ENV
from tests.cli_run import run

CASES = Path(__file__).resolve().parents[1] / "cases_engine"
CONTENT = Path(__file__).resolve().parents[2] / "content"
CASE_FORMAT = CONTENT / "CASE_FORMAT.md"
FILES = sorted(CASES.glob("*.yaml"))


def test_check_passes_every_engine_case(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", str(CASES))
    assert code == 0, out
    assert out.strip().splitlines()[-1] == (
        f"checked {len(FILES)} case(s); {len(FILES)} expect block(s) compared with the rules engine: no problems")


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_engine_agrees_with_the_case(path: Path) -> None:
    case, problems = read_case(path)
    assert case is not None and not problems
    assert case.expect, "every engine case carries an expect block"
    assert [str(p) for p in check_case(case)] == []


def test_a_wrong_expect_is_reported_on_its_own_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    source = (CASES / "bid-oor-rho-passes.yaml").read_text(encoding="utf-8")
    wrong = source.replace("offender: S", "offender: West").replace("rectification: 31A1", "rectification: 31a2")
    (tmp_path / "bid-oor-rho-passes.yaml").write_text(wrong, encoding="utf-8")
    lines = wrong.splitlines()
    offender_line = next(i for i, line in enumerate(lines, 1) if "offender: West" in line)
    rectification_line = next(i for i, line in enumerate(lines, 1) if "rectification: 31a2" in line)
    code, out, _ = run(capsys, "check", str(tmp_path))
    assert code == 1
    assert f"bid-oor-rho-passes.yaml:{offender_line}: expect.offender is West but the engine finds S" in out
    assert f"bid-oor-rho-passes.yaml:{rectification_line}: expect.rectification is 31a2 but the engine finds 31A1" in out
    assert out.strip().endswith("2 problem(s)")


def test_a_key_the_engine_cannot_decide_says_why(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    source = (CASES / "bid-oor-rho-pending.yaml").read_text(encoding="utf-8")
    changed = source.replace("expect:\n", "expect:\n  offender_must_repeat: true\n")
    (tmp_path / "bid-oor-rho-pending.yaml").write_text(changed, encoding="utf-8")
    code, out, _ = run(capsys, "check", str(tmp_path))
    assert code == 1
    assert "expect.offender_must_repeat is true but the engine cannot tell: it depends on East's call" in out


def test_the_example_in_case_format_passes_check(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = CASE_FORMAT.read_text(encoding="utf-8")
    example = re.search(r"## A complete example\s+```yaml\n(.*?)```", text, re.S)
    assert example is not None
    body = example.group(1)
    case_id = re.search(r"^id: (\S+)", body, re.M)
    assert case_id is not None
    (tmp_path / f"{case_id.group(1)}.yaml").write_text(body, encoding="utf-8")
    code, out, _ = run(capsys, "check", str(tmp_path))
    assert code == 0, out
    assert out == "checked 1 case(s); 1 expect block(s) compared with the rules engine: no problems\n"


def test_check_of_a_missing_path_is_a_usage_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "check", str(tmp_path / "nowhere.yaml"))
    assert code == 2 and out == ""
    assert err == f"director-trainer check: error: no such file or folder: {tmp_path / 'nowhere.yaml'}\n"


def test_a_broken_case_file_fails_check_without_stopping_the_others(capsys: pytest.CaptureFixture[str],
                                                                     tmp_path: Path) -> None:
    good = (CASES / "ib-accepted.yaml").read_text(encoding="utf-8")
    (tmp_path / "ib-accepted.yaml").write_text(good, encoding="utf-8")
    broken = good.replace("id: ib-accepted", "id: broken").replace("call: {E: 1D}", "call: {E: 1Q}")
    (tmp_path / "broken.yaml").write_text(broken, encoding="utf-8")
    code, out, _ = run(capsys, "check", str(tmp_path))
    assert code == 1
    line = next(n for n, text in enumerate(broken.splitlines(), 1) if "1Q" in text)
    assert out.splitlines() == [
        f"{tmp_path / 'broken.yaml'}:{line}: cannot read call '1Q': 'Q' is not a denomination (C, D, H, S, NT)",
        "checked 1 case(s); 1 expect block(s) compared with the rules engine: 1 problem(s)",
    ]


def test_analyse_prints_the_reasoning_with_law_references(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "analyse", str(CASES / "revoke-two-tricks.yaml"))
    assert code == 0
    assert out.startswith("revoke-two-tricks: ")
    lines = out.splitlines()
    conclusions = lines[lines.index("Conclusions") + 1:]
    expected = {"  rectification: 64A1", "  tricks_transferred: 2", "  declarer_tricks: 12", "  score_ns: 480"}
    assert expected <= set(conclusions)
    assert "  3. East won the revoke trick himself. (Law 64A1)" in lines


def test_analyse_json(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    code, out, _ = run(capsys, "analyse", str(CASES / "ib-lowest-sufficient.yaml"), "--json")
    data = json.loads(out)
    assert code == 0 and data["case"] == "ib-lowest-sufficient"
    assert data["conclusions"]["rectification"] == "27B1(a)"
    assert data["findings"][0]["steps"][0]["laws"] == ["18D"]


def test_analyse_of_a_bad_file_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: 1\nid: bad\n", encoding="utf-8")
    code, _, err = run(capsys, "analyse", str(bad))
    lines = err.splitlines()
    assert code == 2 and lines[0] == f"director-trainer analyse: error: {bad} cannot be read:"
    assert f"{bad}:1: missing key 'title' (required by the case format)" in lines[1:]
    code, _, err = run(capsys, "analyse", str(tmp_path / "absent.yaml"))
    assert (code, err) == (2, f"director-trainer analyse: error: no such case file or folder: {tmp_path / 'absent.yaml'}\n")


def check_content(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                  root: Path) -> tuple[int, list[str]]:
    """``director-trainer check`` with no paths, reading the content folder ``root``."""
    monkeypatch.setenv(CONTENT_ENV, str(root))
    code, out, _ = run(capsys, "check")
    return code, out.strip().splitlines()


def assert_content_is_clean(code: int, lines: list[str], root: Path) -> None:
    """The guard: not one problem anywhere in the content folder, and every case was read."""
    cases = len(list((root / "cases").rglob("*.yaml")))
    assert lines[:-1] == [], "\n".join(lines)
    assert re.fullmatch(rf"checked content \({cases} case\(s\), the law library, glossary, topics and "
                        r"quick-reference card\); "
                        r"\d+ expect block\(s\) compared with the rules engine"
                        r"(, \d+ solver claim\(s\) with the double-dummy solver)?: no problems", lines[-1]), lines[-1]
    assert code == 0


def test_check_without_paths_covers_all_of_content(capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    assert_content_is_clean(*check_content(capsys, monkeypatch, CONTENT), CONTENT)


@pytest.fixture
def content_copy(tmp_path: Path) -> Path:
    """A private copy of content/, for tests that break it on purpose (content/ itself is never touched)."""
    copy = tmp_path / "content"
    shutil.copytree(CONTENT, copy)
    return copy


def test_the_content_guard_fails_on_a_wrong_expect_value(capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch, content_copy: Path) -> None:
    case = content_copy / "cases" / "revoke-ruff-two-trick-transfer.yaml"
    text = case.read_text(encoding="utf-8")
    assert text.count("tricks_transferred: 2\n") == 1
    case.write_text(text.replace("tricks_transferred: 2\n", "tricks_transferred: 3\n"), encoding="utf-8")
    line = text[: text.index("tricks_transferred: 2")].count("\n") + 1
    code, lines = check_content(capsys, monkeypatch, content_copy)
    assert code == 1
    assert f"{case}:{line}: expect.tricks_transferred is 3 but the engine finds 2" in lines
    assert lines[-1].endswith("1 problem(s)")
    with pytest.raises(AssertionError):
        assert_content_is_clean(code, lines, content_copy)


def test_the_content_guard_fails_if_law_93_stops_parsing(capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    real = refs._from_groups

    def without_93(groups: dict[str, str | None]) -> refs.LawRef:
        if groups["law"] == "93":
            raise refs.RefError("there is no Law 93: the laws run from 1 to 92")
        return real(groups)

    monkeypatch.setattr(refs, "_from_groups", without_93)
    code, lines = check_content(capsys, monkeypatch, CONTENT)
    assert code == 1
    assert any(line.startswith(f"{CONTENT / 'laws' / 'wbf-2017' / 'law-93.md'}:") for line in lines), lines
    with pytest.raises(AssertionError):
        assert_content_is_clean(code, lines, CONTENT)


@pytest.mark.parametrize("command", ["check", "analyse"])
def test_the_engine_commands_have_help(capsys: pytest.CaptureFixture[str], command: str) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli.main([command, "--help"])
    out, _ = capsys.readouterr()
    assert exit_.value.code == 0 and f"usage: director-trainer {command}" in out


def test_an_unquoted_no_is_reported_as_no(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """YAML reads ``partner_must_pass: no`` as false; the message shows what the author wrote."""
    source = (CASES / "barred-player-bids.yaml").read_text(encoding="utf-8")
    (tmp_path / "barred-player-bids.yaml").write_text(
        source.replace("partner_must_pass: throughout", "partner_must_pass: no"), encoding="utf-8")
    code, out, _ = run(capsys, "check", str(tmp_path))
    assert code == 1
    assert "expect.partner_must_pass is no but the engine finds throughout" in out


def test_lead_restriction_suits_are_compared_as_suits_and_say_what_is_missing(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    source = (CASES / "lead-restriction-suits-double.yaml").read_text(encoding="utf-8")
    target = tmp_path / "lead-restriction-suits-double.yaml"
    target.write_text(source.replace("lead_restriction_suits: [D, C]", "lead_restriction_suits: [C, D]"),
                      encoding="utf-8")
    assert run(capsys, "check", str(tmp_path))[0] == 0  # the order the suits are written in does not matter
    target.write_text(source.replace("lead_restriction_suits: [D, C]", "lead_restriction_suits: [H, D, C]"),
                      encoding="utf-8")
    code, out, _ = run(capsys, "check", str(tmp_path))
    assert code == 1 and "expect.lead_restriction_suits is [H, D, C] but the engine finds D, C" in out
    target.write_text(source.replace(", specifies: [S, H]", ""), encoding="utf-8")
    code, out, _ = run(capsys, "check", str(tmp_path))
    assert code == 1
    assert ("expect.lead_restriction_suits is [D, C] but the engine cannot tell: which suits South's double "
            "specified is for the director: give it with specifies: on the call") in out
