"""Where a player's dice secrets live: one small file per game and side, never sent to anyone.

A secret (:class:`~runtime.state.dice.DiceSecret`) is kept in the user's config folder,
``$HEXWRIGHT_SECRETS_DIR``, else ``dice-secrets`` in the user's config folder
(``~/.config/hexwright/dice-secrets`` on Linux; :mod:`runtime.storage.user_folders`), as ``<module>-<scenario>-<side>-<head>.hwsecret``
(readable by its owner only), away from the saves a player mails. Written atomically;
read as untrusted JSON. A game finds its player's secret by the commitment in its log.
"""

from __future__ import annotations

import os
from pathlib import Path

from hexwright.runtime.storage import atomic_write_bytes, dumps
from hexwright.runtime.storage.user_folders import config_dir

from .dice import DiceSecret
from .errors import SaveError
from .save_file import parse_json_file, read_game_file, validate_strictly

SECRET_SUFFIX = ".hwsecret"


def secrets_folder() -> Path:
    if os.environ.get("HEXWRIGHT_SECRETS_DIR"):
        return Path(os.environ["HEXWRIGHT_SECRETS_DIR"])
    return config_dir() / "dice-secrets"


def secret_path(folder: Path, secret: DiceSecret) -> Path:
    return Path(folder) / f"{secret.module_id}-{secret.scenario}-{secret.side}-{secret.head[:16]}{SECRET_SUFFIX}"


def write_secret(folder: Path, secret: DiceSecret) -> Path:
    """Write ``secret`` atomically, readable by its owner only; returns the path."""
    path = secret_path(folder, secret)
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)  # a folder only its owner can list
    atomic_write_bytes(path, dumps(secret.model_dump(mode="json")).encode("utf-8"), mode=0o600)
    return path


def read_secret(path: Path) -> DiceSecret:
    raw = parse_json_file(str(path), read_game_file(path))
    if not isinstance(raw, dict) or raw.get("format") != "hexwright-dice-secret":
        raise SaveError(str(path), "not a Hexwright dice secret")
    secret = validate_strictly(DiceSecret, raw, str(path))
    if secret.link(0) != secret.head:
        raise SaveError(str(path), "the secret does not give its head: the file is damaged", field="head")
    return secret


def find_secret(folder: Path, module_id: str, scenario: str, heads: dict[str, str]) -> DiceSecret | None:
    """The secret in ``folder`` for one of the commitments ``heads`` (side -> head), if this computer has one."""
    for side, head in sorted(heads.items()):
        path = Path(folder) / f"{module_id}-{scenario}-{side}-{head[:16]}{SECRET_SUFFIX}"
        if path.is_file():
            secret = read_secret(path)
            if secret.head == head and secret.side == side:
                return secret
    return None
