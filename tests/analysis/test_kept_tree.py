"""A checked module that an earlier analysis imported is not parsed again: its tree is taken
from the workspace's parse cache (`engine._kept_tree`) where the cached text is the one
analysed, and the findings are those of its own parse."""

from __future__ import annotations

from pathlib import Path

import pytest

from jax_lsp.analysis import engine
from jax_lsp.analysis.engine import analyze_source
from jax_lsp.analysis.workspace import Workspace

LIB = """import jax
import jax.numpy as jnp
import numpy as np


def host(x):
    return np.sin(x)


def f(x):
    return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


g = jax.grad(lambda x: f(x).sum())
g(jnp.ones(3))
"""


def _parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    parsed: list[str] = []
    real = engine.parse

    def counting(source: str, filename: str = "<string>") -> object:
        parsed.append(filename)
        return real(source, filename)

    monkeypatch.setattr(engine, "parse", counting)
    return parsed


def _findings(source: str, path: Path, ws: Workspace) -> list[tuple[str, int]]:
    return [(f.code, f.span.line) for f in analyze_source(source, str(path), None, ws).findings]


@pytest.mark.parametrize("ending", ["\n", ""])
def test_an_imported_module_is_not_parsed_again(tmp_path: Path, ending: str,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    lib = tmp_path / "lib.py"
    source = LIB.rstrip("\n") + ending
    lib.write_text(source)
    expected = _findings(source, lib, Workspace([tmp_path]))
    assert expected  # (JAX001: the callback under grad)
    ws = Workspace([tmp_path])
    assert ws.parse(lib) is not None  # an earlier file imported it
    parsed = _parses(monkeypatch)
    assert _findings(source, lib, ws) == expected
    assert parsed == []


@pytest.mark.parametrize("change", ["crlf", "edited", "form_feed"])
def test_another_text_is_parsed(tmp_path: Path, change: str,
                                monkeypatch: pytest.MonkeyPatch) -> None:
    lib = tmp_path / "lib.py"
    lib.write_bytes({"crlf": LIB.replace("\n", "\r\n"), "edited": LIB,
                     "form_feed": LIB.replace("import numpy", "\fimport numpy")}[change].encode())
    ws = Workspace([tmp_path])
    assert ws.parse(lib) is not None
    source = {"crlf": LIB.replace("\n", "\r\n"), "edited": LIB + "h = 1\n",
              "form_feed": LIB.replace("import numpy", "\fimport numpy")}[change]
    parsed = _parses(monkeypatch)
    got = _findings(source, lib, ws)
    assert parsed == [str(lib)]
    assert got == _findings(source, lib, Workspace([tmp_path]))
