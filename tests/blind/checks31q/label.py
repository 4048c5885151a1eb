"""Labeller for blind set checks31q (families C and D of issue 31).

Runs every 44NN_*.py program in a fresh `python` subprocess (JAX_PLATFORMS=cpu, timeout 120 s,
2 workers), records the exception it raises (if any) and writes labels.json.
Checks: every firing program raises its family's own error; every near miss runs cleanly;
nothing raises anything else. The line table below is printed with the line's text.
"""
import json
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))

# file -> (family, fires, style, line, twin)
TABLE = {
    '4401_optional_fft_backend.py': ('C', True, 'fallback', 24, '4407_optional_fftw_backend.py'),
    '4402_platform_recorder_win.py': ('C', False, 'fallback', None, '4412_platform_recorder.py'),
    '4403_fixed_point_pressure_nominal.py': ('D', False, 'control', None, '4450_fixed_point_pressure.py'),
    '4404_vectorised_journal_guarded.py': ('C', True, 'fallback', 17, '4458_vectorised_journal_recovering.py'),
    '4405_fixed_sweeps_tangent.py': ('D', False, 'control', None, '4421_fixed_sweeps_sensitivity.py'),
    '4406_finite_difference_rescue_typed.py': ('D', False, 'fallback', None, '4442_finite_difference_rescue.py'),
    '4407_optional_fftw_backend.py': ('C', False, 'fallback', None, '4401_optional_fft_backend.py'),
    '4408_optax_seed_sweep_norms.py': ('C', True, 'framework', 22, '4415_optax_seed_map_norms.py'),
    '4409_ensemble_head_monitor.py': ('C', True, 'framework', 18, '4411_ensemble_head_weights.py'),
    '4410_scan_limiter_outer_gain.py': ('D', False, 'control', None, '4431_scan_limiter_dynamics.py'),
    '4411_ensemble_head_weights.py': ('C', False, 'framework', None, '4409_ensemble_head_monitor.py'),
    '4412_platform_recorder.py': ('C', True, 'fallback', 26, '4402_platform_recorder_win.py'),
    '4413_eqx_tempered_pool.py': ('D', False, 'framework', None, '4423_eqx_tempered_softmax.py'),
    '4414_linen_clipped_inputs.py': ('D', False, 'framework', None, '4455_linen_clipped_features.py'),
    '4415_optax_seed_map_norms.py': ('C', False, 'framework', None, '4408_optax_seed_sweep_norms.py'),
    '4416_curvature_report_quiet.py': ('D', False, 'fallback', None, '4430_suppressed_hessian_probe.py'),
    '4417_relaxation_sweep_counter.py': ('C', False, 'control', None, '4444_relaxation_sweep_trace.py'),
    '4418_retrying_rule_builder_wide.py': ('D', False, 'fallback', None, '4447_retrying_rule_builder.py'),
    '4419_env_configured_tracer.py': ('C', True, 'fallback', 19, '4427_env_configured_tracer_off.py'),
    '4420_branchy_shared_logger.py': ('C', False, 'control', None, '4460_branchy_batch_logger.py'),
    '4421_fixed_sweeps_sensitivity.py': ('D', True, 'control', 13, '4405_fixed_sweeps_tangent.py'),
    '4422_versioned_sensor_bridge_legacy.py': ('C', False, 'fallback', None, '4456_versioned_sensor_bridge.py'),
    '4423_eqx_tempered_softmax.py': ('D', True, 'framework', 16, '4413_eqx_tempered_pool.py'),
    '4424_nnx_soft_bound_buffer.py': ('D', False, 'framework', None, '4451_nnx_soft_bound_param.py'),
    '4425_masked_gate_select.py': ('D', True, 'control', 16, '4429_masked_gate_features.py'),
    '4426_reverse_filter_tap.py': ('C', True, 'control', 19, '4438_reverse_filter_debugtap.py'),
    '4427_env_configured_tracer_off.py': ('C', False, 'fallback', None, '4419_env_configured_tracer.py'),
    '4428_piecewise_cost_regimes.py': ('D', False, 'control', None, '4436_piecewise_cost_branches.py'),
    '4429_masked_gate_features.py': ('D', False, 'control', None, '4425_masked_gate_select.py'),
    '4430_suppressed_hessian_probe.py': ('D', True, 'fallback', 12, '4416_curvature_report_quiet.py'),
    '4431_scan_limiter_dynamics.py': ('D', True, 'control', 14, '4410_scan_limiter_outer_gain.py'),
    '4432_env_switch_custom_grad_off.py': ('D', False, 'fallback', None, '4437_env_switch_custom_grad.py'),
    '4433_linen_per_example_audit.py': ('C', True, 'framework', 18, '4441_linen_batch_audit.py'),
    '4434_optax_safe_log_loss_v2.py': ('D', False, 'framework', None, '4445_optax_safe_log_loss.py'),
    '4435_eqx_probe_layer.py': ('C', True, 'framework', 26, '4448_eqx_probe_layer_async.py'),
    '4436_piecewise_cost_branches.py': ('D', True, 'control', 16, '4428_piecewise_cost_regimes.py'),
    '4437_env_switch_custom_grad.py': ('D', True, 'fallback', 15, '4432_env_switch_custom_grad_off.py'),
    '4438_reverse_filter_debugtap.py': ('C', False, 'control', None, '4426_reverse_filter_tap.py'),
    '4439_nnx_train_eval_rounding.py': ('D', True, 'framework', 17, '4454_nnx_eval_only_rounding.py'),
    '4440_remat_rollout_ensemble.py': ('C', True, 'control', 17, '4453_remat_rollout_forcing.py'),
    '4441_linen_batch_audit.py': ('C', False, 'framework', None, '4433_linen_per_example_audit.py'),
    '4442_finite_difference_rescue.py': ('D', True, 'fallback', 16, '4406_finite_difference_rescue_typed.py'),
    '4443_nnx_sequence_rollout.py': ('C', False, 'framework', None, '4452_nnx_sequence_probe.py'),
    '4444_relaxation_sweep_trace.py': ('C', True, 'control', 17, '4417_relaxation_sweep_counter.py'),
    '4445_optax_safe_log_loss.py': ('D', True, 'framework', 13, '4434_optax_safe_log_loss_v2.py'),
    '4446_streamed_spectra_dump.py': ('C', False, 'control', None, '4449_chunked_spectra_dump.py'),
    '4447_retrying_rule_builder.py': ('D', True, 'fallback', 14, '4418_retrying_rule_builder_wide.py'),
    '4448_eqx_probe_layer_async.py': ('C', False, 'framework', None, '4435_eqx_probe_layer.py'),
    '4449_chunked_spectra_dump.py': ('C', True, 'control', 24, '4446_streamed_spectra_dump.py'),
    '4450_fixed_point_pressure.py': ('D', True, 'control', 13, '4403_fixed_point_pressure_nominal.py'),
    '4451_nnx_soft_bound_param.py': ('D', True, 'framework', 14, '4424_nnx_soft_bound_buffer.py'),
    '4452_nnx_sequence_probe.py': ('C', True, 'framework', 23, '4443_nnx_sequence_rollout.py'),
    '4453_remat_rollout_forcing.py': ('C', False, 'control', None, '4440_remat_rollout_ensemble.py'),
    '4454_nnx_eval_only_rounding.py': ('D', False, 'framework', None, '4439_nnx_train_eval_rounding.py'),
    '4455_linen_clipped_features.py': ('D', True, 'framework', 17, '4414_linen_clipped_inputs.py'),
    '4456_versioned_sensor_bridge.py': ('C', True, 'fallback', 35, '4422_versioned_sensor_bridge_legacy.py'),
    '4457_release_gated_rule_old.py': ('D', False, 'fallback', None, '4459_release_gated_rule.py'),
    '4458_vectorised_journal_recovering.py': ('C', False, 'fallback', None, '4404_vectorised_journal_guarded.py'),
    '4459_release_gated_rule.py': ('D', True, 'fallback', 21, '4457_release_gated_rule_old.py'),
    '4460_branchy_batch_logger.py': ('C', True, 'control', 18, '4420_branchy_shared_logger.py'),
}

