"""A recording workspace (`check`'s, `--fix`'s) reads and hashes each module on disk once per
analysis: `parse` and `facts` were each asked of a module several times per analysis, and each
answer read the file twice and hashed it twice (`Workspace._text`, and the record's
`file_hash`): 5,800 reads and as many hashes in a check of jax, flax, optax and equinox, for
900 modules read by an analysis. What the record holds stays what the result cache validates:
the content hash of the bytes analysed, and a change made meanwhile still tells."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from jax_lsp.analysis import workspace as workspace_module
from jax_lsp.checker import runner
from jax_lsp.project import provenance
from jax_lsp.project.provenance import RecordingWorkspace, file_hash


def _names(tree: ast.Module) -> int:
    return len(tree.body)


def _count_reads(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """Count the workspace's file reads and the record's own hashing of files."""
    counts = {"reads": 0, "file hashes": 0}
    read = workspace_module.read_regular_file
    hashed = provenance.file_hash

    def reading(*args: object, **kwargs: object) -> bytes | None:
        counts["reads"] += 1
        return read(*args, **kwargs)  # type: ignore[arg-type]

    def hashing(path: str) -> str | None:
        counts["file hashes"] += 1
        return hashed(path)

    monkeypatch.setattr(workspace_module, "read_regular_file", reading)
    monkeypatch.setattr(provenance, "file_hash", hashing)
    return counts


def test_one_read_per_module_per_recording(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    helper = tmp_path / "helper.py"
    helper.write_text("import jax\n\ndef f(x):\n    return x\n", encoding="utf-8")
    ws = RecordingWorkspace(roots=[tmp_path])
    counts = _count_reads(monkeypatch)
    with ws.recording() as record:
        assert ws.parse(helper) is not None
        assert ws.facts(helper, _names) == 2
        assert ws.parse(helper) is not None
        assert ws.facts(helper, _names, by_text=lambda text: None) == 2
    assert counts == {"reads": 1, "file hashes": 0}  # before: 4 reads and 4 file hashes
    assert record.reads == {str(helper): file_hash(helper)}
    assert record.replayable
    # the next analysis reads the module as it is then
    helper.write_text("def f(x):\n    return x\n", encoding="utf-8")
    with ws.recording() as record:
        assert ws.facts(helper, _names) == 1
    assert record.reads == {str(helper): file_hash(helper)}
    assert counts["reads"] == 2


def test_planned_files_are_read_as_they_are_each_time(tmp_path: Path) -> None:
    """`--fix` changes the files it plans between the analyses of one recording: each is
    read as it is, and a changed one makes the record unreplayable, as before."""
    created = tmp_path / "_jax_lsp_helpers.py"
    ws = RecordingWorkspace(roots=[tmp_path])
    with ws.recording() as record:
        ws.planned = {created: "def a():\n    pass\n"}
        assert ws.facts(created, _names) == 1
        ws.planned = {created: "def a():\n    pass\n\ndef b():\n    pass\n"}
        assert ws.facts(created, _names) == 2
    assert not record.replayable


def test_provenance_hashes_only_what_was_not_read(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The record's dependencies were each hashed again when its provenance was made, even
    those it had read (`setdefault` of a hash computed first)."""
    helper = tmp_path / "helper.py"
    helper.write_text("X = 1\n", encoding="utf-8")
    ws = RecordingWorkspace(roots=[tmp_path])
    counts = _count_reads(monkeypatch)
    with ws.recording() as record:
        ws.parse(helper)
    made = record.provenance("digest", [str(helper)])
    assert made is not None and made.dependencies == ((str(helper), file_hash(helper)),)
    assert counts["file hashes"] == 0  # before: 2 (the read's and the provenance's)


def test_a_check_reads_each_imported_module_once_per_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file's analysis asks several questions of a module it imports (its statements, and
    whether it names a callback): one read."""
    (tmp_path / "helper.py").write_text(
        "import jax\n\ndef host(x):\n    return jax.pure_callback(print, x, x)\n",
        encoding="utf-8")
    main = tmp_path / "main.py"
    main.write_text("import jax\nfrom helper import host\n\n\n@jax.grad\ndef loss(x):\n"
                    "    return host(x)\n", encoding="utf-8")
    counts = _count_reads(monkeypatch)
    analysed = runner.analyse_file(str(main), runner.AnalysisConfig(), str(tmp_path))
    assert analysed.internal_error is None
    assert counts == {"reads": 1, "file hashes": 0}
    assert analysed.provenance is not None
    assert analysed.provenance.dependencies == (
        (str(tmp_path / "helper.py"), file_hash(tmp_path / "helper.py")),)


def test_one_lookup_per_import_per_recording(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """An analysis looks the same import up again and again (each read of an imported name
    of a module not loaded yet): the record's answer serves, unless files are planned
    (`--fix` changes them between the analyses of one recording)."""
    (tmp_path / "helper.py").write_text("X = 1\n", encoding="utf-8")
    main = tmp_path / "main.py"
    ws = RecordingWorkspace(roots=[tmp_path])
    lookups = []
    module_file = workspace_module._module_file

    def counting(*args: object) -> Path | None:
        lookups.append(args)
        return module_file(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(workspace_module, "_module_file", counting)
    with ws.recording() as record:
        assert ws.find("helper", 0, main) == tmp_path / "helper.py"
        first = len(lookups)
        assert ws.find("helper", 0, main) == tmp_path / "helper.py"
        assert ws.find("missing", 0, main) is None
        after_missing = len(lookups)
        assert ws.find("missing", 0, main) is None
        assert len(lookups) == after_missing  # before: looked up again each time
        assert after_missing > first
    assert record.imports[("helper", 0, str(main))] == str(tmp_path / "helper.py")
    with ws.recording():
        ws.planned = {tmp_path / "missing.py": "Y = 2\n"}
        assert ws.find("missing", 0, main) == tmp_path / "missing.py"
        ws.planned = {}
        assert ws.find("missing", 0, main) is None
