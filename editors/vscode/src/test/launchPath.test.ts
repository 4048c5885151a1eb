// Reading the PATH VS Code was launched with from /proc, run under plain Node: `npm test`.

import { strict as assert } from "assert";
import { test } from "node:test";

import { launchPaths, parseStat, pathFromEnviron } from "../launchPath";

test("pathFromEnviron reads PATH from a NUL-separated environ", () => {
  assert.equal(pathFromEnviron("HOME=/root\0PATH=/venv/bin:/usr/bin\0MYPATH=/x\0"), "/venv/bin:/usr/bin");
  assert.equal(pathFromEnviron("HOME=/root\0"), undefined);
});

test("parseStat handles a command name with spaces and parentheses", () => {
  assert.deepEqual(parseStat("4242 (code server (x)) S 17 4242 17 0 -1"), { comm: "code server (x)", ppid: 17 });
  assert.equal(parseStat("garbage"), undefined);
});

test("launchPaths walks the ancestors, nearest first, until pid 1 or an unreadable process", () => {
  const proc: Record<string, string> = {
    "/proc/30/stat": "30 (node) S 20 30 1 0",
    "/proc/30/environ": "PATH=/usr/bin:/bin\0",
    "/proc/20/stat": "20 (code-server) S 1 20 1 0",
    "/proc/20/environ": "PATH=/proj/.venv/bin:/usr/bin:/bin\0",
  };
  assert.deepEqual(
    launchPaths(30, (file) => proc[file]),
    [
      { label: "as process 30 (node) was launched", value: "/usr/bin:/bin" },
      { label: "as process 20 (code-server) was launched", value: "/proj/.venv/bin:/usr/bin:/bin" },
    ],
  );
  assert.deepEqual(launchPaths(30, (file) => (file.endsWith("environ") ? undefined : proc[file])), []);
  assert.deepEqual(launchPaths(30, (file) => proc[file], 1).length, 1);
});

test("launchPaths reads this process's real parent on Linux", { skip: process.platform !== "linux" }, () => {
  const fs = require("fs") as typeof import("fs");
  const sources = launchPaths(process.ppid, (file) => {
    try {
      return fs.readFileSync(file, "latin1");
    } catch {
      return undefined;
    }
  });
  assert.ok(sources.length >= 1);
  assert.ok(sources[0].label.startsWith(`as process ${process.ppid} `));
});
