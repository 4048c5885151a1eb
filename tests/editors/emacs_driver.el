;;; emacs_driver.el --- drive Emacs + Eglot through jax-lsp in batch mode  -*- lexical-binding: t; -*-

;; emacs --batch -l emacs_driver.el OUT.json FILE EDITORS_EMACS_DIR [CMD...]
;;
;; Loads the shipped editors/emacs/eglot-jax.el, opens FILE in python-mode, connects Eglot, waits
;; for jax-lsp's diagnostics in Flymake, reads the hover through Eldoc's hover function, runs
;; `eglot-code-actions' for quickfixes at the finding and accepts its default (the preferred
;; action, as RET at the prompt does), then waits for the diagnostic to go away. CMD, when given,
;; replaces `eglot-jax-server-command'. What the editor showed goes to OUT.json.
;;
;; Batch Emacs has no command loop, so the driver does what the loop would: it starts Flymake
;; checks and flushes Eglot's pending didChange (an idle timer in an interactive session).

(require 'package)
(package-initialize)
(require 'json)
(require 'cl-lib)

(defvar jax-driver-out (nth 0 command-line-args-left))
(defvar jax-driver-file (nth 1 command-line-args-left))
(defvar jax-driver-dir (nth 2 command-line-args-left))
(defvar jax-driver-cmd (nthcdr 3 command-line-args-left))
(setq command-line-args-left nil)

;; How long each step may take. The longest is fix-on-save's: its request runs `--fix`'s
;; pipeline, about 1 s at rest and 7-16 s at load 20-35 (docs/measurements.md), past
;; jsonrpc's 10 s default request timeout, after which `eglot-jax-fix-all' saves unfixed:
;; Eglot's requests wait as long as the steps. A step that never happens still fails the run.
(defvar jax-driver-wait (string-to-number (or (getenv "JAX_LSP_EMACS_WAIT") "90")))
(require 'jsonrpc)
(setq jsonrpc-default-request-timeout jax-driver-wait)
(defvar jax-driver-result nil "Alist of what the editor showed, in order.")

(defun jax-driver-record (key value)
  (setq jax-driver-result (append jax-driver-result (list (cons key value)))))

(defun jax-driver-jax-diagnostics ()
  "Flymake's diagnostics in this buffer that came from jax-lsp."
  (cl-remove-if-not
   (lambda (d)
     (let ((lsp (cdr (assoc 'eglot-lsp-diag (flymake-diagnostic-data d)))))
       (equal (plist-get lsp :source) "jax-lsp")))
   (flymake-diagnostics)))

(defun jax-driver-pump ()
  "One turn of what the command loop would do."
  (accept-process-output nil 0.05)
  (when (and (bound-and-true-p eglot--managed-mode) eglot--change-idle-timer)
    (cancel-timer eglot--change-idle-timer)
    (setq eglot--change-idle-timer nil)
    (eglot--signal-textDocument/didChange)))

(defun jax-driver-wait-for (what predicate)
  (let ((deadline (+ (float-time) jax-driver-wait))
        (next-flymake 0))
    (while (not (funcall predicate))
      (when (> (float-time) deadline)
        (error "Timed out waiting for %s" what))
      (when (> (float-time) next-flymake)
        (flymake-start)
        (setq next-flymake (+ (float-time) 0.2)))
      (jax-driver-pump))))

(defun jax-driver-diag-json (d)
  (let ((lsp (cdr (assoc 'eglot-lsp-diag (flymake-diagnostic-data d)))))
    `((line . ,(line-number-at-pos (flymake-diagnostic-beg d)))
      (column . ,(save-excursion (goto-char (flymake-diagnostic-beg d)) (current-column)))
      (code . ,(plist-get lsp :code))
      (type . ,(symbol-name (flymake-diagnostic-type d)))
      (text . ,(flymake-diagnostic-text d))
      (line_text . ,(save-excursion
                      (goto-char (flymake-diagnostic-beg d))
                      (buffer-substring-no-properties (line-beginning-position)
                                                      (line-end-position)))))))

(defun jax-driver-run ()
  (add-to-list 'load-path jax-driver-dir)
  (when jax-driver-cmd
    (setq eglot-jax-server-command jax-driver-cmd))
  (require 'eglot-jax)
  (jax-driver-record 'eglot_version (or (bound-and-true-p eglot--version)
                                        (let ((lib (locate-library "eglot")))
                                          (and lib (file-name-directory lib)))))
  (jax-driver-record 'emacs_version emacs-version)
  (jax-driver-record 'server_command (assoc-default 'python-mode eglot-server-programs
                                                    (lambda (key mode)
                                                      (if (listp key) (memq mode key)
                                                        (eq key mode)))))
  (let ((started (float-time)))
    (find-file jax-driver-file)
    (jax-driver-record 'major_mode (symbol-name major-mode))
    (apply #'eglot (eglot--guess-contact))
    (jax-driver-wait-for "Eglot to manage the buffer"
                         (lambda () (bound-and-true-p eglot--managed-mode)))
    (jax-driver-record 'server_name
                       (plist-get (eglot--server-info (eglot-current-server)) :name))

    ;; 1. Diagnostics, as Flymake holds them (what the fringe, M-n and flymake-show-... show).
    (jax-driver-wait-for "jax-lsp diagnostics" (lambda () (jax-driver-jax-diagnostics)))
    (let* ((diags (jax-driver-jax-diagnostics))
           (first (car diags)))
      (jax-driver-record 'diagnostics (vconcat (mapcar #'jax-driver-diag-json diags)))
      (jax-driver-record 'seconds_to_diagnostics (- (float-time) started))

      ;; 2. Hover: what Eldoc shows at point on the finding.
      (goto-char (flymake-diagnostic-beg first))
      (let (hover)
        (eglot-hover-eldoc-function (lambda (info &rest _) (setq hover (or info ""))))
        (jax-driver-wait-for "the hover" (lambda () hover))
        (jax-driver-record 'hover (substring-no-properties hover)))

      ;; 3. M-x eglot-code-actions with kind quickfix at the finding, RET at the prompt.
      (let* ((before (buffer-substring-no-properties (point-min) (point-max)))
             (tick (buffer-chars-modified-tick))
             offered default
             ;; A keyboard invocation (not a mouse menu), as from M-x.
             (last-nonmenu-event ?\r))
        (if (getenv "JAX_LSP_EMACS_FIX_ON_SAVE")
            ;; the README's fix-on-save: the hook, then C-x C-s
            (progn
              (add-hook 'before-save-hook #'eglot-jax-fix-all nil t)
              (setq offered '("source.fixAll.jax-lsp") default "source.fixAll.jax-lsp")
              (set-buffer-modified-p t) ; as after typing: save-buffer skips an unmodified buffer
              (save-buffer))
          (cl-letf (((symbol-function 'completing-read)
                     (lambda (_prompt collection &optional _pred _req _init _hist def &rest _)
                       (setq offered (mapcar #'car collection) default def)
                       def)))
            (eglot-code-actions (flymake-diagnostic-beg first) (flymake-diagnostic-end first)
                                "quickfix" t)))
        (jax-driver-record 'code_actions (vconcat offered))
        (jax-driver-record 'applied default)
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
  (ignore-errors
    (let ((server (eglot-current-server)))
      (when server (eglot-shutdown server))))
  (with-temp-file jax-driver-out
    (insert (json-encode jax-driver-result)))
  (kill-emacs 0))

;;; emacs_driver.el ends here
