// "rigls: Open Preview": a webview beside the editor drawing the editor's buffer (not the file on
// disk) with the page of editors/preview, fed by the server's `rigls/scene` request.
//
// The page asks for scenes (`request` messages, answered with `answer`); the extension tells it
// when the document changed (`changed`, within a few milliseconds of the edit, so the picture
// follows typing) and what the cursor is on (`highlight`: the innermost element whose range holds
// it; `time`: the frame of the key frame it is in). A click in the page (`select`) selects the
// element's name in the editor.

import * as path from "node:path";
import * as vscode from "vscode";
import type { LanguageClient } from "vscode-languageclient/node";

import { type ElementChanges, type Placed, type Range, withChanges } from "./sceneElements";

/** The scene version the page reads (docs/scene.md): meshes packed, what the page holds left out. */
const SCENE_VERSION = 2;

interface Element extends Placed {
    kind: string;
    index: number;
    name: string;
    /** Key frames: seconds from the start of their animation (`name`). */
    time?: number;
}
interface Answer {
    documentVersion: number;
    scenes: { textures?: { image: string | null }[]; materials?: { texturePath: string | null }[] }[];
    /** null: the page holds this document version's elements (it said so), or `elementChanges`. */
    elements: Element[] | null;
    /** Instead of `elements`: how they differ from those of an earlier version. */
    elementChanges?: ElementChanges<Element>;
    error: unknown;
}

/** The languages of documents the server may recognise as a model or a skeleton. */
const PREVIEW_LANGUAGES = ["elem", "dragonbones", "json"];

/**
 * Whether the preview can show this document: an `.elem` model or a DragonBones skeleton, as the
 * server decides by name and content (`rigls/fileKind`), whatever the file is called.
 */
export async function previewable(document: vscode.TextDocument, client: LanguageClient | undefined): Promise<boolean> {
    if (!PREVIEW_LANGUAGES.includes(document.languageId) || !client?.isRunning()) return false;
    try {
        const kind = await client.sendRequest<string | null>("rigls/fileKind", {
            textDocument: { uri: client.code2ProtocolConverter.asUri(document.uri) },
        });
        return kind === "elem" || kind === "dragonbonesSkeleton";
    } catch {
        return false;
    }
}

const open = new Map<string, PreviewPanel>();

export async function openPreview(context: vscode.ExtensionContext, client: () => LanguageClient | undefined): Promise<void> {
    const editor = vscode.window.activeTextEditor;
    if (!editor) {
        void vscode.window.showInformationMessage("rigls: open an .elem model or a DragonBones skeleton to preview it.");
        return;
    }
    if (!(await previewable(editor.document, client()))) {
        void vscode.window.showInformationMessage("rigls: the preview shows .elem models and DragonBones skeletons.");
        return;
    }
    const key = editor.document.uri.toString();
    const existing = open.get(key);
    if (existing) {
        existing.panel.reveal(vscode.ViewColumn.Beside, true);
        return;
    }
    const panel = new PreviewPanel(context, editor.document, client);
    open.set(key, panel);
    panel.panel.onDidDispose(() => open.delete(key));
}

class PreviewPanel {
    readonly panel: vscode.WebviewPanel;
    private answer: Answer | undefined;
    private disposables: vscode.Disposable[] = [];
    private lastHighlight = "";
    private lastFrame = "";
    /** Counts cursor moves: an answer about an earlier position is dropped. */
    private cursorMoves = 0;

