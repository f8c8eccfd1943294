"""Sphinx configuration of the documentation (the ``docs`` extra): Markdown pages read by
MyST, the Python API documented from the package's own docstrings."""

project = "skullking-rules"
author = "the skullking-rules authors"
copyright = "the skullking-rules authors, MIT licence"

extensions = ["myst_parser", "sphinx.ext.autodoc"]
# Headings get GitHub's anchors, so that links such as conventions.md#a-tie-for-first
# work on the site as they do on GitHub.
myst_heading_anchors = 3
exclude_patterns = ["_build"]
autodoc_member_order = "bysource"
html_theme = "furo"
html_title = "skullking-rules"
