"""Labeller for the checks31r set (families A and B of issue 31).

Runs every program in a fresh `python` subprocess (JAX_PLATFORMS=cpu, timeout 120 s, at most
two at a time, under `nice`) through _run.py and writes labels.json.

Family A is labelled by the rule (a JAX call executed on a callback host's path); the run must
be clean, and _run.py records which program lines execute while a host runs, so the labeller
checks that the labelled JAX line of each firing program really executes on the host and that
no JAX call executes on the host of a near miss.  Family B is labelled by running: a firing
program must raise JaxRuntimeError "INTERNAL: CpuCallback error calling callback" whose inner
error is the host's TypeError about 'vectorized'; a near miss must run cleanly.
"""
import concurrent.futures as cf
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

# file: (family, fires, style, line, twin)
TABLE = {
    "4501_quadrature_queue.py": ("B", False, "iteration", None, "4539_gauss_rules.py"),
    "4502_hist_equalise.py": ("B", True, "staged", 17, "4520_compiled_equaliser.py"),
    "4503_local_rank_mesh.py": ("B", False, "staged", None, "4532_sharded_ranks.py"),
    "4504_tree_quantiser.py": ("B", False, "pytree", None, "4559_leaf_quantise.py"),
    "4505_reduce_stack.py": ("A", False, "iteration", None, "4545_gated_blocks.py"),
    "4506_pmap_attention.py": ("A", True, "staged", 15, "4515_device_attention.py"),
    "4507_aot_spectrum.py": ("A", True, "staged", 10, "4519_lowered_psd.py"),
    "4508_online_logreg.py": ("B", True, "iteration", 15, "4542_binned_sgd.py"),
    "4509_lgamma_partial.py": ("B", False, "pytree", None, "4516_binomial_lgamma.py"),
    "4510_partial_smoother.py": ("A", True, "pytree", 17, "4512_denoise_partial.py"),
    "4511_shard_quantiles.py": ("A", True, "staged", 15, "4556_mesh_normalise.py"),
    "4512_denoise_partial.py": ("A", False, "pytree", None, "4510_partial_smoother.py"),
    "4513_eval_pipeline.py": ("A", False, "iteration", None, "4553_staged_eval.py"),
    "4514_grad_leaf_peaks.py": ("A", True, "pytree", 10, "4524_keypath_grad_report.py"),
    "4515_device_attention.py": ("A", False, "staged", None, "4506_pmap_attention.py"),
    "4516_binomial_lgamma.py": ("B", True, "pytree", 16, "4509_lgamma_partial.py"),
    "4517_filter_variants.py": ("B", False, "iteration", None, "4552_median_sweep.py"),
    "4518_langevin_stream.py": ("A", True, "iteration", 8, "4535_noise_generator.py"),
    "4519_lowered_psd.py": ("A", False, "staged", None, "4507_aot_spectrum.py"),
    "4520_compiled_equaliser.py": ("B", False, "staged", None, "4502_hist_equalise.py"),
    "4521_refinement_iter.py": ("B", False, "iteration", None, "4525_multigrid_levels.py"),
    "4522_named_tower.py": ("A", False, "staged", None, "4554_scoped_snapshots.py"),
    "4523_islice_regression.py": ("A", False, "iteration", None, "4536_batch_stream_log.py"),
    "4524_keypath_grad_report.py": ("A", False, "pytree", None, "4514_grad_leaf_peaks.py"),
    "4525_multigrid_levels.py": ("B", True, "iteration", 19, "4521_refinement_iter.py"),
    "4526_matern_gp.py": ("B", True, "pytree", 31, "4548_kernel_pytree.py"),
    "4527_pendulum_trace.py": ("B", False, "staged", None, "4528_pendulum_eager.py"),
    "4528_pendulum_eager.py": ("B", True, "staged", 17, "4527_pendulum_trace.py"),
    "4529_trimmed_centre.py": ("B", True, "staged", 17, "4558_pmap_trim.py"),
    "4530_optional_channels.py": ("B", False, "pytree", None, "4543_sensor_despike.py"),
    "4531_cubic_volume.py": ("A", False, "staged", None, "4557_eos_roots.py"),
    "4532_sharded_ranks.py": ("B", True, "staged", 20, "4503_local_rank_mesh.py"),
    "4533_softplus_table.py": ("B", True, "staged", 16, "4537_jaxpr_activation.py"),
    "4534_material_curves.py": ("A", True, "pytree", 12, "4549_tabulated_curves.py"),
    "4535_noise_generator.py": ("A", False, "iteration", None, "4518_langevin_stream.py"),
    "4536_batch_stream_log.py": ("A", True, "iteration", 12, "4523_islice_regression.py"),
    "4537_jaxpr_activation.py": ("B", False, "staged", None, "4533_softplus_table.py"),
    "4538_resample_particles.py": ("A", False, "pytree", None, "4555_particle_jitter.py"),
    "4539_gauss_rules.py": ("B", True, "iteration", 16, "4501_quadrature_queue.py"),
    "4540_filter_coroutine.py": ("B", False, "iteration", None, "4550_lowpass_worker.py"),
    "4541_welford_coroutine.py": ("A", True, "iteration", 19, "4546_running_spread.py"),
    "4542_binned_sgd.py": ("B", False, "iteration", None, "4508_online_logreg.py"),
    "4543_sensor_despike.py": ("B", True, "pytree", 16, "4530_optional_channels.py"),
    "4544_flat_grad_clip.py": ("A", False, "pytree", None, "4551_trust_region_clip.py"),
    "4545_gated_blocks.py": ("A", True, "iteration", 12, "4505_reduce_stack.py"),
    "4546_running_spread.py": ("A", False, "iteration", None, "4541_welford_coroutine.py"),
    "4547_box_projection.py": ("B", True, "pytree", 18, "4560_projected_descent.py"),
    "4548_kernel_pytree.py": ("B", False, "pytree", None, "4526_matern_gp.py"),
    "4549_tabulated_curves.py": ("A", False, "pytree", None, "4534_material_curves.py"),
    "4550_lowpass_worker.py": ("B", True, "iteration", 28, "4540_filter_coroutine.py"),
    "4551_trust_region_clip.py": ("A", True, "pytree", 25, "4544_flat_grad_clip.py"),
    "4552_median_sweep.py": ("B", True, "iteration", 20, "4517_filter_variants.py"),
    "4553_staged_eval.py": ("A", True, "iteration", 12, "4513_eval_pipeline.py"),
    "4554_scoped_snapshots.py": ("A", True, "staged", 11, "4522_named_tower.py"),
    "4555_particle_jitter.py": ("A", True, "pytree", 20, "4538_resample_particles.py"),
    "4556_mesh_normalise.py": ("A", False, "staged", None, "4511_shard_quantiles.py"),
    "4557_eos_roots.py": ("A", True, "staged", 21, "4531_cubic_volume.py"),
    "4558_pmap_trim.py": ("B", False, "staged", None, "4529_trimmed_centre.py"),
    "4559_leaf_quantise.py": ("B", True, "pytree", 20, "4504_tree_quantiser.py"),
    "4560_projected_descent.py": ("B", False, "pytree", None, "4547_box_projection.py"),
}

