"""Labeller for the checks31f set (families A and B of issue 31).

Runs every program (33001..33060) in a fresh subprocess (JAX_PLATFORMS=cpu, timeout 120 s,
at most 2 workers, under `nice`).  Single files run as `python <file>`; folders run as
`python main.py` with the folder as working directory.

Family A (JAX called on a callback's host) is labelled by the rule: each program must run
cleanly; a second, traced run (timeout 300 s: tracing is slow on a loaded machine) wraps every host given to jax.pure_callback /
jax.experimental.io_callback / jax.debug.callback and records, while a host runs, the lines
executed and every entry into JAX's own Python code.  Firing programs must execute their
labelled line on the host (and enter JAX only from that line); near misses must enter JAX on
the host only through `__array__` (np.asarray of the host's jax.Array arguments).

Family B (removed `vectorized=` of jax.pure_callback) is labelled by running: fires must
raise JaxRuntimeError whose host error is "... unexpected keyword argument 'vectorized'",
near misses must run cleanly.
"""
import json, os, re, subprocess, sys, tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))

# key: (family, fires, file inside folder or None, line or None)
TABLE = {
    '33001_quantile_pkg': ('B', True, 'robust/ops.py', 12),
    '33002_spline_tables': ('A', False, None, None),
    '33003_ode_relax': ('A', False, None, None),
    '33004_bessel_jv_broadcast.py': ('B', False, None, None),
    '33005_batched_matmul_legacy.py': ('B', False, None, None),
    '33006_bessel_logjv_np.py': ('A', False, None, None),
    '33007_spline_backend': ('A', True, 'interp/hosts.py', 16),
    '33008_eig_expand_dims.py': ('B', False, None, None),
    '33009_eig_batched.py': ('A', False, None, None),
    '33010_batched_matmul.py': ('B', True, None, 17),
    '33011_smoother_lib': ('A', False, None, None),
    '33012_kepler_solver': ('A', False, None, None),
    '33013_bessel_logjv.py': ('A', True, None, 21),
    '33014_ode_host': ('A', True, 'relax/physics.py', 21),
    '33015_eig_host.py': ('A', True, None, 18),
    '33016_smoother_pkg': ('A', True, 'smoother/kernels/jax_impl.py', 7),
    '33017_cg_pretty_print.py': ('A', True, None, 17),
    '33018_nested_vmap_add.py': ('A', True, None, 19),
    '33019_kepler_refine': ('A', True, 'orbits/host.py', 19),
    '33020_sensor_sim': ('A', True, 'plant/noise.py', 25),
    '33021_hazard_backend': ('B', True, 'survival/ops.py', 11),
    '33022_sensor_loop': ('A', False, None, None),
    '33023_broadcast_add_kwargs.py': ('B', False, None, None),
    '33024_cg_status.py': ('A', False, None, None),
    '33025_quantile_lib': ('B', False, None, None),
    '33026_broadcast_add_cb.py': ('B', True, None, 20),
    '33027_nested_vmap_sum.py': ('A', False, None, None),
    '33028_eig_vectorized.py': ('B', True, None, 26),
    '33029_nested_vmap_migrating.py': ('B', True, None, 25),
    '33030_j0_custom_jvp.py': ('A', False, None, None),
    '33031_hazard_pkg': ('B', False, None, None),
    '33032_calib_eval': ('A', True, 'calib/postprocess.py', 8),
    '33033_filter_callback_tree.py': ('B', True, None, 28),
    '33034_probit_train': ('B', True, 'probit/ops.py', 11),
    '33035_raytrace_pkg': ('B', True, 'optics/ops.py', 10),
    '33036_bessel_jv_grad.py': ('B', True, None, 21),
    '33037_tabulated_eos': ('B', True, 'eos/lookup.py', 15),
    '33038_mixture_fit': ('A', True, 'gmm/mathutil.py', 7),
    '33039_sin_host_scan.py': ('B', True, None, 16),
    '33040_probit_fit': ('B', False, None, None),
    '33041_filter_callback_default.py': ('B', False, None, None),
    '33042_fixed_point_cache.py': ('A', False, None, None),
    '33043_antoine_legacy': ('B', True, 'thermo/legacy.py', 11),
    '33044_calib_report': ('A', False, None, None),
    '33045_de_host_search.py': ('B', False, None, None),
    '33046_nested_vmap_flag.py': ('B', False, None, None),
    '33047_j1_custom_jvp.py': ('A', True, None, 10),
    '33048_raytrace_lib': ('B', False, None, None),
    '33049_cubic_roots': ('B', True, 'eqn/ops.py', 10),
    '33050_fixed_point_watch.py': ('A', True, None, 25),
    '33051_flag_to_vmap_method.py': ('B', False, None, None),
    '33052_mixture_em': ('A', False, None, None),
    '33053_run_tokens.py': ('A', True, None, 20),
    '33054_run_handles.py': ('A', False, None, None),
    '33055_voigt_profile': ('B', True, 'spectra/lineshapes/ops.py', 11),
    '33056_eos_tables': ('B', False, None, None),
    '33057_particle_pkg': ('A', True, 'sim/util/numerics.py', 13),
    '33058_newton_verbose.py': ('A', False, None, None),
    '33059_antoine_modern': ('B', False, None, None),
    '33060_cubic_solver': ('B', False, None, None),
}

