"""A Debian package of the one-folder bundle, and its install-run-remove check.

    python packaging/deb.py build    # after build.py: writes packaging/dist/director-trainer_<version>_<arch>.deb
    python packaging/deb.py check    # as root: apt-get install it, smoke-test /usr/bin/director-trainer, remove it

Why a .deb rather than an AppImage: ``dpkg-deb`` comes with every Debian and Ubuntu system,
so the package is built from the registries' tools alone (appimagetool is not packaged there),
``apt-get install ./….deb`` fetches the few system libraries Qt needs, and it runs without FUSE.

What it installs: the bundle in /opt/director-trainer/, the command as /usr/bin/director-trainer
(a link into it), the desktop entry and the icons where the desktop's application menu looks.
Nothing is written into a user's home: progress, the user's cases and imported law text stay in
the user data folder, so installing a newer package over an older one, or removing it, keeps them.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from platforms import ICONS, NAME
from smoke import report, run_smoke_tests, version

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
BUNDLE = HERE / "dist" / NAME
PREFIX = Path("opt") / NAME
ICON_SIZES = (16, 32, 48, 128, 256)
# What the bundle links to and does not carry, as Debian packages: OpenGL/EGL, the X11 (xcb) and
# Wayland client libraries Qt's platform plugins open. Everything else is inside the bundle.
DEPENDS = ("libegl1", "libgl1", "libxcb1", "libxcb-icccm4", "libxcb-keysyms1", "libwayland-client0",
           "libwayland-cursor0", "libwayland-egl1")
DESCRIPTION = """\
learn to direct duplicate bridge under the 2017 Laws
 Director Trainer sets the 2017 Laws of Duplicate Bridge, in plain language and
 annotated for the director, beside a drawn table where something has gone
 wrong. The trainee rules step by step and is marked against a library of
 cases; spaced review, mock exams, calculators and a presenter mode for
 teaching are included."""


def architecture() -> str:
    return subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True, check=True).stdout.strip()


def package_path() -> Path:
    return HERE / "dist" / f"{NAME}_{version()}_{architecture()}.deb"


def control(installed_kib: int) -> str:
    glibc = platform.libc_ver()[1]  # the bundle's binaries need at least the C library they were built against
    return (f"Package: {NAME}\nVersion: {version()}\nArchitecture: {architecture()}\n"
            f"Maintainer: Director Trainer project <director-trainer@users.noreply.invalid>\n"
            f"Installed-Size: {installed_kib}\nSection: education\nPriority: optional\n"
            f"Depends: libc6 (>= {glibc}), {', '.join(DEPENDS)}\nRecommends: fonts-dejavu-core, libcups2\n"
            f"Description: {DESCRIPTION}\n")


def stage(root: Path) -> None:
    """Lay out the package's files under ``root`` as they will be on the system."""
    shutil.copytree(BUNDLE, root / PREFIX, symlinks=True)
    (root / "usr" / "bin").mkdir(parents=True)
    (root / "usr" / "bin" / NAME).symlink_to(Path("/") / PREFIX / NAME)
    share = root / "usr" / "share"
    (share / "applications").mkdir(parents=True)
    shutil.copy2(ROOT / "resources" / f"{NAME}.desktop", share / "applications" / f"{NAME}.desktop")
    for size in ICON_SIZES:
        target = share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{NAME}.png"
        target.parent.mkdir(parents=True)
        shutil.copy2(ICONS / f"{NAME}-{size}.png", target)
    scalable = share / "icons" / "hicolor" / "scalable" / "apps"
    scalable.mkdir(parents=True)
    shutil.copy2(ICONS / f"{NAME}.svg", scalable / f"{NAME}.svg")
    doc = share / "doc" / NAME
    doc.mkdir(parents=True)
    (doc / "copyright").write_text("Director Trainer\nLicense: MIT\n", encoding="utf-8")
    shutil.copy2(ROOT / "CHANGELOG.md", doc / "CHANGELOG.md")
    for path in [root, *root.rglob("*")]:  # a package's files belong to root and are readable by all
        if not path.is_symlink():
            path.chmod(0o755 if path.is_dir() or os.access(path, os.X_OK) else 0o644)


def build() -> Path:
    if not (BUNDLE / NAME).exists():
        raise SystemExit(f"deb.py: no bundle at {BUNDLE}; run python packaging/build.py first")
    target = package_path()
    with tempfile.TemporaryDirectory(prefix="director-trainer-deb-") as folder:
        root = Path(folder) / "root"
        stage(root)
        kib = sum(p.stat().st_size for p in root.rglob("*") if p.is_file() and not p.is_symlink()) // 1024
        (root / "DEBIAN").mkdir()
        (root / "DEBIAN" / "control").write_text(control(kib), encoding="utf-8")
        # gzip: quick to build and to unpack; xz would save a fifth of the download and cost a minute here.
        subprocess.run(["dpkg-deb", "--root-owner-group", "-Zgzip", "--build", str(root), str(target)],
                       check=True, stdout=subprocess.DEVNULL)
    print(f"built {target.name}: {target.stat().st_size / 2**20:.0f} MiB", flush=True)
    return target


INSTALLED = (Path("/usr/bin") / NAME, Path("/") / PREFIX, Path(f"/usr/share/applications/{NAME}.desktop"),
             Path(f"/usr/share/icons/hicolor/scalable/apps/{NAME}.svg"))


def check() -> int:
    """Install the package with apt-get (which fetches its dependencies), run the smoke tests
    through /usr/bin/director-trainer, then remove it and check that nothing of it is left."""
    package = package_path()
    if not package.exists():
        raise SystemExit(f"deb.py: no package at {package}; run python packaging/deb.py build first")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run(["apt-get", "install", "-y", "-qq", str(package)], check=True, env=env, stdout=subprocess.DEVNULL)
    failures = [f"{path} is not installed" for path in INSTALLED if not path.exists()]
    if shutil.which(NAME, path="/usr/bin") != str(INSTALLED[0]):
        failures.append(f"{NAME} is not a command in /usr/bin")
    if shutil.which("desktop-file-validate"):
        result = subprocess.run(["desktop-file-validate", str(INSTALLED[2])], capture_output=True, text=True)
        if result.returncode or result.stdout.strip():
            failures.append(f"desktop-file-validate: {result.stdout}{result.stderr}")
    failures += run_smoke_tests([str(INSTALLED[0])])
    subprocess.run(["apt-get", "remove", "--purge", "-y", "-qq", NAME], check=True, env=env, stdout=subprocess.DEVNULL)
    failures += [f"{path} is left after removing the package" for path in INSTALLED if path.exists()]
    if subprocess.run(["dpkg", "-s", NAME], capture_output=True).returncode == 0:
        failures.append("dpkg still lists the package after removing it")
    if not failures:
        print("installed, ran and removed cleanly")
    return report(failures)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("action", choices=("build", "check"))
    args = parser.parse_args()
    if args.action == "build":
        build()
        return 0
    return check()


if __name__ == "__main__":
    sys.exit(main())
