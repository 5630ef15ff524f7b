"""Our module as a VASSAL module: board, grid, pieces, at-start stacks, dice, charts, metadata.

Pure Python: the pictures (board, counter faces, charts) are drawn by the Qt side
(:mod:`hexwright.runtime.ui.vassal_art`), which also says where off-map counters go on the
board (:class:`BoardPlan`). This module decides everything else and writes the archive.

* The board is one image; its hex grid lives in a zone named after the map, so VASSAL
  names hexes exactly as we do; every off-map box, pile and track space is a zone of its
  own, named as ours.
* Every unit is a piece with its front, its other steps (or its blank back) in a Layer
  that ``Ctrl+F`` turns over; markers with two faces likewise; chits are pieces.
  Each carries its id and side as properties, so an import finds it again.
* The scenario's start is the module's at-start stacks (hex stacks by grid location,
  counters in boxes and on tracks at board points) and a predefined setup named after it.
"""

from __future__ import annotations

import io
import re
import zipfile
from dataclasses import dataclass, field

from hexwright.runtime.model import Module

from . import vassal_module as vm
from .vassal_grid import BoardTransform, VassalGrid, export_problems, vassal_grid
from .vassal_pieces import ID_PROPERTY, SIDE_PROPERTY, PieceDef, piece_definition

BOARD_IMAGE = "board.png"
MAP_ZONE = "Map"
_DICE = re.compile(r"^([1-9])d([0-9]+)$")
ZIP_DATE = (2020, 1, 1, 0, 0, 0)


@dataclass(frozen=True)
class RegionRect:
    """An off-map place drawn on the board, in board pixels."""

    name: str
    x: int
    y: int
    width: int
    height: int


@dataclass(frozen=True)
class StartItem:
    """A counter at the scenario's start: a unit (``piece``, module piece id) or a ``marker``
    (module marker id), on hex ``hex`` or at board point ``point``; ``face`` is the step or face
    showing, ``order`` its place in its stack (higher is nearer the top)."""

    kind: str
    id: str
    hex: str | None = None
    point: tuple[int, int] | None = None
    face: int = 0
    order: int = 0


@dataclass
class BoardPlan:
    """What the picture side decided: board size, where the map is, where off-map counters stand."""

    width: int
    height: int
    transform: BoardTransform
    regions: list[RegionRect] = field(default_factory=list)
    counter_px: int = 48
    charts: list[tuple[str, str]] = field(default_factory=list)
    """(title, image file) of every chart."""
    start: list[StartItem] = field(default_factory=list)
    """Every counter of the scenario's start (the picture side computes it with the game state)."""


@dataclass
class VmodExport:
    module: vm.VassalModule
    grid: VassalGrid
    problems: list[str]
    plan_transform: BoardTransform
    """Map pixels -> board pixels, as the board image was drawn."""


def piece_image(piece_id: str, face: int) -> str:
    return f"unit_{piece_id}_{face}.png"


def marker_image(marker_id: str, face: int) -> str:
    return f"marker_{marker_id}_{face}.png"


def chit_image(chit_id: str) -> str:
    return f"chit_{chit_id}.png"


def piece_faces(module: Module, piece_id: str) -> int:
    """Faces of a unit in VASSAL: one per step; a one-step unit also has its (blank) back."""
    return max(len(module.pieces.pieces[piece_id].steps), 2)


def clean_name(text: str) -> str:
    """A name for VASSAL: control characters become spaces (a tab survives the encoding, but
    a line break would split the buildFile's text)."""
    return "".join(" " if ord(ch) < 32 and ch != "\t" else ch for ch in text).strip()


def _unit_name(module: Module, piece_id: str) -> str:
    return clean_name(module.pieces.pieces[piece_id].designation) or piece_id


def unit_def(module: Module, piece_id: str, level: int = 0) -> PieceDef:
    faces = piece_faces(module, piece_id)
    return PieceDef(name=_unit_name(module, piece_id), front=piece_image(piece_id, 0),
                    backs=tuple(piece_image(piece_id, f) for f in range(1, faces)),
                    properties=((ID_PROPERTY, piece_id), (SIDE_PROPERTY, module.pieces.pieces[piece_id].side)),
                    level=min(level, faces - 1))


def marker_def(module: Module, marker_id: str, face: int = 0) -> PieceDef:
    marker = module.pieces.markers[marker_id]
    backs = tuple(marker_image(marker_id, f) for f in range(1, len(marker.faces)))
    return PieceDef(name=clean_name(marker.name) or marker_id, front=marker_image(marker_id, 0), backs=backs,
                    properties=((ID_PROPERTY, f"marker:{marker_id}"), (SIDE_PROPERTY, marker.side or "")),
                    level=min(face, len(backs)))


def chit_def(module: Module, chit_id: str) -> PieceDef:
    chit = module.pieces.chits[chit_id]
    return PieceDef(name=clean_name(chit.name) or chit_id, front=chit_image(chit_id),
                    properties=((ID_PROPERTY, f"chit:{chit_id}"), (SIDE_PROPERTY, chit.side or "")))


