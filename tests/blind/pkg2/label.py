"""Run every program folder's main.py in a fresh subprocess and label the outcome."""
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

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

FRAME = re.compile(r'^  File "(.*)", line (\d+), in ')


def parse(stderr, folder):
    lines = stderr.splitlines()
    starts = [i for i, l in enumerate(lines) if l.startswith("Traceback (most recent call last):")]
    if not starts:
        return None
    block = lines[starts[-1] + 1:]
    frames = []
    exc_line = None
    for l in block:
        m = FRAME.match(l)
        if m:
            frames.append((m.group(1), int(m.group(2))))
            continue
        if l.startswith(" ") or not l.strip():
            continue
        exc_line = l
        break
    inside = [(f, n) for f, n in frames
              if os.path.abspath(f).startswith(folder + os.sep)]
    last = inside[-1] if inside else (None, None)
    rel = os.path.relpath(last[0], folder) if last[0] else None
    return exc_line, rel, last[1]


def run_one(name):
    folder = os.path.join(HERE, name)
    env = dict(os.environ, JAX_PLATFORMS="cpu")
    env.pop("JAX_TRACEBACK_FILTERING", None)
    try:
        p = subprocess.run([sys.executable, "main.py"], cwd=folder, env=env,
                           capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return {"raises": None, "family": None, "message": "TIMEOUT", "file": None, "line": None}
    if p.returncode == 0:
        return {"raises": False, "family": None, "message": None, "file": None, "line": None}
    parsed = parse(p.stderr, folder)
    if parsed is None:
        return {"raises": None, "family": None, "message": "NO TRACEBACK rc=%d" % p.returncode,
                "file": None, "line": None}
    exc_line, rel, line = parsed
    msg = exc_line.split(": ", 1)[1] if exc_line and ": " in exc_line else exc_line
    # strip the memory address of effect objects so that reruns compare equal
    msg = re.sub(r" at 0x[0-9a-f]+", " at 0x...", msg or "")
    family = None
    for fam, sub in FAMILIES:
        if sub in msg:
            family = fam
            break
    return {"raises": True, "family": family, "message": msg, "file": rel, "line": line}


def main():
    names = sorted(n for n in os.listdir(HERE)
                   if os.path.isdir(os.path.join(HERE, n)) and re.match(r"^\d{5}_", n)
                   and os.path.exists(os.path.join(HERE, n, "main.py")))
    labels = {}
    for n in names:
        labels[n] = run_one(n)
        print(n, labels[n]["raises"], labels[n]["family"], labels[n]["file"], labels[n]["line"],
              (labels[n]["message"] or "")[:70], flush=True)
    out = os.path.join(HERE, "labels.json")
    with open(out, "w") as f:
        json.dump(labels, f, indent=2, sort_keys=True)
        f.write("\n")
    bad = [n for n, v in labels.items() if v["raises"] and v["family"] is None or v["raises"] is None]
    n_r = sum(1 for v in labels.values() if v["raises"])
    print(f"{len(labels)} programs, {n_r} raise, {len(labels) - n_r} clean; out of scope: {bad}")


if __name__ == "__main__":
    main()
