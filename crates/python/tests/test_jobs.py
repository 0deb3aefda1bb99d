"""roll, count, best and prove from Python."""

import pickle

import pytest

import wordgrid


def test_roll(en):
    a = wordgrid.roll(en, seed=3)
    assert a == wordgrid.roll(en, seed=3)
    assert wordgrid.roll(en, seed=3, count=2)[0] == a
    assert len(wordgrid.roll(en, size="5x5", dice="big", seed=1).split("/")) == 5
    rich = wordgrid.roll(en, seed=1, min_score=200)
    assert wordgrid.Solver(en).score(rich) >= 200


def test_count():
    assert wordgrid.count(3) == 10305
    assert wordgrid.count((2, 3), neighbors="no-diag") == wordgrid.count("2x3", neighbors="rook")
    big = wordgrid.count("5x5", max_len=4)
    assert isinstance(big, int) and big > 0


def test_best_is_reproducible(en):
    a = wordgrid.best(en, size="3x3", iterations=3000, seed=5, threads=1, top=3)
    b = wordgrid.best(en, size="3x3", iterations=3000, seed=5, threads=1, top=3)
    assert a.boards == b.boards and len(a.boards) == 3
    solver = wordgrid.Solver(en)
    for score, board, words in a.boards:
        assert solver.tally(board) == (score, words)
    assert a.boards == sorted(a.boards, key=lambda t: (-t[0], t[1]))


def test_prove_small_and_sharded(en):
    solver = wordgrid.Solver(en)
    whole = wordgrid.prove(solver, "2x2", threshold=6, threads=2)
    assert whole.complete and whole.shard is None and whole.boards
    for score, board, words in whole.boards:
        assert score >= 6 and solver.tally(board) == (score, words)
    shards = [wordgrid.prove(solver, "2x2", threshold=6, shard=(k, 3)) for k in (1, 2, 3)]
    assert all(s.complete for s in shards)
    merged = sorted({b for s in shards for b in s.boards}, key=lambda t: (-t[0], t[1]))
    assert merged == whole.boards
    # The one merge (boggle prove --merge's) gives one Proof, not another type.
    m = wordgrid.merge_proofs(shards)
    assert isinstance(m, wordgrid.Proof) and m.complete and m.shard is None
    assert m.boards == whole.boards and m.shards == [(1, 3), (2, 3), (3, 3)]
    assert m.classes == sum(s.classes for s in shards)
    assert pickle.loads(pickle.dumps(m)) == m and "shards=[(1, 3), (2, 3), (3, 3)]" in repr(m)
    partial = wordgrid.merge_proofs(shards[:2])
    assert not partial.complete and partial.shards == [(1, 3), (2, 3)]
    with pytest.raises(wordgrid.OptionsError, match="both shard 1/3"):
        wordgrid.merge_proofs([shards[0], shards[0]])
    with pytest.raises(wordgrid.OptionsError, match="not a shard"):
        wordgrid.merge_proofs([shards[0], whole])
    assert wordgrid.merge_proofs([whole]) == whole
    first = whole.boards[0]
    assert first.word_count == first[2] and "word_count=" in repr(first)

