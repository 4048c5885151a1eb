"""Run every program in this folder in a fresh interpreter and write labels.json.

Family A (JAX computation inside a callback's host function) is labelled by rule from
the table A_TABLE below (the hang it risks is intermittent); every A program must run
cleanly.  Family B (removed ``vectorized=`` keyword of ``jax.pure_callback``) is
labelled by running: a firing program must raise, a near miss must run cleanly.
Line numbers are located by a substring that must occur on exactly one line.
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
res = {"raises": False, "type": None, "message": None, "full": None, "tb_line": None}
try:
    runpy.run_path(path, run_name="__main__")
except BaseException as e:
    if isinstance(e, SystemExit) and not e.code:
        pass
    else:
        res["raises"] = True
        res["type"] = type(e).__name__
        full = str(e).strip()
        msg = full.splitlines()
        res["message"] = msg[0] if msg else ""
        res["full"] = full
        line = None
        for fr in traceback.extract_tb(e.__traceback__):
            if os.path.abspath(fr.filename) == os.path.abspath(path):
                line = fr.lineno
        res["tb_line"] = line
print("@@LABEL@@" + json.dumps(res))
'''

# Family A: file -> (fires, substring of the host-side JAX call line or None)
A_TABLE = {
    "28001_bessel_log_table.py": (True, "return jnp.log(vals)"),
    "28002_metrics_sink_io.py": (True, "float(jnp.mean(batch_losses))"),
    "28003_progress_tracker.py": (True, "self.last = jax.device_put(value)"),
    "28004_noise_factory.py": (True, "jitter = jax.random.uniform("),
    "28005_mixture_static.py": (True, "np.asarray(logsumexp(d, axis=-1)"),
    "28006_lambda_fast_path.py": (True, "lambda v: np.asarray(_fast_kernel("),
    "28007_activation_registry.py": (True, "return onp.asarray(np.tanh(arr))"),
    "28008_scan_reservoir.py": (True, "return xp.asarray(state) * (1.0 - rate)"),
    "28009_star_import_softplus.py": (True, "return onp.asarray(log1p(exp(z)))"),
    "28010_norm_attr_chain.py": (True, "scale = jax.numpy.linalg.norm("),
    "28011_softmax_writer_partial.py": (True, "return np.asarray(jax.nn.softmax(logits))"),
    "28012_nnx_simulator.py": (True, "np.asarray(jax.lax.clamp("),
    "28013_eqx_filter_jit_host.py": (True, "arr = np.asarray(_refine(arr))"),
    "28014_optax_metrics_vmap.py": (True, "errs = jax.vmap(per_sample_error"),
    "28015_wrapped_decorator_main.py": (True, "return jnp.where(x > 1.0"),
    "28016_bessel_log_numpy.py": (False, None),
    "28017_metrics_sink_numpy_alias.py": (False, None),
    "28018_progress_tracker_copy.py": (False, None),
    "28019_noise_factory_rng.py": (False, None),
    "28020_mixture_static_scipy.py": (False, None),
    "28021_lambda_numpy_kernel.py": (False, None),
    "28022_activation_registry_onp.py": (False, None),
    "28023_scan_reservoir_numpy.py": (False, None),
    "28024_numpy_named_jnp.py": (False, None),
    "28025_norm_numpy_chain.py": (False, None),
    "28026_softmax_writer_scipy.py": (False, None),
    "28027_nnx_simulator_clip.py": (False, None),
    "28028_eqx_numpy_polish.py": (False, None),
    "28029_optax_metrics_numpy.py": (False, None),
    "28030_wrapped_decorator_numpy.py": (False, None),
}

# Family B: file -> (expected to fire, substring of the pure_callback call receiving vectorized=)
# (the expectation is checked against the run; the run decides)
B_TABLE = {
    "28031_erfcx_direct.py": (True, "return jax.pure_callback(_erfcx_host, out, x, vectorized=True)"),
    "28032_sequential_flag_vmap.py": (True, "return jax.pure_callback(_root_host,"),
    "28033_partial_module_level.py": (True, "host_call = partial(jax.pure_callback, vectorized=True)"),
    "28034_opts_dict.py": (True, "return jax.pure_callback(host_interp, shape, xq, xp, fp, **opts)"),
    "28035_forwarding_helper.py": (True, "return jax.pure_callback(fn, shapes, *operands, **callback_kwargs)"),
    "28036_ufunc_host.py": (True, "return jax.pure_callback(self.ufunc,"),
    "28037_ctypes_like_scan.py": (True, "val = jax.pure_callback(k0.evaluate,"),
    "28038_linen_callable_host.py": (True, "return jax.pure_callback(q, jax.ShapeDtypeStruct(h.shape"),
    "28039_eqx_module_host.py": (True, "return jax.pure_callback(_blur,"),
    "28040_lambda_alias_import.py": (True, "return x * run_on_host("),
    "28041_string_version_gate.py": (True, "return jax.pure_callback(_digamma_host, sds, x, vectorized=True)"),
    "28042_varargs_host.py": (True, "return jax.pure_callback(host_hypot,"),
    "28043_np_vectorize_host.py": (True, "return jax.pure_callback(rate_host,"),
    "28044_while_loop_newton.py": (True, "r = jax.pure_callback(_kepler_residual,"),
    "28045_dataclass_config.py": (True, "return jax.pure_callback(host_sort,"),
    "28046_erfcx_broadcast_all.py": (False, None),
    "28047_varargs_kwargs_host.py": (False, None),
    "28048_host_takes_flag.py": (False, None),
    "28049_solve_ivp_vectorized.py": (False, None),
    "28050_translating_helper.py": (False, None),
    "28051_tuple_version_gate.py": (False, None),
    "28052_dataclass_config_mapped.py": (False, None),
    "28053_opts_dict_popped.py": (False, None),
    "28054_partial_vmap_method.py": (False, None),
    "28055_np_vectorize_expand_dims.py": (False, None),
    "28056_ufunc_host_vmap.py": (False, None),
    "28057_ctypes_like_scan_vmap.py": (False, None),
    "28058_linen_legacy_vectorized.py": (False, None),
    "28059_eqx_static_flag.py": (False, None),
    "28060_lambda_swallows_kwargs.py": (False, None),
}

NINE = [
    "Pure callbacks do not support JVP", "Pure callbacks do not support transpose",
    "IO callbacks do not support JVP", "IO callbacks do not support transpose",
    "Effects not supported in partial-eval of",
    "can't apply forward-mode autodiff (jvp) to a custom_vjp function",
    "Transpose rule (for reverse-mode differentiation) for 'custom_vjp_call' not implemented",
    "vmap is only supported for the pure_callback primitive when vmap_method is",
    "Reverse-mode differentiation does not work for lax.while_loop",
    "requires real- or complex-valued inputs", "requires real-valued inputs",
]


def find_line(name, sub):
    if sub is None:
        return None
    with open(os.path.join(HERE, name)) as fh:
        hits = [i for i, l in enumerate(fh.read().splitlines(), 1) if sub in l]
    if len(hits) != 1:
        raise SystemExit(f"{name}: substring {sub!r} matches lines {hits}")
    return hits[0]


def run_one(name):
    path = os.path.join(HERE, name)
    env = dict(os.environ, JAX_PLATFORMS="cpu")
    try:
        p = subprocess.run([sys.executable, "-c", RUNNER, path], cwd=HERE, env=env,
                           capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return name, {"timeout": True}
    out = [l for l in p.stdout.splitlines() if l.startswith("@@LABEL@@")]
    if not out:
        return name, {"no_result": p.stderr[-800:]}
    return name, json.loads(out[-1][len("@@LABEL@@"):])


def main():
    names = sorted(n for n in os.listdir(HERE) if re.match(r"280\d\d_.*\.py$", n))
    assert sorted(names) == sorted(list(A_TABLE) + list(B_TABLE)), "table/file mismatch"
    with ThreadPoolExecutor(max_workers=3) as ex:
        runs = dict(ex.map(run_one, names))
    labels, problems = {}, []
    for name in names:
        r = runs[name]
        if "timeout" in r or "no_result" in r:
            problems.append(f"{name}: {r}")
            continue
        msg = r["message"]
        if msg is not None:
            msg = re.sub(r"0x[0-9a-fA-F]+", "0x...", msg)
            if any(s in (r["full"] or "") for s in NINE):
                problems.append(f"{name}: raised one of the nine out-of-scope errors: {msg}")
        if name in A_TABLE:
            fires, sub = A_TABLE[name]
            if r["raises"]:
                problems.append(f"{name}: family A program raised {r['type']}: {msg}")
            entry = {"family": "A", "fires": fires, "how": "rule", "message": None,
                     "line": find_line(name, sub), "exc_type": None}
        else:
            expect, sub = B_TABLE[name]
            fires = bool(r["raises"])
            if fires != expect:
                problems.append(f"{name}: expected fires={expect}, run says {fires} ({msg})")
            entry = {"family": "B", "fires": fires, "how": "run",
                     "message": msg if fires else None,
                     "line": find_line(name, sub) if fires else None,
                     "exc_type": r["type"] if fires else None}
            if fires:
                entry["tb_line"] = r["tb_line"]
                if msg and msg.startswith("INTERNAL: CpuCallback error calling callback"):
                    errs = [l.strip() for l in r["full"].splitlines()
                            if re.match(r"^\s*[A-Za-z_.]*(Error|Exception): ", l)]
                    entry["host_error"] = errs[-1] if errs else None
                if "vectorized" not in (r["full"] or ""):
                    problems.append(f"{name}: raised, but not about 'vectorized': {msg}")
        labels[name] = entry
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "labels.json")
    with open(out, "w") as fh:
        json.dump(labels, fh, indent=1, sort_keys=True)
    for k, v in labels.items():
        print(k, v["family"], v["fires"], v["line"], v.get("host_error") or "")
    by = {}
    for v in labels.values():
        by[(v["family"], v["fires"])] = by.get((v["family"], v["fires"]), 0) + 1
    print(f"{len(labels)} labelled; counts {sorted(by.items())}")
    if problems:
        print("PROBLEMS:")
        for p in problems:
            print("  ", p)
        sys.exit(1)


if __name__ == "__main__":
    main()
