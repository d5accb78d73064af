// Copies the .elem TextMate grammar and language configuration from the repository's
// `syntaxes/` into the extension package. They are maintained there (shared with other editors
// and tested by tests/grammar), never edited here.
import { copyFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const extensionDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const source = join(extensionDir, "..", "..", "syntaxes");
const target = join(extensionDir, "syntaxes");
const files = ["elem.tmLanguage.json", "elem.language-configuration.json"];

const missing = files.filter((f) => !existsSync(join(source, f)));
if (missing.length > 0) {
    console.error(
        `error: the extension needs ${missing.map((f) => relative(process.cwd(), join(source, f))).join(" and ")}, ` +
            "which do not exist. They are the .elem grammar and language configuration maintained in the " +
            "repository's syntaxes/ folder; build from a checkout that has them.",
    );
    process.exit(1);
}
mkdirSync(target, { recursive: true });
for (const f of files) {
    JSON.parse(readFileSync(join(source, f), "utf8")); // fail on broken JSON here, not in VS Code
    copyFileSync(join(source, f), join(target, f));
}
console.log(`copied ${files.join(", ")} from ${relative(process.cwd(), source) || "."}`);
