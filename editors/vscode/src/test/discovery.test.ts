// Server discovery order, run under plain Node: `npm test`.

import { strict as assert } from "assert";
import { test } from "node:test";

import { BundledStatus, DiscoveryHost, expandSetting, findServer } from "../discovery";

function host(overrides: Partial<DiscoveryHost> & { executables?: string[]; withModule?: string[] }): DiscoveryHost {
  const executables = new Set(overrides.executables ?? []);
  const withModule = new Set(overrides.withModule ?? []);
  return {
    selectedInterpreter: async () => undefined,
    hasJaxLsp: async (python) => withModule.has(python),
    isExecutable: async (file) => executables.has(file),
    pathSources: [{ label: "extension host environment", value: "/usr/local/bin:/usr/bin" }],
    platform: "linux",
    home: "/home/me",
    workspaceFolder: "/work/proj",
    workspaceTrusted: true,
    bundled: async () => undefined,
    ...overrides,
  };
}

const bundledMissing: BundledStatus = {
  wheel: "/ext/bundled/jax_lsp-0.1.0-py3-none-any.whl",
  version: "0.1.0",
  python: "/storage/server-env/bin/python",
  state: "missing",
};

const noSettings = { path: "", interpreter: "" };

test("jax-lsp.path wins over everything else", async () => {
  const result = await findServer(
    { path: "~/bin/jax-lsp", interpreter: "/opt/py/bin/python" },
    host({
      executables: ["/home/me/bin/jax-lsp", "/usr/bin/jax-lsp"],
      withModule: ["/opt/py/bin/python"],
      selectedInterpreter: async () => "/venv/bin/python",
    }),
  );
  assert.equal(result.kind, "found");
  assert.deepEqual(result.kind === "found" && result.server, {
    command: "/home/me/bin/jax-lsp",
    args: ["serve"],
    source: "jax-lsp.path",
  });
});

test("a jax-lsp.path that does not exist is reported, not skipped", async () => {
  const result = await findServer(
    { path: "${workspaceFolder}/.venv/bin/jax-lsp", interpreter: "" },
    host({ executables: ["/usr/bin/jax-lsp"] }),
  );
  assert.equal(result.kind, "bad-setting");
  assert.match(result.kind === "bad-setting" ? result.message : "", /\/work\/proj\/\.venv\/bin\/jax-lsp/);
});

test("jax-lsp.interpreter runs python -m jax_lsp serve", async () => {
  const result = await findServer(
    { path: "", interpreter: "/opt/py/bin/python" },
    host({ withModule: ["/opt/py/bin/python"], executables: ["/usr/bin/jax-lsp"] }),
  );
  assert.deepEqual(result.kind === "found" && result.server, {
    command: "/opt/py/bin/python",
    args: ["-m", "jax_lsp", "serve"],
    source: "jax-lsp.interpreter",
  });
});

test("a jax-lsp.interpreter without jax-lsp says how to install it there", async () => {
  const result = await findServer({ path: "", interpreter: "/opt/py/bin/python" }, host({}));
  assert.equal(result.kind, "bad-setting");
  const message = result.kind === "bad-setting" ? result.message : "";
  assert.match(message, /\/opt\/py\/bin\/python -m pip install \/path\/to\/jax-lsp-checkout/);
  assert.doesNotMatch(message, /pip install jax-lsp\b/);
  const withWheel = await findServer(
    { path: "", interpreter: "/opt/py/bin/python" },
    host({ bundled: async () => bundledMissing }),
  );
  assert.match(
    withWheel.kind === "bad-setting" ? withWheel.message : "",
    /\/opt\/py\/bin\/python -m pip install \/ext\/bundled\/jax_lsp-0\.1\.0-py3-none-any\.whl/,
  );
});

test("the Python extension's interpreter comes before PATH", async () => {
  const result = await findServer(
    noSettings,
    host({
      selectedInterpreter: async () => "/venv/bin/python",
      withModule: ["/venv/bin/python"],
      executables: ["/usr/bin/jax-lsp"],
    }),
  );
  assert.deepEqual(result.kind === "found" && result.server, {
    command: "/venv/bin/python",
    args: ["-m", "jax_lsp", "serve"],
    source: "python-extension",
  });
});

test("PATH is used when the selected interpreter lacks jax-lsp", async () => {
  const result = await findServer(
    noSettings,
    host({ selectedInterpreter: async () => "/venv/bin/python", executables: ["/usr/bin/jax-lsp"] }),
  );
  assert.deepEqual(result.kind === "found" && result.server, {
    command: "/usr/bin/jax-lsp",
    args: ["serve"],
    source: "PATH",
  });
  assert.ok(result.log.some((line) => line.includes("has no jax_lsp module")));
});

test("a failing Python extension does not stop discovery", async () => {
  const result = await findServer(
    noSettings,
    host({
      selectedInterpreter: async () => {
        throw new Error("boom");
      },
      executables: ["/usr/local/bin/jax-lsp"],
    }),
  );
  assert.equal(result.kind === "found" && result.server.command, "/usr/local/bin/jax-lsp");
});

test("nothing found and no bundled wheel: not-found, with every place logged", async () => {
  const result = await findServer(noSettings, host({ selectedInterpreter: async () => "/my venv/bin/python" }));
  assert.equal(result.kind, "not-found");
  assert.equal(result.kind === "not-found" && result.bundled, undefined);
  assert.deepEqual(result.log, [
    "Python extension: the selected interpreter /my venv/bin/python has no jax_lsp module",
    "PATH (extension host environment): no executable jax-lsp in /usr/local/bin:/usr/bin",
    "Bundled server: this build of the extension carries no jax-lsp wheel",
  ]);
});

