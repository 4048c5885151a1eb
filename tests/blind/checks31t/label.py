"""Labeller for checks31t (families A and B of issue 31's checks).

Runs every program in a fresh `python` subprocess (JAX_PLATFORMS=cpu, timeout 120 s, under
`nice`, at most 2 at a time) and writes labels.json.
  * family B (how = "run"): a firing program must raise JaxRuntimeError whose first line is
    "INTERNAL: CpuCallback error calling callback: ..." with an inner
    "TypeError: <host>() got an unexpected keyword argument 'vectorized'" (host_error); a near
    miss must run cleanly.
  * family A (how = "rule"): every program must run cleanly; additionally it is run under the
    tracer _run.py: a firing program must execute its labelled line while a host function is on
    the stack and enter the jax package from a host frame; a near miss must enter no jax frame
    from a host frame (np.asarray's `__array__` excepted, see _run.py).
The LINE table below is checked by printing each labelled line and matching its text.
"""
import concurrent.futures as cf
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TABLE = {
 "4701_partial_between_defs.py": {
  "family": "B",
  "fires": False,
  "style": "binding",
  "twin": "4743_partial_between_defs.py",
  "line": None,
  "needle": None,
  "hosts": None
 },
 "4702_hessian_sequential.py": {
  "family": "B",
  "fires": False,
  "style": "nested",
  "twin": "4710_hessian_sequential.py",
  "line": None,
  "needle": None,
  "hosts": None
 },
 "4703_derivative_tower.py": {
  "family": "A",
  "fires": True,
  "style": "nested",
  "twin": "4734_derivative_tower.py",
  "line": 22,
  "needle": "val = np.asarray(jnp.polyval(",
  "hosts": [
   "host_logistic"
  ]
 },
 "4704_zip_options.py": {
  "family": "B",
  "fires": False,
  "style": "reflection",
  "twin": "4729_zip_options.py",
  "line": None,
  "needle": None,
  "hosts": None
 },
 "4705_param_jnp.py": {
  "family": "A",
  "fires": False,
  "style": "binding",
  "twin": "4759_param_jnp.py",
  "line": None,
  "needle": None,
  "hosts": [
   "host_histogram"
  ]
 },
 "4706_global_backend.py": {
  "family": "A",
  "fires": False,
  "style": "binding",
  "twin": "4711_global_backend.py",
  "line": None,
  "needle": None,
  "hosts": [
   "host_lowpass"
  ]
 },
 "4707_minimize_jac.py": {
  "family": "A",
  "fires": True,
  "style": "reflection",
  "twin": "4717_minimize_jac.py",
  "line": 19,
  "needle": "return np.asarray(_rosen_grad(jnp.asarray(p)), dtype=np.float64)",
  "hosts": [
   "host_refine"
  ]
 },
 "4708_shim_after_warmup.py": {
  "family": "B",
  "fires": False,
  "style": "binding",
  "twin": "4709_shim_after_warmup.py",
  "line": None,
  "needle": None,
  "hosts": None
 },
 "4709_shim_after_warmup.py": {
  "family": "B",
  "fires": True,
  "style": "binding",
  "twin": "4708_shim_after_warmup.py",
  "line": 17,
  "needle": "return pure_callback(host_mu, jax.ShapeDtypeStruct(e.shape, e.dtype), e, vectorized=True)",
  "hosts": None
 },
 "4710_hessian_sequential.py": {
  "family": "B",
  "fires": True,
  "style": "nested",
  "twin": "4702_hessian_sequential.py",
  "line": 21,
  "needle": "pdf = jax.pure_callback(host_probit_pdf, spec, jax.lax.stop_gradient(z),",
  "hosts": None
 },
 "4711_global_backend.py": {
  "family": "A",
  "fires": True,
  "style": "binding",
  "twin": "4706_global_backend.py",
  "line": 24,
  "needle": "spec = np.array(_xp.fft.rfft(s * w))",
  "hosts": [
   "host_lowpass"
  ]
 },
 "4712_class_comprehension.py": {
  "family": "A",
  "fires": True,
  "style": "binding",
  "twin": "4718_class_comprehension.py",
  "line": 23,
  "needle": "acc = acc + np.asarray(fn(arr))",
  "hosts": [
   "host_activate"
  ]
 },
 "4713_nth_rule_callback.py": {
  "family": "B",
  "fires": False,
  "style": "nested",
  "twin": "4733_nth_rule_callback.py",
  "line": None,
  "needle": None,
  "hosts": None
 },
 "4714_alias_table.py": {
  "family": "B",
  "fires": True,
  "style": "reflection",
  "twin": "4715_alias_table.py",
  "line": 24,
  "needle": "return jax.pure_callback(host_cubic_table,",
  "hosts": None
 },
 "4715_alias_table.py": {
  "family": "B",
  "fires": False,
  "style": "reflection",
  "twin": "4714_alias_table.py",
  "line": None,
  "needle": None,
  "hosts": None
 },
 "4716_fwd_over_rev.py": {
  "family": "B",
  "fires": True,
  "style": "nested",
  "twin": "4722_fwd_over_rev.py",
  "line": 20,
  "needle": "s = jax.pure_callback(host_slope, jax.ShapeDtypeStruct(z.shape, z.dtype),",
  "hosts": None
 },
 "4717_minimize_jac.py": {
  "family": "A",
  "fires": False,
  "style": "reflection",
  "twin": "4707_minimize_jac.py",
  "line": None,
  "needle": None,
  "hosts": [
   "host_refine"
  ]
 },
 "4718_class_comprehension.py": {
  "family": "A",
  "fires": False,
  "style": "binding",
  "twin": "4712_class_comprehension.py",
  "line": None,
  "needle": None,
  "hosts": [
   "host_activate"
  ]
 },
 "4719_methodcaller.py": {
  "family": "B",
  "fires": False,
  "style": "reflection",
  "twin": "4736_methodcaller.py",
  "line": None,
  "needle": None,
  "hosts": None
 },
 "4720_nonlocal_opts.py": {
  "family": "B",
  "fires": False,
  "style": "binding",
  "twin": "4740_nonlocal_opts.py",
  "line": None,
  "needle": None,
  "hosts": None
 },
 "4721_sys_modules_host.py": {
  "family": "B",
  "fires": False,
  "style": "reflection",
  "twin": "4757_sys_modules_host.py",
  "line": None,
  "needle": None,
  "hosts": None
 },
 "4722_fwd_over_rev.py": {
  "family": "B",
  "fires": False,
  "style": "nested",
  "twin": "4716_fwd_over_rev.py",
  "line": None,
  "needle": None,
  "hosts": None
 },
 "4723_import_module.py": {
  "family": "A",
  "fires": False,
  "style": "reflection",
  "twin": "4755_import_module.py",
  "line": None,
  "needle": None,
  "hosts": [
   "host_accumulate"
  ]
 },
 "4724_linear_transpose.py": {
  "family": "A",
  "fires": True,
  "style": "nested",
  "twin": "4735_linear_transpose.py",
  "line": 11,
  "needle": "SNAPSHOTS.append(float(jnp.linalg.norm(a)))",
  "hosts": [
   "_snapshot"
  ]
 },
 "4725_late_lambda.py": {
  "family": "A",
  "fires": False,
  "style": "binding",
  "twin": "4738_late_lambda.py",
  "line": None,
  "needle": None,
  "hosts": [
   "host_squash"
  ]
 },
 "4726_recursive_coarse.py": {
  "family": "B",
  "fires": False,
  "style": "nested",
  "twin": "4758_recursive_coarse.py",
  "line": None,
  "needle": None,
  "hosts": None
 },
 "4727_twice_defined.py": {
  "family": "A",
  "fires": False,
  "style": "binding",
  "twin": "4753_twice_defined.py",
  "line": None,
  "needle": None,
  "hosts": [
   "host_calibrate"
  ]
 },
 "4728_setattr_vars.py": {
  "family": "B",
  "fires": True,
  "style": "reflection",
  "twin": "4749_setattr_vars.py",
  "line": 29,
  "needle": "return jax.pure_callback(host_clamp_log,",
  "hosts": None
 },
 "4729_zip_options.py": {
  "family": "B",
  "fires": True,
  "style": "reflection",
  "twin": "4704_zip_options.py",
  "line": 23,
  "needle": "return cb(host_pade_exp, jax.ShapeDtypeStruct(x.shape, jnp.float32), x, **opts)",
  "hosts": None
 },
 "4730_nth_rule_probe.py": {
  "family": "A",
  "fires": True,
  "style": "nested",
  "twin": "4741_nth_rule_probe.py",
  "line": 11,
  "needle": "PROBE_LOG.append(float(jnp.abs(xv).max()))",
  "hosts": [
   "_rule_probe"
  ]
 },
 "4731_late_binding_opts.py": {
  "family": "B",
  "fires": True,
  "style": "binding",
  "twin": "4744_late_binding_opts.py",
  "line": 24,
  "needle": "lambda om, h: jax.pure_callback(host_wavenumber",
  "hosts": None
 },
 "4732_sorted_key.py": {
  "family": "A",
  "fires": True,
  "style": "reflection",
  "twin": "4745_sorted_key.py",
  "line": 11,
  "needle": "return float(jnp.sqrt(jnp.sum(row ** 2)))",
  "hosts": [
   "host_select"
  ]
 },
 "4733_nth_rule_callback.py": {
  "family": "B",
  "fires": True,
  "style": "nested",
  "twin": "4713_nth_rule_callback.py",
  "line": 29,
  "needle": "slope = jax.pure_callback(_debye_host, jax.ShapeDtypeStruct(x.shape, x.dtype), x0, vectorized=True)",
  "hosts": None
 },
 "4734_derivative_tower.py": {
  "family": "A",
  "fires": False,
  "style": "nested",
  "twin": "4703_derivative_tower.py",
  "line": None,
  "needle": None,
  "hosts": [
   "host_logistic"
  ]
 },
 "4735_linear_transpose.py": {
  "family": "A",
  "fires": False,
  "style": "nested",
  "twin": "4724_linear_transpose.py",
  "line": None,
  "needle": None,
  "hosts": [
   "_snapshot"
  ]
 },
 "4736_methodcaller.py": {
  "family": "B",
  "fires": True,
  "style": "reflection",
  "twin": "4719_methodcaller.py",
  "line": 23,
  "needle": "call = operator.methodcaller(\"pure_callback\", host_normal_cdf, spec, z, **FLAGS)",
  "hosts": None
 },
 "4737_param_named_jax.py": {
  "family": "B",
  "fires": False,
  "style": "binding",
  "twin": "4756_param_named_jax.py",
  "line": None,
  "needle": None,
  "hosts": None
 },
 "4738_late_lambda.py": {
  "family": "A",
  "fires": True,
  "style": "binding",
  "twin": "4725_late_lambda.py",
  "line": 8,
  "needle": "SQUASHERS.append(lambda v: squash(v))",
  "hosts": [
   "host_squash"
  ]
 },
 "4739_recursive_audit.py": {
  "family": "A",
  "fires": True,
  "style": "nested",
  "twin": "4742_recursive_audit.py",
  "line": 12,
  "needle": "SEEN.append(bool(jnp.isfinite(a).all()))",
  "hosts": [
   "_audit_leaf"
  ]
 },
 "4740_nonlocal_opts.py": {
  "family": "B",
  "fires": True,
  "style": "binding",
  "twin": "4720_nonlocal_opts.py",
  "line": 23,
  "needle": "return jax.pure_callback(host_kernel, spec, r, **opts)",
  "hosts": None
 },
 "4741_nth_rule_probe.py": {
  "family": "A",
  "fires": False,
  "style": "nested",
  "twin": "4730_nth_rule_probe.py",
  "line": None,
  "needle": None,
  "hosts": [
   "_rule_probe"
  ]
 },
 "4742_recursive_audit.py": {
  "family": "A",
  "fires": False,
  "style": "nested",
  "twin": "4739_recursive_audit.py",
  "line": None,
  "needle": None,
  "hosts": [
   "_audit_leaf"
  ]
 },
 "4743_partial_between_defs.py": {
  "family": "B",
  "fires": True,
  "style": "binding",
  "twin": "4701_partial_between_defs.py",
  "line": 16,
  "needle": "_eos = partial(jax.pure_callback, eos_lookup, vectorized=True)",
  "hosts": None
 },
 "4744_late_binding_opts.py": {
  "family": "B",
  "fires": False,
  "style": "binding",
  "twin": "4731_late_binding_opts.py",
  "line": None,
  "needle": None,
  "hosts": None
 },
 "4745_sorted_key.py": {
  "family": "A",
  "fires": False,
  "style": "reflection",
  "twin": "4732_sorted_key.py",
  "line": None,
  "needle": None,
  "hosts": [
   "host_select"
  ]
 },
 "4746_remat_second_order.py": {
  "family": "A",
  "fires": False,
  "style": "nested",
  "twin": "4751_remat_second_order.py",
  "line": None,
  "needle": None,
  "hosts": [
   "_saturation_alert"
  ]
 },
 "4747_quad_integrand.py": {
  "family": "A",
  "fires": True,
  "style": "reflection",
  "twin": "4752_quad_integrand.py",
  "line": 11,
  "needle": "return float(jnp.exp(-beta * e) * jnp.sqrt(e))",
  "hosts": [
   "host_partition"
  ]
 },
 "4748_getmembers_stats.py": {
  "family": "A",
  "fires": False,
  "style": "reflection",
  "twin": "4760_getmembers_stats.py",
  "line": None,
  "needle": None,
  "hosts": [
   "host_collect"
  ]
 },
 "4749_setattr_vars.py": {
  "family": "B",
  "fires": False,
  "style": "reflection",
  "twin": "4728_setattr_vars.py",
  "line": None,
  "needle": None,
  "hosts": None
 },
 "4750_vjp_pullback.py": {
  "family": "B",
  "fires": False,
  "style": "nested",
  "twin": "4754_vjp_pullback.py",
  "line": None,
  "needle": None,
  "hosts": None
 },
 "4751_remat_second_order.py": {
  "family": "A",
  "fires": True,
  "style": "nested",
  "twin": "4746_remat_second_order.py",
  "line": 14,
  "needle": "ALERTS.append(float(jax.nn.sigmoid(frac)))",
  "hosts": [
   "_saturation_alert"
  ]
 },
 "4752_quad_integrand.py": {
  "family": "A",
  "fires": False,
  "style": "reflection",
  "twin": "4747_quad_integrand.py",
  "line": None,
  "needle": None,
  "hosts": [
   "host_partition"
  ]
 },
 "4753_twice_defined.py": {
  "family": "A",
  "fires": True,
  "style": "binding",
  "twin": "4727_twice_defined.py",
  "line": 10,
  "needle": "return jnp.log1p(GAIN * v) / jnp.log1p(GAIN)",
  "hosts": [
   "host_calibrate"
  ]
 },
 "4754_vjp_pullback.py": {
  "family": "B",
  "fires": True,
  "style": "nested",
  "twin": "4750_vjp_pullback.py",
  "line": 24,
  "needle": "corr = jax.pure_callback(host_correction, shape, g, vectorized=True)",
  "hosts": None
 },
 "4755_import_module.py": {
  "family": "A",
  "fires": True,
  "style": "reflection",
  "twin": "4723_import_module.py",
  "line": 19,
  "needle": "running = np.asarray(getattr(xp, SETTINGS[\"op\"])(v))",
  "hosts": [
   "host_accumulate"
  ]
 },
 "4756_param_named_jax.py": {
  "family": "B",
  "fires": True,
  "style": "binding",
  "twin": "4737_param_named_jax.py",
  "line": 25,
  "needle": "return jax.pure_callback(host_opacity, jax_shape(t), t, vectorized=True)",
  "hosts": None
 },
 "4757_sys_modules_host.py": {
  "family": "B",
  "fires": True,
  "style": "reflection",
  "twin": "4721_sys_modules_host.py",
  "line": 28,
  "needle": "return jax.pure_callback(host, spec, img, coords, vectorized=True)",
  "hosts": None
 },
 "4758_recursive_coarse.py": {
  "family": "B",
  "fires": True,
  "style": "nested",
  "twin": "4726_recursive_coarse.py",
  "line": 24,
  "needle": "return jax.pure_callback(host_solve, spec, rhs, h, vectorized=False)",
  "hosts": None
 },
 "4759_param_jnp.py": {
  "family": "A",
  "fires": True,
  "style": "binding",
  "twin": "4705_param_jnp.py",
  "line": 12,
  "needle": "return jnp.asarray(counts * scale, dtype=np.float32)",
  "hosts": [
   "host_histogram"
  ]
 },
 "4760_getmembers_stats.py": {
  "family": "A",
  "fires": True,
  "style": "reflection",
  "twin": "4748_getmembers_stats.py",
  "line": 23,
  "needle": "return float(jnp.mean(z ** 4))",
  "hosts": [
   "host_collect"
  ]
 }
}

