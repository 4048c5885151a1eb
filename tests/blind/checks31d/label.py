"""Label the issue-31 blind set (families A and B) with real JAX 0.10.2.

Every program is run in a fresh `python` subprocess (JAX_PLATFORMS=cpu, timeout 120 s,
2 workers) through a small runner that records the exception (if any) and the program
lines executed (sys.settrace / threading.settrace also see the callback hosts).

A: labelled by rule (fires = a JAX call is executed on the host's path); the labeller checks
   the program runs cleanly and that the labelled JAX line (fires) / a host line (near misses)
   was really executed.
B: labelled by running; fires must raise the removed-`vectorized=` error (host TypeError about
   the 'vectorized' keyword surfacing through the callback), near misses must run cleanly.
"""
import json, os, subprocess, sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))

# file -> (family, fires, line, substring that must be on that line)
# A fires: line = the JAX call executed on the host path.
# A near misses: line = a host-body line that must be executed (not written to labels.json).
# B fires: line = the jax.pure_callback reference that gets vectorized=.
# B near misses: line = the pure_callback / host line checked (not written to labels.json).
TABLE = {
    '31001_chunked_reduce_generator.py': ('A', True, 14, 'jnp.sum'),
    '31002_cached_window_smoother.py': ('A', True, 15, 'jnp.hanning'),
    '31003_class_decorator_scorer.py': ('A', True, 22, 'jax.nn.softmax'),
    '31004_metaclass_registry_kernel.py': ('A', True, 24, 'jax.lax.cumsum'),
    '31005_protocol_typed_solver.py': ('A', True, 17, 'jsl.cho_factor'),
    '31006_timed_assembly_context.py': ('A', True, 26, 'jnp.outer'),
    '31007_namespace_hooks_transfer.py': ('A', True, 15, 'jax.device_put'),
    '31008_enum_activation_dispatch.py': ('A', True, 18, 'jnp.tanh'),
    '31009_namedtuple_noise_hooks.py': ('A', True, 17, 'jax.random.key'),
    '31010_methodcaller_stats.py': ('A', True, 17, 'jnp.std'),
    '31011_getattr_reduction_table.py': ('A', True, 10, 'getattr(jnp, "cumsum")'),
    '31012_aliased_clip_imports.py': ('A', True, 13, 'xnp.clip'),
    '31013_jexp_io_normaliser.py': ('A', True, 27, '_safe_normalise('),
    '31014_finally_bookkeeping.py': ('A', True, 20, 'jnp.polyval'),
    '31015_locked_sorter_queue.py': ('A', True, 16, 'jax.lax.sort'),
    '31016_debug_report_helpers.py': ('A', True, 13, 'logsumexp('),
    '31017_lookup_returns_jnp.py': ('A', True, 14, 'jnp.asarray'),
    '31018_static_codec_fft.py': ('A', True, 16, 'jnp.fft.irfft'),
    '31019_tree_partial_onehot.py': ('A', True, 10, 'jax.nn.one_hot'),
    '31020_nnx_interp_layer.py': ('A', True, 14, 'jnp.interp'),
    '31021_scipy_alias_jsp.py': ('A', False, 9, 'np.asarray'),
    '31022_array_namespace_norm.py': ('A', False, 13, 'np.asarray'),
    '31023_generator_numpy_scan.py': ('A', False, 13, 'np.asarray'),
    '31024_cached_window_numpy.py': ('A', False, 15, 'np.asarray'),
    '31025_class_decorator_device_twin.py': ('A', False, 9, 'np.asarray'),
    '31026_metaclass_named_kernels.py': ('A', False, 25, 'np.asarray'),
    '31027_debug_flag_dead_branch.py': ('A', False, 18, 'np.asarray'),
    '31028_unused_device_fallback.py': ('A', False, 9, 'np.asarray'),
    '31029_annotations_only.py': ('A', False, 14, 'np.asarray'),
    '31030_device_after_host.py': ('A', False, 11, 'np.asarray'),
    '31031_numpy_fft_as_jfft.py': ('A', False, 9, 'np.asarray'),
    '31032_threadpool_host_quantiles.py': ('A', False, 16, 'np.asarray'),
    '31033_namespace_split_hooks.py': ('A', False, 10, 'np.asarray'),
    '31034_protocol_numpy_solver.py': ('A', False, 17, 'np.asarray'),
    '31035_try_except_fallback.py': ('A', False, 15, 'np.asarray'),
    '31036_getattr_numpy_literal.py': ('A', False, 10, 'np.asarray'),
    '31037_ring_buffer_io.py': ('A', False, 15, 'np.asarray'),
    '31038_debug_norm_traced.py': ('A', False, 11, 'np.asarray'),
    '31039_methodcaller_numpy_poly.py': ('A', False, 13, 'np.asarray'),
    '31040_eqx_host_metric.py': ('A', False, 11, 'np.asarray'),
    '31041_alias_ufunc_hypot.py': ('B', True, 17, 'host_call('),
    '31042_getattr_pure_callback.py': ('B', True, 18, '_CALLBACK('),
    '31043_dict_union_options.py': ('B', True, 19, 'jax.pure_callback'),
    '31044_spread_base_dict.py': ('B', True, 19, 'jax.pure_callback'),
    '31045_typeddict_options.py': ('B', True, 26, 'jax.pure_callback'),
    '31046_setdefault_wrapper.py': ('B', True, 11, 'jax.pure_callback'),
    '31047_vars_namespace_opts.py': ('B', True, 21, 'jax.pure_callback'),
    '31048_staticmethod_entry.py': ('B', True, 21, 'self.invoke('),
    '31049_partialmethod_variants.py': ('B', True, 19, 'jax.pure_callback'),
    '31050_partial_in_factory.py': ('B', True, 11, 'partial(jax.pure_callback'),
    '31051_np_vectorize_host.py': ('B', True, 22, 'jax.pure_callback'),
    '31052_vmap_expand_dims_flag.py': ('B', True, 16, 'jax.pure_callback'),
    '31053_custom_jvp_grad_primal.py': ('B', True, 20, 'jax.pure_callback'),
    '31054_scan_hourly_tariff.py': ('B', True, 18, 'jax.pure_callback'),
    '31055_switch_regimes.py': ('B', True, 23, 'jax.pure_callback'),
    '31056_named_call_vjp.py': ('B', True, 16, 'jax.pure_callback'),
    '31057_varargs_host.py': ('B', True, 15, 'jax.pure_callback'),
    '31058_metaclass_singleton_host.py': ('B', True, 29, 'jax.pure_callback'),
    '31059_tree_partial_bound.py': ('B', True, 15, 'Partial(jax.pure_callback'),
    '31060_kwonly_misspelt.py': ('B', True, 18, 'jax.pure_callback'),
    '31061_alias_kwargs_host.py': ('B', False, 16, 'host_call('),
    '31062_declared_flag_spread.py': ('B', False, 18, 'jax.pure_callback'),
    '31063_legacy_vectorized_method.py': ('B', False, 14, 'jax.pure_callback'),
    '31064_differential_evolution_host.py': ('B', False, 23, 'jax.pure_callback'),
    '31065_permutation_test_host.py': ('B', False, 21, 'jax.pure_callback'),
    '31066_dict_union_vmap_method.py': ('B', False, 17, 'jax.pure_callback'),
    '31067_compat_shim_pop.py': ('B', False, 11, 'jax.pure_callback'),
    '31068_helper_consumes_flag.py': ('B', False, 10, 'jax.pure_callback'),
    '31069_try_new_api_first.py': ('B', False, 15, 'jax.pure_callback'),
    '31070_signature_gate.py': ('B', False, 21, 'jax.pure_callback'),
    '31071_partial_host_flag.py': ('B', False, 22, 'jax.pure_callback'),
    '31072_callable_options_host.py': ('B', False, 26, 'jax.pure_callback'),
    '31073_context_decorator_host.py': ('B', False, 34, 'jax.pure_callback'),
    '31074_dead_legacy_path.py': ('B', False, 21, 'jax.pure_callback'),
    '31075_lambda_swallows_kwargs.py': ('B', False, 17, 'jax.pure_callback'),
    '31076_custom_vmap_vectorized_rule.py': ('B', False, 15, 'jax.pure_callback'),
    '31077_partialmethod_vmap_method.py': ('B', False, 19, 'jax.pure_callback'),
    '31078_static_entry_kwargs_host.py': ('B', False, 20, 'self.invoke('),
    '31079_tree_partial_vmap_method.py': ('B', False, 15, 'Partial(jax.pure_callback'),
    '31080_typeddict_vmap_method.py': ('B', False, 25, 'jax.pure_callback'),
}

