"""The model records: cards and plays, and the frozen, typed records an edition is built of
(roles, suits, rules, effects, bonuses, schemes, schedules, abilities).
"""
