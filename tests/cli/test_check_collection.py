"""A check analysing files one after another in its own process drives the cyclic garbage
collector itself (`runner._analyse_in_turn`): what the earlier files left is frozen, so that
collecting after a file walks only what that file left, and each file's cyclic garbage is
freed before the next file."""

from __future__ import annotations

import gc
import weakref
from pathlib import Path
from typing import Any

import pytest

from jax_lsp.checker import runner
from jax_lsp.project.config import Config


class _Cycle:
    def __init__(self) -> None:
        self.me = self


def test_a_check_in_turn_freezes_what_earlier_files_left_and_frees_their_cycles(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    files = []
    for i in range(4):
        path = tmp_path / f"m{i}.py"
        path.write_text(f"import jax\n\ndef f{i}(x):\n    return jax.grad(lambda y: y * {i})(x)\n")
        files.append((path, Config()))
    seen: list[tuple[bool, int]] = []
    cycles: list[weakref.ref[_Cycle]] = []
    analyse = runner.analyse_file

    def observed(*args: Any, **kwargs: Any) -> Any:
        seen.append((gc.isenabled(), gc.get_freeze_count()))
        assert all(ref() is None for ref in cycles)  # the earlier files' garbage is freed
        cycles.append(weakref.ref(_Cycle()))  # garbage only the cyclic collector frees
        return analyse(*args, **kwargs)

    monkeypatch.setattr(runner, "analyse_file", observed)
    enabled = gc.isenabled()
    run = runner.check_files(files, jobs=1, cwd=tmp_path)
    assert run.files_checked == 4
    assert [on for on, _ in seen] == [False] * 4  # the collector does not run by itself
    frozen = [count for _, count in seen]
    assert frozen[0] > 0 and frozen == sorted(frozen)
    assert gc.isenabled() == enabled and gc.get_freeze_count() == 0  # as it was
