"""The history of a game as a hash chain: an edited past shows even when the present is the same.

The final state's hash says where a game ended, not how it got there: a move in the
middle of the log can be changed and another one adjusted so that the end is the same.
The history hash links every action to all before it::

    h[0] = sha256("hexwright-history:" + scenario and seed)
    h[i] = sha256(h[i-1] + canonical JSON of action i)

so ``h[n]`` names the whole log (the module and the optional rules are checked on their
own, with warnings when they differ, so they are not part of it). Saves hold it and loading recomputes it; an e-mail packet
holds the chain's value before and after its actions, and the receiver compares the
first with its own.
"""

from __future__ import annotations

import hashlib
import json

from .actions import Action


def history_start(scenario: str, seed: int) -> str:
    """``h[0]``: the game before any action."""
    head = json.dumps({"scenario": scenario, "seed": seed}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(("hexwright-history:" + head).encode("utf-8")).hexdigest()


def history_next(previous: str, action: Action) -> str:
    """``h[i]`` from ``h[i-1]`` and action ``i``."""
    text = json.dumps(action.model_dump(mode="json"), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(bytes.fromhex(previous) + text.encode("utf-8")).hexdigest()
