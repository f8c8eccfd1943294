"""Play: a round played move by move (the deal, bids, the tricks, the abilities' decisions,
its score), a whole game, and random play.
"""
