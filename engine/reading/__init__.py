"""Reading input with positions and bounded work: YAML documents with the line and column
of every node, files and streams cut at the size limit. Edition files and score sheets
are read so.
"""
