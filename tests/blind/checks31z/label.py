"""Label the 53NN programs by running them (families A and B of BRIEF31.md).

usage:  python label.py [--workers N]      (N <= 2; default 1)

Every program runs in a fresh `nice python _run.py <family> <file>` subprocess
(JAX_PLATFORMS=cpu, timeout 120 s).  _run.py reports, as JSON:
  family A: every explicit JAX call made while a host given to pure_callback /
            io_callback / debug.callback is on the stack (program line of the call);
  family B: the program line of each jax.pure_callback call given `vectorized=`.
Checks made here (any failure -> exit 1, labels.json not written):
  * A programs never raise; fires == (JAX executed on a host); a firing program's first
    JAX-on-host line equals the table line.
  * B firing programs raise JaxRuntimeError "INTERNAL: CpuCallback error calling callback"
    whose inner error is "TypeError: ...unexpected keyword argument 'vectorized'", and the
    table line is a measured pure_callback(vectorized=...) call site; B near misses run
    cleanly.  Nothing else may be raised.
  * the measured outcome equals the intent column of the table.
"""
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))

TABLE = [
    # file, family, fires, style, twin, line, deciding fact
    ('5301_eos_sensitivity.py', 'A', True, 'differentiated', '5307_eos_sensitivity.py', 17, 'jvp tangent: zeros_like tangent vs closed-over constant: jnp.zeros_like tangent for rho still runs the custom_jvp rule'),
    ('5302_legendre_timed_proxy.py', 'B', True, 'builders', '5346_legendre_timed_proxy.py', 38, "proxy: delegated method vs proxy's own method: host = kern.evaluate (delegated, no vectorized param)"),
    ('5303_newton_lstsq.py', 'B', True, 'solvers', '5306_newton_lstsq.py', 24, 'Python while loop bound: MAX_ITER=6 -> body (pure_callback vectorized=False) runs'),
    ('5304_jacobi_monitor.py', 'A', False, 'builders', '5321_jacobi_monitor.py', None, 'builder chain: the LAST .using() link decides the host\'s norm backend: last link .using("numpy") resets the backend -> np norm'),
    ('5305_poisson_loglik.py', 'B', False, 'differentiated', '5354_poisson_loglik.py', None, "argnums: custom_jvp rule holding the vectorized callback: argnums=0 -> log_gamma's input has no tangent, rule skipped"),
    ('5306_newton_lstsq.py', 'B', False, 'solvers', '5303_newton_lstsq.py', None, 'Python while loop bound: MAX_ITER=0 -> body never runs'),
    ('5307_eos_sensitivity.py', 'A', False, 'differentiated', '5301_eos_sensitivity.py', None, 'jvp tangent: zeros_like tangent vs closed-over constant: rho closed over as a constant -> rule skipped'),
    ('5308_gaussian_mc.py', 'A', False, 'solvers', '5313_gaussian_mc.py', None, 'sampler backend chosen at construction: backend="numpy" -> np.random'),
    ('5309_burgers_spectral.py', 'A', False, 'solvers', '5327_burgers_spectral.py', None, 'dealias flag selects the host: dealias=False -> passthrough NumPy host'),
    ('5310_lgamma_prior_fit.py', 'A', False, 'differentiated', '5318_lgamma_prior_fit.py', None, 'stop_gradient after vs before the custom_jvp call: lgamma_host(stop_gradient(alpha)) -> rule skipped'),
    ('5311_stats_sink_opts.py', 'A', True, 'builders', '5326_stats_sink_opts.py', 27, 'NamedTuple._replace: stored on the sink vs discarded: sink.retune stores reducer=jnp.median -> host calls jnp.median'),
    ('5312_pixel_flux_fit.py', 'B', True, 'differentiated', '5352_pixel_flux_fit.py', 26, 'stop_gradient on the operand feeding the custom_jvp: stop_gradient only on width; center carries a tangent -> rule runs'),
    ('5313_gaussian_mc.py', 'A', True, 'solvers', '5308_gaussian_mc.py', 16, 'sampler backend chosen at construction: backend="jax" -> jax.random on host'),
    ('5314_drag_table_jvp.py', 'B', True, 'differentiated', '5355_drag_table_jvp.py', 28, 'zeros_like tangent vs closure constant: jnp.zeros_like tangent on mach -> rule runs'),
    ('5315_kepler_newton.py', 'A', True, 'solvers', '5337_kepler_newton.py', 10, 'Python while loop with max_iter; the body holds the host: max_iter=4 -> host (jnp.max) runs'),
    ('5316_table_sigmoid_regression.py', 'B', False, 'differentiated', '5333_table_sigmoid_regression.py', None, 'rounded (quantised) feature has a zero tangent: jnp.round(feat*levels)/levels -> symbolic-zero tangent, rule skipped'),
    ('5317_importance_tail.py', 'B', True, 'solvers', '5330_importance_tail.py', 22, 'host signature: ShiftedSampler.__call__(self, shift) -> TypeError'),
    ('5318_lgamma_prior_fit.py', 'A', True, 'differentiated', '5310_lgamma_prior_fit.py', 15, 'stop_gradient after vs before the custom_jvp call: stop_gradient(lgamma_host(alpha)) -> rule runs (host calls jax.scipy digamma)'),
    ('5319_fd_gradient_check.py', 'B', True, 'solvers', '5345_fd_gradient_check.py', 15, 'vmap_method given alongside vectorized: vmap_method="legacy_vectorized" AND vectorized=True -> host gets vectorized kwarg'),
    ('5320_bessel_weighted_loss.py', 'A', False, 'differentiated', '5339_bessel_weighted_loss.py', None, 'argnums: custom_jvp rule (whose host calls jnp) runs only if its input is differentiated: grad argnums=0 (scale only) -> rule skipped'),
    ('5321_jacobi_monitor.py', 'A', True, 'builders', '5304_jacobi_monitor.py', 34, 'builder chain: the LAST .using() link decides the host\'s norm backend: last link .using("jax") -> host norm via jnp.linalg.norm'),
    ('5322_cubic_root_adapter.py', 'B', False, 'builders', '5347_cubic_root_adapter.py', None, 'adapter __call__ signature: __call__(self, p, q, **call_opts) swallows it'),
    ('5323_entropy_diagnostics.py', 'A', False, 'differentiated', '5344_entropy_diagnostics.py', None, 'has_aux diagnostics: aux computed from params vs stop_gradient(params): aux entropy of stop_gradient(probs) and of labels -> rule skipped'),
    ('5324_interp_table_config.py', 'A', False, 'builders', '5351_interp_table_config.py', None, 'frozen dataclass copied with dataclasses.replace; which object is built: lookup built from the ORIGINAL (accelerate=False) -> np.interp'),
    ('5325_signal_cleanup_pipeline.py', 'A', False, 'builders', '5335_signal_cleanup_pipeline.py', None, 'immutable .then() pipelines; which pipeline the host runs: active = plain (numpy steps only)'),
    ('5326_stats_sink_opts.py', 'A', False, 'builders', '5311_stats_sink_opts.py', None, 'NamedTuple._replace: stored on the sink vs discarded: defaults._replace(...) result discarded -> np.mean'),
    ('5327_burgers_spectral.py', 'A', True, 'solvers', '5309_burgers_spectral.py', 13, 'dealias flag selects the host: dealias=True -> host uses jnp.fft'),
    ('5328_decay_chain_euler.py', 'B', True, 'solvers', '5356_decay_chain_euler.py', 22, 'method= selects explicit vs implicit stepper: method="implicit" -> host backward-Euler solve with vectorized=True'),
    ('5329_clipped_grad_report.py', 'A', True, 'differentiated', '5342_clipped_grad_report.py', 11, 'custom_vjp bwd holds a debug.callback whose host calls jnp; pullback called or not: pullback called -> bwd host runs'),
    ('5330_importance_tail.py', 'B', False, 'solvers', '5317_importance_tail.py', None, 'host signature: __call__(self, shift, vectorized=False) accepts it'),
    ('5331_implicit_fixed_point.py', 'B', True, 'differentiated', '5348_implicit_fixed_point.py', 28, 'custom_vjp bwd holds the vectorized callback; pullback called or not: pullback called'),
    ('5332_rank_stage_chain.py', 'B', False, 'builders', '5360_rank_stage_chain.py', None, 'which composed chain is run: chosen = preprocess (no callback stage)'),
    ('5333_table_sigmoid_regression.py', 'B', True, 'differentiated', '5316_table_sigmoid_regression.py', 29, 'rounded (quantised) feature has a zero tangent: raw feature -> rule runs'),
    ('5334_sinc_window_spec.py', 'B', True, 'builders', '5353_sinc_window_spec.py', 27, 'dataclasses.replace copy vs original: active_spec = compat_spec (legacy=True -> vectorized=True)'),
    ('5335_signal_cleanup_pipeline.py', 'A', True, 'builders', '5325_signal_cleanup_pipeline.py', 32, 'immutable .then() pipelines; which pipeline the host runs: active = robust (contains soft_limit -> jax.nn.soft_sign on host)'),
    ('5336_simpson_refine.py', 'B', True, 'solvers', '5338_simpson_refine.py', 27, 'adaptive flag: adaptive=True -> refinement callback with vectorized=True'),
    ('5337_kepler_newton.py', 'A', False, 'solvers', '5315_kepler_newton.py', None, 'Python while loop with max_iter; the body holds the host: max_iter=0 -> loop body never runs, host never called'),
    ('5338_simpson_refine.py', 'B', False, 'solvers', '5336_simpson_refine.py', None, 'adaptive flag: adaptive=False -> early return'),
    ('5339_bessel_weighted_loss.py', 'A', True, 'differentiated', '5320_bessel_weighted_loss.py', 15, 'argnums: custom_jvp rule (whose host calls jnp) runs only if its input is differentiated: grad argnums=1 (radii feed the custom_jvp) -> rule host runs'),
    ('5340_erfcx_op_builder.py', 'B', False, 'builders', '5349_erfcx_op_builder.py', None, 'builder chain: the last batching link decides: .legacy_batching().modern_batching() pops vectorized'),
    ('5341_gauss_legendre_nodes.py', 'A', False, 'solvers', '5359_gauss_legendre_nodes.py', None, 'quadrature order picks tabulated nodes vs Golub-Welsch: ORDER=5 -> tabulated NumPy leggauss'),
    ('5342_clipped_grad_report.py', 'A', False, 'differentiated', '5329_clipped_grad_report.py', None, 'custom_vjp bwd holds a debug.callback whose host calls jnp; pullback called or not: pullback never called -> bwd host never runs'),
    ('5343_activation_proxy.py', 'A', True, 'builders', '5350_activation_proxy.py', 11, 'proxy __getattr__ delegation vs an overridden method: host calls kernels.softplus -> delegated to AccelKernels (jax.nn.softplus)'),
    ('5344_entropy_diagnostics.py', 'A', True, 'differentiated', '5323_entropy_diagnostics.py', 15, 'has_aux diagnostics: aux computed from params vs stop_gradient(params): aux entropy of probs (depends on w) -> rule runs'),
    ('5345_fd_gradient_check.py', 'B', False, 'solvers', '5319_fd_gradient_check.py', None, 'vmap_method given alongside vectorized: vmap_method="legacy_vectorized" only'),
    ('5346_legendre_timed_proxy.py', 'B', False, 'builders', '5302_legendre_timed_proxy.py', None, "proxy: delegated method vs proxy's own method: host = kern.timed (declares vectorized=False)"),
    ('5347_cubic_root_adapter.py', 'B', True, 'builders', '5322_cubic_root_adapter.py', 33, 'adapter __call__ signature: HostAdapter.__call__(self, p, q) -> TypeError on vectorized'),
    ('5348_implicit_fixed_point.py', 'B', False, 'differentiated', '5331_implicit_fixed_point.py', None, 'custom_vjp bwd holds the vectorized callback; pullback called or not: pullback deferred, never called'),
    ('5349_erfcx_op_builder.py', 'B', True, 'builders', '5340_erfcx_op_builder.py', 37, 'builder chain: the last batching link decides: .modern_batching().legacy_batching() -> vectorized=True reaches pure_callback'),
    ('5350_activation_proxy.py', 'A', False, 'builders', '5343_activation_proxy.py', None, 'proxy __getattr__ delegation vs an overridden method: host calls kernels.logistic -> overridden on the proxy with NumPy'),
    ('5351_interp_table_config.py', 'A', True, 'builders', '5324_interp_table_config.py', 33, 'frozen dataclass copied with dataclasses.replace; which object is built: lookup built from the accelerated copy -> host calls jnp.interp'),
    ('5352_pixel_flux_fit.py', 'B', False, 'differentiated', '5312_pixel_flux_fit.py', None, 'stop_gradient on the operand feeding the custom_jvp: stop_gradient(center) -> rule skipped'),
    ('5353_sinc_window_spec.py', 'B', False, 'builders', '5334_sinc_window_spec.py', None, 'dataclasses.replace copy vs original: active_spec = default_spec (vmap_method)'),
    ('5354_poisson_loglik.py', 'B', True, 'differentiated', '5305_poisson_loglik.py', 26, 'argnums: custom_jvp rule holding the vectorized callback: argnums=(0, 1) -> k feeds log_gamma, rule runs'),
    ('5355_drag_table_jvp.py', 'B', False, 'differentiated', '5314_drag_table_jvp.py', None, 'zeros_like tangent vs closure constant: mach closed over -> rule skipped'),
    ('5356_decay_chain_euler.py', 'B', False, 'solvers', '5328_decay_chain_euler.py', None, 'method= selects explicit vs implicit stepper: method="explicit" -> no callback'),
    ('5357_oscillator_steppers.py', 'A', False, 'solvers', '5358_oscillator_steppers.py', None, 'method= selects the stepper whose io_callback host uses jnp: method="euler" -> _log_error_np'),
    ('5358_oscillator_steppers.py', 'A', True, 'solvers', '5357_oscillator_steppers.py', 18, 'method= selects the stepper whose io_callback host uses jnp: method="rk4" -> _log_error_embedded (jnp.max)'),
    ('5359_gauss_legendre_nodes.py', 'A', True, 'solvers', '5341_gauss_legendre_nodes.py', 14, 'quadrature order picks tabulated nodes vs Golub-Welsch: ORDER=8 -> Golub-Welsch with jnp.linalg.eigh on host'),
    ('5360_rank_stage_chain.py', 'B', True, 'builders', '5332_rank_stage_chain.py', 38, 'which composed chain is run: chosen = robust (includes rank stage with vectorized=False)'),
]


