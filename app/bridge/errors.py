"""The exceptions of the bridge layer.

Every message says what is wrong and where, in words a director would use, so
that the CLI and the GUI can show it as it is. They all derive from
``BridgeError`` (a ``ValueError``) so a caller can catch bad input from any
part of the layer in one place.
"""


class BridgeError(ValueError):
    """Bad bridge input: a card, deal, call, auction, contract or score that makes no sense."""


class NotationError(BridgeError):
    """A card, suit, rank, seat or vulnerability that cannot be read."""


class DealError(BridgeError):
    """A deal that is malformed or impossible (a card twice, a hand of 12, …)."""


class CallError(BridgeError):
    """A call that cannot be read, or an auction that cannot be built."""


class ContractError(BridgeError):
    """A contract that cannot be read."""


class PlayError(BridgeError):
    """A play that is physically impossible (a card the player does not hold)."""


class ScoringError(BridgeError):
    """Scoring input out of range: tricks, scores, weights or percentages."""
