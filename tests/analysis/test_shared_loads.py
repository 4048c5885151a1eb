"""An imported module's interpretation shared between the files of one run (`shared_loads`):
a file's findings and provenance are the same whichever files were analysed before it, alone
or in any order, as without sharing; a file that changes the shared module's state (a global
written by a function it calls, a class attribute it sets) leaves nothing for the next one;
a module edited between two analyses is interpreted again.

JAX's behaviour on these programs is in `test_programs_as_jax_runs_them`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from jax_lsp.analysis import shared_loads
from jax_lsp.analysis.options import AnalysisConfig
from jax_lsp.checker.runner import analyse_file

PKG = '''\
import jax
import numpy as np


def _host(x):
    return np.sin(x)


def _plain(x):
    return x * 2.0


def _with_callback(x):
    return jax.pure_callback(_host, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="sequential")


STEP = _plain


def install():
    global STEP
    STEP = _with_callback


class Config:
    step = _plain


def apply(x):
    return STEP(x)


def apply_config(x):
    return Config.step(x)
'''

LOSS = '''

def loss(x):
    return pkg.{fn}(x).sum()


jax.grad(loss)(jax.numpy.ones(3))
'''

FILES = {
    # a function of the package writes its global (`global STEP`)
    "global_writer.py": "import jax\nimport pkg\n\npkg.install()\n" + LOSS.format(fn="apply"),
    "global_reader.py": "import jax\nimport pkg\n\nprint(pkg.__name__)\n"
                        + LOSS.format(fn="apply"),
    # the file sets a class attribute of the package
    "class_writer.py": "import jax\nimport pkg\n\npkg.Config.step = pkg._with_callback\n"
                       + LOSS.format(fn="apply_config"),
    "class_reader.py": "import jax\nimport pkg\n\nprint(pkg.Config)\n"
                       + LOSS.format(fn="apply_config"),
}


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text(PKG)
    for name, text in FILES.items():
        (tmp_path / name).write_text(text)
    return tmp_path


def _report(root: Path, name: str) -> tuple:
    done = analyse_file(str(root / name), AnalysisConfig(), root=str(root))
    assert done.internal_error is None
    return tuple((f.code, f.span) for f in done.findings), done.provenance


def _alone(root: Path) -> dict[str, tuple]:
    """Each file's report without sharing."""
    assert shared_loads.active() is None
    return {name: _report(root, name) for name in FILES}


def test_programs_as_jax_runs_them(project: Path) -> None:
    """The writers fail under grad (the callback is reached), the readers run."""
    for name in FILES:
        done = subprocess.run([sys.executable, name], cwd=project, capture_output=True,
                              text=True, timeout=300)
        if name.endswith("writer.py"):
            assert done.returncode != 0 and "pure_callback" in done.stderr, name
        else:
            assert done.returncode == 0, (name, done.stderr)


def test_reports_do_not_depend_on_order_or_company(project: Path) -> None:
    alone = _alone(project)
    assert [n for n, (found, _) in alone.items() if found] == ["global_writer.py",
                                                                "class_writer.py"]
    names = list(FILES)
    for order in (names, names[::-1], [names[1], names[0], names[1], names[3], names[2],
                                       names[3]]):
        with shared_loads.sharing_loads() as share:
            for name in order:
                assert _report(project, name) == alone[name], (order, name)
        # the package was loaded once, then taken from its template; what the writers
        # changed of it was put back
        assert share.built == 1
        assert share.reused == len(order)
        assert share.restored >= 2


def test_an_edited_module_is_interpreted_again(project: Path) -> None:
    with shared_loads.sharing_loads() as share:
        assert _report(project, "global_reader.py")[0] == ()
        init = project / "pkg" / "__init__.py"
        init.write_text(PKG.replace("STEP = _plain", "STEP = _with_callback"))
        found, provenance = _report(project, "global_reader.py")
        assert [code for code, _ in found] == ["JAX001"]
        assert share.built == 2
    assert _report(project, "global_reader.py") == (found, provenance)


def test_check_runs_share_loads(project: Path) -> None:
    """`jax-lsp check` (one process) reports what each file alone reports."""
    out = subprocess.run(
        [sys.executable, "-m", "jax_lsp", "check", "--no-cache", "--jobs", "1",
         "--output-format", "concise", *FILES], cwd=project, capture_output=True, text=True,
        timeout=300)
    lines = sorted(line.split(":")[0] for line in out.stdout.splitlines() if "JAX001" in line)
    assert lines == ["class_writer.py", "global_writer.py"], out.stdout + out.stderr
