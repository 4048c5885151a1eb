//! Zed cannot start a language server from settings alone: an extension says how. This one
//! starts `jax-lsp serve` (found on the worktree's PATH, or `lsp.jax-lsp.binary` in Zed's
//! settings) and hands it the `lsp.jax-lsp` settings, so that jax-lsp runs beside Zed's own
//! Python servers. It downloads nothing: the server is installed by the user.

use zed_extension_api::{
    self as zed, serde_json, settings::LspSettings, LanguageServerId, Result, Worktree,
};

/// The server's executable and its stdio mode (what every jax-lsp integration runs).
const EXECUTABLE: &str = "jax-lsp";
const ARGS: [&str; 1] = ["serve"];

struct JaxLsp;

impl zed::Extension for JaxLsp {
    fn new() -> Self {
        JaxLsp
    }

    fn language_server_command(
        &mut self,
        server: &LanguageServerId,
        worktree: &Worktree,
    ) -> Result<zed::Command> {
        let binary = LspSettings::for_worktree(server.as_ref(), worktree)?.binary;
        let command = binary
            .as_ref()
            .and_then(|b| b.path.clone())
            .or_else(|| worktree.which(EXECUTABLE))
            .ok_or_else(|| {
                format!(
                    "`{EXECUTABLE}` is not on the PATH Zed sees: install it (editors/README.md) \
                     or set lsp.jax-lsp.binary.path in Zed's settings"
                )
            })?;
        let args = binary
            .as_ref()
            .and_then(|b| b.arguments.clone())
            .unwrap_or_else(|| ARGS.iter().map(|a| a.to_string()).collect());
        // the worktree's shell environment (an activated venv), with the settings' env on top
        let mut env = worktree.shell_env();
        for (key, value) in binary.and_then(|b| b.env).unwrap_or_default() {
            env.retain(|(existing, _)| existing != &key);
            env.push((key, value));
        }
        Ok(zed::Command { command, args, env })
    }

    /// `lsp.jax-lsp.initialization_options`: sent with `initialize`.
    fn language_server_initialization_options(
        &mut self,
        server: &LanguageServerId,
        worktree: &Worktree,
    ) -> Result<Option<serde_json::Value>> {
        Ok(LspSettings::for_worktree(server.as_ref(), worktree)?.initialization_options)
    }

    /// `lsp.jax-lsp.settings`, under the `jax-lsp` section the server asks for with
    /// `workspace/configuration`.
    fn language_server_workspace_configuration(
        &mut self,
        server: &LanguageServerId,
        worktree: &Worktree,
    ) -> Result<Option<serde_json::Value>> {
        let settings = LspSettings::for_worktree(server.as_ref(), worktree)?.settings;
        Ok(settings.map(|s| serde_json::json!({ "jax-lsp": s })))
    }
}

zed::register_extension!(JaxLsp);