RUNNER = r"""
import json, runpy, sys, traceback
path, out = sys.argv[1], sys.argv[2]
res = {"raised": False}
try:
    runpy.run_path(path, run_name="__main__")
except BaseException as e:
    tb = traceback.extract_tb(e.__traceback__)
    frames = [f for f in tb if f.filename == path]
    msg = str(e).splitlines()[0] if str(e) else ""
    res = {"raised": True, "exc_type": type(e).__name__, "message": msg,
           "prog_line": frames[-1].lineno if frames else None}
with open(out, "w") as fh:
    json.dump(res, fh)
"""

FAMILY_ERRORS = {
    "C": [("ValueError", r"^Cannot `vmap` ordered IO callback\.")],
    "D": [
        ("TypeError", r"^Custom VJP bwd rule must produce an output with the same container \(pytree\) structure"),
        ("TypeError", r"^Custom JVP rule \S+ for function \S+ must produce primal and tangent outputs with equal container \(pytree\) structures"),
        ("TypeError", r"(takes \d+ positional arguments? but \d+ (was|were) given|missing \d+ required positional argument)"),
        ("ValueError", r"^Linearization failed to produce known values for all output primals\."),
    ],
}


def run_one(name):
    path = os.path.join(HERE, name)
    env = dict(os.environ, JAX_PLATFORMS="cpu", PYTHONHASHSEED="0")
    with tempfile.TemporaryDirectory() as td:
        out = os.path.join(td, "res.json")
        try:
            p = subprocess.run([sys.executable, "-c", RUNNER, path, out], cwd=td, env=env,
                               capture_output=True, text=True, timeout=120)
        except subprocess.TimeoutExpired:
            return name, {"raised": True, "exc_type": "Timeout", "message": "timeout", "prog_line": None}
        if not os.path.exists(out):
            return name, {"raised": True, "exc_type": "Crash", "message": p.stderr[-300:], "prog_line": None}
        with open(out) as fh:
            return name, json.load(fh)


