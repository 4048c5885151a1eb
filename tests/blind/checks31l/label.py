"""Label every program of this set by running it in a fresh interpreter.

Family A is labelled by the rule (a JAX API call visibly executed on a callback host's path at
run time), observed with a `sys.settrace` tracer that is switched on only while a host runs.
Family B is labelled by running: the program must end with the CpuCallback error whose inner
exception is the host's TypeError about `vectorized`.
Usage: nice python label.py [out.json]
"""
import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))

# file -> (family, fires, style, expected line (A: JAX call on the host; B: the pure_callback
#          reference that gets vectorized=), twin)
TABLE = {
    '39001_quantile_ablation.py': ('A', True, 'sweep', 18, '39036_pinball_ablation.py'),
    '39002_rdf_coordination.py': ('B', False, 'sweep', None, '39012_rdf_quadrature.py'),
    '39003_dose_response_grid.py': ('B', False, 'sweep', None, '39028_dose_response_fits.py'),
    '39004_glacier_melt.py': ('B', False, 'state', None, '39035_glacier_balance.py'),
    '39005_sea_ice_albedo.py': ('B', True, 'state', 35, '39018_sea_ice_budget.py'),
    '39006_kinetics_euler.py': ('A', False, 'hierarchy', None, '39059_reaction_network.py'),
    '39007_mlp_warm_timing.py': ('A', False, 'sweep', None, '39016_mlp_timing.py'),
    '39008_clip_classifier.py': ('A', False, 'hierarchy', None, '39019_clip_features.py'),
    '39009_step_filter_bench.py': ('A', False, 'sweep', None, '39042_step_denoise_sweep.py'),
    '39010_opacity_cache.py': ('A', False, 'hierarchy', None, '39053_opacity_memo.py'),
    '39011_thermocouple_table.py': ('A', True, 'state', 25, '39030_thermocouple_readout.py'),
    '39012_rdf_quadrature.py': ('B', True, 'sweep', 28, '39002_rdf_coordination.py'),
    '39013_chirp_shrinkage.py': ('B', False, 'sweep', None, '39047_chirp_wavelet_sweep.py'),
    '39014_pk_absorption.py': ('B', False, 'hierarchy', None, '39052_pk_compartment.py'),
    '39015_kde_ablation.py': ('B', True, 'sweep', 26, '39022_kde_anomaly.py'),
    '39016_mlp_timing.py': ('A', True, 'sweep', 18, '39007_mlp_warm_timing.py'),
    '39017_photon_poisson.py': ('A', False, 'state', None, '39049_photon_counts.py'),
    '39018_sea_ice_budget.py': ('B', False, 'state', None, '39005_sea_ice_albedo.py'),
    '39019_clip_features.py': ('A', True, 'hierarchy', 31, '39008_clip_classifier.py'),
    '39020_tide_harmonics.py': ('B', True, 'hierarchy', 51, '39026_tide_table.py'),
    '39021_allele_drift.py': ('B', True, 'hierarchy', 12, '39023_allele_sampling.py'),
    '39022_kde_anomaly.py': ('B', False, 'sweep', None, '39015_kde_ablation.py'),
    '39023_allele_sampling.py': ('B', False, 'hierarchy', None, '39021_allele_drift.py'),
    '39024_green_ampt_runoff.py': ('B', False, 'hierarchy', None, '39050_green_ampt.py'),
    '39025_isa_descent.py': ('B', False, 'state', None, '39055_isa_drag.py'),
    '39026_tide_table.py': ('B', False, 'hierarchy', None, '39020_tide_harmonics.py'),
    '39027_curve_report.py': ('A', True, 'hierarchy', 26, '39060_loss_report.py'),
    '39028_dose_response_fits.py': ('B', True, 'sweep', 53, '39003_dose_response_grid.py'),
    '39029_voigt_fit.py': ('B', False, 'state', None, '39031_voigt_lines.py'),
    '39030_thermocouple_readout.py': ('A', False, 'state', None, '39011_thermocouple_table.py'),
    '39031_voigt_lines.py': ('B', True, 'state', 30, '39029_voigt_fit.py'),
    '39032_heat_implicit.py': ('A', True, 'state', 18, '39057_heat_banded.py'),
    '39033_friction_solvers.py': ('A', False, 'sweep', None, '39058_colebrook_solvers.py'),
    '39034_mie_timing.py': ('B', False, 'sweep', None, '39041_mie_benchmark.py'),
    '39035_glacier_balance.py': ('B', True, 'state', 32, '39004_glacier_melt.py'),
    '39036_pinball_ablation.py': ('A', False, 'sweep', None, '39001_quantile_ablation.py'),
    '39037_ecg_wander.py': ('A', False, 'state', None, '39039_ecg_baseline.py'),
    '39038_attention_stats.py': ('A', False, 'hierarchy', None, '39056_attention_probe.py'),
    '39039_ecg_baseline.py': ('A', True, 'state', 22, '39037_ecg_wander.py'),
    '39040_yield_curve_pricer.py': ('B', True, 'state', 25, '39043_bond_ladder.py'),
    '39041_mie_benchmark.py': ('B', True, 'sweep', 18, '39034_mie_timing.py'),
    '39042_step_denoise_sweep.py': ('A', True, 'sweep', 18, '39009_step_filter_bench.py'),
    '39043_bond_ladder.py': ('B', False, 'state', None, '39040_yield_curve_pricer.py'),
    '39044_imu_fusion.py': ('A', True, 'state', 17, '39048_gyro_merge.py'),
    '39045_double_well_restarts.py': ('A', True, 'sweep', 16, '39051_double_well_search.py'),
    '39046_bathymetry_transect.py': ('B', True, 'hierarchy', 28, '39054_bathymetry_clearance.py'),
    '39047_chirp_wavelet_sweep.py': ('B', True, 'sweep', 35, '39013_chirp_shrinkage.py'),
    '39048_gyro_merge.py': ('A', False, 'state', None, '39044_imu_fusion.py'),
    '39049_photon_counts.py': ('A', True, 'state', 31, '39017_photon_poisson.py'),
    '39050_green_ampt.py': ('B', True, 'hierarchy', 22, '39024_green_ampt_runoff.py'),
    '39051_double_well_search.py': ('A', False, 'sweep', None, '39045_double_well_restarts.py'),
    '39052_pk_compartment.py': ('B', True, 'hierarchy', 24, '39014_pk_absorption.py'),
    '39053_opacity_memo.py': ('A', True, 'hierarchy', 19, '39010_opacity_cache.py'),
    '39054_bathymetry_clearance.py': ('B', False, 'hierarchy', None, '39046_bathymetry_transect.py'),
    '39055_isa_drag.py': ('B', True, 'state', 27, '39025_isa_descent.py'),
    '39056_attention_probe.py': ('A', True, 'hierarchy', 29, '39038_attention_stats.py'),
    '39057_heat_banded.py': ('A', False, 'state', None, '39032_heat_implicit.py'),
    '39058_colebrook_solvers.py': ('A', True, 'sweep', 24, '39033_friction_solvers.py'),
    '39059_reaction_network.py': ('A', True, 'hierarchy', 42, '39006_kinetics_euler.py'),
    '39060_loss_report.py': ('A', False, 'hierarchy', None, '39027_curve_report.py'),
}

