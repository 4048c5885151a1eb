"""Label the 38xxx programs by running each one under real JAX (CPU).

Every program runs in a fresh interpreter (timeout 120 s, JAX_PLATFORMS=cpu, 2 workers).
Family C = an ordered io_callback reached by vmap; family D = malformed custom_jvp/custom_vjp
rules.  Both are labelled by running ("how": "run").  The labeller checks that every firing
program raises its family's own error (and the expected kind of it), that every near miss runs
cleanly, and that each recorded line really holds the construct the label is about.

Usage: python label.py [out.json]   (default: labels.json next to this file)
"""
import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))

RUNNER = r"""
import runpy, sys, traceback, json, os
path = sys.argv[1]
sys.argv = [path]
res = {"raises": False, "type": None, "message": None, "tb_line": None}
try:
    runpy.run_path(path, run_name="__main__")
except BaseException as e:
    if isinstance(e, SystemExit) and not e.code:
        pass
    else:
        res["raises"] = True
        res["type"] = type(e).__name__
        msg = str(e).strip().splitlines()
        res["message"] = msg[0] if msg else ""
        for fr in traceback.extract_tb(e.__traceback__):
            if os.path.abspath(fr.filename) == os.path.abspath(path):
                res["tb_line"] = fr.lineno
print("@@LABEL@@" + json.dumps(res))
"""

# Expected error per family / kind: (exception type, regex on the first message line).
EXPECT = {
    "C": ("ValueError", r"^Cannot `vmap` ordered IO callback\.$"),
    "vjp_structure": ("TypeError", r"^Custom VJP bwd rule must produce an output with the same container \(pytree\) structure as the args tuple"),
    "jvp_structure": ("TypeError", r"^Custom JVP rule .* must produce primal and tangent outputs with equal container \(pytree\) structures"),
    "arity": ("TypeError", r"(takes \d+ positional arguments? but \d+ (were|was) given|missing \d+ required positional arguments?)"),
    "linearize": ("ValueError", r"^Linearization failed to produce known values for all output primals\."),
}

