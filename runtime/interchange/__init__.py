"""Interchange with other tools (spreadsheets first). Pure Python: no Qt, no file I/O."""
