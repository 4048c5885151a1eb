"""Labeller for set 43 (families A and B of issue 31's checks).

Family A ("how": "rule"): every program is run plainly (must exit 0) and once more under
_runner.py with sys.settrace/threading.settrace, which records the program lines executed while a
callback host is on the stack (jax/_src/callback.py pure_callback_impl / io_callback_impl,
jax/_src/debugging.py debug_callback_impl) and the program lines that call into the jax package
from the host. Fires: the labelled JAX line executes on the host. Near misses: no call into jax
from the host, and the decoy JAX line (where one exists) never executes on the host.
Family B ("how": "run"): the program runs under _runner.py (as __main__, fresh interpreter);
fires must raise JaxRuntimeError whose inner host error is the unexpected 'vectorized' keyword;
near misses must run cleanly.
"""
import concurrent.futures as cf
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
# file: (family, fires, style, twin, line, substring expected on that line)
# For A near misses `line` is a decoy JAX line that must NOT run on the host (not emitted).
TABLE = {
    "4301_kde_optional_backend.py": ("A", True, "fallback", "4338_kde_host_arrays.py", 17, 'diff = xp.asarray'),
    "4302_adaptive_step_scan.py": ("B", True, "control", "4346_step_control_scan.py", 29, 'jax.pure_callback('),
    "4303_kepler_newton_log.py": ("A", True, "control", "4322_kepler_warm_start.py", 14, 'jnp.max(jnp.abs(r))'),
    "4304_linen_probe_stats.py": ("A", False, "framework", "4347_linen_activation_probe.py", None, None),
    "4305_optax_lowbit_comms.py": ("B", False, "framework", "4307_optax_quantized_updates.py", None, None),
    "4306_mh_chain_burnin.py": ("A", False, "control", "4348_gamma_mh_warmup.py", 16, 'float(gammaln(shape))'),
    "4307_optax_quantized_updates.py": ("B", True, "framework", "4305_optax_lowbit_comms.py", 30, 'jax.pure_callback('),
    "4308_optax_norm_monitor.py": ("A", True, "framework", "4335_optax_update_tracker.py", 21, 'jnp.linalg.norm(flat)'),
    "4309_bessel_features.py": ("B", False, "fallback", "4336_bessel_retry_keyword.py", None, None),
    "4310_photoz_lookup.py": ("A", True, "control", "4319_color_redshift_map.py", 14, 'jnp.interp(c,'),
    "4311_snell_dispersion.py": ("B", False, "fallback", "4344_rindex_env_options.py", None, None),
    "4312_option_cdf_versioned.py": ("A", True, "fallback", "4326_black_scholes_cdf.py", 14, '_erf_impl(z'),
    "4313_voigt_version_gate.py": ("B", True, "fallback", "4340_voigt_lines.py", 19, 'vectorized=True)'),
    "4314_band_power_simpson.py": ("A", True, "fallback", "4318_spectrum_integral.py", 16, 'jax.scipy.integrate.trapezoid'),
    "4315_stream_quantiles.py": ("A", False, "fallback", "4325_ema_quantile_env.py", 15, 'jnp.quantile'),
    "4316_linen_sparsemax_heads.py": ("B", True, "framework", "4343_linen_multihead_sparse.py", 25, 'jax.pure_callback('),
    "4317_subspace_iteration.py": ("B", True, "control", "4321_power_iter_qr.py", 15, 'jax.pure_callback('),
    "4318_spectrum_integral.py": ("A", False, "fallback", "4314_band_power_simpson.py", 16, 'jax.scipy.integrate.trapezoid'),
    "4319_color_redshift_map.py": ("A", False, "control", "4310_photoz_lookup.py", None, None),
    "4320_remat_source_scan.py": ("B", False, "control", "4355_checkified_source.py", None, None),
    "4321_power_iter_qr.py": ("B", False, "control", "4317_subspace_iteration.py", None, None),
    "4322_kepler_warm_start.py": ("A", False, "control", "4303_kepler_newton_log.py", 14, 'jnp.max(jnp.abs(r))'),
    "4323_linen_rnn_buffer.py": ("A", False, "framework", "4358_linen_scan_stream.py", None, None),
    "4324_ode_diag_suppress.py": ("B", True, "fallback", "4333_ode_reference_check.py", 28, 'jax.pure_callback('),
    "4325_ema_quantile_env.py": ("A", True, "fallback", "4315_stream_quantiles.py", 15, 'jnp.quantile'),
    "4326_black_scholes_cdf.py": ("A", False, "fallback", "4312_option_cdf_versioned.py", None, None),
    "4327_signature_probe.py": ("B", True, "fallback", "4357_ordinal_logistic.py", 22, 'jax.pure_callback('),
    "4328_heat_boundary_switch.py": ("B", True, "control", "4360_ghost_cell_modes.py", 20, 'jax.pure_callback('),
    "4329_linen_hashed_embed.py": ("B", True, "framework", "4339_linen_crc_buckets.py", 26, 'jax.pure_callback('),
    "4330_robust_term_batch.py": ("A", False, "control", "4351_robust_loss_outliers.py", 13, 'z = float(jnp.abs'),
    "4331_loglik_chol_fallback.py": ("A", True, "fallback", "4350_gauss_loglik_jitter.py", 16, 'jnp.linalg.eigvalsh'),
    "4332_random_walk_escape.py": ("A", True, "control", "4345_diffusion_rare_event.py", 14, 'jnp.percentile'),
    "4333_ode_reference_check.py": ("B", False, "fallback", "4324_ode_diag_suppress.py", None, None),
    "4334_nnx_router_audit.py": ("A", True, "framework", "4352_nnx_gate_monitor.py", 15, 'jax.nn.softmax(logits, axis=-1))'),
    "4335_optax_update_tracker.py": ("A", False, "framework", "4308_optax_norm_monitor.py", None, None),
    "4336_bessel_retry_keyword.py": ("B", True, "fallback", "4309_bessel_features.py", 17, 'jax.pure_callback('),
    "4337_nnx_ensemble_standardize.py": ("B", True, "framework", "4349_nnx_member_scaling.py", 22, 'jax.pure_callback('),
    "4338_kde_host_arrays.py": ("A", False, "fallback", "4301_kde_optional_backend.py", None, None),
    "4339_linen_crc_buckets.py": ("B", False, "framework", "4329_linen_hashed_embed.py", None, None),
    "4340_voigt_lines.py": ("B", False, "fallback", "4313_voigt_version_gate.py", None, None),
    "4341_eqx_rank_transform.py": ("B", False, "framework", "4359_eqx_rank_features.py", None, None),
    "4342_eqx_lookup_activation.py": ("A", False, "framework", "4354_eqx_tabulated_gate.py", None, None),
    "4343_linen_multihead_sparse.py": ("B", False, "framework", "4316_linen_sparsemax_heads.py", None, None),
    "4344_rindex_env_options.py": ("B", True, "fallback", "4311_snell_dispersion.py", 22, 'jax.pure_callback('),
    "4345_diffusion_rare_event.py": ("A", False, "control", "4332_random_walk_escape.py", 14, 'jnp.percentile'),
    "4346_step_control_scan.py": ("B", False, "control", "4302_adaptive_step_scan.py", None, None),
    "4347_linen_activation_probe.py": ("A", True, "framework", "4304_linen_probe_stats.py", 15, 'jnp.std(acts)'),
    "4348_gamma_mh_warmup.py": ("A", True, "control", "4306_mh_chain_burnin.py", 16, 'float(gammaln(shape))'),
    "4349_nnx_member_scaling.py": ("B", False, "framework", "4337_nnx_ensemble_standardize.py", None, None),
    "4350_gauss_loglik_jitter.py": ("A", False, "fallback", "4331_loglik_chol_fallback.py", 16, 'jnp.linalg.eigvalsh'),
    "4351_robust_loss_outliers.py": ("A", True, "control", "4330_robust_term_batch.py", 13, 'z = float(jnp.abs'),
    "4352_nnx_gate_monitor.py": ("A", False, "framework", "4334_nnx_router_audit.py", None, None),
    "4353_t_quantile_bisect.py": ("B", True, "control", "4356_student_t_bracket.py", 15, 'jax.pure_callback('),
    "4354_eqx_tabulated_gate.py": ("A", True, "framework", "4342_eqx_lookup_activation.py", 14, 'jsp.erf(table'),
    "4355_checkified_source.py": ("B", True, "control", "4320_remat_source_scan.py", 16, 'jax.pure_callback('),
    "4356_student_t_bracket.py": ("B", False, "control", "4353_t_quantile_bisect.py", None, None),
    "4357_ordinal_logistic.py": ("B", False, "fallback", "4327_signature_probe.py", None, None),
    "4358_linen_scan_stream.py": ("A", True, "framework", "4323_linen_rnn_buffer.py", 20, '_unit_rows(h)'),
    "4359_eqx_rank_features.py": ("B", True, "framework", "4341_eqx_rank_transform.py", 24, 'jax.pure_callback('),
    "4360_ghost_cell_modes.py": ("B", False, "control", "4328_heat_boundary_switch.py", None, None),
}
ENV = dict(os.environ, JAX_PLATFORMS="cpu")
ENV.pop("QMON_HOST_BACKEND", None)
ENV.pop("RINDEX_VECTORIZED", None)


