"""The entry point of the packaged application (PyInstaller): the ``hexwright`` command."""

from hexwright.editor.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