    constructor(
        context: vscode.ExtensionContext,
        private readonly document: vscode.TextDocument,
        private readonly client: () => LanguageClient | undefined,
    ) {
        const folder = vscode.Uri.file(path.dirname(document.uri.fsPath));
        const roots = [vscode.Uri.joinPath(context.extensionUri, "out"), folder, ...(vscode.workspace.workspaceFolders ?? []).map((f) => f.uri)];
        this.panel = vscode.window.createWebviewPanel(
            "rigls.preview",
            `Preview ${path.basename(document.uri.fsPath)}`,
            { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
            { enableScripts: true, retainContextWhenHidden: true, localResourceRoots: roots },
        );
        this.panel.webview.html = this.html(vscode.Uri.joinPath(context.extensionUri, "out", "preview.js"));
        this.disposables.push(
            this.panel.webview.onDidReceiveMessage((message) => this.onMessage(message)),
            vscode.workspace.onDidChangeTextDocument((event) => {
                if (event.document === this.document && event.contentChanges.length > 0) {
                    void this.panel.webview.postMessage({ type: "changed" });
                }
            }),
            vscode.window.onDidChangeTextEditorSelection((event) => {
                if (event.textEditor.document === this.document) void this.followCursor(event.selections[0].active);
            }),
        );
        this.panel.onDidDispose(() => {
            for (const d of this.disposables) d.dispose();
        });
    }

    private html(script: vscode.Uri): string {
        const webview = this.panel.webview;
        const nonce = Array.from({ length: 4 }, () => Math.random().toString(36).slice(2)).join("");
        return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src ${webview.cspSource}; style-src ${webview.cspSource} 'unsafe-inline'; script-src 'nonce-${nonce}';">
<meta name="viewport" content="width=device-width, initial-scale=1">
</head>
<body>
<div id="rigls-preview"></div>
<script nonce="${nonce}" src="${webview.asWebviewUri(script)}"></script>
</body>
</html>`;
    }

    private async onMessage(message: { type?: string; id?: number; params?: object; element?: Element }): Promise<void> {
        if (message.type === "request" && typeof message.id === "number") {
            const asked = performance.now();
            const answer = await this.scene(message.params ?? {});
            const serverMs = performance.now() - asked;
            void this.panel.webview.postMessage({ type: "answer", id: message.id, answer, imageUrls: this.imageUrls(answer), serverMs });
        } else if (message.type === "select" && message.element) {
            await this.select(message.element);
        } else if (message.type === "ready") {
            const editor = vscode.window.visibleTextEditors.find((e) => e.document === this.document);
            if (editor) void this.followCursor(editor.selection.active);
        }
    }

    private async scene(params: object): Promise<Answer | { error: { kind: string; message: string } }> {
        const client = this.client();
        if (!client || !client.isRunning()) {
            return { error: { kind: "noServer", message: "the rigls language server is not running (rigls: Show Output)" } };
        }
        try {
            const ask = (extra: object) =>
                client.sendRequest<Answer | null>("rigls/scene", {
                    textDocument: { uri: this.document.uri.toString() },
                    ...params,
                    ...extra,
                    version: SCENE_VERSION,
                });
            let answer = await ask({});
            if (answer && !answer.error && !answer.elements && answer.elementChanges) {
                // The page is handed whole answers: the changes are put into the elements held here.
                const held = this.answer;
                const list = held?.elements ? withChanges(held.documentVersion, held.elements, answer.elementChanges) : null;
                if (list) {
                    answer.elements = list;
                    delete answer.elementChanges;
                } else {
                    answer = await ask({ elementsOf: null });
                }
            }
            if (!answer) return { error: { kind: "notOpen", message: "the document is not open" } };
            // An answer without elements is of the version whose elements came last.
            if (!answer.error && answer.elements) this.answer = answer;
            return answer;
        } catch (error) {
            return { error: { kind: "failed", message: error instanceof Error ? error.message : String(error) } };
        }
    }

    /** Webview URIs for the images the scenes reference (atlas images, textures). */
    private imageUrls(answer: Answer | { error: unknown }): Record<string, string> {
        const urls: Record<string, string> = {};
        if (!("scenes" in answer)) return urls;
        for (const scene of answer.scenes) {
            const paths = [
                ...(scene.textures ?? []).map((t) => t.image),
                ...(scene.materials ?? []).map((m) => m.texturePath),
            ];
            for (const file of paths) {
                if (file && !urls[file]) urls[file] = this.panel.webview.asWebviewUri(vscode.Uri.file(file)).toString();
            }
        }
        return urls;
    }

    /** Selects the element's name (else its definition) in the document's editor. */
    private async select(element: Element): Promise<void> {
        const range = toRange(element.nameRange ?? element.range);
        const shown = vscode.window.visibleTextEditors.find((e) => e.document === this.document);
        const editor = await vscode.window.showTextDocument(this.document, {
            viewColumn: shown?.viewColumn ?? vscode.ViewColumn.One,
            preserveFocus: false,
        });
        editor.selection = new vscode.Selection(range.start, range.end);
        editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    }

    /**
     * Highlights what the cursor is on — what a name under it refers to (a slot's `parent`, an IK
     * constraint's `bone`, a timeline's `name`: the server's definition of it), else the innermost
     * thing holding it; in a key frame, the scrubber goes to its time.
     */
    private async followCursor(position: vscode.Position): Promise<void> {
        const asked = ++this.cursorMoves;
        const named = await this.definitionAt(position);
        const answer = this.answer;
        if (!answer || asked !== this.cursorMoves) return;
        const elements = (answer.elements ?? []).filter((e) => e.kind !== "armature");
        const holding = elements.filter((e) => toRange(e.range).contains(position));
        holding.sort((a, b) => size(a.range) - size(b.range));
        const shown = (e: Element) => e.kind !== "animation" && e.kind !== "keyFrame";
        const target = named && elements.find((e) => shown(e) && e.nameRange && toRange(e.nameRange).contains(named));
        const inner = target || holding.find(shown);
        const key = inner ? `${inner.kind}:${inner.index}` : "";
        if (key !== this.lastHighlight) {
            this.lastHighlight = key;
            void this.panel.webview.postMessage({ type: "highlight", kind: inner?.kind ?? null, index: inner?.index ?? null });
        }
        const frame = holding.find((e) => e.kind === "keyFrame");
        const frameKey = frame ? `${frame.index}` : "";
        if (frame && frameKey !== this.lastFrame) {
            void this.panel.webview.postMessage({ type: "time", animation: frame.name, time: frame.time ?? 0 });
        }
        this.lastFrame = frameKey;
    }

    /** Where the definition of the name at `position` starts, when it is in this document. */
    private async definitionAt(position: vscode.Position): Promise<vscode.Position | undefined> {
        try {
            const found = await vscode.commands.executeCommand<(vscode.Location | vscode.LocationLink)[] | undefined>(
                "vscode.executeDefinitionProvider",
                this.document.uri,
                position,
            );
            for (const f of found ?? []) {
                const [uri, range] = "targetUri" in f ? [f.targetUri, f.targetSelectionRange ?? f.targetRange] : [f.uri, f.range];
                if (uri.toString() === this.document.uri.toString()) return range.start;
            }
        } catch {
            // No definition: the innermost thing is highlighted.
        }
        return undefined;
    }
}

function toRange(r: Range): vscode.Range {
    return new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character);
}

/** A range's size for "innermost": lines first, then characters. */
function size(r: Range): number {
    return (r.end.line - r.start.line) * 1e6 + (r.end.character - r.start.character);
}
