/**
 * The jax-lsp VS Code extension: finds the jax-lsp server, runs it over stdio with
 * vscode-languageclient on Python files and notebook cells, and restarts it when its settings or
 * the Python extension's selected interpreter change. All analysis happens in the server.
 */

import { execFile } from "child_process";
import { promises as fs, constants as fsConstants, readFileSync } from "fs";
import * as os from "os";
import * as path from "path";
import * as vscode from "vscode";
import {
  DocumentDiagnosticRequest,
  LanguageClient,
  LanguageClientOptions,
  RevealOutputChannelOn,
  ServerOptions,
  TransportKind,
} from "vscode-languageclient/node";

import {
  BundledWheel,
  environmentState,
  findBundledWheel,
  installBundled,
  nodeBundledHost,
  venvPython,
} from "./bundled";
import { BundledStatus, DiscoveryHost, findServer, PathSource, ServerCommand } from "./discovery";
import { launchPaths } from "./launchPath";
import { onDidChangeInterpreter, selectedInterpreter } from "./python";

const SECTION = "jax-lsp";
/** Settings whose change needs a new server process (`trace.server` is applied live). */
const RESTART_SETTINGS = ["enable", "path", "interpreter", "select", "ignore"];

let client: LanguageClient | undefined;
let output: vscode.LogOutputChannel;
let extensionContext: vscode.ExtensionContext;
/** Start/stop/restart run one after another, never interleaved. */
let queue: Promise<void> = Promise.resolve();