# A near misses whose JAX call sits in dead code on the host path: that line must NOT run.
DEAD = {
    "31027_debug_flag_dead_branch.py": (21, "jnp.abs"),
    "31028_unused_device_fallback.py": (14, "jnp.convolve"),
}

RUNNER = r'''
import sys, json, threading, runpy, traceback, os
prog = os.path.abspath(sys.argv[1]); out = sys.argv[2]
hits = set()
def tr(frame, event, arg):
    if frame.f_code.co_filename == prog:
        if event == "line":
            hits.add(frame.f_lineno)
        return tr
    return None
sys.settrace(tr); threading.settrace(tr)
res = {"exc_type": None, "message": None, "full": None, "tb_line": None}
sys.argv = [prog]
try:
    runpy.run_path(prog, run_name="__main__")
    import jax; jax.effects_barrier()
except BaseException as e:
    res["exc_type"] = type(e).__name__
    s = str(e)
    res["message"] = s.splitlines()[0] if s else ""
    res["full"] = s
    for fr in traceback.extract_tb(e.__traceback__):
        if os.path.abspath(fr.filename) == prog:
            res["tb_line"] = fr.lineno
sys.settrace(None); threading.settrace(None)
res["hits"] = sorted(hits)
json.dump(res, open(out, "w"))
'''

