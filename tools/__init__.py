"""The command-line programs of skullking."""
