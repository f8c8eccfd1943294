"""The rule language: formulas (the expression grammar, its checks and compiled functions),
card notation, and the names each kind of formula may read.
"""
