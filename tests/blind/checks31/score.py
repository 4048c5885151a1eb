"""Score jax-lsp's issue-31 checks on checks31, family by family, from labels.json alone.

For each family F, every one of the 80 programs counts: flagged when jax-lsp reports one of
F's codes in it, positive when the label says the program is of family F and fires. So a
family-A code reported in a family-B program is a false positive of family A. A true
positive is "on the line" when one of its findings of F's codes is on the label's line.
Findings of the older codes (JAX001-JAX010) are listed, not scored.

    python tests/blind/checks31/score.py [SET_DIR] [--jax-lsp "python -P -m jax_lsp"] [--show]

SET_DIR (default: this folder) is any set with labels.json in this format (checks31b, checks31c
were written later for the same checks); only the families its labels hold are scored. A
program may be a folder of modules (a package layout with an entry script): it is checked by
itself, as a user opening that project would, and its label's "file" (a path inside the folder)
names the module of its "line".
"""
import argparse
import json
import os
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
# the codes issue 31 gives each family (D's malformed rules may be split over several codes)
FAMILY_CODES = {"A": {"JAX011"}, "B": {"JAX012"}, "C": {"JAX013"},
                "D": {"JAX014", "JAX015", "JAX016"}}
OLDER = {f"JAX{n:03d}" for n in range(1, 11)}


def _check(command, path):
    out = subprocess.run(shlex.split(command) + ["check", "--no-cache", "--output-format", "json",
                                                 path], capture_output=True, text=True)
    if out.returncode not in (0, 1):
        raise RuntimeError(f"jax-lsp failed on {path}: {out.stderr[-2000:]}")
    return json.loads(out.stdout or "[]")


def findings(command, set_dir=HERE):
    """Findings by program: single files checked together, each folder program by itself."""
    set_dir = os.path.abspath(set_dir)
    folders = sorted(name for name in os.listdir(set_dir)
                     if os.path.isdir(os.path.join(set_dir, name))
                     and not name.startswith((".", "_")))
    singles = [os.path.join(set_dir, name) for name in sorted(os.listdir(set_dir))
               if name.endswith(".py") and name not in ("label.py", "score.py")]
    by_file = {}
    if not folders:
        singles = [set_dir]
    for path in singles:
        for f in _check(command, path):
            by_file.setdefault(os.path.basename(f["filename"]), []).append(f)
    for name in folders:
        for f in _check(command, os.path.join(set_dir, name)):
            by_file.setdefault(name, []).append(f)
    return by_file


def _on_line(finding, label):
    if finding["location"]["row"] != label.get("line"):
        return False
    inner = label.get("file")
    return not inner or finding["filename"].replace(os.sep, "/").endswith("/" + inner)


def score(labels, by_file):
    """Per family: TP/FP/FN/TN, TPs on the labelled line, and each non-TN program's verdict."""
    result = {}
    present = {label["family"] for label in labels.values()}
    for family, codes in FAMILY_CODES.items():
        if family not in present:
            continue
        counts = {"TP": 0, "FP": 0, "FN": 0, "TN": 0, "on_line": 0}
        errors = []
        for name, label in sorted(labels.items()):
            hits = [f for f in by_file.get(name, []) if f["code"] in codes]
            positive = label["family"] == family and label["fires"]
            kind = {(True, True): "TP", (True, False): "FP", (False, True): "FN",
                    (False, False): "TN"}[(bool(hits), positive)]
            counts[kind] += 1
            if kind == "TP" and any(_on_line(f, label) for f in hits):
                counts["on_line"] += 1
            if kind != "TN":
                errors.append((kind, name, sorted({f["code"] for f in hits}),
                               [f["location"]["row"] for f in hits], label.get("line")))
        result[family] = (counts, errors)
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("set_dir", nargs="?", default=HERE)
    parser.add_argument("--jax-lsp", default="python -P -m jax_lsp")
    parser.add_argument("--show", action="store_true", help="true positives too")
    args = parser.parse_args()
    with open(os.path.join(args.set_dir, "labels.json")) as f:
        labels = json.load(f)
    by_file = findings(args.jax_lsp, os.path.abspath(args.set_dir))
    total = {"TP": 0, "FP": 0, "FN": 0, "on_line": 0}
    for family, (c, errors) in score(labels, by_file).items():
        tp, fp, fn = c["TP"], c["FP"], c["FN"]
        for k in total:
            total[k] += c[k]
        print(f"family {family} {sorted(FAMILY_CODES[family])}: TP {tp} FP {fp} FN {fn} "
              f"TN {c['TN']}; precision {tp / (tp + fp) if tp + fp else 1:.3f} "
              f"recall {tp / (tp + fn) if tp + fn else 1:.3f}; right line {c['on_line']}/{tp}")
        for kind, name, codes, rows, line in errors:
            if args.show or kind != "TP":
                print(f"  {kind} {name} codes={codes} rows={rows} labelled line={line}")
    tp, fp, fn = total["TP"], total["FP"], total["FN"]
    print(f"all families: TP {tp} FP {fp} FN {fn}; precision {tp / (tp + fp) if tp + fp else 1:.3f}"
          f" recall {tp / (tp + fn) if tp + fn else 1:.3f}; right line {total['on_line']}/{tp}")
    older = sorted((name, f["code"]) for name, fs in by_file.items() for f in fs
                   if f["code"] in OLDER)
    print(f"older codes reported (not scored): {older}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
