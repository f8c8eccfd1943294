"""Trick resolution: the reference interpreter of an edition's precedence rules and effects
(the specification, readable first), and the compiled resolver (the speed), with its
plans and plan tables as its own memo.
"""
