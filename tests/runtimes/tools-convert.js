// The official converter, DragonBones Tools (github.com/DragonBones/Tools), on one file, without
// its command line (its `commander` 2 API is gone from current releases): what `db2 -t binary`
// or `db2 -t new` writes of INPUT. Build Tools first (see README.md) and name its folder in
// DRAGONBONES_TOOLS.
//
//     node tests/runtimes/tools-convert.js binary|new INPUT_ske.json OUTPUT
const fs = require("fs");
const path = require("path");
const out = path.join(process.env.DRAGONBONES_TOOLS || path.join(__dirname, "Tools"), "out");
const object = require(out + "/common/object");
const dbft = require(out + "/format/dragonBonesFormat");
const dbUtils = require(out + "/format/utils");
const toFormat = require(out + "/action/toFormat").default;
const toNew = require(out + "/action/toNew").default;
const toBinary = require(out + "/action/toBinary").default;
const format = require(out + "/action/formatFormat").default;

const [type, input, output] = process.argv.slice(2);
if (!["binary", "new"].includes(type) || !input || !output) {
    console.error("usage: tools-convert.js binary|new INPUT_ske.json OUTPUT");
    process.exit(2);
}

// As `convertTo.ts` reads a 2.3 file's atlases: `<name>_texture.json` beside it.
function textureAtlas(file) {
    const atlas = new dbft.TextureAtlas();
    object.copyObjectFrom(JSON.parse(fs.readFileSync(file, "utf-8")), atlas, dbft.copyConfig);
    return atlas;
}

const data = toFormat(fs.readFileSync(input, "utf-8"), () => dbUtils.getTextureAtlases(input).map(textureAtlas));
if (!data) {
    console.error("the converter reads no skeleton in " + input);
    process.exit(1);
}
if (type === "binary") {
    toNew(data, true);
    format(data);
    fs.writeFileSync(output, Buffer.from(toBinary(data)));
} else {
    toNew(data, false);
    format(data);
    object.compress(data, dbft.compressConfig);
    fs.writeFileSync(output, JSON.stringify(data));
}
