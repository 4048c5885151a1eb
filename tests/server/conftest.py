"""Fixtures for the end-to-end server tests (the harness is in `lsp_harness`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsp_harness import Session, client_fixture
from pytest_lsp import LanguageClient


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every server test treats a response outside the client's capabilities as an error."""
    here = Path(__file__).parent
    for item in items:
        if Path(str(item.fspath)).parent == here:
            item.add_marker(pytest.mark.filterwarnings("error::pytest_lsp.LspSpecificationWarning"))


#: shared by the test modules that only open their own documents
client = client_fixture("package")


@pytest.fixture
def session(client: LanguageClient) -> Session:
    return Session(client, client.profile, client.root)  # type: ignore[attr-defined]
