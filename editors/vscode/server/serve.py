"""Start the jax-lsp server the .vsix carries in `bundled/libs` (jax-lsp and its dependencies,
unpacked for one platform), with whatever CPython runs this file: nothing to install, no network.
The extension runs it as `python -I serve.py serve`: `-I` keeps the user's environment variables,
user site folder and working directory (a workspace's own modules) off `sys.path`, and the
bundled folder goes first, so its pygls and libcst win over other versions the interpreter has.
"""

import os
import sys

LIBS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bundled", "libs")

if __name__ == "__main__":
    sys.path.insert(0, LIBS)
    from jax_lsp.cli import main

    sys.exit(main(sys.argv[1:] or ["serve"]))
