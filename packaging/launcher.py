"""Entry point of the PyInstaller bundle: the same ``director-trainer`` command as when installed."""

import sys

from app.cli import main

sys.exit(main())
