"""Codemod (issue 29, items 5 and 7): the test corpora under tests/, the corpus by code.

Re-runnable: it moves what is still in the old places (a branch merged later may have added
programs there) and rewrites references again, so running it twice changes nothing more.

    python scripts/codemods/test_corpora.py

What it does (with `git mv`, so history follows the files):
1. `blind/*` -> `tests/blind/*`, and `blind/` in the repository's text -> `tests/blind/`;
2. each program `tests/corpus/<group>/<name>.py` -> `tests/rules/<CODE>/fires/<name>.py` when
   its `# EXPECT:` markers name one code, `tests/rules/multi/fires/<name>.py` when they name
   several, and `tests/rules/<CODE>/clean/<name>.py` when it has none, CODE being the code it
   is a near miss of (`NEAR_MISSES`, chosen by reading the program: which code's construct it
   shows, and what keeps it from firing). An unmarked program not in the table stops the run
   before anything moves: say which code it is near, in the table;
3. tests/corpus/README.md (the corpus's conventions) -> tests/rules/README.md;
4. the literal paths of moved programs (`tests/corpus/<group>/<name>.py`) in the text.
5. each rule module's `EXAMPLES` (`jax_lsp/rules/jaxNNN_*.py`): its folder of tests/rules/.
The test files' globs over the corpus were edited by hand once (`tests/oracle.py`'s
`corpus_programs` and `rule_examples`).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OLD_CORPUS = ROOT / "tests" / "corpus"
RULES = ROOT / "tests" / "rules"
EXPECT_RE = re.compile(r"#\s*EXPECT:\s*([A-Z]+[0-9]+(?:\s*,\s*[A-Z]+[0-9]+)*)")
#: the folder of programs whose markers name several codes
MULTI = "multi"
#: text files whose references are rewritten
TEXT_SUFFIXES = {".py", ".md", ".toml", ".txt", ".yml", ".yaml", ".cfg"}

#: unmarked program (its stem) -> the code it is a near miss of (JAX011/JAX012's later ones:
#: branch rules31c's, filed when it merges)
NEAR_MISSES = {
    # JAX001
    "neg_argmax_index_to_host": "JAX001",
    "neg_argnums_tuple_callback_on_excluded": "JAX001",
    "neg_astype_int32_operand": "JAX001",
    "neg_callback_on_nondiff_argnum": "JAX001",
    "neg_callback_on_static_config": "JAX001",
    "neg_checkpoint_pure_callback_on_constant": "JAX001",
    "neg_checkpoint_scan_block_stopped_norm": "JAX001",
    "neg_class_attribute_staticmethod_host_stop_gradient": "JAX001",
    "neg_closed_over_numpy_constant": "JAX001",
    "neg_closure_factory_constant_table": "JAX001",
    "neg_comparison_bool_operand": "JAX001",
    "neg_cond_branches_callback_on_stopped": "JAX001",
    "neg_custom_linear_solve_host_solve_under_grad": "JAX001",
    "neg_custom_linear_solve_host_solver_grad": "JAX001",
    "neg_custom_root_host_solver_hessian": "JAX001",
    "neg_custom_root_scipy_solver_grad": "JAX001",
    "neg_debug_callback_in_checkpoint_grad": "JAX001",
    "neg_debug_callback_in_grad": "JAX001",
    "neg_debug_callback_in_jacfwd": "JAX001",
    "neg_debug_print_in_grad_scan": "JAX001",
    "neg_dict_config_static_branch": "JAX001",
    "neg_equinox_filter_grad_callback_on_input_data": "JAX001",
    "neg_equinox_filter_grad_python_float_temperature": "JAX001",
    "neg_equinox_filter_value_and_grad_float_field_default": "JAX001",
    "neg_equinox_filter_value_and_grad_host_metric_eval": "JAX001",
    "neg_flax_linen_callback_on_inputs_only": "JAX001",
    "neg_flax_nnx_debug_callback_grad": "JAX001",
    "neg_floor_output_operand": "JAX001",
    "neg_fori_loop_counter_operand": "JAX001",
    "neg_grad_built_never_called": "JAX001",
    "neg_grad_of_grad_callback_on_constant": "JAX001",
    "neg_grad_of_jit_static_argnums_host_on_static": "JAX001",
    "neg_grad_shard_map_host_weights_on_data": "JAX001",
    "neg_hessian_stop_gradient_operand": "JAX001",
    "neg_if_static_flag_debug": "JAX001",
    "neg_import_jax_lax_as_lax_scan_counter": "JAX001",
    "neg_jacfwd_callback_on_closed_numpy": "JAX001",
    "neg_jacrev_callback_on_argmax": "JAX001",
    "neg_jit_grad_dict_option_none_skips_host_path": "JAX001",
    "neg_jit_static_argnames_flag_skips_callback": "JAX001",
    "neg_jvp_outputs_to_host_report_outside_transforms": "JAX001",
    "neg_jvp_partial_closes_over_callback_input": "JAX001",
    "neg_jvp_while_loop_callback_on_counter": "JAX001",
    "neg_jx_alias_stop_gradient_jit": "JAX001",
    "neg_lax_map_over_stopped_rows": "JAX001",
    "neg_linearize_callback_on_constant": "JAX001",
    "neg_method_callback_on_attribute": "JAX001",
    "neg_optax_debug_callback_logging": "JAX001",
    "neg_optax_debug_print_logging": "JAX001",
    "neg_optax_has_aux_host_metric_stopped": "JAX001",
    "neg_partial_callback_eval_only": "JAX001",
    "neg_partial_loss_grad_wrt_batch_free_param": "JAX001",
    "neg_pc_alias_callback_on_data_only": "JAX001",
    "neg_prng_key_derived_operand": "JAX001",
    "neg_python_if_static_flag_skips_callback": "JAX001",
    "neg_register_pytree_node_class_flag_aux": "JAX001",
    "neg_round_and_sign_operands": "JAX001",
    "neg_sampler_callback_never_differentiated": "JAX001",
    "neg_sampler_never_differentiated": "JAX001",
    "neg_sampler_pure_callback_never_differentiated": "JAX001",
    "neg_scan_carry_constant": "JAX001",
    "neg_scan_constant_carry_stays_constant": "JAX001",
    "neg_static_method_in_tuple_skips_callback": "JAX001",
    "neg_stop_gradient_all_operands": "JAX001",
    "neg_stop_gradient_computed_and_passed": "JAX001",
    "neg_stop_gradient_whole_pytree": "JAX001",
    "neg_switch_index_from_host": "JAX001",
    "neg_switch_over_decorator_filled_list_host_elsewhere_grad": "JAX001",
    "neg_training_driver_host_metric_outside_grad": "JAX001",
    "neg_tree_map_stop_gradient_pytree": "JAX001",
    "neg_try_except_zero_tangent_ops": "JAX001",
    "neg_value_and_grad_aux_from_stopped": "JAX001",
    "neg_vjp_callback_on_closed_data": "JAX001",
    "neg_vjp_pytree_int_leaf_callback": "JAX001",
    "neg_vmap_grad_callback_on_batch_labels": "JAX001",
    "neg_vmap_host_preprocess_then_grad": "JAX001",
    "neg_where_mask_from_host": "JAX001",
    "neg_zeros_like_operand": "JAX001",
    # JAX002
    "neg_custom_jvp_tangent_callback_jvp": "JAX002",
    "neg_custom_linear_solve_transpose_solve_jacrev": "JAX002",
    "neg_linear_transpose_built_never_applied": "JAX002",
    "neg_vjp_primal_only_tangent_rule": "JAX002",
    # JAX003
    "neg_driver_logs_loss_outside_grad": "JAX003",
    "neg_io_callback_integer_step_under_grad": "JAX003",
    "neg_transpose_cached_property_pure_part": "JAX003",
    # JAX004
    "neg_io_callback_in_checkpoint_constant_jvp": "JAX004",
    "neg_io_callback_in_checkpoint_no_grad": "JAX004",
    "neg_jvp_checkpoint_io_callback_counter": "JAX004",
    # JAX005
    "neg_check_grads_custom_vjp_rev_only": "JAX005",
    "neg_closure_convert_constants_jvp_outside": "JAX005",
    "neg_closure_convert_custom_vjp_jacrev": "JAX005",
    "neg_custom_vjp_fwd_calls_self_grad_of_grad": "JAX005",
    "neg_custom_vjp_jvp_only_traced_make_jaxpr": "JAX005",
    "neg_custom_vjp_pure_jax_hessian": "JAX005",
    "neg_odeint_closure_constant_jacfwd": "JAX005",
    "neg_odeint_closure_rate_grad": "JAX005",
    "neg_script-jvp_custom_vjp_helper_unused": "JAX005",
    # JAX006
    "neg_custom_jvp_rule_custom_vjp_on_primal_grad": "JAX006",
    "neg_custom_jvp_rule_custom_vjp_on_tangent_forward": "JAX006",
    # JAX007
    "neg_check_grads_custom_jvp_order1": "JAX007",
    "neg_class_body_custom_jvp_defjvp_host_primal_grad": "JAX007",
    "neg_custom_jvp_bessel_style_hessian": "JAX007",
    "neg_custom_jvp_defjvps_jacrev": "JAX007",
    "neg_custom_jvp_nondiff_argnums_grad": "JAX007",
    "neg_custom_jvp_primal_callback_grad": "JAX007",
    "neg_custom_jvp_primal_callback_jvp": "JAX007",
    "neg_custom_jvp_rebind_jacfwd": "JAX007",
    "neg_custom_jvp_symbolic_zeros_grad": "JAX007",
    "neg_custom_vjp_bwd_callback_grad": "JAX007",
    "neg_custom_vjp_nondiff_argnums_grad": "JAX007",
    "neg_custom_vjp_value_and_grad": "JAX007",
    "neg_custom_vjp_wrapped_grad": "JAX007",
    "neg_custom_vjp_wrapped_vjp": "JAX007",
    "neg_docs_bessel_jv_second_order": "JAX007",
    "neg_equinox_filter_custom_jvp_module": "JAX007",
    "neg_equinox_module_callback_custom_vjp": "JAX007",
    "neg_flax_nnx_module_custom_jvp_value_and_grad": "JAX007",
    "neg_optax_scan_host_simulator_custom_jvp": "JAX007",
    "neg_optax_scan_host_simulator_custom_vjp": "JAX007",
    # JAX008
    "neg_custom_jvp_tangent_callback_jacfwd_vmap_method": "JAX008",
    "neg_custom_vjp_host_bwd_on_residual_jacrev": "JAX008",
    "neg_custom_vjp_wrapped_jacrev": "JAX008",
    "neg_linen_vmap_host_call_on_shared_values": "JAX008",
    "neg_options_from_caller_unknown": "JAX008",
    "neg_spliced_options_dict_vmap_method": "JAX008",
    "neg_piecewise_host_branch_vmap_method": "JAX008",
    "neg_suite_runner_module_vmapped_scorer_expand_dims": "JAX008",
    "neg_suite_runner_vmap_host_call_sequential": "JAX008",
    "neg_vmap_dict_in_axes_none_callback_operand": "JAX008",
    "neg_vmap_host_call_on_unbatched_operand": "JAX008",
    "neg_vmap_host_wrapper_vmap_method_passed": "JAX008",
    "neg_vmap_method_key_set_when_given": "JAX008",
    # JAX009
    "neg_fori_loop_bound_in_ensure_compile_time_eval_grad": "JAX009",
    "neg_fori_loop_bounds_from_eager_grad_arg": "JAX009",
    "neg_fori_loop_concrete_array_bound_grad": "JAX009",
    "neg_fori_loop_count_from_dict_arg_eager_grad": "JAX009",
    "neg_fori_loop_count_vmap_in_axes_none_grad": "JAX009",
    "neg_fori_loop_int_in_tuple_closed_over_jit_value_and_grad": "JAX009",
    "neg_fori_loop_jit_count_under_disable_jit_grad": "JAX009",
    "neg_fori_loop_literal_bounds_grad": "JAX009",
    "neg_fori_loop_static_argnames_passed_by_position_grad": "JAX009",
    "neg_fori_loop_static_argnums_passed_by_keyword_grad": "JAX009",
    "neg_fori_loop_static_int_bounds_grad": "JAX009",
    "neg_linearize_while_loop_jit_tangent_only": "JAX009",
    "neg_while_loop_jacfwd": "JAX009",
    "neg_while_loop_jvp": "JAX009",
    "neg_while_loop_result_stop_gradient_grad": "JAX009",
    # JAX010
    "neg_grad_allow_int": "JAX010",
    "neg_grad_allow_int_callback_on_int_input": "JAX010",
    "neg_grad_float_literal": "JAX010",
    "neg_grad_int_literals_with_float_dtype": "JAX010",
    "neg_grad_jit_typed_key_not_in_argnums": "JAX010",
    "neg_grad_params_typed_key_not_differentiated": "JAX010",
    "neg_grad_typed_prng_key_allow_int": "JAX010",
    "neg_jacfwd_complex_holomorphic": "JAX010",
    "neg_jacfwd_occupations_after_index_divide": "JAX010",
    "neg_jacrev_top_k_values_only": "JAX010",
    "neg_vjp_int_input": "JAX010",
    # JAX011
    "neg_annotated_host_numpy_body": "JAX011",
    "neg_callable_instance_numpy": "JAX011",
    "neg_class_attribute_numpy_function": "JAX011",
    "neg_debug_callback_prints_numpy": "JAX011",
    "neg_decorator_factory_numpy_host": "JAX011",
    "neg_dtype_and_shape_queries": "JAX011",
    "neg_host_calls_decorated_numpy_function": "JAX011",
    "neg_host_from_parameter": "JAX011",
    "neg_host_in_dataclass_field_numpy_factory": "JAX011",
    "neg_host_looked_up_in_numpy_registry": "JAX011",
    "neg_host_method_of_constructor_argument_numpy": "JAX011",
    "neg_host_returns_device_get": "JAX011",
    "neg_host_static_argument_numpy_method": "JAX011",
    "neg_host_takes_kwargs": "JAX011",
    "neg_inherited_call_numpy": "JAX011",
    "neg_instance_attribute_set_to_two_classes": "JAX011",
    "neg_method_host_numpy_other_method_jax": "JAX011",
    "neg_method_of_unannotated_parameter": "JAX011",
    "neg_numpy_host_jnp_outside": "JAX011",
    "neg_own_pure_callback_wrapper": "JAX011",
    "neg_shadowed_name_is_numpy": "JAX011",
    "neg_star_args_forward_numpy_host": "JAX011",
    "neg_star_import_numpy_in_host": "JAX011",
    "neg_tree_util_in_host": "JAX011",
    "neg_try_import_fallback_alias": "JAX011",
    "neg_unused_jnp_helper": "JAX011",
    "neg_jax_check_under_false_flag": "JAX011",
    "neg_jax_solver_only_on_device_branch": "JAX011",
    "neg_host_calls_getattr_of_numpy": "JAX011",
    "neg_tree_util_partial_numpy_host": "JAX011",
    "neg_host_in_simple_namespace_numpy": "JAX011",
    "neg_host_in_named_tuple_numpy_field": "JAX011",
    "neg_class_decorator_sets_numpy_call": "JAX011",
    "neg_protocol_parameter_numpy_implementation": "JAX011",
    "neg_enum_member_default_overridden_numpy": "JAX011",
    "neg_enum_name_default_overridden_numpy": "JAX011",
    "neg_methodcaller_name_default_overridden_numpy": "JAX011",
    "neg_metaclass_registry_numpy_key": "JAX011",
    "neg_jax_polish_under_frozen_options_off": "JAX011",
    # JAX012
    "neg_class_attribute_opts_vmap_method": "JAX012",
    "neg_dataclass_asdict_options_vmap_method": "JAX012",
    "neg_forwarding_helper_translates_vectorized": "JAX012",
    "neg_forwarding_helper_vmap_method": "JAX012",
    "neg_host_flag_parameter_vmap_method": "JAX012",
    "neg_host_has_vectorized_parameter": "JAX012",
    "neg_jnp_vectorize_no_callback": "JAX012",
    "neg_kwargs_host_forwards_to_solve_ivp": "JAX012",
    "neg_kwargs_host_vectorized_not_batched": "JAX012",
    "neg_merged_options_dict_vmap_method": "JAX012",
    "neg_np_vectorize_host_named_vectorized": "JAX012",
    "neg_opts_dict_vmap_method": "JAX012",
    "neg_partial_pure_callback_vmap_method": "JAX012",
    "neg_star_args_forwarder_vmap_method": "JAX012",
    "neg_tuple_version_gate_named": "JAX012",
    "neg_vectorize_keyword_for_host": "JAX012",
    "neg_vectorized_for_old_jax_only": "JAX012",
    "neg_vectorized_two_helpers_host_takes_kwargs": "JAX012",
    "neg_vmap_method_expand_dims": "JAX012",
    "neg_vmap_method_forwarded_two_helpers_deep": "JAX012",
    "neg_vmap_method_legacy_vectorized": "JAX012",
    "neg_vectorized_in_type_error_fallback": "JAX012",
    "neg_unreferenced_legacy_twin": "JAX012",
    "neg_partial_host_takes_vectorized": "JAX012",
    "neg_instance_host_keeps_options": "JAX012",
    "neg_getattr_pure_callback_vmap_method": "JAX012",
    "neg_tree_util_partial_vmap_method": "JAX012",
    "neg_staticmethod_pure_callback_vmap_method": "JAX012",
    "neg_setdefault_vmap_method_in_wrapper": "JAX012",
    "neg_vectorized_key_set_only_when_given": "JAX012",
    "neg_argparse_namespace_vmap_method_spread": "JAX012",
    "neg_default_options_dict_overridden": "JAX012",
    "neg_partialmethod_binds_vmap_method": "JAX012",
    "neg_equinox_filter_pure_callback_vectorized_none": "JAX012",
    # JAX013
    "neg_grid_vmap_in_axes_from_name_list_default_checked": "JAX013",
    "neg_custom_vmap_rule_ordered_io_callback_on_batch": "JAX013",
    "neg_jacrev_ordered_io_callback_on_stopped": "JAX013",
    "neg_lax_map_ordered_io_callback_sequential": "JAX013",
    "neg_linen_vmap_in_axes_none_argument": "JAX013",
    "neg_linen_vmap_method_decorator_shared_params": "JAX013",
    "neg_linen_vmap_params_axis_on_unbatched_input": "JAX013",
    "neg_linen_vmap_shared_param_read": "JAX013",
    "neg_linen_vmap_shared_params_ordered_io_callback": "JAX013",
    "neg_ordered_io_callback_outside_vmap": "JAX013",
    "neg_vectorize_ordered_io_callback_on_excluded": "JAX013",
    "neg_vmap_debug_callback_ordered": "JAX013",
    "neg_vmap_generated_in_axes_ordered_io_callback_on_shared": "JAX013",
    "neg_vmap_ordered_io_callback_on_draw_from_shared_key": "JAX013",
    "neg_vmap_ordered_io_callback_on_unbatched": "JAX013",
    "neg_vmap_unordered_io_callback": "JAX013",
    "neg_vmap_in_axes_from_json_settings_unbatched_operand": "JAX013",
    "neg_vmap_enum_member_default_overridden_unordered": "JAX013",
    "neg_vmap_enum_value_overridden_unordered": "JAX013",
    "neg_vmap_methodcaller_name_overridden_unordered": "JAX013",
    "neg_vmap_metaclass_registry_unordered_sink": "JAX013",
    # JAX014
    "neg_custom_vjp_closure_convert_bwd_returns_constants": "JAX014",
    "neg_custom_vjp_closure_convert_nothing_traced_hoisted": "JAX014",
    "neg_custom_vjp_bad_bwd_inputs_stopped": "JAX014",
    "neg_custom_vjp_bad_bwd_never_differentiated": "JAX014",
    "neg_custom_vjp_bound_method_bwd_pair": "JAX014",
    "neg_custom_vjp_bwd_branches_built_tuple": "JAX014",
    "neg_custom_vjp_bwd_tuple_holding_namedtuple": "JAX014",
    "neg_custom_vjp_default_argument_counted": "JAX014",
    "neg_custom_vjp_factory_lambda_bwd_tuple_in_dict_comprehension": "JAX014",
    "neg_custom_vjp_flexible_signatures": "JAX014",
    "neg_custom_vjp_nondiff_argnames_bwd": "JAX014",
    "neg_custom_vjp_nondiff_bwd_ok": "JAX014",
    # JAX015
    "neg_custom_jvp_namedtuple_primal_and_tangent": "JAX015",
    "neg_custom_jvp_pair_outputs_match": "JAX015",
    "neg_custom_jvp_primal_from_tangent_plain_jvp": "JAX015",
    "neg_custom_jvp_where_tangents_pair": "JAX015",
    "neg_jvp_tangent_dict_entry_tuple_like_primal": "JAX015",
    # JAX016
    "neg_custom_jvp_nondiff_rule_signature": "JAX016",
}


def codes_of(source: str) -> set[str]:
    return {c.strip() for m in EXPECT_RE.finditer(source) for c in m.group(1).split(",")}


def git(*args: str) -> None:
    subprocess.run(["git", *args], cwd=ROOT, check=True)


def corpus_destinations() -> dict[Path, Path]:
    """Each program still in tests/corpus -> where it goes; exits if one cannot be placed."""
    moves, unplaced = {}, []
    for path in sorted(OLD_CORPUS.rglob("*.py")):
        codes = codes_of(path.read_text(encoding="utf-8"))
        if len(codes) > 1:
            moves[path] = RULES / MULTI / "fires" / path.name
        elif codes:
            moves[path] = RULES / codes.pop() / "fires" / path.name
        elif path.stem in NEAR_MISSES:
            moves[path] = RULES / NEAR_MISSES[path.stem] / "clean" / path.name
        else:
            unplaced.append(path.relative_to(ROOT).as_posix())
    if unplaced:
        sys.exit("unmarked programs with no NEAR_MISSES entry:\n  " + "\n  ".join(unplaced))
    taken = [d for d in moves.values() if d.exists()]
    if taken or len(set(moves.values())) != len(moves):
        sys.exit(f"two programs of one name: {taken or 'within tests/corpus'}")
    return moves


def move(moves: dict[Path, Path]) -> None:
    for src, dst in moves.items():
        dst.parent.mkdir(parents=True, exist_ok=True)
        git("mv", str(src.relative_to(ROOT)), str(dst.relative_to(ROOT)))


def blind_moves() -> dict[Path, Path]:
    old = ROOT / "blind"
    if not old.is_dir():
        return {}
    return {p: ROOT / "tests" / "blind" / p.relative_to(old)
            for p in sorted(old.rglob("*")) if p.is_file()}


def remove_emptied(folder: Path) -> None:
    """The old folders, once their files moved: only caches (never tracked) are left."""
    if folder.is_dir() and not [p for p in folder.rglob("*")
                                if p.is_file() and "__pycache__" not in p.parts]:
        shutil.rmtree(folder)


def text_files() -> list[Path]:
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout.split()
    return [ROOT / f for f in out if Path(f).suffix in TEXT_SUFFIXES or f == ".ci/run"]


#: what follows `blind/` in a reference to the sets' folder (a set, its scorer, `SET`...)
_BLIND_NAMES = r"(?:score\.py|scores\.json|README\.md|BRIEF\.md|checks\d|heldout|pkg\d|SET\b|`)"


def rewrite(text: str, renamed: dict[str, str]) -> str:
    for old, new in renamed.items():
        text = text.replace(old, new)
    # `blind/...` from the root, `../blind/` from docs/; never `/work/blind` or `tests/blind`
    text = re.sub(rf"(?<![\w./-])blind/(?={_BLIND_NAMES})", "tests/blind/", text)
    text = re.sub(rf"(?<![\w.])\.\./blind/(?={_BLIND_NAMES})", "../tests/blind/", text)
    return text


def rewrite_examples() -> None:
    """Each rule module's `EXAMPLES` names its folder of tests/rules/."""
    for path in sorted((ROOT / "jax_lsp" / "rules").glob("jax[0-9][0-9][0-9]_*.py")):
        code = path.name[:6].upper()
        text = path.read_text(encoding="utf-8")
        line = f'EXAMPLES = "tests/rules/{code}/: fires/, clean/; docs/rules.md#{code.lower()}"'
        new = re.sub(r"^EXAMPLES = .*$", line, text, count=1, flags=re.M)
        if new != text:
            path.write_text(new, encoding="utf-8")
            print("rewrote", path.relative_to(ROOT))


def main() -> int:
    corpus = corpus_destinations()
    blind = blind_moves()
    move(blind)
    move(corpus)
    readme = OLD_CORPUS / "README.md"
    if readme.is_file() and not (RULES / "README.md").exists():
        git("mv", str(readme.relative_to(ROOT)), str((RULES / "README.md").relative_to(ROOT)))
    remove_emptied(ROOT / "blind")
    remove_emptied(OLD_CORPUS)
    renamed = {s.relative_to(ROOT).as_posix(): d.relative_to(ROOT).as_posix()
               for s, d in corpus.items()}
    for path in text_files():
        if not path.is_file() or path.parents[2] == RULES or path == Path(__file__).resolve():
            continue  # the programs themselves (tests/rules/<CODE>/<kind>/) are left alone
        text = path.read_text(encoding="utf-8")
        new = rewrite(text, renamed)
        if new != text:
            path.write_text(new, encoding="utf-8")
            print("rewrote", path.relative_to(ROOT))
    rewrite_examples()
    print(f"moved {len(blind)} files of blind/, {len(corpus)} corpus programs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