RUNNER = r'''
import json, os, runpy, sys, traceback
path = os.path.abspath(sys.argv[1])
sys.argv = [path]
import jax
import jax.debug
from jax._src import callback as _cbmod
JAXDIR = os.path.dirname(os.path.abspath(jax.__file__)) + os.sep
# names that NumPy conversion of an argument (np.asarray / float()) triggers on a jax.Array
PROTOCOL = {"__array__", "__float__", "__int__", "__index__", "__bool__", "__len__", "__iter__",
            "__array_namespace__", "__hash__", "__repr__", "__str__", "__format__",
            "shape", "dtype", "ndim", "size", "_value", "is_fully_replicated",
            "is_fully_addressable", "_check_if_deleted", "__dlpack__", "__array_interface__"}
seen = set()

def tracer(frame, event, arg):
    if event != "call":
        return None
    code = frame.f_code
    if code.co_filename.startswith(JAXDIR):
        back = frame.f_back
        if back is not None and os.path.abspath(back.f_code.co_filename) == path \
                and code.co_name not in PROTOCOL:
            seen.add((back.f_lineno, code.co_name))
        return None
    return None

def traced_call(fn, *a, **k):
    old = sys.gettrace()
    sys.settrace(tracer)
    try:
        return fn(*a, **k)
    finally:
        sys.settrace(old)

_orig_call = _cbmod._FlatCallback.__call__
def _patched_call(self, *flat_args):
    args, kwargs = _cbmod.tree_util.tree_unflatten(self.in_tree, flat_args)
    return _cbmod.tree_util.tree_leaves(traced_call(self.callback_func, *args, **kwargs))
_cbmod._FlatCallback.__call__ = _patched_call

_orig_dbg = jax.debug.callback
def _dbg(callback, *args, **kwargs):
    def _host(*a, **k):
        return traced_call(callback, *a, **k)
    return _orig_dbg(_host, *args, **kwargs)
jax.debug.callback = _dbg

res = {"raises": False, "type": None, "message": None, "tb_line": None, "host_error": None}
try:
    runpy.run_path(path, run_name="__main__")
except BaseException as e:
    if not (isinstance(e, SystemExit) and not e.code):
        res["raises"] = True
        res["type"] = type(e).__name__
        text = str(e).strip()
        lines = text.splitlines()
        res["message"] = lines[0] if lines else ""
        inner = [l for l in lines if re.match(r"^[A-Za-z_.]*(Error|Exception):", l)]
        res["host_error"] = inner[-1] if inner else None
        for fr in traceback.extract_tb(e.__traceback__):
            if os.path.abspath(fr.filename) == path:
                res["tb_line"] = fr.lineno
res["host_jax_calls"] = sorted(seen)
print("@@LABEL@@" + json.dumps(res))
'''.replace("import json, os, runpy", "import json, os, re, runpy")

