"""The heavy jobs on a Dask cluster: scoring a large board file, searching
for the best boards, and proving optima, spread over the workers of a
``dask.distributed`` cluster (a ``LocalCluster`` or a real scheduler: the
same code runs on both).

Every function takes a connected :class:`distributed.Client`. Workers get
the pack as data, never as a path: a built-in pack by name, any other pack
as its bytes, sent once to every worker (``Client.scatter(broadcast=True)``)
and opened once per worker process. The rules are keyword arguments of
:class:`wordgrid.Solver` (``neighbors``, ``wrap``, ``scoring``,
``min_len``, ``bonus``, ``letter_values``, ``qu``).

If a worker dies mid-job, Dask runs its tasks again elsewhere; every task is
a pure function of its inputs, so the result is the same.

    from distributed import Client, LocalCluster
    client = Client(LocalCluster(n_workers=2, threads_per_worker=1))
    wordgrid.dask.score_file(client, "boards.txt", pack, aggregate=True)
    # {'boards': 200000, 'total_score': 28813735, 'total_words': 19941309}
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import threading
import time as _time
import uuid
from array import array
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterable, Optional, Union

if TYPE_CHECKING:
    # Only for the annotations, and private (no name of the module at run
    # time): the module imports without Dask, so that the plain install's
    # stubs check (stubtest) and `help()` reads it. A job needs a Client,
    # which needs `pip install 'wordgrid[dask]'`.
    from distributed import Client as _Client  # type: ignore[import-not-found, unused-ignore]

from . import _native
from ._native import Best, Pack, Proof, Solver

__all__ = [
    "PackRef",
    "best",
    "prove",
    "score_file",
]

ProgressFn = Callable[[int, int], None]


@dataclass(frozen=True)
class PackRef:
    """How workers find a pack: by built-in name, or by its bytes (``data``
    is then a Dask future of the bytes, ``key`` their SHA-256)."""

    key: str
    name: Optional[str] = None
    data: Any = None

    @staticmethod
    def of(client: _Client, pack: Union[Pack, str]) -> "PackRef":
        """The reference to ``pack`` (a :class:`wordgrid.Pack`, or a
        built-in pack's name); sends the bytes of a pack that is not
        built in to every worker once."""
        if isinstance(pack, str):
            Pack.builtin(pack)  # fail here, not on every worker
            return PackRef(key="builtin:" + pack.lower(), name=pack.lower())
        if pack.builtin_name is not None:
            return PackRef(key="builtin:" + pack.builtin_name, name=pack.builtin_name)
        data = pack.to_bytes()
        digest = hashlib.sha256(data).hexdigest()
        future = client.scatter(data, broadcast=True, hash=False)
        return PackRef(key="sha256:" + digest, data=future)


# One solver per (pack, rules) per worker process, made by the first task
# that needs it.
_solvers: dict = {}


def _solver(key: str, name: Optional[str], data: Optional[bytes], rules: dict) -> Solver:
    cache_key = (key, tuple(sorted((k, repr(v)) for k, v in rules.items())))
    solver = _solvers.get(cache_key)
    if solver is None:
        if name is not None:
            pack = Pack.builtin(name)
        else:
            assert data is not None, "a PackRef holds a built-in name or the pack's bytes"
            pack = Pack.from_bytes(data, key)
        solver = Solver(pack, **rules)
        _solvers[cache_key] = solver
    return solver


def _score_part(key, name, data, rules, text, aggregate):
    # Boards travel as one string and results as one array: Dask serialises
    # a list of 10,000 small objects item by item, 50 times slower.
    solver = _solver(key, name, data, rules)
    tallies = solver.score_many(text.split("\n"), threads=1)
    if aggregate:
        boards = score = words = 0
        for s, w in tallies:
            boards += 1
            score += s
            words += w
        return boards, score, words
    flat = array("Q")
    for s, w in tallies:
        flat.append(s)
        flat.append(w)
    return flat


def _best_run(key, name, data, rules, kwargs):
    solver = _solver(key, name, data, rules)
    result = _native.best(solver, threads=1, **kwargs)
    return result.boards, result.evaluations


def _prove_shard(key, name, data, rules, size, threshold, shard, checkpoint, class_memory):
    solver = _solver(key, name, data, rules)
    if checkpoint is None:
        return _native.prove(solver, size, threshold, threads=1, shard=shard, class_memory=class_memory)
    import fsspec  # type: ignore[import-untyped, import-not-found, unused-ignore]
    from fsspec.implementations.local import (  # type: ignore[import-untyped, import-not-found, unused-ignore]
        LocalFileSystem,
    )

    fs, root = fsspec.core.url_to_fs(checkpoint)
    file = f"shard-{shard[0]}-of-{shard[1]}.json"
    fs.makedirs(root, exist_ok=True)
    if isinstance(fs, LocalFileSystem):
        # A shared directory: the prover rewrites the file atomically as
        # each part finishes.
        return _native.prove(solver, size, threshold, threads=1, shard=shard,
                             checkpoint=os.path.join(root, file), class_memory=class_memory)
    # Any other storage: the prover keeps a local copy, sent up as it
    # changes and once at the end; a lost worker loses at most the parts
    # since the last copy.
    remote = f"{root.rstrip('/')}/{file}"
    with tempfile.TemporaryDirectory(prefix="wordgrid-prove-") as tmp:
        local = os.path.join(tmp, file)
        if fs.exists(remote):
            fs.get(remote, local)
        stop = threading.Event()

        def upload():
            fs.put(local, remote + ".part")
            fs.mv(remote + ".part", remote)

        def keep_up():
            sent = None
            while not stop.wait(_CHECKPOINT_EVERY):
                try:
                    stamp = os.stat(local).st_mtime_ns
                except FileNotFoundError:
                    continue
                if stamp != sent:
                    upload()
                    sent = stamp

        watcher = threading.Thread(target=keep_up, daemon=True)
        watcher.start()
        try:
            result = _native.prove(solver, size, threshold, threads=1, shard=shard, checkpoint=local,
                                   class_memory=class_memory)
        finally:
            stop.set()
            watcher.join()
        upload()
        return result


# Seconds between copies of a shard's checkpoint to storage that is not a
# local directory.
_CHECKPOINT_EVERY = 10.0


def _run_id(job: str) -> str:
    return f"wordgrid-{job}-{uuid.uuid4().hex[:12]}"


def _submit(client: _Client, job: str, fn, ref: PackRef, rules: dict, calls: list) -> list:
    """One task of ``fn`` per argument tuple in ``calls``, each called with
    the pack reference and the rules first; retried on another worker if
    its worker dies."""
    run = _run_id(job)
    return [
        client.submit(fn, ref.key, ref.name, ref.data, rules, *args, key=f"{run}-{i}", retries=2)
        for i, args in enumerate(calls)
    ]


def _gather_in_order(client: _Client, futures: list, progress: Optional[ProgressFn]) -> list:
    """The futures' results in submission order, calling ``progress(done,
    total)`` as each finishes."""
    from distributed import as_completed  # type: ignore[import-not-found, unused-ignore]

    results: list = [None] * len(futures)
    index = {f.key: i for i, f in enumerate(futures)}
    done = 0
    if progress is not None:
        progress(0, len(futures))
    for future in as_completed(futures):
        results[index[future.key]] = future.result()
        done += 1
        if progress is not None:
            progress(done, len(futures))
    return results


def score_file(
    client: _Client,
    boards: Union[str, "os.PathLike[str]", Iterable[str]],
    pack: Union[Pack, str],
    *,
    partition: int = 10_000,
    aggregate: bool = False,
    progress: Optional[ProgressFn] = None,
    **rules: Any,
) -> Union[list, dict]:
    """Scores every board of a board file (one a line; blank lines
    skipped) or of an iterable of board texts on the cluster, ``partition``
    boards a task.

    Returns ``[(score, word_count), …]`` in input order, or with
    ``aggregate=True`` ``{"boards", "total_score", "total_words"}``.
    ``progress(done, total)`` is called as partitions finish. A board that
    does not read raises :class:`wordgrid.BoardError` (numbered within its
    partition)."""
    if partition < 1:
        raise ValueError("partition must be at least 1")
    if isinstance(boards, (str, os.PathLike)):
        with open(boards, encoding="utf-8") as f:
            lines = [line.strip() for line in f if line.strip()]
    else:
        lines = [b.strip() for b in boards if b.strip()]
    if any("\n" in b for b in lines):
        raise ValueError("a board text holds a line break")
    ref = PackRef.of(client, pack)
    calls = [("\n".join(lines[i : i + partition]), aggregate) for i in range(0, len(lines), partition)]
    futures = _submit(client, "score", _score_part, ref, rules, calls)
    parts = _gather_in_order(client, futures, progress)
    if aggregate:
        return {
            "boards": sum(p[0] for p in parts),
            "total_score": sum(p[1] for p in parts),
            "total_words": sum(p[2] for p in parts),
        }
    return [(flat[i], flat[i + 1]) for flat in parts for i in range(0, len(flat), 2)]


def best(
    client: _Client,
    pack: Union[Pack, str],
    *,
    size: Any = "4x4",
    runs: Optional[int] = None,
    time: Optional[float] = None,
    iterations: Optional[int] = None,
    seed: int = 1,
    top: int = 5,
    dice: Optional[str] = None,
    letters: Optional[str] = None,
    progress: Optional[ProgressFn] = None,
    **rules: Any,
) -> Best:
    """Runs ``runs`` independent annealing searches (default: one per
    worker thread), seeds ``seed``, ``seed+1``, …, each on one thread for
    ``time`` seconds or ``iterations``, and merges their best boards into
    one :class:`wordgrid.Best`: the best ``top`` distinct boards, best
    first (ties by board text), with the evaluations summed and ``seed``
    the first run's. Boards are in canonical form, so one board found by
    two runs counts once."""
    if runs is None:
        runs = max(1, sum(client.nthreads().values()))
    if runs < 1:
        raise ValueError("runs must be at least 1")
    ref = PackRef.of(client, pack)
    kwargs = dict(size=size, time=time, iterations=iterations, top=top, dice=dice, letters=letters)
    calls = [(dict(kwargs, seed=seed + i),) for i in range(runs)]
    started = _time.monotonic()
    futures = _submit(client, "best", _best_run, ref, rules, calls)
    merged: dict = {}
    evaluations = 0
    for boards, evaluated in _gather_in_order(client, futures, progress):
        evaluations += evaluated
        for found in boards:
            merged[found.board] = found
    ranked = sorted(merged.values(), key=lambda f: (-f.score, f.board))
    return Best(ranked[:top], evaluations, _time.monotonic() - started, seed)


def prove(
    client: _Client,
    pack: Union[Pack, str],
    *,
    size: Any,
    threshold: int,
    shards: Optional[int] = None,
    checkpoint: Union[str, "os.PathLike[str]", None] = None,
    class_memory: Optional[int] = None,
    progress: Optional[ProgressFn] = None,
    **rules: Any,
) -> Proof:
    """Proves which boards of ``size`` reach ``threshold``, as ``boggle
    prove --shard K/N`` on ``shards`` tasks (default: four per worker
    thread) merged by :func:`wordgrid.merge_proofs` (the merge ``boggle
    prove --merge`` uses) into one :class:`wordgrid.Proof`.

    ``checkpoint``, a directory every worker sees or any fsspec URL
    (``s3://bucket/run``, ``gs://…``), keeps each shard's progress as
    ``shard-K-of-N.json`` (the format of ``boggle prove --checkpoint``,
    rewritten as each part of the class space finishes). A shard run again
    resumes from its file: on another worker after one was lost, or in a
    later call with the same arguments after the whole job was stopped.
    With the same ``shards`` every time; a file of another run is refused.
    ``class_memory`` (bytes; default or 0: no limit) is the most one
    class's paths and trees may take on a worker (``boggle prove
    --class-memory``): give each single-threaded worker about 0.5 GB more.
    The classes that need it run slower, some many times slower."""
    if shards is None:
        shards = 4 * max(1, sum(client.nthreads().values()))
    if shards < 1:
        raise ValueError("shards must be at least 1")
    if checkpoint is not None:
        checkpoint = os.fspath(checkpoint)
    ref = PackRef.of(client, pack)
    calls = [(size, threshold, (k, shards), checkpoint, class_memory) for k in range(1, shards + 1)]
    futures = _submit(client, "prove", _prove_shard, ref, rules, calls)
    return _native.merge_proofs(list(_gather_in_order(client, futures, progress)))
