"""``module.json`` from the rows of the Module ▸ Properties… dialog, checked as the model does.

Plain Python: the dialog hands over strings (and the optional rules' default flags), this
builds the :class:`ModuleMeta` or raises ValueError naming the row and field at fault.
"""

from __future__ import annotations

from pydantic import ValidationError

from hexwright.runtime.model import ModuleMeta

RULE_COLUMNS = ("id", "name", "description", "section", "default")
PHASE_COLUMNS = ("id", "name", "side", "kind", "section")


def _first_error(exc: ValidationError) -> str:
    err = exc.errors()[0]
    return f"{'.'.join(str(p) for p in err['loc'])}: {err['msg']}"


def build_meta(old: ModuleMeta, fields: dict[str, str], authors: list[str], dice: list[tuple[str, int]],
               rules: list[dict], phases: list[dict]) -> ModuleMeta:
    """A new ``ModuleMeta``: ``fields`` (id, title, version, description, rulebook), the authors
    (blank lines dropped), dice ``(id, faces)``, optional rules (dicts of RULE_COLUMNS) and the
    phases of the sequence of play in order (dicts of PHASE_COLUMNS; an empty side: none)."""
    data = old.model_dump()
    data.update({k: v.strip() for k, v in fields.items()})
    data["authors"] = [a.strip() for a in authors if a.strip()]
    ids = [d for d, _ in dice]
    if len(set(ids)) != len(ids):
        raise ValueError("dice: an id appears twice")
    data["dice"] = {d.strip(): {"faces": faces} for d, faces in dice}
    rule_ids = [r["id"].strip() for r in rules]
    if len(set(rule_ids)) != len(rule_ids):
        raise ValueError("optional rules: an id appears twice")
    data["optional_rules"] = {r["id"].strip(): {"name": r["name"].strip(), "description": r["description"].strip(),
                                                "section": r["section"].strip(), "default": bool(r["default"])}
                              for r in rules}
    phase_ids = [p["id"].strip() for p in phases]
    if len(set(phase_ids)) != len(phase_ids):
        raise ValueError("sequence of play: a phase id appears twice")
    data["sequence"] = [{"id": p["id"].strip(), "name": p["name"].strip(), "side": p["side"].strip() or None,
                         "kind": p["kind"], "section": p["section"].strip()} for p in phases]
    try:
        return ModuleMeta.model_validate(data)
    except ValidationError as exc:
        raise ValueError(_first_error(exc)) from None
