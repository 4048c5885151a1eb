"""Fixtures of the command-line tests; the helpers live in `cli_harness` (a module name of its
own: several test folders have a conftest, and `from conftest import ...` would be ambiguous)."""

from cli_harness import fake_analysis, run_cli  # noqa: F401 - fixtures, registered by import
