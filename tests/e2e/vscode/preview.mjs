// The preview checks of the VS Code end-to-end test (test.mjs runs them with its helpers): on
// tests/e2e/fixtures/preview/atlas_ske.json (textured images, a mesh, a child armature, a
// colour animation), "rigls: Open Preview" opens a webview beside the editor that draws pixels,
// plays, scrubs, selects a bone's name in the editor when it is clicked, follows the cursor and
// redraws after an edit of the buffer; and on tests/e2e/fixtures/preview/board.elem, that the
// 3-D view draws the model with its texture (served to the webview from the model's folder); and
// on the corpus's body_ske.json, how long the preview takes to open and to follow typing.

import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

import { foreground, hues } from "../pixels.mjs";

const FIXTURE = readFileSync(new URL("../fixtures/preview/atlas_ske.json", import.meta.url), "utf8");
const lines = FIXTURE.split("\n");
/**
 * The 1-based line and column of `needle`'s first character on the line holding `on` (or, when
 * `on` is a function, the first line it accepts).
 */
function where(on, needle = on) {
    const line = lines.findIndex(typeof on === "function" ? on : (l) => l.includes(on));
    return { line: line + 1, column: lines[line].indexOf(needle) + 1 };
}

/** The highlight's orange (the page's `--highlight`). */
const ORANGE = [232, 145, 45];

/** The preview page inside its webview (two iframes deep in VS Code 1.100). */
function inner(page) {
    return page.frameLocator("iframe.webview").frameLocator("iframe#active-frame");
}

async function state(page) {
    return inner(page)
        .locator("#rigls-preview")
        .evaluate((root) => ({ ...root.dataset, time: root.querySelector(".time")?.textContent }), null, { timeout: 2000 });
}

