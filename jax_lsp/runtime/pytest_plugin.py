"""pytest plugin: under a test that fails with a JAX autodiff error, a `jax-lsp` section names
the catalog entry, the user's line and the first fix.

Registered through the `pytest11` entry point `jax_lsp` (on by default; `-p no:jax_lsp` turns
it off). It only reads the failure: the exception and pytest's own report are unchanged, and a
passing test, or a failure that did not come from JAX, costs one attribute check.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import pytest

from jax_lsp.runtime.explain import explain_exception

SECTION = "jax-lsp"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[Any]) -> Generator[None]:
    outcome = yield
    excinfo = call.excinfo
    if excinfo is None:
        return
    try:
        note = explain_exception(excinfo.value)
    except Exception as err:  # a bug here must never hide the test's own failure
        note = f"jax-lsp could not explain this error: {type(err).__name__}: {err}"
    if note:
        outcome.get_result().sections.append((SECTION, note))
