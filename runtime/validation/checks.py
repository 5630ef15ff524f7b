"""The checks behind ``hexwright validate``. Each returns ModuleIssues naming file, field, hex."""

from __future__ import annotations

from collections.abc import Container, Iterable
from fractions import Fraction
from itertools import chain, compress
from operator import attrgetter

from hexwright.runtime.geometry import format_hexside, parse_hexside
from hexwright.runtime.geometry.hexsides import read_canonical_id
from hexwright.runtime.model import HexData, HexsideData, Module
from hexwright.runtime.model.issues import ModuleIssue
from hexwright.runtime.model.tables import CONNECTION_ONLY_COSTS

from .rules_config import rules_problems

MAX_ISSUES_PER_FILE = 200
"""Problems reported per file; past it, one line says how many more (a file of two million
off-map hexes is answered with 200 lines, not 2,076,362)."""


class _Report:
    def __init__(self) -> None:
        self.issues: list[ModuleIssue] = []
        self.counts: dict[str, int] = {}

    def add(self, file: str, field: str, message: str, hex: str = "") -> None:
        count = self.counts[file] = self.counts.get(file, 0) + 1
        if count <= MAX_ISSUES_PER_FILE:
            self.issues.append(ModuleIssue(file, field, message, hex))

    def capped(self) -> list[ModuleIssue]:
        more = [ModuleIssue(file, "", f"{count} problems in this file: {MAX_ISSUES_PER_FILE} are listed, "
                                      f"and {count - MAX_ISSUES_PER_FILE} more are not")
                for file, count in sorted(self.counts.items()) if count > MAX_ISSUES_PER_FILE]
        return sorted(self.issues) + more

    def ref(self, file: str, field: str, value: str | None, known: Iterable[str], what: str, hex: str = "") -> None:
        if value is not None and value not in known:
            self.add(file, field, f"unknown {what} {value!r}", hex)


def check_module(module: Module, assets: dict[str, bytes] | None = None) -> list[ModuleIssue]:
    report = _Report()
    known = _Labels(module)
    _check_map(module, known, report, assets or {})
    _check_pieces(module, report)
    _check_tables(module, known, report)
    _check_seats(module, report)
    _check_scenarios(module, known, report)
    for issue in rules_problems(module):  # rules.json names ids of the other files
        report.add(issue.file, issue.field, issue.message, issue.hex)
    return report.capped()


class _Labels:
    """The map's grid, label scheme and every hex label (shared with the painter, see ``LabelScheme.index``)."""

    def __init__(self, module: Module) -> None:
        self.grid = module.map.grid.hex_grid()
        self.scheme = module.map.grid.labels.scheme()
        try:
            self.known = self.scheme.index(self.grid)
        except ValueError:  # a grid its scheme cannot label: every label is parsed (and refused)
            self.known = {}
        self.directions = {name: d for d, name in enumerate(self.grid.directions)}

    def hex_ok(self, label: str) -> bool:
        if label in self.known:
            return True
        try:  # another spelling of an on-map hex (spaces around it) still names it
            self.scheme.parse(label, self.grid)
        except ValueError:
            return False
        return True

    def canonical_side(self, key: str) -> str | None:
        """``key`` if it is a hexside id in canonical form, read without parsing; else None."""
        return key if read_canonical_id(self.grid, key, self.known, self.directions) is not None else None


def _check_hex_label(known: _Labels, report: _Report, file: str, field: str, label: str | None) -> None:
    if label is not None and not known.hex_ok(label):
        report.add(file, field, f"hex {label!r} is not on the map", label)


