/**
 * Finding the jax-lsp server: which command to run, tried in the documented order.
 *
 * Pure of `vscode` so that it is unit-tested under plain Node (`npm test`): every effect
 * (file checks, running Python, asking the Python extension) comes in through `DiscoveryHost`.
 */

import * as path from "path";

import type { EnvironmentState } from "./bundled";

/** Where a server command came from, in discovery order. */
export type ServerSource = "jax-lsp.path" | "jax-lsp.interpreter" | "python-extension" | "PATH" | "bundled";

export interface ServerCommand {
  command: string;
  args: string[];
  source: ServerSource;
}

export interface DiscoverySettings {
  /** `jax-lsp.path`: a jax-lsp executable. */
  path: string;
  /** `jax-lsp.interpreter`: a Python interpreter with jax-lsp installed. */
  interpreter: string;
}

export interface DiscoveryHost {
  /** The interpreter selected in the Python extension, if that extension is installed. */
  selectedInterpreter(): Promise<string | undefined>;
  /** Whether `python -c "import jax_lsp"` succeeds. */
  hasJaxLsp(python: string): Promise<boolean>;
  /** Whether `file` is an existing executable file. */
  isExecutable(file: string): Promise<boolean>;
  /**
   * The PATHs to search for `jax-lsp`, in order, each with where it came from: the extension
   * host's own, then the one VS Code was launched with when that differs (VS Code replaces the
   * extension host's PATH with the login shell's, which drops an activated virtual environment).
   */
  pathSources: PathSource[];
  platform: NodeJS.Platform;
  home: string;
  workspaceFolder: string | undefined;
  /** Whether the workspace is trusted: only then may its selected interpreter build the private environment. */
  workspaceTrusted: boolean;
  /** The server bundled in the .vsix and its private environment; undefined when the .vsix has none. */
  bundled(): Promise<BundledStatus | undefined>;
  /** Whether `python -I serve --version` runs the server a platform .vsix carries unpacked. */
  runsBundledServer?(python: string, serve: string): Promise<boolean>;
}

export interface PathSource {
  label: string;
  value: string;
}

export interface BundledStatus {
  /** The wheel inside the extension. */
  wheel: string;
  version: string;
  /** The private environment's interpreter, and whether it holds this wheel. */
  python: string;
  state: EnvironmentState;
  /**
   * A platform .vsix's `server/serve.py`, which runs jax-lsp and its dependencies unpacked in
   * `bundled/libs` with any CPython the build carries modules for: nothing to install, no network.
   */
  serve?: string;
}

export type DiscoveryResult =
  | { kind: "found"; server: ServerCommand; log: string[] }
  /** A setting names something unusable: say so, do not silently run something else. */
  | { kind: "bad-setting"; setting: "jax-lsp.path" | "jax-lsp.interpreter"; message: string; log: string[] }
  /**
   * Nothing usable: `bundled` is the server to install into the private environment with
   * `baseInterpreter` (undefined when no Python was found to create it).
   */
  | { kind: "not-found"; bundled: BundledStatus | undefined; baseInterpreter: string | undefined; log: string[] };

/** Expands `~` and `${workspaceFolder}` / `${userHome}` in a path setting. */
export function expandSetting(value: string, home: string, workspaceFolder: string | undefined): string {
  let out = value.trim();
  if (out === "~" || out.startsWith("~/") || out.startsWith("~\\")) {
    out = home + out.slice(1);
  }
  out = out.replace(/\$\{userHome\}/g, home);
  if (workspaceFolder !== undefined) {
    out = out.replace(/\$\{workspaceFolder\}/g, workspaceFolder);
  }
  return out;
}

/** The first `name` on `envPath` that is an executable file (with PATHEXT suffixes on Windows). */
export async function which(
  name: string,
  envPath: string,
  host: Pick<DiscoveryHost, "platform" | "isExecutable">,
): Promise<string | undefined> {
  const sep = host.platform === "win32" ? ";" : ":";
  const suffixes = host.platform === "win32" ? [".exe", ".cmd", ".bat", ""] : [""];
  const join = host.platform === "win32" ? path.win32.join : path.posix.join;
  for (const dir of envPath.split(sep)) {
    if (!dir) {
      continue;
    }
    for (const suffix of suffixes) {
      const candidate = join(dir, name + suffix);
      if (await host.isExecutable(candidate)) {
        return candidate;
      }
    }
  }
  return undefined;
}

/** How to install jax-lsp into `python` by hand: the bundled wheel, else a checkout (it is not on PyPI). */
export function pipInstall(python: string, wheel: string | undefined): string {
  const quote = (s: string) => (/\s/.test(s) ? `"${s}"` : s);
  return `${quote(python)} -m pip install ${wheel ? quote(wheel) : "/path/to/jax-lsp-checkout"}`;
}

/** Distinct PATH values, first occurrence kept, empty ones dropped. */
function distinctPaths(sources: PathSource[]): PathSource[] {
  const seen = new Set<string>();
  return sources.filter((source) => {
    if (!source.value || seen.has(source.value)) {
      return false;
    }
    seen.add(source.value);
    return true;
  });
}

/**
 * Finds the server in this order: the `jax-lsp.path` setting; the `jax-lsp.interpreter`
 * setting; the interpreter selected in the Python extension (`python -m jax_lsp serve`);
 * `jax-lsp` on PATH; the bundled server, once installed into its private environment.
 * Every place looked at goes into `log`, with why it was not used.
 */
