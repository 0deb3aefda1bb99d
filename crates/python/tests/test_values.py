"""The Python API behaves like Python: value objects with equality, reprs,
iteration and pickling; packs and solvers equal by content; words in an
order; paths as `pathlib.Path`; the CLI's keyword names; negative numbers
as ValueError; final classes; stubs that pass `mypy --strict`."""

import ast
import json
import os
import pathlib
import pickle
import random
import signal
import subprocess
import sys
import time

import pytest

import wordgrid
from conftest import REPO
from test_readme import documents

BOARD = "oatr ihps htnr enei"


def test_solutions_and_words_are_values(en):
    solver = wordgrid.Solver(en)
    a, b = solver.solve(BOARD), solver.solve(BOARD)
    assert a == b and a.words[0] == b.words[0]
    assert hash(a.words[0]) == hash(b.words[0])
    assert a != solver.solve("perslatgsineters")
    assert list(a) == a.words and len(list(a)) == len(a) == a.word_count == 117
    # The first common word (the best, haptene, is rare: not in wordfreq).
    assert a.words[0].word == "haptene" and a.words[0].rare and a.words[0].why == "too_rare"
    assert repr(a.words[0]).endswith(", rare=True, why='too_rare')")
    word = next(w for w in a if not w.rare)
    assert word.zipf is not None
    assert repr(word) == (
        f"Word({word.word!r}, score={word.score}, len={word.len}, path={word.path!r}, "
        f"zipf={word.zipf})"
    )
    # A solution's repr is one short line, whatever the board holds.
    assert repr(a) == "<Solution 'oatr/ihps/htnr/enei' 4x4: 117 words, 187 points>"
    rich = solver.solve("perslatgsineters")
    assert len(repr(rich)) < 200 and repr(rich).startswith("<Solution 'pers/latg/sine/ters' 4x4: ")
    for value in (a, word):
        assert pickle.loads(pickle.dumps(value)) == value


def test_packs_and_solvers_pickle_and_iterate(en):
    assert sum(1 for _ in en) == len(en)
    assert next(iter(en)) == en.words()[0]
    assert isinstance(en.meta, dict) and en.meta["word_count"] == len(en)
    solver = wordgrid.Solver(en, neighbors="no-diag", min_len=4, scoring="big-boggle")
    copy = pickle.loads(pickle.dumps(solver))
    assert copy.rules == solver.rules and repr(copy) == repr(solver)
    assert copy.tally("perslatgsineters") == solver.tally("perslatgsineters")
    built = wordgrid.Pack.build(["cat", "cats", "act", "scat"])
    assert pickle.loads(pickle.dumps(built)).words() == built.words()


def test_from_bytes_takes_any_bytes_like_object(en):
    data = wordgrid.Pack.build(["cat", "cats", "act"]).to_bytes()
    for form in (data, bytearray(data), memoryview(data)):
        assert wordgrid.Pack.from_bytes(form).words() == ["act", "cat", "cats"]
    with pytest.raises(TypeError):
        wordgrid.Pack.from_bytes("not bytes")


def test_a_file_name_is_not_a_board_and_a_path_reads_the_file(en, tmp_path):
    solver = wordgrid.Solver(en)
    with pytest.raises(wordgrid.BoardError, match=r"pathlib\.Path"):
        solver.solve("board.txt")
    with pytest.raises(wordgrid.BoardError, match=r"pathlib\.Path"):
        solver.score("./b")
    file = tmp_path / "board.txt"
    file.write_text("\ufeffoatr\nihps\nhtnr\nenei\n", encoding="utf-8")
    assert solver.solve(file).score == 187
    assert solver.tally(file) == (187, 117)
    with pytest.raises(wordgrid.BoardError, match="missing.txt") as err:
        solver.solve(tmp_path / "missing.txt")
    assert "os error" not in str(err.value)
    with pytest.raises(TypeError):
        solver.solve(42)


def test_scoring_file_as_a_path(en, tmp_path):
    scheme = tmp_path / "game.toml"
    scheme.write_text('name = "game"\nlength_bonus = "3=1,4=2"\n')
    solver = wordgrid.Solver(en, scoring=scheme)
    assert solver.rules["scoring"] == "game"
    assert solver.score(BOARD) == wordgrid.Solver(en, scoring=str(scheme)).score(BOARD)


