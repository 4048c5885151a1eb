"""Issue 35, case 1, from the command line: `--output-format json` and `sarif` choose each
finding's fix, which analyses the file with the recording analysis (`incremental`, as
`--fix` does); on helpers that each call the previous one twice that never finished (2^n
calls followed). Now each finishes in seconds (the 120-second timeout is the test's margin
on a loaded machine), with the finding of the file and of a file importing it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_harness import run_subprocess, write_tree
from doubling_chain import DEPTH_250_LINES, doubling_chain

IMPORTER = """import jax
from chain import f{n}


def loss(x):
    return f{n}(x) * 2.0


value = jax.grad(loss)(1.0)
"""


@pytest.mark.parametrize("output_format", ["json", "sarif"])
def test_structured_formats_finish_on_the_doubling_chain(
    tmp_path: Path, output_format: str
) -> None:
    n = DEPTH_250_LINES
    write_tree(tmp_path, {"chain.py": doubling_chain(n), "user.py": IMPORTER.format(n=n)})
    ran = run_subprocess(
        ["check", "--no-cache", "--output-format", output_format, "."], tmp_path
    )
    assert ran.code == 1, ran.err
    out = json.loads(ran.out)
    if output_format == "json":
        found = sorted((Path(f["filename"]).name, f["code"]) for f in out)
    else:
        found = sorted(
            (Path(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]).name,
             r["ruleId"])
            for r in out["runs"][0]["results"]
        )
    assert found == [("chain.py", "JAX001"), ("user.py", "JAX001")], found
