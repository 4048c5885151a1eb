"""Label the checks31v set by running every program under JAX (one at a time).

usage: python label.py          -> writes labels.json (and labels.prev.json if one existed),
                                   prints whether the new labels equal the previous ones.

Family A (JAX computation inside a callback's host) is labelled by the rule, checked by
tracing: `_run.py trace` wraps every host given to jax.pure_callback / io_callback /
jax.debug.callback and records each call from the program's own frames into JAX while the
host runs.  fires = at least one such call; line = the program line of the first one.
Every family-A program must also run to the end without an exception.

Family B (the removed vectorized= keyword) is labelled by running (`_run.py plain`): a
firing program raises JaxRuntimeError "INTERNAL: CpuCallback error calling callback"
whose inner error is "TypeError: <host>() got an unexpected keyword argument 'vectorized'";
a near miss runs to the end.  line = the jax.pure_callback reference that gets vectorized=
(static, from TABLE, printed and checked to contain "pure_callback").

TABLE: file -> (family, expected fires, expected line, style, twin).  The labels written
come from the runs; the table is only what the runs are checked against.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

TABLE = {
    "4901_defaults_view.py": ("B", True, 18, "mutation", "4931_softplus_plugin.py"),
    "4902_relaxation_report.py": ("B", True, 15, "instrumentation", "4926_progress_cond.py"),
    "4903_grad_logger.py": ("A", True, 18, "instrumentation", "4925_regression_debuglog.py"),
    "4904_union_options.py": ("B", True, 32, "mutation", "4928_robust_scaling.py"),
    "4905_oscillator_events.py": ("A", False, None, "mutation", "4949_checkpoint_handlers.py"),
    "4906_power_readings.py": ("B", False, None, "dunder", "4917_meter_format.py"),
    "4907_cascade_db.py": ("B", True, 25, "dunder", "4909_gain_powers.py"),
    "4908_heat_diagnostics.py": ("A", True, 23, "instrumentation", "4943_diffusion_verbose.py"),
    "4909_gain_powers.py": ("B", False, None, "dunder", "4907_cascade_db.py"),
    "4910_postprocess_hooks.py": ("A", False, None, "mutation", "4957_probability_head.py"),
    "4911_opacity_table.py": ("B", True, 23, "dunder", "4945_lazy_kappa.py"),
    "4912_converter_registry.py": ("A", False, None, "mutation", "4946_temperature_view.py"),
    "4913_loss_accumulator.py": ("A", True, 23, "instrumentation", "4936_scan_metrics.py"),
    "4914_interval_bounds.py": ("A", True, 18, "dunder", "4956_box_propagation.py"),
    "4915_draw_context.py": ("A", False, None, "dunder", "4924_ou_recorder.py"),
    "4916_grad_norm_probe.py": ("B", False, None, "instrumentation", "4923_clipped_update.py"),
    "4917_meter_format.py": ("B", True, 21, "dunder", "4906_power_readings.py"),
    "4918_clock_decorator.py": ("B", False, None, "instrumentation", "4955_attention_stamps.py"),
    "4919_activation_health.py": ("A", False, None, "instrumentation", "4958_finite_probe.py"),
    "4920_robust_score.py": ("A", False, None, "mutation", "4937_layered_settings.py"),
    "4921_histogram_accumulator.py": ("B", False, None, "dunder", "4950_binned_counts.py"),
    "4922_residual_tracker.py": ("A", False, None, "dunder", "4942_fixed_point_history.py"),
    "4923_clipped_update.py": ("B", True, 17, "instrumentation", "4916_grad_norm_probe.py"),
    "4924_ou_recorder.py": ("A", True, 22, "dunder", "4915_draw_context.py"),
    "4925_regression_debuglog.py": ("A", False, None, "instrumentation", "4903_grad_logger.py"),
    "4926_progress_cond.py": ("B", False, None, "instrumentation", "4902_relaxation_report.py"),
    "4927_eos_lookup.py": ("A", True, 25, "dunder", "4951_pressure_table.py"),
    "4928_robust_scaling.py": ("B", False, None, "mutation", "4904_union_options.py"),
    "4929_feature_defaults.py": ("A", True, 12, "mutation", "4932_normaliser_config.py"),
    "4930_batching_defaults.py": ("B", True, 22, "mutation", "4934_drum_modes.py"),
    "4931_softplus_plugin.py": ("B", False, None, "mutation", "4901_defaults_view.py"),
    "4932_normaliser_config.py": ("A", False, None, "mutation", "4929_feature_defaults.py"),
    "4933_rank_correlation.py": ("B", True, 22, "mutation", "4954_legacy_options.py"),
    "4934_drum_modes.py": ("B", False, None, "mutation", "4930_batching_defaults.py"),
    "4935_signal_filters.py": ("B", True, 32, "dunder", "4948_fir_operators.py"),
    "4936_scan_metrics.py": ("A", False, None, "instrumentation", "4913_loss_accumulator.py"),
    "4937_layered_settings.py": ("A", True, 20, "mutation", "4920_robust_score.py"),
    "4938_named_scope_table.py": ("B", True, 19, "instrumentation", "4941_profiled_lookup.py"),
    "4939_verbosity_stats.py": ("B", True, 16, "instrumentation", "4960_layer_moments.py"),
    "4940_timed_calibration.py": ("A", True, 18, "instrumentation", "4944_spline_timing.py"),
    "4941_profiled_lookup.py": ("B", False, None, "instrumentation", "4938_named_scope_table.py"),
    "4942_fixed_point_history.py": ("A", True, 22, "dunder", "4922_residual_tracker.py"),
    "4943_diffusion_verbose.py": ("A", False, None, "instrumentation", "4908_heat_diagnostics.py"),
    "4944_spline_timing.py": ("A", False, None, "instrumentation", "4940_timed_calibration.py"),
    "4945_lazy_kappa.py": ("B", False, None, "dunder", "4911_opacity_table.py"),
    "4946_temperature_view.py": ("A", True, 28, "mutation", "4912_converter_registry.py"),
    "4947_shared_kwargs.py": ("B", False, None, "mutation", "4959_drawdown_host.py"),
    "4948_fir_operators.py": ("B", False, None, "dunder", "4935_signal_filters.py"),
    "4949_checkpoint_handlers.py": ("A", True, 19, "mutation", "4905_oscillator_events.py"),
    "4950_binned_counts.py": ("B", True, 21, "dunder", "4921_histogram_accumulator.py"),
    "4951_pressure_table.py": ("A", False, None, "dunder", "4927_eos_lookup.py"),
    "4952_energy_quantities.py": ("A", True, 27, "dunder", "4953_quantity_ledger.py"),
    "4953_quantity_ledger.py": ("A", False, None, "dunder", "4952_energy_quantities.py"),
    "4954_legacy_options.py": ("B", False, None, "mutation", "4933_rank_correlation.py"),
    "4955_attention_stamps.py": ("B", True, 23, "instrumentation", "4918_clock_decorator.py"),
    "4956_box_propagation.py": ("A", False, None, "dunder", "4914_interval_bounds.py"),
    "4957_probability_head.py": ("A", True, 12, "mutation", "4910_postprocess_hooks.py"),
    "4958_finite_probe.py": ("A", True, 12, "instrumentation", "4919_activation_health.py"),
    "4959_drawdown_host.py": ("B", True, 29, "mutation", "4947_shared_kwargs.py"),
    "4960_layer_moments.py": ("B", False, None, "instrumentation", "4939_verbosity_stats.py"),
}


def run(mode, prog, tmp):
    out = os.path.join(tmp, prog + ".json")
    env = dict(os.environ, JAX_PLATFORMS="cpu")
    proc = subprocess.run(["nice", sys.executable, os.path.join(HERE, "_run.py"), mode, prog, out],
                          cwd=HERE, env=env, capture_output=True, text=True, timeout=120)
    if proc.returncode != 0 or not os.path.exists(out):
        raise SystemExit(f"runner failed for {prog}: {proc.stderr[-2000:]}")
    with open(out) as fh:
        return json.load(fh)


def src_line(prog, n):
    with open(os.path.join(HERE, prog)) as fh:
        return fh.read().splitlines()[n - 1].strip()


def main():
    progs = sorted(f for f in os.listdir(HERE) if f[:2] == "49" and f.endswith(".py"))
    assert sorted(TABLE) == progs, set(TABLE) ^ set(progs)
    labels, problems = {}, []
    with tempfile.TemporaryDirectory() as tmp:
        for prog in progs:
            fam, want_fires, want_line, style, twin = TABLE[prog]
            if fam == "A":
                r = run("trace", prog, tmp)
                if r["exc_type"] is not None:
                    problems.append(f"{prog}: family-A program raised {r['exc_type']}: {r['message']}")
                hits = r["jax_on_host"]
                fires = bool(hits)
                line = hits[0]["line"] if hits else None
                entry = {"family": "A", "fires": fires, "how": "rule", "message": None,
                         "line": line, "exc_type": None}
                detail = f"host calls={r['host_calls']}"
                if hits:
                    detail += f", first JAX call on host: {hits[0]['callee']} ({hits[0]['callee_file']})"
            else:
                r = run("plain", prog, tmp)
                fires = r["exc_type"] is not None
                entry = {"family": "B", "fires": fires, "how": "run", "message": r["message"],
                         "line": want_line if fires else None, "exc_type": r["exc_type"]}
                if fires:
                    entry["host_error"] = r["host_error"]
                    ok = (r["exc_type"] == "JaxRuntimeError"
                          and r["message"].startswith("INTERNAL: CpuCallback error calling callback")
                          and r["host_error"] is not None
                          and r["host_error"].startswith("TypeError: ")
                          and "got an unexpected keyword argument 'vectorized'" in r["host_error"])
                    if not ok:
                        problems.append(f"{prog}: raised something other than family B's error: "
                                        f"{r['exc_type']}: {r['message']} / {r['host_error']}")
                    if "pure_callback" not in src_line(prog, want_line):
                        problems.append(f"{prog}: table line {want_line} is not a pure_callback line")
                detail = ""
            entry["style"] = style
            entry["twin"] = twin
            if fires != want_fires:
                problems.append(f"{prog}: run says fires={fires}, table says {want_fires}")
            if fires and entry["line"] != want_line:
                problems.append(f"{prog}: run says line {entry['line']}, table says {want_line}")
            labels[prog] = entry
            shown = src_line(prog, entry["line"]) if entry["line"] else ""
            print(f"{prog:34s} {fam} fires={str(fires):5s} line={entry['line']}  {shown!r} {detail}",
                  flush=True)
    # counts
    for fam in "AB":
        for st in ("dunder", "instrumentation", "mutation"):
            f = sum(1 for e in labels.values() if e["family"] == fam and e["style"] == st and e["fires"])
            n = sum(1 for e in labels.values() if e["family"] == fam and e["style"] == st and not e["fires"])
            print(f"family {fam} {st:16s} fires={f} near misses={n}")
            if (f, n) != (5, 5):
                problems.append(f"family {fam} {st}: {f} fires / {n} near misses (want 5/5)")
    for prog, e in labels.items():
        if labels[e["twin"]]["twin"] != prog or labels[e["twin"]]["fires"] == e["fires"]:
            problems.append(f"{prog}: twin {e['twin']} is not its opposite")
    path = os.path.join(HERE, "labels.json")
    prev = None
    if os.path.exists(path):
        with open(path) as fh:
            prev = json.load(fh)
        shutil.copy(path, os.path.join(HERE, "labels.prev.json"))
    with open(path, "w") as fh:
        json.dump(labels, fh, indent=1, sort_keys=True)
        fh.write("\n")
    if prev is not None:
        print("identical to previous labels.json:", prev == labels)
    if problems:
        print("PROBLEMS:")
        for p in problems:
            print("  " + p)
        raise SystemExit(1)
    print("all checks passed")


if __name__ == "__main__":
    main()
