"""Label the programs of this set by running each one in a fresh Python subprocess.

Usage: python label.py            (writes labels.json next to this file)

Each program runs with JAX_PLATFORMS=cpu, under `nice`, with a 120 s timeout, two at a time.
The table below is the expected ground truth (family, fires, style, twin, line); the labeller
checks that every firing program raises its family's own error, that every near miss runs
cleanly, that nothing raises anything else, and prints each labelled line so it can be checked.
"""
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))

# file: (family, fires, style, twin, line of the io_callback(..., ordered=True) call [C] /
#        def of the malformed rule, or the defvjp/defjvp line for a lambda rule [D])
PROGRAMS = {
    "4601_partial_hook_trace.py": ("C", True, "pytree", "4617_partial_hook_debug.py", 16),
    "4602_jaxpr_inspect_rows.py": ("C", True, "staged", "4633_jaxpr_inspect_pmap.py", 17),
    "4603_lowered_eval_step.py": ("D", False, "staged", "4652_lowered_train_step.py", None),
    "4604_layer_stack_reduce.py": ("C", True, "iteration", "4660_layer_stack_reduce_host.py", 19),
    "4605_static_mode_fwd_arity.py": ("D", True, "staged", "4630_static_mode_fwd_arity_eval.py", 12),
    "4606_zip_pipeline_stages.py": ("C", True, "iteration", "4649_zip_pipeline_truncated.py", 24),
    "4607_pmap_plain_tally.py": ("C", False, "staged", "4618_pmap_inner_vmap_tally.py", None),
    "4608_warmup_iterator_grad.py": ("D", True, "iteration", "4641_warmup_iterator_eval_only.py", 17),
    "4609_poly_coeff_tuple_wrapped.py": ("D", False, "pytree", "4624_poly_coeff_tuple.py", None),
    "4610_affine_namedtuple_vjp.py": ("D", True, "pytree", "4615_affine_namedtuple_vjp_nested.py", 22),
    "4611_dict_params_tuple_cot.py": ("D", False, "pytree", "4659_dict_params_bare_cot.py", None),
    "4612_filtered_sample_grads_none.py": ("D", False, "iteration", "4626_filtered_sample_grads.py", None),
    "4613_sharded_block_ledger.py": ("C", False, "staged", "4619_sharded_row_ledger.py", None),
    "4614_flat_member_dump.py": ("C", True, "pytree", "4654_flat_shared_dump.py", 24),
    "4615_affine_namedtuple_vjp_nested.py": ("D", False, "pytree", "4610_affine_namedtuple_vjp.py", None),
    "4616_config_nondiff_vjp.py": ("D", True, "pytree", "4657_config_nondiff_vjp_ok.py", 22),
    "4617_partial_hook_debug.py": ("C", False, "pytree", "4601_partial_hook_trace.py", None),
    "4618_pmap_inner_vmap_tally.py": ("C", True, "staged", "4607_pmap_plain_tally.py", 18),
    "4619_sharded_row_ledger.py": ("C", True, "staged", "4613_sharded_block_ledger.py", 20),
    "4620_jaxpr_softsign_jvp.py": ("D", False, "staged", "4628_jaxpr_softsign_grad.py", None),
    "4621_generator_sum_losses.py": ("D", True, "iteration", "4655_generator_sum_eval.py", 13),
    "4622_static_meta_probe.py": ("C", True, "pytree", "4625_static_meta_quiet.py", 27),
    "4623_coroutine_scorer_shared.py": ("C", False, "iteration", "4638_coroutine_scorer.py", None),
    "4624_poly_coeff_tuple.py": ("D", True, "pytree", "4609_poly_coeff_tuple_wrapped.py", 18),
    "4625_static_meta_quiet.py": ("C", False, "pytree", "4622_static_meta_probe.py", None),
    "4626_filtered_sample_grads.py": ("D", True, "iteration", "4612_filtered_sample_grads_none.py", 18),
    "4627_shard_map_ridge_vjp.py": ("D", True, "staged", "4645_shard_map_ridge_vjp_ok.py", 19),
    "4628_jaxpr_softsign_grad.py": ("D", True, "staged", "4620_jaxpr_softsign_jvp.py", 12),
    "4629_stream_warmup_only.py": ("C", False, "iteration", "4643_stream_phase_audit.py", None),
    "4630_static_mode_fwd_arity_eval.py": ("D", False, "staged", "4605_static_mode_fwd_arity.py", None),
    "4631_coroutine_optimizer_jvp_ok.py": ("D", False, "iteration", "4634_coroutine_optimizer_jvp.py", None),
    "4632_pmap_polar_jvp.py": ("D", True, "staged", "4646_pmap_polar_jvp_tuple.py", 13),
    "4633_jaxpr_inspect_pmap.py": ("C", False, "staged", "4602_jaxpr_inspect_rows.py", None),
    "4634_coroutine_optimizer_jvp.py": ("D", True, "iteration", "4631_coroutine_optimizer_jvp_ok.py", 13),
    "4635_static_mode_metrics_pooled.py": ("C", False, "staged", "4653_static_mode_metrics.py", None),
    "4636_ensemble_scale_audit.py": ("C", True, "pytree", "4640_shared_scale_audit.py", 26),
    "4637_leafwise_snapshot_mean.py": ("C", False, "pytree", "4639_leafwise_snapshot.py", None),
    "4638_coroutine_scorer.py": ("C", True, "iteration", "4623_coroutine_scorer_shared.py", 15),
    "4639_leafwise_snapshot.py": ("C", True, "pytree", "4637_leafwise_snapshot_mean.py", 16),
    "4640_shared_scale_audit.py": ("C", False, "pytree", "4636_ensemble_scale_audit.py", None),
    "4641_warmup_iterator_eval_only.py": ("D", False, "iteration", "4608_warmup_iterator_grad.py", None),
    "4642_moments_dataclass_jvp.py": ("D", True, "pytree", "4656_moments_dataclass_jvp_ok.py", 21),
    "4643_stream_phase_audit.py": ("C", True, "iteration", "4629_stream_warmup_only.py", 31),
    "4644_lowered_batch_cost.py": ("C", True, "staged", "4648_lowered_whole_cost.py", 15),
    "4645_shard_map_ridge_vjp_ok.py": ("D", False, "staged", "4627_shard_map_ridge_vjp.py", None),
    "4646_pmap_polar_jvp_tuple.py": ("D", False, "staged", "4632_pmap_polar_jvp.py", None),
    "4647_layer_factory_reduce.py": ("D", True, "iteration", "4651_layer_factory_reduce_ok.py", 15),
    "4648_lowered_whole_cost.py": ("C", False, "staged", "4644_lowered_batch_cost.py", None),
    "4649_zip_pipeline_truncated.py": ("C", False, "iteration", "4606_zip_pipeline_stages.py", None),
    "4650_epoch_iterator_audit.py": ("C", True, "iteration", "4658_epoch_iterator_short.py", 32),
    "4651_layer_factory_reduce_ok.py": ("D", False, "iteration", "4647_layer_factory_reduce.py", None),
    "4652_lowered_train_step.py": ("D", True, "staged", "4603_lowered_eval_step.py", 18),
    "4653_static_mode_metrics.py": ("C", True, "staged", "4635_static_mode_metrics_pooled.py", 17),
    "4654_flat_shared_dump.py": ("C", False, "pytree", "4614_flat_member_dump.py", None),
    "4655_generator_sum_eval.py": ("D", False, "iteration", "4621_generator_sum_losses.py", None),
    "4656_moments_dataclass_jvp_ok.py": ("D", False, "pytree", "4642_moments_dataclass_jvp.py", None),
    "4657_config_nondiff_vjp_ok.py": ("D", False, "pytree", "4616_config_nondiff_vjp.py", None),
    "4658_epoch_iterator_short.py": ("C", False, "iteration", "4650_epoch_iterator_audit.py", None),
    "4659_dict_params_bare_cot.py": ("D", True, "pytree", "4611_dict_params_tuple_cot.py", 15),
    "4660_layer_stack_reduce_host.py": ("C", False, "iteration", "4604_layer_stack_reduce.py", None),
}

