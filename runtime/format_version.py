"""The version of the module format, in a module of its own: ``hexwright --version`` prints it
without importing the pydantic models (:mod:`runtime.model` re-exports it as ever)."""

FORMAT_VERSION = 1
