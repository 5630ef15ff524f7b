"""Undo commands, one per file, named verb + noun. Each stores exactly what it touched."""

from .change_grid_settings import ChangeGridSettings
from .change_palette_type import ChangePaletteType
from .delete_level import DeleteLevel
from .delete_palette_type import DeletePaletteType
from .delete_region import DeleteRegion
from .erase_hexes import EraseHexes
from .import_pieces import ImportPieces
from .import_terrain import ImportTerrain
from .lay_connection import LayConnection
from .paint_terrain import PaintTerrain
from .paste_region import PasteRegion
from .place_feature import PlaceFeature
from .remove_connection import RemoveConnection
from .rename_id import RenameId
from .resize_map import ResizeMap
from .restore_recovery import RestoreRecovery
from .save_area import SaveArea
from .save_box import SaveBox
from .save_track import SaveTrack
from .set_entry import SetEntry
from .set_hex_name import SetHexName
from .set_level import SetLevel
from .set_levels import SetLevels
from .set_map_style import SetMapStyle
from .set_module_meta import SetModuleMeta
from .set_piece_art import SetPieceArt
from .set_provenance import SetProvenance
from .set_rules import SetRules
from .set_table import SetTable
from .set_underlay import SetUnderlay
from .shift_level import ShiftLevel
from .toggle_hexside_feature import ToggleHexsideFeature

__all__ = [
    "ChangeGridSettings",
    "ChangePaletteType",
    "DeleteLevel",
    "DeletePaletteType",
    "DeleteRegion",
    "EraseHexes",
    "ImportPieces",
    "ImportTerrain",
    "LayConnection",
    "PaintTerrain",
    "PasteRegion",
    "PlaceFeature",
    "RemoveConnection",
    "RenameId",
    "ResizeMap",
    "RestoreRecovery",
    "SaveArea",
    "SaveBox",
    "SaveTrack",
    "SetEntry",
    "SetHexName",
    "SetLevel",
    "SetLevels",
    "SetMapStyle",
    "SetModuleMeta",
    "SetPieceArt",
    "SetProvenance",
    "SetRules",
    "SetTable",
    "SetUnderlay",
    "ShiftLevel",
    "ToggleHexsideFeature",
]
