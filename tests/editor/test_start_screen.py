"""The start screen, the module library and opening files by double-click semantics (issue 15, item 2)."""

from __future__ import annotations

import hashlib
import os
import shutil

import pytest
from builders import play_module
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QMessageBox

from hexwright.runtime.engine import ENGINE
from hexwright.runtime.geometry import Hex
from hexwright.runtime.state import Game, save_game
from hexwright.runtime.state.library import Library
from hexwright.runtime.storage import pack_folder, save_module
from hexwright.runtime.storage.bundled import bundled_modules_dir
from hexwright.runtime.ui.app_settings import AppSettings

pytestmark = pytest.mark.gui


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXWRIGHT_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("HEXWRIGHT_RECOVERY_DIR", raising=False)
    return tmp_path / "home"


@pytest.fixture(scope="session")
def first_start(qapp, tmp_path_factory):
    """What a first start leaves in the user's folders, made once for the whole run: the bundled
    modules listed (``bundled.json``) and their thumbnails drawn into the cache folder."""
    from hexwright.editor.start_screen import cached_thumbnail
    from hexwright.runtime.state.library import files_stamp

    warm = tmp_path_factory.mktemp("first-start")
    before = os.environ.get("HEXWRIGHT_HOME")
    os.environ["HEXWRIGHT_HOME"] = str(warm)
    try:
        library = Library()
        for entry in library.bundled():
            path = library.path_of(entry)
            assert not cached_thumbnail(path, files_stamp(path)).isNull()
    finally:
        if before is None:
            os.environ.pop("HEXWRIGHT_HOME")
        else:
            os.environ["HEXWRIGHT_HOME"] = before
    return warm


@pytest.fixture
def screen(qtbot, home, first_start):
    """The start screen as on a second start (the bundled modules listed, thumbnails drawn before)."""
    from hexwright.editor.launcher import Launcher
    from hexwright.editor.start_screen import StartScreen

    shutil.copytree(first_start / "cache", home / "cache")
    (home / "data" / "library").mkdir(parents=True)
    shutil.copy(first_start / "data" / "library" / "bundled.json", home / "data" / "library")
    launcher = Launcher(Library(), AppSettings())
    window = StartScreen(launcher)
    launcher.parent = window
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: not window.thumbnails_pending(), timeout=120_000)  # listed and drawn in workers
    yield window
    for opened in launcher.windows:
        if hasattr(opened, "ask_unsaved"):
            opened.ask_unsaved = lambda: "discard"
        opened.close()


def _fingerprint(folder):
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _item(listing, text):
    found = [listing.item(i) for i in range(listing.count()) if text in listing.item(i).text()]
    assert len(found) <= 1
    return found[0] if found else None


def test_the_start_screen_shows_the_bundled_modules_with_map_thumbnails(screen):
    item = _item(screen.modules, "The Drive on Metz\n")
    assert "bundled" in item.text()
    pixmap = item.icon().pixmap(180, 180)
    assert not pixmap.isNull() and pixmap.width() > 100
    image = pixmap.toImage()
    colours = {image.pixelColor(x, y).name() for x in range(0, image.width(), 7) for y in range(0, image.height(), 7)}
    assert len(colours) > 5  # a drawn map, not a blank square


def test_a_thumbnail_is_the_map_filling_its_tile_not_a_sliver_beside_blank_furniture_room(screen):
    """Traces of Victory places its title and legend far right of the map (room for the play
    window's boxes): its thumbnail was a narrow strip of map in a mostly empty tile."""
    image = _item(screen.modules, "Traces of Victory\n").icon().pixmap(180, 180).toImage()
    assert max(image.width(), image.height()) == 180
    drawn = [x for x in range(image.width())
             if any(image.pixelColor(x, y).alpha() > 0 and image.pixelColor(x, y).name() != "#ffffff"
                    for y in range(0, image.height(), 3))]
    assert len(drawn) >= 0.9 * image.width() and image.width() > 0.7 * image.height()


