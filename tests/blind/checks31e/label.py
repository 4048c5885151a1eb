"""Labeller for the issue-31 blind set, families C and D (checks31e).

Runs every program in a fresh `python` subprocess (JAX_PLATFORMS=cpu, timeout 120 s, 2 workers)
and writes labels.json.  Ground truth is what JAX 0.10.2 does when the program runs.

TABLE: file -> (family, fires, line, text expected on that line)
  C: line of the io_callback(..., ordered=True) reference (for near misses: the look-alike
     io_callback / debug.callback line, which is not an error site).
  D: line of the `def` of the (possibly) malformed rule, or the defvjp/defjvp line for a lambda.
"""
import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))

TABLE = {
    "32001_sensor_generator_ensemble.py": ("C", True, 32, 'raw = ioc(pull_reading'),
    "32002_queue_worker_method.py": ("C", True, 40, 'depth = jexp.io_callback('),
    "32003_lru_cached_lookup.py": ("C", True, 26, 'mu = io_callback(attenuation_host'),
    "32004_metaclass_probe.py": ("C", True, 26, 'return io_callback(self.host'),
    "32005_class_decorator_step.py": ("C", True, 17, 'emit = partial(io_callback'),
    "32006_typeddict_options.py": ("C", True, 26, 'return io_callback(_append, spec, row, **opts)'),
    "32007_in_axes_dict_leaf.py": ("C", True, 15, 'k = io_callback(write_setpoint'),
    "32008_vmap_checkpoint_layer.py": ("C", True, 17, 'io_callback(_inspect'),
    "32009_tree_util_partial_hook.py": ("C", True, 15, 'return io_callback(_push_to_scope'),
    "32010_named_call_profiler.py": ("C", True, 19, 'marker = io_callback(_stamp'),
    "32011_productmap_validation.py": ("C", True, 36, 'io_callback(_check_probs'),
    "32012_derived_operand.py": ("C", True, 25, 'ok = io_callback(_risk_gate'),
    "32013_simplenamespace_hooks.py": ("C", True, 23, 'return io_callback(_before'),
    "32014_enum_channels.py": ("C", True, 23, 'return io_callback(self.value'),
    "32015_getattr_literal.py": ("C", True, 24, 'idx = effectful(_write_frame'),
    "32016_contextmanager_session.py": ("C", True, 37, 'v = io_callback(_acquire'),
    "32017_linen_apply_vmap.py": ("C", True, 26, 'io_callback(_probe'),
    "32018_methodcaller_dispatch.py": ("C", True, 26, 'return io_callback(_send_setpoint'),
    "32019_equinox_module_vmap.py": ("C", True, 26, 'return io_callback(_stash'),
    "32020_protocol_emitter.py": ("C", True, 23, 'return io_callback(self._host'),
    "32021_unordered_generator.py": ("C", False, 23, 'raw = ioc(pull'),
    "32022_default_unordered_queue.py": ("C", False, 34, 'io_callback(_put'),
    "32023_unbatched_operand_only.py": ("C", False, 20, 'rho_d = io_callback('),
    "32024_debug_callback_ordered.py": ("C", False, 17, 'jax.debug.callback(_report'),
    "32025_lax_map_sequential.py": ("C", False, 17, 'return io_callback(_send'),
    "32026_vmap_then_report.py": ("C", False, 26, 'io_callback(_report_best'),
    "32027_custom_vmap_rule.py": ("C", False, 19, 'return io_callback(_write, jax.ShapeDtypeStruct(row.shape'),
    "32028_no_operand_clock.py": ("C", False, 17, 'stamp = io_callback(_now'),
    "32029_axis_size_broadcast.py": ("C", False, 16, 'count = io_callback(_log_config'),
    "32030_pmap_single_device.py": ("C", False, 17, 'n = io_callback(_save_shard'),
    "32031_flag_disables_ordering.py": ("C", False, 20, 'return io_callback(_append'),
    "32032_static_dead_branch.py": ("C", False, 25, 'io_callback(_dump'),
    "32033_dict_unbatched_leaf.py": ("C", False, 13, 'inv_gap = io_callback(_write_gap'),
    "32034_scan_over_batch.py": ("C", False, 22, 'n = io_callback(_record'),
    "32035_set_get_python_loop.py": ("C", False, 22, 'io_callback(_set_x'),
    "32036_closure_constant_operand.py": ("C", False, 15, 'calib = io_callback(_upload'),
    "32037_shape_metadata_operand.py": ("C", False, 16, 'n = io_callback(_announce'),
    "32038_enum_channels_outside.py": ("C", False, 22, 'return io_callback(partial(_store'),
    "32039_stop_gradient_param.py": ("C", False, 16, 't = io_callback(_check_temperature'),
    "32040_methodcaller_unordered.py": ("C", False, 22, 'return jexp.io_callback(_send'),
    "32041_pytree_class_bare.py": ("D", True, 33, 'def mse_bwd'),
    "32042_namedtuple_cotangents.py": ("D", True, 22, 'def _bilinear_bwd'),
    "32043_nondiff_extra_slot.py": ("D", True, 20, 'def act_bwd'),
    "32044_nondiff_bwd_signature.py": ("D", True, 17, 'def pinball_bwd'),
    "32045_default_arg_optax.py": ("D", True, 17, 'def smooth_abs_bwd'),
    "32046_swapped_defvjp.py": ("D", True, 11, 'def _softplus_bwd'),
    "32047_closure_convert_consts.py": ("D", True, 22, 'def solve_fp_bwd'),
    "32048_optimize_remat.py": ("D", True, 16, 'def glu_bwd'),
    "32049_factory_clip_lambda.py": ("D", True, 11, 'clip_identity.defvjp('),
    "32050_equinox_train_step.py": ("D", True, 18, 'def rms_scale_bwd'),
    "32051_nnx_primal_from_tangent.py": ("D", True, 14, 'def softclip_jvp'),
    "32052_stack_vs_tuple_jacfwd.py": ("D", True, 13, 'def moments_jvp'),
    "32053_dict_vs_tuple_hessian.py": ("D", True, 13, 'def gaussian_terms_jvp'),
    "32054_unpacked_jvp_signature.py": ("D", True, 12, 'def mm_rate_jvp'),
    "32055_linearize_tangent_primal.py": ("D", True, 11, 'def _logistic_jvp'),
    "32056_vjp_pytree_primal_from_tangent.py": ("D", True, 21, 'def spring_energy_jvp'),
    "32057_nested_rules.py": ("D", True, 12, 'def safe_log_jvp'),
    "32058_namedtuple_output.py": ("D", True, 20, 'def batch_stats_jvp'),
    "32059_fwd_forgets_arg.py": ("D", True, 13, 'def attention_fwd'),
    "32060_lambda_jvp_jacfwd.py": ("D", True, 11, 'soft_threshold.defjvp('),
    "32061_clip_gradient_nones.py": ("D", False, 16, 'def bounded_identity_bwd'),
    "32062_nondiff_correct.py": ("D", False, 19, 'def act_bwd'),
    "32063_dict_tangents_hessian.py": ("D", False, 13, 'def gaussian_terms_jvp'),
    "32064_malformed_never_differentiated.py": ("D", False, 16, 'def gated_bwd'),
    "32065_primal_from_tangent_jvp_only.py": ("D", False, 12, 'def logistic_jvp'),
    "32066_namedtuple_replace_tangent.py": ("D", False, 20, 'def batch_stats_jvp'),
    "32067_list_cotangents.py": ("D", False, 15, 'def _bwd'),
    "32068_none_for_subtree.py": ("D", False, 16, 'def lookup_scale_bwd'),
    "32069_vjp_primal_only.py": ("D", False, 15, 'def pinball_bwd'),
    "32070_closure_convert_correct.py": ("D", False, 22, 'def solve_fp_bwd'),
    "32071_default_arg_full_tuple.py": ("D", False, 17, 'def smooth_abs_bwd'),
    "32072_optimize_remat_full.py": ("D", False, 16, 'def glu_bwd'),
    "32073_bwd_extra_default_param.py": ("D", False, 15, 'def _softplus_bwd'),
    "32074_jvp_rule_star_extra.py": ("D", False, 12, 'def mm_rate_jvp'),
    "32075_equinox_train_correct.py": ("D", False, 18, 'def rms_scale_bwd'),
    "32076_nnx_tangent_helper.py": ("D", False, 19, 'def softclip_jvp'),
    "32077_pytree_class_tuple.py": ("D", False, 31, 'def mse_bwd'),
    "32078_factory_star_args.py": ("D", False, 15, 'def bwd'),
    "32079_rule_jacfwd_hessian.py": ("D", False, 11, 'soft_threshold.defjvp('),
    "32080_structure_mismatch_inference.py": ("D", False, 13, 'def moments_jvp'),
}