def _check_map(module: Module, known: _Labels, report: _Report, assets: dict[str, bytes]) -> None:
    m = module.map
    f = "map.json"
    sides = module.pieces.sides
    report.ref(f, "default_terrain", m.default_terrain, m.terrain_types, "terrain type")
    level_values = {level.value for level in m.levels}
    if len(level_values) != len(m.levels):
        report.add(f, "levels", "two levels share one value")
    terrains = {None, *m.terrain_types}
    for label, data in _suspect_hexes(m.hexes, known, terrains, level_values):
        base = f"hexes.{label}"
        if label not in known.known and not known.hex_ok(label):
            report.add(f, base, "not a hex of this map", label)
        if data.terrain not in terrains:  # the usual case needs no report.ref
            report.ref(f, f"{base}.terrain", data.terrain, m.terrain_types, "terrain type", label)
        if level_values and data.level not in level_values:
            report.add(f, f"{base}.level", f"level {data.level} is not among the map's levels", label)
        for i, feature in enumerate(data.features):
            report.ref(f, f"{base}.features.{i}.type", feature.type, m.hex_feature_types, "hex feature type", label)
            report.ref(f, f"{base}.features.{i}.side", feature.side, sides, "side", label)
    labels, grid = known.scheme, known.grid
    side_types, conn_types = m.hexside_feature_types, m.connection_types
    for key, side_data in _suspect_hexsides(m.hexsides, known, side_types, conn_types):
        if known.canonical_side(key) is not None and all(x in side_types for x in side_data.features) \
                and all(c in conn_types for c in side_data.connections):
            continue  # the usual hexside: nothing to report, found without building a field's name
        base = f"hexsides.{key}"
        hex_label = key.split("/")[0]
        if known.canonical_side(key) is None:
            try:
                side = parse_hexside(grid, key, labels)
            except ValueError as exc:
                report.add(f, base, f"not a hexside of this map: {exc}", hex_label)
                continue
            canonical = format_hexside(grid, side, labels)
            if canonical != key:
                report.add(f, base, f"hexside id must be written in canonical form {canonical!r}", hex_label)
        for i, side_feature in enumerate(side_data.features):
            report.ref(f, f"{base}.features.{i}", side_feature, m.hexside_feature_types, "hexside feature type",
                       hex_label)
        for i, conn in enumerate(side_data.connections):
            report.ref(f, f"{base}.connections.{i}", conn, m.connection_types, "road/rail type", hex_label)
    for area_id, area in m.areas.items():
        for i, label in enumerate(area.hexes):
            _check_hex_label(known, report, f, f"areas.{area_id}.hexes.{i}", label)
    for box_id, box in m.boxes.items():
        report.ref(f, f"boxes.{box_id}.side", box.side, sides, "side")
        for i, label in enumerate(box.entry_hexes):
            _check_hex_label(known, report, f, f"boxes.{box_id}.entry_hexes.{i}", label)
    for i, place in enumerate(m.place_names):
        _check_hex_label(known, report, f, f"place_names.{i}.hex", place.hex)
    for key in sorted(set(m.style.tweaks.terrain_colors) - set(m.terrain_types)):
        report.add(f, f"style.tweaks.terrain_colors.{key}", f"no terrain type {key!r} to colour")
    if m.grid.underlay is not None and m.grid.underlay.image not in assets:
        report.add(f, "grid.underlay.image", f"image {m.grid.underlay.image!r} is not in the module folder")


def _suspect_hexes(hexes: dict[str, HexData], known: _Labels, terrains: set[str | None],
                   level_values: set[int]) -> Iterable[tuple[str, HexData]]:
    """The hexes :func:`_check_map` must look at one by one: all of them when a terrain or a
    level somewhere is unknown, else those with a label not in the grid's own spelling or
    with features. Found by set operations over the whole map, so a sound map of 160,000
    hexes costs no Python step per hex."""
    values = hexes.values()
    if not set(map(_TERRAIN, values)) <= terrains or (level_values and not set(map(_LEVEL, values)) <= level_values):
        return hexes.items()
    suspects = hexes.keys() - known.known.keys()
    suspects.update(compress(hexes.keys(), map(_FEATURES, values)))
    return [(label, hexes[label]) for label in hexes if label in suspects] if suspects else []


def _suspect_hexsides(hexsides: dict[str, HexsideData], known: _Labels, side_types: Container[str],
                      conn_types: Container[str]) -> Iterable[tuple[str, HexsideData]]:
    """The hexsides :func:`_check_map` must look at one by one: all of them when a feature or
    connection type somewhere is unknown, else those whose id is not plainly canonical (a
    hex of the grid and one of the first three directions; an edge side named from its
    on-map hex with another direction is among them, and passes there)."""
    values = hexsides.values()
    if not all(x in side_types for x in set(chain.from_iterable(map(_SIDE_FEATURES, values)))) \
            or not all(c in conn_types for c in set(chain.from_iterable(map(_CONNECTIONS, values)))):
        return hexsides.items()
    plain = set(known.grid.directions[:3])
    labels = known.known
    return [(key, data) for key, data in hexsides.items()
            if (parts := key.rpartition("/"))[2] not in plain or parts[0] not in labels]


_TERRAIN, _LEVEL, _FEATURES = attrgetter("terrain"), attrgetter("level"), attrgetter("features")
_SIDE_FEATURES, _CONNECTIONS = attrgetter("features"), attrgetter("connections")


