"""Label every 37NNN_*.py program in this folder by running it under real JAX.

Family A (JAX called inside a callback's host) is labelled by rule: the runner wraps the host
given to jax.pure_callback / jax.experimental.io_callback / jax.debug.callback, traces it, and
records every call the program file makes into the `jax` package while a host is running.
Family B is labelled by running. Two worker processes at most.
"""
import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))

RUNNER = r'''
import json, os, runpy, sys, threading, traceback
path = os.path.abspath(sys.argv[1])
trace_hosts = sys.argv[2] == "A"
sys.argv = [path]
res = {"raises": False, "type": None, "message": None, "line": None, "host_error": None,
       "host_calls": 0, "host_lines": [], "jax_calls": []}
if trace_hosts:
    import jax, jax.debug, jax.experimental
    JAXDIR = os.path.dirname(os.path.abspath(jax.__file__)) + os.sep
    host_lines, jax_calls = set(), set()
    def local(frame, event, arg):
        if event == "line":
            host_lines.add(frame.f_lineno)
        return local
    def tracer(frame, event, arg):
        if event != "call":
            return None
        fn = frame.f_code.co_filename
        if fn == path:
            return local
        back = frame.f_back
        if (fn.startswith(JAXDIR) and back is not None and back.f_code.co_filename == path
                and not frame.f_code.co_name.startswith("__")):
            jax_calls.add((back.f_lineno, frame.f_code.co_name))
        return None
    def wrap_host(cb):
        def _traced_host(*a, **k):
            res["host_calls"] += 1
            old = sys.gettrace()
            sys.settrace(tracer)
            try:
                return cb(*a, **k)
            finally:
                sys.settrace(old)
        return _traced_host
    def patch(mod, name):
        orig = getattr(mod, name)
        def patched(callback, *a, **k):
            return orig(wrap_host(callback), *a, **k)
        setattr(mod, name, patched)
    patch(jax, "pure_callback")
    patch(jax.experimental, "io_callback")
    patch(jax.debug, "callback")
try:
    runpy.run_path(path, run_name="__main__")
except BaseException as e:
    if isinstance(e, SystemExit) and not e.code:
        pass
    else:
        res["raises"] = True
        res["type"] = type(e).__name__
        text = str(e).strip()
        msg = text.splitlines()
        res["message"] = msg[0] if msg else ""
        inner = [l for l in msg if re.match(r"^[A-Za-z_.]*(Error|Exception): ", l)] if msg else []
        if inner and "CpuCallback error" in res["message"]:
            res["host_error"] = inner[-1]
        line = None
        for fr in traceback.extract_tb(e.__traceback__):
            if os.path.abspath(fr.filename) == path:
                line = fr.lineno
        res["line"] = line
if trace_hosts:
    res["host_lines"] = sorted(host_lines)
    res["jax_calls"] = sorted(jax_calls)
print("@@LABEL@@" + json.dumps(res))
'''.replace("import json, os, runpy", "import json, os, re, runpy")

# file -> (family, style, fires, line)   line: A = JAX call on the host, B = pure_callback ref
TABLE = {
    '37001_ocean_heat.py': ('B', 'composition', True, 44),
    '37002_soil_retention.py': ('B', 'typed', True, 43),
    '37003_langid_scorer.py': ('A', 'composition', False, None),
    '37004_glacier_melt.py': ('B', 'cli', False, None),
    '37005_turbine_power.py': ('B', 'cli', True, 46),
    '37006_bathymetry_regrid.py': ('A', 'cli', True, 32),
    '37007_thermocouple.py': ('A', 'typed', False, None),
    '37008_eegprep.py': ('A', 'cli', False, None),
    '37009_truss_solver.py': ('A', 'typed', True, 30),
    '37010_ocean_heat.py': ('B', 'composition', False, None),
    '37011_pkmodel.py': ('A', 'cli', True, 22),
    '37012_seismic_worker.py': ('B', 'composition', True, 23),
    '37013_churn_cli.py': ('A', 'cli', False, None),
    '37014_bathymetry_regrid.py': ('A', 'cli', False, None),
    '37015_turbine_power.py': ('B', 'cli', False, None),
    '37016_audio_monitor.py': ('A', 'typed', False, None),
    '37017_radar_rainfall.py': ('B', 'composition', False, None),
    '37018_photometry.py': ('A', 'composition', False, None),
    '37019_gearbox_spectrum.py': ('A', 'composition', True, 38),
    '37020_reactor_kinetics.py': ('A', 'typed', True, 29),
    '37021_strain_quantise.py': ('A', 'cli', True, 39),
    '37022_epi_nowcast.py': ('A', 'composition', False, None),
    '37023_strain_quantise.py': ('A', 'cli', False, None),
    '37024_demand_tracker.py': ('A', 'composition', True, 28),
    '37025_radar_rainfall.py': ('B', 'composition', True, 47),
    '37026_credit_curve.py': ('B', 'typed', False, None),
    '37027_photometry.py': ('A', 'composition', True, 47),
    '37028_eos_table.py': ('B', 'typed', False, None),
    '37029_langid_scorer.py': ('A', 'composition', True, 16),
    '37030_star_formation.py': ('B', 'typed', False, None),
    '37031_dosimetry.py': ('B', 'cli', False, None),
    '37032_tide_smoother.py': ('A', 'typed', False, None),
    '37033_seismic_worker.py': ('B', 'composition', False, None),
    '37034_pkmodel.py': ('A', 'cli', False, None),
    '37035_option_batch.py': ('B', 'composition', True, 12),
    '37036_pipe_friction.py': ('B', 'typed', False, None),
    '37037_tide_smoother.py': ('A', 'typed', True, 21),
    '37038_lidar_fit.py': ('B', 'cli', False, None),
    '37039_battery_ageing.py': ('B', 'composition', True, 24),
    '37040_churn_cli.py': ('A', 'cli', True, 15),
    '37041_dosimetry.py': ('B', 'cli', True, 39),
    '37042_audio_monitor.py': ('A', 'typed', True, 57),
    '37043_pipe_friction.py': ('B', 'typed', True, 31),
    '37044_soil_retention.py': ('B', 'typed', False, None),
    '37045_epi_nowcast.py': ('A', 'composition', True, 24),
    '37046_option_batch.py': ('B', 'composition', False, None),
    '37047_lidar_fit.py': ('B', 'cli', True, 40),
    '37048_thermocouple.py': ('A', 'typed', True, 37),
    '37049_truss_solver.py': ('A', 'typed', False, None),
    '37050_credit_curve.py': ('B', 'typed', True, 46),
    '37051_glacier_melt.py': ('B', 'cli', True, 22),
    '37052_demand_tracker.py': ('A', 'composition', False, None),
    '37053_battery_ageing.py': ('B', 'composition', False, None),
    '37054_hrv_cli.py': ('B', 'cli', False, None),
    '37055_reactor_kinetics.py': ('A', 'typed', False, None),
    '37056_eegprep.py': ('A', 'cli', True, 49),
    '37057_eos_table.py': ('B', 'typed', True, 32),
    '37058_hrv_cli.py': ('B', 'cli', True, 21),
    '37059_gearbox_spectrum.py': ('A', 'composition', False, None),
    '37060_star_formation.py': ('B', 'typed', True, 28),
}

