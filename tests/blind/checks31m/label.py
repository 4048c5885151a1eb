"""Label every program of this set by running it in a fresh interpreter.

Usage: nice python label.py [out.json]      (default: labels.json next to this file)

Each program runs as `python <file>` semantics (runpy, run_name="__main__") in its own
subprocess with JAX_PLATFORMS=cpu and JAX_TRACEBACK_FILTERING=off, timeout 120 s, at most two
at a time. The runner records the exception type, the first line of its message, the last
traceback frame inside the program, and whether a frame of jax/_src/custom_derivatives.py or
jax/_src/callback.py is on the traceback (so that a plain TypeError of the wrong-arity kind is
known to come from JAX calling a custom rule).

TABLE below is the expected outcome written by hand: family, fires, style, the labelled line
(C: the io_callback(..., ordered=True) reference; D: the def of the malformed rule, or the
defvjp line for a lambda rule) and the near-miss twin. The labeller prints every labelled line
so it can be checked by eye, and exits non-zero if any program disagrees with its expectation:
a firing program must raise its family's own error, a near miss must run cleanly, and nothing
may raise anything else.
"""
import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))

# file: (family, fires, style, labelled line or None, twin)
TABLE = {
    '40001_temperature_study.py': ('C', True, 'sweep', 16, '40025_calibration_study.py'),
    '40002_imu_fleet_sinks.py': ('C', True, 'state', 26, '40007_imu_fleet_fusion.py'),
    '40003_codec_quantizer.py': ('D', False, 'hierarchy', None, '40037_codec_training.py'),
    '40004_portfolio_scenarios.py': ('C', True, 'state', 18, '40013_portfolio_replay.py'),
    '40005_sir_provenance.py': ('C', True, 'state', 21, '40024_sir_peak_study.py'),
    '40006_activation_table.py': ('D', False, 'sweep', None, '40046_activation_ablation.py'),
    '40007_imu_fleet_fusion.py': ('C', False, 'state', None, '40002_imu_fleet_sinks.py'),
    '40008_inventory_policies.py': ('C', True, 'state', 29, '40027_inventory_levels.py'),
    '40009_effects_render.py': ('C', False, 'hierarchy', None, '40030_effects_chain.py'),
    '40010_softplus_network.py': ('D', False, 'state', None, '40059_softplus_mlp.py'),
    '40011_queue_station.py': ('C', True, 'hierarchy', 20, '40048_queue_network.py'),
    '40012_smoothed_call_price.py': ('D', False, 'state', None, '40028_smoothed_call_delta.py'),
    '40013_portfolio_replay.py': ('C', False, 'state', None, '40004_portfolio_scenarios.py'),
    '40014_cantilever_survey.py': ('C', True, 'hierarchy', 24, '40050_cantilever_probes.py'),
    '40015_kalman_strategies.py': ('C', False, 'sweep', None, '40042_kalman_ablation.py'),
    '40016_kinetics_batch.py': ('C', True, 'hierarchy', 47, '40036_kinetics_runner.py'),
    '40017_recommender_reduce.py': ('D', True, 'hierarchy', 46, '40047_recommender_pool.py'),
    '40018_sphere_mean.py': ('D', False, 'hierarchy', None, '40033_sphere_karcher.py'),
    '40019_ridge_rounds.py': ('C', False, 'sweep', None, '40022_ridge_search.py'),
    '40020_langevin_particles.py': ('C', False, 'state', None, '40035_langevin_ensemble.py'),
    '40021_metropolis_study.py': ('C', True, 'sweep', 32, '40023_metropolis_chains.py'),
    '40022_ridge_search.py': ('C', True, 'sweep', 24, '40019_ridge_rounds.py'),
    '40023_metropolis_chains.py': ('C', False, 'sweep', None, '40021_metropolis_study.py'),
    '40024_sir_peak_study.py': ('C', False, 'state', None, '40005_sir_provenance.py'),
    '40025_calibration_study.py': ('C', False, 'sweep', None, '40001_temperature_study.py'),
    '40026_evidence_grid.py': ('C', True, 'hierarchy', 25, '40034_evidence_sweep.py'),
    '40027_inventory_levels.py': ('C', False, 'state', None, '40008_inventory_policies.py'),
    '40028_smoothed_call_delta.py': ('D', True, 'state', 20, '40012_smoothed_call_price.py'),
    '40029_kepler_solvers.py': ('D', True, 'sweep', 17, '40044_kepler_benchmark.py'),
    '40030_effects_chain.py': ('C', True, 'hierarchy', 31, '40009_effects_render.py'),
    '40031_heat_surrogate.py': ('D', False, 'hierarchy', None, '40039_heat_calibration.py'),
    '40032_attention_temperature.py': ('D', True, 'sweep', 17, '40038_attention_sparsity.py'),
    '40033_sphere_karcher.py': ('D', True, 'hierarchy', 29, '40018_sphere_mean.py'),
    '40034_evidence_sweep.py': ('C', False, 'hierarchy', None, '40026_evidence_grid.py'),
    '40035_langevin_ensemble.py': ('C', True, 'state', 24, '40020_langevin_particles.py'),
    '40036_kinetics_runner.py': ('C', False, 'hierarchy', None, '40016_kinetics_batch.py'),
    '40037_codec_training.py': ('D', True, 'hierarchy', 48, '40003_codec_quantizer.py'),
    '40038_attention_sparsity.py': ('D', False, 'sweep', None, '40032_attention_temperature.py'),
    '40039_heat_calibration.py': ('D', True, 'hierarchy', 26, '40031_heat_surrogate.py'),
    '40040_robust_clip_regression.py': ('D', False, 'state', None, '40049_robust_clip_fit.py'),
    '40041_dpsgd_ablation.py': ('C', True, 'sweep', 19, '40057_dpsgd_logging.py'),
    '40042_kalman_ablation.py': ('C', True, 'sweep', 27, '40015_kalman_strategies.py'),
    '40043_poisson_lr_search.py': ('D', True, 'sweep', 17, '40053_poisson_glm_search.py'),
    '40044_kepler_benchmark.py': ('D', False, 'sweep', None, '40029_kepler_solvers.py'),
    '40045_deq_solver.py': ('D', False, 'state', None, '40052_deq_adjoint.py'),
    '40046_activation_ablation.py': ('D', True, 'sweep', 25, '40006_activation_table.py'),
    '40047_recommender_pool.py': ('D', False, 'hierarchy', None, '40017_recommender_reduce.py'),
    '40048_queue_network.py': ('C', False, 'hierarchy', None, '40011_queue_station.py'),
    '40049_robust_clip_fit.py': ('D', True, 'state', 19, '40040_robust_clip_regression.py'),
    '40050_cantilever_probes.py': ('C', False, 'hierarchy', None, '40014_cantilever_survey.py'),
    '40051_node_flow.py': ('D', False, 'hierarchy', None, '40054_node_activation.py'),
    '40052_deq_adjoint.py': ('D', True, 'state', 30, '40045_deq_solver.py'),
    '40053_poisson_glm_search.py': ('D', False, 'sweep', None, '40043_poisson_lr_search.py'),
    '40054_node_activation.py': ('D', True, 'hierarchy', 40, '40051_node_flow.py'),
    '40055_arm_kinematics.py': ('D', True, 'state', 34, '40056_arm_inverse.py'),
    '40056_arm_inverse.py': ('D', False, 'state', None, '40055_arm_kinematics.py'),
    '40057_dpsgd_logging.py': ('C', False, 'sweep', None, '40041_dpsgd_ablation.py'),
    '40058_oscillator_damping.py': ('D', False, 'sweep', None, '40060_oscillator_sensitivity.py'),
    '40059_softplus_mlp.py': ('D', True, 'state', 22, '40010_softplus_network.py'),
    '40060_oscillator_sensitivity.py': ('D', True, 'sweep', 13, '40058_oscillator_damping.py'),
}

