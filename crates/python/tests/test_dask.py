"""The heavy jobs on a real Dask cluster: a `dask scheduler` and two
`dask worker` processes on localhost, started here and torn down after,
every wait bounded."""

import json
import os
import signal
import socket
import subprocess
import sys
import time

import pytest

import wordgrid

distributed = pytest.importorskip("distributed", reason="needs dask[distributed]")
import wordgrid.dask as wd  # noqa: E402

# 28,813,735: the total of the 200,000 boards of the yardstick file with
# ENABLE2K (the CLI's `boggle batch --summary` says the same).
DICE_200K_TOTAL = 28_813_735
# A 3x3 proof over ENABLE2K's words of a, c, d, e, i, l, n, o, r, s, t, u
# at this threshold (95% of the best, 504) finds a few boards in about 14
# CPU-seconds: some seconds a shard, long enough to lose a worker part-way.
PROOF_LETTERS = "acdeilnorstu"
PROOF_THRESHOLD = 478


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def dask_cmd(*args):
    return [sys.executable, "-m", "dask", *args]


class Cluster:
    def __init__(self, workers: int):
        port = free_port()
        self.address = f"tcp://127.0.0.1:{port}"
        self.procs = []
        self.workers = []
        env = dict(os.environ, DASK_DISTRIBUTED__WORKER__DAEMON="False")
        self.scheduler = self._start(
            dask_cmd("scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"), env
        )
        for _ in range(workers):
            self.workers.append(
                self._start(
                    dask_cmd(
                        "worker", self.address, "--nworkers", "1", "--nthreads", "1",
                        "--no-dashboard", "--memory-limit", "0", "--no-nanny",
                    ),
                    env,
                )
            )
        self.client = distributed.Client(self.address, timeout=60)
        self.client.wait_for_workers(workers, timeout=60)

    def _start(self, cmd, env):
        p = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             start_new_session=True)
        self.procs.append(p)
        return p

    def kill_worker(self, i: int):
        os.killpg(self.workers[i].pid, signal.SIGKILL)

    def close(self):
        try:
            self.client.close(timeout=10)
        except Exception:
            pass
        for p in reversed(self.procs):
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            p.wait(timeout=30)


@pytest.fixture()
def cluster():
    c = Cluster(2)
    try:
        yield c
    finally:
        c.close()


def test_distributed_scoring_survives_a_dead_worker(cluster, enable2k, bench):
    path = bench / "boards-4x4-dice1987-200k.txt"
    # Partition of 5,000 boards: 40 tasks. One worker is killed (SIGKILL)
    # after the fifth finishes; its tasks run again on the other.
    killed = []

    def progress(done, total):
        if done == 5 and not killed:
            cluster.kill_worker(0)
            killed.append(done)

    result = wd.score_file(cluster.client, path, enable2k, partition=5000, aggregate=True,
                           progress=progress)
    assert killed, "the worker was never killed"
    assert result["boards"] == 200_000
    assert result["total_score"] == DICE_200K_TOTAL
    assert len(cluster.client.scheduler_info()["workers"]) == 1


def test_distributed_scoring_in_order(cluster, en):
    boards = wordgrid.roll(en, seed=2, count=3000)
    solver = wordgrid.Solver(en, neighbors="no-diag")
    want = list(solver.score_many(boards))
    got = wd.score_file(cluster.client, boards, "en", partition=256, neighbors="no-diag")
    assert got == want


def test_distributed_best_and_proof(cluster, enable2k, wordlists):
    # best: independent annealers, merged; every board's score checks out.
    found = wd.best(cluster.client, "en", size="3x3", runs=4, iterations=4000, seed=1, top=5)
    assert isinstance(found, wordgrid.Best) and found.evaluations > 0
    assert len(found) == 5 and found.boards == sorted(found, key=lambda t: (-t[0], t[1]))
    solver = wordgrid.Solver(wordgrid.Pack.builtin("en"))
    for score, board, words in found:
        assert solver.tally(board) == (score, words)
    # The same runs one at a time, merged by hand, give the same list.
    local = {}
    for i in range(4):
        r = wordgrid.best(solver, size="3x3", iterations=4000, seed=1 + i, threads=1, top=5)
        local.update({b: (s, b, w) for s, b, w in r.boards})
    assert [tuple(f) for f in found] == sorted(local.values(), key=lambda t: (-t[0], t[1]))[:5]

    # prove: a 3x3 proof sharded 6 ways on the cluster equals one run here.
    # (A pack of the ENABLE2K words spelled with a, e, r, s, t, l keeps it
    # to seconds.)
    words = [w.strip() for w in open(wordlists / "enable2k.txt") if w.strip()]
    small = wordgrid.Pack.build([w for w in words if set(w) <= set("aerstl")], recipe="enable")
    threshold = 450
    merged = wd.prove(cluster.client, small, size="3x3", threshold=threshold, shards=6)
    single = wordgrid.prove(small, "3x3", threshold, threads=2)
    assert single.complete and merged.complete
    assert isinstance(merged, wordgrid.Proof) and merged.shard is None
    assert merged.shards == [(k, 6) for k in range(1, 7)]
    assert merged.boards == single.boards and merged.boards
    assert merged.classes > 0 and merged.solved > 0


