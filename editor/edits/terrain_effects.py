"""Terrain effects chart edits as plain functions: movement costs by type × movement class
per section (terrain, hex features, hexsides, roads, each kind of weather), combat effects,
how column shifts combine, and new weather.

Each takes the chart as it is and returns an :class:`~.outcome.Edit` — the new chart,
validated, and its undo text — or raises :class:`~.outcome.EditRefused` naming the field
and what was typed. The editor pushes the result as one ``SetTable`` command.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import ValidationError

from hexwright.runtime.model import TerrainEffects, WeatherCosts
from hexwright.runtime.model.tables import CONNECTION_ONLY_COSTS

from .outcome import Edit, EditRefused, validated, validation_message
from .result_text import parse_combat

BASE_SECTIONS: dict[str, tuple[str, tuple[str, ...], str, str | None]] = {
    "terrain": ("Terrain", ("terrain",), "terrain_types", "combat"),
    "features": ("Hex features", ("features",), "hex_feature_types", "combat"),
    "hexsides": ("Hexsides", ("hexsides",), "hexside_feature_types", "hexside_combat"),
    "connections": ("Roads and railroads", ("connections",), "connection_types", None),
}
"""section key → (title, cost table path in the dump, map palette attribute, combat table or None)"""
WEATHER_PARTS = {"terrain": "terrain_types", "hexsides": "hexside_feature_types", "connections": "connection_types"}
"""The sections each kind of weather has (``weather:<id>.<part>``) → their map palette attribute."""


def section_spec(key: str) -> tuple[tuple[str, ...], str, str | None]:
    """The cost table path, the palette of its rows and the combat table of section ``key``."""
    if key in BASE_SECTIONS:
        _title, path, palette, combat = BASE_SECTIONS[key]
        return path, palette, combat
    weather, part = key.split(":", 1)[1].rsplit(".", 1)
    return ("weather", weather, part), WEATHER_PARTS[part], None


def cost_table(data: dict[str, Any], path: tuple[str, ...]) -> dict[str, Any]:
    """The costs of one section inside a dumped chart (made if missing)."""
    for name in path:
        data = data.setdefault(name, {})
    return data


def _changed(effects: TerrainEffects, change: Callable[[dict[str, Any]], None], text: str) -> Edit[TerrainEffects]:
    data = effects.model_dump()
    try:
        change(data)
    except ValidationError as exc:  # a value typed into a cell that its model refuses
        raise EditRefused(validation_message(exc, with_input=True)) from exc
    except ValueError as exc:
        raise EditRefused(str(exc)) from exc
    return Edit(validated(TerrainEffects, data, with_input=True), text)


def with_cost(effects: TerrainEffects, type_id: str, movement_class: str, text: str,
              section: str = "terrain") -> Edit[TerrainEffects]:
    """One cost cell as typed (``2``, ``1/2``, ``+1``, ``all``, ``prohibited``, ``other``, ``bridge``);
    empty clears it."""
    path, _palette, _combat = section_spec(section)

    def change(data: dict[str, Any]) -> None:
        table = cost_table(data, path)
        row = dict(table.get(type_id, {}))
        if text.strip() in CONNECTION_ONLY_COSTS and path[-1] != "connections":
            raise ValueError(f"{text.strip()!r} is a cost of a road or rail only, not of {type_id!r}")
        if text.strip():
            row[movement_class] = text.strip()
        else:
            row.pop(movement_class, None)
        if row:
            table[type_id] = row
        else:
            table.pop(type_id, None)

    return _changed(effects, change, f"Set {type_id} cost for {movement_class}")


def with_combat(effects: TerrainEffects, type_id: str, text: str, section: str = "terrain") -> Edit[TerrainEffects] | None:
    """The combat effect of a type as typed (``shift=-2; def=2``); None in a section without one."""
    _path, _palette, combat = section_spec(section)
    if combat is None:
        return None

    def change(data: dict[str, Any]) -> None:
        effect = parse_combat(text)
        if effect is None:
            data[combat].pop(type_id, None)
        else:
            data[combat][type_id] = effect.model_dump()

    return _changed(effects, change, f"Set combat effect of {type_id}")


def with_shift_mode(effects: TerrainEffects, mode: str) -> Edit[TerrainEffects]:
    return _changed(effects, lambda d: d.__setitem__("shift_mode", mode), "Change how column shifts combine")


def with_section_note(effects: TerrainEffects, text: str) -> Edit[TerrainEffects]:
    """The rulebook section the chart comes from."""
    return _changed(effects, lambda d: d.__setitem__("section", text), "Change chart section")


def with_weather(effects: TerrainEffects, weather_id: str) -> Edit[TerrainEffects]:
    """A new kind of weather with no costs of its own yet."""
    weather_id = weather_id.strip()
    if not weather_id or weather_id in effects.weather:
        raise EditRefused("Give a new weather id.")

    def change(data: dict[str, Any]) -> None:
        data["weather"][weather_id] = WeatherCosts().model_dump()

    return _changed(effects, change, f"Add weather {weather_id}")
