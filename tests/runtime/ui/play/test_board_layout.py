"""Where counters, boxes and tracks are drawn (plain Python, no Qt)."""

from builders import play_module

from hexwright.runtime.state import AddMarker, Eliminate, Location, MovePieces, apply, initial_state
from hexwright.runtime.ui.play.board_layout import board_layout, hex_center, region_contents


def test_stacks_are_offset_and_expanded_stacks_fan_out():
    module = play_module()
    state = initial_state(module, "basic", 1)
    board = board_layout(module, state)
    a, b = [p for p in board.placed if p.at == Location.hex("0202")]
    cx, cy = hex_center(module, "0202")
    assert (a.id, b.id) == ("blue-1", "blue-2") and b.z > a.z
    assert b.x > a.x and b.y < a.y  # up and to the right
    assert abs((a.x + b.x) / 2 - cx) < 1e-9 and abs((a.y + b.y) / 2 - cy) < 1e-9
    fanned = board_layout(module, state, expanded=Location.hex("0202"))
    a2, b2 = [p for p in fanned.placed if p.at == Location.hex("0202")]
    assert b2.x - a2.x > board.counter and a2.y == b2.y


def test_boxes_piles_and_track_spaces_are_drop_targets():
    module = play_module()
    state = initial_state(module, "basic", 1)
    board = board_layout(module, state)
    titles = [r.title for r in board.regions]
    assert titles[:3] == ["Blue reinforcements", "Chit cup", "Eliminated"]
    assert "Exited the map" in titles and "Not in play" in titles
    reinf = board.region_of(Location.box("blue-reinf"))
    assert [p.id for p in region_contents(board, reinf)] == ["blue-3"]
    assert board.region_at(*reinf.center) == reinf
    space = board.region_of(Location.track("turns", 0))
    assert [p.id for p in region_contents(board, space)] == ["turn#1"]
    _left, _top, right, bottom = board.bounds()
    assert right > board.map_width and bottom > board.map_height


def test_a_module_eliminated_box_shows_the_pile_for_its_side():
    module = play_module()
    state = initial_state(module, "basic", 1)
    state, _ = apply(module, state, Eliminate(pieces=("red-1",)))
    board = board_layout(module, state)
    dead = next(r for r in board.regions if r.title == "Eliminated")
    assert dead.at == Location.off("eliminated") and dead.key == "box:dead"
    assert [p.id for p in region_contents(board, dead)] == ["red-1"]
    assert sum(1 for r in board.regions if r.at == Location.off("eliminated")) == 1


def test_boxes_grow_with_their_contents():
    module = play_module()
    state = initial_state(module, "basic", 1)
    before = board_layout(module, state).region_of(Location.box("blue-reinf")).height
    for pid in ("blue-1", "blue-2", "red-1", "red-2"):
        state, _ = apply(module, state, MovePieces(pieces=(pid,), to=Location.box("blue-reinf")))
    state, _ = apply(module, state, AddMarker(marker="control", at=Location.box("blue-reinf")))
    board = board_layout(module, state)
    assert board.region_of(Location.box("blue-reinf")).height > before
    assert len(region_contents(board, board.region_of(Location.box("blue-reinf")))) == 6
