// How long the preview page's 2-D view (Canvas 2D) takes to draw a frame of a skeleton in a real
// browser — Debian's Chromium through playwright-core, rendering in software (no GPU here) — and
// how many frames a second it shows while playing: whether it keeps 60 fps (BENCHMARKS.md,
// "Drawing a frame"). Run by `bench/run.sh draw [FILE…]`, which sets RIGLS_E2E_PREFIX
// (playwright-core) and RIGLS_BIN; the files default to the shared corpus's textured skeletons.
// RIGLS_PREVIEW_JS: a page script to use instead of the binary's (while changing editors/preview).
//
// Per file: every frame of one pass of the default animation drawn twice with the skeleton's
// largest mesh alone, its meshes alone, its images alone and everything (at the view's fit of the
// whole), each draw timed with a one-pixel read of the canvas after it (which makes the browser
// rasterise before it returns); then 3 s of playback, counting the frames drawn.

import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const require = createRequire(join(process.env.RIGLS_E2E_PREFIX, "package.json"));
const { chromium } = require("playwright-core");

const corpus = new URL("../../shared/corpus/dragonbones-images/", import.meta.url).pathname;
const named = process.argv.slice(2);
const files = named.length > 0 ? named : ["body", "mecha_1502b", "mecha_1406", "effect"].map((n) => join(corpus, n, `${n}_ske.json`));
if (!files.every(existsSync)) {
    console.log(`skipped: ${files.filter((f) => !existsSync(f)).join(", ")} missing (../shared/corpus is absent?)`);
    process.exit(0);
}

function serve(file) {
    const child = spawn(process.env.RIGLS_BIN, ["preview", file], { stdio: ["ignore", "pipe", "ignore"] });
    return new Promise((resolve, reject) => {
        let seen = "";
        child.stdout.on("data", (chunk) => {
            seen += chunk;
            if (seen.includes("\n")) resolve({ child, url: seen.split("\n")[0] });
        });
        child.on("exit", (code) => reject(new Error(`rigls preview exited with ${code}`)));
    });
}

const browser = await chromium.launch({
    executablePath: process.env.RIGLS_CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu"],
});
const parts = ["largest mesh", "meshes", "images", "all"];
console.log(`| skeleton | largest mesh (triangles) | meshes (triangles), images | frames | ${parts.map((p) => `${p}: p50 / p95 ms`).join(" | ")} | playing: frames drawn per s |`);
console.log(`|---|---:|---:|---:|${parts.map(() => "---:|").join("")}---:|`);
for (const file of files) {
    const { child, url } = await serve(file);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    if (process.env.RIGLS_PREVIEW_JS) {
        const script = readFileSync(process.env.RIGLS_PREVIEW_JS, "utf8");
        await page.route("**/preview.js?*", (route) => route.fulfill({ contentType: "text/javascript", body: script }));
    }
    await page.goto(url);
    // Ready, every frame of a pass prefetched, the atlas images loaded.
    await page.waitForFunction(
        () => {
            const p = window.riglsPreview;
            const scene = p && p.pass && p.pass.scenes[0];
            if (!scene || p.pass.scenes.length < 2) return false;
            return scene.drawables.every((d) => d.texture === null || p.view.images.get(scene.textures[d.texture].image));
        },
        null,
        { polling: 200, timeout: 60000 },
    );
    const figures = await page.evaluate((parts) => {
        const p = window.riglsPreview;
        const view = p.view;
        const theme = p.theme();
        const ctx = view.canvas.getContext("2d");
        const meshes = (s) => s.drawables.filter((d) => d.kind === "mesh");
        const largest = (s) => meshes(s).sort((a, b) => b.triangles.length - a.triangles.length).slice(0, 1);
        const pick = {
            "largest mesh": largest,
            meshes,
            images: (s) => s.drawables.filter((d) => d.kind === "image"),
            all: (s) => s.drawables,
        };
        const quantiles = (list) => {
            const sorted = [...list].sort((a, b) => a - b);
            return [0.5, 0.95].map((q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(1)).join(" / ");
        };
        const out = {};
        for (const part of parts) {
            const times = [];
            for (let round = 0; round < 2; round++) {
                for (const scene of p.pass.scenes) {
                    view.setScene({ ...scene, drawables: pick[part](scene) }, null);
                    const t = performance.now();
                    view.draw(theme, { bones: false, highlight: null });
                    ctx.getImageData(0, 0, 1, 1);
                    times.push(performance.now() - t);
                }
            }
            out[part] = quantiles(times);
        }
        const s = p.pass.scenes[0];
        const triangles = (list) => list.reduce((n, d) => n + d.triangles.length / 3, 0);
        view.setScene(s, null);
        return {
            ...out,
            frames: p.pass.scenes.length,
            largest: triangles(largest(s)),
            counts: `${meshes(s).length} (${triangles(meshes(s))}), ${s.drawables.length - meshes(s).length}`,
        };
    }, parts);
    // Playback as a user sees it: frames drawn (the page counts them) over 3 s.
    const drawn = () => page.evaluate(() => Number(document.getElementById("rigls-preview").dataset.draws));
    const before = await drawn();
    await page.locator("button.play").click();
    await page.waitForTimeout(3000);
    const after = await drawn();
    await page.locator("button.play").click();
    const name = file.split("/").pop();
    console.log(
        `| ${name} | ${figures.largest} | ${figures.counts} | ${figures.frames} | ${parts.map((p) => figures[p]).join(" | ")} | ${((after - before) / 3).toFixed(1)} |`,
    );
    await page.close();
    child.kill();
}
await browser.close();