def test_the_start_screen_shows_before_the_modules_are_read_and_draws_each_thumbnail_once(qtbot, home, tmp_path,
                                                                                          monkeypatch):
    """The window shows at once (the bundled modules are read, and their maps drawn, in workers);
    the thumbnails are kept in the cache folder, so the next start draws none."""
    import threading

    from hexwright.editor import start_screen
    from hexwright.editor.launcher import Launcher

    bundled = tmp_path / "bundled"
    for name in ("alpha", "beta"):
        module = play_module()
        module.meta.id, module.meta.title = name, name.title()
        save_module(module, bundled / name)
    gate, drawn = threading.Event(), []
    real = start_screen.thumbnail_image

    def slow(path, size=start_screen.THUMB):
        drawn.append(path)
        assert gate.wait(60)
        return real(path, size)

    monkeypatch.setattr(start_screen, "thumbnail_image", slow)
    first = start_screen.StartScreen(Launcher(Library(bundled=bundled), AppSettings()))
    qtbot.addWidget(first)
    first.show()
    qtbot.waitExposed(first)
    qtbot.waitUntil(lambda: _item(first.modules, "Alpha\n") is not None, timeout=60_000)
    placeholder = start_screen.placeholder().toImage()
    assert _item(first.modules, "Alpha\n").icon().pixmap(180, 180).toImage() == placeholder
    gate.set()
    qtbot.waitUntil(lambda: not first.thumbnails_pending(), timeout=60_000)
    assert sorted(p.name for p in drawn) == ["alpha", "beta"]  # each module once
    assert all(first.modules.item(i).icon().pixmap(180, 180).toImage() != placeholder for i in range(2))
    first.refresh()  # after opening something: no thumbnail drawn again
    assert not first.thumbnails_pending() and len(drawn) == 2
    first.close()
    again = start_screen.StartScreen(Launcher(Library(bundled=bundled), AppSettings()))  # the next start
    qtbot.addWidget(again)
    assert again.modules.count() == 2  # listed from bundled.json, before any event is handled
    qtbot.waitUntil(lambda: not again.thumbnails_pending(), timeout=60_000)
    assert len(drawn) == 2  # the thumbnails came from the cache folder
    assert _item(again.modules, "Beta\n").icon().pixmap(180, 180).toImage() != placeholder


def test_a_bundled_module_opens_read_only_and_saving_makes_a_copy_in_the_library(screen, qtbot, home):
    before = _fingerprint(bundled_modules_dir())
    item = _item(screen.modules, "The Drive on Metz\n")
    rect = screen.modules.visualItemRect(item)
    qtbot.mouseClick(screen.modules.viewport(), Qt.LeftButton, pos=rect.center())  # a double-click: press,
    qtbot.mouseDClick(screen.modules.viewport(), Qt.LeftButton, pos=rect.center())  # release, press again
    editor = screen.launcher.windows[-1]
    qtbot.waitExposed(editor)
    assert editor.file_actions.read_only()
    # paint one hex with the terrain brush, by mouse
    editor.canvas.set_zoom(1.0)
    target = Hex(3, 3)
    editor.canvas.centerOn(*editor.doc.names.layout.center(target))
    label = editor.doc.names.label(target)
    old = editor.doc.map.terrain_of(label)
    new = next(t for t in editor.doc.map.terrain_types if t != old)
    editor.settings.update(terrain=new, radius=0)
    pos = editor.canvas.mapFromScene(QPointF(*editor.doc.names.layout.center(target)))
    viewport = editor.canvas.viewport()
    qtbot.mouseMove(viewport, pos)
    qtbot.mousePress(viewport, Qt.LeftButton, pos=pos)
    qtbot.mouseRelease(viewport, Qt.LeftButton, pos=pos)
    assert editor.doc.map.terrain_of(label) == new and editor.doc.is_dirty
    # Save As into the bundled folder is refused; Save offers a copy
    shown = []
    QMessageBox.warning, saved_warning = (lambda *a: shown.append(a[1])), QMessageBox.warning
    try:
        assert not editor.file_actions.save_to(bundled_modules_dir() / "drive_on_metz")
    finally:
        QMessageBox.warning = saved_warning
    assert shown == ["Not saved"]
    editor.file_actions.ask_save_copy = lambda: True
    editor.activateWindow()
    qtbot.waitUntil(editor.isActiveWindow)
    qtbot.keyClick(editor.canvas, Qt.Key_S, Qt.ControlModifier)
    assert _fingerprint(bundled_modules_dir()) == before
    library = Library()
    [copy] = library.entries()
    assert copy.id == "drive_on_metz" and editor.doc.path == library.path_of(copy)
    assert not editor.file_actions.read_only() and not editor.doc.is_dirty
    screen.refresh()
    assert "library" in _item(screen.modules, "library").text()


