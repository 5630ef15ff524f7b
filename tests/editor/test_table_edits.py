"""Table edits as plain functions (editor.edits.crt, .lookup, .terrain_effects, .oob):
row and column edits of tables, validated, with their undo texts — no Qt, no undo stack."""

from __future__ import annotations

import pytest
from builders import tables_module

from hexwright.editor.edits import crt, lookup, oob, terrain_effects
from hexwright.editor.edits.outcome import EditRefused, with_fields
from hexwright.runtime.model import Module


@pytest.fixture
def module() -> Module:
    return tables_module()


def test_crt_cell_and_its_clue(module):
    table = module.tables.crts["dom"]
    edit = crt.with_cell(table, 0, 1, " D2 ")
    assert edit.value.cells[0][1] == "D2" and edit.text == "Set CRT cell 1/0"
    assert module.tables.crts["dom"].cells[0][1] == "D1"  # the module is not changed
    grown = crt.with_cell(table, 6, 0, "A1").value  # past the last row: the grid grows
    assert grown.cells[6] == ["A1"]
    clued = crt.with_cell_clue_of(table, 1, "0", "from the 2nd edition").value
    assert any(c.row == 1 and c.column == "0" and c.clue == "from the 2nd edition" for c in clued.reconstructed_cells)
    assert crt.with_cell_clue_of(clued, 1, "0", " ").text == "Clear clue of CRT cell 1/0"


def test_crt_die_rows_cut_or_fill_the_grid(module):
    table = module.tables.crts["dom"]
    fewer = crt.with_rows("dom", table, "1-3").value
    assert fewer.rows == [1, 2, 3] and len(fewer.cells) == 3
    more = crt.with_rows("dom", table, "0, 1-7").value
    assert more.rows == [0, 1, 2, 3, 4, 5, 6, 7] and more.cells[-1] == ["-"] * 8  # filled with the first code
    with pytest.raises(EditRefused, match="^Die rows: give at least one die row$"):
        crt.with_rows("dom", table, " , ")
    with pytest.raises(EditRefused, match="^Die rows: "):
        crt.with_rows("dom", table, "one")
    assert crt.parse_rows("-1, 0, 1-3") == [-1, 0, 1, 2, 3]


def test_crt_columns_added_renamed_and_removed(module):
    table = module.tables.crts["odds"]
    wider = crt.with_column_added("odds", table).value
    assert [c.label for c in wider.columns][-1] == "col 5" and all(len(r) == 5 and r[-1] == "AE" for r in wider.cells)
    renamed = crt.with_column_field("odds", wider, 4, "min", " 4 ").value
    assert renamed.columns[4].min == "4"
    assert crt.with_column_field("odds", renamed, 4, "min", "").value.columns[4].min is None  # empty: no bound
    narrower = crt.without_last_column("odds", renamed)
    assert narrower is not None and narrower.value == table
    one = table.model_copy(update={"columns": table.columns[:1], "cells": [r[:1] for r in table.cells]})
    assert crt.without_last_column("odds", one) is None  # a table keeps one column


def test_crt_result_codes_renamed_everywhere_and_checked(module):
    table = module.tables.crts["odds"]
    renamed = crt.with_result_field("odds", table, 0, "code", "AX").value  # AE → AX
    assert "AX" in renamed.results and "AE" not in renamed.results and renamed.cells[0][0] == "AX"
    with pytest.raises(EditRefused, match="'AR' is empty or already defined"):
        crt.with_result_field("odds", table, 0, "code", "AR")
    effects = crt.with_result_field("odds", table, 1, "effects", "defender retreat 2").value
    assert [(e.who, e.what, e.amount) for e in effects.results["AR"].effects] == [("defender", "retreat", 2)]
    with pytest.raises(EditRefused, match="^Effects of AR: "):
        crt.with_result_field("odds", table, 1, "effects", "nobody dances")
    assert crt.with_result_field("odds", table, 1, "name", "Back off").value.results["AR"].name == "Back off"
    added = crt.with_result_added("odds", table).value
    assert added.results["R1"].name == "Result 1"
    removed = crt.without_result("odds", added, len(added.results) - 1)
    assert removed is not None and removed.value == table and crt.without_result("odds", table, 99) is None


