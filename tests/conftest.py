"""Test-wide settings: Qt draws offscreen, so the suite runs on a machine without a display."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
