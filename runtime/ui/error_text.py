"""An error as a message box says it: the file, then what is wrong, naming file and field.

Opening a module, a save or moves can fail in three ways a user must be told about in a
sentence, never a traceback: the module's checks (:class:`ModuleError`, each issue naming
its file, field and hex), the file system (:class:`OSError`), or a sentence already
written (save, packet and action errors). Every window says them the same way.
"""

from __future__ import annotations

from pathlib import Path

from hexwright.runtime.storage import ModuleError

MAX_LINES = 12


def error_text(exc: BaseException, path: str | Path | None = None) -> str:
    """What went wrong opening ``path`` (when given, it heads the text unless the error names it)."""
    if isinstance(exc, ModuleError):
        lines = [str(issue) for issue in exc.issues[:MAX_LINES]]
        if len(exc.issues) > MAX_LINES:
            lines.append(f"… and {len(exc.issues) - MAX_LINES} more")
        text = "\n".join(lines)
    elif isinstance(exc, OSError):
        text = f"{exc.filename or path or ''}: {exc.strerror or exc}"
    else:
        text = str(exc)
    if path is not None and str(path) not in text:
        text = f"{path}:\n{text}"
    return text


__all__ = ["error_text"]
