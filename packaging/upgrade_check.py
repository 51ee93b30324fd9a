"""Installing a newer build over an older one keeps the user's data: progress, own cases, imported text.

    python packaging/upgrade_check.py [--base REF] [--wheel NEW.whl]

Builds the wheel of an earlier commit (``--base``; by default the newest earlier commit whose
progress schema is older than this one's, so the upgrade of the schema is what is tried, or the
previous commit when no earlier commit with a store has an older schema), installs it into a
fresh virtual environment outside the checkout, and there, as a user would: records an attempt,
saves a case of their own, imports official law text. It then installs this commit's wheel over
it and checks that the attempt, the case and the imported text are all found, and that the
schema was upgraded with a backup of the older file taken first (when its revision changed).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

from platforms import venv_program
from smoke import isolated_environment
from wheel_check import build_wheel, install

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
VERSIONS = "app/store/migrations/versions/"
OFFICIAL_FIXTURE = ROOT / "tests" / "content" / "fixtures" / "official" / "english-extraction.txt"
USER_CASE = "my-own-upgrade-case"

# Run by the older installation: a new profile answers the first question of the first case that
# opens with a single-choice question, and the attempt is saved as it stands.
RECORD = """
from app.content.library import load_library
from app.store.store import Store
from app.training.attempt import Attempt
case = next(c for c in load_library().cases if c.questions and c.questions[0].kind == "single")
attempt = Attempt(case)
attempt.answer(0)
with Store.open(None) as store:
    profile = store.add_profile("Upgrade check")
    store.record_attempt(profile, attempt)
print(case.id)
"""
# Run by the newer installation: what it finds of the user's data, as JSON.
FIND = """
import json, sys
from app.content.cases.user_cases import user_case_folder
from app.content.library import load_library
from app.content.official import importer
from app.store.migrate import head_revision, recorded_revision
from app.store.store import Store
with Store.open(None) as store:
    profile = store.profile_named("Upgrade check")
    attempts = [a.case_id for a in store.recent_attempts(profile)] if profile else []
    with store._engine.connect() as connection:
        revision = recorded_revision(connection)
library = load_library(user_cases=user_case_folder())
official = importer.load(importer.default_folder())
print(json.dumps({"attempts": attempts, "revision": revision, "head": head_revision(),
                  "user_case": library.case(sys.argv[1]) is not None,
                  "official_sections": len(official.sections) if official else 0}))
"""


def git(*arguments: str) -> str:
    return subprocess.run(["git", *arguments], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()


def has_store(commit: str) -> bool:
    return subprocess.run(["git", "cat-file", "-e", f"{commit}:{VERSIONS}"], cwd=ROOT,
                          capture_output=True).returncode == 0


def default_base() -> str:
    """The parent of the last commit that added a schema revision, if it had a store: the newest
    code with an older schema. Otherwise the previous commit."""
    added = git("log", "-1", "--format=%H", "--diff-filter=A", "HEAD", "--", VERSIONS)
    if added and has_store(f"{added}^"):
        return f"{added}^"
    return "HEAD~1"


def schema_revisions(commit: str) -> set[str]:
    return {Path(name).name for name in git("ls-tree", "--name-only", f"{commit}:{VERSIONS}").splitlines()}


def export(commit: str, folder: Path) -> Path:
    """The commit's files, as ``git archive`` gives them, in ``folder``."""
    data = subprocess.run(["git", "archive", "--format=tar", commit], cwd=ROOT, capture_output=True,
                          check=True).stdout
    with tarfile.open(fileobj=BytesIO(data)) as archive:
        archive.extractall(folder, filter="data")
    return folder


