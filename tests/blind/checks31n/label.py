"""Labeller for set checks31n (families A and B of issue 31's checks).

Runs every 41NN_*.py program in a fresh `python` subprocess (JAX_PLATFORMS=cpu, timeout 120 s,
at most 2 workers) and writes labels.json.

Family A (JAX computations inside a callback's host function) is labelled by the rule, checked
by tracing: the program is run under a small runner that wraps the host given to
jax.pure_callback / jax.experimental.io_callback / jax.debug.callback and switches a
sys.settrace tracer on only while a host runs.  The tracer records every call into a Python
function of the `jax` package made directly from the program's own code on the host's path
(methods/properties of jax.Array such as ArrayImpl.__array__ are ignored; jnp ufunc objects
count through their __call__).  A firing A program must show
exactly its table line; a near miss must show no JAX call on any host, and at least one host must
have run for a firing program (a near miss may never run its host, e.g. under jax.eval_shape).
Every A program must exit 0.

Family B (removed `vectorized=` keyword of jax.pure_callback) is labelled by running the program
plainly: a firing program must raise JaxRuntimeError 'INTERNAL: CpuCallback error calling
callback: ...' whose inner error is the host's TypeError about 'vectorized'; a near miss must
exit 0.  Anything else is an error of the labeller (the program is broken).
"""
import json, os, re, subprocess, sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))

