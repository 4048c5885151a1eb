"""`python -m jax_lsp` runs the command-line interface.

`python -m` puts the working directory first on `sys.path`, so in a cloned repository a module
named like one jax-lsp imports later (`json.py`, `attr.py`, `pygls/`) would run instead of it:
code from the repository, run without consent (see docs/security.md). It is taken off again
before anything else is imported (Python 3.11's `-P` does the same, on 3.11 and newer only).
"""

import os
import sys

if sys.path and sys.path[0] in ("", os.getcwd()) and not getattr(sys.flags, "safe_path", False):
    del sys.path[0]

from jax_lsp.cli import main  # noqa: E402 - after sys.path is safe

sys.exit(main())