@pytest.mark.parametrize(
    "call",
    [
        lambda en: wordgrid.Solver(en, min_len=-1),
        lambda en: wordgrid.Solver(en).score_many([], threads=-2),
        lambda en: wordgrid.roll(en, count=-1),
        lambda en: wordgrid.roll(en, seed=-1),
        lambda en: wordgrid.roll(en, min_score=-5),
        lambda en: wordgrid.best(en, iterations=-10),
        lambda en: wordgrid.best(en, top=-1),
        lambda en: wordgrid.best(en, target=-3),
        lambda en: wordgrid.prove(en, "2x2", -1),
        lambda en: wordgrid.count("3x3", max_len=-1),
        lambda en: wordgrid.count("3x3", threads=-1),
    ],
)
def test_negative_numbers_are_value_errors(en, call):
    with pytest.raises(ValueError) as err:
        call(en)
    assert isinstance(err.value, wordgrid.OptionsError)
    assert "-" in str(err.value)


def test_best_and_prove_boards_are_objects(en):
    result = wordgrid.best(en, size="3x3", iterations=3000, seed=2, threads=1)
    assert len(result.boards) == 5, "top is 5, as in the CLI"
    first = result.boards[0]
    assert (first.score, first.board, first.word_count) == tuple(first)
    score, board, words = first
    assert wordgrid.Solver(en).tally(board) == (score, words)
    assert first == wordgrid.FoundBoard(score, board, words)
    assert repr(result).startswith(f"Best(boards=[{first!r}, {result.boards[1]!r}, ")
    assert "Some(" not in repr(result)
    assert pickle.loads(pickle.dumps(result)) == result
    assert list(result) == result.boards
    # `target` is a score, as the CLI's --target.
    stopped = wordgrid.best(en, size="3x3", iterations=10**9, seed=2, threads=1, target=100)
    assert stopped.boards[0].score >= 100
    with pytest.raises(wordgrid.OptionsError, match="^top must be at least 1"):
        wordgrid.best(en, top=0)
    proof = wordgrid.prove(en, "2x2", threshold=22, shard=(1, 2))
    assert "shard=(1, 2)" in repr(proof) and "Some(" not in repr(proof)
    assert pickle.loads(pickle.dumps(proof)) == proof
    assert all(isinstance(b, wordgrid.FoundBoard) for b in proof)


def test_roll_reports_its_seed(en):
    board = wordgrid.roll(en)
    assert isinstance(board, str) and isinstance(board.seed, int)
    assert wordgrid.roll(en, seed=board.seed) == board
    boards = wordgrid.roll(en, seed=10, count=3)
    assert [b.seed for b in boards] == [10, 11, 12]
    assert pickle.loads(pickle.dumps(boards[0])).seed == 10
    assert repr(boards[0]) == f"Rolled({str(boards[0])!r}, seed=10)"


def test_load_names_and_pack_errors(tmp_path, monkeypatch):
    # An installed pack keeps the name it was loaded by.
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    packs = tmp_path / "boggle" / "packs"
    packs.mkdir(parents=True)
    wordgrid.Pack.build(["cat", "cats", "act"]).save(packs / "tiny.pack")
    tiny = wordgrid.Pack.load("tiny")
    assert tiny.name == "tiny" and pickle.loads(pickle.dumps(tiny)).name == "tiny"
    with pytest.raises(wordgrid.PackError) as err:
        wordgrid.Pack.load("xx")
    assert "--pack" not in str(err.value) and "Pack.open" in str(err.value)


def test_builds_that_keep_almost_nothing_fail():
    with pytest.raises(wordgrid.PackError, match="allow_empty=True"):
        wordgrid.Pack.build(["Cat", "DOG"])
    with pytest.raises(wordgrid.PackError, match="kept 0 words of 0 lines"):
        wordgrid.Pack.build([])
    assert wordgrid.Pack.build(["Cat", "DOG"], allow_empty=True).words() == []


def test_stubs_pass_mypy_strict_on_the_readme(tmp_path):
    """The Python examples of README.md and docs/ and `count(by_length=True)` type-check
    under `mypy --strict` against the shipped stubs (mypy is a test
    dependency: `pip install ./crates/python[test]`)."""
    sources = []
    total = 0
    for name, blocks in documents():
        # The Dask example's LocalCluster and Client are untyped in
        # `distributed` itself, which --strict reports: not our stubs' doing.
        ours = [body for _, body in blocks if not any("distributed" in line for line in body)]
        total += len(ours)
        code = "\n".join("\n".join(body) for body in ours)
        if name == "docs/python.md":
            code += (
                "\n\ntable: list[int] = wordgrid.count('3x3', by_length=True)\n"
                "paths: int = wordgrid.count('3x3')\n"
                "rolled: wordgrid.Rolled = wordgrid.roll(en)\n"
                "seed: int = rolled.seed\n"
                "found: wordgrid.FoundBoard = wordgrid.best(en, time=1.0, target=100).boards[0]\n"
            )
        source = tmp_path / (name.replace("/", "_").replace(".md", "") + "_examples.py")
        source.write_text(code, encoding="utf-8")
        sources.append(str(source))
    assert total >= 5 and any("docs_python" in s for s in sources)
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", *sources],
        capture_output=True,
        text=True,
        env=dict(os.environ, MYPYPATH=""),
    )
    assert run.returncode == 0, run.stdout + run.stderr