export async function previewChecks(page, { check, until, fail, eq, openFile, goTo, command, screenshot, workspace }) {
    const canvas = () => inner(page).locator("#rigls-preview canvas");
    // The command is offered once the server has said what the file is (the context key
    // rigls.previewable), a moment after it opens; a palette opened before lists it not.
    const openPreview = async () => {
        const button = page.locator('.editor-actions .action-label[aria-label*="Open Preview"]');
        await until("the editor title has the Open Preview button", () => button.count(), (n) => n > 0);
        await command(page, "rigls: Open Preview");
    };
    let ready = false;

    await check(page, "rigls: Open Preview opens a webview that draws the skeleton", async () => {
        await openFile(page, "atlas_ske.json", "DragonBones JSON");
        await openPreview();
        await until("the preview is ready", () => state(page), (s) => s.state === "ready" && Number(s.draws) > 0);
        ready = true;
        // Pixels, not just a webview: the textured slots stand out of the background.
        const shot = await until("the canvas has been drawn", async () => foreground(page, await canvas().screenshot()), (f) => f.count > 2000);
        await screenshot(page, "preview");
        console.log(`#   the preview drew ${shot.count} of ${shot.width}×${shot.height} pixels`);
        eq("the animation picker", await inner(page).locator("select.animation").inputValue(), "wave");
    });
    if (!ready) return;

    await check(page, "play advances the animation, pause stops it", async () => {
        await inner(page).locator("button.play").click();
        await until("the frame advances", () => state(page), (s) => s.playing === "true" && Number(s.frame) > 2);
        await inner(page).locator("button.play").click();
        const paused = await until("playback stops", () => state(page), (s) => s.playing === "false");
        await page.waitForTimeout(300);
        eq("the frame after a pause", (await state(page)).frame, paused.frame);
    });

    await check(page, "the scrubber goes to a frame and shows its time", async () => {
        const scrub = (frame) =>
            inner(page)
                .locator("input.scrubber")
                .evaluate((el, value) => {
                    el.value = value;
                    el.dispatchEvent(new Event("input"));
                }, String(frame));
        // From frame 0, not wherever the pause left playback (it may have stopped at 12).
        await scrub(0);
        const start = await until("frame 0", () => state(page), (x) => x.frame === "0");
        eq("the time label at frame 0", start.time, "0.00 s · frame 0/24");
        // Drawing follows the label (a request to the server, then an animation frame): the
        // picture of frame 0 is the one two screenshots 250 ms apart agree on.
        let last = null;
        const before = await until(
            "frame 0 is drawn and stays",
            async () => {
                await page.waitForTimeout(250);
                const shot = await foreground(page, await canvas().screenshot());
                const same = last !== null && last.digest === shot.digest;
                last = shot;
                return { ...shot, same };
            },
            (f) => f.same && f.count > 2000,
        );
        await scrub(12);
        const s = await until("frame 12", () => state(page), (x) => x.frame === "12");
        eq("the time label", s.time, "0.50 s · frame 12/24");
        // At frame 12 the lower arm is turned 60° and the tint changed: another picture.
        const after = await until("the picture changes", async () => foreground(page, await canvas().screenshot()), (f) => f.digest !== before.digest);
        console.log(`#   frame 12: ${after.count} pixels drawn (frame 0: ${before.count})`);
    });

    await check(page, "clicking a bone selects its name in the editor", async () => {
        // The middle of bone "upper" (from (-60, 80), 60 long along x), in canvas pixels.
        const at = await inner(page)
            .locator("#rigls-preview")
            .evaluate(() => {
                const preview = window.riglsPreview;
                const bone = preview.scene.bones.find((b) => b.name === "upper");
                const m = bone.matrix;
                const v = preview.view.view;
                const x = (m[4] + m[0] * bone.length * 0.5) * v.scale + v.x;
                const y = (m[5] + m[1] * bone.length * 0.5) * v.scale + v.y;
                return { x: x / devicePixelRatio, y: y / devicePixelRatio };
            });
        await canvas().click({ position: at });
        const { line } = where('"name": "upper"');
        const status = await until(
            `the selection is "upper" on line ${line}`,
            () => page.locator('[id="status.editor.selection"]').innerText(),
            (s) => s.startsWith(`Ln ${line}, `) && s.includes("(7 selected)"),
        );
        console.log(`#   ${status}`);
        eq("the highlight in the preview", (await state(page)).highlight, "bone:1");
        eq("the status line", await inner(page).locator(".status .selection").innerText(), "bone upper");
    });

    await check(page, "the highlighted bone is orange in light, dark and high-contrast themes", async () => {
        const initial = await inner(page).locator("body").getAttribute("class");
        const themes = [
            ["Default Dark Modern", "vscode-dark"],
            ["Default High Contrast", "vscode-high-contrast"],
            ["Default High Contrast Light", "vscode-high-contrast-light"],
            ["Default Light Modern", "vscode-light"],
        ];
        const counts = [];
        for (const [theme, expected] of themes) {
            await command(page, "Preferences: Color Theme");
            const input = page.locator(".quick-input-widget input");
            await input.fill(theme);
            // (Clicked: the list may start with "Browse Additional Color Themes".)
            const row = page.locator(".quick-input-list .monaco-list-row", { hasText: theme }).first();
            await row.waitFor({ state: "visible" });
            await row.click();
            await until(`the preview in ${theme}`, () => inner(page).locator("body").getAttribute("class"), (c) => {
                const classes = c.split(" ");
                return classes.includes(expected) && (expected !== "vscode-high-contrast" || !classes.includes("vscode-high-contrast-light"));
            });
            const [orange] = await until(
                `the bone in orange in ${theme}`,
                async () => hues(page, await canvas().screenshot(), [ORANGE]),
                ([n]) => n > 60,
            );
            counts.push(`${theme} ${orange}`);
            await screenshot(page, `preview-${expected}`);
        }
        console.log(`#   orange pixels: ${counts.join(", ")} (the preview's body was ${JSON.stringify(initial)})`);
    });

    await check(page, "the cursor on a slot highlights it; in a key frame, the scrubber goes there", async () => {
        const slot = where('"name": "glow", "parent"', "glow");
        await goTo(page, `${slot.line}:${slot.column}`);
        await until("slot glow (index 5) is highlighted", () => state(page), (s) => s.highlight === "slot:5");
        // The status line says what the cursor highlights, not what was clicked before.
        eq("the status line", await inner(page).locator(".status .selection").innerText(), "slot glow");
        const key = where('"rotate": 60');
        await goTo(page, `${key.line}:${key.column}`);
        const s = await until("the second key frame (frame 12) is shown", () => state(page), (x) => x.frame === "12" && x.playing === "false");
        eq("the time label", s.time, "0.50 s · frame 12/24");
        await goTo(page, `${key.line + 1}:${key.column}`);
        await until("the last key frame (frame 24)", () => state(page), (x) => x.frame === "24");
    });

    await check(page, "the cursor on a name of a bone highlights the bone", async () => {
        const at = async (place, what) => {
            await goTo(page, `${place.line}:${place.column + 1}`);
            return until(what, () => state(page), (s) => s.highlight !== "slot:5" && s.highlight !== "").then((s) => s.highlight);
        };
        const found = [];
        // An IK constraint's bone, a bone timeline's name, a slot's parent (from slot glow each time).
        for (const [place, what] of [
            [where('"name": "reach"', '"lower"'), "the IK constraint's bone"],
            [where((l) => l.trim() === '"name": "lower",', '"lower"'), "the timeline's bone"],
            [where('"name": "strip", "parent"', '"upper"'), "the slot's parent"],
        ]) {
            const glow = where('"name": "glow", "parent"', "glow");
            await goTo(page, `${glow.line}:${glow.column}`);
            await until("slot glow again", () => state(page), (s) => s.highlight === "slot:5");
            found.push(`${what}: ${await at(place, `a highlight for ${what}`)}`);
        }
        eq("highlights", found, ["the IK constraint's bone: bone:2", "the timeline's bone: bone:2", "the slot's parent: bone:1"]);
        eq("the status line", await inner(page).locator(".status .selection").innerText(), "bone upper");
    });

    await check(page, "an edit of the buffer redraws the preview", async () => {
        const before = await state(page);
        const shotBefore = await foreground(page, await canvas().screenshot());
        // The upper arm's x: -60 → -20 (the mesh and the lower arm move with it).
        const x = where('"name": "upper"', "-60");
        await goTo(page, `${x.line}:${x.column}`);
        await page.keyboard.press("Delete");
        await page.keyboard.press("Delete");
        await page.keyboard.press("Delete");
        await page.keyboard.type("-20");
        // Six changes: three deletions, three characters typed.
        const after = await until(
            "the preview shows the edited version",
            () => state(page),
            (s) => Number(s.documentVersion) === Number(before.documentVersion) + 6,
        );
        console.log(`#   version ${after.documentVersion} drawn ${after.updateMs} ms after the extension saw the change`);
        // The version is recorded before the animation frame that draws it: wait for the picture.
        await until("the canvas changes after the edit", async () => foreground(page, await canvas().screenshot()), (f) => f.digest !== shotBefore.digest);
        // A broken buffer keeps the last picture and says why.
        await page.keyboard.press("End");
        await page.keyboard.type("}}");
        const broken = await until("the banner shows", () => state(page), (s) => s.state === "error");
        const banner = await inner(page).locator(".banner").innerText();
        if (!banner.includes("JSON.parse rejects the file")) fail(`the banner says ${JSON.stringify(banner)}`);
        if (Number(broken.draws) === 0) fail("nothing is drawn");
        await page.keyboard.press("Backspace");
        await page.keyboard.press("Backspace");
        await until("the banner goes", () => state(page), (s) => s.state === "ready");
        await page.keyboard.press("Control+Z");
    });

    await check(page, "the preview of an .elem model shows its texture", async () => {
        await command(page, "View: Close All Editors");
        await openFile(page, "board.elem", "Elfreina Model");
        await openPreview();
        await until("the model's preview is ready", () => state(page), (s) => s.state === "ready" && Number(s.draws) > 0);
        // The texture's two halves, green above magenta, however the light shades them.
        const [green, magenta] = await until(
            "the texture's colours",
            async () => hues(page, await canvas().screenshot(), [[30, 200, 60], [200, 40, 160]]),
            ([g, m]) => g > 1000 && m > 1000,
        );
        await screenshot(page, "preview-elem");
        console.log(`#   ${green} green and ${magenta} magenta pixels`);
    });

    // The corpus's body_ske.json, copied in by run.sh when ../shared/corpus is there: one line of
    // 128 KB (as exporters write), 96 drawables, a pass of 71 frames of 110 KB each.
    await check(page, "a large one-line skeleton's preview opens quickly and follows typing", async () => {
        if (!existsSync(join(workspace, "body", "body_ske.json"))) {
            console.log("#   skipped: no body/body_ske.json (../shared/corpus is absent)");
            return;
        }
        await command(page, "View: Close All Editors");
        await openFile(page, "body_ske.json", "DragonBones JSON");
        const started = Date.now();
        await openPreview();
        await until("the preview is ready", () => state(page), (s) => s.state === "ready" && Number(s.draws) > 0, 60000);
        const opened = Date.now() - started;
        const preview = () => inner(page).locator("#rigls-preview").evaluate(() => ({ pass: !!window.riglsPreview.pass, trips: window.riglsPreview.trips }));
        await until("every frame of a pass fetched", preview, (p) => p.pass, 60000);
        const playable = Date.now() - started;
        // Typing at the end of the file: each keystroke's scene, while passes are being fetched.
        const before = (await preview()).trips.length;
        await page.locator(".monaco-editor textarea").first().focus();
        await page.keyboard.press("Control+End");
        for (let i = 0; i < 20; i += 1) {
            await page.keyboard.type(" ");
            await page.waitForTimeout(400);
        }
        await until("the last keystroke's scene", () => state(page), (s) => s.state === "ready");
        await page.waitForTimeout(2000);
        const scenes = (await preview()).trips.slice(before).filter((t) => t.frames === 1).map((t) => t.ms).sort((a, b) => a - b);
        await command(page, "File: Revert File");
        const at = (q) => Math.round(scenes[Math.min(scenes.length - 1, Math.floor(q * scenes.length))]);
        console.log(
            `#   opened in ${opened} ms, playable in ${playable} ms; ${scenes.length} scenes while typing: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`,
        );
        // Before issue 33: 5.8–12.7 s to open (20–30 s on this machine), 1 scene in 30 stalled 4.5–5.5 s.
        if (opened > 10000) fail(`the preview took ${opened} ms to open`);
        if (scenes.length < 5 || at(1) > 4000) fail(`scenes while typing: ${JSON.stringify(scenes.map(Math.round))}`);
    });
}
