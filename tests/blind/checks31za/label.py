"""Label the programs of this folder by running each one under JAX (CPU).

Usage:  JAX_PLATFORMS=cpu nice python label.py [--check]
Writes labels.json (or, with --check, compares a fresh run with it).
Every program runs in a fresh `python` subprocess (timeout 120 s, one at a
time).  The expected outcome of each program is kept in TABLE below; the
labeller refuses to write labels when a run disagrees with it.
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# file -> family, style, expected fires, labelled line, a substring that must be on that line, twin
TABLE = json.loads(r"""
{
 "5401_linearize_smooth_ramp.py": {
  "anchor": "def _smooth_ramp_jvp(",
  "family": "D",
  "fires": true,
  "line": 15,
  "style": "differentiated",
  "twin": "5430_linearize_smooth_ramp.py"
 },
 "5402_param_axes_dict.py": {
  "anchor": null,
  "family": "C",
  "fires": false,
  "line": null,
  "style": "differentiated",
  "twin": "5458_param_axes_dict.py"
 },
 "5403_composite_quadrature_rule.py": {
  "anchor": "io_callback(_gauss_nodes_host",
  "family": "C",
  "fires": true,
  "line": 25,
  "style": "solvers",
  "twin": "5454_composite_quadrature_rule.py"
 },
 "5404_aux_metric_corr.py": {
  "anchor": "def _cc_bwd(",
  "family": "D",
  "fires": true,
  "line": 20,
  "style": "differentiated",
  "twin": "5438_aux_metric_corr.py"
 },
 "5405_hermite_sinc_pair.py": {
  "anchor": null,
  "family": "D",
  "fires": false,
  "line": null,
  "style": "solvers",
  "twin": "5452_hermite_sinc_pair.py"
 },
 "5406_model_with_head_copy.py": {
  "anchor": null,
  "family": "D",
  "fires": false,
  "line": null,
  "style": "builders",
  "twin": "5447_model_with_head_copy.py"
 },
 "5407_polar_stop_gradient.py": {
  "anchor": null,
  "family": "D",
  "fires": false,
  "line": null,
  "style": "differentiated",
  "twin": "5425_polar_stop_gradient.py"
 },
 "5408_namedtuple_rule_spec.py": {
  "anchor": "def _clip_bwd_array(",
  "family": "D",
  "fires": true,
  "line": 22,
  "style": "builders",
  "twin": "5419_namedtuple_rule_spec.py"
 },
 "5409_adapter_getattr_rule.py": {
  "anchor": null,
  "family": "D",
  "fires": false,
  "line": null,
  "style": "builders",
  "twin": "5411_adapter_getattr_rule.py"
 },
 "5410_feature_pipeline_then.py": {
  "anchor": null,
  "family": "C",
  "fires": false,
  "line": null,
  "style": "builders",
  "twin": "5439_feature_pipeline_then.py"
 },
 "5411_adapter_getattr_rule.py": {
  "anchor": "    def jvp_rule(self, primals, tangents):",
  "family": "D",
  "fires": true,
  "line": 19,
  "style": "builders",
  "twin": "5409_adapter_getattr_rule.py"
 },
 "5412_frozen_trace_config.py": {
  "anchor": null,
  "family": "C",
  "fires": false,
  "line": null,
  "style": "builders",
  "twin": "5413_frozen_trace_config.py"
 },
 "5413_frozen_trace_config.py": {
  "anchor": "io_callback(host_log",
  "family": "C",
  "fires": true,
  "line": 32,
  "style": "builders",
  "twin": "5412_frozen_trace_config.py"
 },
 "5414_gradient_check_clip.py": {
  "anchor": "def _gc_bwd(",
  "family": "D",
  "fires": true,
  "line": 19,
  "style": "solvers",
  "twin": "5436_gradient_check_clip.py"
 },
 "5415_pair_potential_forces.py": {
  "anchor": null,
  "family": "C",
  "fires": false,
  "line": null,
  "style": "differentiated",
  "twin": "5443_pair_potential_forces.py"
 },
 "5416_replica_oscillator_clock.py": {
  "anchor": null,
  "family": "C",
  "fires": false,
  "line": null,
  "style": "differentiated",
  "twin": "5433_replica_oscillator_clock.py"
 },
 "5417_free_energy_lse_method.py": {
  "anchor": null,
  "family": "D",
  "fires": false,
  "line": null,
  "style": "solvers",
  "twin": "5440_free_energy_lse_method.py"
 },
 "5418_vdp_ensemble_method.py": {
  "anchor": null,
  "family": "C",
  "fires": false,
  "line": null,
  "style": "solvers",
  "twin": "5450_vdp_ensemble_method.py"
 },
 "5419_namedtuple_rule_spec.py": {
  "anchor": null,
  "family": "D",
  "fires": false,
  "line": null,
  "style": "builders",
  "twin": "5408_namedtuple_rule_spec.py"
 },
 "5420_temperature_argnums.py": {
  "anchor": "def _pos_bwd(",
  "family": "D",
  "fires": true,
  "line": 18,
  "style": "differentiated",
  "twin": "5442_temperature_argnums.py"
 },
 "5421_telemetry_proxy.py": {
  "anchor": null,
  "family": "C",
  "fires": false,
  "line": null,
  "style": "builders",
  "twin": "5431_telemetry_proxy.py"
 },
 "5422_vjp_pullback_pool.py": {
  "anchor": "def _pool_bwd(",
  "family": "D",
  "fires": true,
  "line": 20,
  "style": "differentiated",
  "twin": "5455_vjp_pullback_pool.py"
 },
 "5423_evaluator_strategy.py": {
  "anchor": null,
  "family": "C",
  "fires": false,
  "line": null,
  "style": "builders",
  "twin": "5429_evaluator_strategy.py"
 },
 "5424_softplus_cotangent_log.py": {
  "anchor": "io_callback(_log_cot",
  "family": "C",
  "fires": true,
  "line": 27,
  "style": "differentiated",
  "twin": "5451_softplus_cotangent_log.py"
 },
 "5425_polar_stop_gradient.py": {
  "anchor": "def _polar_jvp(",
  "family": "D",
  "fires": true,
  "line": 17,
  "style": "differentiated",
  "twin": "5407_polar_stop_gradient.py"
 },
 "5426_newton_implicit_vjp.py": {
  "anchor": "def _root_bwd(",
  "family": "D",
  "fires": true,
  "line": 32,
  "style": "solvers",
  "twin": "5448_newton_implicit_vjp.py"
 },
 "5427_spectral_burgers_diag.py": {
  "anchor": "io_callback(_diag_host",
  "family": "C",
  "fires": true,
  "line": 32,
  "style": "solvers",
  "twin": "5459_spectral_burgers_diag.py"
 },
 "5428_monitor_builder.py": {
  "anchor": "io_callback(_record",
  "family": "C",
  "fires": true,
  "line": 44,
  "style": "builders",
  "twin": "5445_monitor_builder.py"
 },
 "5429_evaluator_strategy.py": {
  "anchor": "io_callback(_host_trace",
  "family": "C",
  "fires": true,
  "line": 17,
  "style": "builders",
  "twin": "5423_evaluator_strategy.py"
 },
 "5430_linearize_smooth_ramp.py": {
  "anchor": null,
  "family": "D",
  "fires": false,
  "line": null,
  "style": "differentiated",
  "twin": "5401_linearize_smooth_ramp.py"
 },
 "5431_telemetry_proxy.py": {
  "anchor": "io_callback(_sink, None, tag, val, ordered=True)",
  "family": "C",
  "fires": true,
  "line": 21,
  "style": "builders",
  "twin": "5421_telemetry_proxy.py"
 },
 "5432_armijo_safe_log.py": {
  "anchor": "def _safe_log_bwd(",
  "family": "D",
  "fires": true,
  "line": 20,
  "style": "solvers",
  "twin": "5460_armijo_safe_log.py"
 },
 "5433_replica_oscillator_clock.py": {
  "anchor": "io_callback(_tick",
  "family": "C",
  "fires": true,
  "line": 22,
  "style": "differentiated",
  "twin": "5416_replica_oscillator_clock.py"
 },
 "5434_activation_factory_compile.py": {
  "anchor": "    def rule(primals):",
  "family": "D",
  "fires": true,
  "line": 19,
  "style": "builders",
  "twin": "5446_activation_factory_compile.py"
 },
 "5435_kepler_newton_polish.py": {
  "anchor": "io_callback(_residual_host",
  "family": "C",
  "fires": true,
  "line": 34,
  "style": "solvers",
  "twin": "5449_kepler_newton_polish.py"
 },
 "5436_gradient_check_clip.py": {
  "anchor": null,
  "family": "D",
  "fires": false,
  "line": null,
  "style": "solvers",
  "twin": "5414_gradient_check_clip.py"
 },
 "5437_metropolis_chains.py": {
  "anchor": null,
  "family": "C",
  "fires": false,
  "line": null,
  "style": "solvers",
  "twin": "5444_metropolis_chains.py"
 },
 "5438_aux_metric_corr.py": {
  "anchor": null,
  "family": "D",
  "fires": false,
  "line": null,
  "style": "differentiated",
  "twin": "5404_aux_metric_corr.py"
 },
 "5439_feature_pipeline_then.py": {
  "anchor": "io_callback(_audit_host",
  "family": "C",
  "fires": true,
  "line": 19,
  "style": "builders",
  "twin": "5410_feature_pipeline_then.py"
 },
 "5440_free_energy_lse_method.py": {
  "anchor": "def _lse_jvp(",
  "family": "D",
  "fires": true,
  "line": 18,
  "style": "solvers",
  "twin": "5417_free_energy_lse_method.py"
 },
 "5441_sharded_step_counter.py": {
  "anchor": "io_callback(_report_step",
  "family": "C",
  "fires": true,
  "line": 23,
  "style": "differentiated",
  "twin": "5456_sharded_step_counter.py"
 },
 "5442_temperature_argnums.py": {
  "anchor": null,
  "family": "D",
  "fires": false,
  "line": null,
  "style": "differentiated",
  "twin": "5420_temperature_argnums.py"
 },
 "5443_pair_potential_forces.py": {
  "anchor": "io_callback(_snapshot",
  "family": "C",
  "fires": true,
  "line": 26,
  "style": "differentiated",
  "twin": "5415_pair_potential_forces.py"
 },
 "5444_metropolis_chains.py": {
  "anchor": "io_callback(_record",
  "family": "C",
  "fires": true,
  "line": 33,
  "style": "solvers",
  "twin": "5437_metropolis_chains.py"
 },
 "5445_monitor_builder.py": {
  "anchor": null,
  "family": "C",
  "fires": false,
  "line": null,
  "style": "builders",
  "twin": "5428_monitor_builder.py"
 },
 "5446_activation_factory_compile.py": {
  "anchor": null,
  "family": "D",
  "fires": false,
  "line": null,
  "style": "builders",
  "twin": "5434_activation_factory_compile.py"
 },
 "5447_model_with_head_copy.py": {
  "anchor": "leaky_gate.defvjp(",
  "family": "D",
  "fires": true,
  "line": 17,
  "style": "builders",
  "twin": "5406_model_with_head_copy.py"
 },
 "5448_newton_implicit_vjp.py": {
  "anchor": null,
  "family": "D",
  "fires": false,
  "line": null,
  "style": "solvers",
  "twin": "5426_newton_implicit_vjp.py"
 },
 "5449_kepler_newton_polish.py": {
  "anchor": null,
  "family": "C",
  "fires": false,
  "line": null,
  "style": "solvers",
  "twin": "5435_kepler_newton_polish.py"
 },
 "5450_vdp_ensemble_method.py": {
  "anchor": "io_callback(_log_discrepancy",
  "family": "C",
  "fires": true,
  "line": 32,
  "style": "solvers",
  "twin": "5418_vdp_ensemble_method.py"
 },
 "5451_softplus_cotangent_log.py": {
  "anchor": null,
  "family": "C",
  "fires": false,
  "line": null,
  "style": "differentiated",
  "twin": "5424_softplus_cotangent_log.py"
 },
 "5452_hermite_sinc_pair.py": {
  "anchor": "def _sinc_pair_jvp(",
  "family": "D",
  "fires": true,
  "line": 18,
  "style": "solvers",
  "twin": "5405_hermite_sinc_pair.py"
 },
 "5453_op_builder_backward.py": {
  "anchor": null,
  "family": "D",
  "fires": false,
  "line": null,
  "style": "builders",
  "twin": "5457_op_builder_backward.py"
 },
 "5454_composite_quadrature_rule.py": {
  "anchor": null,
  "family": "C",
  "fires": false,
  "line": null,
  "style": "solvers",
  "twin": "5403_composite_quadrature_rule.py"
 },
 "5455_vjp_pullback_pool.py": {
  "anchor": null,
  "family": "D",
  "fires": false,
  "line": null,
  "style": "differentiated",
  "twin": "5422_vjp_pullback_pool.py"
 },
 "5456_sharded_step_counter.py": {
  "anchor": null,
  "family": "C",
  "fires": false,
  "line": null,
  "style": "differentiated",
  "twin": "5441_sharded_step_counter.py"
 },
 "5457_op_builder_backward.py": {
  "anchor": "def _backward_input_only(",
  "family": "D",
  "fires": true,
  "line": 23,
  "style": "builders",
  "twin": "5453_op_builder_backward.py"
 },
 "5458_param_axes_dict.py": {
  "anchor": "io_callback(_bias_audit",
  "family": "C",
  "fires": true,
  "line": 19,
  "style": "differentiated",
  "twin": "5402_param_axes_dict.py"
 },
 "5459_spectral_burgers_diag.py": {
  "anchor": null,
  "family": "C",
  "fires": false,
  "line": null,
  "style": "solvers",
  "twin": "5427_spectral_burgers_diag.py"
 },
 "5460_armijo_safe_log.py": {
  "anchor": null,
  "family": "D",
  "fires": false,
  "line": null,
  "style": "solvers",
  "twin": "5432_armijo_safe_log.py"
 }
}
""")

RUNNER = r"""
import json, runpy, sys, traceback
path = sys.argv[1]
out = {"raised": False}
try:
    runpy.run_path(path, run_name="__main__")
