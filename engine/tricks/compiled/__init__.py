"""The compiled trick resolver: an edition's trick rules as counts in bit fields, the
resolver and deciders built from them, trick-altering effects, and the plans (and plan
tables) it keeps for the patterns of short tricks.
"""