def run_one(name):
    outp = os.path.join("/tmp", f"lab31d_{os.getpid()}_{name}.json")
    env = dict(os.environ, JAX_PLATFORMS="cpu")
    try:
        p = subprocess.run([sys.executable, "-c", RUNNER, os.path.join(HERE, name), outp],
                           cwd=HERE, env=env, capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return name, {"timeout": True}
    try:
        res = json.load(open(outp)); os.remove(outp)
    except Exception:
        res = {"crash": True, "stderr": p.stderr[-2000:]}
    res["stderr"] = p.stderr
    return name, res

def host_error(res):
    text = (res.get("full") or "") + "\n" + res.get("stderr", "")
    for ln in text.splitlines():
        ln = ln.strip()
        if ln.startswith("TypeError:") and "unexpected keyword argument 'vectorized'" in ln:
            return ln
    return None

def main():
    files = sorted(f for f in os.listdir(HERE) if f.startswith("310") and f.endswith(".py"))
    assert set(files) == set(TABLE), (set(files) ^ set(TABLE))
    problems = []
    for f, (fam, fires, line, sub) in sorted(TABLE.items()):
        src = open(os.path.join(HERE, f)).read().splitlines()
        text = src[line - 1]
        print(f"{f}:{line}: {text.strip()}")
        if sub not in text:
            problems.append(f"{f}: line {line} lacks {sub!r}")
    with ThreadPoolExecutor(2) as ex:
        results = dict(ex.map(run_one, files))
    labels = {}
    for f in files:
        fam, fires, line, sub = TABLE[f]
        res = results[f]
        if res.get("timeout") or res.get("crash"):
            problems.append(f"{f}: timeout/crash {res.get('stderr','')[-500:]}")
            continue
        ent = {"family": fam, "fires": fires, "how": "rule" if fam == "A" else "run",
               "message": res["message"], "line": line if fires else None,
               "exc_type": res["exc_type"]}
        if fam == "A":
            if res["exc_type"] is not None:
                problems.append(f"{f}: A program raised {res['exc_type']}: {res['message']}")
            if line not in res["hits"]:
                problems.append(f"{f}: A line {line} not executed")
            if f in DEAD:
                dl, dsub = DEAD[f]
                if dsub not in open(os.path.join(HERE, f)).read().splitlines()[dl - 1]:
                    problems.append(f"{f}: dead line {dl} lacks {dsub!r}")
                if dl in res["hits"]:
                    problems.append(f"{f}: dead JAX line {dl} was executed")
        else:
            if fires:
                he = host_error(res)
                if res["exc_type"] is None or he is None:
                    problems.append(f"{f}: B fire did not raise the vectorized error: {res['exc_type']}: {res['message']}")
                ent["host_error"] = he
            else:
                if res["exc_type"] is not None:
                    problems.append(f"{f}: B near miss raised {res['exc_type']}: {res['message']}")
        labels[f] = ent
    with open(os.path.join(HERE, "labels.json"), "w") as fh:
        json.dump(labels, fh, indent=1, sort_keys=True)
    for fam in "AB":
        n1 = sum(1 for v in labels.values() if v["family"] == fam and v["fires"])
        n0 = sum(1 for v in labels.values() if v["family"] == fam and not v["fires"])
        print(f"family {fam}: fires {n1}, near misses {n0}")
    if problems:
        print("PROBLEMS:"); [print("  " + p) for p in problems]
        sys.exit(1)
    print("OK")

if __name__ == "__main__":
    main()
