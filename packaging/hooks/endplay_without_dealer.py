"""PyInstaller runtime hook: endplay without its deal generator, and so without numpy and matplotlib.

endplay's ``__init__`` imports ``endplay.dealer`` (a random-deal generator with LaTeX and HTML
reports), which imports numpy, tqdm and matplotlib: some 85 MiB in a bundle and a second at
the first solver call. Director Trainer uses endplay's types, parsers and double-dummy solver,
never the generator, so the spec leaves those packages out and this hook registers a stand-in
for ``endplay.dealer`` before anything imports endplay. The stand-in's functions say plainly
that the generator is not in this build, should anything ever call them.
"""

import sys
import types


def _left_out(*_args: object, **_kwargs: object) -> None:
    raise RuntimeError("endplay's deal generator (endplay.dealer) is not part of the Director Trainer bundle")


_dealer = types.ModuleType("endplay.dealer", "Stand-in: endplay's deal generator is left out of this bundle.")
_dealer.__all__ = ["run_script", "generate_deal", "generate_deals"]
_dealer.run_script = _dealer.generate_deal = _dealer.generate_deals = _left_out
sys.modules["endplay.dealer"] = _dealer
