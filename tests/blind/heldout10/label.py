"""Run every program in a fresh subprocess and record what JAX does."""
import json, os, re, subprocess, sys, glob
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
RUNNER = r'''
import sys, runpy, traceback, json, os
prog = os.path.abspath(sys.argv[1])
res = {"raises": False, "etype": None, "message": None, "line": None}
try:
    runpy.run_path(prog, run_name="__main__")
except BaseException as e:
    res["raises"] = True
    res["etype"] = type(e).__name__
    msg = str(e).strip()
    res["message"] = msg.splitlines()[0] if msg else ""
    frames = [f for f in traceback.extract_tb(e.__traceback__) if os.path.abspath(f.filename) == prog]
    res["line"] = frames[-1].lineno if frames else None
print("@@RESULT@@" + json.dumps(res))
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
    (8, "Reverse-mode differentiation does not work for lax.while_loop or lax.fori_loop with dynamic"),
    (9, "grad requires real- or complex-valued inputs"),
    (9, "jacfwd requires real"),
    (9, "jacrev requires real"),
]

def run(path):
    env = dict(os.environ, JAX_PLATFORMS="cpu")
    try:
        p = subprocess.run([sys.executable, "-c", RUNNER, path], capture_output=True, text=True,
                           timeout=120, env=env, cwd=HERE)
    except subprocess.TimeoutExpired:
        return {"raises": True, "family": None, "message": "TIMEOUT", "line": None, "broken": True}
    line = [l for l in p.stdout.splitlines() if l.startswith("@@RESULT@@")]
    if not line:
        return {"raises": True, "family": None, "message": "NO RESULT: " + p.stderr[-300:], "line": None, "broken": True}
    r = json.loads(line[-1][len("@@RESULT@@"):])
    fam = None
    if r["raises"]:
        for k, s in FAMILIES:
            if s in r["message"]:
                fam = k
                break
    msg = re.sub(r"0x[0-9a-fA-F]+", "0x...", r["message"]) if r["message"] else r["message"]
    out = {"raises": r["raises"], "family": fam, "message": msg, "line": r["line"]}
    if r["raises"] and fam is None:
        out["broken"] = True
        out["etype"] = r["etype"]
    return out

def main():
    progs = sorted(sys.argv[1:]) or sorted(os.path.basename(p) for p in glob.glob(os.path.join(HERE, "170*.py")))
    with ThreadPoolExecutor(2) as ex:
        results = dict(zip(progs, ex.map(lambda n: run(os.path.join(HERE, n)), progs)))
    for k, v in results.items():
        print(k, json.dumps(v))
    if not sys.argv[1:]:
        clean = {k: {kk: vv for kk, vv in v.items() if kk in ("raises", "family", "message", "line")} for k, v in results.items()}
        with open(os.path.join(HERE, "labels.json"), "w") as f:
            json.dump(clean, f, indent=1, sort_keys=True)
        broken = [k for k, v in results.items() if v.get("broken")]
        print("broken:", broken)
        print("raises:", sum(v["raises"] for v in results.values()), "of", len(results))

if __name__ == "__main__":
    main()