def test_a_checkpointed_proof_loses_nothing_to_killed_workers(tmp_path, wordlists):
    # A LocalCluster of four single-threaded workers (each under a nanny,
    # which starts a new worker when one dies). One worker is killed twice
    # while the shard it runs has parts in its checkpoint and parts to go,
    # and a fifth worker joins; the shards resume where the lost ones
    # stopped, and the proof is the one-process run's.
    import threading

    from distributed import Client, LocalCluster

    words = [w.strip() for w in open(wordlists / "enable2k.txt") if w.strip()]
    small = wordgrid.Pack.build([w for w in words if set(w) <= set(PROOF_LETTERS)], recipe="enable")
    threshold = PROOF_THRESHOLD
    single = wordgrid.prove(small, "3x3", threshold, threads=2)
    assert single.complete and single.boards
    shards = 8
    ckpt = tmp_path / "proof"
    parts_of = {k: sum(1 for i in range(single.parts) if i % shards == k - 1) for k in range(1, shards + 1)}

    def done(k):
        try:
            with open(ckpt / f"shard-{k}-of-{shards}.json") as f:
                return len(json.load(f)["done"])
        except (FileNotFoundError, ValueError):
            return 0

    with LocalCluster(n_workers=4, threads_per_worker=1, processes=True, dashboard_address=None,
                      memory_limit=0) as lc, Client(lc) as client:
        out = {}

        def run():
            try:
                out["proof"] = wd.prove(client, small, size="3x3", threshold=threshold, shards=shards,
                                        checkpoint=ckpt)
            except BaseException as e:  # reported below
                out["error"] = e

        job = threading.Thread(target=run)
        job.start()
        kills = []
        deadline = time.monotonic() + 240
        while job.is_alive() and len(kills) < 2 and time.monotonic() < deadline:
            # A worker whose shard is part-way: parts done, parts to go.
            for addr, keys in client.processing().items():
                shard = [int(str(key).rsplit("-", 1)[1]) + 1 for key in keys if "wordgrid-prove" in str(key)]
                if len(shard) == 1 and 0 < done(shard[0]) < parts_of[shard[0]]:
                    pid = client.run(os.getpid, workers=[addr]).get(addr)
                    if pid:
                        os.kill(pid, signal.SIGKILL)
                        kills.append((shard[0], done(shard[0])))
                        if len(kills) == 1:
                            lc.scale(5)  # a new worker joins
                        time.sleep(1.0)
                    break
            time.sleep(0.02)
        job.join(timeout=300)
        assert not job.is_alive(), "the proof did not end"
    assert "error" not in out, out.get("error")
    print(f"workers killed while their shards were part-way (shard, parts done): {kills}")
    assert len(kills) == 2, f"killed {kills}: no shard was caught part-way"
    proof = out["proof"]
    assert proof.complete and proof.boards == single.boards
    # Every shard's checkpoint holds all its parts, and the boards it found.
    for k in range(1, shards + 1):
        assert done(k) == parts_of[k], k


def test_a_proof_checkpoints_to_any_fsspec_storage(wordlists):
    # memory:// stands for remote storage (s3://, gs://): the shards' files
    # are copied there, and a shard whose file lost parts resumes from it.
    import fsspec
    from distributed import Client, LocalCluster

    words = [w.strip() for w in open(wordlists / "enable2k.txt") if w.strip()]
    small = wordgrid.Pack.build([w for w in words if set(w) <= set("aerstl")], recipe="enable")
    single = wordgrid.prove(small, "3x3", 417, threads=2)
    fs = fsspec.filesystem("memory")
    url = f"memory://wordgrid-test-{os.getpid()}"
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as lc, \
            Client(lc) as client:
        first = wd.prove(client, small, size="3x3", threshold=417, shards=3, checkpoint=url)
        files = sorted(fs.ls(url, detail=False))
        assert [f.rsplit("/", 1)[1] for f in files] == [f"shard-{k}-of-3.json" for k in (1, 2, 3)]
        # As if shard 2's worker was lost after one part, which found a
        # board no run finds: carried into the result only by a resume.
        name = f"{url}/shard-2-of-3.json"
        saved = json.loads(fs.cat(name))
        marker = {"score": 9999, "board": "zzz/zzz/zzz", "words": 1}
        fs.pipe(name, json.dumps(dict(saved, done=saved["done"][:1], boards=[marker])).encode())
        again = wd.prove(client, small, size="3x3", threshold=417, shards=3, checkpoint=url)
        resumed = json.loads(fs.cat(name))
    fs.rm(url, recursive=True)
    assert first.complete and again.complete
    assert first.boards == single.boards and single.boards
    assert tuple(again.boards[0]) == (9999, "zzz/zzz/zzz", 1) and again.boards[1:] == single.boards
    assert sorted(resumed["done"]) == sorted(saved["done"]) and len(saved["done"]) > 1
