/**
 * The server the .vsix carries: a wheel of jax-lsp in `bundled/`, installed on first use into a
 * private virtual environment in the extension's global storage (the way ruff's extension and
 * the python-tools template ship their servers, but with the dependencies from the user's
 * package index rather than vendored).
 *
 * Pure of `vscode`, like discovery.ts: the install logic gets every effect (files, processes,
 * progress) through `BundledHost`, so `npm test` exercises it under plain Node with a fake one;
 * `nodeBundledHost` is the real one.
 */

import { execFile } from "child_process";
import { promises as fs } from "fs";
import * as path from "path";

/** `jax_lsp-<version>-py3-none-any.whl`, as `pip wheel` names it. */
const WHEEL_NAME = /^jax_lsp-([^-]+)-py3-none-any\.whl$/;
/** Written into the environment after a successful install: which wheel it holds. */
export const MARKER_FILE = "jax-lsp-bundled.json";

export interface CommandResult {
  /** Exit code; null when the process could not start or was killed. */
  code: number | null;
  stdout: string;
  stderr: string;
  /** Why the process could not start (ENOENT, timeout, ...), if it did not. */
  error?: string;
}

export interface BundledHost {
  listDir(dir: string): Promise<string[]>;
  /** The file's text, or undefined when it cannot be read. */
  readFile(file: string): Promise<string | undefined>;
  writeFile(file: string, text: string): Promise<void>;
  /** Removes a directory tree; no error when it does not exist. */
  removeDir(dir: string): Promise<void>;
  run(command: string, args: string[]): Promise<CommandResult>;
  platform: NodeJS.Platform;
}

export interface BundledWheel {
  file: string;
  version: string;
}

/** The jax-lsp wheel in `bundledDir`; the newest-named one if there are several. */
export async function findBundledWheel(bundledDir: string, host: BundledHost): Promise<BundledWheel | undefined> {
  let names: string[];
  try {
    names = await host.listDir(bundledDir);
  } catch {
    return undefined;
  }
  const wheels = names.filter((name) => WHEEL_NAME.test(name)).sort();
  const name = wheels[wheels.length - 1];
  if (!name) {
    return undefined;
  }
  return { file: path.join(bundledDir, name), version: WHEEL_NAME.exec(name)![1] };
}

/** The interpreter of a virtual environment. */
export function venvPython(venvDir: string, platform: NodeJS.Platform): string {
  return platform === "win32" ? path.win32.join(venvDir, "Scripts", "python.exe") : path.posix.join(venvDir, "bin", "python");
}

export type EnvironmentState = "current" | "missing" | "stale";

/**
 * Whether the environment holds this wheel: "stale" when it was installed from another wheel
 * (another version of the extension), "missing" when it was never completely installed.
 */
export async function environmentState(venvDir: string, wheel: BundledWheel, host: BundledHost): Promise<EnvironmentState> {
  const text = await host.readFile(path.join(venvDir, MARKER_FILE));
  if (text === undefined) {
    return "missing";
  }
  try {
    const marker = JSON.parse(text) as { wheel?: unknown };
    return marker.wheel === path.basename(wheel.file) ? "current" : "stale";
  } catch {
    return "stale";
  }
}

/** A command line as a user would type it again, for logs and error messages. */
export function formatCommand(command: string, args: string[]): string {
  return [command, ...args].map((part) => (/[\s"'$`]/.test(part) ? JSON.stringify(part) : part)).join(" ");
}

export type InstallResult =
  | { ok: true; python: string; log: string[] }
  | { ok: false; failedCommand: string; output: string; log: string[] };

/**
 * Creates `venvDir` with `baseInterpreter` and installs the wheel into it, replacing whatever
 * was there. Each step's command is logged; the first that fails ends the install and is
 * returned with its output. `progress` gets one short message per step.
 */
export async function installBundled(
  wheel: BundledWheel,
  venvDir: string,
  baseInterpreter: string,
  host: BundledHost,
  progress: (message: string) => void = () => undefined,
): Promise<InstallResult> {
  const log: string[] = [];
  const python = venvPython(venvDir, host.platform);
  const steps: { message: string; command: string; args: string[] }[] = [
    { message: "creating a virtual environment", command: baseInterpreter, args: ["-m", "venv", venvDir] },
    {
      message: `installing jax-lsp ${wheel.version} and its dependencies`,
      command: python,
      args: ["-m", "pip", "install", "--disable-pip-version-check", "--no-input", wheel.file],
    },
    { message: "checking the installed server", command: python, args: ["-m", "jax_lsp", "--version"] },
  ];

  await host.removeDir(venvDir);
  log.push(`Removed any previous environment at ${venvDir}`);
  for (const step of steps) {
    progress(step.message);
    const line = formatCommand(step.command, step.args);
    log.push(`Running: ${line}`);
    const result = await host.run(step.command, step.args);
    const output = [result.error, result.stdout.trim(), result.stderr.trim()].filter(Boolean).join("\n");
    if (result.code !== 0) {
      log.push(`Failed (${result.error ? result.error : `exit code ${result.code}`}): ${line}`);
      if (output) {
        log.push(output);
      }
      return { ok: false, failedCommand: line, output, log };
    }
    if (output) {
      log.push(output);
    }
  }
  await host.writeFile(path.join(venvDir, MARKER_FILE), JSON.stringify({ wheel: path.basename(wheel.file), version: wheel.version }));
  log.push(`Installed the bundled jax-lsp ${wheel.version} into ${venvDir}`);
  return { ok: true, python, log };
}

/** The real `BundledHost`: Node's file system and child processes. */
export function nodeBundledHost(): BundledHost {
  return {
    listDir: (dir) => fs.readdir(dir),
    readFile: (file) => fs.readFile(file, "utf8").then((text) => text, () => undefined),
    writeFile: (file, text) => fs.writeFile(file, text, "utf8"),
    removeDir: (dir) => fs.rm(dir, { recursive: true, force: true }),
    run: (command, args) =>
      new Promise((resolve) => {
        // pip may download jax-lsp's dependencies: allow it time, and room for its output.
        execFile(command, args, { timeout: 15 * 60 * 1000, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
          const code = err ? (typeof err.code === "number" ? err.code : null) : 0;
          const error = err && typeof err.code !== "number" ? err.message : undefined;
          resolve({ code, stdout: String(stdout), stderr: String(stderr), error });
        });
      }),
    platform: process.platform,
  };
}
