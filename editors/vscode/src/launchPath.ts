/**
 * The PATH that VS Code itself was launched with. VS Code (desktop and server, code-server
 * included) starts the extension host with the environment of the user's login shell laid over
 * its own, so a PATH from an activated virtual environment is replaced by the login shell's, and
 * a `jax-lsp` found only there would be missed. On Linux the environment each ancestor process
 * started with is still readable in /proc/<pid>/environ; elsewhere this finds nothing.
 *
 * Pure of `vscode` and of the file system: `readFile` comes in, so `npm test` covers it.
 */

import type { PathSource } from "./discovery";

/** PATH in a NUL-separated /proc/<pid>/environ. */
export function pathFromEnviron(environ: string): string | undefined {
  for (const entry of environ.split("\0")) {
    if (entry.startsWith("PATH=")) {
      return entry.slice("PATH=".length);
    }
  }
  return undefined;
}

/** The command name and parent pid in /proc/<pid>/stat ("pid (comm) state ppid ..."; comm may hold spaces). */
export function parseStat(stat: string): { comm: string; ppid: number } | undefined {
  const open = stat.indexOf("(");
  const close = stat.lastIndexOf(")");
  if (open < 0 || close < open) {
    return undefined;
  }
  const fields = stat.slice(close + 2).split(" ");
  const ppid = Number(fields[1]);
  return Number.isInteger(ppid) ? { comm: stat.slice(open + 1, close), ppid } : undefined;
}

/**
 * The PATHs the ancestors of this process started with, nearest first, from `firstPid` (the
 * parent) up to `maxDepth` processes; pid 1 and unreadable processes end the walk. Two levels
 * are VS Code's own processes (desktop: the main process; code-server and VS Code Server: the
 * server and its launcher), not whatever started them.
 */
export function launchPaths(
  firstPid: number,
  readFile: (file: string) => string | undefined,
  maxDepth = 2,
): PathSource[] {
  const sources: PathSource[] = [];
  let pid = firstPid;
  for (let depth = 0; depth < maxDepth && pid > 1; depth++) {
    const stat = readFile(`/proc/${pid}/stat`);
    const environ = readFile(`/proc/${pid}/environ`);
    const parsed = stat === undefined ? undefined : parseStat(stat);
    if (!parsed || environ === undefined) {
      break;
    }
    const value = pathFromEnviron(environ);
    if (value !== undefined) {
      sources.push({ label: `as process ${pid} (${parsed.comm}) was launched`, value });
    }
    pid = parsed.ppid;
  }
  return sources;
}
