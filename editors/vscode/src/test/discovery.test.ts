// Server discovery order, run under plain Node: `npm test`.

import { strict as assert } from "assert";
import { test } from "node:test";

import { DiscoveryHost, expandSetting, findServer } from "../discovery";

function host(overrides: Partial<DiscoveryHost> & { executables?: string[]; withModule?: string[] }): DiscoveryHost {
  const executables = new Set(overrides.executables ?? []);
  const withModule = new Set(overrides.withModule ?? []);
  return {
    selectedInterpreter: async () => undefined,
    hasJaxLsp: async (python) => withModule.has(python),
    isExecutable: async (file) => executables.has(file),
    envPath: "/usr/local/bin:/usr/bin",
    platform: "linux",
    home: "/home/me",
    workspaceFolder: "/work/proj",
    ...overrides,
  };
}

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
  assert.match(result.kind === "bad-setting" ? result.message : "", /\/opt\/py\/bin\/python -m pip install jax-lsp/);
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

test("nothing found: the install command names the selected interpreter", async () => {
  const result = await findServer(noSettings, host({ selectedInterpreter: async () => "/my venv/bin/python" }));
  assert.equal(result.kind, "not-found");
  assert.equal(result.kind === "not-found" && result.installCommand, '"/my venv/bin/python" -m pip install jax-lsp');
  const bare = await findServer(noSettings, host({}));
  assert.equal(bare.kind === "not-found" && bare.installCommand, "pip install jax-lsp");
});

test("Windows PATH lookup tries .exe", async () => {
  const result = await findServer(
    noSettings,
    host({ platform: "win32", envPath: "C:\\py\\Scripts;C:\\other", executables: ["C:\\py\\Scripts\\jax-lsp.exe"] }),
  );
  assert.equal(result.kind, "found");
});

test("expandSetting expands ~, ${userHome} and ${workspaceFolder}", () => {
  assert.equal(expandSetting("~/x", "/h", "/w"), "/h/x");
  assert.equal(expandSetting("${userHome}/x", "/h", "/w"), "/h/x");
  assert.equal(expandSetting(" ${workspaceFolder}/.venv/bin/python ", "/h", "/w"), "/w/.venv/bin/python");
  assert.equal(expandSetting("${workspaceFolder}/x", "/h", undefined), "${workspaceFolder}/x");
});