RUNNER = r"""
import json, runpy, sys, traceback
prog, out = sys.argv[1], sys.argv[2]
sys.argv = [prog]
res = {"raised": False, "exc_type": None, "message": None, "tb_line": None}
try:
    runpy.run_path(prog, run_name="__main__")
except BaseException as e:
    res["raised"] = True
    res["exc_type"] = type(e).__name__
    lines = str(e).splitlines()
    res["message"] = lines[0] if lines else ""
    frames = [f for f in traceback.extract_tb(e.__traceback__) if f.filename == prog]
    res["tb_line"] = frames[-1].lineno if frames else None
json.dump(res, open(out, "w"))
"""

C_MSG = "Cannot `vmap` ordered IO callback."
D_MSGS = (
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure",
    "must produce primal and tangent outputs with equal container (pytree) structures",
    "Linearization failed to produce known values for all output primals.",
    "positional argument",
)


def family_error(fam, exc_type, message):
    if fam == "C":
        return exc_type == "ValueError" and message == C_MSG
    if fam == "D":
        return exc_type in ("TypeError", "ValueError") and any(m in message for m in D_MSGS)
    return False


def run_one(name, tmp):
    path = os.path.join(HERE, name)
    out = os.path.join(tmp, name + ".json")
    env = dict(os.environ, JAX_PLATFORMS="cpu")
    env.pop("XLA_FLAGS", None)
    runner = os.path.join(tmp, "runner.py")
    try:
        p = subprocess.run(["nice", "-n", "10", sys.executable, runner, path, out],
                           env=env, cwd=tmp, capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return name, {"error": "timeout"}
    if not os.path.exists(out):
        return name, {"error": "no result", "stderr": p.stderr[-2000:]}
    return name, json.load(open(out))


def main():
    problems = []
    labels = {}
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "runner.py"), "w") as f:
            f.write(RUNNER)
        with ThreadPoolExecutor(max_workers=2) as ex:
            results = dict(ex.map(lambda n: run_one(n, tmp), sorted(PROGRAMS)))
    for name in sorted(PROGRAMS):
        fam, fires, style, twin, line = PROGRAMS[name]
        r = results[name]
        if "error" in r:
            problems.append(f"{name}: {r}")
            continue
        src = open(os.path.join(HERE, name)).read().splitlines()
        if fires:
            if not r["raised"] or not family_error(fam, r["exc_type"], r["message"]):
                problems.append(f"{name}: expected family {fam} error, got {r['exc_type']}: {r['message']}")
            text = src[line - 1].strip()
            want = "io_callback(" if fam == "C" else ("def " if text.startswith("def ") else ".def")
            if want not in text or (fam == "C" and "ordered=" not in text):
                problems.append(f"{name}: line {line} does not look right: {text}")
            print(f"{name:45s} {fam} fires  line {line}: {text[:70]}")
        else:
            if r["raised"]:
                problems.append(f"{name}: near miss raised {r['exc_type']}: {r['message']}")
            print(f"{name:45s} {fam} clean")
        labels[name] = {
            "family": fam,
            "fires": fires,
            "how": "run",
            "message": r["message"] if fires else None,
            "line": line if fires else None,
            "exc_type": r["exc_type"] if fires else None,
            "style": style,
            "twin": twin,
        }
    for fam in "CD":
        for style in ("pytree", "staged", "iteration"):
            n_f = sum(1 for v in labels.values() if v["family"] == fam and v["style"] == style and v["fires"])
            n_m = sum(1 for v in labels.values() if v["family"] == fam and v["style"] == style and not v["fires"])
            print(f"family {fam} {style:9s}: {n_f} fire, {n_m} near miss")
    with open(os.path.join(HERE, "labels.json"), "w") as f:
        json.dump(labels, f, indent=1, sort_keys=True)
    if problems:
        print("PROBLEMS:")
        for p in problems:
            print("  ", p)
        sys.exit(1)
    print("all", len(labels), "programs labelled as expected")


if __name__ == "__main__":
    main()
