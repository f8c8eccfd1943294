"""Score sheets: a sheet file read and checked round by round (its bids, results or whole
play, bonuses and abilities' choices) and scored.
"""
