"""Reading a ``.vmod``: a stranger's zip, checked before anything in it is trusted.

The archive is read in memory, never extracted by its own member names: members with
absolute paths, ``..``, links or odd characters are refused; the number of members, the
size of each and their total are bounded before decompression. ``buildFile.xml`` is parsed
without a DOCTYPE (no entities), and every attribute we use is checked, so bad input is a
:class:`VmodError` naming the file, the element and the field.
"""

from __future__ import annotations

import io
import re
import stat
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass

from . import vassal_module as vm
from .vassal_grid import VassalGrid, VassalHexGrid, VassalNumbering

MAX_MEMBERS = 20_000
MAX_MEMBER_BYTES = 64 * 1024 * 1024
MAX_TOTAL_BYTES = 512 * 1024 * 1024
MAX_BUILDFILE_BYTES = 32 * 1024 * 1024
MAX_DEPTH = 64
_SAFE_NAME = re.compile(r"^[^\x00-\x1f\\:*?\"<>|]+$")
IMAGE_SUFFIXES = (".png", ".gif", ".jpg", ".jpeg", ".svg", ".bmp")


class VmodError(ValueError):
    """A ``.vmod`` that cannot be read; the message names the file and the field."""


@dataclass
class VmodFile:
    """A read ``.vmod``: the module's buildFile as data and its images by name (``images/…`` stripped)."""

    module: vm.VassalModule
    images: dict[str, bytes]


def _safe_member(name: str) -> bool:
    if not name or name.startswith("/") or len(name) > 400 or not _SAFE_NAME.match(name):
        return False
    return all(part not in ("", ".", "..") for part in name.rstrip("/").split("/"))


def read_zip(data: bytes, source: str) -> dict[str, bytes]:
    """Every regular member of the archive by name, after the checks above."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, ValueError) as exc:
        raise VmodError(f"{source}: not a VASSAL module (not a zip archive: {exc})") from None
    with archive:
        infos = archive.infolist()
        if len(infos) > MAX_MEMBERS:
            raise VmodError(f"{source}: {len(infos)} members, more than the {MAX_MEMBERS} allowed")
        total = 0
        members: dict[str, bytes] = {}
        for info in infos:
            if info.is_dir():
                continue
            if not _safe_member(info.filename):
                raise VmodError(f"{source}: member {info.filename!r} has an unsafe name (absolute, '..' or odd "
                                f"characters)")
            mode = info.external_attr >> 16
            if mode and stat.S_ISLNK(mode):
                raise VmodError(f"{source}: member {info.filename!r} is a link")
            if info.file_size > MAX_MEMBER_BYTES:
                raise VmodError(f"{source}: member {info.filename!r} is larger than {MAX_MEMBER_BYTES} bytes")
            total += info.file_size
            if total > MAX_TOTAL_BYTES:
                raise VmodError(f"{source}: more than {MAX_TOTAL_BYTES} bytes uncompressed")
            if info.filename in members:
                raise VmodError(f"{source}: member {info.filename!r} appears twice")
            try:
                with archive.open(info) as f:
                    content = f.read(MAX_MEMBER_BYTES + 1)
            except (zipfile.BadZipFile, OSError, NotImplementedError, RuntimeError) as exc:
                raise VmodError(f"{source}: member {info.filename!r} cannot be read ({exc})") from None
            if len(content) > MAX_MEMBER_BYTES:
                raise VmodError(f"{source}: member {info.filename!r} is larger than it says")
            members[info.filename] = content
    return members


def parse_xml(data: bytes, name: str) -> ET.Element:
    if len(data) > MAX_BUILDFILE_BYTES:
        raise VmodError(f"{name}: larger than {MAX_BUILDFILE_BYTES} bytes")
    if b"<!DOCTYPE" in data or b"<!ENTITY" in data:
        raise VmodError(f"{name}: a DOCTYPE or entity declaration is not accepted")
    try:
        root = ET.fromstring(data)
    except ET.ParseError as exc:
        raise VmodError(f"{name}: not well-formed XML ({exc})") from None
    _check_depth(root, name)
    return root


def _check_depth(root: ET.Element, name: str) -> None:
    todo = [(root, 1)]
    while todo:
        el, depth = todo.pop()
        if depth > MAX_DEPTH:
            raise VmodError(f"{name}: elements nested more than {MAX_DEPTH} deep")
        todo.extend((child, depth + 1) for child in el)


class _Attrs:
    """Typed access to one element's attributes, with errors naming file, element and field."""

    def __init__(self, el: ET.Element, where: str):
        self.el = el
        self.where = f"{where}: <{el.tag.rsplit('.', 1)[-1]} name={el.get('name') or el.get('entryName') or ''!r}>"

    def text(self, key: str, default: str = "") -> str:
        return self.el.get(key, default)

    def _given(self, key: str, default: float | None) -> str | None:
        """The attribute's text, or None when it is absent and ``default`` stands (missing and no default: refused)."""
        raw = self.el.get(key)
        if raw is None or raw.strip() == "":
            if default is None:
                raise VmodError(f"{self.where} field {key!r}: missing")
            return None
        return raw.strip()

    def integer(self, key: str, default: int | None = None, low: int = -10**7, high: int = 10**7) -> int:
        raw = self._given(key, default)
        if raw is None:
            assert default is not None  # _given refuses a missing key without a default
            return default
        try:
            value = int(raw)
        except ValueError:
            raise VmodError(f"{self.where} field {key!r}: {raw!r} is not a whole number") from None
        if not low <= value <= high:
            raise VmodError(f"{self.where} field {key!r}: {value} is outside {low}..{high}")
        return value

    def number(self, key: str, default: float | None = None) -> float:
        raw = self._given(key, default)
        if raw is None:
            assert default is not None  # as in integer()
            return default
        try:
            value = float(raw)
        except ValueError:
            raise VmodError(f"{self.where} field {key!r}: {raw!r} is not a number") from None
        if not (0 < value < 10**6):
            raise VmodError(f"{self.where} field {key!r}: {value} must be a positive number")
        return value

    def flag(self, key: str, default: bool = False) -> bool:
        raw = self.el.get(key)
        return default if raw is None else raw.strip().lower() == "true"

    def letter(self, key: str, allowed: str, default: str) -> str:
        raw = (self.el.get(key) or default)[:1]
        if raw not in allowed:
            raise VmodError(f"{self.where} field {key!r}: {raw!r} is not one of {', '.join(allowed)}")
        return raw


