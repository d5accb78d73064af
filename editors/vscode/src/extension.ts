// The rigls VS Code extension: starts the rigls language server for Elfreina `.elem` models and
// DragonBones JSON, and forwards settings. Every language feature comes from the server through
// the standard language client.

import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as vscode from "vscode";
import {
    DidChangeConfigurationNotification,
    LanguageClient,
    type LanguageClientOptions,
    type ServerOptions,
} from "vscode-languageclient/node";

import { openPreview } from "./preview";
import { resolveServer, type Resolution } from "./serverPath";

let client: LanguageClient | undefined;
let serverPath: string | undefined;
let output: vscode.OutputChannel;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
    output = vscode.window.createOutputChannel("rigls");
    context.subscriptions.push(
        output,
        vscode.commands.registerCommand("rigls.restartServer", () => restart(context)),
        vscode.commands.registerCommand("rigls.showOutput", () => output.show(true)),
        vscode.commands.registerCommand("rigls.showVersion", () => showVersion(context)),
        vscode.commands.registerCommand("rigls.openPreview", () => openPreview(context, () => client)),
        vscode.workspace.onDidChangeConfiguration(async (event) => {
            if (event.affectsConfiguration("rigls.server.path")) {
                await restart(context);
            } else if (event.affectsConfiguration("rigls.severity") && client?.isRunning()) {
                await client.sendNotification(DidChangeConfigurationNotification.type, { settings: settings() });
            }
        }),
    );
    await start(context);
}

export async function deactivate(): Promise<void> {
    await stop();
}

/** What the server is told, at start (initializationOptions) and on every change. */
function settings(): { rigls: { severity: Record<string, string> } } {
    const severity = vscode.workspace.getConfiguration("rigls").get<Record<string, string>>("severity") ?? {};
    return { rigls: { severity } };
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
        // DragonBones data is plain JSON: every JSON document goes to the server, which answers
        // only for the ones it recognises (by name, `*_ske.json`/`*_tex.json`, or by content).
        documentSelector: [
            { scheme: "file", language: "elem" },
            { scheme: "untitled", language: "elem" },
            { scheme: "file", language: "json" },
            { scheme: "untitled", language: "json" },
        ],
        initializationOptions: settings(),
        outputChannel: output,
    };
    client = new LanguageClient("rigls", "rigls", serverOptions, clientOptions);
    try {
        await client.start();
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
    await stop();
    await start(context);
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
