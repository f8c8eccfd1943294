"""Sphinx configuration of the documentation (the ``docs`` extra): Markdown pages read by
MyST, the Python API documented from the package's own docstrings, diagrams written in
Mermaid (drawn by the reader's browser; on GitHub too, as the same fenced blocks)."""

from skullking import __version__

project = "skullking-rules"
author = "the skullking-rules authors"
copyright = "the skullking-rules authors, MIT licence"
version = release = __version__

extensions = ["myst_parser", "sphinx.ext.autodoc", "sphinxcontrib.mermaid"]
# Headings get GitHub's anchors, so that links such as conventions.md#a-tie-for-first
# work on the site as they do on GitHub.
myst_heading_anchors = 3
# A ```mermaid block is a diagram on the site, as it is on GitHub.
myst_fence_as_directive = ["mermaid"]
exclude_patterns = ["_build"]
autodoc_member_order = "bysource"
html_theme = "furo"
html_title = f"skullking-rules {release}"
