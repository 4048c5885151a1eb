// The packaged extension in a real VS Code (code-server) in headless Chromium. Session 1 checks
// what a user sees: the JAX001 diagnostic (squiggle + Problems), the hover, the quick fixes, Auto
// Fix applying the preferred one and the problem going away, and the output channel naming the
// server it found. Session 2 puts a `jax-lsp` only on the PATH code-server is launched with and
// checks that the extension finds it. Session 3 hides every server: the extension installs the
// wheel it carries into a private environment (progress shown) and runs it. Writes screenshots.
// Run through e2e.sh, which installs the tools.

import { spawn, execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parseArgs } from "node:util";

const { values: opt } = parseArgs({
  options: {
    node24: { type: "string" },
    "code-server": { type: "string" },
    playwright: { type: "string" },
    chromium: { type: "string" },
    vsix: { type: "string" },
    example: { type: "string" },
    screenshots: { type: "string" },
    repo: { type: "string" },
    timeout: { type: "string", default: "90" },
  },
});
const TIMEOUT = Number(opt.timeout) * 1000;
const { chromium } = createRequire(import.meta.url)(opt.playwright);

const started = Date.now();
const elapsed = () => ((Date.now() - started) / 1000).toFixed(1) + "s";
const log = (...args) => console.log(`[e2e ${elapsed()}]`, ...args);
const checks = [];

function check(name, ok, detail) {
  checks.push({ name, ok: Boolean(ok) });
  log(`${ok ? "PASS" : "FAIL"} ${name}${detail === undefined ? "" : ": " + JSON.stringify(detail)}`);
  if (!ok) {
    throw new Error(`check failed: ${name}`);
  }
}

// Monaco renders spaces as U+00A0.
const normalize = (text) => (text ?? "").replace(/\u00a0/g, " ");
// The text of an element, or "" when it is not there (yet): never Playwright's 30 s auto-wait.
const textOf = (locator) => locator.textContent({ timeout: 500 }).then(normalize, () => "");

async function waitFor(what, fn, timeout = TIMEOUT) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await fn();
    if (value) {
      return value;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

// -- a fresh workspace, profile and extensions folder ------------------------------------------
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "jax-lsp-e2e-"));
const workspace = path.join(tmp, "project");
const userData = path.join(tmp, "user-data");
const extensions = path.join(tmp, "extensions");
fs.mkdirSync(workspace);
fs.mkdirSync(path.join(userData, "User"), { recursive: true });
const exampleName = path.basename(opt.example);
const examplePath = path.join(workspace, exampleName);
fs.copyFileSync(opt.example, examplePath);
fs.writeFileSync(path.join(workspace, "pyproject.toml"), '[project]\nname = "demo"\nversion = "0"\n');
const original = fs.readFileSync(examplePath, "utf8");
// The same program as a Jupyter notebook: the callback in cell 2, the jax.grad that reaches it
// in cell 4, markdown cells before each (cells are numbered among all cells, as Jupyter does).
const notebookName = "train.ipynb";
const originalLines = original.split(/(?<=\n)/);
const importStart = originalLines.findIndex((l) => l.startsWith("import "));
const modelStart = originalLines.findIndex((l) => l.startsWith("def predict("));
const gradCell = originalLines.slice(modelStart);
const gradRow = gradCell.findIndex((l) => l.includes("jax.grad(loss)")) + 1;
const notebookCode = [originalLines.slice(importStart, modelStart).join(""), gradCell.join("")];
const markdown = (text) => ({ cell_type: "markdown", metadata: {}, source: [text] });
const code = (lines) => ({ cell_type: "code", execution_count: null, metadata: {}, outputs: [], source: lines });
fs.writeFileSync(
  path.join(workspace, notebookName),
  JSON.stringify({
    cells: [
      markdown("# Training with a host activation\n"),
      code(originalLines.slice(importStart, modelStart)),
      markdown("The model, its loss and one training step:\n"),
      code(gradCell),
    ],
    metadata: {
      kernelspec: { display_name: "Python 3", language: "python", name: "python3" },
      language_info: { name: "python" },
    },
    nbformat: 4,
    nbformat_minor: 5,
  }),
);
fs.mkdirSync(opt.screenshots, { recursive: true });