def _check_pieces(module: Module, report: _Report) -> None:
    p = module.pieces
    f = "pieces.json"
    for fid, formation in p.formations.items():
        report.ref(f, f"formations.{fid}.side", formation.side, p.sides, "side")
        report.ref(f, f"formations.{fid}.parent", formation.parent, p.formations, "formation")
    for tid, unit_type in p.unit_types.items():
        report.ref(f, f"unit_types.{tid}.movement_class", unit_type.movement_class, p.movement_classes, "movement class")
    for pid, piece in p.pieces.items():
        base = f"pieces.{pid}"
        report.ref(f, f"{base}.side", piece.side, p.sides, "side")
        report.ref(f, f"{base}.unit_type", piece.unit_type, p.unit_types, "unit type")
        report.ref(f, f"{base}.formation", piece.formation, p.formations, "formation")
        report.ref(f, f"{base}.hq", piece.hq, p.pieces, "piece")
        report.ref(f, f"{base}.optional_rule", piece.optional_rule, module.meta.optional_rules, "optional rule")
        for i, restriction in enumerate(piece.restrictions):
            report.ref(f, f"{base}.restrictions.{i}.area", restriction.area, module.map.areas, "area")
    for mid, marker in p.markers.items():
        report.ref(f, f"markers.{mid}.side", marker.side, p.sides, "side")
    for cid, chit in p.chits.items():
        report.ref(f, f"chits.{cid}.side", chit.side, p.sides, "side")
        for i, target in enumerate(chit.activates):
            if target not in p.pieces and target not in p.formations:
                report.add(f, f"chits.{cid}.activates.{i}", f"unknown piece or formation {target!r}")


def _number_ok(text: str | None) -> bool:
    if text is None:
        return True
    try:
        Fraction(text)
    except (ValueError, ZeroDivisionError):
        return False
    return True


def _check_tables(module: Module, known: _Labels, report: _Report) -> None:
    t = module.tables
    m = module.map
    f = "tables.json"
    classes = set(module.pieces.movement_classes) | {"*"}
    te = t.terrain_effects

    def costs(section: str, table: dict[str, dict[str, str]], known: Iterable[str], what: str) -> None:
        roads = section.endswith(".connections")
        for key, by_class in table.items():
            report.ref(f, f"{section}.{key}", key, known, what)
            for cls, text in by_class.items():
                report.ref(f, f"{section}.{key}.{cls}", cls, classes, "movement class")
                if text in CONNECTION_ONLY_COSTS and not roads:
                    report.add(f, f"{section}.{key}.{cls}",
                               f"{text!r} is a cost of a road or rail (connections), not of a {what}")

    costs("terrain_effects.terrain", te.terrain, m.terrain_types, "terrain type")
    costs("terrain_effects.features", te.features, m.hex_feature_types, "hex feature type")
    costs("terrain_effects.hexsides", te.hexsides, m.hexside_feature_types, "hexside feature type")
    costs("terrain_effects.connections", te.connections, m.connection_types, "road/rail type")
    for wid, weather in te.weather.items():
        costs(f"terrain_effects.weather.{wid}.terrain", weather.terrain, m.terrain_types, "terrain type")
        costs(f"terrain_effects.weather.{wid}.hexsides", weather.hexsides, m.hexside_feature_types, "hexside feature type")
        costs(f"terrain_effects.weather.{wid}.connections", weather.connections, m.connection_types, "road/rail type")
    for key in te.combat:
        if key not in m.terrain_types and key not in m.hex_feature_types:
            report.add(f, f"terrain_effects.combat.{key}", f"unknown terrain or hex feature type {key!r}")
    for key in te.hexside_combat:
        report.ref(f, f"terrain_effects.hexside_combat.{key}", key, m.hexside_feature_types, "hexside feature type")
    for crt_id, crt in t.crts.items():
        base = f"crts.{crt_id}"
        for i, column in enumerate(crt.columns):
            for end in ("min", "max"):
                if not _number_ok(getattr(column, end)):
                    report.add(f, f"{base}.columns.{i}.{end}", f"not a number: {getattr(column, end)!r}")
        if len(crt.cells) != len(crt.rows):
            report.add(f, f"{base}.cells", f"{len(crt.cells)} rows of cells for {len(crt.rows)} die rows")
        column_labels = [c.label for c in crt.columns]
        for r, row in enumerate(crt.cells):
            roll = crt.rows[r] if r < len(crt.rows) else r
            if len(row) != len(crt.columns):
                report.add(f, f"{base}.cells.{r}", f"row {roll} has {len(row)} cells for {len(crt.columns)} columns")
            for c, code in enumerate(row):
                if code not in crt.results:
                    where = column_labels[c] if c < len(column_labels) else str(c)
                    report.add(f, f"{base}.cells.{r}.{c}",
                               f"undefined result code {code!r} in row {roll}, column {where!r}")
        for i, cell in enumerate(crt.reconstructed_cells):
            if cell.row not in crt.rows or cell.column not in column_labels:
                report.add(f, f"{base}.reconstructed_cells.{i}", f"no cell at row {cell.row}, column {cell.column!r}")
    for lid, lookup in t.lookups.items():
        for r, lookup_row in enumerate(lookup.rows):
            if lookup.columns and len(lookup_row.cells) != len(lookup.columns):
                report.add(f, f"lookups.{lid}.rows.{r}",
                           f"row {lookup_row.key!r} has {len(lookup_row.cells)} cells for {len(lookup.columns)} columns")
    numbers = [turn.number for turn in t.turn_track.turns]
    if numbers != sorted(set(numbers)):
        report.add(f, "turn_track.turns", "turn numbers must be increasing and unique")
    for i, rule in enumerate(t.victory.rules):
        report.ref(f, f"victory.rules.{i}.side", rule.side, module.pieces.sides, "side")
    for i, sd in enumerate(t.victory.sudden_death):
        base = f"victory.sudden_death.{i}"
        report.ref(f, f"{base}.side", sd.side, module.pieces.sides, "side")
        report.ref(f, f"{base}.optional_rule", sd.optional_rule, module.meta.optional_rules, "optional rule")
        for k, hex in enumerate(sd.hexes):
            _check_hex_label(known, report, f, f"{base}.hexes.{k}", hex)
        for k, formation in enumerate(sd.destroyed.formations if sd.destroyed else []):
            report.ref(f, f"{base}.destroyed.formations.{k}", formation, module.pieces.formations, "formation")
        if sd.in_area is not None:
            report.ref(f, f"{base}.in_area.area", sd.in_area.area, module.map.areas, "area")