# file -> expected family, whether it fires, style, error kind (D), label line and the text
# that line must contain, its near-miss/firing twin, and what it does.
TABLE = {
    '38001_bs_pipeline.py': dict(family='D', fires=False, style='composition', kind=None,
        line=None, line_text=None,
        twin='38048_greeks_reduce.py',
        what='make_bwd(3)'),
    '38002_line_fit_compose.py': dict(family='C', fires=False, style='composition', kind=None,
        line=None, line_text=None,
        twin='38010_spectral_pipeline.py',
        what="pipeline ('jit',) only; batch handled by a Python loop"),
    '38003_pk_journal.py': dict(family='C', fires=True, style='typed', kind='C',
        line=46, line_text='peak = io_callback(',
        twin='38009_dosing_sweep.py',
        what="attrs converter turns default 'strict' into ordered=True; vmap over doses"),
    '38004_divider_sweep.py': dict(family='D', fires=False, style='cli', kind=None,
        line=None, line_text=None,
        twin='38029_thermistor_absl.py',
        what="enum default 'tangent' -> jax.jvp"),
    '38005_policy_lambdas.py': dict(family='D', fires=False, style='composition', kind=None,
        line=None, line_text=None,
        twin='38006_entropy_async.py',
        what='tangent returned as a tuple'),
    '38006_entropy_async.py': dict(family='D', fires=True, style='composition', kind='jvp_structure',
        line=13, line_text='lambda primals, tangents: (',
        twin='38005_policy_lambdas.py',
        what='JVP rule from lambda factories returns tangent list for tuple primal; asyncio.to_thread grads'),
    '38007_moments_jvp.py': dict(family='D', fires=True, style='typed', kind='jvp_structure',
        line=23, line_text='def _moments_jvp(',
        twin='38028_standardise_typed.py',
        what='custom_jvp primal NamedTuple Moments, tangent a plain tuple'),
    '38008_quant_surrogate.py': dict(family='D', fires=True, style='typed', kind='vjp_structure',
        line=30, line_text='def bwd_smooth(',
        twin='38017_activation_quantiser.py',
        what="pydantic Literal surrogate='smooth' attaches a bwd returning a bare array for a 2-arg custom_vjp"),
    '38009_dosing_sweep.py': dict(family='C', fires=False, style='typed', kind=None,
        line=None, line_text=None,
        twin='38003_pk_journal.py',
        what="attrs default 'relaxed' converts to False"),
    '38010_spectral_pipeline.py': dict(family='C', fires=True, style='composition', kind='C',
        line=39, line_text='tick = io_callback(',
        twin='38002_line_fit_compose.py',
        what="reduce-composed pipeline ('jit','vmap') from a name->transform dict wraps fit with ordered callback"),
    '38011_kinematics_queue.py': dict(family='C', fires=False, style='composition', kind=None,
        line=None, line_text=None,
        twin='38046_arm_worker.py',
        what="entry_point='forward' (no callback) is vmapped"),
    '38012_turbine_telemetry.py': dict(family='C', fires=True, style='typed', kind='C',
        line=49, line_text='seq = io_callback(',
        twin='38019_fleet_power_encoder.py',
        what="Literal mode field 'stream' -> ordered=(mode=='stream') under jit(vmap)"),
    '38013_ensemble_post.py': dict(family='C', fires=True, style='cli', kind='C',
        line=32, line_text='mean = io_callback(',
        twin='38038_forecast_json.py',
        what='embedded JSON merged over defaults sets archive_sequential true; vmap over members'),
    '38014_frame_normaliser.py': dict(family='C', fires=False, style='cli', kind=None,
        line=None, line_text=None,
        twin='38018_microscopy_flags.py',
        what='flag default False'),
    '38015_bound_bwd_threads.py': dict(family='D', fires=False, style='composition', kind=None,
        line=None, line_text=None,
        twin='38022_thermocouple_pool.py',
        what='bwd bound with types.MethodType'),
    '38016_hydro_cli.py': dict(family='D', fires=False, style='cli', kind=None,
        line=None, line_text=None,
        twin='38040_rating_curve.py',
        what="argv runs 'calibrate' (jacfwd of a plain power law, custom fn only evaluated)"),
    '38017_activation_quantiser.py': dict(family='D', fires=False, style='typed', kind=None,
        line=None, line_text=None,
        twin='38008_quant_surrogate.py',
        what="surrogate='straight' attaches the 2-tuple bwd"),
    '38018_microscopy_flags.py': dict(family='C', fires=True, style='cli', kind='C',
        line=29, line_text='stats = io_callback(',
        twin='38014_frame_normaliser.py',
        what='absl DEFINE_boolean default True used as ordered= inside vmap over frames'),
    '38019_fleet_power_encoder.py': dict(family='C', fires=False, style='typed', kind=None,
        line=None, line_text=None,
        twin='38012_turbine_telemetry.py',
        what="mode default 'snapshot' -> ordered=False"),
    '38020_interior_point.py': dict(family='D', fires=False, style='typed', kind=None,
        line=None, line_text=None,
        twin='38043_barrier_protocol.py',
        what='bwd takes (res, g)'),
    '38021_sir_threads.py': dict(family='C', fires=True, style='composition', kind='C',
        line=28, line_text='published = io_callback(',
        twin='38057_region_bulletin.py',
        what='ThreadPoolExecutor submits jit(vmap) steps whose ordered callback gets batched incidence'),
    '38022_thermocouple_pool.py': dict(family='D', fires=True, style='composition', kind='arity',
        line=23, line_text='def _bwd(self, mv, g):',
        twin='38015_bound_bwd_threads.py',
        what='unbound method as bwd (self, res, g) called with 2 args in ThreadPoolExecutor jobs'),
    '38023_qc_toml.py': dict(family='C', fires=False, style='cli', kind=None,
        line=None, line_text=None,
        twin='38032_bottling_qc.py',
        what="TOML scope 'shared': operand built from the unbatched tolerance (in_axes None): runs"),
    '38024_affine_pytree.py': dict(family='D', fires=True, style='typed', kind='vjp_structure',
        line=34, line_text='def _bwd(',
        twin='38053_dataclass_layer.py',
        what='register_dataclass params; bwd returns (grads,) for (params, x)'),
    '38025_credit_click.py': dict(family='C', fires=True, style='cli', kind='C',
        line=24, line_text='approved = io_callback(',
        twin='38051_applicant_scoring.py',
        what='click --serial-audit/--parallel-audit flag default True -> ordered under vmap'),
    '38026_rms_kernel_ini.py': dict(family='D', fires=False, style='cli', kind=None,
        line=None, line_text=None,
        twin='38039_loudnorm.py',
        what="INI default 'reference' returns a 1-tuple"),
    '38027_soil_async.py': dict(family='C', fires=True, style='composition', kind='C',
        line=34, line_text='emit = functools.partial(',
        twin='38041_probe_ingest.py',
        what='partial-of-partial io_callback(ordered=True), singledispatch host, asyncio run_in_executor of jit(vmap)'),
    '38028_standardise_typed.py': dict(family='D', fires=False, style='typed', kind=None,
        line=None, line_text=None,
        twin='38007_moments_jvp.py',
        what='tangent returned as Moments(...)'),
    '38029_thermistor_absl.py': dict(family='D', fires=True, style='cli', kind='linearize',
        line=21, line_text='def _resistance_jvp(',
        twin='38004_divider_sweep.py',
        what="absl DEFINE_enum default 'adjoint' -> vmap(grad) of custom_jvp whose primal uses tangents"),
    '38030_provenance_decorators.py': dict(family='C', fires=False, style='composition', kind=None,
        line=None, line_text=None,
        twin='38059_denoise_stack.py',
        what='provenance decorator outermost: callback sees whole batch outside vmap'),
    '38031_enzyme_job.py': dict(family='D', fires=True, style='cli', kind='vjp_structure',
        line=26, line_text='def bwd(*args):',
        twin='38045_michaelis_fit.py',
        what='JSON config frozen_args [] overrides default [2]: bwd returns 2 cotangents for 3 diff args'),
    '38032_bottling_qc.py': dict(family='C', fires=True, style='cli', kind='C',
        line=39, line_text='total = io_callback(',
        twin='38023_qc_toml.py',
        what="TOML scope 'per_crate' makes the ordered callback's operand batched (in_axes 0)"),
    '38033_anomaly_solver.py': dict(family='D', fires=False, style='composition', kind=None,
        line=None, line_text=None,
        twin='38050_kepler_dispatch.py',
        what='int tolerance picks the 2-parameter rule'),
    '38034_softclip_study.py': dict(family='D', fires=True, style='typed', kind='linearize',
        line=31, line_text='def _soft_clip_jvp(',
        twin='38052_clip_sensitivity.py',
        what="custom_jvp primal out uses 0*dx; attrs Literal direction='reverse' -> jax.grad"),
    '38035_regression_chain.py': dict(family='D', fires=False, style='composition', kind=None,
        line=None, line_text=None,
        twin='38055_huber_queue.py',
        what="job 'spread_grad' differentiates arg 1, which never reaches the custom_vjp: bwd never called"),
    '38036_exposure_runner.py': dict(family='C', fires=False, style='typed', kind=None,
        line=None, line_text=None,
        twin='38047_rerank_ledger.py',
        what="batching='sequential' picks lax.map (scan, no batch_size)"),
    '38037_seismo_cli.py': dict(family='C', fires=True, style='cli', kind='C',
        line=28, line_text='peak = io_callback(',
        twin='38054_seismo_tool.py',
        what="argparse subcommand 'replay' in argv vmaps the ordered io_callback"),
    '38038_forecast_json.py': dict(family='C', fires=False, style='cli', kind=None,
        line=None, line_text=None,
        twin='38013_ensemble_post.py',
        what='JSON sets archive_sequential false'),
    '38039_loudnorm.py': dict(family='D', fires=True, style='cli', kind='vjp_structure',
        line=36, line_text='def _bwd_fused(',
        twin='38026_rms_kernel_ini.py',
        what="env KERNEL_IMPL unset -> INI default 'fused' bwd returns a bare array"),
    '38040_rating_curve.py': dict(family='D', fires=True, style='cli', kind='vjp_structure',
        line=24, line_text='def _rr_bwd(',
        twin='38016_hydro_cli.py',
        what="argparse 'fit' grads a nondiff_argnums=(2,) custom_vjp whose bwd returns 3 cotangents"),
    '38041_probe_ingest.py': dict(family='C', fires=False, style='composition', kind=None,
        line=None, line_text=None,
        twin='38027_soil_async.py',
        what='jit(lax.map) instead of jit(vmap)'),
    '38042_gauge_audit.py': dict(family='C', fires=True, style='typed', kind='C',
        line=41, line_text='echoed = io_callback(',
        twin='38056_strain_bank_calibration.py',
        what='pydantic Field(default=True) `preserve_sequence` passed as ordered= to io_callback on a vmapped row'),
    '38043_barrier_protocol.py': dict(family='D', fires=True, style='typed', kind='arity',
        line=28, line_text='def barrier_bwd(',
        twin='38020_interior_point.py',
        what='runtime_checkable Protocol-checked bwd that takes only res (1 arg)'),
    '38044_mc_pricer_sink.py': dict(family='C', fires=False, style='typed', kind=None,
        line=None, line_text=None,
        twin='38058_option_paths.py',
        what='operand is the unbatched register_dataclass field state.spot (in_axes None): runs'),
    '38045_michaelis_fit.py': dict(family='D', fires=False, style='cli', kind=None,
        line=None, line_text=None,
        twin='38031_enzyme_job.py',
        what='JSON frozen_args [2]: nondiff_argnums=(2,), 2 cotangents match'),
    '38046_arm_worker.py': dict(family='C', fires=True, style='composition', kind='C',
        line=31, line_text='seq = io_callback(',
        twin='38011_kinematics_queue.py',
        what="class made with type(), methods setattr'd; queue worker vmaps getattr(arm, entry_point)='traced_forward'"),
    '38047_rerank_ledger.py': dict(family='C', fires=True, style='typed', kind='C',
        line=47, line_text='chosen = io_callback(',
        twin='38036_exposure_runner.py',
        what="Literal batching='vectorize' picks jax.vmap over a ParamSpec-checked fn with ordered io_callback"),
    '38048_greeks_reduce.py': dict(family='D', fires=True, style='composition', kind='vjp_structure',
        line=15, line_text='def bwd(res, g):',
        twin='38001_bs_pipeline.py',
        what='factory make_bwd(2) for a 3-input custom_vjp, grad composed with reduce'),
    '38049_pv_click.py': dict(family='D', fires=True, style='cli', kind='jvp_structure',
        line=16, line_text='def linearised_rule(',
        twin='38060_diode_mpp.py',
        what="click --rule default 'linearised': JVP tangent is a list for a scalar primal"),
    '38050_kepler_dispatch.py': dict(family='D', fires=True, style='composition', kind='arity',
        line=34, line_text='def damped_rule(',
        twin='38033_anomaly_solver.py',
        what='singledispatch on a float tolerance picks a 3-parameter JVP rule'),
    '38051_applicant_scoring.py': dict(family='C', fires=False, style='cli', kind=None,
        line=None, line_text=None,
        twin='38025_credit_click.py',
        what='argv passes --parallel-audit'),
    '38052_clip_sensitivity.py': dict(family='D', fires=False, style='typed', kind=None,
        line=None, line_text=None,
        twin='38034_softclip_study.py',
        what="direction='forward' -> jax.jvp (runs silently)"),
    '38053_dataclass_layer.py': dict(family='D', fires=False, style='typed', kind=None,
        line=None, line_text=None,
        twin='38024_affine_pytree.py',
        what='bwd returns (grads, dx)'),
    '38054_seismo_tool.py': dict(family='C', fires=False, style='cli', kind=None,
        line=None, line_text=None,
        twin='38037_seismo_cli.py',
        what="argv runs 'summary', which uses the ordered callback without vmap"),
    '38055_huber_queue.py': dict(family='D', fires=True, style='composition', kind='arity',
        line=20, line_text='pseudo_huber.defvjp(',
        twin='38035_regression_chain.py',
        what='queue worker applies chain [grad(argnums=0), jit]; lambda bwd takes 1 arg'),
    '38056_strain_bank_calibration.py': dict(family='C', fires=False, style='typed', kind=None,
        line=None, line_text=None,
        twin='38042_gauge_audit.py',
        what='same, Field default False: unordered io_callback under vmap'),
    '38057_region_bulletin.py': dict(family='C', fires=False, style='composition', kind=None,
        line=None, line_text=None,
        twin='38021_sir_threads.py',
        what='callback gets the unbatched week (in_axes None): runs'),
    '38058_option_paths.py': dict(family='C', fires=True, style='typed', kind='C',
        line=44, line_text='recorded = io_callback(',
        twin='38044_mc_pricer_sink.py',
        what='Generic Sink[T] host, ordered=True, operand is the per-key (batched) terminal price'),
    '38059_denoise_stack.py': dict(family='C', fires=True, style='composition', kind='C',
        line=29, line_text='noise = io_callback(',
        twin='38030_provenance_decorators.py',
        what='three stacked decorator factories; batched(vmap) is outermost so the ordered provenance callback is inside vmap'),
    '38060_diode_mpp.py': dict(family='D', fires=False, style='cli', kind=None,
        line=None, line_text=None,
        twin='38049_pv_click.py',
        what='argv passes --rule analytic'),
}


