"""Scenario edits as plain functions: setting up units on hexes and in boxes, the
reinforcement schedule, optional rules, removed units and chits, markers and cups.

Each function takes the module and the scenario as they are and returns an
:class:`~.outcome.Edit` — the new scenario and its undo text — or raises
:class:`~.outcome.EditRefused` saying why. Nothing here changes the module; the scenario
editor pushes the result as one ``SetEntry`` command.
"""

from __future__ import annotations

from typing import Any

from hexwright.runtime.model import MarkerPlacement, Module, Placement, Reinforcement, Scenario

from .outcome import Edit, EditRefused, validated

REINFORCEMENT_FIELDS = ("piece", "turn", "box", "hex", "note")
"""The columns of the reinforcement schedule."""
MARKER_FIELDS = ("marker", "hex", "box", "track", "space", "face")
"""The columns of the markers set up."""


def hex_on_map(module: Module, label: str) -> bool:
    grid = module.map.grid
    try:
        grid.labels.scheme().parse(label, grid.hex_grid())
    except ValueError:
        return False
    return True


def piece_label(module: Module, piece_id: str) -> str:
    """``designation (id)``, or the id of a unit without a designation (or unknown)."""
    piece = module.pieces.pieces.get(piece_id)
    return f"{piece.designation} ({piece_id})" if piece is not None and piece.designation else piece_id


def _copy(scenario: Scenario, **update: Any) -> Scenario:
    return scenario.model_copy(update=update, deep=True)


def edited(scenario_id: str, scenario: Scenario, **changes: Any) -> Edit[Scenario]:
    """Fields of the scenario replaced (name, turns, first side, optional rules…), validated."""
    data = scenario.model_dump()
    data.update(changes)
    after = validated(Scenario, data)
    if after.last_turn < after.first_turn:
        raise EditRefused("The last turn comes before the first turn.")
    return Edit(after, f"Change {', '.join(changes)} of scenario {scenario_id}")


def placed(module: Module, scenario: Scenario, piece_ids: list[str], hex: str | None = None,
           box: str | None = None) -> Edit[Scenario]:
    """Units set up on a hex or in an off-map box (moved there if set up already; no longer
    scheduled as reinforcements nor removed). A unit keeps the step it was set up with."""
    unknown = [pid for pid in piece_ids if pid not in module.pieces.pieces]
    if unknown:
        raise EditRefused(f"Unknown units: {', '.join(unknown)}")
    if (hex is None) == (box is None):
        raise EditRefused("Give a hex or a box.")
    if hex is not None and not hex_on_map(module, hex):
        raise EditRefused(f"Hex {hex!r} is not on the map.")
    if box is not None and box not in module.map.boxes:
        raise EditRefused(f"Unknown box {box!r}.")
    ids = set(piece_ids)
    steps = {p.piece: p.step for p in scenario.setup}
    setup = [p for p in scenario.setup if p.piece not in ids]
    setup += [Placement(piece=pid, hex=hex, box=box, step=steps.get(pid, 0)) for pid in piece_ids]
    after = _copy(scenario, setup=setup,
                  reinforcements=[r for r in scenario.reinforcements if r.piece not in ids],
                  removed_pieces=[r for r in scenario.removed_pieces if r not in ids])
    where = f"hex {hex}" if hex else f"box {box}"
    names = piece_ids[0] if len(piece_ids) == 1 else f"{len(piece_ids)} units"
    return Edit(after, f"Place {names} in {where}")


def unplaced(scenario: Scenario, piece_ids: list[str]) -> Edit[Scenario]:
    ids = set(piece_ids)
    return Edit(_copy(scenario, setup=[p for p in scenario.setup if p.piece not in ids]),
                f"Remove {len(ids)} units from the setup")


def with_step(module: Module, scenario: Scenario, row: int, text: str) -> Edit[Scenario]:
    """The unit on setup row ``row`` starts on step ``text`` (0 = full strength)."""
    place = scenario.setup[row]
    piece = module.pieces.pieces.get(place.piece)
    if not text.isdigit() or piece is None or int(text) >= len(piece.steps):
        raise EditRefused(f"Step of {place.piece}: a number from 0 to {len(piece.steps) - 1 if piece else 0}")
    setup = list(scenario.setup)
    setup[row] = place.model_copy(update={"step": int(text)})
    return Edit(_copy(scenario, setup=setup), f"Set step of {place.piece}")


def scheduled(module: Module, scenario: Scenario, piece_ids: list[str], turn: int | None = None,
              box: str | None = None) -> Edit[Scenario]:
    """Units scheduled to arrive on ``turn`` (default: the turn after the first) in ``box``
    (default: the first reinforcement or arrival box); no longer set up."""
    unknown = [pid for pid in piece_ids if pid not in module.pieces.pieces]
    if unknown:
        raise EditRefused(f"Unknown units: {', '.join(unknown)}")
    if box is None:
        box = next((k for k, b in module.map.boxes.items() if b.kind in ("reinforcement", "arrival")), None)
    ids = set(piece_ids)
    turn = turn if turn is not None else min(scenario.first_turn + 1, scenario.last_turn)
    reinforcements = [r for r in scenario.reinforcements if r.piece not in ids]
    reinforcements += [Reinforcement(piece=pid, turn=turn, box=box) for pid in piece_ids]
    after = _copy(scenario, reinforcements=reinforcements, setup=[p for p in scenario.setup if p.piece not in ids])
    return Edit(after, f"Schedule {len(piece_ids)} units on turn {turn}")