def _check_seats(module: Module, report: _Report) -> None:
    for sid, seat in module.meta.seats.items():
        base = f"seats.{sid}"
        report.ref("module.json", f"{base}.side", seat.side, module.pieces.sides, "side")
        for k, formation in enumerate(seat.formations):
            report.ref("module.json", f"{base}.formations.{k}", formation, module.pieces.formations, "formation")
        for k, rule in enumerate(seat.optional_rules):
            report.ref("module.json", f"{base}.optional_rules.{k}", rule, module.meta.optional_rules, "optional rule")


def _check_scenarios(module: Module, known: _Labels, report: _Report) -> None:
    p = module.pieces
    boxes = module.map.boxes
    for sid, scenario in module.scenarios.items():
        f = f"scenarios/{sid}.json"
        seen: set[str] = set()
        for i, place in enumerate(scenario.setup):
            base = f"setup.{i}"
            report.ref(f, f"{base}.piece", place.piece, p.pieces, "piece")
            if place.piece in seen:
                report.add(f, f"{base}.piece", f"piece {place.piece!r} is placed twice")
            seen.add(place.piece)
            _check_hex_label(known, report, f, f"{base}.hex", place.hex)
            report.ref(f, f"{base}.box", place.box, boxes, "box")
            piece = p.pieces.get(place.piece)
            if piece is not None and place.step >= len(piece.steps):
                report.add(f, f"{base}.step", f"piece {place.piece!r} has only {len(piece.steps)} steps")
        for i, mark in enumerate(scenario.markers):
            report.ref(f, f"markers.{i}.marker", mark.marker, p.markers, "marker")
            _check_hex_label(known, report, f, f"markers.{i}.hex", mark.hex)
            report.ref(f, f"markers.{i}.box", mark.box, boxes, "box")
            report.ref(f, f"markers.{i}.track", mark.track, module.map.tracks, "track")
        for i, reinforcement in enumerate(scenario.reinforcements):
            report.ref(f, f"reinforcements.{i}.piece", reinforcement.piece, p.pieces, "piece")
            report.ref(f, f"reinforcements.{i}.box", reinforcement.box, boxes, "box")
            _check_hex_label(known, report, f, f"reinforcements.{i}.hex", reinforcement.hex)
        for i, piece_id in enumerate(scenario.removed_pieces):
            report.ref(f, f"removed_pieces.{i}", piece_id, p.pieces, "piece")
        for i, chit_id in enumerate(scenario.removed_chits):
            report.ref(f, f"removed_chits.{i}", chit_id, p.chits, "chit")
        for box_id, chits in scenario.cups.items():
            report.ref(f, f"cups.{box_id}", box_id, boxes, "box")
            for i, chit_id in enumerate(chits):
                report.ref(f, f"cups.{box_id}.{i}", chit_id, p.chits, "chit")
        for rule_id in scenario.optional_rules:
            report.ref(f, f"optional_rules.{rule_id}", rule_id, module.meta.optional_rules, "optional rule")
        report.ref(f, "map_limits", scenario.map_limits, module.map.areas, "area")
        report.ref(f, "first_side", scenario.first_side, p.sides, "side")
        if scenario.last_turn < scenario.first_turn:
            report.add(f, "last_turn", "last turn comes before the first turn")