RUNNER = r"""
import runpy, sys, traceback, json, os
path = sys.argv[1]
sys.argv = [path]
res = {"raises": False, "type": None, "message": None, "raise_line": None, "jax_rule_frame": False}
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
        for fr in traceback.extract_tb(e.__traceback__):
            if os.path.abspath(fr.filename) == os.path.abspath(path):
                res["raise_line"] = fr.lineno
            fn = fr.filename.replace(os.sep, "/")
            if fn.endswith("jax/_src/custom_derivatives.py") or fn.endswith("jax/_src/callback.py"):
                res["jax_rule_frame"] = True
print("@@LABEL@@" + json.dumps(res))
"""

ARITY = re.compile(r"takes \d+ positional arguments? but \d+ (were|was) given|missing \d+ required positional argument")


def classify(r):
    """Return 'C', 'D' or None for a raised exception."""
    t, m = r["type"], r["message"] or ""
    if t == "ValueError" and m.startswith("Cannot `vmap` ordered IO callback."):
        return "C"
    if t == "TypeError" and m.startswith("Custom VJP bwd rule must produce an output with the same container (pytree) structure"):
        return "D"
    if t == "TypeError" and m.startswith("Custom JVP rule") and "must produce primal and tangent outputs with equal container (pytree) structures" in m:
        return "D"
    if t == "TypeError" and ARITY.search(m) and r["jax_rule_frame"]:
        return "D"
    if t == "ValueError" and m.startswith("Linearization failed to produce known values for all output primals."):
        return "D"
    return None


