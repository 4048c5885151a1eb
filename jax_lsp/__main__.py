"""`python -m jax_lsp` runs the command-line interface."""

import sys

from jax_lsp.cli import main

sys.exit(main())
