"""Build a compiled copy of the package (mypyc; docs/internals.md, "The compiled build") in a
folder of its own, for PYTHONPATH: the working tree's `jax_lsp` and pyproject.toml are copied
to OUT, and the modules `setup.COMPILED` lists are compiled there, in place (C extensions
beside their sources, which Python imports first). Nothing is installed.

    python scripts/build_compiled.py OUT [--opt-level 3]
    PYTHONPATH=OUT python -P -m jax_lsp check ...

Needs mypy (with mypyc) and a C compiler; a few minutes on two cores.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def _setup_module():
    """The repository's setup.py as a module (its `setup()` runs only as a script)."""
    spec = importlib.util.spec_from_file_location("_jax_lsp_setup", REPO / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def build(out: Path, opt_level: str = "3") -> list[Path]:
    """Copy the package to `out` and compile `setup.COMPILED` there; the extensions built."""
    from mypyc.build import mypycify
    from setuptools import Distribution

    setup_py = _setup_module()
    out.mkdir(parents=True, exist_ok=True)
    shutil.rmtree(out / "jax_lsp", ignore_errors=True)
    shutil.copytree(REPO / "jax_lsp", out / "jax_lsp",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    shutil.copy2(REPO / "pyproject.toml", out / "pyproject.toml")  # mypy's configuration
    here = Path.cwd()
    os.chdir(out)
    try:
        every = sorted(p.as_posix() for p in Path("jax_lsp").rglob("*.py"))
        extensions = mypycify(every, only_compile_paths=setup_py.COMPILED,
                              opt_level=opt_level, multi_file=True)
        dist = Distribution({"name": "jax-lsp-compiled", "ext_modules": extensions})
        command = dist.get_command_obj("build_ext")
        command.inplace = True  # type: ignore[attr-defined]
        command.parallel = os.cpu_count() or 1  # type: ignore[attr-defined]
        dist.run_command("build_ext")
    finally:
        os.chdir(here)
    # (the extensions Python imports: beside their sources, and mypyc's shared library at the
    # top; not setuptools' copies under build/)
    return [p for pattern in ("*.so", "*.pyd")
            for p in (*sorted(out.glob(pattern)), *sorted((out / "jax_lsp").rglob(pattern)))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out", type=Path)
    ap.add_argument("--opt-level", default="3", help="the C compiler's -O level (mypyc's)")
    args = ap.parse_args()
    built = build(args.out.resolve(), args.opt_level)
    for path in built:
        print(path)
    print(f"PYTHONPATH={args.out.resolve()}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
