#!/usr/bin/env python
"""Label the checks31y set by running every program under JAX (families C and D).

Usage:  JAX_PLATFORMS=cpu nice python label.py [--check]
Writes labels.json next to this file (with --check: compares with the existing file instead).
"""
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))

# file: (family, style, intended_fires, twin, locator of the labelled line or None)
# The labelled line is the unique line of the file containing the locator:
#   C -> the io_callback(..., ordered=True) call; D -> the def of the malformed rule.
TABLE = {
    "5201_deep_activation_b.py": ('D', 'decorators', True, '5245_deep_activation_a.py', 'def bwd(x, g):'),
    "5202_loss_metrics_bus_b.py": ('C', 'events', False, '5252_loss_metrics_bus_a.py', None),
    "5203_activation_rules_a.py": ('D', 'decorators', False, '5229_activation_rules_b.py', None),
    "5204_rbf_design_matrix_a.py": ('C', 'decorators', False, '5242_rbf_design_matrix_b.py', None),
    "5205_logit_scheduler_b.py": ('D', 'events', False, '5258_logit_scheduler_a.py', None),
    "5206_particle_sim_b.py": ('C', 'decorators', True, '5241_particle_sim_a.py', 'return io_callback('),
    "5207_attention_observers_b.py": ('C', 'events', True, '5228_attention_observers_a.py', 'return io_callback('),
    "5208_euler_oscillator_b.py": ('C', 'arguments', True, '5232_euler_oscillator_a.py', 'tick = partial(io_callback'),
    "5209_exp_series_a.py": ('D', 'arguments', True, '5256_exp_series_b.py', 'def series_bwd('),
    "5210_gate_sensitivity_bus_b.py": ('D', 'events', False, '5231_gate_sensitivity_bus_a.py', None),
    "5211_lerp_blend_a.py": ('D', 'arguments', True, '5244_lerp_blend_b.py', 'def lerp_bwd('),
    "5212_layer_journal_a.py": ('C', 'arguments', True, '5226_layer_journal_b.py', 'return io_callback(*'),
    "5213_tempered_softmax_b.py": ('C', 'decorators', False, '5243_tempered_softmax_a.py', None),
    "5214_leaky_async_a.py": ('D', 'events', False, '5234_leaky_async_b.py', None),
    "5215_gae_advantages_b.py": ('C', 'decorators', False, '5255_gae_advantages_a.py', None),
    "5216_pnl_ledger_jobs_b.py": ('C', 'events', True, '5257_pnl_ledger_jobs_a.py', 'return io_callback('),
    "5217_soft_clip_fit_b.py": ('D', 'arguments', False, '5239_soft_clip_fit_a.py', None),
    "5218_scoring_pipeline_a.py": ('C', 'events', True, '5259_scoring_pipeline_b.py', 'return io_callback('),
    "5219_decay_residuals_b.py": ('C', 'arguments', False, '5250_decay_residuals_a.py', None),
    "5220_rosenbrock_fd_b.py": ('D', 'decorators', False, '5230_rosenbrock_fd_a.py', None),
    "5221_bilinear_rows_a.py": ('C', 'decorators', True, '5240_bilinear_rows_b.py', 'return io_callback('),
    "5222_logcosh_regression_b.py": ('D', 'decorators', True, '5254_logcosh_regression_a.py', 'def _cosh_rule('),
    "5223_option_pricing_a.py": ('C', 'arguments', True, '5247_option_pricing_b.py', 'audit = io_callback('),
    "5224_smoothing_rows_a.py": ('C', 'arguments', True, '5253_smoothing_rows_b.py', 'return io_callback('),
    "5225_sqrt_trainer_states_a.py": ('D', 'events', True, '5233_sqrt_trainer_states_b.py', 'def _sq_jvp('),
    "5226_layer_journal_b.py": ('C', 'arguments', False, '5212_layer_journal_a.py', None),
    "5227_damped_wave_fit_b.py": ('D', 'arguments', True, '5251_damped_wave_fit_a.py', 'def bwd(res, g):'),
    "5228_attention_observers_a.py": ('C', 'events', False, '5207_attention_observers_b.py', None),
    "5229_activation_rules_b.py": ('D', 'decorators', True, '5203_activation_rules_a.py', 'def _tuple_jvp('),
    "5230_rosenbrock_fd_a.py": ('D', 'decorators', True, '5220_rosenbrock_fd_b.py', 'def bwd(res, g):'),
    "5231_gate_sensitivity_bus_a.py": ('D', 'events', True, '5210_gate_sensitivity_bus_b.py', 'def _gate_bwd('),
    "5232_euler_oscillator_a.py": ('C', 'arguments', False, '5208_euler_oscillator_b.py', None),
    "5233_sqrt_trainer_states_b.py": ('D', 'events', False, '5225_sqrt_trainer_states_a.py', None),
    "5234_leaky_async_b.py": ('D', 'events', True, '5214_leaky_async_a.py', 'def _leaky_rule('),
    "5235_softplus_setup_hooks_a.py": ('D', 'events', True, '5237_softplus_setup_hooks_b.py', 'def tuple_tangent_rule('),
    "5236_lognormal_partials_a.py": ('D', 'decorators', False, '5260_lognormal_partials_b.py', None),
    "5237_softplus_setup_hooks_b.py": ('D', 'events', False, '5235_softplus_setup_hooks_a.py', None),
    "5238_first_batch_signal_a.py": ('C', 'events', True, '5246_first_batch_signal_b.py', 'return io_callback('),
    "5239_soft_clip_fit_a.py": ('D', 'arguments', True, '5217_soft_clip_fit_b.py', 'def clipped_rule('),
    "5240_bilinear_rows_b.py": ('C', 'decorators', False, '5221_bilinear_rows_a.py', None),
    "5241_particle_sim_a.py": ('C', 'decorators', False, '5206_particle_sim_b.py', None),
    "5242_rbf_design_matrix_b.py": ('C', 'decorators', True, '5204_rbf_design_matrix_a.py', 'return io_callback('),
    "5243_tempered_softmax_a.py": ('C', 'decorators', True, '5213_tempered_softmax_b.py', 't = io_callback('),
    "5244_lerp_blend_b.py": ('D', 'arguments', False, '5211_lerp_blend_a.py', None),
    "5245_deep_activation_a.py": ('D', 'decorators', False, '5201_deep_activation_b.py', None),
    "5246_first_batch_signal_b.py": ('C', 'events', False, '5238_first_batch_signal_a.py', None),
    "5247_option_pricing_b.py": ('C', 'arguments', False, '5223_option_pricing_a.py', None),
    "5248_geometric_mean_b.py": ('D', 'arguments', True, '5249_geometric_mean_a.py', 'def _prod_bwd('),
    "5249_geometric_mean_a.py": ('D', 'arguments', False, '5248_geometric_mean_b.py', None),
    "5250_decay_residuals_a.py": ('C', 'arguments', True, '5219_decay_residuals_b.py', 'return io_callback(sink'),
    "5251_damped_wave_fit_a.py": ('D', 'arguments', False, '5227_damped_wave_fit_b.py', None),
    "5252_loss_metrics_bus_a.py": ('C', 'events', True, '5202_loss_metrics_bus_b.py', 'io_callback(_write_metric'),
    "5253_smoothing_rows_b.py": ('C', 'arguments', False, '5224_smoothing_rows_a.py', None),
    "5254_logcosh_regression_a.py": ('D', 'decorators', False, '5222_logcosh_regression_b.py', None),
    "5255_gae_advantages_a.py": ('C', 'decorators', True, '5215_gae_advantages_b.py', 'return io_callback('),
    "5256_exp_series_b.py": ('D', 'arguments', False, '5209_exp_series_a.py', None),
    "5257_pnl_ledger_jobs_a.py": ('C', 'events', False, '5216_pnl_ledger_jobs_b.py', None),
    "5258_logit_scheduler_a.py": ('D', 'events', True, '5205_logit_scheduler_b.py', 'def _logit_bwd('),
    "5259_scoring_pipeline_b.py": ('C', 'events', False, '5218_scoring_pipeline_a.py', None),
    "5260_lognormal_partials_b.py": ('D', 'decorators', True, '5236_lognormal_partials_a.py', 'def _bwd(self, res, g):'),
}

