"""Labeller for the checks31i blind set (families C and D, JAX 0.10.2).

Runs every program in a fresh `python` subprocess (JAX_PLATFORMS=cpu, timeout 120 s,
at most 2 workers), checks that firing programs raise their family's own error (test
modules: exactly one test errors, with that error, nothing fails), that near misses run
cleanly, prints each labelled line, and writes labels.json.

    cd /work/blind/checks31i && nice -n 10 python label.py [--workers 2]
"""
import json, os, re, subprocess, sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))

# file -> (family, fires, style, line)
TABLE = {
# @@TABLE@@
    "36001_jsonl_sink.py": ("C", False, "tests", None),  # C_tests_M_jsonl_sink.py
    "36002_stream_modes.py": ("C", False, "tests", None),  # C_tests_M_stream_modes.py
    "36003_implicit_root.py": ("D", True, "notebook", 58),  # D_nb_F_implicit_root.py
    "36004_nll_audit_rows.py": ("C", False, "notebook", None),  # C_nb_M_nll_audit_rows.py
    "36005_payoff_calibration.py": ("C", False, "tests", None),  # C_tests_M_payoff_calibration.py
    "36006_stream_modes.py": ("C", True, "tests", 19),  # C_tests_F_stream_modes.py
    "36007_agent_method.py": ("C", True, "tests", 33),  # C_tests_F_agent_method.py
    "36008_yield_curve.py": ("C", False, "library", None),  # C_lib_M_yield_curve.py
    "36009_spectral_frames.py": ("C", False, "library", None),  # C_lib_M_spectral_frames.py
    "36010_langevin_trace.py": ("C", True, "notebook", 35),  # C_nb_F_langevin_trace.py
    "36011_store_ledger.py": ("C", True, "notebook", 56),  # C_nb_F_store_ledger.py
    "36012_pytree_params.py": ("D", False, "tests", None),  # D_tests_M_pytree_params.py
    "36013_attenuator.py": ("D", False, "tests", None),  # D_tests_M_attenuator.py
    "36014_fast_expm1_variants.py": ("D", True, "notebook", 22),  # D_nb_F_fast_expm1_variants.py
    "36015_option_greeks.py": ("D", False, "library", None),  # D_lib_M_option_greeks.py
    "36016_option_greeks.py": ("D", True, "library", 60),  # D_lib_F_option_greeks.py
    "36017_sdf_render.py": ("D", True, "library", 106),  # D_lib_F_sdf_render.py
    "36018_planar_arm.py": ("C", True, "library", 85),  # C_lib_F_planar_arm.py
    "36019_remat_probes.py": ("C", True, "tests", 19),  # C_tests_F_remat_probes.py
    "36020_moments_jvp.py": ("D", True, "notebook", 29),  # D_nb_F_moments_jvp.py
    "36021_ranking_nested.py": ("D", False, "tests", None),  # D_tests_M_ranking_nested.py
    "36022_kalman_tuning.py": ("D", True, "library", 102),  # D_lib_F_kalman_tuning.py
    "36023_remat_gate.py": ("D", False, "tests", None),  # D_tests_M_remat_gate.py
    "36024_temperature_softplus.py": ("D", True, "notebook", 16),  # D_nb_F_temperature_softplus.py
    "36025_sir_ensemble.py": ("C", True, "tests", 33),  # C_tests_F_sir_ensemble.py
    "36026_particle_sweep_trace.py": ("C", False, "notebook", None),  # C_nb_M_particle_sweep_trace.py
    "36027_quantile_nondiff.py": ("D", True, "notebook", 33),  # D_nb_F_quantile_nondiff.py
    "36028_sdf_render.py": ("D", False, "library", None),  # D_lib_M_sdf_render.py
    "36029_hmm_scoring.py": ("C", False, "library", None),  # C_lib_M_hmm_scoring.py
    "36030_timing_checkpoints.py": ("C", False, "notebook", None),  # C_nb_M_timing_checkpoints.py
    "36031_mesh_geometry.py": ("D", True, "library", 80),  # D_lib_F_mesh_geometry.py
    "36032_activations.py": ("D", True, "tests", 39),  # D_tests_F_activations.py
    "36033_temperature_softplus.py": ("D", False, "notebook", None),  # D_nb_M_temperature_softplus.py
    "36034_spectral_frames.py": ("C", True, "library", 121),  # C_lib_F_spectral_frames.py
    "36035_attenuator.py": ("D", True, "tests", 20),  # D_tests_F_attenuator.py
    "36036_yield_curve.py": ("C", True, "library", 78),  # C_lib_F_yield_curve.py
    "36037_timing_checkpoints.py": ("C", True, "notebook", 27),  # C_nb_F_timing_checkpoints.py
    "36038_smoothing_modes.py": ("C", False, "notebook", None),  # C_nb_M_smoothing_modes.py
    "36039_kalman_tuning.py": ("D", False, "library", None),  # D_lib_M_kalman_tuning.py
    "36040_sgd_jsonl_logging.py": ("C", True, "tests", 25),  # C_tests_F_sgd_jsonl_logging.py
    "36041_quantile_nondiff.py": ("D", False, "notebook", None),  # D_nb_M_quantile_nondiff.py
    "36042_ctr_expm1_rule.py": ("D", False, "notebook", None),  # D_nb_M_ctr_expm1_rule.py
    "36043_agent_method.py": ("C", False, "tests", None),  # C_tests_M_agent_method.py
    "36044_gaussian_nll_audit.py": ("C", True, "notebook", 18),  # C_nb_F_gaussian_nll_audit.py
    "36045_remat_gate.py": ("D", True, "tests", 37),  # D_tests_F_remat_gate.py
    "36046_ranking_nested.py": ("D", True, "tests", 17),  # D_tests_F_ranking_nested.py
    "36047_ledger_booking.py": ("C", False, "notebook", None),  # C_nb_M_ledger_booking.py
    "36048_activations.py": ("D", False, "tests", None),  # D_tests_M_activations.py
    "36049_moments_jvp.py": ("D", False, "notebook", None),  # D_nb_M_moments_jvp.py
    "36050_planar_arm.py": ("C", False, "library", None),  # C_lib_M_planar_arm.py
    "36051_newton_root_sensitivity.py": ("D", False, "notebook", None),  # D_nb_M_newton_root_sensitivity.py
    "36052_advection_ensemble.py": ("C", False, "library", None),  # C_lib_M_advection_ensemble.py
    "36053_mesh_geometry.py": ("D", False, "library", None),  # D_lib_M_mesh_geometry.py
    "36054_pytree_params.py": ("D", True, "tests", 36),  # D_tests_F_pytree_params.py
    "36055_hmm_scoring.py": ("C", True, "library", 114),  # C_lib_F_hmm_scoring.py
    "36056_chunk_smoothing.py": ("C", True, "notebook", 23),  # C_nb_F_chunk_smoothing.py
    "36057_sir_ensemble.py": ("C", False, "tests", None),  # C_tests_M_sir_ensemble.py
    "36058_wavelet_sure.py": ("D", True, "library", 104),  # D_lib_F_wavelet_sure.py
    "36059_advection_ensemble.py": ("C", True, "library", 110),  # C_lib_F_advection_ensemble.py
    "36060_wavelet_sure.py": ("D", False, "library", None),  # D_lib_M_wavelet_sure.py
}

