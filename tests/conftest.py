import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

# the `pytester` fixture: tests/runtime runs real pytest sessions with the jax-lsp plugin
pytest_plugins = ("pytester",)

# the result cache signs its files with a key kept in the user's cache folder: the tests' own
if not os.environ.get("JAX_LSP_KEY_DIR"):
    os.environ["JAX_LSP_KEY_DIR"] = tempfile.mkdtemp(prefix="jax-lsp-test-key-")