def main():
    names = sorted(TABLE)
    on_disk = sorted(f for f in os.listdir(HERE) if re.match(r"44\d\d_.*\.py$", f))
    assert names == on_disk, (set(names) ^ set(on_disk))
    with ThreadPoolExecutor(max_workers=2) as ex:
        results = dict(ex.map(run_one, names))
    labels, problems = {}, []
    for name in names:
        family, fires, style, line, twin = TABLE[name]
        r = results[name]
        if fires:
            if not r["raised"]:
                problems.append(f"{name}: expected to raise, ran cleanly")
            elif not any(r["exc_type"] == t and re.search(rx, r["message"]) for t, rx in FAMILY_ERRORS[family]):
                problems.append(f"{name}: raised something else: {r['exc_type']}: {r['message']}")
        elif r["raised"]:
            problems.append(f"{name}: near miss raised {r['exc_type']}: {r['message']}")
        if line is not None:
            with open(os.path.join(HERE, name)) as fh:
                text = fh.read().splitlines()[line - 1]
            print(f"{name}:{line}: {text.strip()}")
        labels[name] = {
            "family": family,
            "fires": fires,
            "how": "run",
            "message": r["message"] if r["raised"] else None,
            "line": line,
            "exc_type": r["exc_type"] if r["raised"] else None,
            "style": style,
            "twin": twin,
        }
    with open(os.path.join(HERE, "labels.json"), "w") as fh:
        json.dump(labels, fh, indent=2, sort_keys=True)
        fh.write("\n")
    counts = {}
    for v in labels.values():
        k = (v["family"], v["style"], v["fires"])
        counts[k] = counts.get(k, 0) + 1
    for k in sorted(counts):
        print(k, counts[k])
    if problems:
        print("PROBLEMS:")
        for p in problems:
            print("  " + p)
        sys.exit(1)
    print("all", len(labels), "programs labelled; no problems")


if __name__ == "__main__":
    main()
