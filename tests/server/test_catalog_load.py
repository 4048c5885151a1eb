"""What a hover loads of the catalog: the entries and their rendering, not the matching of
error messages (`jax_lsp.catalog.matching`, `locate`: a third of the catalog's cost), which
the first hover after the first diagnostics would otherwise wait for."""

from __future__ import annotations

import subprocess
import sys


def test_loading_the_catalog_for_hovers_does_not_import_the_matching() -> None:
    program = (
        "import sys\n"
        "from jax_lsp.catalog import load_catalog\n"
        "from jax_lsp.catalog.render import hover_markdown\n"
        "entry = load_catalog().for_code('JAX001')[0]\n"
        "text = hover_markdown(entry, 'JAX001')\n"
        "assert 'JAX001' in text, text\n"
        "print(sorted(m for m in sys.modules if m.startswith('jax_lsp.catalog')))\n"
    )
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                          check=True)
    loaded = done.stdout
    assert "jax_lsp.catalog.loader" in loaded
    assert "jax_lsp.catalog.matching" not in loaded
    assert "jax_lsp.catalog.locate" not in loaded


def test_the_package_still_offers_every_name() -> None:
    import jax_lsp.catalog as catalog

    for name in catalog.__all__:
        assert getattr(catalog, name) is not None