def interruptible_child(script):
    """Python running `script`, with Ctrl-C acting as at a terminal. A shell
    starts a background job (`cmd &`) with SIGINT ignored and its children
    inherit that, so Python would never raise KeyboardInterrupt; the child
    starts with the default action instead, as in a terminal."""
    return subprocess.Popen(
        [sys.executable, "-c", script],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


def test_ctrl_c_stops_a_dfs_count_at_once():
    """The walk looks at Ctrl-C often enough to stop within its step (a
    5x5 count takes about 15 s on two cores; it must not run to the end)."""
    script = (
        "import time, wordgrid\n"
        "print('ready', flush=True)\n"
        "t = time.monotonic()\n"
        "try:\n"
        "    wordgrid.count('5x5', engine='dfs', threads=2)\n"
        "    print('finished')\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted', time.monotonic() - t)\n"
    )
    child = interruptible_child(script)
    assert child.stdout is not None
    # Signalled during `import wordgrid` on a slow machine, Python would end
    # with a traceback outside the `try`: wait until the count is starting.
    assert child.stdout.readline().strip() == "ready"
    time.sleep(1.5)
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=60)
    assert out.startswith("interrupted"), out + err
    assert float(out.split()[1]) < 6.0, out


def test_ctrl_c_stops_one_best_and_leaves_another_running():
    """Each call has its own cancel token: Ctrl-C stops the `best()` on
    the main thread (which returns its boards so far, `interrupted`) and
    leaves a `best()` running on another thread to the end of its time."""
    script = (
        "import json, threading, time, wordgrid\n"
        "en = wordgrid.Pack.builtin('en')\n"
        "other = {}\n"
        "def run():\n"
        "    other['best'] = wordgrid.best(en, time=4, threads=1, seed=1)\n"
        "worker = threading.Thread(target=run)\n"
        "worker.start()\n"
        "time.sleep(0.3)\n"
        "print('ready', flush=True)\n"
        "start = time.monotonic()\n"
        "mine = wordgrid.best(en, time=60, threads=1, seed=2)\n"
        "took = time.monotonic() - start\n"
        "worker.join()\n"
        "theirs = other['best']\n"
        "print(json.dumps({'mine': [mine.interrupted, took, len(mine.boards)],\n"
        "                  'theirs': [theirs.interrupted, theirs.seconds]}))\n"
    )
    child = interruptible_child(script)
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "ready"
    time.sleep(1.0)
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=120)
    result = json.loads(out)
    mine_interrupted, took, boards = result["mine"]
    assert mine_interrupted and took < 10 and boards > 0, out + err
    theirs_interrupted, theirs_seconds = result["theirs"]
    assert not theirs_interrupted, out + err
    assert theirs_seconds >= 3.9, out + err


# What a repr's call is evaluated with: the names `from wordgrid import *`
# gives.
NAMES = {name: getattr(wordgrid, name) for name in wordgrid.__all__}


def check_repr(value, positional=(), attribute=getattr):
    """`repr(value)` is a call that makes an equal value, and each argument
    it names (by keyword, or by place as `positional` names them) is the
    attribute of that name, holding that value. Returns the call."""
    text = repr(value)
    call = ast.parse(text, mode="eval").body
    assert isinstance(call, ast.Call), text
    assert eval(text, dict(NAMES)) == value, text
    assert len(call.args) == len(positional), text
    named = list(zip(positional, call.args)) + [(k.arg, k.value) for k in call.keywords]
    for name, node in named:
        want = eval(compile(ast.Expression(node), "<repr>", "eval"), dict(NAMES))
        got = attribute(value, name)
        assert got == want and type(got) is type(want), f"{text}: {name} is {got!r}"
    return call


