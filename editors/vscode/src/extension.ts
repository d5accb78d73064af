// The rigls VS Code extension: starts the rigls language server for Elfreina `.elem` models and
// DragonBones JSON, and forwards settings. Every language feature comes from the server through
// the standard language client.
//
// DragonBones files get a language of their own, "DragonBones JSON" (`dragonbones`: JSON
// highlighting, brackets and indentation), so that VS Code's JSON language server does not answer
// for them next to rigls: one completion list without duplicated names, one Outline. `*_ske.json`
// and `*_tex.json` get it by name (package.json); a `.json` file the server recognises by its
// content gets it when opened (adoptDragonBones). rigls leaves JSON layout to the editor, so the
// extension formats them as VS Code formats JSON (jsonFormat.ts). Binary skeletons (`*.dbbin`)
// open as a read-only JSON view the server provides (binaryView.ts).

import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as vscode from "vscode";
import {
    DidChangeConfigurationNotification,
    DocumentSymbolRequest,
    LanguageClient,
    type LanguageClientOptions,
    type ServerOptions,
} from "vscode-languageclient/node";

import { BINARY_VIEW_SCHEME, registerBinaryViews } from "./binaryView";
import { formatJson, type JsonEdit } from "./jsonFormat";
import { openPreview, previewable } from "./preview";
import { resolveServer, type Resolution } from "./serverPath";

let client: LanguageClient | undefined;
/** The latest start (or restart) of the client, settled once it is running or has failed. */
let started: Promise<void> = Promise.resolve();
let serverPath: string | undefined;
let output: vscode.OutputChannel;
/** JSON documents already given the DragonBones language once: a user who switches one back to JSON keeps it. */
const adopted = new Set<string>();

export async function activate(context: vscode.ExtensionContext): Promise<void> {
    output = vscode.window.createOutputChannel("rigls");
    context.subscriptions.push(
        output,
        vscode.commands.registerCommand("rigls.restartServer", () => restart(context)),
        vscode.commands.registerCommand("rigls.showOutput", () => output.show(true)),
        vscode.commands.registerCommand("rigls.showVersion", () => showVersion(context)),
        vscode.commands.registerCommand("rigls.openPreview", () => openPreview(context, () => client)),
        vscode.window.onDidChangeActiveTextEditor(() => void updatePreviewable()),
        vscode.workspace.onDidSaveTextDocument(() => void updatePreviewable()),
        vscode.workspace.onDidChangeConfiguration(async (event) => {
            if (event.affectsConfiguration("rigls.server.path")) {
                await restart(context);
            } else if (
                (event.affectsConfiguration("rigls.severity") || event.affectsConfiguration("rigls.targets")) &&
                client?.isRunning()
            ) {
                await client.sendNotification(DidChangeConfigurationNotification.type, { settings: settings() });
            }
        }),
        // (Whole documents through the client's middleware, so that they have one formatter.)
        vscode.languages.registerDocumentRangeFormattingEditProvider(DRAGONBONES, {
            provideDocumentRangeFormattingEdits: (document, range, options) => jsonEdits(document, options, range),
        }),
    );
    registerBinaryViews(context, async () => {
        await started;
        return client;
    });
    started = start(context);
    await started;
    // (Registered after the client's own listener, so that the server has the document first.)
    context.subscriptions.push(
        vscode.workspace.onDidOpenTextDocument((document) => void adoptDragonBones(document).then(updatePreviewable)),
    );
}

/**
 * Sets the context key `rigls.previewable` for the active editor: whether "Open Preview" is
 * offered (package.json's menus), as the server recognises the document.
 */
let previewableAsked = 0;
async function updatePreviewable(): Promise<void> {
    const asked = ++previewableAsked;
    const document = vscode.window.activeTextEditor?.document;
    const can = document ? await previewable(document, client) : false;
    if (asked === previewableAsked) await vscode.commands.executeCommand("setContext", "rigls.previewable", can);
}

const DRAGONBONES: vscode.DocumentSelector = [
    { scheme: "file", language: "dragonbones" },
    { scheme: "untitled", language: "dragonbones" },
];

function jsonEdits(document: vscode.TextDocument, options: vscode.FormattingOptions, range?: vscode.Range): vscode.TextEdit[] {
    const finalNewline = vscode.workspace.getConfiguration("files", document).get<boolean>("insertFinalNewline") ?? false;
    const edits = formatJson(
        document.getText(),
        {
            tabSize: options.tabSize,
            insertSpaces: options.insertSpaces,
            eol: document.eol === vscode.EndOfLine.CRLF ? "\r\n" : "\n",
            insertFinalNewline: finalNewline,
        },
        range && { offset: document.offsetAt(range.start), length: document.offsetAt(range.end) - document.offsetAt(range.start) },
    );
    return edits.map((e: JsonEdit) => vscode.TextEdit.replace(new vscode.Range(document.positionAt(e.offset), document.positionAt(e.offset + e.length)), e.content));
}

/**
 * Gives a JSON document the DragonBones language when rigls owns it: the server recognises
 * DragonBones data by content too (older exports are named `skeleton.json`, `<Name>.json`), and
 * answers document symbols only for the files it owns.
 */
