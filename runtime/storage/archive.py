"""Packed modules (``.hwmod``): one deterministic zip file holding the module folder.

Reading a pack checks every member before anything is used or written: no absolute
paths, no ``..``, no links, no members or totals past the size limits.
"""

from __future__ import annotations

import io
import os
import shutil
import stat
import struct
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path

from hexwright.runtime.model import Module

from .errors import ModuleError, ModuleIssue, UnsafeArchiveError
from .files import LoadedModule, Report, files_from_module, is_module_file, module_from_files
from .folder import read_folder_files
from .jsonio import atomic_write_bytes, create_new_folder
from .reading import FileRefused, read_regular_file

MAX_MEMBERS = 5000
MAX_MEMBER_BYTES = 64 * 1024 * 1024
MAX_TOTAL_BYTES = 256 * 1024 * 1024
MAX_PACK_BYTES = 256 * 1024 * 1024
"""The largest ``.hwmod`` read at all (a pack of a 400×400 map with its images is far smaller)."""
MAX_EXPANSION = 100
"""Unpacked bytes per packed byte, past EXPANSION_FLOOR: canonical module JSON deflates about
10:1; a bomb (92 KB → 60 MB) a thousand to one."""
EXPANSION_FLOOR = 16 * 1024 * 1024
MAX_DIRECTORY_BYTES = MAX_MEMBERS * 400
ZIP_DATE = (2000, 1, 1, 0, 0, 0)
READ_CHUNK = 256 * 1024
_EOCD = b"PK\x05\x06"
_ZIP_ERRORS = (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, RuntimeError, EOFError,
               ValueError, OSError, zlib.error, struct.error, UnicodeError, OverflowError, KeyError)
"""What :mod:`zipfile` raises on damaged input: a bad CRC, a lying header, a bad offset, corrupt
deflate data, an unknown compression method, the encrypted flag."""


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


def _check_directory(data: bytes, archive_name: str) -> None:
    """Refuse, before :mod:`zipfile` builds an object per entry, a directory too long to be a module's.

    Finds the end record the way zipfile does (the last 22 bytes, else the last signature
    in the final 64 KB), so both read the same entry count.
    """
    if len(data) >= 22 and data[-22:-18] == _EOCD:
        end = len(data) - 22
    else:
        end = data.rfind(_EOCD, max(0, len(data) - 65536 - 22))
    if end < 0 or len(data) - end < 22:
        return  # zipfile says "not a zip file"
    entries, size = struct.unpack("<HI", data[end + 10:end + 16])
    if entries >= 0xFFFF or size >= 0xFFFFFFFF:
        raise _refuse(archive_name, "", "a zip64 archive: a module pack is never that large")
    if entries > MAX_MEMBERS:
        raise _refuse(archive_name, "", f"more than {MAX_MEMBERS} members")
    if size > MAX_DIRECTORY_BYTES:
        raise _refuse(archive_name, "", f"a member list of more than {MAX_DIRECTORY_BYTES} bytes: "
                      "names far longer than a module's")


def _check_member(archive_name: str, info: zipfile.ZipInfo) -> None:
    name = info.filename
    parts = name.split("/")
    if name.startswith(("/", "\\")) or "\\" in name or (len(name) > 1 and name[1] == ":"):
        raise _refuse(archive_name, name, "absolute path")
    if ".." in parts:
        raise _refuse(archive_name, name, "path leaves the module folder ('..')")
    if any(part in ("", ".") for part in parts[:-1]) or parts[-1] == ".":
        raise _refuse(archive_name, name, "not a plain path ('.' or an empty part): two names for one file")
    if stat.S_ISLNK(info.external_attr >> 16):
        raise _refuse(archive_name, name, "links are not allowed")
    if info.flag_bits & 0x1:
        raise _refuse(archive_name, name, "encrypted: a module pack is never encrypted")
    if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
        raise _refuse(archive_name, name, f"compression method {info.compress_type} (only stored or deflated)")
    if info.file_size > MAX_MEMBER_BYTES:
        raise _refuse(archive_name, name, f"member larger than {MAX_MEMBER_BYTES} bytes")