def _hex_grid(el: ET.Element, where: str) -> VassalGrid:
    a = _Attrs(el, where)
    dy = a.number("dy", 64.0)
    dx = a.number("dx", dy * (3 ** 0.5) / 2)
    grid = VassalHexGrid(x0=a.integer("x0", 0), y0=a.integer("y0", 32), dx=dx, dy=dy, sideways=a.flag("sideways"))
    numbering = VassalNumbering()
    for child in el:
        if child.tag.endswith("HexGridNumbering"):
            n = _Attrs(child, where)
            numbering = VassalNumbering(
                first="V" if n.letter("first", "HV", "H") == "V" else "H",
                sep=n.text("sep")[:8],
                h_type="A" if n.letter("hType", "NA", "N") == "A" else "N",
                v_type="A" if n.letter("vType", "NA", "N") == "A" else "N",
                h_leading=n.integer("hLeading", 1, 0, 8), v_leading=n.integer("vLeading", 1, 0, 8),
                h_off=n.integer("hOff", 1), v_off=n.integer("vOff", 1), stagger=n.flag("stagger", True),
                h_descend=n.flag("hDescend"), v_descend=n.flag("vDescend"))
    return VassalGrid(grid, numbering)


def _path(text: str, where: str) -> list[tuple[int, int]]:
    points: list[tuple[int, int]] = []
    for part in text.split(";"):
        xy = part.split(",")
        if len(xy) != 2:
            continue
        try:
            points.append((int(xy[0].strip()), int(xy[1].strip())))
        except ValueError:
            raise VmodError(f"{where} field 'path': {part!r} is not x,y in whole pixels") from None
    return points


def _board(el: ET.Element, where: str, other: list[str]) -> vm.Board:
    a = _Attrs(el, where)
    board = vm.Board(name=a.text("name", "Board"), image=a.text("image"), width=a.integer("width", 0, 0, 10**6),
                     height=a.integer("height", 0, 0, 10**6))
    for child in el:
        tag = child.tag.rsplit(".", 1)[-1]
        if tag == "HexGrid":
            board.grid = _hex_grid(child, where)
        elif tag == "ZonedGrid":
            for z in child:
                ztag = z.tag.rsplit(".", 1)[-1]
                if ztag == "Zone":
                    za = _Attrs(z, where)
                    zone = vm.Zone(name=za.text("name"), path=_path(za.text("path"), za.where))
                    for g in z:
                        gtag = g.tag.rsplit(".", 1)[-1]
                        if gtag == "HexGrid":
                            zone.grid = _hex_grid(g, where)
                        elif gtag.endswith("Grid"):
                            other.append(f"{gtag} in zone {zone.name!r} (only hex grids are carried)")
                    board.zones.append(zone)
                elif ztag == "HexGrid":
                    board.grid = _hex_grid(z, where)
                elif ztag.endswith("Grid"):
                    other.append(f"{ztag} on board {board.name!r} (only hex grids are carried)")
        elif tag.endswith("Grid"):
            other.append(f"{tag} on board {board.name!r} (only hex grids are carried)")
    return board


