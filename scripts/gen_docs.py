#!/usr/bin/env python
"""Regenerate docs/rules.md (and its copy shipped in the package, jax_lsp/docs/rules.md) from
jax_lsp/codes.py and the error catalog.

python scripts/gen_docs.py          # write both pages
python scripts/gen_docs.py --check  # exit 1 if either is out of date
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from jax_lsp.catalog.docs import PACKAGED_PAGE, RULES_PAGE, rules_page  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check, do not write")
    args = parser.parse_args(argv)
    text = rules_page()
    stale = []
    for page in (RULES_PAGE, PACKAGED_PAGE):
        path = REPO / page
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current == text:
            continue
        stale.append(page)
        if not args.check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"wrote {page} ({len(text.splitlines())} lines)")
    if args.check and stale:
        print(f"{', '.join(stale)} out of date: run `python scripts/gen_docs.py`")
        return 1
    if args.check:
        print(f"{RULES_PAGE} and {PACKAGED_PAGE} are up to date")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