def run_one(name):
    path = os.path.join(HERE, name)
    env = dict(os.environ, JAX_PLATFORMS="cpu")
    try:
        p = subprocess.run([sys.executable, "-c", RUNNER, path], cwd=HERE, env=env,
                           capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return name, {"error": "TIMEOUT"}
    out = [l for l in p.stdout.splitlines() if l.startswith("@@LABEL@@")]
    if not out:
        return name, {"error": "NO RESULT: " + p.stderr[-800:]}
    return name, json.loads(out[-1][len("@@LABEL@@"):])


def check(name, spec, r, problems):
    text = open(os.path.join(HERE, name)).read().splitlines()
    if "error" in r:
        problems.append(f"{name}: {r['error']}")
        return
    if spec["fires"]:
        if not r["raises"]:
            problems.append(f"{name}: expected to fire but ran cleanly")
            return
        key = "C" if spec["family"] == "C" else spec["kind"]
        etype, pat = EXPECT[key]
        if r["type"] != etype or not re.search(pat, r["message"] or ""):
            problems.append(f"{name}: wrong error {r['type']}: {r['message']}")
        src = text[spec["line"] - 1]
        if spec["line_text"] not in src:
            problems.append(f"{name}: line {spec['line']} does not hold {spec['line_text']!r}")
        if spec["family"] == "C" and "ordered=True" not in src and "ordered=" not in "\n".join(text[spec["line"] - 1:spec["line"] + 2]):
            problems.append(f"{name}: no ordered= near line {spec['line']}")
        print(f"  {name}:{spec['line']}: {src.strip()}")
    else:
        if r["raises"]:
            problems.append(f"{name}: near miss raised {r['type']}: {r['message']}")


def main():
    names = sorted(n for n in os.listdir(HERE) if re.match(r"38\d\d\d_.*\.py$", n))
    assert sorted(TABLE) == names, set(TABLE) ^ set(names)
    with ThreadPoolExecutor(max_workers=2) as ex:
        results = dict(ex.map(run_one, names))
    problems = []
    labels = {}
    print("label lines:")
    for name in names:
        spec, r = TABLE[name], results[name]
        check(name, spec, r, problems)
        msg = r.get("message")
        if msg is not None:
            msg = re.sub(r"0x[0-9a-fA-F]+", "0x...", msg)
        labels[name] = {
            "family": spec["family"],
            "fires": spec["fires"],
            "how": "run",
            "message": msg,
            "line": spec["line"],
            "exc_type": r.get("type"),
            "style": spec["style"],
            "kind": spec["kind"],
            "traceback_line": r.get("tb_line"),
            "twin": spec["twin"],
        }
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "labels.json")
    with open(out, "w") as fh:
        json.dump(labels, fh, indent=1, sort_keys=True)
        fh.write("\n")
    from collections import Counter
    c = Counter((v["family"], v["fires"], v["style"]) for v in labels.values())
    for k in sorted(c):
        print(" ", k, c[k])
    if problems:
        print("PROBLEMS:")
        for p in problems:
            print("  " + p)
        sys.exit(1)
    print(f"{len(labels)} programs labelled, all checks passed")


if __name__ == "__main__":
    main()