TRACER = r'''
import sys, os, json, runpy, threading
script = os.path.abspath(sys.argv[1])
out = os.environ["L31F_TRACE_OUT"]
root = os.path.dirname(os.path.abspath(script))
sys.argv = [script]
sys.path.insert(0, root)
import jax, jaxlib, jax.experimental, jax.debug
JAXDIRS = tuple(os.path.dirname(m.__file__) + os.sep for m in (jax, jaxlib))
rec = {"hosts": 0, "lines": set(), "entries": []}
lock = threading.Lock()
def _local(frame, event, arg):
    if event == "line":
        rec["lines"].add((frame.f_code.co_filename, frame.f_lineno))
    return _local
def _glob(frame, event, arg):
    if event != "call":
        return None
    fn = frame.f_code.co_filename
    if fn.startswith(JAXDIRS):
        # an entry into JAX counts when the nearest enclosing frame that is either
        # JAX's or the program's own belongs to the program (stdlib frames such as
        # contextlib in between are skipped)
        caller = frame.f_back
        while caller is not None:
            cfn = caller.f_code.co_filename
            if cfn.startswith(JAXDIRS):
                return None
            if cfn.startswith(root):
                # skip program code that JAX itself is running (e.g. the body of a jitted
                # function being traced because the host called it)
                up = caller.f_back
                while up is not None and up.f_code.co_name != "_traced_host":
                    if up.f_code.co_filename.startswith(JAXDIRS):
                        return None
                    up = up.f_back
                with lock:
                    rec["entries"].append((cfn, caller.f_lineno, frame.f_code.co_name))
                return None
            caller = caller.f_back
        return None
    if fn.startswith(root):
        rec["lines"].add((fn, frame.f_lineno))
        return _local
    return None
def _wrap(cb):
    def _traced_host(*a, **k):
        prev = sys.gettrace()
        with lock:
            rec["hosts"] += 1
        sys.settrace(_glob)
        try:
            return cb(*a, **k)
        finally:
            sys.settrace(prev)
    return _traced_host
_pc, _ioc, _dbg = jax.pure_callback, jax.experimental.io_callback, jax.debug.callback
def pure_callback(callback, *a, **k): return _pc(_wrap(callback), *a, **k)
def io_callback(callback, *a, **k): return _ioc(_wrap(callback), *a, **k)
def debug_callback(callback, *a, **k): return _dbg(_wrap(callback), *a, **k)
jax.pure_callback = pure_callback
jax.experimental.io_callback = io_callback
jax.debug.callback = debug_callback
try:
    runpy.run_path(script, run_name="__main__")
finally:
    jax.effects_barrier()
    with open(out, "w") as f:
        json.dump({"hosts": rec["hosts"], "lines": sorted(rec["lines"]),
                   "entries": rec["entries"]}, f)
'''

ALLOWED_ENTRIES = {"__array__"}


def programs():
    return sorted(n for n in os.listdir(HERE) if re.match(r"^330\d\d_", n))


def cmd_for(name):
    p = os.path.join(HERE, name)
    if os.path.isdir(p):
        return p, "main.py"
    return HERE, name


def env():
    e = dict(os.environ)
    e["JAX_PLATFORMS"] = "cpu"
    e.pop("PYTHONPATH", None)
    return e


def parse_exc(stderr):
    lines = stderr.splitlines()
    idx = [i for i, l in enumerate(lines) if l == "Traceback (most recent call last):"]
    if not idx:
        return None, None, None
    exc_line = None
    for l in lines[idx[-1] + 1:]:
        if l and not l[0].isspace():
            exc_line = l
            break
    if exc_line is None:
        return None, None, None
    m = re.match(r"^([A-Za-z_][\w.]*)(?::\s?(.*))?$", exc_line)
    exc_type, message = (m.group(1), m.group(2) or "") if m else (None, exc_line)
    host_error = None
    for l in lines:
        if re.match(r"^[A-Za-z_]\w*(Error|Exception): ", l):
            host_error = l
    return exc_type, message, host_error


