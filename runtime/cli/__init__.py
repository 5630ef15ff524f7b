"""The ``hexwright`` command line (runtime part: everything that needs no editor)."""
