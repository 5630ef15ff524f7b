"""A VASSAL module as a new Hexwright module: its board as the map's underlay, its grid as ours,
its pieces as counters with their images, its at-start stacks as a scenario.

Pure Python over a read ``.vmod`` (:mod:`.vassal_read`). The designer then paints terrain
over the underlay with the editor's tools: VASSAL never knew the terrain (vassal #4135).
What cannot be carried is listed in :attr:`VmodImport.report`: boards without a hex grid,
numbering our labels cannot say, traits with no equivalent, stacks off every hex and zone,
components (charts, other maps, buttons) that have no place in a module.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from hexwright.runtime.geometry import Hex
from hexwright.runtime.model import (
    Box,
    Die,
    Marker,
    MarkerFace,
    MarkerPlacement,
    Module,
    Piece,
    Placement,
    Provenance,
    Rect,
    Scenario,
    Side,
    StepValues,
    TerrainType,
    Underlay,
    UnitType,
    new_module,
)
from hexwright.runtime.model.common import Id

from . import vassal_module as vm
from .image_size import image_size
from .vassal_grid import VassalGrid, grid_from_vassal
from .vassal_pieces import ID_PROPERTY, SIDE_PROPERTY, PieceDef, parse_definition
from .vassal_read import VmodError, VmodFile

_ID_OK = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.\-]*$")
SIDE_COLORS = ("#6b8e3a", "#7d8a96", "#3050c0", "#c03030", "#c08a20", "#8050a0")
MAX_PIECES = 5000


@dataclass
class VmodImport:
    module: Module
    assets: dict[str, bytes]
    report: list[str] = field(default_factory=list)


def slug(text: str, fallback: str = "item") -> str:
    """An id made of ``text``: letters, digits, ``_ . -``; never empty, at most 64 characters."""
    s = re.sub(r"[^A-Za-z0-9_.\-]+", "_", text).strip("_.-")[:60]
    return s if s and _ID_OK.match(s) else fallback


class _Ids:
    def __init__(self) -> None:
        self.used: set[str] = set()

    def take(self, wanted: str, fallback: str) -> str:
        base = wanted if _ID_OK.match(wanted) and len(wanted) <= 60 else slug(wanted, fallback)
        candidate, n = base, 2
        while candidate in self.used:
            candidate, n = f"{base[:56]}_{n}", n + 1
        self.used.add(candidate)
        return candidate


class _Art:
    """VASSAL image names -> module asset paths (``images/vassal/…``), each image copied once."""

    def __init__(self, images: dict[str, bytes], report: list[str]):
        self.images, self.report = images, report
        self.assets: dict[str, bytes] = {}
        self.paths: dict[str, str] = {}
        self.missing: set[str] = set()

    def path(self, name: str) -> str | None:
        if not name:
            return None
        if name in self.paths:
            return self.paths[name]
        data = self.images.get(name)
        if data is None:
            if name not in self.missing:
                self.missing.add(name)
                self.report.append(f"image {name!r} is named by a piece but not in the archive; left out")
            return None
        stem = slug(name.rsplit("/", 1)[-1], "image")
        path, n = f"images/vassal/{stem}", 2
        while path in self.assets:
            path, n = f"images/vassal/{n}_{stem}", n + 1
        self.assets[path] = data
        self.paths[name] = path
        return path


def _pick_board(vmod: VmodFile, where: str) -> tuple[vm.Board, VassalGrid, vm.Zone | None]:
    for board in vmod.module.boards:
        grids = board.hex_grids()
        if grids:
            return board, grids[0][0], grids[0][1]
    raise VmodError(f"{where}: no board with a hex grid (square, region and irregular grids cannot be imported)")


def _classify(d: PieceDef) -> str:
    ident = d.property(ID_PROPERTY) or ""
    if ident.startswith("marker:"):
        return "marker"
    if ident.startswith("chit:"):
        return "chit"
    return "piece"


def import_vmod(vmod: VmodFile, module_id: str, where: str = "module.vmod") -> VmodImport:
    """A new module from ``vmod``; raises :class:`VmodError` when nothing usable is in it."""
    report: list[str] = []
    build = f"{where}/buildFile.xml"
    board, vgrid, zone = _pick_board(vmod, build)
    for other in vmod.module.boards:
        if other is not board:
            report.append(f"board {other.name!r}: only one board is carried (the first with a hex grid)")
    board_image = vmod.images.get(board.image)
    size = image_size(board_image) if board_image else None
    width, height = board.width or (size[0] if size else 0), board.height or (size[1] if size else 0)
    if zone is not None:
        area = tuple(float(v) for v in zone.bounds())
    elif width and height:
        area = (0.0, 0.0, float(width), float(height))
    else:
        raise VmodError(f"{build}: board {board.name!r} has no size and its image {board.image!r} cannot be read")
    gi = grid_from_vassal(vgrid, area, f"{build}: board {board.name!r}")  # type: ignore[arg-type]
    report += gi.problems
    grid = gi.grid
    title = vmod.module.name.strip() or module_id
    module = new_module(module_id, title[:200], grid.cols, grid.rows, grid.orientation)
    module.meta.version = vmod.module.version[:40] or "0.1.0"
    module.meta.description = (vmod.module.description or f"Imported from the VASSAL module {title}")[:2000]
    art = _Art(vmod.images, report)
    underlay_path = art.path(board.image)
    if underlay_path is None:
        report.append(f"board {board.name!r}: no image; the map has no underlay")
    else:
        grid.underlay = Underlay(image=underlay_path, opacity=1.0)
        # Until the designer paints terrain, hexes are see-through so the board art shows.
        module.map.terrain_types = {"unpainted": TerrainType(name="Unpainted (board art)", color="#ffffff00"),
                                    **module.map.terrain_types}
        module.map.default_terrain = "unpainted"
    module.map.grid = grid
    sides: dict[str, Side] = {}
    side_ids = _Ids()
    piece_ids, marker_ids = _Ids(), _Ids()
    unit_type = UnitType(name="Imported unit", symbol="other", movement_class="foot")
    module.pieces.unit_types = {"unit": unit_type}
    by_key: dict[str, tuple[str, str]] = {}  # palette piece (without its shown face) -> (kind, id)

    def side_of(d: PieceDef, list_name: str) -> str:
        wanted = d.property(SIDE_PROPERTY) or list_name
        key = slug(wanted, "side")
        if key not in sides:
            side_ids.take(key, "side")
            sides[key] = Side(name=(list_name if not d.property(SIDE_PROPERTY) else wanted)[:60],
                              color=SIDE_COLORS[len(sides) % len(SIDE_COLORS)])
        return key

    def add(d: PieceDef, list_name: str) -> tuple[str, str]:
        kind = _classify(d)
        ident = (d.property(ID_PROPERTY) or "").split(":", 1)[-1] or d.name
        if d.unknown_traits:
            report.append(f"piece {d.name!r}: traits with no equivalent left out: {', '.join(sorted(set(d.unknown_traits)))}")
        faces = [art.path(name) for name in (d.front, *d.backs)]
        if kind == "marker":
            mid = marker_ids.take(ident, "marker")
            mfaces = [MarkerFace(text="" if f else d.name[:12], image=f) for f in faces[:2]]
            if len(faces) > 2:
                report.append(f"marker {d.name!r}: {len(faces)} faces, a marker keeps two")
            module.pieces.markers[mid] = Marker(name=d.name[:80] or mid, faces=mfaces)
            return ("marker", mid)
        pid = piece_ids.take(ident, "piece")
        steps = [StepValues(label=f"face {i + 1}", image=f) for i, f in enumerate(faces)]
        module.pieces.pieces[pid] = Piece(
            side=side_of(d, list_name), designation=d.name[:80] or pid, unit_type="unit", steps=steps,
            provenance=Provenance(clue=f"imported from VASSAL piece {d.name!r}: images only, values to be entered"))
        return ("piece", pid)

    count = 0
    for pl in vmod.module.piece_lists:
        for s in pl.slots:
            count += 1
            if count > MAX_PIECES:
                raise VmodError(f"{build}: more than {MAX_PIECES} pieces")
            try:
                d = parse_definition(s.definition)
            except ValueError as exc:
                report.append(f"piece list {pl.name!r}, piece {s.name!r}: unreadable definition ({exc}); left out")
                continue
            if _key(d) not in by_key:
                by_key[_key(d)] = add(d, pl.name)
    module.pieces.sides = sides
    _scenario(module, vmod, vgrid, board, zone, by_key, add, report)
    for die in vmod.module.dice:
        if die.n_dice == 1 and 2 <= die.n_sides <= 100:
            module.meta.dice.setdefault(slug(die.name.lower(), f"d{die.n_sides}"), Die(faces=die.n_sides))
        elif die.n_sides <= 100:
            module.meta.dice.setdefault(f"d{die.n_sides}", Die(faces=die.n_sides))
    if vmod.module.charts:
        report.append(f"{len(vmod.module.charts)} chart(s) ({', '.join(c.name for c in vmod.module.charts[:5])}…) "
                      f"are pictures in VASSAL; enter them as tables")
    for comp in vmod.module.other_components:
        report.append(f"{comp}: no equivalent in a module; left out")
    return VmodImport(module, art.assets, report)


def _key(d: PieceDef) -> str:
    return f"{d.name}\x1f{d.front}\x1f{','.join(d.backs)}\x1f{d.property(ID_PROPERTY) or ''}"


def _scenario(module: Module, vmod: VmodFile, vgrid: VassalGrid, board: vm.Board, zone: vm.Zone | None,
              known: dict[str, tuple[str, str]], add: Callable[[PieceDef, str], tuple[str, str]],
              report: list[str]) -> None:
    """The at-start stacks as a scenario: hexes from grid locations or points, boxes from zones."""
    if not vmod.module.stacks:
        return
    g = module.map.grid
    layout, scheme, hg = g.layout(), g.labels.scheme(), g.hex_grid()
    zones = [z for z in board.zones if z.grid is None and z.path]
    box_ids = _Ids()
    boxes: dict[str, str] = {}
    scenario = Scenario(name=(vmod.module.setups[0].name if vmod.module.setups else "Setup")[:80] or "Setup",
                        last_turn=1)
    placed: set[str] = set()
    copies: dict[str, int] = {}

    def zone_box(x: int, y: int) -> str | None:
        for z in zones:
            x0, y0, x1, y1 = z.bounds()
            if x0 <= x <= x1 and y0 <= y <= y1:
                if z.name not in boxes:
                    bid = box_ids.take(slug(z.name, "box"), "box")
                    boxes[z.name] = bid
                    module.map.boxes[bid] = Box(name=z.name[:80] or bid, kind="holding",
                                                rect=Rect(x=x0, y=y0, width=max(1, x1 - x0), height=max(1, y1 - y0)))
                return boxes[z.name]
        return None

    for stack in vmod.module.stacks:
        if stack.board and stack.board != board.name:
            report.append(f"at-start stack {stack.name!r} is on board {stack.board!r}, not carried")
            continue
        point = (stack.x, stack.y)
        if stack.use_grid_location:
            try:
                point = vgrid.location(stack.location)
            except ValueError:
                report.append(f"at-start stack {stack.name!r}: location {stack.location!r} is not on the grid; left out")
                continue
        hex_label: str | None = None
        h = layout.hex_at(*point)
        inside = zone is None or _in(zone, point)
        if hg.contains(Hex(*h)) and inside:
            hex_label = scheme.format(h, hg)
        box = None if hex_label else zone_box(*point)
        if hex_label is None and box is None:
            report.append(f"at-start stack {stack.name!r} at {point} is on no hex and in no zone; left out")
            continue
        for s in stack.slots:
            try:
                d = parse_definition(s.definition)
            except ValueError as exc:
                report.append(f"at-start stack {stack.name!r}, piece {s.name!r}: unreadable ({exc}); left out")
                continue
            got = known.get(_key(d))
            if got is None:
                got = known[_key(d)] = add(d, "Setup")
            kind, ident = got
            if kind == "marker":
                scenario.markers.append(MarkerPlacement(marker=ident, hex=hex_label, box=box if not hex_label else None,
                                                        face=min(d.level, 1)))
                continue
            if ident in placed:  # a second copy of one palette piece: a piece of its own
                copies[ident] = copies.get(ident, 1) + 1
                new_id = f"{ident[:56]}_{copies[ident]}"
                module.pieces.pieces[new_id] = module.pieces.pieces[ident].model_copy(deep=True)
                ident = new_id
            placed.add(ident)
            scenario.setup.append(Placement(piece=ident, hex=hex_label, box=box if not hex_label else None,
                                            step=d.level))
    report.append("scenario: the number of turns is not in a VASSAL module; set to 1")
    module.scenarios["setup" if not vmod.module.setups else slug(vmod.module.setups[0].name.lower(), "setup")] = scenario


def _in(zone: vm.Zone, point: tuple[int, int]) -> bool:
    x0, y0, x1, y1 = zone.bounds()
    return x0 <= point[0] <= x1 and y0 <= point[1] <= y1


__all__ = ["Id", "VmodImport", "import_vmod", "slug"]
