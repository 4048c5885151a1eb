"""Score jax-lsp on a blind set, program by program.

A program counts as flagged when jax-lsp reports any JAX001-JAX010 finding in it, and as
raising when running it under JAX raised one of the claimed errors (`labels.json`, written
by the set's `label.py`). Single-file sets are checked in one run; a multi-module set's
programs (folders) each by itself, as a user opening that project would. A true positive is
on the right line when the line the label names (the program's last frame in JAX's traceback)
is one of the rows a user is shown: the finding's own or one of its path's (`related`).

    python tests/blind/score.py tests/blind/heldout7 [--jax-lsp "python -P -m jax_lsp"] [--show]
"""
import argparse
import json
import os
import shlex
import subprocess
import sys

CLAIMED = {f"JAX{n:03d}" for n in range(1, 11)}
# the BRIEF's error families: the messages JAX raises for each (as a traceback shows them),
# and the codes whose message each one is
FAMILY_MESSAGES = [
    (1, "Pure callbacks do not support JVP"),
    (2, "Pure callbacks do not support transpose"),
    (3, "IO callbacks do not support JVP"),
    (3, "IO callbacks do not support transpose"),
    (4, "Effects not supported in partial-eval of"),
    (5, "can't apply forward-mode autodiff (jvp) to a custom_vjp function"),
    (6, "Transpose rule (for reverse-mode differentiation) for 'custom_vjp_call' not implemented"),
    (7, "vmap is only supported for the pure_callback primitive when vmap_method is"),
    (8, "Reverse-mode differentiation does not work for lax.while_loop or lax.fori_loop"),
    (9, "requires real- or complex-valued inputs"),
    (9, "requires real-valued inputs"),
]
FAMILY_CODES = {1: {"JAX001", "JAX007"}, 2: {"JAX002"}, 3: {"JAX003", "JAX007"},
                4: {"JAX004"}, 5: {"JAX005"}, 6: {"JAX006"}, 7: {"JAX008"}, 8: {"JAX009"},
                9: {"JAX010"}}


def _findings(command, target):
    out = subprocess.run(shlex.split(command) + ["check", "--no-cache", "--output-format", "json",
                                                 target], capture_output=True, text=True)
    if out.returncode not in (0, 1):
        raise RuntimeError(f"jax-lsp failed on {target}: {out.stderr[-2000:]}")
    return json.loads(out.stdout or "[]")


def _rows(findings):
    """The rows a user is shown for the claimed findings: each one's own and its path's."""
    rows = set()
    for f in findings:
        if f["code"] in CLAIMED:
            rows.add(f["location"]["row"])
            rows.update(r["location"]["row"] for r in f.get("related", []))
    return rows


def score(setdir, command="python -P -m jax_lsp"):
    """TP/FP/FN/TN counts, family agreement and each program's verdict for one set."""
    setdir = os.path.abspath(setdir)
    with open(os.path.join(setdir, "labels.json")) as f:
        labels = json.load(f)
    found = {name: [] for name in labels}
    if all(os.path.isdir(os.path.join(setdir, name)) for name in labels):
        for name in labels:
            found[name] = _findings(command, os.path.join(setdir, name))
    else:
        for finding in _findings(command, setdir):
            name = os.path.basename(finding["filename"])
            if name in found:
                found[name].append(finding)
    counts = {"TP": 0, "FP": 0, "FN": 0, "TN": 0, "family_agrees": 0, "right_line": 0}
    verdicts = {}
    for name, label in sorted(labels.items()):
        codes = {f["code"] for f in found[name]} & CLAIMED
        kind = {(True, True): "TP", (True, False): "FP", (False, True): "FN",
                (False, False): "TN"}[(bool(codes), bool(label["raises"]))]
        counts[kind] += 1
        if kind == "TP" and codes & FAMILY_CODES.get(label.get("family"), set()):
            counts["family_agrees"] += 1
        if kind == "TP" and label.get("line") in _rows(found[name]):
            counts["right_line"] += 1
        verdicts[name] = (kind, sorted(codes), label.get("family"))
    return counts, verdicts


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("set")
    parser.add_argument("--jax-lsp", default="python -P -m jax_lsp")
    parser.add_argument("--show", action="store_true", help="every program, not only errors")
    args = parser.parse_args()
    counts, verdicts = score(args.set, args.jax_lsp)
    tp, fp, fn = counts["TP"], counts["FP"], counts["FN"]
    print(f"{os.path.basename(os.path.abspath(args.set))}: {len(verdicts)} programs, "
          f"{tp + fn} raising")
    print(f"TP {tp} FP {fp} FN {fn} TN {counts['TN']}; "
          f"family agreement on TPs {counts['family_agrees']}/{tp}; "
          f"labelled line among the finding's rows {counts['right_line']}/{tp}")
    print(f"program level: precision {tp / (tp + fp) if tp + fp else 1:.3f} "
          f"recall {tp / (tp + fn) if tp + fn else 1:.3f}")
    for name, (kind, codes, family) in verdicts.items():
        if args.show or kind in ("FP", "FN"):
            print(f"  {kind} {name} codes={codes} family={family}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
