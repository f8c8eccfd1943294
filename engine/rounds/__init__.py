"""The rules of a round besides its tricks: who leads and bids in what order, which bids
are legal, what winning a trick with a card grants, and what rounds look up again and
again.
"""