def run(program: Path, *arguments: str, env: dict[str, str], cwd: Path) -> str:
    result = subprocess.run([str(program), *arguments], capture_output=True, text=True, env=env, cwd=cwd)
    if result.returncode != 0:
        raise SystemExit(f"upgrade_check: {program.name} {' '.join(arguments)} failed:\n{result.stdout}{result.stderr}")
    return result.stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", help="the older commit (default: see above)")
    parser.add_argument("--wheel", type=Path, help="this commit's wheel, if built already")
    args = parser.parse_args()
    if subprocess.run(["git", "rev-parse", "--verify", "--quiet", "HEAD~1"], cwd=ROOT, capture_output=True).returncode:
        print("upgrade_check: this clone has no earlier commit (a shallow clone?); fetch the history to run it",
              file=sys.stderr)
        return 1
    base = git("rev-parse", "--short", args.base or default_base())
    upgrade_due = schema_revisions(base) != schema_revisions("HEAD")
    print(f"older build: {base} ({git('log', '-1', '--format=%s', base)[:70]}); "
          f"schema {'older' if upgrade_due else 'the same'}", flush=True)
    new_wheel = args.wheel.resolve() if args.wheel else build_wheel()
    with tempfile.TemporaryDirectory(prefix="director-trainer-upgrade-") as name:
        folder = Path(name)
        source = export(base, folder / "older")
        subprocess.run([sys.executable, "-m", "build", "--wheel", "--outdir", str(folder / "older-dist"), str(source)],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        old_wheel = next((folder / "older-dist").glob("*.whl"))
        program = install(old_wheel, folder)
        python = venv_program(folder / "venv", "python")
        home = folder / "home"
        home.mkdir()
        env = isolated_environment(home)
        # The older wheel may not carry its content: give it its own commit's.
        older_env = {**env, "DIRECTOR_TRAINER_CONTENT": str(source / "content")}
        case_id = run(python, "-c", RECORD, env=older_env, cwd=home).strip()
        run(program, "import-laws", str(OFFICIAL_FIXTURE), env=older_env, cwd=home)
        user_cases = home / "data" / "director-trainer" / "cases"
        user_cases.mkdir(parents=True, exist_ok=True)
        case_text = (source / "content" / "cases" / f"{case_id}.yaml").read_text(encoding="utf-8")
        (user_cases / f"{USER_CASE}.yaml").write_text(case_text.replace(f"id: {case_id}", f"id: {USER_CASE}", 1),
                                                      encoding="utf-8")
        before = {path.name for path in home.iterdir()}
        print(f"older build recorded an attempt at {case_id}, imported law text, kept case {USER_CASE}", flush=True)

        subprocess.run([str(python), "-m", "pip", "uninstall", "--quiet", "--yes", "director-trainer"], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", str(new_wheel)], check=True)
        run(program, "gui", "--smoke-test", env=env, cwd=home)  # opening the store upgrades it
        found = json.loads(run(python, "-c", FIND, USER_CASE, env=env, cwd=home))
        backups = sorted(name for name in {path.name for path in home.iterdir()} - before if name.endswith(".bak"))
    failures = []
    if case_id not in found["attempts"]:
        failures.append(f"the attempt at {case_id} is gone (found {found['attempts']})")
    if not found["user_case"]:
        failures.append(f"the user's own case {USER_CASE} is not in the library")
    if not found["official_sections"]:
        failures.append("the imported official wording is gone")
    if found["revision"] != found["head"]:
        failures.append(f"schema at revision {found['revision']}, not {found['head']}")
    if upgrade_due and not backups:
        failures.append("no backup of the progress file was taken before the upgrade")
    for failure in failures:
        print(f"FAILED {failure}", file=sys.stderr)
    if not failures:
        print(f"newer build found the attempt, the case {USER_CASE}, {found['official_sections']} sections of imported "
              f"text; schema at {found['head']}" + (f", backup {backups[0]}" if upgrade_due else " (no upgrade due)"))
    print("upgrade check passed" if not failures else f"upgrade check: {len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    shutil.rmtree(HERE / "build" / "upgrade", ignore_errors=True)
    sys.exit(main())
