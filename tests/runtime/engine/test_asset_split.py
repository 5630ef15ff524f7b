"""The assets of a battalion that broke down (``asset_split`` frames, after St-Lô 12.2.5), on the
synthetic ``tactical_module``: an asset no company may take goes back to its division, and the
owner then places the others. (The choice itself: test_reorganization.py.)"""

from __future__ import annotations

from operations_modules import rigged, tactical_module

from hexwright.runtime.engine import AssignAsset, Choose, Roll, apply, engine_state, legal_actions


def test_12_2_5_an_asset_no_company_may_take_goes_back_to_its_division_and_the_owner_places_the_rest():
    """The battalion holds an engineer and a major; a company may take one major and no engineer:
    the engineer goes to its division's box at once (logged), then blue places the major, which
    waits in the companies' hex meanwhile."""
    from builders import add_unit

    from hexwright.runtime.model import Box, UnitType
    from hexwright.runtime.model.rules_config import AssetRules
    from hexwright.runtime.state import Location, MovePieces, initial_state
    from hexwright.runtime.state import apply as state_apply

    m = tactical_module()
    m.pieces.unit_types |= {
        "major": UnitType(name="Major asset", symbol="armor", movement_class="foot", exerts_zoc=False),
        "engineer": UnitType(name="Engineer asset", symbol="engineer", movement_class="foot", exerts_zoc=False)}
    add_unit(m, "e1", "blue", "engineer", combat=0, movement=3, formation="b_green")
    add_unit(m, "t1", "blue", "major", combat=0, movement=3, formation="b_green")
    m.map.boxes["b_assets"] = Box(name="Blue assets", kind="holding", side="blue")
    m.map.boxes["b_hold"] = Box(name="Blue holding", kind="holding", side="blue")
    m.rules.assets = AssetRules(classes={"major": "major", "engineer": "engineer"},
                                limits={"I": {"major": 1, "engineer": 0}, "II": {"major": 3, "engineer": 1}},
                                division_boxes={"b_green": "b_assets"}, holding_boxes={"b_green": "b_hold"})
    s = initial_state(m, "ops", 1)
    s, _ = state_apply(m, s, MovePieces(pieces=("e1", "t1"), to=Location.hex("0303")))
    data = engine_state(s)
    s = s.model_copy(update={"engine": data.model_copy(update={"seq": data.seq.model_copy(
        update={"attached": {"e1": "b_bn", "t1": "b_bn"}})})})
    s, _ = apply(m, s, Choose(option="activate", target="b_hq"))
    s, _ = apply(m, rigged(s, 1), Roll())
    s, entry = apply(m, s, Choose(option="breakdown"))
    assert "Blue e1 " in entry.text and "no company may take it, back to its division" in entry.text
    assert s.pieces["e1"].at == Location.box("b_assets") and "e1" not in engine_state(s).seq.attached
    assert s.pieces["e1"].step == 0  # one printed step: no "To Division" face to turn to (5.1)
    assert s.hex_of("t1") == "0303"  # not an orphan of an eliminated unit (5.3): it waits with the companies
    assert legal_actions(m, s) == [AssignAsset(asset="t1", unit=u) for u in ("s1", "s2", "s3")]
    s, _ = apply(m, s, AssignAsset(asset="t1", unit="s1"))
    assert engine_state(s).seq.attached == {"t1": "s1"} and engine_state(s).top is None