def test_reprs_read_back_and_name_real_attributes(en, tmp_path, monkeypatch):
    solver = wordgrid.Solver(en)
    solution = solver.solve(BOARD)
    check_repr(solution.words[0], positional=["word"])
    # (A Solution's repr is a short summary, not a call: see above.)
    best = wordgrid.best(en, size="3x3", iterations=3000, seed=2, threads=1, top=3)
    keywords = [k.arg for k in check_repr(best).keywords]
    assert keywords == ["boards", "evaluations", "seconds", "seed", "interrupted"]
    check_repr(best.boards[0])
    check_repr(wordgrid.Best([], 0, 0.0, 1, interrupted=True))
    for shard in (None, (2, 3)):
        proof = wordgrid.prove(en, "2x2", threshold=20, shard=shard)
        keywords = [k.arg for k in check_repr(proof).keywords]
        assert keywords == [
            "boards", "threshold", "classes", "solved", "parts", "parts_done",
            "complete", "shard", "seconds", "shards",
        ]
    shards = [wordgrid.prove(en, "2x2", threshold=20, shard=(k, 2)) for k in (1, 2)]
    check_repr(wordgrid.merge_proofs(shards))

    # A pack's repr is the call that opens it again: built in, installed
    # (by the name it was loaded by) or a file.
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    packs = tmp_path / "boggle" / "packs"
    packs.mkdir(parents=True)
    tiny = wordgrid.Pack.build(["cat", "cats", "act"])
    tiny.save(packs / "tiny.pack")
    for pack, how, attribute in [
        (en, "builtin", "builtin_name"),
        (wordgrid.Pack.load("tiny"), "load", "name"),
        (wordgrid.Pack.open(packs / "tiny.pack"), "open", "name"),
    ]:
        call = check_repr(pack, positional=[attribute])
        assert ast.unparse(call.func) == f"Pack.{how}"
    # One made from bytes cannot be: its repr says so (<…>) and names
    # real attributes.
    assert repr(tiny) == "<Pack name='<lines>', language='en': 3 words>"
    assert (tiny.name, tiny.language, len(tiny)) == ("<lines>", "en", 3)

    # A solver's repr names its options: those among its rules hold them.
    def rule(s, name):
        return s.pack if name == "pack" else s.rules[name]

    for options in [
        {},
        dict(neighbors="no-diag", wrap=True, scoring="big-boggle", min_len=4),
        dict(scoring="ruzzle", bonus="d..T/..../.D../t..."),
    ]:
        check_repr(wordgrid.Solver(en, **options), positional=["pack"], attribute=rule)
    for options in [dict(letter_values={"a": 1, "b": 3}), dict(qu=False), dict(scoring="3=1,4=2")]:
        s = wordgrid.Solver(en, **options)
        assert eval(repr(s), dict(NAMES)) == s, repr(s)
    assert repr(wordgrid.Solver(tiny)).startswith(f"Solver({tiny!r}, neighbors='all', ")


def test_packs_are_equal_by_contents(en, nl, tmp_path):
    en.save(tmp_path / "en.pack")
    copies = [
        wordgrid.Pack.builtin("EN"),
        wordgrid.Pack.load("en"),
        pickle.loads(pickle.dumps(en)),
        wordgrid.Pack.from_bytes(en.to_bytes(), name="another name"),
        wordgrid.Pack.open(tmp_path / "en.pack"),
    ]
    for copy in copies:
        assert copy == en and not copy != en and hash(copy) == hash(en), repr(copy)
    assert {copy: 1 for copy in copies} == {en: 1}
    assert en != nl and en != "en" and en != en.to_bytes()
    words = ["cat", "cats", "act", "tacs", "scat"]
    built = wordgrid.Pack.build(words)
    assert built == wordgrid.Pack.build(words) == pickle.loads(pickle.dumps(built))
    assert hash(built) == hash(wordgrid.Pack.build(words))
    others = [
        wordgrid.Pack.build(words[:-1]),  # other words
        wordgrid.Pack.build(words, recipe="opentaal"),  # other rules
        wordgrid.Pack.build(words, name="cats.txt"),  # other metadata (its source)
    ]
    for other in others:
        assert other != built, other.meta
    assert len({built, *others}) == 4