export async function findServer(settings: DiscoverySettings, host: DiscoveryHost): Promise<DiscoveryResult> {
  const log: string[] = [];

  if (settings.path.trim()) {
    const exe = expandSetting(settings.path, host.home, host.workspaceFolder);
    if (await host.isExecutable(exe)) {
      log.push(`jax-lsp.path: using ${exe}`);
      return { kind: "found", server: { command: exe, args: ["serve"], source: "jax-lsp.path" }, log };
    }
    const message = `The setting jax-lsp.path is "${settings.path}", but ${exe} is not an executable file.`;
    log.push(message);
    return { kind: "bad-setting", setting: "jax-lsp.path", message, log };
  }

  if (settings.interpreter.trim()) {
    const python = expandSetting(settings.interpreter, host.home, host.workspaceFolder);
    if (await host.hasJaxLsp(python)) {
      log.push(`jax-lsp.interpreter: using ${python} -m jax_lsp serve`);
      return {
        kind: "found",
        server: { command: python, args: ["-m", "jax_lsp", "serve"], source: "jax-lsp.interpreter" },
        log,
      };
    }
    const wheel = (await host.bundled())?.wheel;
    const message =
      `The setting jax-lsp.interpreter is "${settings.interpreter}", but jax-lsp is not installed ` +
      `there (or it does not run). Install it there with: ${pipInstall(python, wheel)}, or clear the setting ` +
      "to use the server bundled with the extension.";
    log.push(message);
    return { kind: "bad-setting", setting: "jax-lsp.interpreter", message, log };
  }

  let selected: string | undefined;
  try {
    selected = await host.selectedInterpreter();
  } catch (err) {
    log.push(`Python extension: could not read the selected interpreter (${String(err)})`);
  }
  if (selected) {
    if (await host.hasJaxLsp(selected)) {
      log.push(`Python extension: using the selected interpreter ${selected} -m jax_lsp serve`);
      return {
        kind: "found",
        server: { command: selected, args: ["-m", "jax_lsp", "serve"], source: "python-extension" },
        log,
      };
    }
    log.push(`Python extension: the selected interpreter ${selected} has no jax_lsp module`);
  } else {
    log.push("Python extension: not installed, or no interpreter selected");
  }

  const sources = distinctPaths(host.pathSources);
  if (sources.length === 0) {
    log.push("PATH: empty");
  }
  for (const source of sources) {
    const onPath = await which("jax-lsp", source.value, host);
    if (onPath) {
      log.push(`PATH (${source.label}): using ${onPath}; searched ${source.value}`);
      return { kind: "found", server: { command: onPath, args: ["serve"], source: "PATH" }, log };
    }
    log.push(`PATH (${source.label}): no executable jax-lsp in ${source.value}`);
  }

  const bundled = await host.bundled();
  if (!bundled) {
    log.push("Bundled server: this build of the extension carries no jax-lsp wheel");
    return { kind: "not-found", bundled, baseInterpreter: undefined, log };
  }
  // a platform build runs its unpacked server with the interpreter it would install the wheel with
  const unpacked = bundled.serve !== undefined && host.runsBundledServer !== undefined;
  const base = unpacked ? await baseInterpreter(selected, sources, host, log) : undefined;
  if (bundled.serve && base && host.runsBundledServer) {
    if (await host.runsBundledServer(base, bundled.serve)) {
      log.push(`Bundled server: running jax-lsp ${bundled.version} from the extension with ${base} (nothing to install)`);
      return { kind: "found", server: { command: base, args: ["-I", bundled.serve, "serve"], source: "bundled" }, log };
    }
    log.push(`Bundled server: ${base} cannot run the server this build carries (another platform or Python version); falling back to its wheel`);
  }
  if (bundled.state === "current") {
    log.push(`Bundled server: using jax-lsp ${bundled.version} in ${bundled.python}`);
    return {
      kind: "found",
      server: { command: bundled.python, args: ["-m", "jax_lsp", "serve"], source: "bundled" },
      log,
    };
  }
  log.push(
    bundled.state === "stale"
      ? `Bundled server: the private environment holds another version; jax-lsp ${bundled.version} is to be installed`
      : `Bundled server: jax-lsp ${bundled.version} is not installed in its private environment yet`,
  );
  return {
    kind: "not-found",
    bundled,
    baseInterpreter: unpacked ? base : await baseInterpreter(selected, sources, host, log),
    log,
  };
}

/**
 * The interpreter to create the private environment with: the Python extension's selection in a
 * trusted workspace (it may be the workspace's own venv), else `python3` (`python` on Windows)
 * on PATH.
 */
async function baseInterpreter(
  selected: string | undefined,
  sources: PathSource[],
  host: DiscoveryHost,
  log: string[],
): Promise<string | undefined> {
  if (selected && host.workspaceTrusted) {
    log.push(`Bundled server: the private environment will be created with the selected interpreter ${selected}`);
    return selected;
  }
  if (selected) {
    log.push(`Bundled server: not using the selected interpreter ${selected} in an untrusted workspace`);
  }
  const names = host.platform === "win32" ? ["python", "py"] : ["python3", "python"];
  for (const name of names) {
    for (const source of sources) {
      const found = await which(name, source.value, host);
      if (found) {
        log.push(`Bundled server: the private environment will be created with ${found} (PATH, ${source.label})`);
        return found;
      }
    }
  }
  log.push(`Bundled server: no ${names.join(" or ")} on PATH to create its private environment with`);
  return undefined;
}
