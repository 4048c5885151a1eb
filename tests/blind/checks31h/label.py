#!/usr/bin/env python
"""Labeller for the checks31h blind set (families A and B).

Runs every program in a fresh ``python`` subprocess (JAX_PLATFORMS=cpu,
timeout 120 s, at most 2 workers) and writes labels.json.

* Family A (JAX computation inside a callback's host function) is labelled
  by the rule (``how == "rule"``): the table below says whether a JAX API call
  is executed on the host's path.  The labeller checks that every family-A
  program runs without error (scripts exit 0; test modules report OK).
* Family B (the removed ``vectorized=`` keyword of ``jax.pure_callback``) is
  labelled by running: a firing program must fail with
  ``JaxRuntimeError: INTERNAL: CpuCallback error calling callback: ...`` whose
  inner error is ``TypeError: <host>() got an unexpected keyword argument
  'vectorized'``; for a test module exactly one test must error
  (``FAILED (errors=1)``).  Near misses must run cleanly.
* No program may raise anything else.

For every labelled line the labeller prints the line and checks that it
contains the expected token.

Usage:  nice -n 10 python label.py [--workers 2]
"""
import argparse
import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))

# file: family, fires, style, line (A: the JAX call executed on the host path;
# B: the jax.pure_callback reference that receives vectorized=), token expected
# on that line.
TABLE = {
    '35001_deadtime_study.py': {'family': 'A', 'fires': False, 'style': 'notebook', 'line': None, 'token': None},
    '35002_grad_recorder.py': {'family': 'A', 'fires': True, 'style': 'tests', 'line': 16, 'token': 'return float(jnp.linalg.norm(g))'},
    '35003_bright_stars.py': {'family': 'B', 'fires': False, 'style': 'tests', 'line': None, 'token': None},
    '35004_finite_hook.py': {'family': 'A', 'fires': False, 'style': 'tests', 'line': None, 'token': None},
    '35005_kinetics_sweep.py': {'family': 'A', 'fires': False, 'style': 'notebook', 'line': None, 'token': None},
    '35006_vector_strokes.py': {'family': 'B', 'fires': False, 'style': 'library', 'line': None, 'token': None},
    '35007_kinetics_scan.py': {'family': 'A', 'fires': True, 'style': 'notebook', 'line': 26, 'token': 'k = np.asarray(arrhenius(t, A_FACTORS, E_ACT))'},
    '35008_lockdown_sweep.py': {'family': 'B', 'fires': False, 'style': 'notebook', 'line': None, 'token': None},
    '35009_hash_embed.py': {'family': 'B', 'fires': True, 'style': 'tests', 'line': 29, 'token': 'return jax.pure_callback(bigram_buckets, spec, tokens, **cb_kwargs)'},
    '35010_activation_hosts.py': {'family': 'A', 'fires': True, 'style': 'tests', 'line': 23, 'token': 'return np.asarray(jax.nn.softplus(x))'},
    '35011_listwise_ranking.py': {'family': 'B', 'fires': False, 'style': 'library', 'line': None, 'token': None},
    '35012_steam_tables.py': {'family': 'B', 'fires': False, 'style': 'notebook', 'line': None, 'token': None},
    '35013_logreg_monitor.py': {'family': 'A', 'fires': True, 'style': 'notebook', 'line': 32, 'token': 'p = np.asarray(jax.nn.softmax(two_class, axis=-1))[:, 1]'},
    '35014_lut_calibration.py': {'family': 'A', 'fires': True, 'style': 'notebook', 'line': 54, 'token': 'vals = jnp.interp(v, volts, lux)'},
    '35015_photon_counts.py': {'family': 'A', 'fires': True, 'style': 'notebook', 'line': 20, 'token': 'return float(jnp.median(counts))'},
    '35016_planar_arm.py': {'family': 'B', 'fires': True, 'style': 'library', 'line': 155, 'token': 'return jax.pure_callback(obstacles.clearance, jax.ShapeDtypeStruct((), jnp.float32),'},
    '35017_rankine_cycle.py': {'family': 'B', 'fires': True, 'style': 'notebook', 'line': 34, 'token': 'return jax.pure_callback(p_sat_host, jax.ShapeDtypeStruct(jnp.shape(t_c), jnp.float32),'},
    '35018_tile_projection.py': {'family': 'B', 'fires': True, 'style': 'notebook', 'line': 26, 'token': 'return jax.pure_callback(to_mercator, out, lon, lat, **cb_opts)'},
    '35019_kdtree_bench.py': {'family': 'B', 'fires': True, 'style': 'notebook', 'line': 26, 'token': 'return jax.pure_callback(knn_dist, spec, q, **cb).mean(-1)'},
    '35020_panel_energy.py': {'family': 'B', 'fires': False, 'style': 'tests', 'line': None, 'token': None},
    '35021_norm_logging.py': {'family': 'A', 'fires': False, 'style': 'tests', 'line': None, 'token': None},
    '35022_partial_tracker.py': {'family': 'A', 'fires': False, 'style': 'library', 'line': None, 'token': None},
    '35023_spectral_tracks.py': {'family': 'A', 'fires': True, 'style': 'library', 'line': 146, 'token': '_, idx = jax.lax.top_k(mag, k)'},
    '35024_plate_reader.py': {'family': 'B', 'fires': False, 'style': 'tests', 'line': None, 'token': None},
    '35025_island_hmm.py': {'family': 'A', 'fires': False, 'style': 'library', 'line': None, 'token': None},
    '35026_envelope.py': {'family': 'A', 'fires': True, 'style': 'tests', 'line': 21, 'token': 'return jnp.fft.ifft(spec)'},
    '35027_palette_quant.py': {'family': 'B', 'fires': True, 'style': 'tests', 'line': 47, 'token': 'return jax.pure_callback(fn, spec, *args, **opts)'},
    '35028_resampling_offsets.py': {'family': 'A', 'fires': False, 'style': 'notebook', 'line': None, 'token': None},
    '35029_logreg_probe.py': {'family': 'A', 'fires': False, 'style': 'notebook', 'line': None, 'token': None},
    '35030_cpg_hmm.py': {'family': 'A', 'fires': True, 'style': 'library', 'line': 87, 'token': 'return jax.nn.log_softmax(jnp.asarray(logits), axis=-1)'},
    '35031_airmass.py': {'family': 'B', 'fires': True, 'style': 'notebook', 'line': 17, 'token': 'X = jax.pure_callback('},
    '35032_smile_fit.py': {'family': 'A', 'fires': False, 'style': 'library', 'line': None, 'token': None},
    '35033_transfer_curve.py': {'family': 'A', 'fires': False, 'style': 'tests', 'line': None, 'token': None},
    '35034_am_demod.py': {'family': 'A', 'fires': False, 'style': 'tests', 'line': None, 'token': None},
    '35035_haar_denoise.py': {'family': 'B', 'fires': True, 'style': 'library', 'line': 115, 'token': 'return jax.pure_callback(_host_sure, jax.ShapeDtypeStruct((), jnp.float32), d, sigma,'},
    '35036_sdf_mesh.py': {'family': 'A', 'fires': True, 'style': 'library', 'line': 145, 'token': 'return np.asarray(_unit_rows(n), dtype=np.float32)'},
    '35037_contact_matrix.py': {'family': 'B', 'fires': True, 'style': 'notebook', 'line': 48, 'token': 'return jax.pure_callback(contact_host, jax.ShapeDtypeStruct((4, 4), jnp.float32),'},
    '35038_stroke_splines.py': {'family': 'B', 'fires': True, 'style': 'library', 'line': 95, 'token': 'return jax.pure_callback(host, spec, self.points, **self.cb_options)'},
    '35039_night_plan.py': {'family': 'B', 'fires': False, 'style': 'notebook', 'line': None, 'token': None},
    '35040_knn_features.py': {'family': 'B', 'fires': False, 'style': 'notebook', 'line': None, 'token': None},
    '35041_raymarch_scene.py': {'family': 'A', 'fires': False, 'style': 'library', 'line': None, 'token': None},
    '35042_kalman_track.py': {'family': 'B', 'fires': True, 'style': 'library', 'line': 25, 'token': 'return jax.pure_callback(host, spec, *args, **kwargs)'},
    '35043_wavelet_shrink.py': {'family': 'B', 'fires': False, 'style': 'library', 'line': None, 'token': None},
    '35044_rank_metrics.py': {'family': 'B', 'fires': True, 'style': 'library', 'line': 114, 'token': 'return jax.pure_callback(host, spec, scores, labels, **options)'},
    '35045_detector_table.py': {'family': 'A', 'fires': False, 'style': 'notebook', 'line': None, 'token': None},
    '35046_colour_codebook.py': {'family': 'B', 'fires': False, 'style': 'tests', 'line': None, 'token': None},
    '35047_assay_stats.py': {'family': 'B', 'fires': True, 'style': 'tests', 'line': 48, 'token': 'return jax.pure_callback(case.host, jax.ShapeDtypeStruct((), jnp.float32),'},
    '35048_vol_surface.py': {'family': 'A', 'fires': True, 'style': 'library', 'line': 71, 'token': 'sqrt_t = jnp.sqrt(expiry)'},
    '35049_bigram_hashing.py': {'family': 'B', 'fires': False, 'style': 'tests', 'line': None, 'token': None},
    '35050_host_activations.py': {'family': 'A', 'fires': False, 'style': 'tests', 'line': None, 'token': None},
    '35051_nan_guard.py': {'family': 'A', 'fires': True, 'style': 'tests', 'line': 13, 'token': 'return int(jnp.sum(~jnp.isfinite(arr)))'},
    '35052_ebm_column.py': {'family': 'A', 'fires': True, 'style': 'library', 'line': 99, 'token': 'return float(jnp.average(field, weights=self.weights))'},
    '35053_star_catalog.py': {'family': 'B', 'fires': True, 'style': 'tests', 'line': 45, 'token': 'cls.lookup = functools.partial(jax.pure_callback, _catalog_host, _SPEC, vectorized=True)'},
    '35054_solar_position.py': {'family': 'B', 'fires': True, 'style': 'tests', 'line': 23, 'token': 'return jax.pure_callback(solar_elevation_host, spec, doy, hour, lat, **options)'},
    '35055_rts_smoother.py': {'family': 'B', 'fires': False, 'style': 'library', 'line': None, 'token': None},
    '35056_gps_tiles.py': {'family': 'B', 'fires': False, 'style': 'notebook', 'line': None, 'token': None},
    '35057_energy_balance.py': {'family': 'A', 'fires': False, 'style': 'library', 'line': None, 'token': None},
    '35058_srgb_lut.py': {'family': 'A', 'fires': True, 'style': 'tests', 'line': 18, 'token': 'grid = jnp.linspace(0.0, 1.0, self.size)'},
    '35059_link_chain.py': {'family': 'B', 'fires': False, 'style': 'library', 'line': None, 'token': None},
    '35060_particle_resample.py': {'family': 'A', 'fires': True, 'style': 'notebook', 'line': 47, 'token': 'u = float(jax.random.uniform(jax.random.PRNGKey(step)))'},
}

