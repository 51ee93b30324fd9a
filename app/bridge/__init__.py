"""Bridge itself: cards, seats, deals, the board rota, auctions, play and scoring. No Qt.

Each is imported from its own module (``app.bridge.cards``, ``app.bridge.deal``, …; scoring from
``app.bridge.scoring``); nothing is gathered here, so that what needs only the cards and the deal
(the cases read at start-up) does not bring in the auction and the play as well.
"""