FAMILY_ERRORS = {
    "C": [("ValueError", "Cannot `vmap` ordered IO callback.")],
    "D": [
        ("TypeError", "Custom VJP bwd rule must produce an output with the same container (pytree) structure"),
        ("TypeError", "Custom JVP rule "),
        ("TypeError", "positional argument"),
        ("TypeError", "required positional argument"),
        ("ValueError", "Linearization failed to produce known values for all output primals"),
    ],
}

RUNNER = r"""
import runpy, sys, traceback, json
path = sys.argv[1]
try:
    runpy.run_path(path, run_name="__main__")
except BaseException as e:
    tb = traceback.extract_tb(e.__traceback__)
    frames = [f for f in tb if f.filename == path]
    msg = str(e).splitlines()[0] if str(e) else ""
    print("@@EXC@@" + json.dumps({"exc_type": type(e).__name__, "message": msg,
          "frame_line": frames[-1].lineno if frames else None}))
    sys.exit(3)
print("@@OK@@")
"""


def locate(path, needle):
    hits = [i for i, line in enumerate(open(path).read().splitlines(), 1) if needle in line]
    if len(hits) != 1:
        raise SystemExit(f"{path}: locator {needle!r} matched lines {hits}")
    return hits[0]


def run_one(fname):
    path = os.path.join(HERE, fname)
    env = dict(os.environ, JAX_PLATFORMS="cpu", PYTHONHASHSEED="0")
    p = subprocess.run(["nice", sys.executable, "-c", RUNNER, path], capture_output=True,
                       text=True, timeout=120, env=env, cwd=HERE)
    exc = None
    for line in p.stdout.splitlines():
        if line.startswith("@@EXC@@"):
            exc = json.loads(line[7:])
    ok = "@@OK@@" in p.stdout and p.returncode == 0
    print(f"  ran {fname}: {'clean' if ok else exc}", file=sys.stderr, flush=True)
    return fname, ok, exc, p.returncode, p.stderr[-2000:]


