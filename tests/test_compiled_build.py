"""The optional compiled build (setup.py, scripts/build_compiled.py; docs/internals.md, "The
compiled build"). Building takes minutes (mypyc and a C compiler): the build itself runs only
when JAX_LSP_TEST_COMPILED=1; what it builds from is checked always."""

from __future__ import annotations

import ast
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from jax_lsp.analysis import compiled

REPO = Path(__file__).resolve().parents[1]


def _setup_module():
    spec = importlib.util.spec_from_file_location("_jax_lsp_setup", REPO / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # (its `setup()` runs only as a script)
    return module


def test_the_modules_compiled_exist_and_the_pure_package_has_identities() -> None:
    listed = _setup_module().COMPILED
    assert listed and all((REPO / p).is_file() for p in listed)
    assert len(set(listed)) == len(listed)

    class C:
        pass

    assert compiled.trait(C) is C
    assert compiled.mypyc_attr(allow_interpreted_subclasses=True)(C) is C


def _opens_to_interpreted_subclasses(cls: ast.ClassDef) -> bool:
    return any(
        isinstance(d, ast.Call) and any(
            k.arg == "allow_interpreted_subclasses" and isinstance(k.value, ast.Constant)
            and k.value.value is True for k in d.keywords)
        for d in cls.decorator_list)


def test_no_compiled_class_inherits_init_from_a_class_open_to_interpreted_ones() -> None:
    """mypyc (2.4) gives a compiled class open to interpreted subclasses an `__init__` slot
    that runs `__init__`; a compiled subclass without an `__init__` of its own inherits that
    slot, and its `__new__` runs `__init__` too: made from interpreted code, it runs twice,
    and the first run's references are overwritten unreleased (the JAX parts kept every
    evaluator alive: issue 33, round 14). Such a subclass defines its own `__init__`."""
    classes = [
        node
        for path in _setup_module().COMPILED
        for node in ast.walk(ast.parse((REPO / path).read_text(encoding="utf-8")))
        if isinstance(node, ast.ClassDef)
    ]
    open_ = {c.name for c in classes if _opens_to_interpreted_subclasses(c)}
    inheriting = [
        c.name
        for c in classes
        if any(isinstance(b, ast.Name) and b.id in open_ for b in c.bases)
        and not _opens_to_interpreted_subclasses(c)
        and not any(isinstance(s, ast.FunctionDef) and s.name == "__init__" for s in c.body)
    ]
    assert inheriting == []


def test_setup_adds_no_extension_unless_asked() -> None:
    """The default install stays pure Python: without JAX_LSP_COMPILE=1, setup.py hands
    setuptools no extension (and never imports mypyc)."""
    code = (
        "import sys, setuptools\n"
        "seen = {}\n"
        "setuptools.setup = lambda **kw: seen.update(kw)\n"
        f"sys.argv = ['setup.py']\n"
        f"exec(compile(open({str(REPO / 'setup.py')!r}).read(), 'setup.py', 'exec'),"
        " {'__name__': '__main__', '__file__': " + repr(str(REPO / "setup.py")) + "})\n"
        "assert seen == {'ext_modules': []}, seen\n"
        "assert 'mypyc' not in sys.modules\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "JAX_LSP_COMPILE"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr


@pytest.mark.skipif(os.environ.get("JAX_LSP_TEST_COMPILED") != "1",
                    reason="builds with mypyc for minutes: JAX_LSP_TEST_COMPILED=1 runs it")
def test_the_compiled_build_finds_what_the_pure_package_finds(tmp_path: Path) -> None:
    sys.path.insert(0, str(REPO / "scripts"))
    try:
        import build_compiled
    finally:
        sys.path.pop(0)
    out = tmp_path / "compiled"
    built = build_compiled.build(out)
    assert len([p for p in built if "jax_lsp" in p.parts]) == len(_setup_module().COMPILED)

    def check(pythonpath: Path, target: str) -> str:
        done = subprocess.run(
            [sys.executable, "-P", "-m", "jax_lsp", "check", "--no-cache", "--output-format",
             "json", target], cwd=REPO, capture_output=True, text=True,
            env={**os.environ, "PYTHONPATH": str(pythonpath)})
        # (both run on the repository's files: a path into the compiled copy's package is
        # the repository's)
        return done.stdout.replace(str(out), str(REPO)) + f"\nexit {done.returncode}"

    loaded = subprocess.run(
        [sys.executable, "-P", "-c", "import jax_lsp.analysis.interp as m; print(m.__file__)"],
        capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(out)})
    assert loaded.stdout.strip().endswith(".so"), loaded
    for target in ("examples", "tests/rules/JAX001/fires", "tests/rules/JAX011/fires",
                   "tests/rules/JAX003/clean"):
        assert check(out, target) == check(REPO, target), target