RUNNER = r"""
import json, runpy, sys, traceback
prog = sys.argv[1]
sys.argv = [prog]
out = {"exc_type": None, "message": None, "host_error": None}
try:
    runpy.run_path(prog, run_name="__main__")
except BaseException as e:
    s = str(e)
    out["exc_type"] = type(e).__name__
    out["message"] = s.splitlines()[0] if s else ""
    inner = [l for l in s.splitlines() if l.startswith("TypeError:")]
    out["host_error"] = inner[-1] if inner else None
print("@@RESULT@@" + json.dumps(out))
"""


def _env():
    env = dict(os.environ)
    env["JAX_PLATFORMS"] = "cpu"
    return env


def _sub(args):
    p = subprocess.run(["nice", "-n", "10", sys.executable] + args, cwd=HERE, env=_env(),
                       capture_output=True, text=True, timeout=120)
    return p.stdout


def run_plain(fname):
    out = _sub(["-c", RUNNER, fname])
    res = [l for l in out.splitlines() if l.startswith("@@RESULT@@")]
    if not res:
        raise RuntimeError(f"{fname}: no result")
    return json.loads(res[-1][len("@@RESULT@@"):])


def run_traced(fname, hosts):
    out = _sub([os.path.join(HERE, "_run.py"), fname, ",".join(hosts)])
    return json.loads(out.strip().splitlines()[-1])


