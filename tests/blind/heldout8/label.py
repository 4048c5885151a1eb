"""Run every 14xxx_*.py program in a fresh python subprocess and record what real JAX does."""
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

RUNNER = r'''
import json, os, runpy, sys, traceback
prog, out = sys.argv[1], sys.argv[2]
sys.argv = [prog]
res = {"raises": False, "type": None, "message": "", "line": None}
try:
    runpy.run_path(prog, run_name="__main__")
except BaseException as e:  # noqa
    line = None
    for fr in traceback.extract_tb(e.__traceback__):
        if os.path.abspath(fr.filename) == os.path.abspath(prog):
            line = fr.lineno
    lines = str(e).splitlines()
    res = {"raises": True, "type": type(e).__name__,
           "message": lines[0] if lines else "", "line": line}
with open(out, "w") as f:
    json.dump(res, f)
'''

FAMILIES = [
    (1, "Pure callbacks do not support JVP"),
    (2, "Pure callbacks do not support transpose"),
    (3, "IO callbacks do not support JVP"),
    (3, "IO callbacks do not support transpose"),
    (4, "Effects not supported in partial-eval of"),
    (5, "can't apply forward-mode autodiff (jvp) to a custom_vjp function"),
    (6, "Transpose rule (for reverse-mode differentiation) for 'custom_vjp_call' not implemented"),
    (7, "vmap is only supported for the pure_callback primitive when vmap_method is"),
    (8, "Reverse-mode differentiation does not work for lax.while_loop or lax.fori_loop with dynamic start/stop values"),
    (9, "grad requires real- or complex-valued inputs"),
    (9, "jacfwd requires real"),
    (9, "jacrev requires real"),
]


def family_of(msg):
    for fam, sub in FAMILIES:
        if sub in msg:
            return fam
    return None


def run_one(path):
    env = dict(os.environ, JAX_PLATFORMS="cpu")
    with tempfile.TemporaryDirectory() as td:
        out = os.path.join(td, "res.json")
        try:
            subprocess.run([sys.executable, "-c", RUNNER, path, out], env=env,
                           cwd=HERE, timeout=120, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            return {"raises": True, "family": None, "message": "TIMEOUT", "line": None}
        if not os.path.exists(out):
            return {"raises": True, "family": None, "message": "CRASH (no result)", "line": None}
        with open(out) as f:
            res = json.load(f)
    # object addresses (e.g. in the remat effects message) differ run to run
    msg = re.sub(r"0x[0-9a-fA-F]+", "0x...", res["message"])
    fam = family_of(msg) if res["raises"] else None
    return {"raises": res["raises"], "family": fam, "message": msg, "line": res["line"]}


def main():
    progs = sorted(p for p in os.listdir(HERE)
                   if re.match(r"^14\d{3}_.*\.py$", p))
    labels = {}
    for p in progs:
        labels[p] = run_one(os.path.join(HERE, p))
        lab = labels[p]
        flag = "" if (not lab["raises"] or lab["family"]) else "   <-- BROKEN (not in list)"
        print(f"{p:45s} raises={lab['raises']!s:5s} fam={lab['family']} line={lab['line']} {lab['message'][:70]}{flag}")
    with open(os.path.join(HERE, "labels.json"), "w") as f:
        json.dump(labels, f, indent=2, sort_keys=True)
        f.write("\n")
    n = len(labels)
    r = sum(v["raises"] for v in labels.values())
    print(f"{n} programs, {r} raise, {n - r} clean")


if __name__ == "__main__":
    if len(sys.argv) > 1:
        for a in sys.argv[1:]:
            print(a, run_one(os.path.abspath(a)))
    else:
        main()
