"""Test-wide settings: Qt draws offscreen, and nothing a test does touches the user's own
settings or progress (their folders are redirected to a temporary directory, removed at exit)."""

import atexit
import os
import shutil
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
_HOME = tempfile.mkdtemp(prefix="director-trainer-tests-")
atexit.register(shutil.rmtree, _HOME, ignore_errors=True)
os.environ["XDG_CONFIG_HOME"] = os.path.join(_HOME, "config")
os.environ["XDG_DATA_HOME"] = os.path.join(_HOME, "data")
os.environ["XDG_CACHE_HOME"] = os.path.join(_HOME, "cache")


import pytest  # noqa: E402 - after the environment above, which must be set before anything imports Qt


@pytest.fixture
def class_server():  # type: ignore[no-untyped-def]
    """A class on the test PostgreSQL server (skipped without one); see ``class_server.py``."""
    from class_server import class_on_server

    with class_on_server() as server:
        yield server