C_MSG = "Cannot `vmap` ordered IO callback."
D_PATTERNS = [
    ("TypeError", re.compile(r"^Custom VJP bwd rule must produce an output with the same container \(pytree\) structure")),
    ("TypeError", re.compile(r"^Custom JVP rule \S+ for function \S+ must produce primal and tangent outputs with equal container \(pytree\) structures")),
    ("TypeError", re.compile(r"^(?P<fn>\S+)\(\) (takes \d+ positional arguments? but \d+ (were|was) given|missing \d+ required positional arguments?)")),
    ("ValueError", re.compile(r"^Linearization failed to produce known values for all output primals\.")),
]


def parse_exception(stderr):
    """(exc_type, first message line) of the final traceback in stderr, or (None, None)."""
    lines = stderr.splitlines()
    starts = [i for i, l in enumerate(lines) if l.startswith("Traceback (most recent call last):")]
    if not starts:
        return None, None
    for l in lines[starts[-1] + 1:]:
        if not l or l[0].isspace():
            continue
        m = re.match(r"^([A-Za-z_][\w.]*)(?:: (.*))?$", l)
        if m:
            return m.group(1).split(".")[-1], (m.group(2) or "")
        return None, l
    return None, None


def run_one(fname):
    env = dict(os.environ, JAX_PLATFORMS="cpu")
    try:
        p = subprocess.run([sys.executable, fname], cwd=HERE, env=env, capture_output=True,
                           text=True, timeout=120)
        rc, err = p.returncode, p.stderr
    except subprocess.TimeoutExpired:
        return fname, "timeout", None, None
    exc_type, msg = parse_exception(err) if rc != 0 else (None, None)
    return fname, rc, exc_type, msg


