"""Notebooks: the code cells of a notebook analysed together, in order, as one module.

Cells are joined into one source; IPython magics and shell escapes (`%time`, `!pip`, `%%bash`
cells) become blank lines so that line numbers stay put. Findings are then mapped back to the
cell they fall in, with cell-relative positions.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from jax_lsp.analysis.findings import Finding, ParseError, PathStep, Span
from jax_lsp.analysis.options import AnalysisConfig
from jax_lsp.bounded_formats import TooComplex, load_json

if TYPE_CHECKING:  # the joining of cells is used (by the server) without the analyser
    from jax_lsp.analysis.engine import AnalysisResult
    from jax_lsp.analysis.workspace import Workspace


@dataclass(frozen=True)
class CellFinding:
    """A finding in one cell: `cell` is the index among the notebook's code cells."""

    cell: int
    finding: Finding


@dataclass(frozen=True)
class NotebookSource:
    source: str
    #: the 1-based line of the joined source where each code cell starts
    starts: tuple[int, ...]
    #: lines of the joined source that lost leading whitespace (a cell whose first line is
    #: indented is dedented, as IPython does): line -> columns removed
    shifts: Mapping[int, int] = field(default_factory=dict)

    def locate(self, line: int) -> tuple[int, int]:
        """(cell index, cell-relative 1-based line) of a line of the joined source."""
        cell = 0
        for i, start in enumerate(self.starts):
            if start <= line:
                cell = i
        return cell, line - self.starts[cell] + 1

    def column(self, line: int, col: int) -> int:
        """The column in the cell of a column of the joined source's `line`."""
        return col + self.shifts.get(line, 0)


#: cell magics whose body is Python that IPython runs (the others hold shell, HTML, ...)
_PYTHON_BODY_MAGICS = frozenset({"time", "timeit", "capture", "prun", "debug", "memit"})
#: IPython's line magics that users write without `%` (automagic, on by default): a line that
#: starts with one of these, then a space, and does not parse as Python is the magic
_AUTOMAGICS = frozenset(
    {
        "alias", "autoawait", "autocall", "automagic", "autoreload", "bookmark", "cd", "colors",
        "conda", "config", "debug", "dhist", "dirs", "doctest_mode", "edit", "env", "gui",
        "history", "load", "load_ext", "loadpy", "logoff", "logon", "logstart", "logstate",
        "logstop", "lsmagic", "macro", "magic", "mamba", "matplotlib", "micromamba", "notebook",
        "page", "pastebin", "pdb", "pdef", "pdoc", "pfile", "pinfo", "pinfo2", "pip", "popd",
        "pprint", "precision", "prun", "psearch", "psource", "pushd", "pwd", "pycat", "pylab",
        "quickref", "recall", "rehashx", "reload_ext", "rerun", "reset", "reset_selective",
        "run", "save", "sc", "set_env", "store", "sx", "system", "tb", "time", "timeit",
        "unalias", "unload_ext", "who", "who_ls", "whos", "xdel", "xmode",
    }
)
#: a magic's arguments start like words, options, paths or strings; Python's operators and
#: brackets after the name (`system = System(...)`, `time (x)`) mean Python, as for IPython
_AUTOMAGIC_LINE = re.compile(r"^\s*(?P<name>[A-Za-z_]\w*)[ \t]+[\w\-./~'\"$]")


def _is_automagic(line: str) -> bool:
    m = _AUTOMAGIC_LINE.match(line)
    if m is None or m.group("name") not in _AUTOMAGICS:
        return False
    try:
        ast.parse(line.strip())
    except SyntaxError:
        return True
    return False  # `time = 3`, `pwd(x)`: Python that happens to use the name


_MAGIC_ASSIGNMENT = re.compile(r"^(?P<target>\s*[\w.\[\], ()*]+?\s*=\s*)(?P<magic>[%!].*)$")
_LEADING_WHITESPACE = re.compile(r"[ \t]+")