B_FIRE = "CpuCallback error calling callback"


def run_one(name):
    fam = TABLE[name][0]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JAX_", "XLA_"))}
    env["JAX_PLATFORMS"] = "cpu"
    try:
        p = subprocess.run([sys.executable, "-c", RUNNER, os.path.join(HERE, name), fam],
                           cwd=HERE, env=env, capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return name, None, "TIMEOUT"
    out = [l for l in p.stdout.splitlines() if l.startswith("@@LABEL@@")]
    if not out:
        return name, None, "NO RESULT: " + p.stderr[-800:]
    return name, json.loads(out[-1][len("@@LABEL@@"):]), None


def check(name, r):
    fam, style, fires, line = TABLE[name]
    problems = []
    with open(os.path.join(HERE, name)) as fh:
        src = fh.read().splitlines()
    text = src[line - 1].strip() if line else None
    if fam == "A":
        if r["raises"]:
            problems.append("family-A program raised: %s %s" % (r["type"], r["message"]))
        if r["host_calls"] == 0:
            problems.append("no host was called")
        if fires:
            if line not in r["host_lines"]:
                problems.append("labelled line %s not executed on the host" % line)
            if not any(l == line for l, _ in r["jax_calls"]):
                problems.append("no JAX call from labelled line %s (calls: %s)" % (line, r["jax_calls"]))
        elif r["jax_calls"]:
            problems.append("near miss calls JAX on the host: %s" % r["jax_calls"])
        entry = {"family": "A", "fires": fires, "how": "rule", "message": None,
                 "line": line if fires else None, "exc_type": None}
    else:
        if fires:
            if not (r["raises"] and B_FIRE in (r["message"] or "")
                    and "'vectorized'" in (r["host_error"] or "")):
                problems.append("B fire did not raise the vectorized TypeError: %s" % r)
            if text is None or "pure_callback" not in text:
                problems.append("labelled line %s has no pure_callback: %r" % (line, text))
        elif r["raises"]:
            problems.append("B near miss raised: %s %s" % (r["type"], r["message"]))
        entry = {"family": "B", "fires": fires, "how": "run",
                 "message": r["message"] if fires else None,
                 "line": line if fires else None,
                 "exc_type": r["type"] if fires else None}
        if fires:
            entry["host_error"] = r["host_error"]
    entry["style"] = style
    return entry, problems, text


def main():
    names = sorted(n for n in os.listdir(HERE) if re.match(r"37\d\d\d_.*\.py$", n))
    missing = set(names) ^ set(TABLE)
    if missing:
        print("TABLE/file mismatch:", sorted(missing))
        sys.exit(1)
    with ThreadPoolExecutor(max_workers=2) as ex:
        runs = list(ex.map(run_one, names))
    labels, bad = {}, 0
    for name, r, err in runs:
        if err:
            print("BROKEN", name, err)
            bad += 1
            continue
        entry, problems, text = check(name, r)
        labels[name] = entry
        print("%-34s %s %-5s %-11s line=%-4s %s" % (name, entry["family"], entry["fires"],
              entry["style"], entry["line"], text or ""))
        for p in problems:
            print("   PROBLEM:", p)
            bad += 1
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "labels.json")
    with open(out, "w") as fh:
        json.dump(labels, fh, indent=1, sort_keys=True)
        fh.write("\n")
    from collections import Counter
    c = Counter((e["family"], e["fires"], e["style"]) for e in labels.values())
    for k in sorted(c):
        print(k, c[k])
    print("%d programs, %d problems" % (len(labels), bad))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
