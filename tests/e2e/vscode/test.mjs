// End-to-end test of the rigls extension in a real VS Code workbench (code-server 4.100.3 =
// VS Code 1.100.3), driven through Chromium with playwright-core. Started by run.sh, which sets:
//   RIGLS_E2E_PREFIX       where code-server and playwright-core are installed
//   RIGLS_URL              the workbench URL with the scratch workspace open
//   RIGLS_WORKSPACE        that workspace: a copy of tests/e2e/fixtures
//   RIGLS_USER_SETTINGS    the user settings.json (it sets rigls.severity {"invalid-value": "warning"})
//   RIGLS_ARTIFACTS        where screenshots go
//   RIGLS_BROWSER_PROFILE  an empty Chromium profile directory
//   RIGLS_BIN              set when the server comes from `rigls.server.path` instead of the .vsix
// Everything is checked in the page, as a user sees it. Selectors are VS Code 1.100 DOM classes.
// Prints one `ok`/`not ok` line per check and a closing `N passed, N failed`; exits 1 on failure.

import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

import { previewChecks } from "./preview.mjs";

const require = createRequire(join(process.env.RIGLS_E2E_PREFIX, "package.json"));
const { chromium } = require("playwright-core");

const artifacts = process.env.RIGLS_ARTIFACTS;
const workspace = process.env.RIGLS_WORKSPACE;
const WAIT = Number(process.env.RIGLS_E2E_WAIT_MS || 15000);
const version = JSON.parse(readFileSync(new URL("../../../editors/vscode/package.json", import.meta.url))).version;

let passed = 0;
let failed = 0;
let shot = 0;
let riglsSpoke = false; // rigls put a diagnostic in Problems, so its silence elsewhere means something

class Failure extends Error {}
function fail(message) {
    throw new Failure(message);
}
function eq(what, actual, expected) {
    const a = JSON.stringify(actual, null, 1);
    const e = JSON.stringify(expected, null, 1);
    if (a !== e) {
        fail(`${what}:\n    expected ${e.replace(/\n\s*/g, " ")}\n    got      ${a.replace(/\n\s*/g, " ")}`);
    }
}

async function screenshot(page, name) {
    shot += 1;
    await page.screenshot({ path: join(artifacts, `${String(shot).padStart(2, "0")}-${name}.png`) }).catch(() => {});
}

async function check(page, name, fn) {
    try {
        await fn();
        passed += 1;
        console.log(`ok - ${name}`);
    } catch (error) {
        failed += 1;
        console.log(`not ok - ${name}`);
        const text = error instanceof Failure ? error.message : String(error?.stack ?? error);
        for (const line of text.split("\n").slice(0, 12)) {
            console.log(`#   ${line}`);
        }
        await screenshot(page, `FAILED-${name.replace(/[^A-Za-z0-9]+/g, "-").slice(0, 50)}`);
        await page.keyboard.press("Escape").catch(() => {});
    }
}

