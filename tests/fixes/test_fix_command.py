"""`jax-lsp check --fix`, `--unsafe-fixes` and `--diff`: safe fixes are written, unsafe ones only
when asked, a diff writes nothing, and a file that changed on disk since it was read is never
overwritten."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from jax_lsp import cli
from jax_lsp.analysis import analyze_source
from jax_lsp.fixes import apply as fix_apply
from jax_lsp.fixes.generated import MODULE_NAME, helper_module_text

REVERSE_ONLY = """\
import jax
import jax.numpy as jnp
import numpy as np


def loss(x):
    s = jax.pure_callback(np.sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
    return jnp.sum(s)


print(jax.grad(loss)(jnp.ones(3)))
"""

FORWARD_CUSTOM_VJP = """\
import jax
import jax.numpy as jnp


@jax.custom_vjp
def f(x):
    return jnp.sin(x)


f.defvjp(lambda x: (f(x), x), lambda x, g: (g * jnp.cos(x),))
print(jax.jacfwd(f)(jnp.ones(2)))
"""


@dataclass(frozen=True)
class Ran:
    code: int
    out: str
    err: str


@pytest.fixture
def check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> Callable[..., Ran]:
    """Run `jax-lsp check <args> .` in-process in `tmp_path`."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("NO_COLOR", "1")

    def run(*args: str) -> Ran:
        capsys.readouterr()
        code = cli.main(["check", "--output-format", "concise", *args, "."])
        captured = capsys.readouterr()
        return Ran(code, captured.out, captured.err)

    return run


def test_fix_writes_the_safe_fix_and_reports_nothing_left(
    tmp_path: Path, check: Callable[..., Ran]
) -> None:
    (tmp_path / "train.py").write_text(REVERSE_ONLY)
    ran = check("--fix")
    assert ran.code == 0, ran.out
    assert "Fixed 1 finding in 1 file." in ran.err
    fixed = (tmp_path / "train.py").read_text()
    assert "jax_lsp_derivatives.pure_callback_with_vjp(sin_vjp, jax.pure_callback, np.sin," in fixed
    assert "\ndef sin_vjp(callback, x, ct):\n" in fixed
    assert (tmp_path / f"{MODULE_NAME}.py").read_text() == helper_module_text()
    assert analyze_source(fixed).findings == []
    assert check().code == 0  # the analysis follows the import into the helper module


def test_unsafe_fixes_are_applied_only_when_asked(
    tmp_path: Path, check: Callable[..., Ran]
) -> None:
    path = tmp_path / "jac.py"
    path.write_text(FORWARD_CUSTOM_VJP)
    ran = check("--fix")  # jacfwd -> jacrev is unsafe
    assert ran.code == 1 and "JAX005" in ran.out
    assert path.read_text() == FORWARD_CUSTOM_VJP
    ran = check("--fix", "--unsafe-fixes")
    assert ran.code == 0, ran.out
    assert "jax.jacrev(f)(jnp.ones(2))" in path.read_text()


def test_diff_prints_and_writes_nothing(tmp_path: Path, check: Callable[..., Ran]) -> None:
    path = tmp_path / "train.py"
    path.write_text(REVERSE_ONLY)
    ran = check("--diff")
    assert ran.code == 1
    assert ran.out.startswith("--- train.py\n+++ train.py\n")
    routed = "jax_lsp_derivatives.pure_callback_with_vjp(sin_vjp, jax.pure_callback, np.sin,"
    assert f"+    s = {routed}" in ran.out
    assert "-    s = jax.pure_callback(np.sin," in ran.out
    assert "\n\n--- /dev/null\n+++ jax_lsp_derivatives.py\n" in ran.out
    assert path.read_text() == REVERSE_ONLY
    assert sorted(p.name for p in tmp_path.iterdir()) == ["train.py"]
    assert check("--diff", "--exit-zero").code == 0


def test_diff_with_nothing_to_fix_is_empty(tmp_path: Path, check: Callable[..., Ran]) -> None:
    (tmp_path / "jac.py").write_text(FORWARD_CUSTOM_VJP)
    ran = check("--diff")  # as ruff: nothing fixed, the unsafe fix named
    assert (ran.code, ran.out) == (
        0, "No errors would be fixed (1 fix available with `--unsafe-fixes`).\n")
    ran = check("--diff", "--unsafe-fixes")
    assert ran.code == 1 and "+print(jax.jacrev(f)(jnp.ones(2)))" in ran.out


def test_a_file_changed_on_disk_is_not_written(
    tmp_path: Path, check: Callable[..., Ran], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "train.py"
    path.write_text(REVERSE_ONLY)
    saved_meanwhile = REVERSE_ONLY.replace("jnp.ones(3)", "jnp.ones(4)")
    real_fix_source = fix_apply.fix_source

    def fix_while_an_editor_saves(text: str, **kwargs: object) -> fix_apply.FixedSource:
        path.write_text(saved_meanwhile)
        return real_fix_source(text, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(fix_apply, "fix_source", fix_while_an_editor_saves)
    ran = check("--fix")
    assert "not writing train.py: it changed on disk since it was read" in ran.err
    assert path.read_text() == saved_meanwhile
    assert ran.code == 1  # the finding is still there


def test_fix_respects_ignore_and_suppressions(tmp_path: Path, check: Callable[..., Ran]) -> None:
    path = tmp_path / "train.py"
    path.write_text(REVERSE_ONLY)
    assert check("--fix", "--ignore", "JAX001").code == 0
    assert path.read_text() == REVERSE_ONLY
    suppressed = REVERSE_ONLY.replace("x.dtype), x)", "x.dtype), x)  # jax-lsp: ignore[JAX001]")
    path.write_text(suppressed)
    assert check("--fix").code == 0
    assert path.read_text() == suppressed


def test_fix_keeps_bom_and_line_endings(tmp_path: Path, check: Callable[..., Ran]) -> None:
    path = tmp_path / "train.py"
    path.write_bytes(b"\xef\xbb\xbf" + REVERSE_ONLY.replace("\n", "\r\n").encode())
    assert check("--fix").code == 0
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")
    assert b"\n" not in data.replace(b"\r\n", b"")
    assert b"jax_lsp_derivatives.pure_callback_with_vjp(sin_vjp, jax.pure_callback" in data
    module = (tmp_path / f"{MODULE_NAME}.py").read_bytes()
    assert b"\n" not in module.replace(b"\r\n", b"")


def test_several_findings_in_one_file_are_fixed_one_after_the_other(
    tmp_path: Path, check: Callable[..., Ran]
) -> None:
    two = REVERSE_ONLY.replace(
        "    return jnp.sum(s)\n",
        "    c = jax.pure_callback(np.cos, jax.ShapeDtypeStruct(x.shape, x.dtype), x)\n"
        "    return jnp.sum(s * c)\n",
    )
    path = tmp_path / "train.py"
    path.write_text(two)
    ran = check("--fix")
    assert "Fixed 2 findings in 1 file." in ran.err
    fixed = path.read_text()
    assert fixed.count("import jax_lsp_derivatives\n") == 1
    assert "pure_callback_with_vjp(sin_vjp, jax.pure_callback, np.sin," in fixed
    assert "pure_callback_with_vjp(cos_vjp, jax.pure_callback, np.cos," in fixed
    assert "def _pure_callback" not in fixed  # nothing pasted
    assert ran.code == 0


def test_a_full_disk_during_fix_leaves_the_file_whole(
    tmp_path: Path, check: Callable[..., Ran], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 13: a write that fails midway (here: the process may not write past 4,096 bytes,
    as on a full disk) must not truncate the file: fixes are written to a temporary file and
    renamed over the original."""
    resource = pytest.importorskip("resource")
    import signal

    path = tmp_path / "train.py"
    original = REVERSE_ONLY + "# padding\n" * 350  # 3.7 kB; the fixed text is past 4,096 bytes
    path.write_text(original)
    assert len(original.encode()) < 4096
    real_fix_file = fix_apply.fix_file

    def fix_on_a_full_disk(*args: object, **kwargs: object) -> object:
        soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
        old_handler = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (4096, hard))
        try:
            return real_fix_file(*args, **kwargs)  # type: ignore[arg-type]
        finally:
            resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
            signal.signal(signal.SIGXFSZ, old_handler)

    monkeypatch.setattr(fix_apply, "fix_file", fix_on_a_full_disk)
    ran = check("--fix", "--no-cache")
    assert ("not writing train.py: cannot create jax_lsp_derivatives.py, which its fixes "
            "import: File too large") in ran.err
    assert path.read_text() == original
    assert [p.name for p in tmp_path.iterdir()] == ["train.py"]  # no temporary file left
    assert ran.code == 1

def test_files_of_a_directory_share_one_created_helper_module(
    tmp_path: Path, check: Callable[..., Ran]
) -> None:
    (tmp_path / "a.py").write_text(REVERSE_ONLY)
    (tmp_path / "b.py").write_text(REVERSE_ONLY.replace("np.sin", "np.cos"))
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "c.py").write_text(REVERSE_ONLY)
    diff = check("--diff").out
    assert diff.count("+++ jax_lsp_derivatives.py") == 1  # created once, by the first file
    assert diff.count("+++ pkg/jax_lsp_derivatives.py") == 1
    ran = check("--fix")
    assert "Fixed 3 findings in 3 files." in ran.err
    for name in ("a.py", "b.py"):
        fixed = (tmp_path / name).read_text()
        assert "\nimport jax_lsp_derivatives\n" in fixed
        assert len(fixed.splitlines()) - len(REVERSE_ONLY.splitlines()) <= 25
    assert "\nfrom . import jax_lsp_derivatives\n" in (pkg / "c.py").read_text()
    assert (pkg / f"{MODULE_NAME}.py").read_text() == helper_module_text()


def test_a_module_of_the_helpers_name_that_jax_lsp_did_not_write_is_left_alone(
    tmp_path: Path, check: Callable[..., Ran]
) -> None:
    mine = "VALUE = 1\n"
    (tmp_path / f"{MODULE_NAME}.py").write_text(mine)
    (tmp_path / "train.py").write_text(REVERSE_ONLY)
    assert check("--fix").code == 0
    assert (tmp_path / f"{MODULE_NAME}.py").read_text() == mine
    fixed = (tmp_path / "train.py").read_text()
    assert "import jax_lsp_derivatives" not in fixed
    assert fixed.count("def _pure_callback_with_vjp(") == 1  # pasted, once