const settings = {
  "workbench.startupEditor": "none",
  "workbench.tips.enabled": false,
  "workbench.enableExperiments": false,
  "workbench.welcomePage.walkthroughs.openOnInstall": false,
  "workbench.secondarySideBar.defaultVisibility": "hidden",
  "workbench.colorTheme": "Default Light Modern",
  "security.workspace.trust.enabled": false,
  "telemetry.telemetryLevel": "off",
  "extensions.autoCheckUpdates": false,
  "extensions.autoUpdate": false,
  "extensions.ignoreRecommendations": true,
  "update.mode": "none",
  "editor.hover.delay": 150,
  "editor.minimap.enabled": false,
  "window.commandCenter": false,
  "chat.disableAIFeatures": true,
  "jax-lsp.trace.server": "messages",
};
if (process.env.JAX_LSP_PYTHON) {
  settings["jax-lsp.interpreter"] = process.env.JAX_LSP_PYTHON;
}
fs.writeFileSync(path.join(userData, "User", "settings.json"), JSON.stringify(settings, null, 2));

// jax-lsp.interpreter is machine-overridable: code-server (a remote window) reads it from the
// machine's settings, not the user's
const machineSettings = path.join(userData, "Machine", "settings.json");
if (process.env.JAX_LSP_PYTHON) {
  fs.mkdirSync(path.dirname(machineSettings), { recursive: true });
  fs.writeFileSync(machineSettings, JSON.stringify({ "jax-lsp.interpreter": process.env.JAX_LSP_PYTHON }, null, 2));
}

const csArgs = ["--user-data-dir", userData, "--extensions-dir", extensions];
const node24Dir = path.dirname(opt.node24);

log("installing", opt.vsix);
const installOut = execFileSync(opt.node24, [opt["code-server"], ...csArgs, "--install-extension", opt.vsix], {
  env: { ...process.env, PATH: `${node24Dir}:${process.env.PATH}` },
  encoding: "utf8",
});
check("extension installed", /successfully installed/i.test(installOut), installOut.trim().split("\n").pop());

