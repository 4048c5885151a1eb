"""Label the checks31 set: run every program in a fresh interpreter (JAX_PLATFORMS=cpu).

Families: A host-jax (labelled by rule, run only to check it runs cleanly),
B vectorized-kw, C ordered-vmap, D bad-custom-rule (labelled by running).
"""
import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))

RUNNER = r'''
import runpy, sys, traceback, json, os
path = sys.argv[1]
sys.argv = [path]
res = {"raises": False, "type": None, "message": None, "detail": None, "tb_line": None}
try:
    runpy.run_path(path, run_name="__main__")
    import jax
    jax.effects_barrier()
except BaseException as e:
    if isinstance(e, SystemExit) and not e.code:
        pass
    else:
        res["raises"] = True
        res["type"] = type(e).__name__
        text = str(e).strip()
        lines = text.splitlines()
        res["message"] = lines[0] if lines else ""
        # host-side exception re-raised by XLA: keep its last "XxxError: ..." line
        import re as _re
        errs = [l for l in lines if _re.match(r"^[A-Za-z_.]*(Error|Exception): ", l)]
        res["detail"] = errs[-1] if errs else None
        for fr in traceback.extract_tb(e.__traceback__):
            if os.path.abspath(fr.filename) == os.path.abspath(path):
                res["tb_line"] = fr.lineno
print("@@LABEL@@" + json.dumps(res))
'''

# file -> (family, expected fires, substring locating the offending line or None)
TABLE = {
    # A: host-jax (rule)
    "25001_bessel_table.py": ("A", True, "return jnp.asarray(vals"),
    "25002_metric_logger.py": ("A", True, "mean = jnp.mean(loss_vec)"),
    "25003_debug_summary.py": ("A", True, "stats = summarize(arr)"),
    "25004_noisy_sensor.py": ("A", True, "self.key, sub = jax.random.split(self.key)"),
    "25005_projector_helpers.py": ("A", True, "return v / jnp.linalg.norm"),
    "25006_flax_interp.py": ("A", True, "return jnp.interp("),
    "25007_lambda_cumsum.py": ("A", True, "lambda v: jnp.cumsum(v)"),
    "25008_np_alias_clip.py": ("A", True, "return np.clip(values"),
    "25009_decorated_erf.py": ("A", True, "jax.scipy.special.erf(z)"),
    "25010_newton_root.py": ("A", True, "jnp.abs(step)"),
    "25011_bessel_numpy.py": ("A", False, None),
    "25012_onp_logger.py": ("A", False, None),
    "25013_debug_summary_np.py": ("A", False, None),
    "25014_sensor_numpy_rng.py": ("A", False, None),
    "25015_unused_jnp_helper.py": ("A", False, None),
    "25016_flax_np_interp.py": ("A", False, None),
    "25017_annotated_host.py": ("A", False, None),
    "25018_ode_host.py": ("A", False, None),
    "25019_shadow_sin.py": ("A", False, None),
    "25020_linsolve_host.py": ("A", False, None),
    # B: vectorized-kw (run)
    "25021_legacy_vectorized_special.py": ("B", True, "lg = jax.pure_callback("),
    "25022_kwargs_host_vmapped.py": ("B", True, "return jax.pure_callback(host_softplus"),
    "25023_erfcx_vmap.py": ("B", True, "return jax.pure_callback(lambda a: erfcx"),
    "25024_vectorized_false.py": ("B", True, "return jax.pure_callback(_host_rank"),
    "25025_both_keywords.py": ("B", True, "return jax.pure_callback("),
    "25026_flax_vectorized.py": ("B", True, "gate = jax.pure_callback("),
    "25027_partial_pure_callback.py": ("B", True, "host_call = partial(jax.pure_callback, vectorized=True)"),
    "25028_eqx_filter_vmap.py": ("B", True, "return jax.pure_callback(_zeta_host"),
    "25029_forwarded_opts.py": ("B", True, "return jax.pure_callback(fn, spec, *args, **opts)"),
    "25030_ufunc_host_scan.py": ("B", True, "y = jax.pure_callback(np.cbrt"),
    "25031_vmap_method_special.py": ("B", False, None),
    "25032_kwargs_host_unbatched.py": ("B", False, None),
    "25033_solve_ivp_vectorized.py": ("B", False, None),
    "25034_host_with_flag.py": ("B", False, None),
    "25035_legacy_method.py": ("B", False, None),
    "25036_bootstrap_host.py": ("B", False, None),
    "25037_config_flag.py": ("B", False, None),
    "25038_eqx_vmap_method.py": ("B", False, None),
    "25039_opts_dict.py": ("B", False, None),
    "25040_np_vectorize_host.py": ("B", False, None),
    # C: ordered-vmap (run)
    "25041_per_example_log.py": ("C", True, "io_callback(_log_example"),
    "25042_vectorize_writer.py": ("C", True, "return io_callback(_write_value"),
    "25043_lax_map_batched.py": ("C", True, "n = io_callback(_store"),
    "25044_linen_vmap_logger.py": ("C", True, "io_callback(_capture"),
    "25045_nnx_vmap_logger.py": ("C", True, "io_callback(_trace"),
    "25046_eqx_model_log.py": ("C", True, "io_callback(lambda v"),
    "25047_vmapped_rollout.py": ("C", True, "io_callback(_render"),
    "25048_grad_audit_jacrev.py": ("C", True, "io_callback(_audit"),
    "25049_tangent_monitor_jacfwd.py": ("C", True, "io_callback(_monitor"),
    "25050_partial_vmap_store.py": ("C", True, "return io_callback(store.write"),
    "25051_per_example_unordered.py": ("C", False, None),
    "25052_batch_then_log.py": ("C", False, None),
    "25053_lax_map_sequential.py": ("C", False, None),
    "25054_scan_rollout.py": ("C", False, None),
    "25055_vmap_unbatched_step.py": ("C", False, None),
    "25056_debug_callback_ordered_vmap.py": ("C", False, None),
    "25057_grad_audit_grad.py": ("C", False, None),
    "25058_tangent_monitor_jvp.py": ("C", False, None),
    "25059_jacrev_primal_log.py": ("C", False, None),
    "25060_linen_outer_logger.py": ("C", False, None),
    # D: bad-custom-rule (run)
    "25061_bilinear_short_bwd.py": ("D", True, "def bilinear_bwd"),
    "25062_power_nondiff_counted.py": ("D", True, "def safe_pow_bwd"),
    "25063_polar_tuple_tangent.py": ("D", True, "def to_polar_jvp"),
    "25064_jvp_rule_three_args.py": ("D", True, "logsumexp2.defjvp(lambda"),
    "25065_bwd_missing_residuals.py": ("D", True, "def _st_bwd"),
    "25066_primal_from_tangent.py": ("D", True, "def smooth_relu_jvp"),
    "25067_bwd_bare_array.py": ("D", True, "def _gs_bwd"),
    "25068_eqx_extra_cotangent.py": ("D", True, "def _bwd"),
    "25069_dict_output_tangent.py": ("D", True, "def moments_jvp"),
    "25070_fwd_wrong_arity.py": ("D", True, "def fwd(r)"),
    "25071_st_round_ok.py": ("D", False, None),
    "25072_power_nondiff_ok.py": ("D", False, None),
    "25073_defjvps_two_inputs.py": ("D", False, None),
    "25074_polar_tuple_ok.py": ("D", False, None),
    "25075_bilinear_none_cotangent.py": ("D", False, None),
    "25076_flax_custom_jvp.py": ("D", False, None),
    "25077_partial_bwd.py": ("D", False, None),
    "25078_dict_params_vjp.py": ("D", False, None),
    "25079_jvp_nondiff_ok.py": ("D", False, None),
    "25080_class_rules_ok.py": ("D", False, None),
}

