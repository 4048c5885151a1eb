"""Shared fixtures for the catalog tests: the loaded catalog and the entry lists to parametrize."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from jax_lsp.catalog import Catalog, load_catalog

REPO = Path(__file__).resolve().parents[2]


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "jax_run: runs catalog examples under real JAX in subprocesses (slow)"
    )


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    return load_catalog()