def label_one(fname):
    t = TABLE[fname]
    src = open(os.path.join(HERE, fname)).read().splitlines()
    if t["fires"]:
        text = src[t["line"] - 1]
        assert t["needle"] in text, (fname, t["line"], text)
    r = run_plain(fname)
    entry = {"family": t["family"], "fires": t["fires"], "how": "rule" if t["family"] == "A" else "run",
             "message": None, "line": t["line"], "exc_type": None,
             "style": t["style"], "twin": t["twin"]}
    problems = []
    if t["family"] == "B" and t["fires"]:
        entry.update(message=r["message"], exc_type=r["exc_type"], host_error=r["host_error"])
        if not (r["exc_type"] == "JaxRuntimeError"
                and r["message"].startswith("INTERNAL: CpuCallback error calling callback")
                and r["host_error"] and "unexpected keyword argument 'vectorized'" in r["host_error"]):
            problems.append(f"expected B error, got {r}")
    elif r["exc_type"] is not None:
        problems.append(f"expected clean run, got {r['exc_type']}: {r['message']}")
    trace = None
    if t["family"] == "A":
        trace = run_traced(fname, t["hosts"])
        if trace["error"]:
            problems.append(f"traced run raised {trace['error']}")
        if t["fires"]:
            if t["line"] not in trace["lines_hit"]:
                problems.append("labelled line not executed on the host")
            if not trace["jax_entries"]:
                problems.append("no jax frame entered from a host frame")
        elif trace["jax_entries"]:
            problems.append(f"near miss enters jax from host: {trace['jax_entries'][:3]}")
    return fname, entry, problems, (src[t["line"] - 1].strip() if t["fires"] else None), trace


def main():
    labels, bad = {}, []
    with cf.ThreadPoolExecutor(max_workers=2) as ex:
        for fname, entry, problems, text, trace in ex.map(label_one, sorted(TABLE)):
            labels[fname] = entry
            extra = ""
            if trace is not None:
                extra = f" host_calls={trace['host_calls']} jax_entries={len(trace['jax_entries'])}"
            print(f"{fname}: {entry['family']} fires={entry['fires']} line={entry['line']}{extra}")
            if text:
                print(f"    L{entry['line']}: {text}")
            for p in problems:
                print(f"    PROBLEM: {p}")
            bad += [(fname, p) for p in problems]
    out = os.path.join(HERE, sys.argv[1] if len(sys.argv) > 1 else "labels.json")
    with open(out, "w") as fh:
        json.dump(labels, fh, indent=1, sort_keys=True)
    counts = {}
    for e in labels.values():
        k = (e["family"], e["fires"], e["style"])
        counts[k] = counts.get(k, 0) + 1
    for k in sorted(counts):
        print(k, counts[k])
    print("problems:", len(bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