def _neutralize(cell: str) -> tuple[str, int]:
    """The cell as Python, one line per line of the cell, ending with a newline; and the
    indentation removed from lines that start with the first line's (IPython dedents a cell
    whose first line is indented)."""
    lines = cell.split("\n")
    if len(lines) > 1 and lines[-1] == "":
        lines.pop()
    if lines and lines[0].lstrip().startswith("%%"):
        magic = lines[0].lstrip()[2:].split(maxsplit=1)
        if not magic or magic[0] not in _PYTHON_BODY_MAGICS:
            return "\n" * len(lines), 0
        lines[0] = ""
    indent = ""
    first = next((line for line in lines if line.strip()), "")
    if (m := _LEADING_WHITESPACE.match(first)) is not None:
        indent = m.group(0)
        lines = [line[len(indent) :] if line.startswith(indent) else line for line in lines]
    out = []
    open_at_end = _Continuation()
    for line in lines:
        stripped = line.lstrip()
        if open_at_end.inside:
            # a line inside brackets, a string or after `\` continues Python's logical line:
            # IPython reads magics only where one starts (`    % (epoch,)` is the modulo)
            out.append(line)
            open_at_end.scan(line)
        elif stripped.startswith(("%", "!", "?")) or (
            stripped.endswith("?") and " " not in stripped
        ) or _is_automagic(line):
            lead = line[: len(line) - len(stripped)]
            out.append(f"{lead}pass" if lead else "")
        elif (m := _MAGIC_ASSIGNMENT.match(line)) is not None:
            # `x = %timeit f()` / `files = !ls`: the value is IPython's, unknown here
            out.append(m.group("target") + "None")
        else:
            out.append(line)
            open_at_end.scan(line)
    return "\n".join(out) + "\n", len(indent)


class _Continuation:
    """Whether the Python lines scanned so far leave a logical line open at their end: an
    unclosed bracket, an unterminated triple-quoted string, or a trailing backslash."""

    def __init__(self) -> None:
        self.depth = 0
        self.quote = ""  # the triple quote a string spanning lines is open with
        self.backslash = False

    @property
    def inside(self) -> bool:
        return self.depth > 0 or bool(self.quote) or self.backslash

    def scan(self, line: str) -> None:
        i, n = 0, len(line)
        self.backslash = False
        while i < n:
            if self.quote:
                end = line.find(self.quote, i)
                while end > 0 and line[end - 1] == "\\" and not _escaped_backslash(line, end - 1):
                    end = line.find(self.quote, end + 1)
                if end < 0:
                    return
                i, self.quote = end + 3, ""
                continue
            c = line[i]
            if c == "#":
                return
            if c in "\"'":
                if line.startswith(c * 3, i):
                    self.quote, i = c * 3, i + 3
                    continue
                i += 1
                while i < n and line[i] != c:
                    i += 2 if line[i] == "\\" else 1
                i += 1
                continue
            if c in "([{":
                self.depth += 1
            elif c in ")]}":
                self.depth = max(0, self.depth - 1)
            elif c == "\\" and i == n - 1:
                self.backslash = True
            i += 1


def _escaped_backslash(line: str, at: int) -> bool:
    """Whether the backslash at `at` is itself escaped (an even run of backslashes ends there)."""
    run = 0
    while at >= 0 and line[at] == "\\":
        run, at = run + 1, at - 1
    return run % 2 == 0


_LINE_BREAK = re.compile(r"\r\n?")


def join_cells(cells: list[str]) -> NotebookSource:
    """The cells as one module. Line breaks become ``\\n`` (a lone ``\\r`` ends a line for
    Python and LSP alike), so each cell line is one line of the source."""
    parts: list[str] = []
    starts: list[int] = []
    shifts: dict[int, int] = {}
    line = 1
    for cell in cells:
        original = _LINE_BREAK.sub("\n", cell)
        text, dedent = _neutralize(original)
        starts.append(line)
        parts.append(text)
        if dedent:
            for i, (before, after) in enumerate(zip(original.split("\n"), text.split("\n"))):
                if len(before) - len(after) == dedent:
                    shifts[line + i] = dedent
        line += text.count("\n")
    return NotebookSource("".join(parts), tuple(starts), shifts)


#: the cell languages analysed: a code cell in another language (VS Code's `languageId` in the
#: cell's `vscode` metadata: a SQL or shell cell of a polyglot notebook) is not Python, and
#: neither ruff nor the server (`server.notebooks`) reads it as Python
PYTHON_LANGUAGES = frozenset({"python", "ipython"})


def is_python_code_cell(cell: object) -> bool:
    """Whether a cell of a `.ipynb` document is a code cell whose language is Python."""
    if not isinstance(cell, dict) or cell.get("cell_type") != "code":
        return False
    metadata = cell.get("metadata")
    vscode = metadata.get("vscode") if isinstance(metadata, dict) else None
    language = vscode.get("languageId") if isinstance(vscode, dict) else None
    return not isinstance(language, str) or language.lower() in PYTHON_LANGUAGES


_JSON_KINDS = {list: "an array", str: "a string", int: "a number", float: "a number",
               bool: "a boolean", type(None): "null"}


