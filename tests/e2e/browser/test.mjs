// The `rigls preview` page in a real browser (Debian's Chromium through playwright-core): it
// draws the skeleton (pixels on a screenshot of the canvas), plays and scrubs, follows the file
// on disk, keeps every control inside a narrow window, draws an `.elem` model with its texture,
// and the server refuses the browser without the token and is not reachable but on 127.0.0.1.
// Started by run.sh, which sets RIGLS_E2E_PREFIX (playwright-core), RIGLS_BIN,
// RIGLS_WORKSPACE (a scratch copy of tests/e2e/fixtures/preview), RIGLS_ARTIFACTS and
// RIGLS_BROWSER_PROFILE. Prints one `ok`/`not ok` line per check and `N passed, N failed`.

import { spawn } from "node:child_process";
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

import { foreground, hues } from "../pixels.mjs";

const require = createRequire(join(process.env.RIGLS_E2E_PREFIX, "package.json"));
const { chromium } = require("playwright-core");

const workspace = process.env.RIGLS_WORKSPACE;
const artifacts = process.env.RIGLS_ARTIFACTS;
const WAIT = 15000;
let passed = 0;
let failed = 0;

class Failure extends Error {}
const fail = (message) => {
    throw new Failure(message);
};

async function check(page, name, fn) {
    try {
        await fn();
        passed += 1;
        console.log(`ok - ${name}`);
    } catch (error) {
        failed += 1;
        console.log(`not ok - ${name}`);
        const text = error instanceof Failure ? error.message : String(error?.stack ?? error);
        for (const line of text.split("\n").slice(0, 12)) console.log(`#   ${line}`);
        await page.screenshot({ path: join(artifacts, `FAILED-${name.replace(/[^A-Za-z0-9]+/g, "-").slice(0, 50)}.png`) }).catch(() => {});
    }
}

