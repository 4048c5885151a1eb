"""Fix tests: the JAX runs of the corpus-wide tests are batched per `xdist_group`, so that
`pytest tests/fixes -n 2` sends each batch to one worker (see `fix_cases.run_batch`)."""

from __future__ import annotations

import importlib.util
from typing import Any

import pytest

_FLAG = "jax_lsp_fix_loadgroup"


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    # `-n 2` alone means `--dist load`, which ignores xdist_group marks, so one batch would run
    # on both workers. `loadgroup` balances like `load` and keeps each group on one worker; a
    # worker learns it from the controller (it reads `dist` before conftests are loaded).
    if getattr(config.option, "dist", "no") == "load":
        config.option.dist = "loadgroup"
    workerinput: dict[str, Any] | None = getattr(config, "workerinput", None)
    if workerinput is not None and workerinput.get(_FLAG):
        config.option.loadgroup = True


if importlib.util.find_spec("xdist") is not None:

    def pytest_configure_node(node: Any) -> None:
        if node.config.getoption("dist") == "loadgroup":
            node.workerinput[_FLAG] = True