function serialize(task: () => Promise<void>): Promise<void> {
  queue = queue.then(task, task).catch((err) => {
    output.error(`jax-lsp: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
  });
  return queue;
}

function isExecutable(file: string): Promise<boolean> {
  return fs
    .stat(file)
    .then((st) => st.isFile())
    .then((isFile) => (isFile && process.platform !== "win32" ? fs.access(file, fsConstants.X_OK) : undefined))
    .then(
      () => true,
      () => false,
    );
}

function hasJaxLsp(python: string): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(python, ["-c", "import jax_lsp"], { timeout: 20000 }, (err) => resolve(!err));
  });
}

/** Whether `python` runs the server a platform .vsix carries (`server/serve.py`, bundled/libs). */
function runsBundledServer(python: string, serve: string): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(python, ["-I", serve, "--version"], { timeout: 60000 }, (err, stdout) => resolve(!err && String(stdout).startsWith("jax-lsp ")));
  });
}

function firstWorkspaceFolder(): vscode.WorkspaceFolder | undefined {
  const editor = vscode.window.activeTextEditor;
  const folder = editor ? vscode.workspace.getWorkspaceFolder(editor.document.uri) : undefined;
  return folder ?? vscode.workspace.workspaceFolders?.[0];
}

/**
 * The server's configuration keys among the extension's settings, for `initializationOptions`
 * and `workspace/configuration`. Empty lists are left out so that `[tool.jax-lsp]` in
 * pyproject.toml applies; the extension's own settings (path, interpreter, ...) are not sent.
 */
function serverSettings(config: vscode.WorkspaceConfiguration): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const key of ["select", "ignore"]) {
    const value = config.get<string[]>(key, []);
    if (value.length > 0) {
      options[key] = value;
    }
  }
  return options;
}

/** How to install the server by hand, for messages: it is not on PyPI yet. */
const CHECKOUT_INSTALL =
  "install it from a checkout of jax-lsp (python -m pip install /path/to/jax-lsp) and set jax-lsp.interpreter";

const bundledHost = nodeBundledHost();

function bundledDir(): string {
  return extensionContext.asAbsolutePath("bundled");
}

/** The private environment of the bundled server, in the extension's global storage. */
function bundledEnvironment(): string {
  return path.join(extensionContext.globalStorageUri.fsPath, "server-env");
}

async function bundledStatus(): Promise<BundledStatus | undefined> {
  const wheel = await findBundledWheel(bundledDir(), bundledHost);
  if (!wheel) {
    return undefined;
  }
  const venv = bundledEnvironment();
  const unpacked = await bundledHost.readFile(path.join(bundledDir(), "libs", "BUNDLED.json"));
  return {
    wheel: wheel.file,
    version: wheel.version,
    python: venvPython(venv, process.platform),
    state: await environmentState(venv, wheel, bundledHost),
    serve: unpacked === undefined ? undefined : extensionContext.asAbsolutePath(path.join("server", "serve.py")),
  };
}

function pathSources(): PathSource[] {
  const sources: PathSource[] = [{ label: "extension host environment", value: process.env.PATH ?? "" }];
  try {
    sources.push(...launchPaths(process.ppid, (file) => readFileSyncOrUndefined(file)));
  } catch (err) {
    output.warn(`PATH: could not read the PATH VS Code was launched with (${String(err)})`);
  }
  return sources;
}

function readFileSyncOrUndefined(file: string): string | undefined {
  try {
    return readFileSync(file, "latin1");
  } catch {
    return undefined;
  }
}

function showError(message: string, ...actions: string[]): void {
  output.error(message);
  void vscode.window.showErrorMessage(message, ...actions, "Show Logs", "Open Settings").then((choice) => {
    if (choice === "Show Logs") {
      output.show();
    } else if (choice === "Open Settings") {
      void vscode.commands.executeCommand("workbench.action.openSettings", SECTION);
    } else if (choice === INSTALL_ACTION) {
      void vscode.commands.executeCommand("jax-lsp.installBundledServer");
    }
  });
}

const INSTALL_ACTION = "Install Bundled Server";

/**
 * Installs the bundled wheel into the private environment with `baseInterpreter`, with a
 * progress notification; the server command on success, undefined (after saying why) on failure.
 */
async function installBundledServer(status: BundledStatus, baseInterpreter: string): Promise<ServerCommand | undefined> {
  const wheel: BundledWheel = { file: status.wheel, version: status.version };
  output.info(`Bundled server: installing jax-lsp ${status.version} with ${baseInterpreter}`);
  const result = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `jax-lsp: installing the bundled server ${status.version}` },
    (progress) =>
      installBundled(wheel, bundledEnvironment(), baseInterpreter, bundledHost, (message) => {
        output.info(`Bundled server: ${message}`);
        progress.report({ message });
      }),
  );
  for (const line of result.log) {
    output.info(line);
  }
  if (result.ok) {
    return { command: result.python, args: ["-m", "jax_lsp", "serve"], source: "bundled" };
  }
  output.error(`Bundled server: this command failed: ${result.failedCommand}\n${result.output}`);
  showError(
    `jax-lsp: installing the bundled server failed: \`${result.failedCommand}\` (its output is in the log). ` +
      `Retry, or ${CHECKOUT_INSTALL}.`,
    INSTALL_ACTION,
  );
  return undefined;
}

/**
 * The server to run: found by `findServer`, else the bundled one, installed first when needed
 * (always when `reinstall`). Undefined after telling the user why there is none.
 */
async function discover(reinstall = false): Promise<ServerCommand | undefined> {
  const config = vscode.workspace.getConfiguration(SECTION);
  const folder = firstWorkspaceFolder();
  const host: DiscoveryHost = {
    selectedInterpreter: () => selectedInterpreter(folder?.uri),
    hasJaxLsp,
    runsBundledServer,
    isExecutable,
    pathSources: pathSources(),
    platform: process.platform,
    home: os.homedir(),
    workspaceFolder: folder?.uri.fsPath,
    workspaceTrusted: vscode.workspace.isTrusted,
    bundled: async () => {
      const status = await bundledStatus();
      return status && reinstall ? { ...status, state: "stale" } : status;
    },
  };
  const result = await findServer(
    { path: config.get<string>("path", ""), interpreter: config.get<string>("interpreter", "") },
    host,
  );
  for (const line of result.log) {
    output.info(line);
  }
  if (result.kind === "found") {
    if (reinstall && result.server.source !== "bundled") {
      output.info(`Bundled server: not installed, the server found via ${result.server.source} comes first`);
    }
    return result.server;
  }
  if (result.kind === "bad-setting") {
    showError(result.message);
    return undefined;
  }
  if (result.bundled && result.baseInterpreter) {
    return installBundledServer(result.bundled, result.baseInterpreter);
  }
  const why = result.bundled
    ? "no Python interpreter was found to install the bundled server with (select one with Python: Select Interpreter, or put python3 on PATH), and"
    : "this build of the extension carries no server, and";
  showError(
    "jax-lsp: the jax-lsp server was not found (looked at jax-lsp.path, jax-lsp.interpreter, the Python " +
      `extension's interpreter, PATH and the bundled server; see the log): ${why} none is installed. ` +
      `Install the bundled server, or ${CHECKOUT_INSTALL}.`,
    ...(result.bundled ? [INSTALL_ACTION] : []),
  );
  return undefined;
}

async function start(reinstall = false): Promise<void> {
  const config = vscode.workspace.getConfiguration(SECTION);
  if (!config.get<boolean>("enable", true)) {
    output.info("jax-lsp.enable is false: the server is not started");
    return;
  }
  const server = await discover(reinstall);
  if (!server) {
    return;
  }
  output.info(`Starting: ${[server.command, ...server.args].join(" ")} (found via ${server.source})`);
  const folder = firstWorkspaceFolder();
  const serverOptions: ServerOptions = {
    command: server.command,
    args: server.args,
    transport: TransportKind.stdio,
    options: { cwd: folder?.uri.fsPath, env: { ...process.env, PYTHONUNBUFFERED: "1" } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: "file", language: "python" },
      { scheme: "untitled", language: "python" },
      // Notebook cells (Jupyter and the interactive window) are Python text documents: hover and
      // code actions on them. The cells of Jupyter notebooks are synchronised through the
      // server's `notebookDocumentSync` (vscode-languageclient then sends them with
      // notebookDocument/* instead of textDocument/*); those of the interactive window alone.
      { scheme: "vscode-notebook-cell", language: "python" },
    ],
    initializationOptions: serverSettings(config),
    middleware: {
      workspace: {
        // Answer the server's `workspace/configuration` for "jax-lsp" with the same filtered view.
        configuration: async (params, token, next) => {
          const result = await next(params, token);
          if (!Array.isArray(result)) {
            return result;
          }
          return result.map((value, i) => {
            const item = params.items[i];
            if (item?.section !== SECTION) {
              return value;
            }
            const scope = item.scopeUri ? vscode.Uri.parse(item.scopeUri) : undefined;
            return serverSettings(vscode.workspace.getConfiguration(SECTION, scope));
          });
        },
      },
    },
    outputChannel: output,
    traceOutputChannel: output,
    revealOutputChannelOn: RevealOutputChannelOn.Never,
  };
  client = new LanguageClient(SECTION, "jax-lsp", serverOptions, clientOptions);
  usePushDiagnostics(client);
  await client.start();
  output.info("jax-lsp server started");
}

/**
 * Have the server push diagnostics (textDocument/publishDiagnostics) instead of VS Code pulling
 * them. vscode-languageclient 9 pulls only for documents shown in a text editor tab, so notebook
 * cells (synced as Python text documents) would never get diagnostics; jax-lsp pushes to clients
 * that do not announce pull support, which covers files and cells alike.
 */
function usePushDiagnostics(languageClient: LanguageClient): void {
  const pull = languageClient.getFeature(DocumentDiagnosticRequest.method);
  if (pull) {
    pull.fillClientCapabilities = () => undefined; // no textDocument.diagnostic capability
    pull.initialize = () => undefined; // and no pulling from the server's diagnosticProvider
    pull.register = () => undefined;
  }
}

async function stop(): Promise<void> {
  const running = client;
  client = undefined;
  if (running) {
    try {
      await running.stop(5000);
    } catch (err) {
      output.warn(`jax-lsp: stopping the server failed: ${String(err)}`);
    }
  }
}

function restart(reason: string, reinstall = false): Promise<void> {
  return serialize(async () => {
    output.info(`Restarting the server: ${reason}`);
    await stop();
    await start(reinstall);
  });
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  output = vscode.window.createOutputChannel("jax-lsp", { log: true });
  extensionContext = context;
  context.subscriptions.push(output);

  context.subscriptions.push(
    vscode.commands.registerCommand("jax-lsp.restart", () => restart("jax-lsp: Restart Server")),
    vscode.commands.registerCommand("jax-lsp.showLogs", () => output.show()),
    vscode.commands.registerCommand("jax-lsp.installBundledServer", () =>
      restart("jax-lsp: Install Bundled Server", true),
    ),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (RESTART_SETTINGS.some((key) => event.affectsConfiguration(`${SECTION}.${key}`))) {
        void restart("settings changed");
      }
    }),
  );

  try {
    const interpreterWatch = await onDidChangeInterpreter(() => {
      const config = vscode.workspace.getConfiguration(SECTION);
      // Only a server found through the Python extension depends on its selection.
      if (!config.get<string>("path", "").trim() && !config.get<string>("interpreter", "").trim()) {
        void restart("the selected Python interpreter changed");
      }
    });
    if (interpreterWatch) {
      context.subscriptions.push(interpreterWatch);
    }
  } catch (err) {
    output.warn(`Python extension: cannot watch the selected interpreter (${String(err)})`);
  }

  await serialize(start);
}

export function deactivate(): Promise<void> {
  return serialize(stop);
}
