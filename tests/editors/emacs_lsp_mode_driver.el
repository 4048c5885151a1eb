;;; emacs_lsp_mode_driver.el --- drive Emacs + lsp-mode through jax-lsp in batch  -*- lexical-binding: t; -*-

;; emacs --batch -l emacs_lsp_mode_driver.el OUT.json FILE EDITORS_EMACS_DIR [CMD...]
;;
;; Loads the shipped editors/emacs/lsp-jax.el (jax-lsp as an lsp-mode add-on client), opens FILE
;; in python-mode, runs `lsp', waits for jax-lsp's diagnostics, reads the hover as
;; `lsp-describe-thing-at-point' shows it, executes the preferred quickfix with
;; `lsp-execute-code-action', and waits for the diagnostic to go away. CMD, when given, replaces
;; `lsp-jax-server-command'. Batch Emacs has no command loop: the driver starts Flymake checks.

(require 'package)
(package-initialize)
(require 'json)
(require 'cl-lib)

(defvar jax-driver-out (nth 0 command-line-args-left))
(defvar jax-driver-file (nth 1 command-line-args-left))
(defvar jax-driver-dir (nth 2 command-line-args-left))
(defvar jax-driver-cmd (nthcdr 3 command-line-args-left))
(setq command-line-args-left nil)

;; How long each step may take. The longest is fix-on-save's: the resolve of "Fix all" runs
;; `--fix`'s pipeline, about 1 s at rest and 7-16 s at load 20-35 (docs/measurements.md), past
;; `lsp-response-timeout''s 10 s, after which lsp-mode aborts the save: its requests wait as
;; long as the steps (`jax-driver-run'). A step that never happens still fails the run.
(defvar jax-driver-wait (string-to-number (or (getenv "JAX_LSP_EMACS_WAIT") "90")))
(defvar jax-driver-result nil)

(defun jax-driver-record (key value)
  (setq jax-driver-result (append jax-driver-result (list (cons key value)))))

(defun jax-driver-jax-diagnostics ()
  "lsp-mode's diagnostics for this file that came from jax-lsp."
  (cl-remove-if-not (lambda (d) (equal (lsp:diagnostic-source? d) "jax-lsp"))
                    (gethash (lsp--fix-path-casing buffer-file-name) (lsp-diagnostics t))))

(defun jax-driver-wait-for (what predicate)
  (let ((deadline (+ (float-time) jax-driver-wait))
        (next-flymake 0))
    (while (not (funcall predicate))
      (when (> (float-time) deadline)
        (error "Timed out waiting for %s" what))
      (when (and (bound-and-true-p flymake-mode) (> (float-time) next-flymake))
        (flymake-start)
        (setq next-flymake (+ (float-time) 0.2)))
      (accept-process-output nil 0.05))))

(defun jax-driver-diag-json (d)
  (let* ((start (lsp:range-start (lsp:diagnostic-range d)))
         (line (lsp:position-line start)))
    `((line . ,(1+ line))
      (column . ,(lsp:position-character start))
      (code . ,(lsp:diagnostic-code? d))
      (text . ,(lsp:diagnostic-message d))
      (line_text . ,(save-excursion
                      (goto-char (point-min))
                      (forward-line line)
                      (buffer-substring-no-properties (line-beginning-position)
                                                      (line-end-position)))))))

(defun jax-driver-run ()
  (setq lsp-session-file (expand-file-name ".lsp-session-v1" "~")
        lsp-enabled-clients '(jax-lsp)
        lsp-auto-guess-root nil
        lsp-keep-workspace-alive nil
        lsp-diagnostics-provider :flymake
        lsp-enable-file-watchers nil
        lsp-headerline-breadcrumb-enable nil
        lsp-modeline-code-actions-enable nil
        lsp-response-timeout jax-driver-wait)
  (add-to-list 'load-path jax-driver-dir)
  (require 'lsp-mode)
  (when jax-driver-cmd
    (setq lsp-jax-server-command jax-driver-cmd))
  (require 'lsp-jax)
  (jax-driver-record 'lsp_mode_version (lsp-version))
  (let ((started (float-time)))
    (find-file jax-driver-file)
    ;; What "i: Import project root" at lsp-mode's first prompt does.
    (lsp-workspace-folders-add (file-name-directory jax-driver-file))
    (lsp)
    (jax-driver-wait-for "jax-lsp to initialize"
                         (lambda ()
                           (cl-some (lambda (w) (eq (lsp--workspace-status w) 'initialized))
                                    (lsp-workspaces))))
    (jax-driver-record 'server_ids (vconcat (mapcar #'lsp--workspace-server-id (lsp-workspaces))))

    ;; 1. Diagnostics (lsp-mode's store, shown through Flymake).
    (jax-driver-wait-for "jax-lsp diagnostics" (lambda () (jax-driver-jax-diagnostics)))
    (let* ((diags (jax-driver-jax-diagnostics))
           (first (car diags))
           (start (lsp:range-start (lsp:diagnostic-range first))))
      (jax-driver-record 'diagnostics (vconcat (mapcar #'jax-driver-diag-json diags)))
      (jax-driver-record 'seconds_to_diagnostics (- (float-time) started))
      (jax-driver-wait-for "Flymake to show it" (lambda () (flymake-diagnostics)))
      (jax-driver-record 'flymake (vconcat (mapcar #'flymake-diagnostic-text (flymake-diagnostics))))

      ;; 2. Hover: M-x lsp-describe-thing-at-point on the finding.
      (goto-char (lsp--position-to-point start))
      (lsp-describe-thing-at-point)
      (jax-driver-record 'hover (with-current-buffer "*lsp-help*"
                                  (buffer-substring-no-properties (point-min) (point-max))))

      ;; 3. The quickfixes at the finding; execute the preferred one.
      (let* ((before (buffer-substring-no-properties (point-min) (point-max)))
             (tick (buffer-chars-modified-tick))
             (actions (append (lsp-code-actions-at-point "quickfix") nil))
             (preferred (cl-find-if #'lsp:code-action-is-preferred? actions)))
        (jax-driver-record 'code_actions (vconcat (mapcar #'lsp:code-action-title actions)))
        (unless preferred
          (error "No preferred quickfix among %S" (mapcar #'lsp:code-action-title actions)))
        (if (getenv "JAX_LSP_EMACS_FIX_ON_SAVE")
            ;; the README's fix-on-save: the hook, then C-x C-s
            (progn
              (jax-driver-record 'applied "source.fixAll.jax-lsp")
              (add-hook 'before-save-hook #'lsp-jax-fix-all nil t)
              (set-buffer-modified-p t) ; as after typing: save-buffer skips an unmodified buffer
              (save-buffer))
          (jax-driver-record 'applied (lsp:code-action-title preferred))
          (lsp-jax-fix-preferred))
        (jax-driver-wait-for "the code action to edit the buffer"
                             (lambda () (/= tick (buffer-chars-modified-tick))))

        ;; 4. Diagnostics after the edit.
        (let ((gone (condition-case nil
                        (progn (jax-driver-wait-for "the diagnostic to go away"
                                                    (lambda () (null (jax-driver-jax-diagnostics))))
                               t)
                      (error nil))))
          (jax-driver-record 'changed
                             (not (equal before (buffer-substring-no-properties
                                                 (point-min) (point-max)))))
          (jax-driver-record 'diagnostics_after
                             (vconcat (mapcar #'jax-driver-diag-json (jax-driver-jax-diagnostics))))
          (jax-driver-record 'diagnostic_gone (if gone t :json-false))
          (jax-driver-record 'after (buffer-substring-no-properties (point-min) (point-max)))
          (jax-driver-record 'seconds_total (- (float-time) started)))))
    (set-buffer-modified-p nil)))

(let ((ok (condition-case err
              (progn (jax-driver-run) t)
            (error (jax-driver-record 'error (error-message-string err)) nil))))
  (jax-driver-record 'ok (if ok t :json-false))
  (ignore-errors (lsp-workspace-shutdown (car (lsp-workspaces))))
  (with-temp-file jax-driver-out
    (insert (json-encode jax-driver-result)))
  (kill-emacs 0))

;;; emacs_lsp_mode_driver.el ends here
