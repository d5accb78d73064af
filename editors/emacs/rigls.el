;;; rigls.el --- Elfreina .elem models and DragonBones JSON with the rigls language server -*- lexical-binding: t; -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "28.1") (eglot "1.9"))
;; Keywords: languages
;; SPDX-License-Identifier: MIT

;;; Commentary:

;; Two major modes and their eglot setup:
;;   `rigls-elem-mode'        Elfreina .elem models (and files whose first line is the .elem magic
;;                            line): highlighting, TAB indentation by brace depth, comment-free.
;;   `rigls-dragonbones-mode' DragonBones skeletons and atlases (*_ske.json, *_tex.json): JSON
;;                            (`js-json-mode', or `js-mode' before Emacs 29) under a mode of its
;;                            own, so that rigls serves them without taking plain JSON from your
;;                            JSON server.  Older exports named otherwise: M-x rigls-dragonbones-mode.
;; Both are registered in `eglot-server-programs' to run "rigls --stdio" (`rigls-program').
;; Start eglot with M-x eglot, or in every such buffer:
;;   (add-hook 'rigls-elem-mode-hook #'eglot-ensure)
;;   (add-hook 'rigls-dragonbones-mode-hook #'eglot-ensure)
;; Severities per diagnostic code (docs/rules.md) go in `eglot-workspace-configuration':
;;   (setq-default eglot-workspace-configuration '(:rigls (:severity (:weight-sum "off"))))
;; See editors/emacs/README.md.  Tested by tests/e2e/emacs (a real Emacs in batch mode).

;;; Code:

(defgroup rigls nil
  "Elfreina .elem models and DragonBones JSON with the rigls language server."
  :group 'languages
  :prefix "rigls-")

(defcustom rigls-program "rigls"
  "The rigls binary: a name on `exec-path' or an absolute file name."
  :type 'string)

;;;; .elem

(defconst rigls-elem-font-lock-keywords
  '(("\\`\\(Elfreina Extension Model File\\)" 1 font-lock-preprocessor-face)
    ("^[ \t]*\\(File Version\\)\\>" 1 font-lock-preprocessor-face)
    ;; A scope tag before its brace, a key before its `='.
    ("^[ \t]*\\([A-Za-z_][A-Za-z0-9_]*\\)[ \t]*{" 1 font-lock-type-face)
    ("^[ \t]*\\([A-Za-z_][A-Za-z0-9_]*\\)[ \t]*=" 1 font-lock-variable-name-face)
    ("\\_<\\(True\\|False\\)\\_>" 1 font-lock-constant-face)
    ("\\(?:^\\|[=:,[:space:]]\\)\\(-?\\(?:[0-9]+\\(?:\\.[0-9]*\\)?\\|\\.[0-9]+\\)\\(?:[eE][+-]?[0-9]+\\)?\\)"
     1 font-lock-constant-face))
  "Highlighting of `rigls-elem-mode'.")

(defvar rigls-elem-mode-syntax-table
  (let ((table (make-syntax-table)))
    (modify-syntax-entry ?\" "\"" table)
    (modify-syntax-entry ?\\ "\\" table)
    (modify-syntax-entry ?{ "(}" table)
    (modify-syntax-entry ?} "){" table)
    (modify-syntax-entry ?_ "_" table)
    (modify-syntax-entry ?= "." table)
    (modify-syntax-entry ?: "." table)
    (modify-syntax-entry ?, "." table)
    table)
  "Syntax table of `rigls-elem-mode': strings, braces, no comments.")

(defun rigls-elem-indent-line ()
  "Indent the current line with one TAB per enclosing scope."
  (interactive)
  (let* ((depth (save-excursion
                  (beginning-of-line)
                  (let ((ppss (syntax-ppss)))
                    (- (car ppss)
                       (if (and (not (nth 3 ppss)) (looking-at "[ \t]*}")) 1 0)))))
         (column (* (max depth 0) tab-width))
         (offset (- (current-column) (current-indentation))))
    (indent-line-to column)
    (when (> offset 0)
      (move-to-column (+ column offset)))))

;;;###autoload
(define-derived-mode rigls-elem-mode prog-mode "Elem"
  "Major mode for Elfreina .elem models, served by the rigls language server."
  :syntax-table rigls-elem-mode-syntax-table
  (setq-local font-lock-defaults '(rigls-elem-font-lock-keywords))
  (setq-local indent-line-function #'rigls-elem-indent-line)
  (setq-local indent-tabs-mode t)
  (setq-local comment-start nil)
  (setq-local electric-indent-chars (append '(?}) electric-indent-chars)))

;;;###autoload
(add-to-list 'auto-mode-alist '("\\.elem\\'" . rigls-elem-mode))
;;;###autoload
(add-to-list 'magic-mode-alist '("Elfreina Extension Model File" . rigls-elem-mode))

;;;; DragonBones

(defalias 'rigls--json-mode (if (fboundp 'js-json-mode) #'js-json-mode #'js-mode)
  "The JSON mode DragonBones files build on: `js-json-mode' (Emacs 29+) or `js-mode'.")

;;;###autoload
(define-derived-mode rigls-dragonbones-mode rigls--json-mode "DragonBones"
  "Major mode for DragonBones skeleton and atlas JSON, served by the rigls language server.")

;;;###autoload
(add-to-list 'auto-mode-alist '("_\\(?:ske\\|tex\\)\\.json\\'" . rigls-dragonbones-mode))

;;;; eglot

(defun rigls--contact (&optional _interactive)
  "How eglot starts rigls: `rigls-program' on stdio."
  (list rigls-program "--stdio"))

(with-eval-after-load 'eglot
  (add-to-list 'eglot-server-programs '((rigls-elem-mode rigls-dragonbones-mode) . rigls--contact)))

(provide 'rigls)
;;; rigls.el ends here
