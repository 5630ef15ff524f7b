"""A VASSAL module as data, and its ``buildFile.xml`` / ``moduledata`` written and read back.

Only the parts Hexwright writes or reads are modelled: one map with boards, each board an
image with a hex grid (directly, or inside a zoned grid with named zones for boxes and
tracks), at-start stacks, piece palettes, dice buttons, chart windows and predefined
setups. The XML is written with :mod:`xml.etree.ElementTree` and read with it too; a
stranger's buildFile is read defensively by :mod:`.vassal_read`.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

from .vassal_grid import VassalGrid, VassalHexGrid, VassalNumbering

VASSAL_VERSION = "3.7.0"
B = "VASSAL.build."
MODULE_TAG = B + "GameModule"
MAP_TAG = B + "module.Map"
PICKER_TAG = B + "module.map.BoardPicker"
BOARD_TAG = B + "module.map.boardPicker.Board"
ZONED_TAG = B + "module.map.boardPicker.board.ZonedGrid"
ZONE_TAG = B + "module.map.boardPicker.board.mapgrid.Zone"
HEXGRID_TAG = B + "module.map.boardPicker.board.HexGrid"
NUMBERING_TAG = B + "module.map.boardPicker.board.mapgrid.HexGridNumbering"
SETUP_STACK_TAG = B + "module.map.SetupStack"
SLOT_TAG = B + "widget.PieceSlot"
LIST_TAG = B + "widget.ListWidget"
TAB_TAG = B + "widget.TabWidget"
PIECE_WINDOW_TAG = B + "module.PieceWindow"
DICE_TAG = B + "module.DiceButton"
CHART_WINDOW_TAG = B + "module.ChartWindow"
CHART_TAG = B + "widget.Chart"
SETUP_TAG = B + "module.PredefinedSetup"


@dataclass
class Slot:
    """A piece as it stands in a palette or a setup stack: its name and encoded definition."""

    name: str
    gpid: int
    definition: str
    width: int = 0
    height: int = 0


@dataclass
class Zone:
    name: str
    path: list[tuple[int, int]]
    grid: VassalGrid | None = None

    def bounds(self) -> tuple[int, int, int, int]:
        xs, ys = [p[0] for p in self.path], [p[1] for p in self.path]
        return min(xs), min(ys), max(xs), max(ys)


@dataclass
class Board:
    name: str
    image: str
    width: int = 0
    height: int = 0
    grid: VassalGrid | None = None
    zones: list[Zone] = field(default_factory=list)

    def hex_grids(self) -> list[tuple[VassalGrid, Zone | None]]:
        """Every hex grid of the board with the zone it belongs to (None: the whole board)."""
        out: list[tuple[VassalGrid, Zone | None]] = [(z.grid, z) for z in self.zones if z.grid is not None]
        if self.grid is not None:
            out.append((self.grid, None))
        return out


@dataclass
class SetupStack:
    """An at-start stack: at a grid location (``location``) or at a board point."""

    name: str
    board: str
    x: int = 0
    y: int = 0
    location: str = ""
    use_grid_location: bool = False
    slots: list[Slot] = field(default_factory=list)


@dataclass
class PieceList:
    name: str
    slots: list[Slot] = field(default_factory=list)


@dataclass
class Die:
    name: str
    n_dice: int
    n_sides: int


@dataclass
class Chart:
    name: str
    file: str


@dataclass
class Setup:
    name: str
    use_file: bool = False
    file: str = ""


@dataclass
class VassalModule:
    name: str
    version: str = "1.0"
    description: str = ""
    map_name: str = "Main Map"
    boards: list[Board] = field(default_factory=list)
    stacks: list[SetupStack] = field(default_factory=list)
    piece_lists: list[PieceList] = field(default_factory=list)
    dice: list[Die] = field(default_factory=list)
    charts: list[Chart] = field(default_factory=list)
    setups: list[Setup] = field(default_factory=list)
    other_components: list[str] = field(default_factory=list)
    """Names of components of a read buildFile that have no equivalent here (import report)."""

    def slots(self) -> list[Slot]:
        return [s for pl in self.piece_lists for s in pl.slots] + [s for st in self.stacks for s in st.slots]


# -- writing ------------------------------------------------------------------------


def _bool(value: bool) -> str:
    return "true" if value else "false"


def _num(value: float) -> str:
    return repr(float(value))


def _grid_element(parent: ET.Element, vg: VassalGrid) -> None:
    g, n = vg.grid, vg.numbering
    el = ET.SubElement(parent, HEXGRID_TAG, {
        "color": "0,0,0", "cornersLegal": "false", "dotsVisible": "false", "dx": _num(g.dx), "dy": _num(g.dy),
        "edgesLegal": "false", "sideways": _bool(g.sideways), "snapTo": "true", "visible": "false",
        "x0": str(g.x0), "y0": str(g.y0)})
    ET.SubElement(el, NUMBERING_TAG, {
        "color": "0,0,0", "first": n.first, "fontSize": "9", "hDescend": _bool(n.h_descend),
        "hDrawOff": "0", "hLeading": str(n.h_leading), "hOff": str(n.h_off), "hType": n.h_type,
        "locationFormat": "$gridLocation$", "rotateText": "0", "sep": n.sep, "stagger": _bool(n.stagger),
        "vDescend": _bool(n.v_descend), "vDrawOff": "32", "vLeading": str(n.v_leading), "vOff": str(n.v_off),
        "vType": n.v_type, "visible": "false"})


def _slot_element(parent: ET.Element, slot: Slot) -> None:
    el = ET.SubElement(parent, SLOT_TAG, {"entryName": slot.name, "gpid": str(slot.gpid),
                                          "height": str(slot.height), "width": str(slot.width)})
    el.text = slot.definition


def build_file_xml(vm: VassalModule) -> bytes:
    """``buildFile.xml`` of ``vm``."""
    next_gpid = max((s.gpid for s in vm.slots()), default=0) + 1
    root = ET.Element(MODULE_TAG, {"ModuleOther1": "", "ModuleOther2": "", "VassalVersion": VASSAL_VERSION,
                                   "description": vm.description, "name": vm.name,
                                   "nextPieceSlotId": str(next_gpid), "version": vm.version})
    for tag in ("module.BasicCommandEncoder", "module.Documentation", "module.PlayerRoster",
                "module.GlobalOptions", "module.Chatter", "module.KeyNamer", "module.PrototypesContainer",
                "module.GlobalProperties"):
        ET.SubElement(root, B + tag)
    m = ET.SubElement(root, MAP_TAG, {"allowMultiple": "false", "backgroundcolor": "255,255,255",
                                      "buttonName": "", "changeFormat": "$message$", "color": "0,0,0",
                                      "createFormat": "$pieceName$ created in $location$ *",
                                      "edgeHeight": "0", "edgeWidth": "0", "hideKey": "", "hotkey": "",
                                      "icon": "", "launch": "false",
                                      "mapName": vm.map_name, "markMoved": "Always",
                                      "markUnmovedHotkey": "", "markUnmovedIcon": "/images/unmoved.gif",
                                      "markUnmovedReport": "", "markUnmovedText": "", "markUnmovedTooltip": "",
                                      "moveKey": "", "moveToFormat": "$pieceName$ moves $previousLocation$ → $location$ *",
                                      "moveWithinFormat": "$pieceName$ moves $previousLocation$ → $location$ *",
                                      "showKey": "", "thickness": "3"})
    picker = ET.SubElement(m, PICKER_TAG, {"addColumnText": "Add column", "addRowText": "Add row",
                                           "boardPrompt": "Select board", "slotHeight": "125",
                                           "slotScale": "0.2", "slotWidth": "350", "title": "Choose Boards"})
    for board in vm.boards:
        b = ET.SubElement(picker, BOARD_TAG, {"color": "255,255,255", "height": str(board.height),
                                              "image": board.image, "name": board.name,
                                              "reversible": "false", "width": str(board.width)})
        if board.zones:
            zg = ET.SubElement(b, ZONED_TAG)
            for zone in board.zones:
                z = ET.SubElement(zg, ZONE_TAG, {
                    "highlightProperty": "", "locationFormat": "$gridLocation$" if zone.grid else "$name$",
                    "name": zone.name, "path": ";".join(f"{x},{y}" for x, y in zone.path),
                    "useHighlight": "false", "useParentGrid": "false"})
                if zone.grid is not None:
                    _grid_element(z, zone.grid)
            if board.grid is not None:
                _grid_element(zg, board.grid)
        elif board.grid is not None:
            _grid_element(b, board.grid)
    ET.SubElement(m, B + "module.map.StackMetrics", {"bottom": "", "disabled": "false", "down": "", "exSepX": "6",
                                                     "exSepY": "18", "top": "", "unexSepX": "3", "unexSepY": "3",
                                                     "up": ""})
    ET.SubElement(m, B + "module.map.ForwardToKeyBuffer")
    ET.SubElement(m, B + "module.map.Scroller")
    ET.SubElement(m, B + "module.map.ForwardToChatter")
    ET.SubElement(m, B + "module.map.MenuDisplayer")
    ET.SubElement(m, B + "module.map.MapCenterer")
    ET.SubElement(m, B + "module.map.StackExpander")
    ET.SubElement(m, B + "module.map.PieceMover")
    ET.SubElement(m, B + "module.map.KeyBufferer")
    ET.SubElement(m, B + "module.map.SelectionHighlighters")
    ET.SubElement(m, B + "module.map.HighlightLastMoved", {"color": "255,0,0", "enabled": "true", "thickness": "2"})
    ET.SubElement(m, B + "module.map.CounterDetailViewer", {"delay": "700", "display": "from top-most layer only",
                                                            "showgraph": "true", "zoomlevel": "1.0"})
    ET.SubElement(m, B + "module.map.Zoomer", {"zoomLevels": "0.25,0.5,0.75,1.0,1.5,2.0", "zoomStart": "4"})
    for stack in vm.stacks:
        s = ET.SubElement(m, SETUP_STACK_TAG, {"location": stack.location, "name": stack.name,
                                               "owningBoard": stack.board,
                                               "useGridLocation": _bool(stack.use_grid_location),
                                               "x": str(stack.x), "y": str(stack.y)})
        for slot in stack.slots:
            _slot_element(s, slot)
    if vm.piece_lists:
        window = ET.SubElement(root, PIECE_WINDOW_TAG, {"defaultWidth": "0", "hidden": "false", "hotkey": "",
                                                        "icon": "", "name": "Counters", "scale": "1.0",
                                                        "text": "Counters", "tooltip": "Counters"})
        tabs = ET.SubElement(window, TAB_TAG, {"entryName": "Counters"})
        for pl in vm.piece_lists:
            lst = ET.SubElement(tabs, LIST_TAG, {"divider": "150", "entryName": pl.name, "height": "0",
                                                 "scale": "1.0", "width": "0"})
            for slot in pl.slots:
                _slot_element(lst, slot)
    for die in vm.dice:
        ET.SubElement(root, DICE_TAG, {"addToTotal": "0", "hotkey": "", "icon": "", "keepCount": "1",
                                       "keepDice": "false", "keepOption": ">", "lockAdd": "false",
                                       "lockDice": "false", "lockPlus": "false", "lockSides": "false",
                                       "nDice": str(die.n_dice), "nSides": str(die.n_sides), "name": die.name,
                                       "plus": "0", "prompt": "false",
                                       "reportFormat": "** $name$ = $result$ *** <$PlayerName$>",
                                       "reportTotal": "false", "sortDice": "false", "text": die.name,
                                       "tooltip": f"Roll {die.name}"})
    if vm.charts:
        cw = ET.SubElement(root, CHART_WINDOW_TAG, {"description": "", "hotkey": "", "icon": "", "name": "Charts",
                                                    "text": "Charts", "tooltip": "Charts and tables"})
        tabs = ET.SubElement(cw, TAB_TAG, {"entryName": "Charts"})
        for chart in vm.charts:
            ET.SubElement(tabs, CHART_TAG, {"chartName": chart.name, "description": "", "fileName": chart.file})
    for setup in vm.setups:
        ET.SubElement(root, SETUP_TAG, {"description": "", "file": setup.file, "isMenu": "false",
                                        "name": setup.name, "useFile": _bool(setup.use_file)})
    ET.indent(root, "  ")
    return b'<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + bytes(ET.tostring(root, encoding="utf-8"))


def module_data_xml(vm: VassalModule, date_ms: int = 0) -> bytes:
    """``moduledata``: name, version and description VASSAL shows before opening the module."""
    root = ET.Element("data", {"version": "1"})
    for tag, text in (("version", vm.version), ("extra1", ""), ("extra2", ""), ("VassalVersion", VASSAL_VERSION),
                      ("dateSaved", str(date_ms)), ("description", vm.description), ("name", vm.name)):
        ET.SubElement(root, tag).text = text
    ET.indent(root, "  ")
    return b'<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + bytes(ET.tostring(root, encoding="utf-8"))


__all__ = [
    "Board", "Chart", "Die", "PieceList", "Setup", "SetupStack", "Slot", "VassalGrid", "VassalHexGrid",
    "VassalModule", "VassalNumbering", "Zone", "build_file_xml", "module_data_xml",
]
