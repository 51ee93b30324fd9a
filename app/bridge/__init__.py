"""Bridge itself: cards, seats, deals, the board rota, auctions, play and scoring. No Qt."""