/** Polls `probe` until `accept` holds for its result; fails with `what` and the last result. */
async function until(what, probe, accept, timeout = WAIT) {
    const deadline = Date.now() + timeout;
    let last;
    for (;;) {
        try {
            last = await probe();
            if (accept(last)) {
                return last;
            }
        } catch (error) {
            last = `(${error.message.split("\n")[0]})`;
        }
        if (Date.now() > deadline) {
            fail(`${what}; last seen: ${JSON.stringify(last)}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
    }
}

const statusMode = (page) => page.locator('[id="status.editor.mode"]').innerText();

async function command(page, title) {
    await page.keyboard.press("F1");
    const input = page.locator(".quick-input-widget input");
    await input.waitFor({ state: "visible", timeout: WAIT });
    await input.fill(`>${title}`);
    const row = page.locator(".quick-input-list .monaco-list-row", { hasText: title }).first();
    await row.waitFor({ state: "visible", timeout: WAIT });
    await row.click();
}

/** Fails when VS Code asks which formatter to use (a language with two formats nothing). */
async function noFormatterQuestion(page) {
    const toasts = await page.locator(".notification-toast").allInnerTexts();
    if (toasts.some((t) => /formatter/i.test(t))) fail(`VS Code asks about formatters: ${JSON.stringify(toasts)}`);
}

async function openFile(page, name, language) {
    await page.keyboard.press("Control+P");
    const input = page.locator(".quick-input-widget input");
    await input.waitFor({ state: "visible", timeout: WAIT });
    await input.fill(name);
    const row = page.locator(".quick-input-list .monaco-list-row", { hasText: name }).first();
    await row.waitFor({ state: "visible", timeout: WAIT });
    await page.keyboard.press("Enter");
    await page.locator(".tab.active", { hasText: name }).waitFor({ timeout: WAIT });
    // The status bar says "Plain Text" for a moment before the language is known.
    await until(`the status bar shows the language ${language}`, () => statusMode(page), (m) => m === language);
    await page.locator(".monaco-editor textarea").first().focus();
}

/** Moves the cursor with Go to Line (`line` or `line:column`, 1-based). */
async function goTo(page, where) {
    await page.keyboard.press("Control+G");
    const input = page.locator(".quick-input-widget input");
    await input.waitFor({ state: "visible", timeout: WAIT });
    await input.fill(`:${where}`);
    await page.keyboard.press("Enter");
    // (The status bar's column is visual, tabs expanded: only the line is comparable.)
    await until(`the cursor is on line ${where}`, () => page.locator('[id="status.editor.selection"]').innerText(), (s) =>
        s.startsWith(`Ln ${where.split(":")[0]}, `),
    );
}

/**
 * The Problems panel's rows, each as one line of the text it shows: `message source(code) [Ln, Col]`
 * (the parentheses are CSS, not text) or, for a file, `name count`.
 */
async function problems(page) {
    const rows = page.locator(".markers-panel .monaco-list-row");
    return (await rows.allInnerTexts()).map((t) =>
        t
            .replace(/\s*\n\s*/g, " ")
            .trim()
            .replace(/ (\S+) (\S+) (\[Ln \d+, Col \d+\])$/, " $1($2) $3"),
    );
}

/**
 * Types `text` key by key, as a user does (never invoking completion), and returns the labels
 * of the suggest widget that opens on its own, once it lists something.
 */
async function typeAndReadSuggestions(page, text) {
    await page.keyboard.type(text, { delay: 120 });
    const labels = page.locator(".editor-widget.suggest-widget.visible .monaco-list-row .label-name");
    return until(`the suggest widget opens while typing ${JSON.stringify(text)}`, () => labels.allInnerTexts(), (l) => l.length > 0);
}

/** The Outline's top-level symbols (focused first), once it lists some. */
async function outlineRoots(page) {
    await command(page, "Explorer: Focus on Outline View");
    const rows = page.locator(".outline-pane .monaco-list-row[aria-level='1']");
    return until(
        "the outline's top-level rows",
        // (A symbol's name, without its detail; a provider's group row has only a label.)
        () => rows.evaluateAll((rs) => rs.map((r) => (r.querySelector(".label-name") ?? r).textContent.trim())),
        (l) => l.length > 0,
    );
}

async function showProblems(page) {
    if (!(await page.locator(".markers-panel").isVisible())) {
        await page.keyboard.press("Control+Shift+M");
    }
    await page.locator(".markers-panel").waitFor({ state: "visible", timeout: WAIT });
}

async function run(page) {
    writeFileSync(join(workspace, "typing.elem"), readFileSync(join(workspace, "broken.elem")));
    writeFileSync(join(workspace, "skeleton.json"), readFileSync(join(workspace, "hero_ske.json")));
    // A binary skeleton the project ships (written by the DragonBones editor), and a copy cut short.
    const binary = readFileSync(new URL("../../../server/tests/fixtures/dragonbones/binary/mecha_1406_ske.dbbin", import.meta.url));
    writeFileSync(join(workspace, "mecha_1406_ske.dbbin"), binary);
    writeFileSync(join(workspace, "damaged_ske.dbbin"), binary.subarray(0, binary.length - 8));
    // A model with its layout spoilt, for Format Selection.
    writeFileSync(join(workspace, "messy.elem"), 'Elfreina Extension Model File\nFile Version 1.00\nSetting{\n    LoadType= "View"\n  ElfreinaSoftVersion = 1.10\n}\n');
    writeFileSync(join(workspace, "one-line.json"), '{"name":"settings","items":[1,2,3]}\n');
    // Unity's name for a binary: a damaged copy, so that its problems show it was read as one.
    writeFileSync(join(workspace, "unity_ske.bytes"), binary.subarray(0, binary.length - 8));
    await page.goto(process.env.RIGLS_URL);
    await page.locator(".monaco-workbench").waitFor({ timeout: 60000 });
    await page.locator(".explorer-folders-view .monaco-list-row", { hasText: "broken.elem" }).waitFor({ timeout: 60000 });

    // ------------------------------------------------------------- Elfreina model
    await check(page, "broken.elem opens as the Elfreina Model language", async () => {
        await openFile(page, "broken.elem", "Elfreina Model");
        await screenshot(page, "elem");
    });

    await check(page, "the count mismatch is squiggled on VertexCount", async () => {
        await goTo(page, "40:4");
        // The error decoration sits on `VertexCount` (line 40). Polled: the editor may still be
        // scrolling to the line, or the diagnostics arriving.
        const squiggle = page.locator(".squiggly-error");
        const line = page.locator(".view-line", { hasText: "VertexCount=5" });
        await until(
            "one .squiggly-error on the VertexCount line",
            async () => {
                const lineBox = await line.boundingBox({ timeout: 1000 });
                const boxes = await squiggle.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()));
                return boxes.filter((b) => lineBox && Math.abs(b.top - lineBox.y) < lineBox.height).length;
            },
            (n) => n === 1,
        );
        await screenshot(page, "diagnostics");
    });

    await check(page, "Problems lists the three problems of broken.elem with code and position", async () => {
        await showProblems(page);
        const rows = await until("the Problems rows for broken.elem", () => problems(page), (r) => r.length >= 4);
        riglsSpoke ||= rows.some((r) => / rigls\(/.test(r));
        eq("Problems rows", rows, [
            "broken.elem 3",
            "VertexCount is 5 but Positions, Normals and TextureUV have 4 entries rigls(count-mismatch) [Ln 40, Col 4]",
            // The diagnostic's related information, one row each.
            "broken.elem [Ln 42, Col 4] : Positions has 4 entries",
            "broken.elem [Ln 48, Col 4] : Normals has 4 entries",
            "broken.elem [Ln 74, Col 4] : TextureUV has 4 entries",
            "unknown bone `首`: not found in this MeshContainer's BoneNames; TransformIndex 1 is `頭` rigls(unknown-bone) [Ln 66, Col 15]",
            "`Loop` must be `True` or `False` (capitalised, unquoted), found `Yes` rigls(invalid-value) [Ln 118, Col 8]",
        ]);
        // The user setting rigls.severity {"invalid-value": "warning"} reached the server at start.
        const labels = await page.locator(".markers-panel .monaco-list-row").evaluateAll((rows) =>
            rows.map((r) => r.getAttribute("aria-label") ?? ""),
        );
        const severities = labels.filter((l) => / generated by rigls/.test(l)).map((l) => l.split(":")[0]);
        eq("severities (from the rows' labels)", severities, ["Error", "Error", "Warning"]);
        await screenshot(page, "problems");
    });

    await check(page, "hover on the key FaceCount shows its documentation", async () => {
        await page.locator(".monaco-editor textarea").first().focus();
        await goTo(page, "41:6");
        await command(page, "Show or Focus Hover");
        const hover = page.locator(".monaco-hover .rendered-markdown");
        const text = await until("a hover", () => hover.allInnerTexts(), (t) => t.join("").includes("FaceCount"));
        const doc = "Number of faces (polygons): the lines in VertexIndices and in Attributes.";
        if (!text.join("\n").includes(doc)) {
            fail(`the hover does not show ${JSON.stringify(doc)}:\n${text.join("\n")}`);
        }
        await screenshot(page, "hover");
        await page.keyboard.press("Escape");
    });

    await check(page, "the outline lists the top-level scopes", async () => {
        await command(page, "Explorer: Focus on Outline View");
        const rows = page.locator(".outline-pane .monaco-list-row[aria-level='1']");
        const labels = await until(
            "the outline's top-level rows",
            async () => (await rows.allInnerTexts()).map((t) => t.split("\n")[0].trim()),
            (l) => l.length >= 5,
        );
        eq("outline", labels, ["Setting", "MeshDatas", "HierarchyList", "RenderingMeshList", "AnimationList"]);
        await screenshot(page, "outline");
    });

    await check(page, "the quick fix sets VertexCount to 4", async () => {
        await page.locator(".monaco-editor textarea").first().focus();
        await goTo(page, "40:4");
        await page.keyboard.press("Control+.");
        const rows = page.locator(".action-widget .monaco-list-row");
        await until('"Set VertexCount to 4" in the quick-fix menu', () => rows.allInnerTexts(), (t) =>
            t.some((x) => x.includes("Set VertexCount to 4")),
        );
        const item = rows.filter({ hasText: "Set VertexCount to 4" });
        await screenshot(page, "quickfix");
        // (Keyboard, as clicks land on the widget's pointer block.) The fix is preferred: first.
        await until("the fix is selected", () => item.getAttribute("class"), (c) => c.split(" ").includes("focused"));
        await page.keyboard.press("Enter");
        await page.locator(".view-line", { hasText: "VertexCount=4" }).waitFor({ timeout: WAIT });
        await showProblems(page);
        await until("Problems without the count mismatch", () => problems(page), (r) => r[0] === "broken.elem 2");
    });

    await check(page, "a change of rigls.severity applies without a restart", async () => {
        // As a user would: edit settings.json in the editor (replace "warning" by "off") and save.
        await command(page, "Preferences: Open User Settings (JSON)");
        await page.locator(".tab.active", { hasText: "settings.json" }).waitFor({ timeout: WAIT });
        await page.locator(".monaco-editor textarea").first().focus();
        await page.keyboard.press("Control+H");
        await page.locator(".find-widget textarea").first().fill('"invalid-value": "warning"');
        await page.locator(".find-widget .replace-part textarea").fill('"invalid-value": "off"');
        await page.keyboard.press("Control+Alt+Enter");
        await page.keyboard.press("Escape");
        await page.keyboard.press("Control+S");
        await until("settings.json saved", () => page.locator(".tab.active").getAttribute("class"), (c) => !c.includes("dirty"));
        await page.keyboard.press("Control+W");
        await showProblems(page);
        // (Until the list settles: for a moment a row can be there twice while Problems re-renders.)
        const rows = await until("Problems without the invalid value", () => problems(page), (r) => r[0] === "broken.elem 1" && r.length === 2);
        eq("Problems rows", rows, [
            "broken.elem 1",
            "unknown bone `首`: not found in this MeshContainer's BoneNames; TransformIndex 1 is `頭` rigls(unknown-bone) [Ln 66, Col 15]",
        ]);
        eq("settings.json on disk", JSON.parse(readFileSync(process.env.RIGLS_USER_SETTINGS, "utf8"))["rigls.severity"], {
            "invalid-value": "off",
        });
    });

    await check(page, "rigls: Show Server Version runs rigls --version", async () => {
        await command(page, "rigls: Show Server Version");
        const toast = page.locator(".notification-toast .notification-list-item-message");
        const text = await until("the version notification", () => toast.allInnerTexts(), (t) => t.some((x) => x.startsWith("rigls ")));
        const message = text.find((x) => x.startsWith("rigls "));
        // Without RIGLS_BIN the server must be the one bundled in the .vsix.
        const from = process.env.RIGLS_BIN ? "" : "/server/rigls";
        if (!message.startsWith(`rigls ${version} (`) || !message.endsWith(`${from})`)) {
            fail(`expected "rigls ${version} (…${from})", got ${JSON.stringify(message)}`);
        }
        await page.keyboard.press("Escape");
    });

    // ------------------------------------------------------------- DragonBones skeleton
    const skeleton = readFileSync(join(workspace, "hero_ske.json"), "utf8").split("\n");
    const headLine = skeleton.findIndex((l) => l.includes('"parent": "head"'));
    const headColumn = skeleton[headLine].indexOf('"head"') + 1;

    await check(page, "a DragonBones skeleton opens as DragonBones JSON and gets rigls diagnostics", async () => {
        await openFile(page, "hero_ske.json", "DragonBones JSON");
        await goTo(page, `${headLine + 1}:${headColumn}`);
        await until("a .squiggly-error in view", () => page.locator(".squiggly-error").count(), (n) => n > 0);
        await showProblems(page);
        const rows = await until("Problems rows for hero_ske.json", () => problems(page), (r) =>
            r.some((x) => x.startsWith("hero_ske.json")),
        );
        riglsSpoke ||= rows.some((r) => / rigls\(/.test(r));
        const file = rows.findIndex((x) => x.startsWith("hero_ske.json"));
        const mine = rows.slice(file + 1).filter((x) => / rigls\(unknown-bone\) /.test(x));
        const at = new RegExp(` rigls\\(unknown-bone\\) \\[Ln ${headLine + 1}, Col (${headColumn}|${headColumn + 1})\\]$`);
        if (mine.length !== 1 || !at.test(mine[0])) {
            fail(`expected one unknown-bone problem at line ${headLine + 1}, column ${headColumn}; rows: ${JSON.stringify(rows)}`);
        }
        await screenshot(page, "dragonbones");
    });

    // Issue 12 item 4: VS Code's JSON language server must not answer next to rigls.
    await check(page, "the Outline of a skeleton is one tree, rigls's", async () => {
        // (Two providers would show two groups, one per extension, each with its own tree.)
        eq("outline", await outlineRoots(page), ["hero"]);
        await screenshot(page, "dragonbones-outline");
    });

    await check(page, "completion of a bone name lists each bone once", async () => {
        await page.locator(".monaco-editor textarea").first().focus();
        // Select the `head` of `"parent": "head"`, delete it and ask for completion between the quotes.
        await goTo(page, `${headLine + 1}:${headColumn + 1}`);
        for (let i = 0; i < "head".length; i += 1) await page.keyboard.press("Shift+ArrowRight");
        await page.keyboard.press("Backspace");
        await page.keyboard.press("Control+Space");
        const labels = await until(
            "the suggest widget lists the bones",
            () => page.locator(".editor-widget.suggest-widget.visible .monaco-list-row .label-name").allInnerTexts(),
            (l) => l.length >= 2,
        );
        const names = labels.map((l) => l.replace(/^"|"$/g, ""));
        eq("suggested bone names", [...names].sort(), ["body", "root"]);
        await screenshot(page, "dragonbones-completion");
        await page.keyboard.press("Escape");
    });

    await check(page, "a JSON file rigls recognises by content becomes DragonBones JSON", async () => {
        // skeleton.json: a copy of hero_ske.json under the name older exports used.
        await openFile(page, "skeleton.json", "DragonBones JSON");
    });

    await check(page, "Format Document lays a skeleton out as JSON, with one formatter", async () => {
        await page.locator(".monaco-editor textarea").first().focus();
        await command(page, "Format Document");
        // `{ "name": "root" },` is spread over lines, as VS Code's JSON formatter does.
        const lines = page.locator(".view-line");
        await until(
            'a line that is just "name": "root"',
            async () => (await lines.allInnerTexts()).map((t) => t.replace(/\u00a0/g, " ").trim()),
            (t) => t.includes('"name": "root"'),
        );
        await noFormatterQuestion(page);
    });

    await check(page, "the preview is offered for a skeleton by its content, not for an atlas", async () => {
        // (skeleton.json is the active editor.)
        const button = page.locator('.editor-actions .action-label[aria-label*="Open Preview"]');
        await until("the editor title of skeleton.json has the Open Preview button", () => button.count(), (n) => n > 0);
        await openFile(page, "hero_tex.json", "DragonBones JSON");
        await until("no Open Preview button for the atlas", () => button.count(), (n) => n === 0);
        await page.waitForTimeout(1000);
        eq("Open Preview buttons for the atlas a second later", await button.count(), 0);
    });

    await check(page, "plain JSON gets nothing from rigls", async () => {
        if (!riglsSpoke) {
            fail("cannot tell: rigls reported nothing anywhere (see the checks above)");
        }
        await openFile(page, "not-dragonbones.json", "JSON");
        await showProblems(page);
        await page.waitForTimeout(1000);
        const rows = await problems(page);
        if (rows.some((x) => x.startsWith("not-dragonbones.json"))) {
            fail(`Problems has rows for not-dragonbones.json: ${JSON.stringify(rows)}`);
        }
        eq("its language", await statusMode(page), "JSON");
    });

    // ------------------------------------------------------------- formatting
    await check(page, "Format Selection in a model formats the selected line only", async () => {
        await openFile(page, "messy.elem", "Elfreina Model");
        await goTo(page, "4:5");
        await page.keyboard.press("Shift+End");
        await command(page, "Format Selection");
        const lines = async () => (await page.locator(".view-line").allInnerTexts()).map((t) => t.replace(/\u00a0/g, " ").trimEnd());
        const after = await until('line 4 reads LoadType="View"', lines, (t) => t.some((l) => l.trim() === 'LoadType="View"'));
        // (View lines are not in document order: Monaco reuses their nodes.)
        eq("the lines around it, as written", ["Setting{", "  ElfreinaSoftVersion = 1.10"].map((l) => after.includes(l)), [true, true]);
        await noFormatterQuestion(page);
        await page.keyboard.press("Control+Z");
    });

    await check(page, "Format Document on plain JSON is VS Code's JSON formatter alone", async () => {
        await openFile(page, "one-line.json", "JSON");
        await command(page, "Format Document");
        const lines = async () => (await page.locator(".view-line").allInnerTexts()).map((t) => t.replace(/\u00a0/g, " ").trim());
        await until('"name": "settings" on a line of its own', lines, (t) => t.includes('"name": "settings",'));
        await noFormatterQuestion(page);
        await page.keyboard.press("Control+Z");
    });

    // ------------------------------------------------------------- binary skeleton
    // A .dbbin opens as the read-only JSON view of its content (the server's), analysed as the
    // binary. In the view, line 27 is `"parent": "root",` (the bone pelvis's) and line 21 is the
    // bone root's `"name": "root"`.
    const viewLines = async () => (await page.locator(".view-line").allInnerTexts()).map((t) => t.replace(/\u00a0/g, " ").trim());

    await check(page, "a .dbbin opens as a read-only JSON view of its content", async () => {
        await openFile(page, "mecha_1406_ske.dbbin", "DragonBones JSON");
        await until('the view shows "name": "mecha_1406"', viewLines, (t) => t.includes('"name": "mecha_1406",'));
        await screenshot(page, "dbbin-view");
        await goTo(page, "3:3");
        await page.keyboard.type("xyz");
        await page.waitForTimeout(500);
        const lines = await viewLines();
        if (!lines.includes('"name": "mecha_1406",') || lines.some((t) => t.includes("xyz"))) {
            fail(`typing changed the view: ${JSON.stringify(lines.slice(0, 6))}`);
        }
        const tab = await page.locator(".tab.active").getAttribute("class");
        if (tab.split(" ").includes("dirty")) fail("the view's tab is dirty after typing");
    });

    await check(page, "hover on a bone name in the .dbbin view shows the bone", async () => {
        await page.locator(".monaco-editor textarea").first().focus();
        await goTo(page, "27:22");
        await command(page, "Show or Focus Hover");
        const hover = page.locator(".monaco-hover .rendered-markdown");
        const text = await until("the bone's hover", () => hover.allInnerTexts(), (t) => /Bone 0 of armature\s+mecha_1406/.test(t.join("\n")));
        if (!/bone\s+root/.test(text.join("\n"))) fail(`the hover does not name the bone root:\n${text.join("\n")}`);
        await screenshot(page, "dbbin-hover");
        await page.keyboard.press("Escape");
    });

    await check(page, "Go to Definition in the .dbbin view goes to the bone", async () => {
        await page.locator(".monaco-editor textarea").first().focus();
        await goTo(page, "27:22");
        await command(page, "Go to Definition");
        await until("the cursor on line 21", () => page.locator('[id="status.editor.selection"]').innerText(), (s) => s.startsWith("Ln 21, "));
        eq("the active tab", (await page.locator(".tab.active").innerText()).split("\n")[0].trim(), "mecha_1406_ske.dbbin");
    });

    await check(page, "the Outline of a .dbbin view is rigls's", async () => {
        eq("outline", await outlineRoots(page), ["mecha_1406"]);
    });

    await check(page, "a damaged .dbbin gets its binary diagnostics in the view", async () => {
        await openFile(page, "damaged_ske.dbbin", "DragonBones JSON");
        await showProblems(page);
        const rows = await until("Problems rows for damaged_ske.dbbin", () => problems(page), (r) =>
            r.some((x) => x.startsWith("damaged_ske.dbbin")),
        );
        const file = rows.findIndex((x) => x.startsWith("damaged_ske.dbbin"));
        eq("Problems rows of damaged_ske.dbbin", rows.slice(file, file + 2), [
            "damaged_ske.dbbin 1",
            "bytes 20808–24363: the timelineArray should be bytes 20808–24371 of the file, but the file has 24364 bytes: the runtime throws rigls(binary-truncated) [Ln 3, Col 3]",
        ]);
        await screenshot(page, "dbbin-diagnostics");
    });

    await check(page, "Unity's _ske.bytes opens as the same view, analysed as the binary", async () => {
        await openFile(page, "unity_ske.bytes", "DragonBones JSON");
        await until('the view shows "name": "mecha_1406"', viewLines, (t) => t.includes('"name": "mecha_1406",'));
        await showProblems(page);
        const rows = await until("Problems rows for unity_ske.bytes", () => problems(page), (r) =>
            r.some((x) => x.startsWith("unity_ske.bytes")),
        );
        const file = rows.findIndex((x) => x.startsWith("unity_ske.bytes"));
        eq("Problems rows of unity_ske.bytes", rows[file + 1].split(" rigls(")[1], "binary-truncated) [Ln 3, Col 3]");
    });

    // ------------------------------------------------------------- completion while typing
    // (Issue 12 item 1.) VS Code opens suggestions on its own only outside strings (the grammar
    // must not scope a half-typed name as one) and, inside strings, only where the language turns
    // `editor.quickSuggestions.strings` on (the extension does for .elem). The checks type into
    // typing.elem, a copy of broken.elem made at the start, bottom up so that line numbers hold.
    await check(page, "typing Tr as the Loop value suggests True by itself", async () => {
        await openFile(page, "typing.elem", "Elfreina Model");
        await goTo(page, "118:8");
        await page.keyboard.press("Shift+End");
        const labels = await typeAndReadSuggestions(page, "Tr");
        eq("suggestions", labels, ["True"]);
        await page.keyboard.press("Escape");
    });

    await check(page, "typing inside a quoted VertexFormat entry suggests the entries by itself", async () => {
        // Line 17 is `\t\t\t"Texture1"`: select Texture1 and type over it.
        await goTo(page, "17:5");
        for (let i = 0; i < "Texture1".length; i += 1) await page.keyboard.press("Shift+ArrowRight");
        const labels = await typeAndReadSuggestions(page, "Te");
        if (!labels.some((l) => /^"?Texture1"?$/.test(l))) fail(`the suggestions lack Texture1: ${JSON.stringify(labels)}`);
        await screenshot(page, "typing-value");
        await page.keyboard.press("Escape");
    });

    await check(page, "typing Tex on a new line in a Mesh suggests Texture… by itself", async () => {
        await goTo(page, "41");
        await page.keyboard.press("End");
        await page.keyboard.press("Enter");
        const labels = await typeAndReadSuggestions(page, "Tex");
        // (The Mesh has its TextureUV already: the numbered lists are left.)
        if (!labels.includes("Texture1UV")) fail(`the suggestions lack Texture1UV: ${JSON.stringify(labels)}`);
        const unfiltered = labels.filter((l) => !/^tex/i.test(l));
        if (unfiltered.length > 0) fail(`suggestions that do not match "Tex": ${JSON.stringify(unfiltered)}`);
        await screenshot(page, "typing-key");
        await page.keyboard.press("Escape");
    });

    await previewChecks(page, { check, until, fail, eq, openFile, goTo, command, screenshot, workspace });
}

const context = await chromium.launchPersistentContext(process.env.RIGLS_BROWSER_PROFILE, {
    executablePath: "/usr/bin/chromium",
    headless: true,
    viewport: { width: 1400, height: 900 },
    args: [
        "--no-sandbox",
        "--disable-gpu",
        // WebGL (the preview's 3-D view) without a GPU: Chromium's software renderer, SwiftShader.
        "--enable-unsafe-swiftshader",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
    ],
});
const page = context.pages()[0] ?? (await context.newPage());
try {
    await run(page);
} catch (error) {
    failed += 1;
    console.log("not ok - harness error");
    console.log(`#   ${String(error?.stack ?? error).split("\n").slice(0, 8).join("\n#   ")}`);
    await screenshot(page, "FAILED-harness");
} finally {
    await context.close().catch(() => {});
}
console.log(`vscode: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
