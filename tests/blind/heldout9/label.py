"""Run every program in this folder in a fresh interpreter and record what JAX does."""
import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))

RUNNER = r'''
import runpy, sys, traceback, json, os
path = sys.argv[1]
sys.argv = [path]
res = {"raises": False, "type": None, "message": None, "line": None}
try:
    runpy.run_path(path, run_name="__main__")
except BaseException as e:
    if isinstance(e, SystemExit) and not e.code:
        pass
    else:
        res["raises"] = True
        res["type"] = type(e).__name__
        msg = str(e).strip().splitlines()
        res["message"] = msg[0] if msg else ""
        line = None
        for fr in traceback.extract_tb(e.__traceback__):
            if os.path.abspath(fr.filename) == os.path.abspath(path):
                line = fr.lineno
        res["line"] = line
print("@@LABEL@@" + json.dumps(res))
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
    (9, "jacfwd requires real- or complex-valued inputs"),
    (9, "jacfwd requires real-valued inputs"),
    (9, "jacrev requires real- or complex-valued inputs"),
]


def label_one(name):
    path = os.path.join(HERE, name)
    env = dict(os.environ, JAX_PLATFORMS="cpu")
    try:
        p = subprocess.run([sys.executable, "-c", RUNNER, path], cwd=HERE, env=env,
                           capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return name, {"raises": None, "family": None, "message": "TIMEOUT", "line": None, "broken": True}
    out = [l for l in p.stdout.splitlines() if l.startswith("@@LABEL@@")]
    if not out:
        return name, {"raises": None, "family": None, "message": "NO RESULT: " + p.stderr[-500:],
                      "line": None, "broken": True}
    r = json.loads(out[-1][len("@@LABEL@@"):])
    fam = None
    msg = r["message"]
    if msg is not None:
        msg = re.sub(r"0x[0-9a-fA-F]+", "0x...", msg)
        for f, sub in FAMILIES:
            if sub in msg:
                fam = f
                break
    entry = {"raises": r["raises"], "family": fam, "message": msg, "line": r["line"]}
    if r["raises"] and fam is None:
        entry["broken"] = True
        entry["type"] = r["type"]
    return name, entry


def main():
    names = sorted(n for n in os.listdir(HERE) if re.match(r"160\d\d_.*\.py$", n))
    with ThreadPoolExecutor(max_workers=2) as ex:
        results = dict(ex.map(label_one, names))
    broken = {k: v for k, v in results.items() if v.get("broken")}
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "labels.json")
    with open(out, "w") as fh:
        json.dump(results, fh, indent=1, sort_keys=True)
    nr = sum(1 for v in results.values() if v["raises"])
    print(f"{len(results)} programs, {nr} raise, {len(broken)} broken")
    for k, v in results.items():
        print(k, v["raises"], v["family"], v["line"], (v["message"] or "")[:90])


if __name__ == "__main__":
    main()