JAX_CALL = re.compile(r"\b(jnp|jax|lax)\.")
B_MSG = "CpuCallback error calling callback"


def run_one(name, tmp):
    fam = TABLE[name][0]
    out = os.path.join(tmp, name + ".json")
    env = dict(os.environ, JAX_PLATFORMS="cpu", PYTHONHASHSEED="0")
    cmd = ["nice", "-n", "10", sys.executable, os.path.join(HERE, "_run.py"),
           os.path.join(HERE, name), out, "1" if fam == "A" else "0"]
    try:
        p = subprocess.run(cmd, cwd=tmp, env=env, capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return name, {"timeout": True}
    if not os.path.exists(out):
        return name, {"crash": p.stderr[-2000:]}
    with open(out) as fh:
        return name, json.load(fh)


def main():
    problems = []
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        with cf.ThreadPoolExecutor(max_workers=2) as ex:
            for name, res in ex.map(lambda n: run_one(n, tmp), sorted(TABLE)):
                results[name] = res
    labels = {}
    for name in sorted(TABLE):
        fam, fires, style, line, twin = TABLE[name]
        res = results[name]
        lines = open(os.path.join(HERE, name)).read().splitlines()
        if "timeout" in res or "crash" in res:
            problems.append(f"{name}: {res}")
            continue
        entry = {"family": fam, "fires": fires, "how": "rule" if fam == "A" else "run",
                 "message": res["message"], "line": line, "exc_type": res["exc_type"],
                 "style": style, "twin": twin}
        text = lines[line - 1].strip() if line else ""
        if fam == "A":
            if res["exc_type"] is not None:
                problems.append(f"{name}: family-A program raised {res['exc_type']}: {res['message']}")
            hl = set(res["host_lines"])
            jax_on_host = sorted(l for l in hl if JAX_CALL.search(lines[l - 1].split("#")[0]))
            if fires:
                if line not in hl:
                    problems.append(f"{name}: labelled line {line} not executed on the host")
                if not JAX_CALL.search(text) and "softmax(" not in text and "_box_filter(" not in text:
                    problems.append(f"{name}: labelled line {line} has no JAX call: {text}")
            else:
                if jax_on_host:
                    problems.append(f"{name}: near miss runs JAX on the host at {jax_on_host}")
                if not hl:
                    entry["note"] = "host never runs"
        else:
            if fires:
                entry["host_error"] = res["host_error"]
                if res["exc_type"] != "JaxRuntimeError" or B_MSG not in (res["message"] or "") \
                        or "unexpected keyword argument 'vectorized'" not in (res["host_error"] or ""):
                    problems.append(f"{name}: expected the vectorized= failure, got {res['exc_type']}: {res['message']} / {res['host_error']}")
                if "pure_callback" not in text and "host_call(" not in text:
                    problems.append(f"{name}: labelled line {line} is not a pure_callback reference: {text}")
            elif res["exc_type"] is not None:
                problems.append(f"{name}: near miss raised {res['exc_type']}: {res['message']}")
        labels[name] = entry
        flag = "FIRES" if fires else "clean"
        print(f"{name:34s} {fam} {style:9s} {flag:5s} line {line}: {text}")
    with open(os.path.join(HERE, "labels.json"), "w") as fh:
        json.dump(labels, fh, indent=1, sort_keys=True)
        fh.write("\n")
    for fam in "AB":
        for style in ("pytree", "staged", "iteration"):
            f = sum(1 for v in labels.values() if v["family"] == fam and v["style"] == style and v["fires"])
            n = sum(1 for v in labels.values() if v["family"] == fam and v["style"] == style and not v["fires"])
            print(f"family {fam} {style:9s}: {f} fire, {n} near miss")
    if problems:
        print("PROBLEMS:")
        for p in problems:
            print("  " + p)
        sys.exit(1)
    print("all checks passed")


if __name__ == "__main__":
    main()
