#!/usr/bin/env python
"""Regenerate docs/rules.md from jax_lsp/codes.py and the error catalog.

python scripts/gen_docs.py          # write docs/rules.md
python scripts/gen_docs.py --check  # exit 1 if docs/rules.md is out of date
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from jax_lsp.catalog.docs import RULES_PAGE, rules_page  # noqa: E402 - after sys.path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check, do not write")
    args = parser.parse_args(argv)
    path = REPO / RULES_PAGE
    text = rules_page()
    current = path.read_text(encoding="utf-8") if path.exists() else None
    if args.check:
        if current != text:
            print(f"{RULES_PAGE} is out of date: run `python scripts/gen_docs.py`")
            return 1
        print(f"{RULES_PAGE} is up to date")
        return 0
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    print(f"wrote {RULES_PAGE} ({len(text.splitlines())} lines)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