# file: (family, fires, style, line, twin)   line: A = JAX call on the host, B = pure_callback ref
TABLE = {
    '4101_gather_scatter_pullback.py': ('B', True, 'hidden', 26, '4156_gather_scatter_forward.py'),
    '4102_fsum_variance_f32.py': ('B', False, 'polymorphic', None, '4115_fsum_variance_x64.py'),
    '4103_stencil_second_order.py': ('B', True, 'polymorphic', 24, '4124_stencil_first_order.py'),
    '4104_tridiag_solve_jvp.py': ('B', False, 'hidden', None, '4139_tridiag_solve_grad.py'),
    '4105_class_balance_log.py': ('A', True, 'polymorphic', 12, '4134_soft_label_balance_log.py'),
    '4106_log_beta_rows1.py': ('B', False, 'modern', None, '4121_log_beta_rows8.py'),
    '4107_running_sum_f32.py': ('A', False, 'polymorphic', None, '4157_running_sum_x64.py'),
    '4108_embedding_row_norms.py': ('A', True, 'polymorphic', 11, '4160_embedding_unit_vector.py'),
    '4109_sensor_fahrenheit.py': ('A', True, 'modern', 15, '4130_sensor_celsius.py'),
    '4110_polyval_coeff_table.py': ('B', True, 'polymorphic', 20, '4140_polyval_single_poly.py'),
    '4111_erf_activation_jacobian.py': ('A', True, 'hidden', 11, '4118_erf_activation_jacobian_shape.py'),
    '4112_clip_grad_forward_only.py': ('A', False, 'hidden', None, '4122_clip_grad_report.py'),
    '4113_interp_request_quadratic.py': ('B', False, 'modern', None, '4131_interp_request_cubic.py'),
    '4114_drag_table_vector.py': ('A', True, 'polymorphic', 14, '4132_drag_table_scalar.py'),
    '4115_fsum_variance_x64.py': ('B', True, 'polymorphic', 26, '4102_fsum_variance_f32.py'),
    '4116_softplus_jacrev.py': ('B', True, 'hidden', 22, '4125_softplus_jacrev_shape.py'),
    '4117_leafwise_update_stats.py': ('A', True, 'hidden', 12, '4158_leafwise_update_stats_np.py'),
    '4118_erf_activation_jacobian_shape.py': ('A', False, 'hidden', None, '4111_erf_activation_jacobian.py'),
    '4119_resampler_builder_vectorize.py': ('B', True, 'modern', 38, '4150_resampler_builder_rows.py'),
    '4120_hook_builder_plain.py': ('A', False, 'modern', None, '4135_hook_builder_normalised.py'),
    '4121_log_beta_rows8.py': ('B', True, 'modern', 33, '4106_log_beta_rows1.py'),
    '4122_clip_grad_report.py': ('A', True, 'hidden', 11, '4112_clip_grad_forward_only.py'),
    '4123_isotonic_one_output.py': ('B', False, 'polymorphic', None, '4149_isotonic_two_outputs.py'),
    '4124_stencil_first_order.py': ('B', False, 'polymorphic', None, '4103_stencil_second_order.py'),
    '4125_softplus_jacrev_shape.py': ('B', False, 'hidden', None, '4116_softplus_jacrev.py'),
    '4126_bessel_features_single.py': ('B', False, 'modern', None, '4137_bessel_features_batched.py'),
    '4127_quantile_features_narrow.py': ('A', False, 'polymorphic', None, '4159_quantile_features_wide.py'),
    '4128_asian_pricer_trace.py': ('B', False, 'modern', None, '4148_asian_pricer_batch.py'),
    '4129_kde_precision_exact.py': ('A', True, 'modern', 25, '4152_kde_precision_fast.py'),
    '4130_sensor_celsius.py': ('A', False, 'modern', None, '4109_sensor_fahrenheit.py'),
    '4131_interp_request_cubic.py': ('B', True, 'modern', 37, '4113_interp_request_quadratic.py'),
    '4132_drag_table_scalar.py': ('A', False, 'polymorphic', None, '4114_drag_table_vector.py'),
    '4133_precond_solve_grad.py': ('A', True, 'hidden', 16, '4153_precond_solve_jvp.py'),
    '4134_soft_label_balance_log.py': ('A', False, 'polymorphic', None, '4105_class_balance_log.py'),
    '4135_hook_builder_normalised.py': ('A', True, 'modern', 10, '4120_hook_builder_plain.py'),
    '4136_oscillator_energy_plan.py': ('A', False, 'hidden', None, '4151_oscillator_energy_log.py'),
    '4137_bessel_features_batched.py': ('B', True, 'modern', 26, '4126_bessel_features_single.py'),
    '4138_spline_smooth_map.py': ('B', True, 'hidden', 17, '4147_spline_smooth_map_kw.py'),
    '4139_tridiag_solve_grad.py': ('B', True, 'hidden', 31, '4104_tridiag_solve_jvp.py'),
    '4140_polyval_single_poly.py': ('B', False, 'polymorphic', None, '4110_polyval_coeff_table.py'),
    '4141_client_aggregation_trimmed.py': ('A', False, 'modern', None, '4146_client_aggregation_robust.py'),
    '4142_frame_compressor_loud.py': ('A', True, 'modern', 12, '4144_frame_compressor_quiet.py'),
    '4143_token_frequency_scores.py': ('B', False, 'polymorphic', None, '4155_token_frequency_ids.py'),
    '4144_frame_compressor_quiet.py': ('A', False, 'modern', None, '4142_frame_compressor_loud.py'),
    '4145_enzyme_kinetics_kwonly.py': ('B', False, 'hidden', None, '4154_enzyme_kinetics.py'),
    '4146_client_aggregation_robust.py': ('A', True, 'modern', 16, '4141_client_aggregation_trimmed.py'),
    '4147_spline_smooth_map_kw.py': ('B', False, 'hidden', None, '4138_spline_smooth_map.py'),
    '4148_asian_pricer_batch.py': ('B', True, 'modern', 26, '4128_asian_pricer_trace.py'),
    '4149_isotonic_two_outputs.py': ('B', True, 'polymorphic', 20, '4123_isotonic_one_output.py'),
    '4150_resampler_builder_rows.py': ('B', False, 'modern', None, '4119_resampler_builder_vectorize.py'),
    '4151_oscillator_energy_log.py': ('A', True, 'hidden', 18, '4136_oscillator_energy_plan.py'),
    '4152_kde_precision_fast.py': ('A', False, 'modern', None, '4129_kde_precision_exact.py'),
    '4153_precond_solve_jvp.py': ('A', False, 'hidden', None, '4133_precond_solve_grad.py'),
    '4154_enzyme_kinetics.py': ('B', True, 'hidden', 17, '4145_enzyme_kinetics_kwonly.py'),
    '4155_token_frequency_ids.py': ('B', True, 'polymorphic', 27, '4143_token_frequency_scores.py'),
    '4156_gather_scatter_forward.py': ('B', False, 'hidden', None, '4101_gather_scatter_pullback.py'),
    '4157_running_sum_x64.py': ('A', True, 'polymorphic', 15, '4107_running_sum_f32.py'),
    '4158_leafwise_update_stats_np.py': ('A', False, 'hidden', None, '4117_leafwise_update_stats.py'),
    '4159_quantile_features_wide.py': ('A', True, 'polymorphic', 15, '4127_quantile_features_narrow.py'),
    '4160_embedding_unit_vector.py': ('A', False, 'polymorphic', None, '4108_embedding_row_norms.py'),
}

