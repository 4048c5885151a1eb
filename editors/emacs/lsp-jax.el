;;; lsp-jax.el --- lsp-mode client for jax-lsp  -*- lexical-binding: t; -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "27.1") (lsp-mode "8.0.0"))
;; Keywords: languages, tools, python
;; SPDX-License-Identifier: MIT

;;; Commentary:

;; jax-lsp finds JAX host callbacks (jax.pure_callback, io_callback, ...) reached by automatic
;; differentiation, explains on hover the error JAX would raise, and fixes it with code actions.
;;
;; This registers jax-lsp as an lsp-mode *add-on* client: it runs beside your usual Python
;; server (pyright, basedpyright, pylsp, ruff, ...) instead of replacing it.
;;
;;   (add-to-list 'load-path "/path/to/jax-lsp/editors/emacs")
;;   (with-eval-after-load 'lsp-mode (require 'lsp-jax))
;;   (add-hook 'python-mode-hook #'lsp-deferred)      ; python-ts-mode-hook too
;;
;; See editors/emacs/README.md.

;;; Code:

(require 'lsp-mode)

(defgroup lsp-jax nil
  "jax-lsp: JAX autodiff checks for Python."
  :group 'lsp-mode
  :link '(url-link "https://pypi.org/project/jax-lsp/"))

(defcustom lsp-jax-server-command '("jax-lsp" "serve")
  "Command that starts jax-lsp over stdio.
For a project virtual environment, e.g.
  (\"/path/to/venv/bin/python\" \"-m\" \"jax_lsp\" \"serve\")."
  :type '(repeat string)
  :group 'lsp-jax)

(defcustom lsp-jax-select nil
  "Codes or code prefixes to report (\"JAX\", \"JAX001\", ...).
nil: use `[tool.jax-lsp] select' from pyproject.toml, else every code."
  :type '(repeat string)
  :group 'lsp-jax)

(defcustom lsp-jax-ignore nil
  "Codes or code prefixes never to report (the more specific of this and
`lsp-jax-select' wins for a code, as in ruff; the same selector: ignored).
nil: use `[tool.jax-lsp] ignore' from pyproject.toml."
  :type '(repeat string)
  :group 'lsp-jax)

(defun lsp-jax--initialization-options ()
  "The server settings that are set; unset ones leave pyproject.toml in charge."
  (let ((options (make-hash-table :test #'equal)))
    (when lsp-jax-select
      (puthash "select" (vconcat lsp-jax-select) options))
    (when lsp-jax-ignore
      (puthash "ignore" (vconcat lsp-jax-ignore) options))
    options))

(lsp-register-client
 (make-lsp-client
  :new-connection (lsp-stdio-connection (lambda () lsp-jax-server-command))
  :activation-fn (lsp-activate-on "python")
  :server-id 'jax-lsp
  :add-on? t
  :priority -2
  :initialization-options #'lsp-jax--initialization-options))

(defun lsp-jax-fix-preferred ()
  "Apply the quick fix jax-lsp marks preferred for the finding at point.
lsp-mode's own menu (`lsp-execute-code-action') has no default and its
completion may sort the titles."
  (interactive)
  (let ((preferred (seq-find #'lsp:code-action-is-preferred?
                             (lsp-code-actions-at-point "quickfix"))))
    (if preferred
        (lsp-execute-code-action preferred)
      (user-error "No preferred jax-lsp fix here"))))

(defun lsp-jax-fix-all ()
  "Apply jax-lsp's safe fixes to the buffer (`source.fixAll.jax-lsp').
For fix-on-save, in a Python buffer:
  (add-hook \='before-save-hook #\='lsp-jax-fix-all nil t)"
  (interactive)
  (condition-case nil
      (lsp-execute-code-action-by-kind "source.fixAll.jax-lsp")
    (lsp-no-code-actions nil)))

(provide 'lsp-jax)
;;; lsp-jax.el ends here