def _slot(el: ET.Element, where: str, gpid: int) -> vm.Slot:
    a = _Attrs(el, where)
    return vm.Slot(name=a.text("entryName"), gpid=a.integer("gpid", gpid), definition=(el.text or "").strip(),
                   width=a.integer("width", 0, 0, 10**5), height=a.integer("height", 0, 0, 10**5))


def _iter(el: ET.Element, tag_end: str) -> Iterator[ET.Element]:
    for child in el.iter():
        if child.tag.endswith(tag_end):
            yield child


KNOWN_TOP = {"BasicCommandEncoder", "Documentation", "PlayerRoster", "GlobalOptions", "Chatter", "KeyNamer",
             "PrototypesContainer", "GlobalProperties", "Map", "PieceWindow", "DiceButton", "ChartWindow",
             "PredefinedSetup", "GamePieceImageDefinitions", "Language", "ToolbarMenu", "TurnTracker",
             "NotesWindow", "Inventory", "MultiActionButton", "DoActionButton"}


def parse_build_file(data: bytes, name: str = "buildFile.xml") -> vm.VassalModule:
    root = parse_xml(data, name)
    if root.tag not in (vm.MODULE_TAG, "VASSAL.launch.BasicModule"):
        raise VmodError(f"{name}: the root element is <{root.tag}>, not a VASSAL GameModule")
    a = _Attrs(root, name)
    module = vm.VassalModule(name=a.text("name", "VASSAL module"), version=a.text("version", "1.0"),
                             description=a.text("description"))
    other = module.other_components
    maps = [c for c in root if c.tag.endswith("module.Map")]
    for child in root:
        tag = child.tag.rsplit(".", 1)[-1]
        if tag not in KNOWN_TOP:
            other.append(tag)
    for extra in maps[1:]:
        other.append(f"map {extra.get('mapName', '')!r} (only the first map is carried)")
    for c in root:
        if c.tag.endswith(("PrivateMap", "PlayerHand")):
            other.append(f"{c.tag.rsplit('.', 1)[-1]} {c.get('mapName', '')!r}")
    gpid = 0
    if maps:
        main = maps[0]
        module.map_name = main.get("mapName", "Main Map")
        for board_el in _iter(main, "boardPicker.Board"):
            module.boards.append(_board(board_el, name, other))
        for stack_el in main:
            if not stack_el.tag.endswith("SetupStack"):
                continue
            sa = _Attrs(stack_el, name)
            stack = vm.SetupStack(name=sa.text("name"), board=sa.text("owningBoard"), x=sa.integer("x", 0),
                                  y=sa.integer("y", 0), location=sa.text("location"),
                                  use_grid_location=sa.flag("useGridLocation"))
            for slot_el in _iter(stack_el, "PieceSlot"):
                gpid += 1
                stack.slots.append(_slot(slot_el, name, gpid))
            module.stacks.append(stack)
    for window in (c for c in root if c.tag.endswith("PieceWindow")):
        for list_el in window.iter():
            slots = [s for s in list_el if s.tag.endswith("PieceSlot")]
            if not slots:
                continue
            pl = vm.PieceList(name=list_el.get("entryName") or list_el.get("name") or window.get("name") or "Pieces")
            for slot_el in slots:
                gpid += 1
                pl.slots.append(_slot(slot_el, name, gpid))
            module.piece_lists.append(pl)
    for die_el in (c for c in root if c.tag.endswith("module.DiceButton")):
        d = _Attrs(die_el, name)
        module.dice.append(vm.Die(name=d.text("name", "Dice"), n_dice=d.integer("nDice", 1, 1, 100),
                                  n_sides=d.integer("nSides", 6, 2, 1000)))
    for chart_el in _iter(root, "widget.Chart"):
        module.charts.append(vm.Chart(name=chart_el.get("chartName", ""), file=chart_el.get("fileName", "")))
    for setup_el in (c for c in root if c.tag.endswith("PredefinedSetup")):
        s = _Attrs(setup_el, name)
        module.setups.append(vm.Setup(name=s.text("name"), use_file=s.flag("useFile"), file=s.text("file")))
    return module


def read_vmod(data: bytes, source: str = "module.vmod") -> VmodFile:
    """Read a ``.vmod`` from its bytes; raises :class:`VmodError` naming what is wrong."""
    members = read_zip(data, source)
    build = members.get("buildFile.xml", members.get("buildFile"))
    if build is None:
        raise VmodError(f"{source}: no buildFile.xml in the archive (not a VASSAL module)")
    module = parse_build_file(build, f"{source}/buildFile.xml")
    images = {name[len("images/"):]: content for name, content in members.items()
              if name.startswith("images/") and name.lower().endswith(IMAGE_SUFFIXES)}
    return VmodFile(module, images)