def check_line(fname, line, text):
    with open(os.path.join(HERE, fname)) as fh:
        src = fh.read().splitlines()
    got = src[line - 1]
    print(f"  {fname}:{line}: {got.strip()}")
    assert text in got, (fname, line, got)
    return got


def main():
    files = sorted(f for f in os.listdir(HERE) if re.match(r"^320\d\d_.*\.py$", f))
    assert sorted(TABLE) == files, set(TABLE) ^ set(files)
    with ThreadPoolExecutor(max_workers=2) as ex:
        results = list(ex.map(run_one, files))
    labels, problems = {}, []
    for fname, rc, exc_type, msg in results:
        fam, fires, line, text = TABLE[fname]
        src_line = check_line(fname, line, text)
        entry = {"family": fam, "fires": fires, "how": "run", "message": None,
                 "line": line, "exc_type": None}
        if fires:
            if rc == 0 or rc == "timeout":
                problems.append(f"{fname}: expected to raise, rc={rc}")
            elif fam == "C":
                if not (exc_type == "ValueError" and msg == C_MSG):
                    problems.append(f"{fname}: wrong error {exc_type}: {msg}")
            else:
                ok = False
                for t, pat in D_PATTERNS:
                    m = pat.match(msg or "")
                    if exc_type == t and m:
                        ok = True
                        fn = m.groupdict().get("fn")
                        if fn and fn != "<lambda>" and f"def {fn}(" not in src_line:
                            problems.append(f"{fname}: arity error names {fn}, not the labelled rule")
                        if fn == "<lambda>" and "lambda" not in src_line:
                            problems.append(f"{fname}: lambda arity error but labelled line has no lambda")
                if not ok:
                    problems.append(f"{fname}: wrong error {exc_type}: {msg}")
            entry["message"], entry["exc_type"] = msg, exc_type
        else:
            if rc != 0:
                problems.append(f"{fname}: near miss did not run cleanly: rc={rc} {exc_type}: {msg}")
        labels[fname] = entry
    with open(os.path.join(HERE, "labels.json"), "w") as fh:
        json.dump(labels, fh, indent=1, sort_keys=True)
        fh.write("\n")
    counts = {}
    for e in labels.values():
        k = (e["family"], e["fires"])
        counts[k] = counts.get(k, 0) + 1
    print("counts (family, fires):", sorted(counts.items()))
    if problems:
        print("PROBLEMS:")
        for p in problems:
            print("  " + p)
        sys.exit(1)
    print("all", len(labels), "programs behave as labelled")


if __name__ == "__main__":
    main()
