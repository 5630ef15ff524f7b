"""The module library: installed modules indexed by id, version and content hash; a save finds its module."""

from __future__ import annotations

import json

from builders import play_module

from hexwright.runtime.engine import ENGINE
from hexwright.runtime.state import Game, module_hash
from hexwright.runtime.state.library import Library
from hexwright.runtime.state.save_file import save_model
from hexwright.runtime.storage import pack_folder, save_module
from hexwright.runtime.storage.bundled import bundled_modules_dir


def _module(version="1.0", note=""):
    module = play_module()
    module.meta.version = version
    if note:
        module.meta.description = note
    return module


def test_install_keeps_a_checked_copy_indexed_by_id_version_and_hash(tmp_path):
    save_module(_module(), tmp_path / "src")
    pack_folder(tmp_path / "src", tmp_path / "m.hwmod")
    library = Library(tmp_path / "lib")
    entry = library.install(tmp_path / "m.hwmod")
    assert (entry.id, entry.version, entry.hash) == ("play", "1.0", module_hash(_module()))
    assert (library.path_of(entry) / "module.json").is_file()
    index = json.loads((tmp_path / "lib" / "index.json").read_text())
    assert [(m["id"], m["version"], m["hash"]) for m in index["modules"]] == [(entry.id, "1.0", entry.hash)]
    assert library.install(tmp_path / "src") == entry  # the same content is kept once
    assert len(library.entries()) == 1


def test_a_save_finds_its_module_by_hash_then_version_then_id(tmp_path):
    library = Library(tmp_path / "lib", bundled=tmp_path / "none")
    (tmp_path / "none").mkdir()
    for version in ("1.0", "1.1"):
        save_module(_module(version), tmp_path / version)
        library.install(tmp_path / version)
    game = Game(_module("1.0"), "basic", 4, engine=ENGINE)
    ref = save_model(game).module
    assert library.find(ref).version == "1.0"
    edited = ref.model_copy(update={"hash": "sha256:" + "0" * 64})
    assert library.find(edited).version == "1.0"  # same id and version, other content
    newer = ref.model_copy(update={"hash": "sha256:" + "0" * 64, "version": "2.0"})
    assert library.find(newer).version == "1.1"  # the newest of the same id
    assert library.find(ref.model_copy(update={"id": "other"})) is None


def test_the_index_is_rebuilt_from_the_folders_when_damaged(tmp_path):
    library = Library(tmp_path / "lib")
    save_module(_module(), tmp_path / "src")
    entry = library.install(tmp_path / "src")
    (tmp_path / "lib" / "index.json").write_text("{ not json")
    assert library.entries() == [entry]


def test_bundled_modules_are_found_and_never_library_folders(tmp_path):
    library = Library(tmp_path / "lib")
    [dom] = [e for e in library.bundled() if e.id == "drive_on_metz"]
    assert dom.bundled and library.path_of(dom) == bundled_modules_dir() / "drive_on_metz"
    assert library.is_bundled_path(library.path_of(dom) / "map.json")
    assert not library.is_bundled_path(tmp_path / "lib")
    copy = library.new_folder(_module())
    assert copy.parent == tmp_path / "lib" and not copy.exists()


def test_the_bundled_modules_are_read_once_then_listed_from_bundled_json_until_a_file_changes(tmp_path,
                                                                                               monkeypatch):
    """The start screen lists the bundled modules at once: read and hashed on the first start only."""
    from hexwright.runtime.state import library as library_module

    bundled = tmp_path / "bundled"
    save_module(_module(), bundled / "play")
    first = Library(tmp_path / "lib", bundled=bundled)
    assert first.bundled_if_known() is None  # never read: a first start
    [entry] = first.bundled()
    assert entry.hash == module_hash(_module()) and entry.bundled
    reads: list[object] = []
    real = library_module.load_module
    monkeypatch.setattr(library_module, "load_module", lambda path: (reads.append(path), real(path))[1])
    again = Library(tmp_path / "lib", bundled=bundled)
    assert again.bundled_if_known() == [entry] and again.bundled() == [entry] and reads == []
    save_module(_module(note="edited"), bundled / "play")  # a bundled file changes: read again
    changed = Library(tmp_path / "lib", bundled=bundled)
    assert changed.bundled_if_known() is None
    [edited] = changed.bundled()
    assert reads == [bundled / "play"] and edited.hash == module_hash(_module(note="edited")) != entry.hash