async function adoptDragonBones(document: vscode.TextDocument): Promise<void> {
    const key = document.uri.toString();
    if (document.languageId !== "json" || adopted.has(key) || !["file", "untitled"].includes(document.uri.scheme)) {
        return;
    }
    // (After the language client's own listener has sent the document: the server must have it.)
    await new Promise((resolve) => setTimeout(resolve, 0));
    const running = client;
    if (!running?.isRunning()) {
        return;
    }
    try {
        const symbols = await running.sendRequest(DocumentSymbolRequest.type, {
            textDocument: { uri: running.code2ProtocolConverter.asUri(document.uri) },
        });
        if (symbols && symbols.length > 0 && document.languageId === "json" && !adopted.has(key)) {
            adopted.add(key);
            await vscode.languages.setTextDocumentLanguage(document, "dragonbones");
        }
    } catch (error) {
        output.appendLine(`cannot tell whether ${document.uri.fsPath} is DragonBones data: ${error instanceof Error ? error.message : String(error)}`);
    }
}

export async function deactivate(): Promise<void> {
    await stop();
}

/** What the server is told, at start (initializationOptions) and on every change. */
function settings(): { rigls: { severity: Record<string, string>; targets: string[] } } {
    const configuration = vscode.workspace.getConfiguration("rigls");
    const severity = configuration.get<Record<string, string>>("severity") ?? {};
    const targets = configuration.get<string[]>("targets") ?? [];
    return { rigls: { severity, targets } };
}

function findServer(context: vscode.ExtensionContext): Resolution {
    return resolveServer(
        {
            configured: vscode.workspace.getConfiguration("rigls").get<string | null>("server.path"),
            extensionPath: context.extensionPath,
            workspaceFolder: vscode.workspace.workspaceFolders?.[0]?.uri.fsPath,
            homeDir: os.homedir(),
            envPath: process.env.PATH,
            envPathExt: process.env.PATHEXT,
            platform: process.platform,
        },
        {
            isFile: (file) => {
                try {
                    return fs.statSync(file).isFile();
                } catch {
                    return false;
                }
            },
        },
    );
}

async function start(context: vscode.ExtensionContext): Promise<void> {
    const found = findServer(context);
    if (found.kind === "error") {
        serverPath = undefined;
        output.appendLine(found.message);
        void showError(found.message);
        return;
    }
    serverPath = found.path;
    if (found.source === "bundled") {
        ensureExecutable(found.path);
    }
    output.appendLine(`Starting ${found.path} (from ${found.source})`);
    const serverOptions: ServerOptions = { command: found.path, args: ["--stdio"] };
    const clientOptions: LanguageClientOptions = {
        // DragonBones files have their own language; every other JSON document goes to the
        // server too, which answers only for the ones it recognises by content (then adopted).
        documentSelector: [
            { scheme: "file", language: "elem" },
            { scheme: "untitled", language: "elem" },
            { scheme: "file", language: "dragonbones" },
            { scheme: "untitled", language: "dragonbones" },
            { scheme: "file", language: "json" },
            { scheme: "untitled", language: "json" },
            // The JSON views of binary skeletons, whatever their language at the moment.
            { scheme: BINARY_VIEW_SCHEME },
        ],
        initializationOptions: settings(),
        outputChannel: output,
        middleware: {
            provideDocumentFormattingEdits: (document, options, token, next) =>
                document.languageId === "dragonbones" ? jsonEdits(document, options) : next(document, options, token),
        },
    };
    client = new LanguageClient("rigls", "rigls", serverOptions, clientOptions);
    try {
        await client.start();
        for (const document of vscode.workspace.textDocuments) {
            void adoptDragonBones(document);
        }
        void updatePreviewable();
    } catch (error) {
        const message = `rigls failed to start (${found.path}): ${error instanceof Error ? error.message : String(error)}`;
        output.appendLine(message);
        void showError(message);
    }
}

async function stop(): Promise<void> {
    const running = client;
    client = undefined;
    if (running) {
        try {
            await running.stop();
        } catch (error) {
            output.appendLine(`stopping rigls: ${error instanceof Error ? error.message : String(error)}`);
        }
    }
}

async function restart(context: vscode.ExtensionContext): Promise<void> {
    started = stop().then(() => start(context));
    await started;
}

async function showError(message: string): Promise<void> {
    const openSettings = "Open Settings";
    const showOutput = "Show Output";
    const choice = await vscode.window.showErrorMessage(message, openSettings, showOutput);
    if (choice === openSettings) {
        await vscode.commands.executeCommand("workbench.action.openSettings", "rigls.server.path");
    } else if (choice === showOutput) {
        output.show(true);
    }
}

function showVersion(context: vscode.ExtensionContext): void {
    const found = serverPath !== undefined ? ({ kind: "found", path: serverPath } as const) : findServer(context);
    if (found.kind === "error") {
        void showError(found.message);
        return;
    }
    execFile(found.path, ["--version"], { timeout: 10_000 }, (error, stdout, stderr) => {
        if (error) {
            void showError(`\`${found.path} --version\` failed: ${stderr.trim() || error.message}`);
            return;
        }
        void vscode.window.showInformationMessage(`${stdout.trim()} (${found.path})`);
    });
}

/** A .vsix is a zip: some unpackers drop the executable bit of the bundled server. */
function ensureExecutable(file: string): void {
    if (process.platform === "win32") {
        return;
    }
    try {
        fs.accessSync(file, fs.constants.X_OK);
    } catch {
        try {
            fs.chmodSync(file, 0o755);
        } catch (error) {
            output.appendLine(`cannot make ${file} executable: ${error instanceof Error ? error.message : String(error)}`);
        }
    }
}
