"""``python -m skullking``: the command line."""

from skullking.tools.cli import main

raise SystemExit(main())
