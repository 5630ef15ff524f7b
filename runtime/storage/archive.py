"""Packed modules (``.hwmod``): one deterministic zip file holding the module folder.

Reading a pack checks every member before anything is used or written: no absolute
paths, no ``..``, no links, no members or totals past the size limits.
"""

from __future__ import annotations

import io
import os
import shutil
import stat
import tempfile
import zipfile
from pathlib import Path, PurePosixPath

from hexwright.runtime.model import Module

from .errors import ModuleError, ModuleIssue, UnsafeArchiveError
from .files import LoadedModule, files_from_module, is_module_file, module_from_files
from .folder import read_folder_files
from .jsonio import atomic_write_bytes

MAX_MEMBERS = 5000
MAX_MEMBER_BYTES = 64 * 1024 * 1024
MAX_TOTAL_BYTES = 256 * 1024 * 1024
ZIP_DATE = (2000, 1, 1, 0, 0, 0)


def pack_files(files: dict[str, bytes]) -> bytes:
    """Zip ``files`` deterministically: sorted names, fixed dates and permissions."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = (stat.S_IFREG | 0o644) << 16
            archive.writestr(info, files[name])
    return buffer.getvalue()


def _refuse(archive_name: str, member: str, why: str) -> UnsafeArchiveError:
    return UnsafeArchiveError(ModuleIssue(archive_name, member, why))


def read_pack_files(data: bytes, archive_name: str = "module.hwmod") -> dict[str, bytes]:
    """Check and read every member of a pack, in memory. Raises UnsafeArchiveError."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile:
        raise _refuse(archive_name, "", "not a zip file") from None
    infos = archive.infolist()
    if len(infos) > MAX_MEMBERS:
        raise _refuse(archive_name, "", f"more than {MAX_MEMBERS} members")
    total = 0
    seen: set[str] = set()
    for info in infos:
        name = info.filename
        if name in seen:  # zip tools differ on which copy they take
            raise _refuse(archive_name, name, "member appears twice")
        seen.add(name)
        path = PurePosixPath(name)
        if name.startswith(("/", "\\")) or "\\" in name or (len(name) > 1 and name[1] == ":"):
            raise _refuse(archive_name, name, "absolute path")
        if any(part in ("..", "") for part in path.parts) or ".." in name.split("/"):
            raise _refuse(archive_name, name, "path leaves the module folder ('..')")
        mode = info.external_attr >> 16
        if stat.S_ISLNK(mode):
            raise _refuse(archive_name, name, "links are not allowed")
        if info.file_size > MAX_MEMBER_BYTES:
            raise _refuse(archive_name, name, f"member larger than {MAX_MEMBER_BYTES} bytes")
        total += info.file_size
        if total > MAX_TOTAL_BYTES:
            raise _refuse(archive_name, name, f"pack larger than {MAX_TOTAL_BYTES} bytes unpacked")
    files: dict[str, bytes] = {}
    for info in infos:
        if info.is_dir():
            continue
        with archive.open(info) as member:
            content = member.read(MAX_MEMBER_BYTES + 1)
        if len(content) > MAX_MEMBER_BYTES or len(content) != info.file_size:
            raise _refuse(archive_name, info.filename, "member size does not match its header")
        files[info.filename] = content
    return files


def load_pack(path: Path) -> LoadedModule:
    path = Path(path)
    return module_from_files(read_pack_files(path.read_bytes(), path.name))


def save_pack(module: Module, path: Path, assets: dict[str, bytes] | None = None) -> None:
    atomic_write_bytes(Path(path), pack_files(files_from_module(module, assets)))


def pack_folder(folder: Path, out: Path) -> None:
    """Pack a module folder, after checking that it loads."""
    files = read_folder_files(Path(folder))
    module_from_files(files)
    atomic_write_bytes(Path(out), pack_files(files))


def unpack(pack: Path, folder: Path) -> list[str]:
    """Unpack ``pack`` into ``folder``. Every member is checked, and the module validated,
    before the first byte is written; returns the written names."""
    pack = Path(pack)
    files = read_pack_files(pack.read_bytes(), pack.name)
    module_from_files(files)
    for name in sorted(files):
        if not is_module_file(name):
            raise _refuse(pack.name, name, "not a module file (module.json, map.json, …, scenarios/, images/)")
    folder = Path(folder)
    if folder.is_dir() and any(folder.iterdir()):  # files of another module would mix with these
        raise ModuleError(ModuleIssue(str(folder), "", "folder exists and is not empty"))
    root = folder.resolve()
    for name in sorted(files):
        target = (root / name).resolve()
        if root not in target.parents:
            raise _refuse(pack.name, name, "path leaves the target folder")
    # Written into a new folder beside the target, renamed into place once complete: a
    # failure part way (a full disk) leaves no half-unpacked module.
    root.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{root.name}.", suffix=".unpacking", dir=root.parent))
    try:
        for name in sorted(files):
            atomic_write_bytes(staging / name, files[name])
        if root.is_dir():
            root.rmdir()  # empty, checked above
        os.replace(staging, root)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return sorted(files)