CPU_CB = "INTERNAL: CpuCallback error calling callback"
VEC = "unexpected keyword argument 'vectorized'"


def run_one(name):
    path = os.path.join(HERE, name)
    env = dict(os.environ, JAX_PLATFORMS="cpu")
    try:
        p = subprocess.run([sys.executable, "-c", RUNNER, path], cwd=HERE, env=env,
                           capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return name, {"error": "TIMEOUT"}
    out = [l for l in p.stdout.splitlines() if l.startswith("@@LABEL@@")]
    if not out:
        return name, {"error": "NO RESULT: " + p.stderr[-800:]}
    return name, json.loads(out[-1][len("@@LABEL@@"):])


def label(name, r, problems):
    fam, fires, style, line, twin = TABLE[name]
    src = open(os.path.join(HERE, name)).read().splitlines()
    if "error" in r:
        problems.append(f"{name}: {r['error']}")
        return None
    msg = r["message"]
    if msg is not None:
        msg = re.sub(r"0x[0-9a-fA-F]+", "0x...", msg)
    entry = {"family": fam, "fires": fires, "how": "rule" if fam == "A" else "run",
             "style": style, "message": msg, "line": line, "exc_type": r["type"]}
    calls = [tuple(c) for c in r["host_jax_calls"]]
    if fam == "A":
        if r["raises"]:
            problems.append(f"{name}: family-A program raised {r['type']}: {msg}")
        got = bool(calls)
        if got != fires:
            problems.append(f"{name}: table says fires={fires}, tracer saw {calls}")
        if fires and line not in {c[0] for c in calls}:
            problems.append(f"{name}: expected host JAX call at line {line}, tracer saw {calls}")
        if fires:
            entry["host_jax_calls"] = [f"{c[1]}@{c[0]}" for c in calls]
    else:
        if calls:
            problems.append(f"{name}: family-B host executes JAX: {calls}")
        if fires:
            ok = (r["raises"] and r["type"] == "JaxRuntimeError" and msg.startswith(CPU_CB)
                  and r["host_error"] and VEC in r["host_error"])
            if not ok:
                problems.append(f"{name}: expected the vectorized TypeError, got {r['type']}: {msg} / {r['host_error']}")
            entry["host_error"] = r["host_error"]
        elif r["raises"]:
            problems.append(f"{name}: near miss raised {r['type']}: {msg}")
    if fires:
        if not isinstance(line, int) or not (1 <= line <= len(src)):
            problems.append(f"{name}: bad line {line}")
    elif line is not None:
        problems.append(f"{name}: near miss with a line")
    return entry


def main():
    names = sorted(n for n in os.listdir(HERE) if re.match(r"39\d\d\d_.*\.py$", n))
    missing = set(TABLE) ^ set(names)
    problems = [f"table/file mismatch: {sorted(missing)}"] if missing else []
    with ThreadPoolExecutor(max_workers=2) as ex:
        raw = dict(ex.map(run_one, names))
    labels = {}
    for n in names:
        e = label(n, raw[n], problems)
        if e is not None:
            labels[n] = e
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "labels.json")
    with open(out, "w") as fh:
        json.dump(labels, fh, indent=1, sort_keys=True)
        fh.write("\n")
    for n in names:
        fam, fires, style, line, twin = TABLE[n]
        text = open(os.path.join(HERE, n)).read().splitlines()[line - 1].strip() if line else ""
        print(f"{n:40s} {fam} {style:9s} fires={fires!s:5s} line={line!s:4s} {text[:70]}")
    counts = {}
    for n, (fam, fires, style, _, _) in TABLE.items():
        counts[(fam, style, fires)] = counts.get((fam, style, fires), 0) + 1
    for k in sorted(counts):
        print(k, counts[k])
    print(f"{len(labels)} labelled, {len(problems)} problems")
    for p in problems:
        print("PROBLEM", p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
