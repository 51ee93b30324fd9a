"""Allow ``python -m app`` as a synonym for the ``director-trainer`` command."""

import sys

from app.cli import main

sys.exit(main())
