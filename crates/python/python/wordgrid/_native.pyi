"""Type stubs for wordgrid's native module (the classes and functions that
``wordgrid`` re-exports)."""

import os
from typing import Any, Iterable, Iterator, Literal, Optional, Union, final, overload

__all__ = [
    "__version__",
    "Pack",
    "Solver",
    "Solution",
    "Word",
    "ScoreIter",
    "Best",
    "Proof",
    "FoundBoard",
    "roll",
    "count",
    "best",
    "prove",
    "merge_proofs",
    "builtin_packs",
    "recipes",
    "_from_bytes_named",
]

__version__: str

# Private: only the stubs have these aliases.
_SizeLike = Union[str, int, tuple[int, int]]
_PathLike = Union[str, "os.PathLike[str]"]
_BoardLike = Union[str, "os.PathLike[str]"]

# Every class is final: the native module's classes cannot be subclassed.

@final
class Pack:
    """A language pack: the words of one list and the rules of its game.
    Equal to another pack with the same words, recipe and metadata (the
    same ``to_bytes()``), however each was opened; hashable, picklable."""

    @staticmethod
    def builtin(name: str) -> Pack:
        """A built-in pack: ``en`` (English) or ``nl`` (Dutch)."""
    @staticmethod
    def load(name: str) -> Pack:
        """A pack by name: built-in first, then installed (``boggle-prep install``)."""
    @staticmethod
    def open(path: _PathLike) -> Pack:
        """Opens a pack file (memory-mapped, checksums checked)."""
    @staticmethod
    def from_bytes(data: Union[bytes, bytearray, memoryview], name: str = "<bytes>") -> Pack:
        """A pack from the bytes of a pack file (any bytes-like object)."""
    @staticmethod
    def build(
        source: Union[_PathLike, Iterable[str]],
        recipe: str = "enable",
        name: Optional[str] = None,
        allow_empty: bool = False,
        frequencies: Union[_PathLike, Literal[False], None] = None,
    ) -> Pack:
        """Builds a pack in memory from a word list (a path or lines); one
        that keeps under 1% of its lines fails unless ``allow_empty``.
        ``frequencies``: ``None`` reads the list the recipe names (from
        ``BOGGLE_FREQUENCIES``, else the checkout's ``wordlists/``), a path
        reads that list, ``False`` builds without."""
    def to_bytes(self) -> bytes:
        """The pack as the bytes of a pack file."""
    def save(self, path: _PathLike) -> None:
        """Writes the pack to a file, atomically."""
    @property
    def name(self) -> str: ...
    @property
    def builtin_name(self) -> Optional[str]: ...
    @property
    def language(self) -> str: ...
    @property
    def recipe(self) -> str: ...
    @property
    def alphabet(self) -> str: ...
    @property
    def min_len(self) -> int: ...
    @property
    def meta_json(self) -> str: ...
    @property
    def meta(self) -> dict[str, Any]: ...
    def words(self) -> list[str]: ...
    def __len__(self) -> int: ...
    def __contains__(self, word: str, /) -> bool: ...
    @property
    def has_frequencies(self) -> bool:
        """Whether the pack knows how common its words are (a pack without
        frequencies has no rare words)."""
    def zipf(self, word: str) -> Optional[float]:
        """How common ``word`` (in the pack's spelling) is, on the Zipf
        scale to a tenth; ``None`` if the pack lacks it or its frequency."""
    def __iter__(self) -> Iterator[str]: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Word:
    """A word found on a board (a value: equal by its fields, hashable,
    picklable). Ordered as a solution lists its words: highest score first,
    then alphabetically (then by length and path), so that
    ``sorted(solution) == solution.words``."""

    def __new__(
        cls,
        word: str,
        score: int,
        len: int,
        path: list[tuple[int, int]],
        zipf: Optional[float] = None,
        rare: bool = False,
        why: Optional[str] = None,
    ) -> Word: ...
    @property
    def word(self) -> str: ...
    @property
    def score(self) -> int: ...
    @property
    def len(self) -> int: ...
    @property
    def path(self) -> list[tuple[int, int]]:
        """``(row, col)`` from 0, first letter first."""
    @property
    def zipf(self) -> Optional[float]:
        """How common the word is on the Zipf scale, to a tenth (3.0: once
        per million words of text); ``None`` when the pack has no
        frequencies or its source does not list the word."""
    @property
    def rare(self) -> bool:
        """Under the solver's line (Zipf 2.5 unless ``min_zipf`` says), not
        in the pack's frequency list, or not an everyday word of the
        language (a name, an abbreviation, a stray token: the pack's
        verdict); never in a pack without frequencies."""
    @property
    def why(self) -> Optional[str]:
        """Why a rare word is rare: ``"too_rare"`` (under the line or not
        listed), ``"name"``, ``"abbreviation"`` or ``"not_everyday"``;
        ``None`` for a common word."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __lt__(self, other: Word, /) -> bool: ...
    def __le__(self, other: Word, /) -> bool: ...
    def __gt__(self, other: Word, /) -> bool: ...
    def __ge__(self, other: Word, /) -> bool: ...

@final
class Solution:
    """Everything found on one board (a value: equal by its fields,
    picklable; iterates over its words)."""

    def __new__(
        cls, board: str, rows: int, cols: int, score: int, word_count: int, words: list[Word]
    ) -> Solution: ...
    @property
    def board(self) -> str: ...
    @property
    def rows(self) -> int: ...
    @property
    def cols(self) -> int: ...
    @property
    def score(self) -> int: ...
    @property
    def word_count(self) -> int: ...
    @property
    def words(self) -> list[Word]:
        """Highest score first, then alphabetically."""
    @property
    def common_words(self) -> list[Word]:
        """The words that are not ``rare``, in the same order."""
    @property
    def common_score(self) -> int: ...
    @property
    def common_word_count(self) -> int: ...
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[Word]: ...

@final
class ScoreIter(Iterator[tuple[int, int]]):
    """Yields ``(score, word_count)`` per board, in input order."""

    def __iter__(self) -> ScoreIter: ...
    def __next__(self) -> tuple[int, int]: ...

@final
class Solver:
    """Solves boards of one pack under one set of rules. Equal to another
    solver with an equal pack and the same rules; hashable, picklable."""

    def __new__(
        cls,
        pack: Pack,
        neighbors: str = "all",
        wrap: bool = False,
        scoring: Union[str, "os.PathLike[str]", None] = None,
        min_len: Optional[int] = None,
        bonus: Optional[str] = None,
        letter_values: Union[dict[str, int], str, None] = None,
        qu: Optional[bool] = None,
        common: bool = False,
        min_zipf: Optional[float] = None,
    ) -> Solver:
        """``common=True`` counts only common words (Zipf 2.5 and more in
        the pack's frequency list); ``min_zipf`` draws another line. Rare
        words are then not found at all."""
    def solve(self, board: _BoardLike, *, size: Optional[_SizeLike] = None) -> Solution:
        """A ``str`` is the board's text; a ``pathlib.Path`` names a file
        holding it. ``size`` cuts a run of letters into its rows
        (``solve("perslatesind", size="3x4")``); without it a run must make
        a square."""
    def score(self, board: _BoardLike, *, size: Optional[_SizeLike] = None) -> int: ...
    def tally(self, board: _BoardLike, *, size: Optional[_SizeLike] = None) -> tuple[int, int]:
        """``(score, word_count)``."""
    def score_many(
        self,
        boards: Iterable[str],
        threads: Optional[int] = None,
        *,
        size: Optional[_SizeLike] = None,
    ) -> ScoreIter: ...
    @property
    def rules(self) -> dict[str, object]: ...
    @property
    def pack(self) -> Pack: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class FoundBoard:
    """A board ``best`` or ``prove`` found; unpacks as ``score, board,
    word_count``."""

    def __new__(cls, score: int, board: str, word_count: int) -> FoundBoard: ...
    @property
    def score(self) -> int: ...
    @property
    def board(self) -> str: ...
    @property
    def word_count(self) -> int: ...
    def __iter__(self) -> Iterator[Union[int, str]]: ...
    @overload
    def __getitem__(self, index: Literal[0, 2, -1, -3], /) -> int: ...
    @overload
    def __getitem__(self, index: Literal[1, -2], /) -> str: ...
    @overload
    def __getitem__(self, index: int, /) -> Union[int, str]: ...
    def __len__(self) -> int: ...

@final
class Best:
    """What ``best`` found; iterates over its boards."""

    def __new__(
        cls, boards: list[FoundBoard], evaluations: int, seconds: float, seed: int, interrupted: bool = False
    ) -> Best: ...
    @property
    def boards(self) -> list[FoundBoard]:
        """Best first."""
    @property
    def evaluations(self) -> int: ...
    @property
    def seconds(self) -> float: ...
    @property
    def seed(self) -> int: ...
    @property
    def interrupted(self) -> bool: ...
    def __iter__(self) -> Iterator[FoundBoard]: ...
    def __len__(self) -> int: ...

@final
class Proof:
    """What ``prove`` found; iterates over its boards."""

    def __new__(
        cls,
        boards: list[FoundBoard],
        threshold: int,
        classes: int,
        solved: int,
        parts: int,
        parts_done: int,
        complete: bool,
        shard: Optional[tuple[int, int]],
        seconds: float,
        shards: Optional[list[tuple[int, int]]] = None,
    ) -> Proof: ...
    @property
    def boards(self) -> list[FoundBoard]: ...
    @property
    def threshold(self) -> int: ...
    @property
    def classes(self) -> int: ...
    @property
    def solved(self) -> int: ...
    @property
    def parts(self) -> int: ...
    @property
    def parts_done(self) -> int: ...
    @property
    def complete(self) -> bool: ...
    @property
    def shard(self) -> Optional[tuple[int, int]]: ...
    @property
    def seconds(self) -> float: ...
    @property
    def shards(self) -> list[tuple[int, int]]: ...
    def __iter__(self) -> Iterator[FoundBoard]: ...
    def __len__(self) -> int: ...

def roll(
    pack: Union[Pack, Solver],
    size: Optional[_SizeLike] = None,
    dice: Optional[str] = None,
    letters: Optional[str] = None,
    shape: Optional[str] = None,
    seed: Optional[int] = None,
    count: Optional[int] = None,
    min_words: int = 0,
    min_score: int = 0,
    max_rolls: int = 1000,
    game: Optional[str] = None,
    scoring: Optional[str] = None,
) -> list[tuple[str, int, Optional[str]]]:
    """``(text, seed, bonus)`` a board; ``wordgrid.roll`` wraps them as ``Rolled``."""
@overload
def count(
    size: _SizeLike,
    neighbors: str = "all",
    wrap: bool = False,
    max_len: Optional[int] = None,
    by_length: Literal[False] = False,
    threads: Optional[int] = None,
    engine: str = "auto",
) -> int: ...
@overload
def count(
    size: _SizeLike,
    neighbors: str = "all",
    wrap: bool = False,
    max_len: Optional[int] = None,
    *,
    by_length: Literal[True],
    threads: Optional[int] = None,
    engine: str = "auto",
) -> list[int]: ...
@overload
def count(
    size: _SizeLike,
    neighbors: str = "all",
    wrap: bool = False,
    max_len: Optional[int] = None,
    *,
    by_length: bool,
    threads: Optional[int] = None,
    engine: str = "auto",
) -> Union[int, list[int]]: ...
def best(
    pack: Union[Pack, Solver],
    size: Optional[_SizeLike] = None,
    time: Optional[float] = None,
    iterations: Optional[int] = None,
    seed: Optional[int] = None,
    threads: Optional[int] = None,
    top: int = 5,
    dice: Optional[str] = None,
    letters: Optional[str] = None,
    target: Optional[int] = None,
) -> Best:
    """As ``boggle best``: ``time`` seconds or ``iterations``; ``target``
    stops at a board of that score."""
def prove(
    pack: Union[Pack, Solver],
    size: _SizeLike,
    threshold: int,
    threads: Optional[int] = None,
    shard: Optional[tuple[int, int]] = None,
    checkpoint: Optional[Union[str, "os.PathLike[str]"]] = None,
    class_memory: Optional[int] = None,
) -> Proof:
    """As ``boggle prove``; ``threshold`` is at most 16,777,215;
    ``checkpoint`` (a file) keeps its progress and resumes from it;
    ``class_memory`` (bytes; default or 0: no limit) as ``--class-memory``."""
def merge_proofs(proofs: list[Proof]) -> Proof:
    """Shards' proofs merged into one, as ``boggle prove --merge`` does."""
def builtin_packs() -> list[str]: ...
def recipes() -> list[str]: ...
def _from_bytes_named(data: bytes, file: str, name: str) -> Pack:
    """Unpickles a pack that ``Pack.load`` found by name."""
