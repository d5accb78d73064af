// Pixel checks on screenshots, shared by the end-to-end tests that look at a preview's canvas.

/**
 * How many pixels of a PNG differ (by more than 30 in R+G+B) from its top-left pixel, the
 * background, and a digest of those pixels: decoded by the browser in `page`, which must allow `data:` images (the preview
 * pages' own policy does not: use another page).
 */
export async function foreground(page, png) {
    return page.evaluate(async (b64) => {
        const img = new Image();
        img.src = `data:image/png;base64,${b64}`;
        await img.decode();
        const canvas = new OffscreenCanvas(img.width, img.height);
        const ctx = canvas.getContext("2d");
        ctx.drawImage(img, 0, 0);
        const { data } = ctx.getImageData(0, 0, img.width, img.height);
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
        }
        return { count, digest, width: img.width, height: img.height };
    }, png.toString("base64"));
}
