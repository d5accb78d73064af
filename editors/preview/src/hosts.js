// Where the preview's scenes come from and where its clicks go. The same page runs in two hosts:
//
// - VS Code's webview: messages with the extension, which asks the language server
//   (`rigls/scene`) for the editor's buffer, maps texture paths to webview URIs, moves the
//   editor's selection on a click and tells the page about edits and the cursor.
// - `rigls preview`'s page: the same answers over HTTP from 127.0.0.1 (`scene?params=…`), texture
//   images from `file?path=…` (with the version of the files on disk: an image that changed is read
//   again), and file changes as server-sent events (`events`), each with the page's token.
//
// A host: { request(params) → Promise<answer>, imageUrl(path) → url | null, select(element),
// onEvent(listener) } where events are {type: "changed"}, {type: "highlight", kind, index} and
// {type: "time", animation, time}.

/** The host the page runs in. */
export function detectHost() {
    return typeof acquireVsCodeApi === "function" ? vscodeHost(acquireVsCodeApi()) : httpHost(location);
}

function vscodeHost(api) {
    const waiting = new Map();
    const listeners = [];
    let next = 1;
    let imageUrls = {};
    window.addEventListener("message", (event) => {
        const message = event.data;
        if (!message || typeof message !== "object") return;
        if (message.type === "answer") {
            const resolve = waiting.get(message.id);
            waiting.delete(message.id);
            if (message.imageUrls) imageUrls = { ...imageUrls, ...message.imageUrls };
            // (How long the server took, for the page's timings.)
            if (message.answer && typeof message.serverMs === "number") message.answer.serverMs = message.serverMs;
            if (resolve) resolve(message.answer);
        } else {
            for (const listener of listeners) listener(message);
        }
    });
    return {
        name: "vscode",
        request(params) {
            const id = next++;
            return new Promise((resolve) => {
                waiting.set(id, resolve);
                api.postMessage({ type: "request", id, params });
            });
        },
        imageUrl: (path) => imageUrls[path] || null,
        select(element) {
            api.postMessage({ type: "select", element });
        },
        onEvent(listener) {
            listeners.push(listener);
        },
        ready() {
            api.postMessage({ type: "ready" });
        },
    };
}

function httpHost(loc) {
    const token = new URLSearchParams(loc.search).get("token") || "";
    const listeners = [];
    let version = "1"; // of the files on disk, as the last change said
    const url = (path, params) => `${path}?${new URLSearchParams({ token, ...params })}`;
    return {
        name: "http",
        async request(params) {
            const response = await fetch(url("scene", { params: JSON.stringify(params) }));
            if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
            return response.json();
        },
        imageUrl: (path) => url("file", { path, v: version }),
        select(element) {
            for (const listener of listeners) listener({ type: "selected", element });
        },
        onEvent(listener) {
            listeners.push(listener);
        },
        ready() {
            const events = new EventSource(url("events", {}));
            events.addEventListener("changed", (event) => {
                version = String(event.data);
                for (const listener of listeners) listener({ type: "changed" });
            });
        },
    };
}
