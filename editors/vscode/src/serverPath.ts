// Finding the rigls binary, the way rust-analyzer's extension does: the `rigls.server.path`
// setting first, then the binary bundled in a platform-specific .vsix, then `rigls` on PATH.
// Pure logic over an injected file-system view, so it is unit-tested without VS Code.

import * as path from "node:path";

export interface Probe {
    /** Whether `file` exists and is a regular file (following symlinks). */
    isFile(file: string): boolean;
}

export interface Inputs {
    /** The `rigls.server.path` setting, as written by the user (may be empty or null). */
    configured: string | null | undefined;
    /** The extension's install directory. */
    extensionPath: string;
    /** The first workspace folder, for `${workspaceFolder}` in the setting. */
    workspaceFolder: string | undefined;
    homeDir: string;
    /** The PATH environment variable. */
    envPath: string | undefined;
    /** `process.platform`. */
    platform: string;
    /** The PATHEXT environment variable (Windows). */
    envPathExt?: string | undefined;
}

export type Resolution =
    | { kind: "found"; path: string; source: "setting" | "bundled" | "PATH" }
    | { kind: "error"; message: string };

const FIX =
    "Install it with `cargo install --path server` from a rigls checkout (it goes to ~/.cargo/bin, " +
    "which must be on PATH), install the platform-specific rigls extension that bundles the server, " +
    "or set `rigls.server.path` to the binary.";

export function binaryName(platform: string): string {
    return platform === "win32" ? "rigls.exe" : "rigls";
}

/** Expands `~` and `${workspaceFolder}`, and makes a relative path relative to the workspace. */
export function expand(configured: string, inputs: Inputs): string {
    let p = configured.trim();
    if (p === "~" || p.startsWith("~/") || p.startsWith("~\\")) {
        p = path.join(inputs.homeDir, p.slice(1));
    }
    if (p.includes("${workspaceFolder}")) {
        if (inputs.workspaceFolder === undefined) {
            return p;
        }
        p = p.split("${workspaceFolder}").join(inputs.workspaceFolder);
    }
    const isAbsolute = inputs.platform === "win32" ? path.win32.isAbsolute(p) : path.posix.isAbsolute(p);
    if (!isAbsolute && inputs.workspaceFolder !== undefined) {
        p = path.join(inputs.workspaceFolder, p);
    }
    return p;
}

export function resolveServer(inputs: Inputs, probe: Probe): Resolution {
    const configured = inputs.configured?.trim();
    if (configured) {
        const p = expand(configured, inputs);
        if (p.includes("${workspaceFolder}")) {
            return {
                kind: "error",
                message: `rigls.server.path is "${configured}", but \${workspaceFolder} needs an open folder. Open a folder or use an absolute path.`,
            };
        }
        if (probe.isFile(p)) {
            return { kind: "found", path: p, source: "setting" };
        }
        return {
            kind: "error",
            message: `rigls.server.path is "${configured}", but there is no file at ${p}. Fix the setting, or clear it to use the bundled server or rigls on PATH.`,
        };
    }
    const bundled = path.join(inputs.extensionPath, "server", binaryName(inputs.platform));
    if (probe.isFile(bundled)) {
        return { kind: "found", path: bundled, source: "bundled" };
    }
    const onPath = searchPath(inputs, probe);
    if (onPath !== undefined) {
        return { kind: "found", path: onPath, source: "PATH" };
    }
    return {
        kind: "error",
        message: `The rigls language server was not found: rigls.server.path is not set, this extension has no bundled server, and rigls is not on PATH. ${FIX}`,
    };
}

function searchPath(inputs: Inputs, probe: Probe): string | undefined {
    const windows = inputs.platform === "win32";
    const separator = windows ? ";" : ":";
    const extensions = windows ? (inputs.envPathExt ?? ".EXE;.CMD;.BAT").split(";").filter((e) => e) : [""];
    for (const dir of (inputs.envPath ?? "").split(separator)) {
        if (!dir) {
            continue;
        }
        for (const ext of extensions) {
            const candidate = path.join(dir, `rigls${ext.toLowerCase()}`);
            if (probe.isFile(candidate)) {
                return candidate;
            }
        }
    }
    return undefined;
}
