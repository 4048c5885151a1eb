"""Score `jax-lsp explain` on a set of pasted error texts (`tests/catalog/pasted/*.toml`).

Each text is classified as *right* (the expected entry is named), *wrong* (another entry is
named), *unmatched* (no entry named, though one was expected), *left alone* (an out-of-scope
text that no entry claims) or *claimed* (an out-of-scope text that an entry claims: a false
alarm). `python tests/catalog/pasted/score.py FILE...` prints the counts; `--details` prints
each text's outcome as well (do not use it on a held-out set before its one scoring).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import tomllib

from jax_lsp.catalog import explain, load_catalog

OUT_OF_SCOPE = "out-of-scope"
HERE = Path(__file__).parent


@dataclass(frozen=True)
class Outcome:
    url: str
    expect: str
    named: str | None

    @property
    def kind(self) -> str:
        if self.expect == OUT_OF_SCOPE:
            return "left alone" if self.named is None else "claimed"
        if self.named == self.expect:
            return "right"
        return "unmatched" if self.named is None else "wrong"


def load_texts(path: Path) -> list[dict[str, str]]:
    with path.open("rb") as f:
        return list(tomllib.load(f)["text"])


def score(path: Path) -> list[Outcome]:
    catalog = load_catalog()
    outcomes = []
    for item in load_texts(path):
        result = explain(item["text"], catalog)
        named = result.match.entry.id if result.match is not None else None
        outcomes.append(Outcome(item["url"], item["expect"], named))
    return outcomes


def summary(outcomes: list[Outcome]) -> str:
    counts = Counter(o.kind for o in outcomes)
    in_scope = sum(1 for o in outcomes if o.expect != OUT_OF_SCOPE)
    oos = len(outcomes) - in_scope
    return (
        f"named right {counts['right']}/{in_scope}, wrong {counts['wrong']}, "
        f"unmatched {counts['unmatched']}; out-of-scope left alone {counts['left alone']}/{oos}"
        f" (claimed {counts['claimed']})"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--details", action="store_true")
    args = parser.parse_args(argv)
    for path in args.files:
        outcomes = score(path)
        print(f"{path.name}: {summary(outcomes)}")
        if args.details:
            for o in outcomes:
                if o.kind not in ("right", "left alone"):
                    print(f"  {o.kind:10} expected {o.expect}, named {o.named}: {o.url}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
