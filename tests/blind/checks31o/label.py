"""Label the programs of this set by running them under JAX 0.10.2 (CPU).

Each program runs in a fresh `python` subprocess (JAX_PLATFORMS=cpu, timeout 120 s, at most two
at a time).  A tiny runner executes the file as __main__ (runpy) and reports the exception it
raised, if any.  Checks: every firing program raises its family's own error (C: ValueError
"Cannot `vmap` ordered IO callback."; D: the malformed-rule error given in the table), every near
miss runs cleanly, nothing raises anything else.  Writes labels.json.

Usage:  nice python label.py
"""
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
TIMEOUT = 120
WORKERS = 2

# file -> family, fires, style, twin, line (the labelled line: C = the io_callback(..., ordered=True)
# call, D = the `def` of the malformed rule; None for near misses), construct (the same construct's
# line, also in near misses, printed for checking), expect = (exception type, message substring).
TABLE = {
    '4201_compartment_ode_grad.py': dict(family='C', fires=False, style='hidden', twin='4227_compartment_ode_jacrev.py',
        line=None, construct=16, expect=None),
    '4202_soft_clip_vector_scale.py': dict(family='D', fires=False, style='polymorphic', twin='4230_soft_clip_scalar_scale.py',
        line=None, construct=17, expect=None),
    '4203_seed_sweep_lr_vector.py': dict(family='C', fires=True, style='polymorphic', twin='4207_seed_sweep_lr_scalar.py',
        line=19, construct=19, expect=('ValueError', 'Cannot `vmap` ordered IO callback.')),
    '4204_ramp_fd_float64.py': dict(family='D', fires=True, style='polymorphic', twin='4215_ramp_fd_float32.py',
        line=22, construct=22, expect=('ValueError', 'Linearization failed to produce known values for all output primals.')),
    '4205_softplus_tangent_jacrev.py': dict(family='C', fires=False, style='hidden', twin='4243_softplus_tangent_jacfwd.py',
        line=None, construct=22, expect=None),
    '4206_logit_stats_aux_detached.py': dict(family='D', fires=False, style='hidden', twin='4255_logit_stats_aux.py',
        line=None, construct=13, expect=None),
    '4207_seed_sweep_lr_scalar.py': dict(family='C', fires=False, style='polymorphic', twin='4203_seed_sweep_lr_vector.py',
        line=None, construct=19, expect=None),
    '4208_leaky_ramp_nondiff_slope.py': dict(family='D', fires=False, style='modern', twin='4236_leaky_ramp_default_slope.py',
        line=None, construct=18, expect=None),
    '4209_harvest_ode_grad.py': dict(family='D', fires=True, style='hidden', twin='4238_harvest_ode_forward.py',
        line=17, construct=17, expect=('TypeError', '_harvest_bwd() takes 1 positional argument but 2 were given')),
    '4210_particle_diag_basic_level.py': dict(family='C', fires=False, style='modern', twin='4244_particle_diag_audit_level.py',
        line=None, construct=31, expect=None),
    '4211_robust_rows_along_axis.py': dict(family='C', fires=True, style='hidden', twin='4228_robust_rows_mapped.py',
        line=15, construct=15, expect=('ValueError', 'Cannot `vmap` ordered IO callback.')),
    '4212_swish_registry_order2.py': dict(family='D', fires=True, style='modern', twin='4234_swish_registry_order1.py',
        line=17, construct=17, expect=('TypeError', '_rule_higher_order() missing 1 required positional argument')),
    '4213_gaussian_head_wide.py': dict(family='D', fires=True, style='polymorphic', twin='4252_gaussian_head_narrow.py',
        line=21, construct=21, expect=('TypeError', 'Custom JVP rule _gaussian_head_jvp for function gaussian_head must produce primal and tangent outputs with equal container (pytree) structures')),
    '4214_logcosh_wide_rules.py': dict(family='D', fires=True, style='polymorphic', twin='4231_logcosh_narrow_rules.py',
        line=23, construct=23, expect=('TypeError', '_bwd_wide() missing 1 required positional argument')),
    '4215_ramp_fd_float32.py': dict(family='D', fires=False, style='polymorphic', twin='4204_ramp_fd_float64.py',
        line=None, construct=22, expect=None),
    '4216_clip_builder_tuple.py': dict(family='D', fires=False, style='modern', twin='4242_clip_builder_bare.py',
        line=None, construct=34, expect=None),
    '4217_calib_audit_reading.py': dict(family='C', fires=False, style='polymorphic', twin='4240_calib_audit_stack.py',
        line=None, construct=29, expect=None),
    '4218_implicit_sqrt_hessian.py': dict(family='C', fires=True, style='hidden', twin='4250_implicit_sqrt_rev_rev.py',
        line=22, construct=22, expect=('ValueError', 'Cannot `vmap` ordered IO callback.')),
    '4219_snapshot_delivery_ledger.py': dict(family='C', fires=True, style='modern', twin='4226_snapshot_delivery_stream.py',
        line=29, construct=29, expect=('ValueError', 'Cannot `vmap` ordered IO callback.')),
    '4220_polar_layout_pair.py': dict(family='D', fires=False, style='modern', twin='4248_polar_layout_stacked.py',
        line=None, construct=25, expect=None),
    '4221_fft_features_long.py': dict(family='C', fires=False, style='polymorphic', twin='4224_fft_features_short.py',
        line=None, construct=20, expect=None),
    '4222_stepper_descriptor_ticks.py': dict(family='C', fires=True, style='modern', twin='4257_stepper_descriptor_tick0.py',
        line=31, construct=31, expect=('ValueError', 'Cannot `vmap` ordered IO callback.')),
    '4223_ledger_double_precision.py': dict(family='C', fires=True, style='polymorphic', twin='4239_ledger_single_precision.py',
        line=24, construct=24, expect=('ValueError', 'Cannot `vmap` ordered IO callback.')),
    '4224_fft_features_short.py': dict(family='C', fires=True, style='polymorphic', twin='4221_fft_features_long.py',
        line=20, construct=20, expect=('ValueError', 'Cannot `vmap` ordered IO callback.')),
    '4225_grad_monitor_input_grad.py': dict(family='C', fires=False, style='hidden', twin='4253_grad_monitor_jacobian.py',
        line=None, construct=25, expect=None),
    '4226_snapshot_delivery_stream.py': dict(family='C', fires=False, style='modern', twin='4219_snapshot_delivery_ledger.py',
        line=None, construct=29, expect=None),
    '4227_compartment_ode_jacrev.py': dict(family='C', fires=True, style='hidden', twin='4201_compartment_ode_grad.py',
        line=16, construct=16, expect=('ValueError', 'Cannot `vmap` ordered IO callback.')),
    '4228_robust_rows_mapped.py': dict(family='C', fires=False, style='hidden', twin='4211_robust_rows_along_axis.py',
        line=None, construct=15, expect=None),
    '4229_pointcloud_xyz_trace.py': dict(family='C', fires=True, style='polymorphic', twin='4258_pointcloud_planar_trace.py',
        line=20, construct=20, expect=('ValueError', 'Cannot `vmap` ordered IO callback.')),
    '4230_soft_clip_scalar_scale.py': dict(family='D', fires=True, style='polymorphic', twin='4202_soft_clip_vector_scale.py',
        line=17, construct=17, expect=('TypeError', 'Custom VJP bwd rule must produce an output with the same container (pytree) structure as the args tuple')),
    '4231_logcosh_narrow_rules.py': dict(family='D', fires=False, style='polymorphic', twin='4214_logcosh_wide_rules.py',
        line=None, construct=23, expect=None),
    '4232_trace_sink_console_flag.py': dict(family='C', fires=False, style='modern', twin='4254_trace_sink_file_flag.py',
        line=None, construct=24, expect=None),
    '4233_moments_stacked_series.py': dict(family='D', fires=True, style='polymorphic', twin='4235_moments_single_series.py',
        line=15, construct=15, expect=('TypeError', 'Custom JVP rule _moments_jvp for function moments must produce primal and tangent outputs with equal container (pytree) structures')),
    '4234_swish_registry_order1.py': dict(family='D', fires=False, style='modern', twin='4212_swish_registry_order2.py',
        line=None, construct=17, expect=None),
    '4235_moments_single_series.py': dict(family='D', fires=False, style='polymorphic', twin='4233_moments_stacked_series.py',
        line=None, construct=15, expect=None),
    '4236_leaky_ramp_default_slope.py': dict(family='D', fires=True, style='modern', twin='4208_leaky_ramp_nondiff_slope.py',
        line=18, construct=18, expect=('TypeError', 'Custom VJP bwd rule must produce an output with the same container (pytree) structure as the args tuple')),
    '4237_weighted_residual_value_only.py': dict(family='D', fires=False, style='hidden', twin='4251_weighted_residual_pullback.py',
        line=None, construct=19, expect=None),
    '4238_harvest_ode_forward.py': dict(family='D', fires=False, style='hidden', twin='4209_harvest_ode_grad.py',
        line=None, construct=17, expect=None),
    '4239_ledger_single_precision.py': dict(family='C', fires=False, style='polymorphic', twin='4223_ledger_double_precision.py',
        line=None, construct=24, expect=None),
    '4240_calib_audit_stack.py': dict(family='C', fires=True, style='polymorphic', twin='4217_calib_audit_reading.py',
        line=29, construct=29, expect=('ValueError', 'Cannot `vmap` ordered IO callback.')),
    '4241_affine_spec_frozen_bias.py': dict(family='D', fires=True, style='modern', twin='4249_affine_spec_zero_bias.py',
        line=28, construct=28, expect=('TypeError', 'Custom VJP bwd rule must produce an output with the same container (pytree) structure as the args tuple')),
    '4242_clip_builder_bare.py': dict(family='D', fires=True, style='modern', twin='4216_clip_builder_tuple.py',
        line=34, construct=34, expect=('TypeError', 'Custom VJP bwd rule must produce an output with the same container (pytree) structure as the args tuple')),
    '4243_softplus_tangent_jacfwd.py': dict(family='C', fires=True, style='hidden', twin='4205_softplus_tangent_jacrev.py',
        line=22, construct=22, expect=('ValueError', 'Cannot `vmap` ordered IO callback.')),
    '4244_particle_diag_audit_level.py': dict(family='C', fires=True, style='modern', twin='4210_particle_diag_basic_level.py',
        line=31, construct=31, expect=('ValueError', 'Cannot `vmap` ordered IO callback.')),
    '4245_probe_builder_vector.py': dict(family='C', fires=True, style='modern', twin='4256_probe_builder_sequential.py',
        line=40, construct=40, expect=('ValueError', 'Cannot `vmap` ordered IO callback.')),
    '4246_barrier_jacobian_rev.py': dict(family='D', fires=True, style='hidden', twin='4259_barrier_jacobian_jvp.py',
        line=13, construct=13, expect=('ValueError', 'Linearization failed to produce known values for all output primals.')),
    '4247_gamma_fit_grid.py': dict(family='D', fires=False, style='hidden', twin='4260_gamma_fit_bfgs.py',
        line=None, construct=15, expect=None),
    '4248_polar_layout_stacked.py': dict(family='D', fires=True, style='modern', twin='4220_polar_layout_pair.py',
        line=25, construct=25, expect=('TypeError', 'Custom JVP rule _to_polar_jvp for function to_polar must produce primal and tangent outputs with equal container (pytree) structures')),
    '4249_affine_spec_zero_bias.py': dict(family='D', fires=False, style='modern', twin='4241_affine_spec_frozen_bias.py',
        line=None, construct=28, expect=None),
    '4250_implicit_sqrt_rev_rev.py': dict(family='C', fires=False, style='hidden', twin='4218_implicit_sqrt_hessian.py',
        line=None, construct=22, expect=None),
    '4251_weighted_residual_pullback.py': dict(family='D', fires=True, style='hidden', twin='4237_weighted_residual_value_only.py',
        line=19, construct=19, expect=('TypeError', 'Custom VJP bwd rule must produce an output with the same container (pytree) structure as the args tuple')),
    '4252_gaussian_head_narrow.py': dict(family='D', fires=False, style='polymorphic', twin='4213_gaussian_head_wide.py',
        line=None, construct=21, expect=None),
    '4253_grad_monitor_jacobian.py': dict(family='C', fires=True, style='hidden', twin='4225_grad_monitor_input_grad.py',
        line=25, construct=25, expect=('ValueError', 'Cannot `vmap` ordered IO callback.')),
    '4254_trace_sink_file_flag.py': dict(family='C', fires=True, style='modern', twin='4232_trace_sink_console_flag.py',
        line=24, construct=24, expect=('ValueError', 'Cannot `vmap` ordered IO callback.')),
    '4255_logit_stats_aux.py': dict(family='D', fires=True, style='hidden', twin='4206_logit_stats_aux_detached.py',
        line=13, construct=13, expect=('TypeError', 'Custom JVP rule _logit_stats_jvp for function logit_stats must produce primal and tangent outputs with equal container (pytree) structures')),
    '4256_probe_builder_sequential.py': dict(family='C', fires=False, style='modern', twin='4245_probe_builder_vector.py',
        line=None, construct=40, expect=None),
    '4257_stepper_descriptor_tick0.py': dict(family='C', fires=False, style='modern', twin='4222_stepper_descriptor_ticks.py',
        line=None, construct=31, expect=None),
    '4258_pointcloud_planar_trace.py': dict(family='C', fires=False, style='polymorphic', twin='4229_pointcloud_xyz_trace.py',
        line=None, construct=20, expect=None),
    '4259_barrier_jacobian_jvp.py': dict(family='D', fires=False, style='hidden', twin='4246_barrier_jacobian_rev.py',
        line=None, construct=13, expect=None),
    '4260_gamma_fit_bfgs.py': dict(family='D', fires=True, style='hidden', twin='4247_gamma_fit_grid.py',
        line=15, construct=15, expect=('TypeError', 'Custom JVP rule _lgamma_pair_jvp for function lgamma_pair must produce primal and tangent outputs with equal container (pytree) structures')),
}