async function until(what, probe, accept, timeout = WAIT) {
    const deadline = Date.now() + timeout;
    let last;
    for (;;) {
        try {
            last = await probe();
            if (accept(last)) return last;
        } catch (error) {
            last = `(${String(error.message).split("\n")[0]})`;
        }
        if (Date.now() > deadline) fail(`${what}; last seen: ${JSON.stringify(last)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
    }
}

/** A blank page to decode screenshots in (the preview's own policy allows no `data:` images). */
let lab;
const drawn = async (png) => (await foreground(lab, png)).count;

/** The upper, lower, left or right half of a page's canvas, as a screenshot clip. */
async function half(page, which) {
    const box = await page.locator("canvas").boundingBox();
    const [w, h] = [box.width / 2, box.height / 2];
    if (which === "left" || which === "right") return { x: which === "left" ? box.x : box.x + w, y: box.y, width: w, height: box.height };
    return { x: box.x, y: which === "top" ? box.y : box.y + h, width: box.width, height: h };
}

const GREEN = [30, 200, 60];
const MAGENTA = [200, 40, 160];
/** The highlight's orange. */
const ORANGE = [232, 145, 45];

const state = (page) => page.locator("#rigls-preview").evaluate((root) => ({ ...root.dataset, time: root.querySelector(".time")?.textContent }));

/** `rigls preview FILE` started, and the URL it printed. */
async function serve(file) {
    const child = spawn(process.env.RIGLS_BIN, ["preview", file], { stdio: ["ignore", "pipe", "inherit"] });
    servers.push(child);
    return new Promise((resolve, reject) => {
        let seen = "";
        child.stdout.on("data", (chunk) => {
            seen += chunk;
            const line = seen.split("\n");
            if (line.length > 1) resolve(line[0]);
        });
        child.on("exit", (code) => reject(new Error(`rigls preview exited with ${code}`)));
        setTimeout(() => reject(new Error("rigls preview printed no URL")), WAIT);
    });
}
const servers = [];

// The server, on the scratch copy.
const file = join(workspace, "atlas_ske.json");
const url = await serve(file);
const port = new URL(url).port;
console.log(`# ${url.replace(/token=.*/, "token=…")}`);

const context = await chromium.launchPersistentContext(process.env.RIGLS_BROWSER_PROFILE, {
    executablePath: "/usr/bin/chromium",
    headless: true,
    viewport: { width: 1000, height: 640 },
    // WebGL (the 3-D view) without a GPU: Chromium's software renderer, SwiftShader.
    args: ["--no-sandbox", "--disable-gpu", "--enable-unsafe-swiftshader", "--no-first-run", "--disable-background-networking", "--disable-component-update"],
});
const page = context.pages()[0] ?? (await context.newPage());
lab = await context.newPage();
const errors = [];
page.on("pageerror", (error) => errors.push(error.message));
// What the browser's console shows as errors (a refused request, a failed load): none.
const consoleErrors = [];
const listen = (p) => p.on("console", (m) => m.type() === "error" && consoleErrors.push(`${m.text()} (${m.location().url})`));
listen(page);
try {
    await check(page, "the page draws the skeleton", async () => {
        await page.goto(url);
        await until("the preview is ready", () => state(page), (s) => s.state === "ready" && Number(s.draws) > 0);
        const count = await until("pixels drawn", async () => drawn(await page.locator("canvas").screenshot()), (n) => n > 2000);
        console.log(`#   ${count} pixels drawn`);
        await page.screenshot({ path: join(artifacts, "preview.png") });
        if (errors.length > 0) fail(`page errors: ${errors.join("; ")}`);
        // (A moment for what the browser asks for by itself, such as an icon.)
        await page.waitForTimeout(500);
        if (consoleErrors.length > 0) fail(`console errors: ${consoleErrors.join("; ")}`);
    });

    await check(page, "play, pause and scrub", async () => {
        await page.locator("button.play").click();
        await until("the frame advances", () => state(page), (s) => Number(s.frame) > 2);
        await page.locator("button.play").click();
        await page.locator("input.scrubber").evaluate((el) => {
            el.value = "6";
            el.dispatchEvent(new Event("input"));
        });
        const s = await until("frame 6", () => state(page), (x) => x.frame === "6" && x.playing === "false");
        if (s.time !== "0.25 s · frame 6/24") fail(`the time label says ${s.time}`);
    });

    await check(page, "the target picker offers every DragonBones runtime and draws as the one picked", async () => {
        const names = await page.locator("select.target option").evaluateAll((os) => os.map((o) => o.value));
        const every = ["dragonbones-js", "egret", "cocos-creator-2", "cocos-creator-3", "dragonbones-cpp", "godot", "unity", "flutter"];
        if (names.join() !== every.join()) fail(`the picker offers ${JSON.stringify(names)}`);
        if ((await page.locator("select.target").inputValue()) !== "dragonbones-js") fail("the default is not dragonbones-js");
        const before = await state(page);
        await page.locator("select.target").selectOption("dragonbones-cpp");
        // Answered for that runtime (the answer's `target` sets the picker), same armature and frame.
        await until("a scene drawn as dragonbones-cpp", () => state(page), (s) => Number(s.draws) > Number(before.draws) && s.state === "ready");
        if ((await page.locator("select.target").inputValue()) !== "dragonbones-cpp") fail("the picker went back");
        if ((await state(page)).frame !== before.frame) fail("the frame moved");
        await page.locator("select.target").selectOption("dragonbones-js");
    });

    await check(page, "a change of the file on disk redraws the page", async () => {
        const before = await page.locator("canvas").screenshot();
        const text = readFileSync(file, "utf8");
        writeFileSync(file, text.replace('"transform": { "x": -60, "y": 80 }', '"transform": { "x": -20, "y": 40 }'));
        await until("document version 2", () => state(page), (s) => s.documentVersion === "2");
        await until("another picture", async () => !(await page.locator("canvas").screenshot()).equals(before), (changed) => changed);
        writeFileSync(file, "{ broken");
        await until("the banner", () => state(page), (s) => s.state === "error");
        const banner = await page.locator(".banner").innerText();
        if (!banner.includes("showing the last good state")) fail(`the banner says ${JSON.stringify(banner)}`);
        writeFileSync(file, text);
        await until("the banner goes", () => state(page), (s) => s.state === "ready");
    });

    await check(page, "an animation of no length cannot be played", async () => {
        const text = readFileSync(file, "utf8");
        // A pose kept as an animation of 0 frames, after "wave".
        const end = '\t\t\t],\n\t\t\t"defaultActions": [{ "gotoAndPlay": "wave" }]';
        if (!text.includes(end)) fail("the fixture's animations end otherwise");
        writeFileSync(file, text.replace(end, `\t\t\t\t,{ "duration": 0, "playTimes": 1, "name": "still" }\n${end}`));
        await until("the animation still in the picker", () => page.locator("select.animation option").allInnerTexts(), (o) => o.some((t) => t.startsWith("still")));
        await page.locator("select.animation").selectOption("still");
        await until("still chosen", () => state(page), (s) => s.time === "0.00 s · frame 0/0");
        const disabled = await page.locator("button.play").isDisabled();
        if (!disabled) fail("Play is enabled for an animation of 0 s");
        await page.locator("select.animation").selectOption("wave");
        await until("Play again for wave", () => page.locator("button.play").isDisabled(), (d) => !d);
        writeFileSync(file, text);
        await until("the file as it was", () => state(page), (s) => s.state === "ready" && s.time?.startsWith("0.00 s · frame 0/24"));
    });

    await check(page, "a missing atlas image is named in the status line, and its return redraws", async () => {
        const image = join(workspace, "atlas_tex.png");
        const before = await page.locator("canvas").screenshot();
        if ((await page.locator(".status").innerText()).trim() !== "") fail("the status line has a note already");
        renameSync(image, `${image}.away`);
        const note = await until("a note", () => page.locator(".status .notes").innerText(), (t) => t.trim() !== "");
        const expected = "the atlas image atlas_tex.png (the imagePath of atlas_tex.json) is missing: its displays are drawn as outlines";
        if (note.trim() !== expected) fail(`the note says ${JSON.stringify(note)}`);
        await until("outlines instead of the pictures", async () => (await hues(lab, await page.locator("canvas").screenshot(), [[200, 40, 40]]))[0], (red) => red < 50);
        await page.screenshot({ path: join(artifacts, "preview-missing-image.png") });
        renameSync(`${image}.away`, image);
        await until("the note goes", () => page.locator(".status .notes").innerText(), (t) => t.trim() === "");
        await until("the pictures back", async () => (await page.locator("canvas").screenshot()).equals(before), (same) => same);
    });

    await check(page, "an edit of the atlas on disk redraws the page", async () => {
        const atlas = join(workspace, "atlas_tex.json");
        const text = readFileSync(atlas, "utf8");
        const before = await state(page);
        const shot = await page.locator("canvas").screenshot();
        // The flag's region moved onto the trim's: every flag shows the trim's picture.
        const regions = JSON.parse(text).SubTexture;
        const [flag, trim] = ["flag", "trim"].map((n) => regions.find((r) => r.name === n));
        writeFileSync(atlas, text.replace(`"x": ${flag.x}, "y": ${flag.y}`, `"x": ${trim.x}, "y": ${trim.y}`));
        await until("a newer version", () => state(page), (s) => Number(s.documentVersion) > Number(before.documentVersion));
        await until("another picture", async () => !(await page.locator("canvas").screenshot()).equals(shot), (changed) => changed);
        writeFileSync(atlas, text);
        await until("the picture as it was", async () => (await page.locator("canvas").screenshot()).equals(shot), (same) => same);
    });

    await check(page, "in a narrow window every control is inside the page", async () => {
        // A long animation name: the picker is as wide as its longest option unless told not to be.
        const text = readFileSync(file, "utf8");
        const long = "wave_of_the_hand_to_everyone_in_the_hall";
        writeFileSync(file, text.replaceAll('"wave"', `"${long}"`));
        await until("the long name in the picker", () => page.locator("select.animation").inputValue(), (v) => v === long);
        await page.setViewportSize({ width: 320, height: 480 });
        await until("the canvas follows the window", () => page.locator("canvas").evaluate((c) => c.clientWidth), (w) => w <= 320);
        const controls = await page.locator("#rigls-preview .bar > *").evaluateAll((els) =>
            els
                .filter((el) => !el.hidden && el.getClientRects().length > 0)
                .map((el) => {
                    const r = el.getBoundingClientRect();
                    return { control: el.className || el.textContent, left: r.left, right: r.right, width: r.width };
                }),
        );
        await page.screenshot({ path: join(artifacts, "preview-narrow.png") });
        if (controls.length < 8) fail(`only ${controls.length} controls shown: ${JSON.stringify(controls)}`);
        const width = await page.evaluate(() => document.documentElement.clientWidth);
        const outside = controls.filter((c) => c.left < 0 || c.right > width + 0.5 || c.width < 8);
        if (outside.length > 0) fail(`controls not inside the ${width} px page: ${JSON.stringify(outside)}`);
        const scrolls = await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
        if (scrolls) fail("the page scrolls sideways");
        const count = await until("pixels drawn", async () => drawn(await page.locator("canvas").screenshot()), (n) => n > 500);
        console.log(`#   ${controls.length} controls inside ${width} px; ${count} pixels drawn`);
        await page.setViewportSize({ width: 1000, height: 640 });
        writeFileSync(file, text);
        await until("the name back", () => page.locator("select.animation").inputValue(), (v) => v === "wave");
    });

    await check(page, "an .elem model is drawn with its texture", async () => {
        const model = await context.newPage();
        model.on("pageerror", (error) => errors.push(error.message));
        await model.goto(await serve(join(workspace, "board.elem")));
        await until("the model's preview is ready", () => state(model), (s) => s.state === "ready" && Number(s.draws) > 0);
        // The texture's two halves, green above magenta, whatever the light makes of them.
        const [green, magenta] = await until(
            "the texture's colours",
            async () => hues(lab, await model.locator("canvas").screenshot(), [[30, 200, 60], [200, 40, 160]]),
            ([g, m]) => g > 2000 && m > 2000,
        );
        await model.screenshot({ path: join(artifacts, "preview-elem.png") });
        const status = await model.locator(".status").innerText();
        if (status.trim() !== "") fail(`the status line says ${JSON.stringify(status)}`);
        console.log(`#   ${green} green and ${magenta} magenta pixels`);
        const top = await model.screenshot({ clip: await half(model, "top") });
        const [topGreen, topMagenta] = await hues(lab, top, [[30, 200, 60], [200, 40, 160]]);
        if (topGreen <= topMagenta) fail(`the upper half has ${topGreen} green and ${topMagenta} magenta pixels: the texture is upside down`);
        if (errors.length > 0) fail(`page errors: ${errors.join("; ")}`);
        // Without its texture: the material's white, and a note naming the file.
        const texture = join(workspace, "textures", "board.png");
        renameSync(texture, `${texture}.away`);
        try {
            const note = await until("a note", () => model.locator(".status .notes").innerText(), (t) => t.trim() !== "");
            const expected = "the texture textures\\board.png (of material 板) is missing: its faces are drawn in their colours";
            if (note.trim() !== expected) fail(`the note says ${JSON.stringify(note)}`);
            await until("no texture", async () => hues(lab, await model.locator("canvas").screenshot(), [GREEN, MAGENTA]), ([g, m]) => g + m < 100);
            await model.screenshot({ path: join(artifacts, "preview-elem-missing-texture.png") });
        } finally {
            renameSync(`${texture}.away`, texture);
        }
        await until("the texture back", async () => hues(lab, await model.locator("canvas").screenshot(), [GREEN, MAGENTA]), ([g, m]) => g > 2000 && m > 2000);
        await until("the note goes", () => model.locator(".status .notes").innerText(), (t) => t.trim() === "");
        await model.close();
    });

    // crossed.elem: a green quad facing the front and a magenta one through it at a steep angle,
    // in front of the green one left of where they cross and behind it right of there.
    let crossed;
    await check(page, "faces that cut through each other are drawn as they cross (a depth buffer)", async () => {
        crossed = await context.newPage();
        crossed.on("pageerror", (error) => errors.push(error.message));
        await crossed.goto(await serve(join(workspace, "crossed.elem")));
        await until("the model's preview is ready", () => state(crossed), (s) => s.state === "ready" && Number(s.draws) > 0);
        await until("both colours", async () => hues(lab, await crossed.locator("canvas").screenshot(), [GREEN, MAGENTA]), ([g, m]) => g > 2000 && m > 2000);
        await crossed.screenshot({ path: join(artifacts, "preview-crossed.png") });
        const [leftGreen, leftMagenta] = await hues(lab, await crossed.screenshot({ clip: await half(crossed, "left") }), [GREEN, MAGENTA]);
        const [rightGreen, rightMagenta] = await hues(lab, await crossed.screenshot({ clip: await half(crossed, "right") }), [GREEN, MAGENTA]);
        console.log(`#   left: ${leftGreen} green, ${leftMagenta} magenta; right: ${rightGreen} green, ${rightMagenta} magenta`);
        if (!(leftMagenta > 2 * leftGreen)) fail("left of the crossing the magenta face, in front, does not hide the green one");
        if (!(rightGreen > 2 * rightMagenta)) fail("right of the crossing the green face, in front, does not hide the magenta one");
        if (errors.length > 0) fail(`page errors: ${errors.join("; ")}`);
    });

    await check(page, "the 3-D camera turns, zooms and fits; a click selects the mesh", async () => {
        if (!crossed) fail("no page of crossed.elem");
        const canvas = crossed.locator("canvas");
        const shot = async () => foreground(lab, await canvas.screenshot());
        const settled = async (what, accept) => {
            // The picture after the last change: two screenshots a moment apart agree.
            let last = null;
            return until(what, async () => {
                await crossed.waitForTimeout(150);
                const now = await shot();
                const same = last !== null && last.digest === now.digest;
                last = now;
                return { ...now, same };
            }, (f) => f.same && accept(f));
        };
        const start = await settled("the first picture", () => true);
        const box = await canvas.boundingBox();
        const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
        await crossed.mouse.move(cx, cy);
        await crossed.mouse.down();
        await crossed.mouse.move(cx + 120, cy + 40, { steps: 8 });
        await crossed.mouse.up();
        const turned = await settled("another picture after a drag", (f) => f.digest !== start.digest);
        if ((await state(crossed)).highlight !== "") fail("a drag selected something");
        await crossed.mouse.move(cx, cy);
        await crossed.mouse.wheel(0, -400);
        const zoomed = await settled("a larger picture after the wheel", (f) => f.count > turned.count * 1.2);
        await crossed.locator("button.fit").click();
        await settled("the first picture again after Fit", (f) => f.digest === start.digest);
        await crossed.mouse.click(cx, cy);
        await until("the mesh is highlighted", () => state(crossed), (s) => s.highlight === "mesh:0");
        const [orange] = await until("its edges in orange", async () => hues(lab, await canvas.screenshot(), [ORANGE]), ([n]) => n > 200);
        await crossed.screenshot({ path: join(artifacts, "preview-crossed-selected.png") });
        console.log(`#   ${start.count} pixels, ${turned.count} turned, ${zoomed.count} zoomed; ${orange} orange once selected`);
    });

    await check(page, "the browser is refused without the token, and reaches nothing but 127.0.0.1", async () => {
        const other = await context.newPage();
        const bare = await other.goto(`http://127.0.0.1:${port}/`);
        if (bare.status() !== 403) fail(`without a token: ${bare.status()}`);
        const wrong = await other.goto(`http://127.0.0.1:${port}/scene?token=${"0".repeat(32)}&params=%7B%22version%22%3A1%7D`);
        if (wrong.status() !== 403) fail(`with another token: ${wrong.status()}`);
        const file = await other.goto(`${url.replace("/?", "/file?")}&path=${encodeURIComponent(join(workspace, "atlas_ske.json"))}`);
        if (file.status() !== 403) fail(`the skeleton's own file: ${file.status()}`);
        const path = await other.goto(url.replace("/?", "/../atlas_ske.json?"));
        if (path.status() !== 404) fail(`a path beside the page: ${path.status()}`);
        // Bound to 127.0.0.1 only: another loopback address has nothing listening.
        const elsewhere = await other.goto(url.replace("127.0.0.1", "127.0.0.2")).then(
            (r) => `answered ${r.status()}`,
            (e) => String(e.message).split("\n")[0],
        );
        if (!/ERR_CONNECTION_REFUSED/.test(elsewhere)) fail(`127.0.0.2: ${elsewhere}`);
        await other.close();
    });
} finally {
    await context.close().catch(() => {});
    for (const server of servers) server.kill();
}
console.log(`browser: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