def run_one(fn):
    fam = TABLE[fn][0]
    path = os.path.join(HERE, fn)
    out = {}
    with tempfile.TemporaryDirectory() as td:
        if fam == "A":
            p = subprocess.run([sys.executable, path], cwd=td, env=ENV, capture_output=True,
                               text=True, timeout=120)
            out["plain_rc"] = p.returncode
            out["plain_err"] = p.stderr[-400:]
        res_path = os.path.join(td, "res.json")
        mode = "trace" if fam == "A" else "run"
        p = subprocess.run([sys.executable, os.path.join(HERE, "_runner.py"), path, mode, res_path],
                           cwd=td, env=ENV, capture_output=True, text=True, timeout=120)
        with open(res_path) as fh:
            out.update(json.load(fh))
    return fn, out


def main():
    with cf.ThreadPoolExecutor(max_workers=2) as ex:
        results = dict(ex.map(run_one, sorted(TABLE)))
    labels, problems = {}, []
    for fn in sorted(TABLE):
        fam, fires, style, twin, line, needle = TABLE[fn]
        r = results[fn]
        src = open(os.path.join(HERE, fn)).read().splitlines()
        if line is not None:
            text = src[line - 1]
            print(f"{fn}:{line}: {text.strip()}")
            if needle not in text:
                problems.append(f"{fn}: line {line} lacks {needle!r}")
        entry = {"family": fam, "fires": fires, "how": "rule" if fam == "A" else "run",
                 "message": None, "line": None, "exc_type": None, "style": style, "twin": twin}
        if fam == "A":
            if r["plain_rc"] != 0 or r["exc_type"] is not None:
                problems.append(f"{fn}: A program did not run cleanly: {r.get('plain_err')} {r['exc_type']}")
            if fires:
                if line not in r["host_lines"] or line not in r["jax_calls"]:
                    problems.append(f"{fn}: JAX line {line} not seen on host {r['host_lines']} {r['jax_calls']}")
                entry["line"] = line
            else:
                if r["jax_calls"]:
                    problems.append(f"{fn}: near miss calls JAX on host at {r['jax_calls']}")
                if line is not None and line in r["host_lines"]:
                    problems.append(f"{fn}: decoy line {line} ran on host")
        else:
            if fires:
                ok = (r["exc_type"] == "JaxRuntimeError"
                      and r["message"].startswith("INTERNAL: CpuCallback error calling callback")
                      and r["host_error"] and "unexpected keyword argument 'vectorized'" in r["host_error"])
                if not ok:
                    problems.append(f"{fn}: expected vectorized failure, got {r['exc_type']} {r['message']}")
                entry.update(message=r["message"], exc_type=r["exc_type"], line=line,
                             host_error=r["host_error"])
            elif r["exc_type"] is not None:
                problems.append(f"{fn}: near miss raised {r['exc_type']}: {r['message']}")
        labels[fn] = entry
    with open(os.path.join(HERE, "labels.json"), "w") as fh:
        json.dump(labels, fh, indent=1, sort_keys=True)
        fh.write("\n")
    counts = {}
    for e in labels.values():
        k = (e["family"], e["style"], e["fires"])
        counts[k] = counts.get(k, 0) + 1
    for k in sorted(counts):
        print(k, counts[k])
    if problems:
        print("PROBLEMS:")
        for p in problems:
            print("  ", p)
        sys.exit(1)
    print("all", len(labels), "programs labelled; checks passed")


if __name__ == "__main__":
    main()