def main():
    files = sorted(f for f in os.listdir(HERE) if f.startswith("52") and f.endswith(".py"))
    assert sorted(TABLE) == files, set(TABLE) ^ set(files)
    only = os.environ.get("ONLY")
    if only:  # debugging a subset: nothing is written
        files = [f for f in files if any(f.startswith(p) for p in only.split(","))]
    with ThreadPoolExecutor(max_workers=int(os.environ.get("WORKERS", "1"))) as ex:
        results = list(ex.map(run_one, files))
    labels, problems = {}, []
    for fname, ok, exc, rc, err in results:
        fam, style, intended, twin, loc = TABLE[fname]
        path = os.path.join(HERE, fname)
        fires = exc is not None
        if not ok and exc is None:
            problems.append(f"{fname}: crashed rc={rc} {err[-300:]}")
            continue
        if fires:
            kinds = FAMILY_ERRORS[fam]
            if not any(exc["exc_type"] == t and s in exc["message"] for t, s in kinds):
                problems.append(f"{fname}: raised a foreign error {exc}")
        if fires != intended:
            problems.append(f"{fname}: intended fires={intended}, run says {fires} ({exc})")
        line = locate(path, loc) if (fires and loc) else None
        if fires and line:
            text = open(path).read().splitlines()[line - 1]
            print(f"{fname}:{line}: {text.strip()}")
        entry = {"family": fam, "fires": fires, "how": "run",
                 "message": exc["message"] if fires else None, "line": line,
                 "exc_type": exc["exc_type"] if fires else None,
                 "style": style, "twin": twin}
        labels[fname] = entry
    for p in problems:
        print("PROBLEM", p)
    if problems or os.environ.get("ONLY"):
        sys.exit(1 if problems else 0)
    # balance: per family and style, 5 fires and 5 near misses
    from collections import Counter
    cnt = Counter((v["family"], v["style"], v["fires"]) for v in labels.values())
    print(sorted(cnt.items()))
    assert all(c == 5 for c in cnt.values()) and len(cnt) == 12, cnt
    out = os.path.join(HERE, "labels.json")
    text = json.dumps(labels, indent=2, sort_keys=True) + "\n"
    if "--check" in sys.argv:
        same = open(out).read() == text
        print("identical to labels.json:", same)
        sys.exit(0 if same else 1)
    open(out, "w").write(text)
    print("wrote", out, len(labels), "labels")


if __name__ == "__main__":
    main()