def test_a_saved_game_finds_its_module_in_the_library(screen, qtbot, home, tmp_path):
    module = play_module()
    save_module(module, tmp_path / "src")
    Library().install(tmp_path / "src")
    game = Game(module, "basic", 11, engine=ENGINE)
    save_game(game, tmp_path / "game.hwsav")
    window = screen.open_path(tmp_path / "game.hwsav")
    qtbot.addWidget(window)
    assert window.game.module.meta.id == "play" and window.game.seed == 11
    assert window.files.save_path == tmp_path / "game.hwsav"
    screen.refresh()
    assert _item(screen.recent, "game.hwsav")


def test_a_saved_game_whose_module_is_missing_asks_for_it_and_installs_it(screen, qtbot, home, tmp_path):
    module = play_module()
    save_module(module, tmp_path / "src")
    pack_folder(tmp_path / "src", tmp_path / "play.hwmod")
    save_game(Game(module, "basic", 12, engine=ENGINE), tmp_path / "game.hwsav")
    asked = []
    screen.launcher.ask_install = lambda question: asked.append(question) or tmp_path / "play.hwmod"
    window = screen.open_path(tmp_path / "game.hwsav")
    qtbot.addWidget(window)
    assert asked and "'play'" in asked[0]
    assert [e.id for e in Library().entries()] == ["play"] and window.game.seed == 12


def test_a_file_that_is_not_hexwrights_is_a_message(screen, monkeypatch, tmp_path):
    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text: shown.append((title, text)))
    (tmp_path / "notes.txt").write_text("hello")
    assert screen.open_path(tmp_path / "notes.txt") is None
    [(title, text)] = shown
    assert title == "Cannot open this file" and "notes.txt" in text


def test_hexwright_file_hwsav_opens_the_game_with_no_path_to_its_module(qtbot, home, tmp_path, monkeypatch):
    """``hexwright FILE.hwsav`` (what a double-click runs): the command line dispatches the path,
    and the save's module comes from the library."""
    from PySide6.QtWidgets import QApplication

    from hexwright.editor import app, cli
    from hexwright.runtime.ui.play.play_window import PlayWindow

    module = play_module()
    save_module(module, tmp_path / "src")
    Library().install(tmp_path / "src")
    save_game(Game(module, "basic", 21, engine=ENGINE), tmp_path / "game.hwsav")
    monkeypatch.setattr(QApplication, "exec", lambda self: 0)
    monkeypatch.setattr(app, "install_safety_nets", lambda: None)  # the test runner keeps its own hooks
    before = {id(w) for w in QApplication.topLevelWidgets()}
    assert cli.main([str(tmp_path / "game.hwsav")]) == 0
    [window] = [w for w in QApplication.topLevelWidgets() if isinstance(w, PlayWindow) and id(w) not in before]
    qtbot.addWidget(window)
    assert window.game.seed == 21 and window.files.save_path == tmp_path / "game.hwsav"
    with pytest.raises(SystemExit) as exit_code:  # no such file: argparse names the commands
        cli.main([str(tmp_path / "missing.hwsav")])
    assert exit_code.value.code == 2


def test_a_saved_game_of_a_variant_finds_the_variant_and_its_base_in_the_library(screen, qtbot, home, tmp_path):
    """Issue 21: a variant installed in the library keeps its base beside it; its save opens by itself."""
    from variant_fixtures import manifest, write_variant

    module = play_module()
    save_module(module, tmp_path / "src" / "play")
    write_variant(tmp_path / "src" / "night", manifest("night", "play"),
                  {"scenarios/basic.json": {"last_turn": 1}})
    Library().install(tmp_path / "src" / "night")
    assert sorted(e.id for e in Library().entries()) == ["night", "play"]
    from hexwright.runtime.storage import load_module

    variant = load_module(tmp_path / "src" / "night").module
    save_game(Game(variant, "basic", 31, engine=ENGINE), tmp_path / "night.hwsav")
    window = screen.open_path(tmp_path / "night.hwsav")
    qtbot.addWidget(window)
    assert window.game.module.meta.id == "night" and window.game.seed == 31
    assert [layer.id for layer in window.game.module.layers] == ["play", "night"]