def run_one(fname, family):
    env = dict(os.environ, JAX_PLATFORMS="cpu")
    cmd = ["nice", sys.executable, os.path.join(HERE, "_run.py"), family, os.path.join(HERE, fname)]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=120, env=env, cwd=HERE)
    except subprocess.TimeoutExpired:
        return {"error": "timeout"}
    res = [ln for ln in p.stdout.splitlines() if ln.startswith("RESULT:")]
    if not res:
        return {"error": "no result", "stderr": p.stderr[-2000:]}
    return json.loads(res[-1][len("RESULT:"):])


def src_line(fname, n):
    with open(os.path.join(HERE, fname)) as fh:
        return fh.read().splitlines()[n - 1].strip()


def main():
    workers = 1
    if "--workers" in sys.argv:
        workers = min(2, int(sys.argv[sys.argv.index("--workers") + 1]))
    with ThreadPoolExecutor(workers) as ex:
        results = list(ex.map(lambda r: run_one(r[0], r[1]), TABLE))
    labels, problems = {}, []
    for (fname, fam, intent, style, twin, tline, fact), r in zip(TABLE, results):
        if "error" in r:
            problems.append(f"{fname}: runner error {r}")
            continue
        entry = {"family": fam, "how": "rule" if fam == "A" else "run", "style": style, "twin": twin}
        if fam == "A":
            if r["exc_type"] is not None:
                problems.append(f"{fname}: family-A program raised {r['exc_type']}: {r['message']}")
            hits = []
            for e in r["jax_on_host"]:
                if e["line"] not in hits:
                    hits.append(e["line"])
            fires = bool(hits)
            entry.update(fires=fires, message=None, exc_type=None, line=hits[0] if fires else None)
            if fires:
                entry["host_jax_lines"] = hits
            entry["host_calls"] = r["host_calls"]
            if fires and hits[0] != tline:
                problems.append(f"{fname}: first JAX-on-host line {hits[0]} != table {tline}")
        else:
            fires = r["exc_type"] is not None
            entry.update(fires=fires, message=r["message"], exc_type=r["exc_type"],
                         line=tline if fires else None)
            if fires:
                entry["host_error"] = r["host_error"]
                entry["raised_at_line"] = r["line"]
                ok = (r["exc_type"] == "JaxRuntimeError"
                      and "CpuCallback error calling callback" in (r["message"] or "")
                      and "unexpected keyword argument 'vectorized'" in (r["host_error"] or ""))
                if not ok:
                    problems.append(f"{fname}: raised something else: {r['exc_type']} {r['message']} {r['host_error']}")
                if tline not in r["vectorized_calls"]:
                    problems.append(f"{fname}: table line {tline} not a measured vectorized= call {r['vectorized_calls']}")
                if "pure_callback" not in src_line(fname, tline):
                    problems.append(f"{fname}: line {tline} does not name pure_callback")
        if fires != intent:
            problems.append(f"{fname}: measured fires={fires}, intended {intent}")
        labels[fname] = entry
        shown = src_line(fname, entry["line"]) if entry["line"] else "-"
        print(f"{fname:40s} {fam} {'FIRES' if fires else 'near '} {style:14s} line={entry['line']}: {shown}")
    if problems:
        print("\nPROBLEMS:\n  " + "\n  ".join(problems))
        sys.exit(1)
    for fam in "AB":
        for st in ("builders", "differentiated", "solvers"):
            f = sum(1 for k, v in labels.items() if v["family"] == fam and v["style"] == st and v["fires"])
            n = sum(1 for k, v in labels.items() if v["family"] == fam and v["style"] == st and not v["fires"])
            print(f"family {fam} {st:14s}: {f} fire, {n} near miss")
            assert f == 5 and n == 5
    with open(os.path.join(HERE, "labels.json"), "w") as fh:
        json.dump(labels, fh, indent=1, sort_keys=True)
        fh.write("\n")
    print(f"wrote labels.json ({len(labels)} programs)")


if __name__ == "__main__":
    main()