def load_ipynb(text: str) -> dict[str, Any]:
    """The JSON object of a `.ipynb` document. Raises ValueError saying why it is not one:
    invalid JSON, nested too deeply to read, or not an object whose `cells` is a list."""
    try:
        nb = load_json(text)
    except TooComplex as e:
        raise ValueError(f"its JSON is {e}") from None
    if not isinstance(nb, dict):
        raise ValueError(f"its JSON is {_JSON_KINDS.get(type(nb), 'not an object')}, "
                         f"not an object with a list of cells")
    if not isinstance(nb.get("cells", []), list):
        raise ValueError("its `cells` is not a list")
    return nb


def python_code_cells(nb: dict[str, Any]) -> list[tuple[int, str]]:
    """(index among all cells, source) of each Python code cell of a notebook's JSON object
    (see `load_ipynb`). Raises ValueError when a source is not text."""
    out = []
    for index, cell in enumerate(nb.get("cells", [])):
        if not is_python_code_cell(cell):
            continue
        src = cell.get("source", "")
        if isinstance(src, list) and all(isinstance(line, str) for line in src):
            out.append((index, "".join(src)))
        elif isinstance(src, str):
            out.append((index, src))
        else:
            raise ValueError(f"the source of cell {index + 1} is not text")
    return out


def code_cells_of_ipynb(text: str) -> list[str]:
    """The sources of the Python code cells of a `.ipynb` document (nbformat 4). Raises
    ValueError when it is not one."""
    return [src for _, src in python_code_cells(load_ipynb(text))]


def code_cell_numbers_of_ipynb(text: str) -> list[int]:
    """The 1-based position among all cells (markdown and raw ones too, as Jupyter and ruff
    number them) of each Python code cell of a `.ipynb` document."""
    cells = load_ipynb(text).get("cells", [])
    return [i for i, cell in enumerate(cells, 1) if is_python_code_cell(cell)]


def site_in_cell_terms(
    nb: NotebookSource,
    finding: Finding,
    cell: int,
    cell_name: Callable[[int], str] = lambda i: f"code cell {i + 1}",
) -> str:
    """The finding's message with its differentiation site's "(line N)" of the joined source
    said in cell terms: "(line M)" in the finding's own `cell`, "(<cell_name(K)>, line M)" in
    another code cell K (0-based among the code cells; the caller names it, as it numbers
    cells: the server says "cell 5" counting markdown cells too, as Jupyter and ruff do)."""
    site = finding.path[0] if finding.path else None
    if site is None or site.filename is not None or not site.label.endswith("differentiates here"):
        return finding.message
    where, line = nb.locate(site.span.line)
    said = f"line {line}" if where == cell else f"{cell_name(where)}, line {line}"
    return finding.message.replace(f"(line {site.span.line})", f"({said})", 1)


def _map_span(nb: NotebookSource, span: Span) -> tuple[int, Span]:
    cell, line = nb.locate(span.line)
    end_cell, end_line = nb.locate(span.end_line)
    if end_cell != cell:
        end_line, end_col = line, span.col
    else:
        end_col = nb.column(span.end_line, span.end_col)
    return cell, Span(line, nb.column(span.line, span.col), end_line, end_col)


def analyze_cells(
    cells: list[str],
    filename: str = "<notebook>",
    config: AnalysisConfig | None = None,
    workspace: Workspace | None = None,
) -> tuple[list[CellFinding], ParseError | None, NotebookSource]:
    """Analyse the code cells as one module; findings carry cell-relative positions. Path
    steps in the notebook get a `filename` of `"<cell N>"` when they are in another cell."""
    nb = join_cells(cells)
    from jax_lsp.analysis.engine import analyze_source

    result: AnalysisResult = analyze_source(nb.source, filename, config, workspace)
    error = result.error
    if error is not None:
        cell, line = nb.locate(error.line)
        error = ParseError(f"cell {cell + 1}: {error.message}", line, error.col)
    out = []
    for f in result.findings:
        cell, span = _map_span(nb, f.span)
        steps = []
        for st in f.path:
            if st.filename is None:
                c, s = _map_span(nb, st.span)
                steps.append(PathStep(s, st.label, None if c == cell else f"<cell {c + 1}>"))
            else:
                steps.append(st)
        operand_spans = tuple(_map_span(nb, s)[1] for s in f.operand_spans)
        out.append(
            CellFinding(cell, replace(f, span=span, path=tuple(steps), operand_spans=operand_spans))
        )
    return out, error, nb