except BaseException as e:
    tb = traceback.extract_tb(e.__traceback__)
    frames = [f.lineno for f in tb if f.filename == path]
    msg = str(e).strip().splitlines()
    out = {"raised": True, "exc_type": type(e).__name__,
           "message": msg[0] if msg else "", "full": str(e)[:2000],
           "last_frame_line": frames[-1] if frames else None,
           "frames": frames}
sys.stdout.flush()
print("@@RESULT@@" + json.dumps(out))
"""

FAMILY_ERRORS = {
    "C": [("ValueError", "Cannot `vmap` ordered IO callback.")],
    "D": [("TypeError", "Custom VJP bwd rule must produce an output with the same container (pytree) structure"),
          ("TypeError", "must produce primal and tangent outputs with equal container (pytree) structures"),
          ("TypeError", "positional argument"),
          ("ValueError", "Linearization failed to produce known values for all output primals.")],
}


def run_one(fn):
    path = os.path.join(HERE, fn)
    env = dict(os.environ, JAX_PLATFORMS="cpu")
    p = subprocess.run(["nice", sys.executable, "-c", RUNNER, path], capture_output=True,
                       text=True, timeout=120, env=env, cwd=HERE)
    marks = [l for l in p.stdout.splitlines() if l.startswith("@@RESULT@@")]
    if not marks:
        raise SystemExit(f"{fn}: no result (rc={p.returncode})\n{p.stderr[-2000:]}")
    return json.loads(marks[-1][len("@@RESULT@@"):])


def rule_name(src_line):
    s = src_line.strip()
    if s.startswith("def "):
        return s[4:].split("(")[0]
    return "<lambda>"


def label(fn, spec):
    res = run_one(fn)
    lines = open(os.path.join(HERE, fn)).read().splitlines()
    fam = spec["family"]
    entry = {"family": fam, "fires": spec["fires"], "how": "run", "message": None,
             "line": None, "exc_type": None, "style": spec["style"], "twin": spec["twin"]}
    problems = []
    if spec["fires"]:
        if not res["raised"]:
            problems.append("expected to raise, ran cleanly")
        else:
            ok = any(res["exc_type"] == t and s in res["full"] for t, s in FAMILY_ERRORS[fam])
            if not ok:
                problems.append(f"raised a foreign error {res['exc_type']}: {res['message']}")
            line = spec["line"]
            text = lines[line - 1]
            if spec["anchor"] not in text:
                problems.append(f"line {line} does not hold {spec['anchor']!r}: {text!r}")
            if fam == "C" and res["last_frame_line"] != line:
                problems.append(f"io_callback line {line} != traceback line {res['last_frame_line']}")
            if fam == "D" and "positional argument" in res["full"] and rule_name(text) + "()" not in res["full"]:
                problems.append(f"arity error does not name the rule {rule_name(text)}")
            if fam == "D" and "Custom JVP rule" in res["full"] and rule_name(text) not in res["full"]:
                problems.append(f"JVP structure error does not name the rule {rule_name(text)}")
            entry.update(message=res["message"], line=line, exc_type=res["exc_type"])
            print(f"  {fn}:{line}: {text.strip()}")
    else:
        if res["raised"]:
            problems.append(f"near miss raised {res['exc_type']}: {res['message']}")
    return entry, problems


def main():
    labels, bad = {}, []
    for fn in sorted(TABLE):
        entry, problems = label(fn, TABLE[fn])
        labels[fn] = entry
        status = "FIRES" if entry["fires"] else "clean"
        print(f"{fn}: {entry['family']} {status} {entry['exc_type'] or ''} {entry['message'] or ''}"[:200])
        for p in problems:
            print("   PROBLEM:", p)
            bad.append((fn, p))
    counts = {}
    for e in labels.values():
        k = (e["family"], e["style"], e["fires"])
        counts[k] = counts.get(k, 0) + 1
    for k in sorted(counts):
        print(k, counts[k])
    if bad:
        raise SystemExit(f"{len(bad)} problems; labels.json not written")
    out = os.path.join(HERE, "labels.json")
    text = json.dumps(labels, indent=1, sort_keys=True) + "\n"
    if "--check" in sys.argv:
        same = open(out).read() == text
        print("identical to labels.json:", same)
        raise SystemExit(0 if same else 1)
    with open(out, "w") as f:
        f.write(text)
    print("wrote", out, len(labels))


if __name__ == "__main__":
    main()
