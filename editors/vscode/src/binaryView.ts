// Binary DragonBones skeletons (`*.dbbin`, and Unity's `*_ske.bytes`) open as a read-only JSON
// view of their content, which rigls analyses as the binary: diagnostics, hovers, the outline and
// go-to-definition work in it.
//
// The view is a virtual document, `rigls-dbbin:/dir/x_ske.dbbin` for the file
// `/dir/x_ske.dbbin`, whose text the server gives (`rigls/binaryView`); the language client sends
// it to the server like any document (the server reads the file again and analyses the binary
// under the view's URI). Opening a `.dbbin` (Explorer, Quick Open) goes through a custom editor
// that only opens the view in its place; "Reopen Editor With… › Text Editor" still shows the bytes.
// The custom editor's selector names the schemes of files (`file:`, and `vscode-remote:` in remote
// windows): a pattern with a `/` is matched against `scheme:path`, and the view itself (a
// definition in it, say) must open in the text editor, at its position.
// The view follows the file when it changes on disk.

import * as vscode from "vscode";
import type { LanguageClient } from "vscode-languageclient/node";

export const BINARY_VIEW_SCHEME = "rigls-dbbin";
export const BINARY_VIEW_EDITOR = "rigls.binaryView";

/** The view of the binary at `file` (any scheme with the file's path: `file:` or the view's own). */
export function binaryViewUri(file: vscode.Uri): vscode.Uri {
    return file.with({ scheme: BINARY_VIEW_SCHEME });
}

/** Whether `document` is the view of a binary. */
export function isBinaryView(document: vscode.TextDocument): boolean {
    return document.uri.scheme === BINARY_VIEW_SCHEME;
}

/**
 * Registers the view's content provider, the custom editor that opens it, and the watcher that
 * refreshes it. `client` resolves to the running language client (after it started).
 */
export function registerBinaryViews(context: vscode.ExtensionContext, client: () => Promise<LanguageClient | undefined>): void {
    const changed = new vscode.EventEmitter<vscode.Uri>();
    const provider: vscode.TextDocumentContentProvider = {
        onDidChange: changed.event,
        async provideTextDocumentContent(uri, token) {
            const running = await client();
            if (!running?.isRunning()) {
                throw new Error("rigls is not running: the binary skeleton cannot be shown (rigls: Show Output)");
            }
            const file = uri.with({ scheme: "file" });
            const answer = await running.sendRequest<{ text: string }>(
                "rigls/binaryView",
                { textDocument: { uri: running.code2ProtocolConverter.asUri(file) } },
                token,
            );
            return answer.text;
        },
    };
    const editor: vscode.CustomReadonlyEditorProvider = {
        openCustomDocument: (uri) => ({ uri, dispose: () => {} }),
        async resolveCustomEditor(document, panel) {
            panel.webview.html = "<p>Opening the JSON view…</p>";
            const column = panel.viewColumn;
            await vscode.window.showTextDocument(binaryViewUri(document.uri), { viewColumn: column, preview: false });
            panel.dispose();
        },
    };
    const watcher = vscode.workspace.createFileSystemWatcher("**/*.{dbbin,bytes}", true, false, true);
    context.subscriptions.push(
        changed,
        watcher,
        vscode.workspace.registerTextDocumentContentProvider(BINARY_VIEW_SCHEME, provider),
        vscode.window.registerCustomEditorProvider(BINARY_VIEW_EDITOR, editor, { supportsMultipleEditorsPerDocument: true }),
        watcher.onDidChange((file) => {
            const view = binaryViewUri(file).toString();
            if (vscode.workspace.textDocuments.some((d) => d.uri.toString() === view)) {
                changed.fire(binaryViewUri(file));
            }
        }),
        // The view is DragonBones JSON (its highlighting; the server tells the file by its name).
        vscode.workspace.onDidOpenTextDocument((document) => {
            if (isBinaryView(document) && document.languageId !== "dragonbones") {
                void vscode.languages.setTextDocumentLanguage(document, "dragonbones");
            }
        }),
    );
}
