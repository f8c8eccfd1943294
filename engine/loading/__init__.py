"""Loading an edition file: overlays merged through extends, the schema check, the checks
the schema cannot express, whether every round can be played, and building the Edition.
"""
