;;; test.el --- rigls in a real Emacs with eglot, in batch mode -*- lexical-binding: t; -*-

;; End-to-end test of editors/emacs/rigls.el: a real Emacs (Debian's emacs-nox and elpa-eglot)
;; opens the fixtures, eglot starts the rigls binary under test, and the checks read what a user
;; gets: flymake diagnostics, the hover eldoc shows, completion-at-point.  Run by run.sh, which
;; sets RIGLS_REPO, RIGLS_BIN and RIGLS_WORKSPACE (a scratch copy of tests/e2e/fixtures).
;; Prints one `ok'/`not ok' line per check and `emacs: N passed, N failed'; exits 1 on failure.

;;; Code:

(require 'package)
(package-initialize) ; Debian's elpa-eglot lives in /usr/share/emacs/site-lisp/elpa
(require 'cl-lib)
(require 'subr-x)
(require 'eglot)
(require 'flymake)

(defvar rigls-test-repo (or (getenv "RIGLS_REPO") (error "RIGLS_REPO is not set")))
(defvar rigls-test-bin (or (getenv "RIGLS_BIN") (error "RIGLS_BIN is not set")))
(defvar rigls-test-workspace (or (getenv "RIGLS_WORKSPACE") (error "RIGLS_WORKSPACE is not set")))
(defvar rigls-test-timeout 15)
(defvar rigls-test-passed 0)
(defvar rigls-test-failed 0)

(load (expand-file-name "editors/emacs/rigls.el" rigls-test-repo) nil t)
;; Only the binary is the test's own; modes and the eglot entry come from rigls.el.
(setq rigls-program rigls-test-bin)
(setq eglot-sync-connect t
      eglot-autoshutdown t
      eglot-events-buffer-size 0)

(defun rigls-test-out (fmt &rest args)
  (princ (concat (apply #'format fmt args) "\n")))

(defmacro rigls-test-check (name &rest body)
  "Run BODY as the check NAME: it passes unless BODY signals."
  (declare (indent 1))
  `(condition-case err
       (progn ,@body
              (setq rigls-test-passed (1+ rigls-test-passed))
              (rigls-test-out "ok - %s" ,name))
     (error
      (setq rigls-test-failed (1+ rigls-test-failed))
      (rigls-test-out "not ok - %s" ,name)
      (dolist (line (split-string (error-message-string err) "\n"))
        (rigls-test-out "#   %s" line)))))

(defun rigls-test-eq (what actual expected)
  (unless (equal actual expected)
    (error "%s:\n    expected %S\n    got      %S" what expected actual)))

(defun rigls-test-wait (what pred)
  "Process input until PRED holds, or fail with WHAT after `rigls-test-timeout' seconds."
  (let ((deadline (+ (float-time) rigls-test-timeout)) value)
    (while (and (not (setq value (funcall pred))) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    (or value (error "timed out waiting for %s" what))))

(defun rigls-test-open (name)
  (find-file (expand-file-name name rigls-test-workspace))
  (current-buffer))

(defun rigls-test-connect ()
  "Start eglot for the current buffer as M-x eglot would, without the prompts; a buffer opened
while rigls runs for its project is managed by it on its own, as with `eglot-ensure'."
  (unless (eglot-current-server)
    (apply #'eglot (eglot--guess-contact)))
  (rigls-test-wait "eglot to manage the buffer" (lambda () (and (eglot-current-server) eglot--managed-mode))))

(defun rigls-test-goto (text &optional offset)
  "Put point OFFSET characters after the start of the first TEXT in the buffer."
  (goto-char (point-min))
  (unless (search-forward text nil t) (error "no %S in %s" text (buffer-name)))
  (goto-char (+ (match-beginning 0) (or offset 0))))

(defun rigls-test-diagnostics ()
  "Flymake's diagnostics in the current buffer as (LINE COLUMN TYPE TEXT), in buffer order."
  (sort (mapcar (lambda (d)
                  (let ((beg (flymake-diagnostic-beg d)))
                    (list (line-number-at-pos beg) (1+ (- beg (save-excursion (goto-char beg) (line-beginning-position))))
                          (flymake-diagnostic-type d) (flymake-diagnostic-text d))))
                (flymake-diagnostics))
        (lambda (a b) (or (< (car a) (car b)) (and (= (car a) (car b)) (< (cadr a) (cadr b)))))))

(defun rigls-test-hover ()
  "The hover text eldoc would show at point (eglot's eldoc function, as eldoc calls it)."
  (let (result)
    (eglot-hover-eldoc-function (lambda (info &rest _) (setq result (or info ""))))
    (rigls-test-wait "the hover" (lambda () result))))

(defun rigls-test-run ()
  (let (elem)
    (rigls-test-check "broken.elem opens in rigls-elem-mode"
      (setq elem (rigls-test-open "broken.elem"))
      (rigls-test-eq "major mode" major-mode 'rigls-elem-mode)
      (rigls-test-eq "indent-tabs-mode" indent-tabs-mode t))

    (rigls-test-check "a model under another extension is recognised by its first line"
      (with-current-buffer (rigls-test-open "robot.model")
        (rigls-test-eq "major mode" major-mode 'rigls-elem-mode))
      (switch-to-buffer elem))

    (rigls-test-check "eglot starts rigls for the .elem buffer"
      (rigls-test-connect)
      (rigls-test-eq "server command" (process-command (jsonrpc--process (eglot-current-server)))
                     (list rigls-test-bin "--stdio")))

    (rigls-test-check "flymake shows the three problems of broken.elem"
      (flymake-start)
      (rigls-test-wait "three diagnostics" (lambda () (>= (length (flymake-diagnostics)) 3)))
      (rigls-test-eq
       "diagnostics (line, character column, type, text)"
       (rigls-test-diagnostics)
       '((40 4 eglot-error "rigls [count-mismatch]: VertexCount is 5 but Positions, Normals and TextureUV have 4 entries")
         (66 15 eglot-error "rigls [unknown-bone]: unknown bone `首`: not found in this MeshContainer's BoneNames; TransformIndex 1 is `頭`")
         (118 8 eglot-error "rigls [invalid-value]: `Loop` must be `True` or `False` (capitalised, unquoted), found `Yes`"))))

    (rigls-test-check "hover on the key FaceCount shows its documentation"
      (rigls-test-goto "FaceCount=" 2)
      (let ((text (rigls-test-hover))
            (doc "Number of faces (polygons): the lines in VertexIndices and in Attributes."))
        (unless (string-search doc text)
          (error "the hover does not show %S:\n%s" doc text))))

    (rigls-test-check "completion at point offers the keys and scopes of a Mesh for Tex"
      (rigls-test-goto "FaceCount=1")
      (end-of-line)
      (insert "\n\t\t\tTex")
      (let* ((capf (rigls-test-wait "a completion table" #'eglot-completion-at-point))
             (candidates (all-completions (buffer-substring (nth 0 capf) (nth 1 capf)) (nth 2 capf))))
        (unless (member "Texture1UV" candidates)
          (error "Texture1UV is not offered: %S" candidates))
        (when-let ((other (cl-remove-if (lambda (c) (string-prefix-p "Tex" c)) candidates)))
          (error "candidates that do not start with Tex: %S" other))))

    (rigls-test-check "completing Texture1 inserts the Texture1UV scope"
      (insert "ture1")
      (let ((completion-auto-help nil))
        (completion-at-point))
      ;; The scope with its braces, indented (eglot without a snippet package inserts the
      ;; snippet's text and leaves point at its end).
      (rigls-test-eq "the lines after FaceCount=1"
                     (progn (rigls-test-goto "FaceCount=1")
                            (split-string (buffer-substring (line-beginning-position 2) (line-end-position 4)) "\n"))
                     '("\t\t\tTexture1UV {" "\t\t\t\t" "\t\t\t}"))
      (set-buffer-modified-p nil))

    (rigls-test-check "a DragonBones skeleton opens in rigls-dragonbones-mode, with rigls's diagnostic"
      (with-current-buffer (rigls-test-open "hero_ske.json")
        (rigls-test-eq "major mode" major-mode 'rigls-dragonbones-mode)
        (rigls-test-connect)
        (flymake-start)
        (rigls-test-wait "a diagnostic" #'flymake-diagnostics)
        (let ((line (progn (rigls-test-goto "\"parent\": \"head\"") (line-number-at-pos))))
          (rigls-test-eq "diagnostics (line, type)"
                         (mapcar (lambda (d) (list (car d) (nth 2 d))) (rigls-test-diagnostics))
                         (list (list line 'eglot-error))))))

    (rigls-test-check "plain JSON is not given to rigls"
      (with-current-buffer (rigls-test-open "not-dragonbones.json")
        (when (eq major-mode 'rigls-dragonbones-mode)
          (error "not-dragonbones.json is in rigls-dragonbones-mode"))
        (let ((contact (condition-case nil (nth 3 (eglot--guess-contact)) (error nil))))
          (when (equal contact (list rigls-test-bin "--stdio"))
            (error "eglot would start rigls for it")))))))

(let ((watchdog (run-at-time 110 nil (lambda () (rigls-test-out "not ok - watchdog: the test hung") (kill-emacs 2)))))
  (unwind-protect
      (condition-case err
          (rigls-test-run)
        (error (setq rigls-test-failed (1+ rigls-test-failed))
               (rigls-test-out "not ok - harness error: %s" (error-message-string err))))
    (cancel-timer watchdog)
    (ignore-errors (eglot-shutdown-all)))
  (rigls-test-out "emacs: %d passed, %d failed" rigls-test-passed rigls-test-failed)
  (kill-emacs (if (> rigls-test-failed 0) 1 0)))

;;; test.el ends here