RUNNER = r'''
import atexit, functools, json, os, runpy, sys, threading
import jax, jax.experimental, jax.debug
PROG = os.path.abspath(sys.argv[1]); OUT = sys.argv[2]
JAXDIR = os.path.dirname(os.path.abspath(jax.__file__)) + os.sep
SKIP_OWNERS = {"ArrayImpl", "Array", "Tracer", "ShapedArray", "DynamicJaxprTracer"}
rec = {"hosts": 0, "calls": []}
lock = threading.Lock()
def wrap_host(fn):
    if getattr(fn, "_traced_host", False):
        return fn
    @functools.wraps(fn)
    def run(*a, **k):
        me = sys._getframe()
        def tracer(frame, event, arg):
            if event != "call":
                return None
            code = frame.f_code
            if not code.co_filename.startswith(JAXDIR):
                return None
            caller = frame.f_back
            f = caller
            while f is not None and f is not me:
                if os.path.abspath(f.f_code.co_filename) != PROG:
                    return None
                f = f.f_back
            if f is None or caller is me:
                return None
            qn = getattr(code, "co_qualname", code.co_name)
            if qn.split(".")[0] in SKIP_OWNERS:
                return None
            with lock:
                rec["calls"].append([caller.f_lineno, qn])
            return None
        with lock:
            rec["hosts"] += 1
        old = sys.gettrace()
        sys.settrace(tracer)
        try:
            return fn(*a, **k)
        finally:
            sys.settrace(old)
    run._traced_host = True
    return run
def patch(mod, name):
    orig = getattr(mod, name)
    @functools.wraps(orig)
    def patched(callback, *a, **k):
        return orig(wrap_host(callback), *a, **k)
    setattr(mod, name, patched)
patch(jax, "pure_callback"); patch(jax.experimental, "io_callback"); patch(jax.debug, "callback")
def dump():
    with open(OUT, "w") as fh:
        json.dump(rec, fh)
atexit.register(dump)
sys.argv = [PROG]
runpy.run_path(PROG, run_name="__main__")
'''

def first_exc_line(stderr):
    lines = stderr.splitlines()
    for i in range(len(lines) - 1, -1, -1):
        if lines[i].startswith("Traceback (most recent call last)"):
            for j in range(i + 1, len(lines)):
                l = lines[j]
                if l and not l.startswith(" ") and not l.startswith("Traceback") and ":" in l:
                    return l
    return None

def run_one(name):
    fam, fires, style, line, twin = TABLE[name]
    path = os.path.join(HERE, name)
    env = dict(os.environ, JAX_PLATFORMS="cpu", PYTHONHASHSEED="0")
    env.pop("JAX_TRACEBACK_FILTERING", None)
    if fam == "A":
        out = os.path.join("/tmp", "hosttrace_41_%s.json" % name)
        cmd = ["nice", "python", "-c", RUNNER, path, out]
    else:
        out = None
        cmd = ["nice", "python", path]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=120, env=env, cwd=HERE)
        rc, err = p.returncode, p.stderr
    except subprocess.TimeoutExpired:
        rc, err = "timeout", ""
    trace = None
    if out is not None and os.path.exists(out):
        with open(out) as fh:
            trace = json.load(fh)
        os.remove(out)
    return name, rc, err, trace