# what a firing run must show (in message or detail) for its family
EXPECT = {
    "B": ("unexpected keyword argument 'vectorized'",
          "vmap is only supported for the pure_callback primitive when vmap_method is"),
    "C": ("Cannot `vmap` ordered IO callback",),
    "D": ("Custom VJP bwd rule must produce an output with the same container",
          "Custom JVP rule", "positional argument", "Linearization failed"),
}


def find_line(name, needle):
    if needle is None:
        return None
    with open(os.path.join(HERE, name)) as fh:
        for i, l in enumerate(fh, 1):
            if needle in l:
                return i
    raise SystemExit(f"{name}: locator {needle!r} not found")


def run_one(name):
    env = dict(os.environ, JAX_PLATFORMS="cpu")
    try:
        p = subprocess.run([sys.executable, "-c", RUNNER, os.path.join(HERE, name)],
                           cwd=HERE, env=env, capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return {"raises": None, "type": None, "message": "TIMEOUT", "detail": None, "tb_line": None}
    out = [l for l in p.stdout.splitlines() if l.startswith("@@LABEL@@")]
    if not out:
        return {"raises": None, "type": None, "message": "NO RESULT: " + p.stderr[-300:],
                "detail": None, "tb_line": None}
    return json.loads(out[-1][len("@@LABEL@@"):])


def label_one(name):
    fam, expected, needle = TABLE[name]
    r = run_one(name)
    msg = r["message"]
    if msg is not None:
        msg = re.sub(r"0x[0-9a-fA-F]+", "0x...", msg)
    entry = {"family": fam}
    problems = []
    if fam == "A":
        entry.update(fires=expected, how="rule", message=None, line=find_line(name, needle))
        if r["raises"] is not False:
            problems.append(f"A program did not run cleanly: {r['type']}: {msg}")
    else:
        fires = bool(r["raises"])
        entry.update(fires=fires, how="run", message=msg if fires else None,
                     line=find_line(name, needle) if fires else None)
        if fires:
            entry["exc_type"] = r["type"]
            if r["detail"] and r["detail"] != msg:
                entry["host_error"] = r["detail"]
            text = (msg or "") + " " + (r["detail"] or "")
            if not any(s in text for s in EXPECT[fam]):
                problems.append(f"raised something outside the family: {r['type']}: {msg}")
        if r["raises"] is None:
            problems.append(f"no result: {msg}")
        if fires != expected:
            problems.append(f"expected fires={expected}, got {fires}")
    if problems:
        entry["broken"] = problems
    return name, entry


def main():
    names = sorted(n for n in os.listdir(HERE) if re.match(r"250\d\d_.*\.py$", n))
    missing = set(TABLE) ^ set(names)
    if missing:
        raise SystemExit(f"table/file mismatch: {sorted(missing)}")
    with ThreadPoolExecutor(max_workers=4) as ex:
        results = dict(ex.map(label_one, names))
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "labels.json")
    with open(out, "w") as fh:
        json.dump(results, fh, indent=1, sort_keys=True)
    for fam in "ABCD":
        vs = [v for v in results.values() if v["family"] == fam]
        print(fam, len(vs), "programs,", sum(v["fires"] for v in vs), "fire")
    for k, v in results.items():
        flag = "BROKEN " + "; ".join(v["broken"]) if v.get("broken") else ""
        print(k, v["family"], v["fires"], v["line"], (v["message"] or "")[:70], flag)


if __name__ == "__main__":
    main()