RUNNER = r"""
import json, os, runpy, sys, traceback
path, out = sys.argv[1], sys.argv[2]
sys.argv = [path]
sys.path.insert(0, os.path.dirname(path))
res = {"raised": False}
try:
    runpy.run_path(path, run_name="__main__")
except BaseException as e:
    frames = [fr for fr in traceback.extract_tb(e.__traceback__) if os.path.abspath(fr.filename) == path]
    res = {"raised": True, "exc_type": type(e).__name__,
           "message": (str(e).splitlines() or [""])[0],
           "tb_line": frames[-1].lineno if frames else None}
with open(out, "w") as fh:
    json.dump(res, fh)
"""


def run_one(fname):
    path = os.path.join(HERE, fname)
    env = dict(os.environ, JAX_PLATFORMS="cpu")
    with tempfile.TemporaryDirectory(prefix="lbl31o_") as tmp:
        out = os.path.join(tmp, "res.json")
        try:
            proc = subprocess.run([sys.executable, "-c", RUNNER, path, out], env=env, cwd=tmp,
                                  capture_output=True, text=True, timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            return {"raised": True, "exc_type": "Timeout", "message": "timeout", "tb_line": None}
        if not os.path.exists(out):
            return {"raised": True, "exc_type": "Crash", "message": proc.stderr.strip()[-300:], "tb_line": None}
        with open(out) as fh:
            return json.load(fh)


def main():
    names = sorted(TABLE)
    missing = sorted(set(f for f in os.listdir(HERE) if f.startswith("42") and f.endswith(".py")) - set(names))
    assert not missing, f"programs without a table entry: {missing}"
    with ThreadPoolExecutor(max_workers=WORKERS) as pool:
        results = dict(zip(names, pool.map(run_one, names)))
    labels, problems = {}, []
    for f in names:
        spec, res = TABLE[f], results[f]
        src = open(os.path.join(HERE, f)).read().split("\n")
        shown = src[spec["construct"] - 1].strip()
        if spec["fires"]:
            etype, needle = spec["expect"]
            ok = res["raised"] and res["exc_type"] == etype and needle in res["message"]
        else:
            ok = not res["raised"]
        if not ok:
            problems.append((f, res))
        entry = {"family": spec["family"], "fires": spec["fires"], "how": "run",
                 "message": res["message"] if res["raised"] else None,
                 "line": spec["line"],
                 "exc_type": res["exc_type"] if res["raised"] else None,
                 "style": spec["style"], "twin": spec["twin"]}
        labels[f] = entry
        print(f"{f:44s} {spec['family']} {'FIRES' if spec['fires'] else 'near '} {spec['style']:11s} "
              f"{'ok ' if ok else 'BAD'} L{spec['construct']}: {shown}")
        print(f"{'':44s}   -> {res.get('exc_type')}: {(res.get('message') or '')[:110]}")
    with open(os.path.join(HERE, "labels.json"), "w") as fh:
        json.dump(labels, fh, indent=1, sort_keys=True)
        fh.write("\n")
    counts = {}
    for e in labels.values():
        k = (e["family"], e["style"], e["fires"])
        counts[k] = counts.get(k, 0) + 1
    for k in sorted(counts):
        print("count", k, counts[k])
    if problems:
        print("PROBLEMS:")
        for f, r in problems:
            print(" ", f, r)
        sys.exit(1)
    print("all", len(labels), "programs labelled as expected")


if __name__ == "__main__":
    main()