def exc_of(err):
    """(exc_type, message first line, host_error) from a stderr traceback."""
    m = re.findall(r"^([A-Za-z_][\w.]*(?:Error|Exception)): (.*)$", err, re.M)
    host = re.findall(r"^(TypeError: .*unexpected keyword argument 'vectorized')$", err, re.M)
    last = None
    for l in err.splitlines():
        if l.startswith("jax.errors.JaxRuntimeError: "):
            last = l
            break
        if re.match(r"^[A-Za-z_][\w.]*(Error|Exception): ", l):
            last = l
    if last is None:
        return None, None, None
    t, msg = last.split(": ", 1)
    return t.rsplit(".", 1)[-1], msg, (host[-1] if host else None)

def main():
    names = sorted(TABLE)
    subset = sys.argv[1:]
    if subset:
        names = [n for n in names if any(n.startswith(a) for a in subset)]
    problems = []
    labels = {}
    with ThreadPoolExecutor(max_workers=2) as ex:
        results = list(ex.map(run_one, names))
    for name, rc, err, trace in results:
        fam, fires, style, line, twin = TABLE[name]
        src = open(os.path.join(HERE, name)).read().splitlines()
        entry = {"family": fam, "fires": fires, "how": "rule" if fam == "A" else "run",
                 "message": None, "line": line, "exc_type": None, "style": style, "twin": twin}
        if fam == "A":
            if rc != 0:
                problems.append("%s: A program did not run cleanly (rc=%s)\n%s" % (name, rc, err[-2000:]))
            elif trace is None or (fires and trace["hosts"] == 0):
                problems.append("%s: no host ran" % name)
            else:
                seen = sorted({c[0] for c in trace["calls"]})
                want = [line] if fires else []
                if seen != want:
                    problems.append("%s: traced JAX calls on host at lines %s, expected %s (%s)" % (name, seen, want, trace["calls"][:6]))
                entry["host_calls_traced"] = sorted({"%d:%s" % (c[0], c[1]) for c in trace["calls"]})
                entry["hosts_run"] = trace["hosts"] > 0
        else:
            if fires:
                t, msg, host = exc_of(err)
                if rc == 0:
                    problems.append("%s: expected to raise, ran cleanly" % name)
                elif t != "JaxRuntimeError" or not msg.startswith("INTERNAL: CpuCallback error calling callback") or not host:
                    problems.append("%s: raised something else: %s: %s / host %s" % (name, t, msg, host))
                else:
                    entry["message"] = msg
                    entry["exc_type"] = t
                    entry["host_error"] = host
            elif rc != 0:
                problems.append("%s: near miss raised (rc=%s)\n%s" % (name, rc, err[-1500:]))
        labels[name] = entry
        shown = src[line - 1].strip() if line else "-"
        print("%-44s %s %-5s %-11s line=%-4s | %s" % (name, fam, fires, style, line, shown))
    for name, e in labels.items():
        if e["twin"] and TABLE[e["twin"]][4] != name:
            problems.append("%s: twin table not symmetric" % name)
    if subset:
        print("subset run: labels.json not written;", len(problems), "problems")
        for p in problems:
            print(" -", p)
        return
    with open(os.path.join(HERE, "labels.json"), "w") as fh:
        json.dump(labels, fh, indent=1, sort_keys=True)
        fh.write("\n")
    from collections import Counter
    c = Counter((e["family"], e["style"], e["fires"]) for e in labels.values())
    for k in sorted(c):
        print("count", k, c[k])
    if problems:
        print("\nPROBLEMS:")
        for p in problems:
            print(" -", p)
        sys.exit(1)
    print("all %d programs labelled; no problems" % len(labels))

if __name__ == "__main__":
    main()