def with_reinforcement_field(module: Module, scenario: Scenario, row: int, field: str, text: str) -> Edit[Scenario]:
    """One field (turn, box, hex, note) of reinforcement row ``row`` as typed."""
    rein = scenario.reinforcements[row]
    text = text.strip()
    if field == "turn" and not text.lstrip("-").isdigit():
        raise EditRefused("Turn: a whole number")
    if field == "box" and text and text not in module.map.boxes:
        raise EditRefused(f"Unknown box {text!r}")
    if field == "hex" and text and not hex_on_map(module, text):
        raise EditRefused(f"Hex {text!r} is not on the map")
    value = int(text) if field == "turn" else (text or None) if field in ("box", "hex") else text
    schedule = list(scenario.reinforcements)
    schedule[row] = rein.model_copy(update={field: value})
    return Edit(_copy(scenario, reinforcements=schedule), f"Change reinforcement {rein.piece}")


def without_reinforcements(scenario: Scenario, rows: set[int] | list[int]) -> Edit[Scenario]:
    keep = [r for i, r in enumerate(scenario.reinforcements) if i not in set(rows)]
    return Edit(_copy(scenario, reinforcements=keep), "Remove reinforcements")


def with_optional_rule(scenario_id: str, scenario: Scenario, rule: str, state: bool | None) -> Edit[Scenario]:
    """The scenario turns an optional rule on, off, or (``None``) leaves it to the module's default."""
    options = dict(scenario.optional_rules)
    if state is None:
        options.pop(rule, None)
    else:
        options[rule] = state
    return edited(scenario_id, scenario, optional_rules=options)


def with_marker(module: Module, scenario_id: str, scenario: Scenario, marker_id: str | None = None) -> Edit[Scenario]:
    """A marker (default: the module's first) set up on the first track at the first turn."""
    markers = module.pieces.markers
    marker_id = marker_id or next(iter(markers), None)
    if marker_id not in markers:
        raise EditRefused("Add a marker to the module first.")
    track = next(iter(module.map.tracks), None)
    place = MarkerPlacement(marker=marker_id, track=track, space=scenario.first_turn if track else None)
    return edited(scenario_id, scenario, markers=[*[m.model_dump() for m in scenario.markers], place.model_dump()])


def without_markers(scenario_id: str, scenario: Scenario, rows: set[int] | list[int]) -> Edit[Scenario]:
    return edited(scenario_id, scenario,
                  markers=[m.model_dump() for i, m in enumerate(scenario.markers) if i not in set(rows)])


def with_marker_field(module: Module, scenario_id: str, scenario: Scenario, row: int, field: str,
                      text: str) -> Edit[Scenario] | None:
    """One field of marker row ``row`` as typed; None when nothing changes (a marker's id erased)."""
    text = text.strip()
    known: dict[str, dict[str, Any]] = {"marker": module.pieces.markers, "box": module.map.boxes,
                                        "track": module.map.tracks}
    if field in known and text and text not in known[field]:
        raise EditRefused(f"Unknown {field} {text!r}")
    if field == "hex" and text and not hex_on_map(module, text):
        raise EditRefused(f"Hex {text!r} is not on the map")
    if field in ("space", "face") and text and not text.isdigit():
        raise EditRefused(f"{field.capitalize()}: a whole number")
    value: object = int(text) if field in ("space", "face") and text else (text or None)
    if field == "face" and value is None:
        value = 0
    if field == "marker" and value is None:
        return None
    markers = [m.model_dump() for m in scenario.markers]
    markers[row][field] = value
    return edited(scenario_id, scenario, markers=markers)


def cup_keys(module: Module, scenario: Scenario) -> list[str]:
    """The cups to list: the map's cup boxes, then any other box the scenario fills as a cup."""
    boxes = module.map.boxes
    return [k for k, b in boxes.items() if b.kind == "cup"] + [
        k for k in scenario.cups if boxes.get(k) is None or boxes[k].kind != "cup"]


def with_cup(module: Module, scenario_id: str, scenario: Scenario, cup: str, text: str) -> Edit[Scenario]:
    """The chits in ``cup`` at the start, typed as ids separated by commas (none: an empty cup)."""
    chits = [c.strip() for c in text.split(",") if c.strip()]
    unknown = [c for c in chits if c not in module.pieces.chits]
    if unknown:
        raise EditRefused(f"Unknown chits in {cup}: {', '.join(unknown)}")
    cups = dict(scenario.cups)
    if chits:
        cups[cup] = chits
    else:
        cups.pop(cup, None)
    return edited(scenario_id, scenario, cups=cups)


def new_scenario(module: Module, scenario_id: str | None = None) -> tuple[str, Scenario]:
    """A free id (``scenario-N`` unless one is given and free) and a scenario spanning the turn track."""
    scenarios = module.scenarios
    n = len(scenarios) + 1
    while scenario_id is None or scenario_id in scenarios:
        scenario_id = f"scenario-{n}"
        n += 1
    turns = module.tables.turn_track.turns
    return scenario_id, Scenario(name=f"Scenario {n - 1}", first_turn=turns[0].number if turns else 1,
                                 last_turn=turns[-1].number if turns else 1)
