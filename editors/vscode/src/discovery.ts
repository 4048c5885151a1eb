/**
 * Finding the jax-lsp server: which command to run, tried in the documented order.
 *
 * Pure of `vscode` so that it is unit-tested under plain Node (`npm test`): every effect
 * (file checks, running Python, asking the Python extension) comes in through `DiscoveryHost`.
 */

import * as path from "path";

/** Where a server command came from, in discovery order. */
export type ServerSource = "jax-lsp.path" | "jax-lsp.interpreter" | "python-extension" | "PATH";

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
  /** PATH, as the server process would see it. */
  envPath: string;
  platform: NodeJS.Platform;
  home: string;
  workspaceFolder: string | undefined;
}

export type DiscoveryResult =
  | { kind: "found"; server: ServerCommand; log: string[] }
  /** A setting names something unusable: say so, do not silently run something else. */
  | { kind: "bad-setting"; setting: "jax-lsp.path" | "jax-lsp.interpreter"; message: string; log: string[] }
  | { kind: "not-found"; installCommand: string; log: string[] };

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
export async function which(name: string, host: DiscoveryHost): Promise<string | undefined> {
  const sep = host.platform === "win32" ? ";" : ":";
  const suffixes = host.platform === "win32" ? [".exe", ".cmd", ".bat", ""] : [""];
  const join = host.platform === "win32" ? path.win32.join : path.posix.join;
  for (const dir of host.envPath.split(sep)) {
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

function pipInstall(python: string | undefined): string {
  if (python) {
    const quoted = /\s/.test(python) ? `"${python}"` : python;
    return `${quoted} -m pip install jax-lsp`;
  }
  return "pip install jax-lsp";
}

/**
 * Finds the server in this order: the `jax-lsp.path` setting; the `jax-lsp.interpreter`
 * setting; the interpreter selected in the Python extension (`python -m jax_lsp serve`);
 * `jax-lsp` on PATH.
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
    const message =
      `The setting jax-lsp.interpreter is "${settings.interpreter}", but jax-lsp is not installed ` +
      `there (or it does not run). Install it with: ${pipInstall(python)}`;
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

  const onPath = await which("jax-lsp", host);
  if (onPath) {
    log.push(`PATH: using ${onPath}`);
    return { kind: "found", server: { command: onPath, args: ["serve"], source: "PATH" }, log };
  }
  log.push("PATH: no jax-lsp executable");

  return { kind: "not-found", installCommand: pipInstall(selected), log };
}