def test_crt_issues_name_a_cell_with_an_undefined_code(module):
    module.tables.crts["dom"] = crt.with_cell(module.tables.crts["dom"], 0, 0, "ZZ").value
    issues = crt.crt_issues(module, "dom")
    assert issues and all(i.startswith("crts.dom") for i in issues) and any("ZZ" in i for i in issues)
    assert crt.new_crt().results["-"].name == "No effect"


def test_lookup_columns_cells_rows_and_new_tables(module):
    table = module.tables.lookups["weather"]
    two = lookup.with_columns("weather", table, "Sep | Oct").value
    assert two.columns == ["Sep", "Oct"] and all(len(r.cells) == 2 for r in two.rows)
    keyed = lookup.with_cell("weather", table, 2, 0, " 6 ").value
    assert keyed.rows[2].key == "6"
    assert lookup.with_cell("weather", table, 0, 3, "Mud").value.rows[0].cells[2] == "Mud"
    longer = lookup.with_row_added("weather", table).value
    assert longer.rows[-1].key == "4" and longer.rows[-1].cells == ["", "", ""]
    shorter = lookup.without_last_row("weather", longer)
    assert shorter is not None and shorter.value == table
    empty = table.model_copy(update={"rows": []})
    assert lookup.without_last_row("weather", empty) is None
    assert lookup.with_cell_clue_of("weather", table, 0, "Oct", "guess").text == "Set clue of cell 1/Oct of weather"
    assert lookup.new_lookup("barrage").rows[0].key == "1"
    with pytest.raises(EditRefused, match="'bad id!' is not a valid id"):
        lookup.new_lookup("bad id!")


def test_terrain_costs_by_section_and_class(module):
    effects = module.tables.terrain_effects
    edit = terrain_effects.with_cost(effects, "woods", "mech", "4")
    assert edit.value.terrain["woods"]["mech"] == "4" and edit.text == "Set woods cost for mech"
    cleared = terrain_effects.with_cost(effects, "clear", "*", "").value
    assert "clear" not in cleared.terrain  # an empty row goes
    mud = terrain_effects.with_cost(effects, "clear", "foot", "2", section="weather:mud.terrain").value
    assert mud.weather["mud"].terrain["clear"]["foot"] == "2"
    with pytest.raises(EditRefused, match="got 'lots'"):
        terrain_effects.with_cost(effects, "woods", "mech", "lots")
    rail = terrain_effects.with_cost(effects, "railroad", "*", "bridge", section="connections").value
    assert rail.connections["railroad"]["*"] == "bridge"  # ToV 9.1: a railroad only bridges
    with pytest.raises(EditRefused, match="'bridge' is a cost of a road or rail only"):
        terrain_effects.with_cost(effects, "river", "*", "bridge", section="hexsides")
    assert terrain_effects.section_spec("weather:mud.hexsides") == (("weather", "mud", "hexsides"),
                                                                    "hexside_feature_types", None)


def test_terrain_combat_shift_mode_section_and_weather(module):
    effects = module.tables.terrain_effects
    assert terrain_effects.with_combat(effects, "rough", "shift=-1").value.combat["rough"].shift == -1
    assert "woods" not in terrain_effects.with_combat(effects, "woods", "").value.combat
    assert terrain_effects.with_combat(effects, "road", "shift=-1", section="connections") is None  # no combat column
    with pytest.raises(EditRefused):
        terrain_effects.with_combat(effects, "rough", "shift=lots")
    assert terrain_effects.with_shift_mode(effects, "cumulative").value.shift_mode == "cumulative"
    with pytest.raises(EditRefused, match="^shift_mode: "):
        terrain_effects.with_shift_mode(effects, "sometimes")
    assert terrain_effects.with_section_note(effects, "Table 2").value.section == "Table 2"
    assert "snow" in terrain_effects.with_weather(effects, " snow ").value.weather
    with pytest.raises(EditRefused, match="Give a new weather id."):
        terrain_effects.with_weather(effects, "mud")


def test_an_order_of_battle_cell_as_typed(module):
    edit = oob.with_cell(module, "us-cca-7", "setup", " C ")
    assert edit.value.setup == "C" and edit.text == "Change setup of us-cca-7"
    with pytest.raises(EditRefused, match="^us-cca-7, side: "):
        oob.with_cell(module, "us-cca-7", "side", "martians")


def test_fields_replaced_and_validated_as_a_whole(module):
    table = module.tables.crts["dom"]
    assert with_fields(table, {"name": "CRT"}).name == "CRT"
    with pytest.raises(EditRefused, match="^kind: "):
        with_fields(table, {"kind": "guess"})
