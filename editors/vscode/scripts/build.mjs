// Bundles the extension (and, with --tests, the unit tests) with esbuild into out/.
import { build } from "esbuild";
import { copyFileSync, mkdirSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
// (mainFields: jsonc-parser's UMD build requires its modules at run time, which a bundle cannot
// resolve; its ES module build bundles.)
const common = {
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node18",
    sourcemap: true,
    logLevel: "warning",
    mainFields: ["module", "main"],
};

await build({
    ...common,
    entryPoints: [join(root, "src", "extension.ts")],
    outfile: join(root, "out", "extension.js"),
    external: ["vscode"],
    minify: true,
});

// The preview page's script (editors/preview, built and committed there; checked by `npm test`).
mkdirSync(join(root, "out"), { recursive: true });
copyFileSync(join(root, "..", "preview", "dist", "preview.js"), join(root, "out", "preview.js"));

if (process.argv.includes("--tests")) {
    const tests = readdirSync(join(root, "test")).filter((f) => f.endsWith(".test.ts"));
    await build({
        ...common,
        entryPoints: tests.map((f) => join(root, "test", f)),
        outdir: join(root, "out", "test"),
    });
}
