"""The module format can say what the three rulebooks need, and refuses what it cannot mean."""

import json
from pathlib import Path

import pytest
from builders import small_module
from pydantic import ValidationError

from hexwright.runtime.model import (
    CombatEffect,
    CombatResultsTable,
    CrtColumn,
    HexData,
    HexFeature,
    Labels,
    Placement,
    Provenance,
    ResultCode,
    StepValues,
    TerrainEffects,
    WeatherCosts,
)
from hexwright.runtime.model.schema import schemas
from hexwright.runtime.storage import files_from_module, module_from_files

ROOT = Path(__file__).resolve().parents[3]


def test_costs_accept_numbers_fractions_all_and_prohibited():
    effects = TerrainEffects(
        terrain={"clear": {"*": "2"}, "woods": {"mech": "4", "foot": "1/2"}},
        hexsides={"river": {"*": "all"}, "stream": {"*": "+1"}, "rhine": {"*": "prohibited"}},
        connections={"road": {"*": "1/3"}},
        weather={"mud": WeatherCosts(terrain={"clear": {"mech": "3"}})},
        combat={"woods": CombatEffect(shift=-2), "fortified": CombatEffect(shift=-3, defense_multiplier="3")},
        hexside_combat={"river": CombatEffect(attack_multiplier="1/2")},
        shift_mode="largest",
    )
    assert effects.hexsides["river"]["*"] == "all"


@pytest.mark.parametrize("bad", ["two", "1/", "-1", "all MF", ""])
def test_nonsense_costs_are_refused(bad):
    with pytest.raises(ValidationError):
        TerrainEffects(terrain={"clear": {"*": bad}})


def test_st_lo_values_fit_a_piece_step():
    step = StepValues(combat=3, anti_tank=1, morale=5, action_points=4, support=6, defensive=4,
                      long_range=3, fire_missions=2, extra={"ia_side": "IA"})
    assert step.morale == 5


def test_cathedral_has_its_own_observation_level():
    hex_data = HexData(terrain="hedgerow", level=5, features=[HexFeature(type="cathedral", observation_level=7)])
    assert hex_data.features[0].observation_level == 7


def test_reconstructed_values_carry_their_clue():
    hex_data = HexData(terrain="woods", provenance=Provenance(clue="Figure 7: 0507 is woods and fortified"))
    assert hex_data.provenance.reconstructed


def test_placement_needs_exactly_one_place():
    with pytest.raises(ValidationError, match="exactly one"):
        Placement(piece="x", hex="0101", box="a")
    with pytest.raises(ValidationError, match="exactly one"):
        Placement(piece="x")


def test_odds_crt_with_modified_rows_beyond_one_to_six():
    crt = CombatResultsTable(
        name="CRT", kind="odds", columns=[CrtColumn(label="1:2", min="1/2", max="1/2"), CrtColumn(label="10:1", min="10")],
        rows=[0, 1, 2, 3, 4, 5, 6, 7], cells=[["AE", "DE"]] * 8,
        results={"AE": ResultCode(name="Attacker eliminated"), "DE": ResultCode(name="Defender eliminated")},
    )
    assert crt.rows[0] == 0 and crt.rows[-1] == 7


def test_alphabetic_labels_are_part_of_the_grid():
    assert Labels(kind="alpha", first_col=1).scheme().kind == "alpha"


def test_ids_with_spaces_are_refused():
    module = small_module()
    files = files_from_module(module)
    raw = json.loads(files["pieces.json"])
    raw["sides"]["two words"] = raw["sides"]["blue"]
    files["pieces.json"] = json.dumps(raw).encode()
    with pytest.raises(Exception, match="sides.two words"):
        module_from_files(files)


def test_committed_json_schemas_are_current():
    for name, schema in schemas().items():
        committed = json.loads((ROOT / "resources" / "schema" / name).read_text("utf-8"))
        assert committed == schema, f"resources/schema/{name} is stale: run `hexwright schema`"


def test_marker_count_is_bounded_so_a_counter_sheet_stays_printable():
    from hexwright.runtime.model import Marker, MarkerFace

    assert Marker(name="Control", faces=[MarkerFace(text="C")], count=1000).count == 1000
    with pytest.raises(ValidationError, match="count"):
        Marker(name="Control", faces=[MarkerFace(text="C")], count=10**9)


def test_a_module_without_a_map_style_is_drawn_classic_and_saves_as_before():
    from hexwright.runtime.model import resolve_style

    module = small_module()
    assert module.map.style.base == "classic"
    assert resolve_style(module.map.style).terrain == "hexes"
    files = files_from_module(module)
    assert "style" not in json.loads(files["map.json"]) and "place_names" not in json.loads(files["map.json"])


def test_map_style_choice_tweaks_and_place_names_round_trip():
    from hexwright.runtime.model import PlaceName, StyleChoice, StyleTweaks, resolve_style

    module = small_module()
    module.map.style = StyleChoice(base="modern", tweaks=StyleTweaks(colors={"water": "#224488"}, line_scale=2.0,
                                                                     terrain_colors={"woods": "#336633"}))
    module.map.place_names = [PlaceName(text="Hill 192", hex="0203", kind="hill", height=192)]
    again = module_from_files(files_from_module(module)).module
    assert again.map.style == module.map.style and again.map.place_names == module.map.place_names
    style = resolve_style(again.map.style)
    assert style.terrain == "natural" and style.palette.water == "#224488"
    assert style.palette.terrain["woods"] == "#336633"
    assert style.lines.roads == pytest.approx(2 * resolve_style(StyleChoice(base="modern")).lines.roads)
    assert resolve_style(again.map.style, "classic").terrain == "hexes"  # render --style overrides the base


def test_unknown_style_palette_entry_and_built_in_are_refused():
    from hexwright.runtime.model import StyleChoice, StyleTweaks, resolve_style

    with pytest.raises(ValidationError, match="colors"):
        StyleTweaks(colors={"sky": "#ffffff"})
    with pytest.raises(ValidationError, match="base"):
        StyleChoice(base="baroque")
    with pytest.raises(ValueError, match="unknown map style 'baroque'"):
        resolve_style(StyleChoice(), "baroque")


def test_validation_names_place_names_on_missing_hexes_and_colours_of_missing_terrain():
    from hexwright.runtime.model import PlaceName, StyleChoice, StyleTweaks
    from hexwright.runtime.validation import check_module

    module = small_module()
    module.map.place_names = [PlaceName(text="Nowhere", hex="9999")]
    module.map.style = StyleChoice(tweaks=StyleTweaks(terrain_colors={"lava": "#ff0000"}))
    issues = {(i.file, i.field) for i in check_module(module)}
    assert ("map.json", "place_names.0.hex") in issues
    assert ("map.json", "style.tweaks.terrain_colors.lava") in issues