test("a jax-lsp only on the PATH VS Code was launched with is found, after the host's PATH", async () => {
  const result = await findServer(
    noSettings,
    host({
      pathSources: [
        { label: "extension host environment", value: "/usr/bin:/bin" },
        { label: "as process 10 (node) was launched", value: "/usr/bin:/bin" },
        { label: "as process 9 (code-server) was launched", value: "/proj/.venv/bin:/usr/bin:/bin" },
      ],
      executables: ["/proj/.venv/bin/jax-lsp"],
    }),
  );
  assert.deepEqual(result.kind === "found" && result.server, {
    command: "/proj/.venv/bin/jax-lsp",
    args: ["serve"],
    source: "PATH",
  });
  // The duplicate PATH is searched once; each searched PATH is logged.
  assert.deepEqual(result.log.slice(1), [
    "PATH (extension host environment): no executable jax-lsp in /usr/bin:/bin",
    "PATH (as process 9 (code-server) was launched): using /proj/.venv/bin/jax-lsp; searched /proj/.venv/bin:/usr/bin:/bin",
  ]);
});

test("the bundled server comes last, and is used once installed", async () => {
  const installed = await findServer(
    noSettings,
    host({ bundled: async () => ({ ...bundledMissing, state: "current" }) }),
  );
  assert.deepEqual(installed.kind === "found" && installed.server, {
    command: "/storage/server-env/bin/python",
    args: ["-m", "jax_lsp", "serve"],
    source: "bundled",
  });
  const onPathFirst = await findServer(
    noSettings,
    host({ bundled: async () => ({ ...bundledMissing, state: "current" }), executables: ["/usr/bin/jax-lsp"] }),
  );
  assert.equal(onPathFirst.kind === "found" && onPathFirst.server.source, "PATH");
});

test("bundled server not installed: install it with the selected interpreter in a trusted workspace", async () => {
  const result = await findServer(
    noSettings,
    host({
      selectedInterpreter: async () => "/proj/.venv/bin/python",
      bundled: async () => bundledMissing,
      executables: ["/usr/bin/python3"],
    }),
  );
  assert.equal(result.kind, "not-found");
  assert.equal(result.kind === "not-found" && result.baseInterpreter, "/proj/.venv/bin/python");
  assert.deepEqual(result.kind === "not-found" && result.bundled, bundledMissing);
});

test("bundled server, untrusted workspace: python3 on PATH, not the selected interpreter", async () => {
  const result = await findServer(
    noSettings,
    host({
      selectedInterpreter: async () => "/proj/.venv/bin/python",
      workspaceTrusted: false,
      bundled: async () => ({ ...bundledMissing, state: "stale" }),
      executables: ["/usr/bin/python3"],
    }),
  );
  assert.equal(result.kind === "not-found" && result.baseInterpreter, "/usr/bin/python3");
  assert.ok(result.log.some((line) => line.includes("untrusted workspace")));
  assert.ok(result.log.some((line) => line.includes("holds another version")));
});

test("bundled server without any Python: no base interpreter, and the log says so", async () => {
  const result = await findServer(noSettings, host({ bundled: async () => bundledMissing }));
  assert.equal(result.kind, "not-found");
  assert.equal(result.kind === "not-found" && result.baseInterpreter, undefined);
  assert.match(result.log[result.log.length - 1], /no python3 or python on PATH/);
});

test("Windows PATH lookup tries .exe", async () => {
  const result = await findServer(
    noSettings,
    host({ platform: "win32", pathSources: [{ label: "extension host environment", value: "C:\\py\\Scripts;C:\\other" }], executables: ["C:\\py\\Scripts\\jax-lsp.exe"] }),
  );
  assert.equal(result.kind, "found");
});

test("expandSetting expands ~, ${userHome} and ${workspaceFolder}", () => {
  assert.equal(expandSetting("~/x", "/h", "/w"), "/h/x");
  assert.equal(expandSetting("${userHome}/x", "/h", "/w"), "/h/x");
  assert.equal(expandSetting(" ${workspaceFolder}/.venv/bin/python ", "/h", "/w"), "/w/.venv/bin/python");
  assert.equal(expandSetting("${workspaceFolder}/x", "/h", undefined), "${workspaceFolder}/x");
});

test("a platform build runs its unpacked server with no install, else falls back to the wheel", async () => {
  const platformBuild: BundledStatus = { ...bundledMissing, serve: "/ext/server/serve.py" };
  const asked: string[] = [];
  const runs = await findServer(
    noSettings,
    host({
      selectedInterpreter: async () => "/proj/.venv/bin/python",
      bundled: async () => platformBuild,
      runsBundledServer: async (python, serve) => {
        asked.push(`${python} ${serve}`);
        return true;
      },
    }),
  );
  assert.deepEqual(runs.kind === "found" && runs.server, {
    command: "/proj/.venv/bin/python",
    args: ["-I", "/ext/server/serve.py", "serve"],
    source: "bundled",
  });
  assert.deepEqual(asked, ["/proj/.venv/bin/python /ext/server/serve.py"]);
  // an interpreter the build carries no modules for: the wheel's install, with the same one
  const fallback = await findServer(
    noSettings,
    host({
      selectedInterpreter: async () => "/proj/.venv/bin/python",
      bundled: async () => platformBuild,
      runsBundledServer: async () => false,
    }),
  );
  assert.equal(fallback.kind, "not-found");
  assert.equal(fallback.kind === "not-found" && fallback.baseInterpreter, "/proj/.venv/bin/python");
  assert.ok(fallback.log.some((line) => line.includes("falling back to its wheel")));
});
