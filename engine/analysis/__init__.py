"""Analysis of editions: what validate warns of (rules that cannot matter), exhaustive play
of small tricks, explain, diff, simulation, bots and compare.
"""
