// Pixel checks on screenshots, shared by the end-to-end tests that look at a preview's canvas.

/**
 * How many pixels of a PNG differ (by more than 30 in R+G+B) from its top-left pixel, the
 * background, and a digest of those pixels: decoded by the browser in `page`, which must allow
 * `data:` images (the preview pages' own policy does not: use another page).
 */
export async function foreground(page, png) {
    const { count, digest, width, height } = await pixels(page, png, []);
    return { count, digest, width, height };
}

/**
 * How many pixels of a PNG have the hue of each of `colours` ([r, g, b] each): a pixel counts
 * for a colour when, both scaled to their brightest channel, no channel differs by more than
 * 0.2 — so a texture's colour is found however a light darkened it. Decoded in `page` as for
 * `foreground`.
 */
export async function hues(page, png, colours) {
    return (await pixels(page, png, colours)).hues;
}

/** Both counts of one decoding. */
async function pixels(page, png, colours) {
    return page.evaluate(
        async ({ b64, colours }) => {
            const img = new Image();
            img.src = `data:image/png;base64,${b64}`;
            await img.decode();
            const canvas = new OffscreenCanvas(img.width, img.height);
            const ctx = canvas.getContext("2d");
            ctx.drawImage(img, 0, 0);
            const { data } = ctx.getImageData(0, 0, img.width, img.height);
            const unit = (c) => {
                const top = Math.max(c[0], c[1], c[2]);
                return top < 24 ? null : [c[0] / top, c[1] / top, c[2] / top];
            };
            const wanted = colours.map(unit);
            const hues = colours.map(() => 0);
            let count = 0;
            // FNV-1a over the foreground pixels' positions and colours: two pictures with as many
            // foreground pixels (a limb turned in place) still differ here.
            let digest = 0x811c9dc5;
            const mix = (v) => {
                digest = Math.imul(digest ^ v, 0x01000193) >>> 0;
            };
            for (let i = 0; i < data.length; i += 4) {
                const d = Math.abs(data[i] - data[0]) + Math.abs(data[i + 1] - data[1]) + Math.abs(data[i + 2] - data[2]);
                if (d > 30) {
                    count += 1;
                    mix(i);
                    mix((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
                }
                if (wanted.length === 0) continue;
                const p = unit([data[i], data[i + 1], data[i + 2]]);
                if (!p) continue;
                wanted.forEach((w, k) => {
                    if (w && Math.abs(p[0] - w[0]) <= 0.2 && Math.abs(p[1] - w[1]) <= 0.2 && Math.abs(p[2] - w[2]) <= 0.2) hues[k] += 1;
                });
            }
            return { count, digest, width: img.width, height: img.height, hues };
        },
        { b64: png.toString("base64"), colours },
    );
}
