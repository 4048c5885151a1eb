// The bundled server's install into its private environment, run under plain Node: `npm test`.
// The host is an in-memory file system and a scripted process runner.

import { strict as assert } from "assert";
import { test } from "node:test";

import {
  BundledHost,
  CommandResult,
  environmentState,
  findBundledWheel,
  formatCommand,
  installBundled,
  MARKER_FILE,
  venvPython,
} from "../bundled";

interface FakeHost extends BundledHost {
  files: Map<string, string>;
  commands: string[];
  removed: string[];
}

function fakeHost(
  dirs: Record<string, string[]> = {},
  respond: (command: string, args: string[]) => CommandResult = () => ({ code: 0, stdout: "", stderr: "" }),
): FakeHost {
  const files = new Map<string, string>();
  const commands: string[] = [];
  const removed: string[] = [];
  return {
    files,
    commands,
    removed,
    listDir: async (dir) => {
      if (!(dir in dirs)) {
        throw new Error(`ENOENT: ${dir}`);
      }
      return dirs[dir];
    },
    readFile: async (file) => files.get(file),
    writeFile: async (file, text) => {
      files.set(file, text);
    },
    removeDir: async (dir) => {
      removed.push(dir);
      for (const key of [...files.keys()]) {
        if (key.startsWith(dir + "/")) {
          files.delete(key);
        }
      }
    },
    run: async (command, args) => {
      commands.push(formatCommand(command, args));
      return respond(command, args);
    },
    platform: "linux",
  };
}

const wheel = { file: "/ext/bundled/jax_lsp-0.2.0-py3-none-any.whl", version: "0.2.0" };
const venv = "/storage/server-env";

test("findBundledWheel picks the jax_lsp wheel and reads its version", async () => {
  const host = fakeHost({ "/ext/bundled": ["README", "jax_lsp-0.1.0-py3-none-any.whl", "other-1.0-py3-none-any.whl"] });
  assert.deepEqual(await findBundledWheel("/ext/bundled", host), {
    file: "/ext/bundled/jax_lsp-0.1.0-py3-none-any.whl",
    version: "0.1.0",
  });
  assert.equal(await findBundledWheel("/ext/bundled", fakeHost({ "/ext/bundled": ["notes.txt"] })), undefined);
  assert.equal(await findBundledWheel("/missing", fakeHost()), undefined);
});

test("venvPython on POSIX and Windows", () => {
  assert.equal(venvPython("/s/env", "linux"), "/s/env/bin/python");
  assert.equal(venvPython("C:\\s\\env", "win32"), "C:\\s\\env\\Scripts\\python.exe");
});

test("a fresh install creates the environment, pip installs the wheel, checks it, then marks it", async () => {
  const host = fakeHost();
  const messages: string[] = [];
  const result = await installBundled(wheel, venv, "/usr/bin/python3", host, (m) => messages.push(m));
  assert.equal(result.ok, true);
  assert.equal(result.ok && result.python, "/storage/server-env/bin/python");
  assert.deepEqual(host.removed, [venv]);
  assert.deepEqual(host.commands, [
    "/usr/bin/python3 -m venv /storage/server-env",
    "/storage/server-env/bin/python -m pip install --disable-pip-version-check --no-input /ext/bundled/jax_lsp-0.2.0-py3-none-any.whl",
    "/storage/server-env/bin/python -m jax_lsp --version",
  ]);
  assert.equal(messages.length, 3);
  assert.equal(await environmentState(venv, wheel, host), "current");
});

test("the environment state follows the bundled wheel: missing, current, stale after an upgrade", async () => {
  const host = fakeHost();
  assert.equal(await environmentState(venv, wheel, host), "missing");
  await installBundled({ file: "/ext/bundled/jax_lsp-0.1.0-py3-none-any.whl", version: "0.1.0" }, venv, "python3", host);
  assert.equal(await environmentState(venv, wheel, host), "stale");
  host.files.set(`${venv}/${MARKER_FILE}`, "{not json");
  assert.equal(await environmentState(venv, wheel, host), "stale");
});

test("a failing pip install stops there, names the command, keeps its output, and marks nothing", async () => {
  const host = fakeHost({}, (_command, args) =>
    args.includes("pip")
      ? { code: 1, stdout: "Processing /ext/bundled/jax_lsp-0.2.0-py3-none-any.whl", stderr: "ERROR: No matching distribution found for pygls" }
      : { code: 0, stdout: "", stderr: "" },
  );
  const result = await installBundled(wheel, venv, "/usr/bin/python3", host);
  assert.equal(result.ok, false);
  if (result.ok) {
    return;
  }
  assert.match(result.failedCommand, /^\/storage\/server-env\/bin\/python -m pip install /);
  assert.match(result.output, /No matching distribution found for pygls/);
  assert.ok(result.log.some((line) => line.startsWith("Failed (exit code 1): /storage/server-env/bin/python -m pip install")));
  assert.equal(host.commands.length, 2, "the check step is not run after a failed install");
  assert.equal(await environmentState(venv, wheel, host), "missing");
});

test("an interpreter that cannot start is reported with the spawn error", async () => {
  const host = fakeHost({}, () => ({ code: null, stdout: "", stderr: "", error: "spawn python3 ENOENT" }));
  const result = await installBundled(wheel, "/my storage/env", "python3", host);
  assert.equal(result.ok, false);
  assert.equal(!result.ok && result.failedCommand, 'python3 -m venv "/my storage/env"');
  assert.equal(!result.ok && result.output, "spawn python3 ENOENT");
});