EXC_LINE = re.compile(r"^([A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt)):? ?(.*)$")
HOST_ERR = re.compile(r"^(TypeError: \S+\(\) got an unexpected keyword argument 'vectorized')$", re.M)
JAXRT = re.compile(r"^jax\.errors\.JaxRuntimeError: (.*)$", re.M)


def run(fname):
    env = dict(os.environ, JAX_PLATFORMS="cpu", PYTHONHASHSEED="0")
    try:
        p = subprocess.run([sys.executable, fname], cwd=HERE, env=env, capture_output=True,
                           text=True, timeout=120)
        return fname, p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired as e:
        return fname, "timeout", e.stdout or "", e.stderr or ""


def exception_lines(text):
    return [m.group(1) for m in map(EXC_LINE.match, text.splitlines()) if m]


def check(fname, rc, out, err):
    meta = TABLE[fname]
    problems = []
    text = out + "\n" + err
    is_test = meta["style"] == "tests"
    label = {"family": meta["family"], "fires": meta["fires"],
             "how": "rule" if meta["family"] == "A" else "run",
             "message": None, "line": meta["line"], "exc_type": None,
             "style": meta["style"]}
    clean_expected = meta["family"] == "A" or not meta["fires"]
    if clean_expected:
        if rc != 0:
            problems.append(f"expected a clean run, rc={rc}")
        if "Traceback (most recent call last)" in text:
            problems.append("traceback in output of a program that must run cleanly")
        if is_test and not re.search(r"^OK\b", err, re.M):
            problems.append("test module did not report OK")
    else:  # B, fires
        if rc in (0, "timeout"):
            problems.append(f"expected a failure, rc={rc}")
        m = JAXRT.search(text)
        h = HOST_ERR.search(text)
        if not m or "CpuCallback error calling callback" not in m.group(1):
            problems.append("no JaxRuntimeError from the callback")
        if not h:
            problems.append("no host TypeError about 'vectorized'")
        others = [e for e in exception_lines(text)
                  if e not in ("jax.errors.JaxRuntimeError", "TypeError")]
        if others:
            problems.append(f"other exceptions: {others}")
        bad_type = [l for l in text.splitlines() if l.startswith("TypeError") and
                    "unexpected keyword argument 'vectorized'" not in l]
        if bad_type:
            problems.append(f"other TypeErrors: {bad_type}")
        if is_test and not re.search(r"^FAILED \(errors=1\)$", err, re.M):
            problems.append("test module must have exactly one erroring test")
        if m:
            label["message"] = m.group(1)
            label["exc_type"] = "JaxRuntimeError"
        if h:
            label["host_error"] = h.group(1)
    return label, problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", default=os.path.join(HERE, "labels.json"))
    args = ap.parse_args()
    workers = max(1, min(args.workers, 2))
    files = sorted(TABLE)
    missing = [f for f in files if not os.path.exists(os.path.join(HERE, f))]
    extra = sorted(f for f in os.listdir(HERE) if re.match(r"^35\d\d\d_.*\.py$", f) and f not in TABLE)
    if missing or extra:
        sys.exit(f"table/file mismatch: missing={missing} extra={extra}")

    failures = 0
    print("== labelled lines")
    for f in files:
        meta = TABLE[f]
        if meta["line"] is None:
            continue
        src = open(os.path.join(HERE, f)).read().splitlines()
        text = src[meta["line"] - 1]
        ok = meta["token"] in text
        failures += not ok
        print(f"{f}:{meta['line']}: [{meta['family']}] {text.strip()}" + ("" if ok else "   <-- TOKEN MISSING"))

    labels = {}
    print("== runs")
    with ThreadPoolExecutor(workers) as ex:
        for fname, rc, out, err in ex.map(run, files):
            label, problems = check(fname, rc, out, err)
            labels[fname] = label
            status = "OK " if not problems else "BAD"
            kind = ("fires" if label["fires"] else "near ") + f" {label['family']} {label['style']:<8s}"
            print(f"{status} {fname:<40s} {kind} rc={rc} msg={label['message']!r}")
            for p in problems:
                print("     ", p)
            failures += bool(problems)

    with open(args.out, "w") as fh:
        json.dump(labels, fh, indent=1, sort_keys=True)
    counts = {}
    for v in labels.values():
        k = (v["family"], v["style"], v["fires"])
        counts[k] = counts.get(k, 0) + 1
    print("== counts (family, style, fires): n")
    for k in sorted(counts):
        print("  ", k, counts[k])
    print(f"wrote {args.out}; problems: {failures}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
