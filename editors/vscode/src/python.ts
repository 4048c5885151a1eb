/**
 * The few parts of the Python extension's (ms-python.python) public API that jax-lsp uses:
 * the selected interpreter and its change event. Typed here by hand so that the extension
 * needs no dependency on the Python extension's npm package.
 */

import * as vscode from "vscode";

interface ResolvedEnvironment {
  executable: { uri?: vscode.Uri };
}

interface EnvironmentsApi {
  getActiveEnvironmentPath(resource?: vscode.Uri): { path: string };
  resolveEnvironment(env: { path: string } | string): Promise<ResolvedEnvironment | undefined>;
  onDidChangeActiveEnvironmentPath: vscode.Event<unknown>;
}

interface LegacySettingsApi {
  getExecutionDetails(resource?: vscode.Uri): { execCommand: string[] | undefined };
  onDidChangeExecutionDetails: vscode.Event<unknown>;
}

interface PythonExtensionApi {
  environments?: EnvironmentsApi;
  settings?: LegacySettingsApi;
}

const PYTHON_EXTENSION_ID = "ms-python.python";

async function api(): Promise<PythonExtensionApi | undefined> {
  const ext = vscode.extensions.getExtension<PythonExtensionApi>(PYTHON_EXTENSION_ID);
  if (!ext) {
    return undefined;
  }
  if (!ext.isActive) {
    await ext.activate();
  }
  return ext.exports;
}

/** The interpreter selected in the Python extension for `resource`, if any. */
export async function selectedInterpreter(resource?: vscode.Uri): Promise<string | undefined> {
  const python = await api();
  if (!python) {
    return undefined;
  }
  if (python.environments) {
    const active = python.environments.getActiveEnvironmentPath(resource);
    const resolved = await python.environments.resolveEnvironment(active);
    const exe = resolved?.executable.uri?.fsPath;
    if (exe) {
      return exe;
    }
  }
  const command = python.settings?.getExecutionDetails(resource).execCommand;
  // A multi-word execCommand (e.g. `conda run -n env python`) cannot be used as an interpreter path.
  return command && command.length === 1 ? command[0] : undefined;
}

/** Calls `listener` when the selected interpreter changes; a no-op without the Python extension. */
export async function onDidChangeInterpreter(listener: () => void): Promise<vscode.Disposable | undefined> {
  const python = await api();
  if (python?.environments) {
    return python.environments.onDidChangeActiveEnvironmentPath(listener);
  }
  if (python?.settings) {
    return python.settings.onDidChangeExecutionDetails(listener);
  }
  return undefined;
}
