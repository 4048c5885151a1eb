"""`escape._word_starts` finds what `\\bword\\b` finds (it searches the word's literal prefix
instead, which is what keeps the escape analysis linear enough on long modules)."""

import re
from pathlib import Path

from jax_lsp.analysis.escape import _word_starts

TEXTS = [
    (Path(__file__).parents[2] / "jax_lsp" / "analysis" / "escape.py").read_text(),
    "a_b ab éab ab2 ab\nab _ab ab_ (ab) ab.ab x_é é",
    "aaa aa aaaa aa\naa",
    "sys.modules xsys.modules sys.modulesx globals()['__dict__'] __dict__",
]


def test_word_starts_equal_the_word_boundary_search():
    for text in TEXTS:
        words = set(re.findall(r"\w+", text)) | {"sys.modules", "aa", "é", "ab", "missing"}
        for word in words:
            expected = [m.start() for m in re.finditer(rf"\b{re.escape(word)}\b", text)]
            assert _word_starts(text, word) == expected, word
