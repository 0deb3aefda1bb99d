"""Type stubs for wordgrid's native module (the classes and functions that
``wordgrid`` re-exports)."""

import os
from typing import Iterable, Iterator, Optional, Sequence, Union, overload

__version__: str

SizeLike = Union[str, int, tuple[int, int]]
PathLike = Union[str, "os.PathLike[str]"]

class Pack:
    """A language pack: the words of one list and the rules of its game."""

    @staticmethod
    def builtin(name: str) -> Pack:
        """A built-in pack: ``en`` (English) or ``nl`` (Dutch)."""
    @staticmethod
    def load(name: str) -> Pack:
        """A pack by name: built-in first, then installed (``boggle-prep install``)."""
    @staticmethod
    def open(path: PathLike) -> Pack:
        """Opens a pack file (memory-mapped, checksums checked)."""
    @staticmethod
    def from_bytes(data: bytes, name: str = "<bytes>") -> Pack:
        """A pack from the bytes of a pack file."""
    @staticmethod
    def build(source: Union[PathLike, Iterable[str]], recipe: str = "enable", name: Optional[str] = None) -> Pack:
        """Builds a pack in memory from a word list (a path or lines)."""
    def to_bytes(self) -> bytes:
        """The pack as the bytes of a pack file."""
    def save(self, path: PathLike) -> None:
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
    def words(self) -> list[str]: ...
    def __len__(self) -> int: ...
    def __contains__(self, word: str) -> bool: ...

class Word:
    """A word found on a board."""

    @property
    def word(self) -> str: ...
    @property
    def score(self) -> int: ...
    @property
    def len(self) -> int: ...
    @property
    def path(self) -> list[tuple[int, int]]:
        """``(row, col)`` from 0, first letter first."""

class Solution:
    """Everything found on one board."""

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
    def __len__(self) -> int: ...

class ScoreIter(Iterator[tuple[int, int]]):
    """Yields ``(score, word_count)`` per board, in input order."""

    def __iter__(self) -> ScoreIter: ...
    def __next__(self) -> tuple[int, int]: ...

class Solver:
    """Solves boards of one pack under one set of rules."""

    def __init__(
        self,
        pack: Pack,
        neighbors: str = "all",
        wrap: bool = False,
        scoring: Optional[str] = None,
        min_len: Optional[int] = None,
        bonus: Optional[str] = None,
        letter_values: Union[dict[str, int], str, None] = None,
        qu: Optional[bool] = None,
    ) -> None: ...
    def solve(self, board: str) -> Solution: ...
    def score(self, board: str) -> int: ...
    def tally(self, board: str) -> tuple[int, int]:
        """``(score, word_count)``."""
    def score_many(self, boards: Iterable[str], threads: Optional[int] = None) -> ScoreIter: ...
    @property
    def rules(self) -> dict[str, object]: ...
    @property
    def pack(self) -> Pack: ...

class Best:
    """What ``best`` found."""

    @property
    def boards(self) -> list[tuple[int, str, int]]:
        """``(score, board, words)``, best first."""
    @property
    def evaluations(self) -> int: ...
    @property
    def seconds(self) -> float: ...
    @property
    def seed(self) -> int: ...
    @property
    def interrupted(self) -> bool: ...

class Proof:
    """What ``prove`` found."""

    @property
    def boards(self) -> list[tuple[int, str, int]]: ...
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

@overload
def roll(
    target: Union[Pack, Solver],
    size: Optional[SizeLike] = None,
    dice: Optional[str] = None,
    letters: Optional[str] = None,
    shape: Optional[str] = None,
    seed: Optional[int] = None,
    count: None = None,
    min_words: int = 0,
    min_score: int = 0,
    max_rolls: int = 1000,
) -> str: ...
@overload
def roll(
    target: Union[Pack, Solver],
    size: Optional[SizeLike] = None,
    dice: Optional[str] = None,
    letters: Optional[str] = None,
    shape: Optional[str] = None,
    seed: Optional[int] = None,
    count: int = ...,
    min_words: int = 0,
    min_score: int = 0,
    max_rolls: int = 1000,
) -> list[str]: ...
@overload
def count(
    size: SizeLike,
    neighbors: str = "all",
    wrap: bool = False,
    max_len: Optional[int] = None,
    by_length: bool = False,
    threads: Optional[int] = None,
    engine: str = "auto",
) -> int: ...
@overload
def count(
    size: SizeLike,
    neighbors: str = "all",
    wrap: bool = False,
    max_len: Optional[int] = None,
    *,
    by_length: bool,
    threads: Optional[int] = None,
    engine: str = "auto",
) -> Union[int, list[int]]: ...
def best(
    target: Union[Pack, Solver],
    size: Optional[SizeLike] = None,
    seconds: Optional[float] = None,
    iterations: Optional[int] = None,
    seed: Optional[int] = None,
    threads: Optional[int] = None,
    top: int = 10,
    dice: Optional[str] = None,
    letters: Optional[str] = None,
    stop_at: Optional[int] = None,
) -> Best: ...
def prove(
    target: Union[Pack, Solver],
    size: SizeLike,
    threshold: int,
    threads: Optional[int] = None,
    shard: Optional[tuple[int, int]] = None,
) -> Proof: ...
def builtin_packs() -> list[str]: ...
def recipes() -> list[str]: ...
