"""wordgrid: word-grid games (Boggle, Big Boggle, Word Hunt, Wordament,
Ruzzle) in many languages.

The model: a :class:`Pack` holds a language's words (compiled into an
automaton) and its rules; a :class:`Solver` solves boards of one pack under
one set of rules (neighbours, wrap, scoring, minimum length); boards are
text, as the ``boggle`` CLI reads them (``"oatr ihps htnr enei"``,
``"[qu]..."``, ``"."`` for a blank).

>>> import wordgrid
>>> solver = wordgrid.Solver(wordgrid.Pack.builtin("en"))
>>> solver.solve("oatr ihps htnr enei").score
187

The heavy jobs run on a Dask cluster with :mod:`wordgrid.dask`.
"""

from ._native import (
    Best,
    Pack,
    Proof,
    ScoreIter,
    Solution,
    Solver,
    Word,
    __version__,
    best,
    builtin_packs,
    count,
    prove,
    recipes,
    roll,
)
from .errors import BoardError, OptionsError, PackError, WordgridError

__all__ = [
    "Best",
    "BoardError",
    "OptionsError",
    "Pack",
    "PackError",
    "Proof",
    "ScoreIter",
    "Solution",
    "Solver",
    "Word",
    "WordgridError",
    "__version__",
    "best",
    "builtin_packs",
    "count",
    "prove",
    "recipes",
    "roll",
]
