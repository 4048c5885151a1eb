;;; eglot-jax.el --- Eglot entry for jax-lsp  -*- lexical-binding: t; -*-

;; SPDX-License-Identifier: MIT

;;; Commentary:

;; jax-lsp finds JAX host callbacks (jax.pure_callback, io_callback, ...) reached by automatic
;; differentiation, explains on hover the error JAX would raise, and fixes it with code actions.
;;
;;   (add-to-list 'load-path "/path/to/jax-lsp/editors/emacs")
;;   (require 'eglot-jax)
;;   (add-hook 'python-mode-hook #'eglot-ensure)      ; python-ts-mode-hook too
;;
;; Eglot runs one server per buffer, so this entry makes jax-lsp *the* Python server of Eglot.
;; To keep another server (basedpyright, pylsp, ruff, ...) as well, set
;; `eglot-jax-server-command' to run both through the LSP multiplexer rassumfrassum
;; (`pip install rassumfrassum') with the preset beside this file, which keeps jax-lsp's hover
;; (rass alone asks only its first server for hover):
;;
;;   (setq eglot-jax-server-command
;;         '("rass" "/path/to/jax-lsp/editors/emacs/rass/jax.py"
;;           "--" "basedpyright-langserver" "--stdio" "--" "jax-lsp" "serve"))
;;
;; or use lsp-mode with lsp-jax.el, whose jax-lsp client is an add-on beside any other.
;; See editors/emacs/README.md.

;;; Code:

(require 'cl-lib)
(require 'eglot)

(defvar eglot-jax-server-command '("jax-lsp" "serve")
  "Command that starts jax-lsp (or a multiplexer running it) over stdio.
Set it before loading this file, or call `eglot-jax-register' again
after changing it.")

(defun eglot-jax-register ()
  "Make `eglot-jax-server-command' Eglot's server for Python buffers."
  (let ((modes (if (fboundp 'python-ts-mode) '(python-mode python-ts-mode) '(python-mode))))
    (setq eglot-server-programs
          (cons (cons modes eglot-jax-server-command)
                (cl-remove-if (lambda (entry) (equal (car entry) modes)) eglot-server-programs)))))

(eglot-jax-register)

(defun eglot-jax-fix-all ()
  "Apply jax-lsp's safe fixes to the buffer (`source.fixAll.jax-lsp').
For fix-on-save, in a Python buffer:
  (add-hook \='before-save-hook #\='eglot-jax-fix-all nil t)
Does nothing where Eglot does not manage the buffer or nothing is fixable."
  (interactive)
  (when (eglot-managed-p)
    (condition-case nil
        (eglot-code-actions (point-min) (point-max) "source.fixAll.jax-lsp" t)
      (error nil))))

(provide 'eglot-jax)
;;; eglot-jax.el ends here
