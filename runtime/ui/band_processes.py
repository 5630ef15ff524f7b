"""The bands of a large render painted in worker processes, one per processor (Linux).

PySide6 holds the interpreter lock through every QPainter call, so threads cannot paint two
bands at once; processes can. The workers are forked from the process that has the module
loaded and the map's painter made, so they start at once and share its memory; each paints
every n-th band into one image it keeps, compresses it (:func:`.png_encode.band_segment`)
and sends the compressed piece back through a pipe. The caller takes the pieces in band
order, so the file is the same bytes as one painted band by band in one process.

Forking is safe only where the forking process runs no other thread (a Qt application on
screen does; ``hexwright render`` does not) and the platform forks cleanly (Linux, not
macOS's frameworks or Windows): :func:`worker_count` says 1 elsewhere, and the caller paints
in its own process.
"""

from __future__ import annotations

import os
import sys
import threading
import traceback
from collections.abc import Callable, Iterator
from multiprocessing.connection import Connection, wait
from typing import Any

from .png_encode import RgbCopy, Segment, band_segment

MAX_WORKERS = 4
"""More processes than this would hold more bands in memory than they save time."""


def worker_count(bands: int, most: int = MAX_WORKERS) -> int:
    """Processes to paint ``bands`` bands with: one per processor this process may use (at most
    ``most`` and :data:`MAX_WORKERS`), or 1 where forking is not safe: not on Linux, or when this
    process runs another thread (one of Python's, or Qt's pool that converts large images: a child
    would wait for ever on a thread that was not forked with it)."""
    if bands < 2 or most < 2 or not sys.platform.startswith("linux") or threading.active_count() > 1:
        return 1
    try:
        if len(os.listdir("/proc/self/task")) > 1:
            return 1
    except OSError:
        return 1
    return max(1, min(len(os.sched_getaffinity(0)), most, MAX_WORKERS, bands))


def _work(paint_band: Callable[[int], Any], bands: range, out: Connection) -> None:
    """A worker: paint, compress and send each of its bands, or the error that stopped it."""
    index = bands.start
    try:
        copy = RgbCopy()
        for index in bands:
            out.send((index, band_segment(copy(paint_band(index)), alpha=False)))
    except BaseException:  # everything, to the parent, which raises it in its band's turn
        out.send((-1 - index, traceback.format_exc()))
    finally:
        out.close()


def segments_from_processes(paint_band: Callable[[int], Any], bands: int, workers: int) -> Iterator[Segment]:
    """The compressed bands ``0 .. bands - 1`` in order, painted by ``workers`` forked processes
    (worker ``k`` paints bands ``k, k + workers, …``); ``paint_band(i)`` returns band ``i`` as an
    opaque QImage (it may reuse one image). A worker's error is raised here as a RuntimeError, in the
    failed band's turn: after every band before it."""
    import multiprocessing

    ctx = multiprocessing.get_context("fork")
    procs, readers = [], []
    finished = False
    try:
        for k in range(workers):
            reader, writer = ctx.Pipe(duplex=False)
            proc = ctx.Process(target=_work, args=(paint_band, range(k, bands, workers), writer), daemon=True,
                               name=f"hexwright-band-{k}")
            proc.start()
            writer.close()  # the child's end: closed here, so the pipe ends when the child does
            procs.append(proc)
            readers.append(reader)
        done: dict[int, Segment] = {}
        failed: dict[int, str] = {}
        following = 0
        open_readers = list(readers)
        while following < bands:
            if following in failed:  # the bands before it are given first, whichever process was quicker
                raise RuntimeError(f"a render process failed:\n{failed[following]}")
            if following in done:
                yield done.pop(following)
                following += 1
                continue
            if not open_readers:
                raise RuntimeError(f"a render process ended before painting band {following}")
            for ready in wait(open_readers):
                reader = next(r for r in open_readers if r is ready)
                try:
                    index, got = reader.recv()
                except EOFError:  # that worker is done (or died: then a band is missing, said above)
                    open_readers.remove(reader)
                    continue
                if index < 0:
                    failed[-1 - index] = got
                else:
                    done[index] = got
        finished = True
    finally:
        for reader in readers:
            reader.close()
        for proc in procs:
            if finished:
                proc.join(timeout=5)
            if proc.is_alive():  # a failed render's other workers (or a stuck one): no use waiting
                proc.kill()
            proc.join()
