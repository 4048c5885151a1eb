"""Label every 13xxx_*.py program in this folder by running it under real JAX.

Each program runs in a fresh `python` subprocess (JAX_PLATFORMS=cpu, timeout 120 s)
through a tiny runner that executes it as __main__ and, if it raises, reports the
exception type, first message line and the line of the deepest traceback frame
that belongs to the program file.
"""
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

RUNNER = r'''
import json, runpy, sys, traceback, os
prog = os.path.abspath(sys.argv[1])
out = {"raises": False}
try:
    sys.argv = [prog]
    runpy.run_path(prog, run_name="__main__")
except BaseException as e:
    msg = str(e).strip().splitlines()
    line = None
    for fr in traceback.extract_tb(e.__traceback__):
        if os.path.abspath(fr.filename) == prog:
            line = fr.lineno
    out = {"raises": True, "type": type(e).__name__,
           "message": msg[0] if msg else "", "line": line}
print("@@LABEL@@" + json.dumps(out))
'''

FAMILIES = [
    (1, r"Pure callbacks do not support JVP"),
    (2, r"Pure callbacks do not support transpose"),
    (3, r"IO callbacks do not support (JVP|transpose)"),
    (4, r"Effects not supported in partial-eval of"),
    (5, r"can't apply forward-mode autodiff \(jvp\) to a custom_vjp function"),
    (6, r"Transpose rule \(for reverse-mode differentiation\) for 'custom_vjp_call' not implemented"),
    (7, r"vmap is only supported for the pure_callback primitive when vmap_method is"),
    (8, r"Reverse-mode differentiation does not work for lax.while_loop or lax.fori_loop with dynamic start/stop values"),
    (9, r"(grad|jacfwd|jacrev) requires real- or complex-valued inputs|(grad|jacfwd|jacrev) requires real-valued inputs"),
]


def family_of(message):
    for fam, pat in FAMILIES:
        if re.search(pat, message):
            return fam
    return None


def run_one(path):
    env = dict(os.environ, JAX_PLATFORMS="cpu", PYTHONHASHSEED="0")
    try:
        proc = subprocess.run([sys.executable, "-c", RUNNER, path], cwd=HERE,
                              capture_output=True, text=True, timeout=120, env=env)
    except subprocess.TimeoutExpired:
        return {"raises": True, "family": None, "message": "TIMEOUT", "line": None}
    rec = None
    for ln in proc.stdout.splitlines():
        if ln.startswith("@@LABEL@@"):
            rec = json.loads(ln[len("@@LABEL@@"):])
    if rec is None:
        return {"raises": True, "family": None,
                "message": "NO RESULT: " + (proc.stderr.strip().splitlines() or [""])[-1],
                "line": None}
    if not rec["raises"]:
        return {"raises": False, "family": None, "message": "", "line": None}
    # object addresses (e.g. "<...IOEffect object at 0x7f...>") differ between runs
    message = re.sub(r" at 0x[0-9a-fA-F]+", " at 0x...", rec["message"])
    return {"raises": True, "family": family_of(message),
            "message": message, "line": rec["line"]}


def main():
    progs = sorted(f for f in os.listdir(HERE)
                   if re.match(r"^13\d{3}_.*\.py$", f))
    only = sys.argv[1:]
    from concurrent.futures import ThreadPoolExecutor
    chosen = [f for f in progs if not only or any(o in f for o in only)]
    with ThreadPoolExecutor(max_workers=int(os.environ.get("LABEL_JOBS", "2"))) as ex:
        results = list(ex.map(lambda f: run_one(os.path.join(HERE, f)), chosen))
    labels = dict(zip(chosen, results))
    for f in chosen:
        r = labels[f]
        print(f"{f:45s} raises={r['raises']!s:5s} fam={r['family']} line={r['line']} {r['message'][:90]}")
    bad = [f for f, r in labels.items() if r["raises"] and r["family"] is None]
    n_r = sum(r["raises"] for r in labels.values())
    print(f"\n{len(labels)} programs, {n_r} raise, {len(labels)-n_r} clean, broken: {bad}")
    if not only:
        with open(os.path.join(HERE, "labels.json"), "w") as fh:
            json.dump(labels, fh, indent=1, sort_keys=True)
            fh.write("\n")


if __name__ == "__main__":
    main()