// -- one code-server + Chromium session -----------------------------------------------------------
async function session(name, env, body) {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const server = spawn(
    opt.node24,
    [
      opt["code-server"],
      ...csArgs,
      "--auth", "none",
      "--bind-addr", `127.0.0.1:${port}`,
      "--disable-telemetry",
      "--disable-update-check",
      "--disable-workspace-trust",
      "--disable-getting-started-override",
      workspace,
    ],
    // The extension host gets this environment, plus what VS Code resolves from the user's login
    // shell (so HOME matters as much as PATH for whether `jax-lsp` is found).
    { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  let serverLog = "";
  server.stdout.on("data", (d) => (serverLog += d));
  server.stderr.on("data", (d) => (serverLog += d));
  let browser;
  try {
    await waitFor("code-server to listen", () => /HTTP server listening/.test(serverLog));
    log(`[${name}] code-server listening on 127.0.0.1:${port}`);
    browser = await chromium.launch({
      executablePath: opt.chromium,
      headless: true,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(workspace)}`);
    await page.waitForSelector(".monaco-workbench", { timeout: TIMEOUT });
    log(`[${name}] workbench loaded`);
    await body(page);
  } catch (err) {
    try {
      const shot = path.join(tmp, `failure-${name}.png`);
      const pages = browser ? browser.contexts().flatMap((c) => c.pages()) : [];
      if (pages[0]) {
        await pages[0].screenshot({ path: shot });
        console.error("failure screenshot:", shot);
      }
    } catch {}
    console.error("code-server log (tail):\n" + serverLog.slice(-3000));
    throw err;
  } finally {
    await browser?.close().catch(() => {});
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {}
  }
}

async function palette(page, command) {
  await page.keyboard.press("F1");
  await page.waitForSelector(".quick-input-widget input", { state: "visible" });
  await page.keyboard.type(command);
  await page.locator(".quick-input-list .monaco-list-row", { hasText: command }).first().click({ timeout: TIMEOUT });
}

async function editUserSettings(page, value) {
  const file = path.join(userData, "User", "settings.json");
  const text = JSON.stringify(value);
  await palette(page, "Preferences: Open User Settings (JSON)");
  // settings.json opens as a tab or, in newer VS Code, in a modal editor.
  const settingsEditor = page.locator(".monaco-editor", { hasText: "workbench.startupEditor" }).last();
  await settingsEditor.waitFor({ timeout: TIMEOUT });
  await settingsEditor.locator(".view-lines").click();
  await page.keyboard.press("Control+A");
  await page.keyboard.insertText(text);
  // Drop whatever the editor auto-closed after the cursor.
  await page.keyboard.press("Control+Shift+End");
  await page.keyboard.press("Delete");
  await page.keyboard.press("Control+S");
  await waitFor("settings.json to be saved", () => {
    try {
      return JSON.stringify(JSON.parse(fs.readFileSync(file, "utf8"))) === text;
    } catch {
      return false;
    }
  });
  await page.keyboard.press("Control+W");
  await waitFor("settings.json to close", async () => (await settingsEditor.count()) === 0);
}

async function openExample(page) {
  await page.locator(".monaco-workbench").click({ position: { x: 640, y: 400 } });
  await page.keyboard.press("Control+P");
  await page.waitForSelector(".quick-input-widget input", { state: "visible" });
  await page.keyboard.type(exampleName);
  await page.locator(".quick-input-list .monaco-list-row", { hasText: exampleName }).first().click({ timeout: TIMEOUT });
  const editor = page.locator(".editor-instance .monaco-editor").first();
  await waitFor("the example in the editor", async () =>
    (await textOf(editor.locator(".view-lines"))).includes("import jax"),
  );
  return editor;
}

async function mainSession(page) {
  const editor = await openExample(page);
  const opened = Date.now();

  // 1. The diagnostic: a squiggle in the editor and a JAX001 row in Problems.
  const squiggle = editor.locator(".squiggly-error").first();
  await squiggle.waitFor({ state: "attached", timeout: TIMEOUT });
  check("squiggle shown", await squiggle.count(), `${((Date.now() - opened) / 1000).toFixed(1)}s after opening`);
  await page.keyboard.press("Control+Shift+M");
  const problems = page.locator(".markers-panel");
  const problemsText = await waitFor("JAX001 in Problems", async () => {
    const text = await textOf(problems);
    return text.includes("JAX001") ? text : "";
  });
  check("Problems lists JAX001 from jax-lsp", problemsText.includes("jax-lsp"), problemsText.slice(0, 200));

  // 2. Hover on the squiggle: the marker's message, its related locations, jax-lsp's catalog hover.
  const box = await squiggle.boundingBox();
  await page.mouse.move(box.x + Math.min(40, box.width / 2), box.y + box.height / 2);
  const hover = page.locator(".monaco-hover:not(.hidden)").first();
  const hoverText = await waitFor("the hover", async () => {
    const text = await textOf(hover);
    // The marker's message comes first; jax-lsp's hover (the catalog entry) may arrive later.
    return text.includes("ValueError") ? text : "";
  });
  const catalog = hoverText.slice(hoverText.indexOf("JAX001 ·"));
  check("hover shows the catalog entry", hoverText.includes("Pure callbacks do not support JVP"), catalog.slice(0, 300));
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(opt.screenshots, "hover.png") });
  log("screenshot", path.join(opt.screenshots, "hover.png"));

  // 3. The quick fixes at the finding (Ctrl+.).
  await page.mouse.click(box.x + 20, box.y + box.height / 2);
  await page.mouse.move(150, 600); // off the squiggle, so that its hover closes for good
  await page.keyboard.press("Escape");
  const titles = await quickFixes(page);
  check("quick fixes offered", titles.length >= 2, titles);
  // short titles: a 1280 px window (a notebook's too) shows them whole
  check("quick fix titles are short", titles.every((t) => t.length <= 50), titles);
  await page.screenshot({ path: path.join(opt.screenshots, "quickfix.png") });
  await page.keyboard.press("Escape");

  // 4. Settings, edited as a user does (Preferences: Open User Settings (JSON), save):
  //    `jax-lsp.ignore` = ["JAX001"] restarts the server and the finding goes away; clearing it
  //    restarts it again and the finding comes back.
  const squiggles = () => editor.locator(".squiggly-error").count();
  await editUserSettings(page, { ...settings, "jax-lsp.ignore": ["JAX001"] });
  await waitFor("JAX001 to be ignored", async () => (await squiggles()) === 0);
  check("jax-lsp.ignore restarts the server and hides JAX001", true);
  await editUserSettings(page, settings);
  await waitFor("JAX001 to come back", async () => (await squiggles()) > 0);
  check("clearing jax-lsp.ignore brings it back", true);
  // Put the cursor back on the finding (the editor may have scrolled).
  const again = await squiggle.boundingBox();
  await page.mouse.click(again.x + 20, again.y + again.height / 2);
  await page.mouse.move(150, 600);

  // 5. Auto Fix (Shift+Alt+.) applies the preferred quick fix.
  await palette(page, "Auto Fix");
  // VS Code saves files changed by a code action's workspace edit (files.refactoring.autoSave);
  // save by hand where it does not.
  const edited = await waitFor("the edit", async () => {
    if ((await page.locator(".tab.active.dirty").count()) > 0) {
      await page.keyboard.press("Control+S");
    }
    const text = fs.readFileSync(examplePath, "utf8");
    return text !== original ? text : "";
  });
  const changedLine = edited.split("\n").find((l) => l.includes("_host_softplus, spec, z"));
  check("Auto Fix applied the preferred fix", !/return jax\.pure_callback\(_host_softplus/.test(edited), changedLine?.trim());
  // the server wrote the helper module the fix imports (the action's command), not VS Code
  const module = path.join(path.dirname(examplePath), "jax_lsp_derivatives.py");
  const moduleText = await waitFor("the helper module on disk", async () =>
    fs.existsSync(module) ? fs.readFileSync(module, "utf8") : "",
  );
  check("the server wrote jax_lsp_derivatives.py", moduleText.startsWith('"""Generated by jax-lsp'), `${moduleText.split("\n").length} lines`);
  check("the fix added at most 25 lines", edited.split("\n").length - original.split("\n").length <= 25,
    `${edited.split("\n").length - original.split("\n").length} lines`);
  let runs = "";
  try {
    execFileSync("python3", [examplePath], { cwd: path.dirname(examplePath), encoding: "utf8", stdio: "pipe", timeout: 300000 });
    runs = "exit 0";
  } catch (err) {
    runs = String(err.stderr || err).slice(-300);
  }
  check("the fixed file runs under JAX", runs === "exit 0", runs);
  // ... with the model's gradient: the same model in JAX alone (scripts/same_gradient.py)
  let gradient = "";
  try {
    gradient = execFileSync("python3", [path.join(opt.repo, "scripts", "same_gradient.py"), examplePath],
      { cwd: path.dirname(examplePath), encoding: "utf8", stdio: "pipe", timeout: 300000 }).trim();
  } catch (err) {
    gradient = `differs: ${String(err.stdout || err.stderr || err).slice(-300)}`;
  }
  check("the fixed file's gradient is the model's", !gradient.startsWith("differs"), gradient);
  fs.rmSync(module, { force: true });

  // 6. The problem is gone after the fix.
  await waitFor("the squiggle to go away", async () => (await editor.locator(".squiggly-error").count()) === 0);
  const after = await waitFor("Problems to update", async () => {
    const text = await textOf(problems);
    return text && !text.includes("JAX001") ? text : "";
  });
  check("diagnostic gone", true, after.split(".monaco")[0]);
  // Show the fixed call (Go to Line) for the screenshot.
  const fixedLine = edited.split("\n").findIndex((l) => l.includes("_host_softplus, spec, z")) + 1;
  await page.keyboard.press("Control+G");
  await page.waitForSelector(".quick-input-widget input", { state: "visible" });
  await page.keyboard.type(String(fixedLine));
  await page.keyboard.press("Enter");
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(opt.screenshots, "fixed.png") });

  // 7. jax-lsp: Show Logs opens the output channel, which says how the server was found.
  await palette(page, "jax-lsp: Show Logs");
  // With jax-lsp.trace.server on, the channel is long: filter it to the start-up line.
  const filter = page.locator('input[placeholder*="excludeText"]').first();
  await filter.waitFor({ state: "visible", timeout: TIMEOUT });
  await filter.fill("found via");
  // (The last start-up line is the one after the settings restart.)
  const output = page.locator(".panel .monaco-editor").last();
  const outputText = await waitFor("the jax-lsp output channel", async () => {
    const text = await textOf(output);
    return text.includes("Starting") ? text : "";
  });
  check("output channel names the server", /found via/.test(outputText), outputText.match(/Starting.*?\(found via [^)]*\)/)?.[0]);

  // 8. A Jupyter notebook holding the same program in two code cells.
  await notebookCheck(page);
}

/** Open the quick fix menu at the cursor (Ctrl+.) and return its titles. `retry`, if given,
 *  puts the cursor back and opens the menu again (else the command palette does). */
async function quickFixes(page, retry) {
  const menu = page.locator(".action-widget").first();
  let lastTry = 0;
  let tries = 0;
  await waitFor("the quick fix menu", async () => {
    if ((await textOf(menu)).includes("Suppress")) {
      return true;
    }
    if (Date.now() - lastTry > 5000) {
      // Ctrl+. (editor.action.quickFix); a keypress can be lost while a hover closes, so the
      // retries go through the command palette.
      lastTry = Date.now();
      if (tries++ === 0) {
        await page.keyboard.press("Control+.");
      } else if (retry) {
        await retry();
      } else {
        await page.keyboard.press("Escape");
        await palette(page, "Quick Fix...");
      }
    }
    return false;
  });
  log(`quick fix menu open (${tries} tries)`);
  return (await menu.locator(".monaco-list-row").allTextContents()).map(normalize);
}

async function notebookCheck(page) {
  await page.keyboard.press("Control+P");
  await page.waitForSelector(".quick-input-widget input", { state: "visible" });
  await page.keyboard.type(notebookName);
  await page.locator(".quick-input-list .monaco-list-row", { hasText: notebookName }).first().click({ timeout: TIMEOUT });
  await palette(page, "View: Hide Panel"); // room for the cells
  const cells = page.locator(".notebook-editor .cell-editor-container .monaco-editor");
  const squiggle = cells.locator(".squiggly-error").first();
  await waitFor("a squiggle in the notebook", async () => (await squiggle.count()) > 0);
  const flagged = cells.filter({ has: page.locator(".squiggly-error") });
  const flaggedText = await textOf(flagged.first());
  check("notebook: the finding is in the callback's cell, and only there",
    (await flagged.count()) === 1 && flaggedText.includes("pure_callback") && !flaggedText.includes("jax.grad"));

  // The hover names the grad's cell by its number among all cells (markdown ones included).
  await squiggle.scrollIntoViewIfNeeded();
  const box = await squiggle.boundingBox();
  await page.mouse.move(box.x + Math.min(40, box.width / 2), box.y + box.height / 2);
  const hover = page.locator(".monaco-hover:not(.hidden)").first();
  const where = `(cell 4, line ${gradRow})`;
  const hoverText = await waitFor("the notebook hover", async () => {
    const text = await textOf(hover);
    return text.includes("ValueError") && text.includes(where) ? text : "";
  });
  check("notebook: hover names the grad's cell among all cells", hoverText.includes("jax-lsp"),
    hoverText.slice(0, hoverText.indexOf(where) + where.length));
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(opt.screenshots, "notebook.png") });

  // The quick fixes in the cell, the preferred custom_vjp wrapper first. (No Escape to close
  // the hover: in a notebook it leaves the cell's editor.)
  const atFinding = async () => {
    await page.mouse.click(box.x + 20, box.y + box.height / 2);
    await page.mouse.move(150, 600);
    await page.waitForTimeout(500);
  };
  await atFinding();
  const titles = await quickFixes(page, async () => {
    await atFinding();
    await page.keyboard.press("Control+.");
  });
  check("notebook: quick fixes offered in the cell, custom_vjp first",
    titles.length >= 2 && /custom_vjp/.test(titles.find((t) => t !== "Quick Fix") ?? ""), titles);
  await page.screenshot({ path: path.join(opt.screenshots, "notebook-quickfix.png") });
  // Enter applies the focused (first, preferred) fix: a few lines in the cells, and the server
  // writes the helper module beside the notebook (no client creates files in a notebook)
  await page.keyboard.press("Enter");
  const module = path.join(workspace, "jax_lsp_derivatives.py");
  const moduleText = await waitFor("the helper module beside the notebook", async () =>
    fs.existsSync(module) ? fs.readFileSync(module, "utf8") : "",
  );
  check("notebook: the server wrote jax_lsp_derivatives.py beside it", moduleText.startsWith('"""Generated by jax-lsp'));
  await waitFor("the notebook's squiggle to go away", async () => (await squiggle.count()) === 0);
  await page.keyboard.press("Control+S");
  const saved = await waitFor("the saved notebook", async () => {
    const nb = JSON.parse(fs.readFileSync(path.join(workspace, notebookName), "utf8"));
    const code = nb.cells.filter((c) => c.cell_type === "code").map((c) => [].concat(c.source).join(""));
    return code.some((c) => c.includes("jax_lsp_derivatives")) ? code : "";
  });
  const added = saved.join("\n").split("\n").length - notebookCode.join("\n").split("\n").length;
  check("notebook: the preferred fix added at most 25 lines to the cells", added <= 25, `${added} lines`);
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(opt.screenshots, "notebook-fixed.png") });
}

/** The jax-lsp output channel, filtered to lines containing `filterText`, once it matches `pattern`. */
async function logMatching(page, filterText, pattern, timeout = TIMEOUT) {
  await palette(page, "jax-lsp: Show Logs");
  const filter = page.locator('input[placeholder*="excludeText"]').first();
  await filter.waitFor({ state: "visible", timeout: TIMEOUT });
  await filter.fill(filterText);
  const output = page.locator(".panel .monaco-editor").last();
  return waitFor(`"${filterText}" in the jax-lsp output channel`, async () => {
    const text = await textOf(output);
    return pattern.test(text) ? text : "";
  }, timeout);
}

/** A jax-lsp only on the PATH code-server was launched with (as from an activated venv). */
async function launchPathSession(page) {
  const editor = await openExample(page);
  await editor.locator(".squiggly-error").first().waitFor({ state: "attached", timeout: TIMEOUT });
  const text = await logMatching(page, "PATH (", /PATH \(.*using .*launch-venv/);
  // Which PATH had it: the extension host's own, or (when VS Code replaced it with the login
  // shell's) the one code-server was launched with.
  check("jax-lsp found on the PATH code-server was launched with", true, text.match(/PATH \([^)]*\)?[^)]*\): using [^;]*/)?.[0]);
}

/**
 * A user without jax-lsp (and without the Python extension): the extension installs the server
 * it carries into a private environment, showing progress, and runs it.
 */
async function firstStartSession(page) {
  const editor = await openExample(page);
  if (process.env.JAX_LSP_E2E_PLATFORM_VSIX) {
    // a platform .vsix: the server it carries runs at once, nothing installed (network off
    // when e2e.sh runs under `unshare -n`, see JAX_LSP_E2E_OFFLINE)
    await editor.locator(".squiggly-error").first().waitFor({ state: "attached", timeout: TIMEOUT });
    check("the bundled server reports the finding, with nothing installed", true);
    await page.screenshot({ path: path.join(opt.screenshots, "bundled.png") });
    const log = await logMatching(page, "Bundled server", /nothing to install/);
    check("the unpacked bundled server is the one running", true, log.match(/Bundled server: running[^\n]*/)?.[0]);
    return;
  }
  const toast = page.locator(".notifications-toasts .notification-toast").first();
  const text = await waitFor("the install progress notification", async () => {
    const t = await textOf(toast);
    return t.includes("installing the bundled server") ? t : "";
  });
  check("first start shows the bundled install's progress", true, text.slice(0, 200));
  await page.screenshot({ path: path.join(opt.screenshots, "installing.png") });
  // pip fetches the dependencies from the package index: allow minutes.
  await editor.locator(".squiggly-error").first().waitFor({ state: "attached", timeout: 600000 });
  check("the bundled server reports the finding", true);
  const log = await logMatching(page, "found via", /found via bundled/);
  check("the bundled server is the one running", true, log.match(/Starting.*?\(found via bundled\)/)?.[0]);
}

let exitCode = 1;
try {
  await session("main", { PATH: `${node24Dir}:${process.env.PATH}` }, mainSession);
  if (!process.env.JAX_LSP_PYTHON || process.env.JAX_LSP_E2E_ALL_SESSIONS) {
    // (with JAX_LSP_E2E_ALL_SESSIONS, the interpreter setting served the main session only)
    delete settings["jax-lsp.interpreter"];
    fs.rmSync(machineSettings, { force: true });
    fs.writeFileSync(path.join(userData, "User", "settings.json"), JSON.stringify(settings, null, 2));
    // The sessions below start from the unfixed example, with a fresh HOME whose login shell adds
    // nothing to a bare PATH.
    const home = path.join(tmp, "home");
    fs.mkdirSync(home);
    fs.writeFileSync(examplePath, original);
    // A `jax-lsp` in a directory only on code-server's launch PATH: VS Code replaces the
    // extension host's PATH with the login shell's, so the extension must look further.
    const venvBin = path.join(tmp, "launch-venv", "bin");
    fs.mkdirSync(venvBin, { recursive: true });
    const python = execFileSync("python3", ["-c", "import sys, jax_lsp; print(sys.executable)"], {
      env: { ...process.env, PYTHONPATH: opt.repo },
      encoding: "utf8",
    }).trim();
    fs.writeFileSync(
      path.join(venvBin, "jax-lsp"),
      `#!/bin/sh\nPYTHONPATH=${JSON.stringify(opt.repo)} exec ${JSON.stringify(python)} -m jax_lsp "$@"\n`,
      { mode: 0o755 },
    );
    await session("launch-path", { PATH: `${venvBin}:${node24Dir}:/usr/bin:/bin`, HOME: home }, launchPathSession);
    fs.writeFileSync(examplePath, original);
    await session("first-start", { PATH: `${node24Dir}:/usr/bin:/bin`, HOME: home }, firstStartSession);
  }
  exitCode = 0;
} catch (err) {
  console.error(err);
}
const passed = checks.filter((c) => c.ok).length;
const failed = checks.length - passed + (exitCode && checks.every((c) => c.ok) ? 1 : 0);
console.log(`e2e: ${passed} passed, ${failed} failed in ${elapsed()}`);
process.exit(exitCode);