def test_solvers_are_equal_by_pack_and_rules(en, nl):
    solver = wordgrid.Solver(en)
    same = [
        wordgrid.Solver(wordgrid.Pack.builtin("en")),
        wordgrid.Solver(wordgrid.Pack.from_bytes(en.to_bytes())),
        pickle.loads(pickle.dumps(solver)),
        wordgrid.Solver(en, neighbors="all", wrap=False, scoring="boggle", min_len=3),
        wordgrid.Solver(en, qu=True),  # the English pack reads a lone q as qu
    ]
    for other in same:
        assert other == solver and not other != solver and hash(other) == hash(solver), repr(other)
    values = wordgrid.Solver(en, letter_values={"a": 1, "b": 3})
    assert values == wordgrid.Solver(en, letter_values="a=1,b=3")
    different = [
        wordgrid.Solver(nl),
        wordgrid.Solver(en, neighbors="no-diag"),
        wordgrid.Solver(en, wrap=True),
        wordgrid.Solver(en, scoring="big-boggle"),
        wordgrid.Solver(en, min_len=4),
        wordgrid.Solver(en, qu=False),
        wordgrid.Solver(en, scoring="ruzzle"),
        wordgrid.Solver(en, scoring="ruzzle", bonus="d..T/..../.D../t..."),
        values,
        wordgrid.Solver(en, letter_values={"a": 2, "b": 3}),
    ]
    for other in different:
        assert other != solver and not other == solver, repr(other)
    assert len({solver, *different}) == len(different) + 1
    assert solver != en


def test_words_are_ordered_as_a_solution_lists_them(en):
    solution = wordgrid.Solver(en).solve("perslatgsineters")
    words = solution.words
    shuffled = list(solution)
    random.Random(1).shuffle(shuffled)
    assert shuffled != words and sorted(shuffled) == words
    assert min(solution) == words[0] and max(solution) == words[-1]
    for a, b in zip(words, words[1:]):
        assert a < b and a <= b and b > a and b >= a and not b < a
        assert a.score > b.score or (a.score == b.score and a.word < b.word)
    first = words[0]
    assert first <= first and not first < first
    # Equal score and word, another path: ordered by path, never equal.
    other = wordgrid.Word(first.word, first.score, first.len, first.path[::-1])
    assert other != first and (other < first) != (first < other)
    assert wordgrid.Word("b", 1, 1, [(0, 0)]) < wordgrid.Word("a", 0, 1, [(0, 0)])
    with pytest.raises(TypeError):
        first < "alerting"


NATIVE_CLASSES = ["Best", "FoundBoard", "Pack", "Proof", "ScoreIter", "Solution", "Solver", "Word"]


def test_native_classes_are_final(tmp_path):
    """They cannot be subclassed at run time, and the stubs say so
    (`@final`), so that `mypy --strict` rejects a subclass too."""
    native = sorted(
        name for name in wordgrid.__all__
        if isinstance(getattr(wordgrid, name), type)
        and getattr(wordgrid._native, name, None) is getattr(wordgrid, name)
    )
    assert native == NATIVE_CLASSES
    for name in native:
        with pytest.raises(TypeError):
            type("Mine", (getattr(wordgrid, name),), {})
    source = tmp_path / "subclasses.py"
    source.write_text(
        "import wordgrid\n\n" + "".join(f"class My{n}(wordgrid.{n}): ...\n" for n in native),
        encoding="utf-8",
    )
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(source)],
        capture_output=True,
        text=True,
        env=dict(os.environ, MYPYPATH=""),
    )
    assert run.returncode == 1, run.stdout + run.stderr
    for name in native:
        assert f'Cannot inherit from final class "{name}"' in run.stdout, run.stdout


def test_words_carry_frequency_and_rarity(en):
    full = wordgrid.Solver(en).solve("perslatgsineters")
    common = next(w for w in full if not w.rare)
    rare = next(w for w in full if w.rare)
    # Frequent enough, but no everyday English word (the pack's verdict).
    stray = next(w for w in full if w.why == "not_everyday")
    assert stray.rare and stray.zipf is not None and stray.zipf >= 2.5
    for w in (common, rare, stray):
        assert pickle.loads(pickle.dumps(w)) == w
        assert eval(repr(w), vars(wordgrid)) == w
    assert "rare=True" in repr(rare) and "rare" not in repr(common)
    assert isinstance(common.zipf, float) and en.zipf(common.word) == common.zipf
    assert en.has_frequencies and en.zipf("not-a-word") is None
    # A solution's common tally is its words that are not rare.
    assert full.common_score == sum(w.score for w in full if not w.rare)
    assert pickle.loads(pickle.dumps(full)) == full
    # The solver's rule: equal and hashed by it, pickled with it, repr'd.
    s = wordgrid.Solver(en, min_zipf=3)
    assert s == pickle.loads(pickle.dumps(s)) and s != wordgrid.Solver(en)
    assert s.rules["min_zipf"] == 3.0 and wordgrid.Solver(en).rules["min_zipf"] is None
    assert eval(repr(s), vars(wordgrid)) == s
    with pytest.raises(wordgrid.OptionsError, match="not a Zipf value"):
        wordgrid.Solver(en, min_zipf=-1)
    with pytest.raises(ValueError):
        wordgrid.Word("cat", 1, 3, [(0, 0)], zipf=99)
