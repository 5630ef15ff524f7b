"""Undo commands for counters, tables and scenarios: one class per edit, named verb + noun.

Each stores a deep copy of the entry before and after (``None`` when absent) and puts a
fresh copy back on redo/undo, so nothing the stack holds is ever shared with the module
(and the map document's snapshots of ``scenarios`` stay valid: entries are replaced,
never changed in place). A deleted entry comes back at its old place in the file.
Commands built with a ``merge_key`` merge with the previous one of the same class, entry
and key, so typing into one field is one undo step.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QUndoCommand

from .binding import PiecesBinding

_MERGE_BASE = 4100


def _copy(value: Any) -> Any:
    return None if value is None else value.model_copy(deep=True)


class SetEntry(QUndoCommand):
    """Set (or add, or delete) one entry of a keyed collection of the module."""

    path: tuple[str, ...] = ()
    kind: str = ""
    merge_offset: int = 0

    def __init__(self, binding: PiecesBinding, key: str, before: Any, after: Any, text: str = "",
                 merge_key: str | None = None):
        verb = "Add" if before is None else "Delete" if after is None else "Change"
        super().__init__(text or f"{verb} {self.kind.rstrip('s').replace('_', ' ')} {key}")
        self.binding = binding
        self.key = key
        self.before = _copy(before)
        self.after = _copy(after)
        self.merge_key = merge_key
        container = self._container()
        self.index = list(container).index(key) if key in container else None

    def _container(self) -> dict:
        obj: Any = self.binding.module
        for name in self.path:
            obj = getattr(obj, name)
        return obj

    def _put(self, value: Any, index: int | None) -> None:
        container = self._container()
        if value is None:
            container.pop(self.key, None)
        elif self.key in container or index is None:
            container[self.key] = _copy(value)
        else:  # back where it was
            items = list(container.items())
            items.insert(min(index, len(items)), (self.key, _copy(value)))
            container.clear()
            container.update(items)
        self.binding.notify(self.kind, self.key)

    def redo(self) -> None:
        self._put(self.after, None)

    def undo(self) -> None:
        self._put(self.before, self.index)

    def id(self) -> int:
        return _MERGE_BASE + self.merge_offset if self.merge_key is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if type(other) is not type(self) or other.key != self.key or other.merge_key != self.merge_key:
            return False
        self.after = _copy(other.after)
        return True


class SetPiece(SetEntry):
    path, kind, merge_offset = ("pieces", "pieces"), "pieces", 1


class SetSide(SetEntry):
    path, kind, merge_offset = ("pieces", "sides"), "sides", 2


class SetFormation(SetEntry):
    path, kind, merge_offset = ("pieces", "formations"), "formations", 3


class SetUnitType(SetEntry):
    path, kind, merge_offset = ("pieces", "unit_types"), "unit_types", 4


class SetMarker(SetEntry):
    path, kind, merge_offset = ("pieces", "markers"), "markers", 5


class SetChit(SetEntry):
    path, kind, merge_offset = ("pieces", "chits"), "chits", 6


class SetMovementClass(SetEntry):
    path, kind, merge_offset = ("pieces", "movement_classes"), "movement_classes", 10


class SetCrt(SetEntry):
    path, kind, merge_offset = ("tables", "crts"), "crts", 7


class SetLookup(SetEntry):
    path, kind, merge_offset = ("tables", "lookups"), "lookups", 8


class SetScenario(SetEntry):
    path, kind, merge_offset = ("scenarios",), "scenarios", 9


class SetTableValue(QUndoCommand):
    """Replace one of the single tables (terrain effects, turn track, victory)."""

    attr: str = ""
    merge_offset: int = 0

    def __init__(self, binding: PiecesBinding, before: Any, after: Any, text: str = "", merge_key: str | None = None):
        super().__init__(text or f"Change {self.attr.replace('_', ' ')}")
        self.binding = binding
        self.before = _copy(before)
        self.after = _copy(after)
        self.merge_key = merge_key

    def _put(self, value: Any) -> None:
        setattr(self.binding.module.tables, self.attr, _copy(value))
        self.binding.notify(self.attr, "*")

    def redo(self) -> None:
        self._put(self.after)

    def undo(self) -> None:
        self._put(self.before)

    def id(self) -> int:
        return _MERGE_BASE + self.merge_offset if self.merge_key is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if type(other) is not type(self) or other.merge_key != self.merge_key:
            return False
        self.after = _copy(other.after)
        return True


class SetTerrainEffects(SetTableValue):
    attr, merge_offset = "terrain_effects", 20


class SetTurnTrack(SetTableValue):
    attr, merge_offset = "turn_track", 21


class SetVictory(SetTableValue):
    attr, merge_offset = "victory", 22


class ImportPieces(QUndoCommand):
    """Create and update many units at once (a CSV import): one undo step."""

    def __init__(self, binding: PiecesBinding, pieces: dict, text: str = ""):
        super().__init__(text or f"Import {len(pieces)} units")
        self.binding = binding
        table = binding.module.pieces.pieces
        self.before = {k: _copy(v) for k, v in table.items()}
        self.after = dict(self.before)
        self.after.update({k: _copy(v) for k, v in pieces.items()})

    def _put(self, table: dict) -> None:
        pieces = self.binding.module.pieces.pieces
        pieces.clear()
        pieces.update({k: _copy(v) for k, v in table.items()})
        self.binding.notify("pieces", "*")

    def redo(self) -> None:
        self._put(self.after)

    def undo(self) -> None:
        self._put(self.before)


class SetPieceArt(QUndoCommand):
    """Give one face of a unit the designer's own picture: the image file joins the module's
    assets (``images/…``) and the step's ``image`` names it; undo takes both back."""

    def __init__(self, binding: PiecesBinding, piece_id: str, step: int, path: str | None, data: bytes | None):
        super().__init__(f"Set art of {piece_id} step {step + 1}" if path else f"Remove art of {piece_id} step {step + 1}")
        self.binding = binding
        self.piece_id = piece_id
        piece = binding.module.pieces.pieces[piece_id]
        self.before = _copy(piece)
        steps = [s.model_copy(deep=True) for s in piece.steps]
        steps[step] = steps[step].model_copy(update={"image": path})
        self.after = piece.model_copy(update={"steps": steps}, deep=True)
        self.assets_before = dict(binding.assets)
        self.assets_after = dict(binding.assets)
        if path is not None and data is not None:
            self.assets_after[path] = data

    def _put(self, piece, assets: dict[str, bytes]) -> None:
        self.binding.module.pieces.pieces[self.piece_id] = _copy(piece)
        self.binding.document.assets = dict(assets)
        self.binding.notify("pieces", self.piece_id)

    def redo(self) -> None:
        self._put(self.after, self.assets_after)

    def undo(self) -> None:
        self._put(self.before, self.assets_before)