def dice_of(module: Module) -> list[vm.Die]:
    """A button per die of the module, and per dice spec its tables roll (``2d6``…)."""
    found: dict[str, vm.Die] = {}
    for die_id, die in module.meta.dice.items():
        found.setdefault(f"1d{die.faces}", vm.Die(name=clean_name(die_id), n_dice=1, n_sides=die.faces))
    specs = [crt.dice for crt in module.tables.crts.values()] + [t.dice for t in module.tables.lookups.values()]
    for spec in specs:
        m = _DICE.match(spec or "")
        if m and spec not in found and int(m.group(2)) >= 2:
            found[spec] = vm.Die(name=spec, n_dice=int(m.group(1)), n_sides=int(m.group(2)))
    return list(found.values())


def map_zone_path(module: Module, t: BoardTransform) -> list[tuple[int, int]]:
    grid = module.map.grid
    w, h = grid.layout().bounds()
    left, top = t.apply(grid.origin_x, grid.origin_y)
    right, bottom = t.apply(grid.origin_x + w, grid.origin_y + h)
    left, top, right, bottom = round(left), round(top), round(right), round(bottom)
    return [(left, top), (right, top), (right, bottom), (left, bottom)]


def build_vassal_module(module: Module, scenario_id: str | None, plan: BoardPlan) -> VmodExport:
    """The VASSAL module for ``module`` with the start of ``scenario_id`` (None: no setup)."""
    grid = module.map.grid
    vgrid = vassal_grid(grid, plan.transform)
    problems = export_problems(grid)
    meta = module.meta
    description = clean_name(meta.description or meta.title)
    if meta.authors:
        description += f" — by {', '.join(meta.authors)}"
    out = vm.VassalModule(name=clean_name(meta.title) or meta.id, version=clean_name(meta.version) or "1.0",
                          description=description, map_name=clean_name(meta.title) or "Map")
    zones = [vm.Zone(MAP_ZONE, map_zone_path(module, plan.transform), vgrid)]
    for region in plan.regions:
        zones.append(vm.Zone(clean_name(region.name), [
            (region.x, region.y), (region.x + region.width, region.y),
            (region.x + region.width, region.y + region.height), (region.x, region.y + region.height)]))
    out.boards.append(vm.Board(name=MAP_ZONE, image=BOARD_IMAGE, width=plan.width, height=plan.height, zones=zones))

    gpid = 0

    def slot(definition: PieceDef) -> vm.Slot:
        nonlocal gpid
        gpid += 1
        return vm.Slot(definition.name, gpid, piece_definition(definition, gpid), plan.counter_px, plan.counter_px)

    pieces = module.pieces
    for side_id, side in pieces.sides.items():
        ids = [pid for pid, p in pieces.pieces.items() if p.side == side_id]
        if ids:
            out.piece_lists.append(vm.PieceList(clean_name(side.name) or side_id,
                                                [slot(unit_def(module, pid)) for pid in ids]))
    orphans = [pid for pid, p in pieces.pieces.items() if p.side not in pieces.sides]
    if orphans:
        out.piece_lists.append(vm.PieceList("Other units", [slot(unit_def(module, pid)) for pid in orphans]))
    if pieces.markers:
        out.piece_lists.append(vm.PieceList("Markers", [slot(marker_def(module, mid)) for mid in pieces.markers]))
    if pieces.chits:
        out.piece_lists.append(vm.PieceList("Chits", [slot(chit_def(module, cid)) for cid in pieces.chits]))

    if scenario_id is not None:
        scenario = module.scenarios[scenario_id]
        hex_stacks: dict[str, list[tuple[int, PieceDef]]] = {}
        points: dict[tuple[int, int], list[tuple[int, PieceDef]]] = {}
        for item in plan.start:
            if item.kind == "piece" and item.id in pieces.pieces:
                d = unit_def(module, item.id, item.face)
            elif item.kind == "marker" and item.id in pieces.markers:
                d = marker_def(module, item.id, item.face)
            else:
                continue
            if item.hex is not None:
                hex_stacks.setdefault(item.hex, []).append((item.order, d))
            elif item.point is not None:
                points.setdefault(item.point, []).append((item.order, d))
        for label in sorted(hex_stacks):
            x, y = vgrid.location(label)
            entries = sorted(hex_stacks[label], key=lambda e: e[0])
            out.stacks.append(vm.SetupStack(name=label, board=MAP_ZONE, x=x, y=y, location=label,
                                            use_grid_location=True, slots=[slot(d) for _, d in entries]))
        for (x, y) in sorted(points):
            entries = sorted(points[(x, y)], key=lambda e: e[0])
            out.stacks.append(vm.SetupStack(name=entries[0][1].name, board=MAP_ZONE, x=x, y=y,
                                            slots=[slot(d) for _, d in entries]))
        out.setups.append(vm.Setup(name=clean_name(scenario.name) or scenario_id))
    out.dice = dice_of(module)
    out.charts = [vm.Chart(clean_name(title), file) for title, file in plan.charts]
    return VmodExport(out, vgrid, problems, plan.transform)


def write_vmod(module: vm.VassalModule, images: dict[str, bytes]) -> bytes:
    """The ``.vmod`` archive: ``buildFile.xml``, ``moduledata`` and ``images/…``, in a fixed order."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        def add(name: str, data: bytes, compress: int = zipfile.ZIP_DEFLATED) -> None:
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.compress_type = compress
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
        add("buildFile.xml", vm.build_file_xml(module))
        add("moduledata", vm.module_data_xml(module))
        for name in sorted(images):
            add(f"images/{name}", images[name], zipfile.ZIP_STORED)
    return buffer.getvalue()
