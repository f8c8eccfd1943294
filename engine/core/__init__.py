"""The foundation every stage stands on: the library's errors, the documented limits,
suggestions for misspelt names, and the data shipped with the package.
"""
