"""Scoring: the schemes' formulas that give a round's points, and score sheets (rounds
written down) read, checked and scored.
"""