PATTERNS = {
    "C": [("ValueError", r"^Cannot `vmap` ordered IO callback\.")],
    "D": [("TypeError", r"^Custom VJP bwd rule must produce an output with the same container"),
          ("TypeError", r"^Custom JVP rule \S+ for function \S+ must produce primal and tangent outputs with equal container"),
          ("TypeError", r"takes \d+ positional arguments? but \d+ (were|was) given$"),
          ("TypeError", r"missing \d+ required positional arguments?"),
          ("ValueError", r"^Linearization failed to produce known values for all output primals\.")],
}
EXC_RE = re.compile(r"^([A-Za-z_][\w.]*(?:Error|Exception)): (.*)$")


def run(name):
    env = dict(os.environ, JAX_PLATFORMS="cpu", PYTHONHASHSEED="0")
    try:
        p = subprocess.run([sys.executable, name], cwd=HERE, env=env, capture_output=True,
                           text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return name, None, "TIMEOUT"
    return name, p.returncode, p.stdout + "\n" + p.stderr


def analyse(name, rc, out):
    family, fires, style, line = TABLE[name]
    problems = []
    lines = out.splitlines()
    exc = None
    for l in lines:
        m = EXC_RE.match(l)
        if m and "UnfilteredStackTrace" not in m.group(1):
            exc = (m.group(1).split(".")[-1], m.group(2))
    if style == "tests":
        errors = [l for l in lines if l.startswith("ERROR: ")]
        fails = [l for l in lines if l.startswith("FAIL: ")]
        ran = [l for l in lines if l.startswith("Ran ")]
        if not ran:
            problems.append("no unittest report")
        if fires and (len(errors) != 1 or fails):
            problems.append(f"expected exactly one erroring test, got errors={len(errors)} fails={len(fails)}")
        if not fires and (errors or fails or rc != 0):
            problems.append(f"near miss has errors={len(errors)} fails={len(fails)} rc={rc}")
    if rc is None:
        problems.append("timeout")
    if fires:
        if rc == 0 or exc is None:
            problems.append("expected an exception, ran cleanly")
        else:
            ok = any(exc[0] == t and re.search(p, exc[1]) for t, p in PATTERNS[family])
            if not ok:
                problems.append(f"wrong exception: {exc}")
        src_line = open(os.path.join(HERE, name)).read().splitlines()[line - 1] if line else ""
        # a partial(io_callback, ...) is called from inside JAX, so its line is not a frame
        if family == "C" and line is not None and "partial(" not in src_line:
            frames = re.findall(r'File "[^"]*' + re.escape(name) + r'", line (\d+)', out)
            if str(line) not in frames:
                problems.append(f"labelled line {line} not in traceback frames {frames}")
    else:
        if rc != 0:
            problems.append(f"near miss failed rc={rc}: {exc}")
    src = open(os.path.join(HERE, name)).read().splitlines()
    shown = src[line - 1].strip() if line else None
    label = {"family": family, "fires": fires, "how": "run",
             "message": exc[1] if fires and exc else None,
             "line": line if fires else None,
             "exc_type": exc[0] if fires and exc else None,
             "style": style}
    return label, problems, shown


def main():
    workers = 2
    if "--workers" in sys.argv:
        workers = min(2, int(sys.argv[sys.argv.index("--workers") + 1]))
    names = sorted(TABLE)
    missing = [n for n in names if not os.path.exists(os.path.join(HERE, n))]
    extra = sorted(f for f in os.listdir(HERE) if re.match(r"^36\d\d_.*\.py$", f) and f not in TABLE)
    if missing or extra:
        print("missing:", missing, "extra:", extra)
    with ThreadPoolExecutor(workers) as ex:
        results = list(ex.map(run, names))
    labels, bad = {}, 0
    for name, rc, out in results:
        label, problems, shown = analyse(name, rc, out)
        labels[name] = label
        tag = "FIRE" if label["fires"] else "miss"
        print(f"{name}: {label['family']} {tag} {label['style']:8s} line={label['line']} "
              f"{label['exc_type'] or ''}: {(label['message'] or '')[:90]}")
        if shown:
            print(f"    {label['line']:4d} | {shown}")
        for p in problems:
            bad += 1
            print("    PROBLEM:", p)
            if os.environ.get("SHOWOUT"):
                print(out[-3000:])
    with open(os.path.join(HERE, "labels.json"), "w") as f:
        json.dump(labels, f, indent=1, sort_keys=True)
    from collections import Counter
    c = Counter((l["family"], l["style"], l["fires"]) for l in labels.values())
    for k in sorted(c):
        print(k, c[k])
    print("problems:", bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