def read_pack_files(data: bytes, archive_name: str = "module.hwmod") -> dict[str, bytes]:
    """Check and read every member of a pack, in memory. Raises UnsafeArchiveError.

    The unpacked size is counted while reading, whatever the headers say: past
    MAX_EXPANSION times the pack's size (and EXPANSION_FLOOR), the pack is refused at once.
    """
    if len(data) > MAX_PACK_BYTES:
        raise _refuse(archive_name, "", f"larger than {MAX_PACK_BYTES} bytes")
    _check_directory(data, archive_name)
    member = ""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        infos = archive.infolist()
        if len(infos) > MAX_MEMBERS:
            raise _refuse(archive_name, "", f"more than {MAX_MEMBERS} members")
        seen: set[str] = set()
        declared = 0
        for info in infos:
            member = info.filename
            if member in seen:  # zip tools differ on which copy they take
                raise _refuse(archive_name, member, "member appears twice")
            seen.add(member)
            _check_member(archive_name, info)
            declared += info.file_size
            if declared > MAX_TOTAL_BYTES:
                raise _refuse(archive_name, member, f"pack larger than {MAX_TOTAL_BYTES} bytes unpacked")
        budget = min(MAX_TOTAL_BYTES, max(EXPANSION_FLOOR, MAX_EXPANSION * len(data)))
        files: dict[str, bytes] = {}
        for info in infos:
            member = info.filename
            if info.is_dir():
                continue
            content = _read_member(archive, info, archive_name, budget)
            budget -= len(content)
            files[member] = content
        return files
    except UnsafeArchiveError:
        raise
    except _ZIP_ERRORS as exc:
        raise _refuse(archive_name, member, f"damaged pack: {exc}") from None


def _read_member(archive: zipfile.ZipFile, info: zipfile.ZipInfo, archive_name: str, budget: int) -> bytes:
    parts: list[bytes] = []
    total = 0
    with archive.open(info) as stream:
        while chunk := stream.read(READ_CHUNK):
            total += len(chunk)
            if total > budget:
                raise _refuse(archive_name, info.filename, f"unpacks to more than {MAX_EXPANSION} times the "
                              "pack's size: a compression bomb, not a module")
            if total > info.file_size:
                raise _refuse(archive_name, info.filename, "member size does not match its header")
            parts.append(chunk)
    if total != info.file_size:
        raise _refuse(archive_name, info.filename, "member size does not match its header")
    return b"".join(parts)


def read_pack(path: Path) -> dict[str, bytes]:
    """The checked members of the pack at ``path`` (a regular file, read to MAX_PACK_BYTES)."""
    path = Path(path)
    try:
        data = read_regular_file(path, MAX_PACK_BYTES)
    except FileRefused as exc:
        raise _refuse(str(path), "", exc.strerror or str(exc)) from None
    except OSError as exc:
        raise ModuleError(ModuleIssue(str(path), "", f"cannot be read: {exc.strerror or exc}")) from None
    return read_pack_files(data, path.name)


def load_pack(path: Path) -> LoadedModule:
    path = Path(path)
    return module_from_files(read_pack(path))


def save_pack(module: Module, path: Path, assets: dict[str, bytes] | None = None,
              progress: Report | None = None) -> None:
    """Write ``module`` as one ``.hwmod`` file, atomically (``progress``: packing, then writing;
    a report that raises before the writing leaves the old file as it was)."""
    step = progress or (lambda done, total: None)
    step(0, 2)
    data = pack_files(files_from_module(module, assets))
    step(1, 2)
    atomic_write_bytes(Path(path), data)


Check = Callable[[dict[str, bytes]], object]
"""Loads the files of a module (or raises ModuleError): a variant's check composes it with its base."""


def pack_folder(folder: Path, out: Path, check: Check = module_from_files, progress: Report | None = None) -> None:
    """Pack a module folder, after checking that it loads (``progress`` reads, checks, packs, writes)."""
    step = progress or (lambda done, total: None)
    step(0, 4)
    files = read_folder_files(Path(folder))
    step(1, 4)
    check(files)
    step(2, 4)
    data = pack_files(files)
    step(3, 4)
    atomic_write_bytes(Path(out), data)
    step(4, 4)


def unpack(pack: Path, folder: Path, check: Check = module_from_files, progress: Report | None = None) -> list[str]:
    """Unpack ``pack`` into ``folder``. Every member is checked, and the module validated,
    before the first byte is written; returns the written names (``progress``: reading,
    checking, then each file written)."""
    pack = Path(pack)
    files = read_pack(pack)
    total = len(files) + 2
    step = progress or (lambda done, total: None)
    step(1, total)
    check(files)
    step(2, total)
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
    staging = create_new_folder(root.parent, f".{root.name}.", ".unpacking")  # the umask's mode, not mkdtemp's 0700
    try:
        for done, name in enumerate(sorted(files), start=3):
            atomic_write_bytes(staging / name, files[name])
            step(done, total)
        if root.is_dir():
            root.rmdir()  # empty, checked above
        os.replace(staging, root)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return sorted(files)