def run_one(name):
    path = os.path.join(HERE, name)
    env = dict(os.environ, JAX_PLATFORMS="cpu", JAX_TRACEBACK_FILTERING="off")
    try:
        p = subprocess.run([sys.executable, "-c", RUNNER, path], cwd=HERE, env=env,
                           capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return name, {"raises": None, "type": "TIMEOUT", "message": "TIMEOUT", "raise_line": None, "jax_rule_frame": False}
    out = [l for l in p.stdout.splitlines() if l.startswith("@@LABEL@@")]
    if not out:
        return name, {"raises": None, "type": "NO RESULT", "message": p.stderr[-300:], "raise_line": None, "jax_rule_frame": False}
    return name, json.loads(out[-1][len("@@LABEL@@"):])


def main():
    names = sorted(n for n in os.listdir(HERE) if re.match(r"40\d\d\d_.*\.py$", n))
    missing = set(TABLE) ^ set(names)
    if missing:
        sys.exit(f"table and folder disagree: {sorted(missing)}")
    with ThreadPoolExecutor(max_workers=2) as ex:
        runs = dict(ex.map(run_one, names))
    labels, problems = {}, []
    print("labelled lines:")
    for name in names:
        fam, fires, style, line, twin = TABLE[name]
        r = runs[name]
        got = classify(r) if r["raises"] else None
        if fires and got != fam:
            problems.append(f"{name}: expected family {fam} error, got {r['type']}: {r['message']}")
        if not fires and r["raises"] is not False:
            problems.append(f"{name}: expected a clean run, got {r['type']}: {r['message']}")
        if r["raises"] and got is None:
            problems.append(f"{name}: out-of-scope exception {r['type']}: {r['message']}")
        if line is not None:
            src = open(os.path.join(HERE, name)).read().splitlines()
            print(f"  {name}:{line}: {src[line - 1].strip()}")
        labels[name] = {
            "family": fam, "fires": fires, "how": "run", "style": style,
            "message": r["message"] if fires else None,
            "exc_type": r["type"] if fires else None,
            "line": line,
            "raise_line": r["raise_line"] if fires else None,
            "twin": twin,
        }
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "labels.json")
    with open(out, "w") as fh:
        json.dump(labels, fh, indent=1, sort_keys=True)
        fh.write("\n")
    counts = {}
    for v in labels.values():
        k = (v["family"], v["style"], v["fires"])
        counts[k] = counts.get(k, 0) + 1
    for k in sorted(counts):
        print("  family %s  %-9s  fires=%-5s  %d" % (k[0], k[1], k[2], counts[k]))
    print(f"{len(labels)} programs, {sum(v['fires'] for v in labels.values())} fire, {len(problems)} problems")
    for p in problems:
        print("PROBLEM", p)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