def run(name):
    cwd, script = cmd_for(name)
    try:
        r = subprocess.run(["nice", "-n", "10", sys.executable, script], cwd=cwd, env=env(),
                           capture_output=True, text=True, timeout=120)
        rc, err = r.returncode, r.stderr
    except subprocess.TimeoutExpired:
        return {"rc": "timeout"}
    res = {"rc": rc}
    if rc != 0:
        res["exc_type"], res["message"], res["host_error"] = parse_exc(err)
        res["tail"] = err[-1500:]
    fam = TABLE[name][0]
    if fam == "A":
        fd, out = tempfile.mkstemp(suffix=".json")
        os.close(fd)
        e = env()
        e["L31F_TRACE_OUT"] = out
        try:
            t = subprocess.run(["nice", "-n", "10", sys.executable, "-c", TRACER, script],
                               cwd=cwd, env=e, capture_output=True, text=True, timeout=300)
            res["trace_rc"] = t.returncode
            if t.returncode != 0:
                res["trace_tail"] = t.stderr[-1500:]
            with open(out) as f:
                res["trace"] = json.load(f)
        except Exception as ex:  # noqa
            res["trace_error"] = repr(ex)
        finally:
            os.unlink(out)
    return res


def line_text(name, relfile, line):
    p = os.path.join(HERE, name, relfile) if relfile else os.path.join(HERE, name)
    with open(p) as f:
        return f.read().splitlines()[line - 1].strip()


def main():
    names = programs()
    missing = [n for n in names if n not in TABLE]
    extra = [n for n in TABLE if n not in names]
    problems = []
    if missing or extra:
        problems.append(f"table mismatch: missing={missing} extra={extra}")
        names = [n for n in names if n in TABLE]
    with ThreadPoolExecutor(max_workers=2) as ex:
        results = dict(zip(names, ex.map(run, names)))
    labels = {}
    for n in names:
        fam, fires, relfile, line = TABLE[n]
        r = results[n]
        isdir = os.path.isdir(os.path.join(HERE, n))
        lab = {"family": fam, "fires": fires, "how": "rule" if fam == "A" else "run",
               "message": None, "line": line, "exc_type": None}
        if isdir:
            lab["file"] = relfile
        if fam == "A":
            if r["rc"] != 0:
                problems.append(f"{n}: family-A program does not run cleanly: {r.get('tail', r['rc'])}")
            tr = r.get("trace")
            if not tr or r.get("trace_rc") != 0:
                problems.append(f"{n}: traced run failed: {r.get('trace_tail') or r.get('trace_error')}")
            else:
                if tr["hosts"] == 0:
                    problems.append(f"{n}: no host ran")
                bad = [e for e in tr["entries"] if e[2] not in ALLOWED_ENTRIES]
                if fires:
                    target = os.path.realpath(os.path.join(HERE, n, relfile) if isdir else os.path.join(HERE, n))
                    ran = any(os.path.realpath(f) == target and l == line for f, l in tr["lines"])
                    if not ran:
                        problems.append(f"{n}: labelled line {relfile}:{line} not executed on the host")
                    other = [e for e in bad if not (os.path.realpath(e[0]) == target and e[1] == line)]
                    if other:
                        problems.append(f"{n}: JAX entered on the host from other lines: {sorted(set(map(tuple, other)))[:5]}")
                    print(f"  {n}: JAX entered on the host: {sorted({e[2] for e in bad})}")
                else:
                    if bad:
                        problems.append(f"{n}: near miss enters JAX on the host: {sorted(set(map(tuple, bad)))[:5]}")
        else:
            if fires:
                ok = (r["rc"] != 0 and (r.get("exc_type") or "").endswith("JaxRuntimeError")
                      and "unexpected keyword argument 'vectorized'" in (r.get("host_error") or ""))
                if not ok:
                    problems.append(f"{n}: expected the vectorized= host TypeError, got rc={r['rc']} "
                                    f"{r.get('exc_type')}: {r.get('message')} / {r.get('host_error')}")
                lab["message"] = r.get("message")
                lab["exc_type"] = r.get("exc_type")
                lab["host_error"] = r.get("host_error")
            else:
                if r["rc"] != 0:
                    problems.append(f"{n}: near miss raised: {r.get('exc_type')}: {r.get('message')} / {r.get('host_error')}")
        labels[n] = lab
        where = f"{n}/{relfile}" if isdir and relfile else n
        txt = line_text(n, relfile, line) if line else "-"
        print(f"{n:40s} {fam} {'FIRE' if fires else 'near':4s} {where}:{line}  | {txt}")
    with open(os.path.join(HERE, "labels.json"), "w") as f:
        json.dump(labels, f, indent=1, sort_keys=True)
    cnt = {}
    for n, l in labels.items():
        k = (l["family"], l["fires"], "dir" if "file" in l else "file")
        cnt[k] = cnt.get(k, 0) + 1
    for k in sorted(cnt):
        print("count", k, cnt[k])
    if problems:
        print("\nPROBLEMS:")
        for p in problems:
            print(" -", p)
        sys.exit(1)
    print("\nall programs behave as labelled")


if __name__ == "__main__":
    if len(sys.argv) > 1:  # label only the given programs (for development)
        _p = programs
        programs = lambda: [n for n in _p() if n in sys.argv[1:]]  # noqa
    main()
