//! Reading PNG textures and writing PNG and GIF files (the png and gif crates). PNG output is
//! deterministic: fixed compression and filter, no time stamp or other metadata.

use tiny_skia::{ColorU8, IntSize, Pixmap};

/// The largest image rigls decodes: a 6 MB PNG of 40,000 × 40,000 zero pixels took `rigls
/// render` 34 s and 12.5 GB (the decoded and the premultiplied copies). An atlas past a GPU's
/// texture size is not drawn by the runtimes either.
const MAX_SIDE: u32 = 16_384;
const MAX_PIXELS: u64 = 8_192 * 8_192;

/// A PNG file decoded into premultiplied pixels, or why it cannot be.
pub fn decode_png(bytes: &[u8]) -> Result<Pixmap, String> {
    let mut decoder = png::Decoder::new(bytes);
    // Palettes and low bit depths become 8-bit channels; 16-bit ones are cut to 8.
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().map_err(|e| format!("not a PNG image it can read ({e})"))?;
    let (width, height) = (reader.info().width, reader.info().height);
    if width > MAX_SIDE || height > MAX_SIDE || u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(format!(
            "an image of {width} × {height} pixels, larger than rigls draws (at most {MAX_SIDE} on a side and 8192 × 8192 in all; GPUs refuse textures past {MAX_SIDE} on a side, many past 4096)"
        ));
    }
    let mut buffer = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buffer).map_err(|e| format!("a broken PNG image ({e})"))?;
    let (w, h) = (info.width, info.height);
    let pixels = &buffer[..info.buffer_size()];
    let channels = match info.color_type {
        png::ColorType::Grayscale => 1,
        png::ColorType::GrayscaleAlpha => 2,
        png::ColorType::Rgb => 3,
        png::ColorType::Rgba => 4,
        png::ColorType::Indexed => return Err("a palette PNG image that could not be expanded".to_owned()),
    };
    let mut data = Vec::with_capacity(w as usize * h as usize * 4);
    for p in pixels.chunks_exact(channels) {
        let (r, g, b, a) = match channels {
            1 => (p[0], p[0], p[0], 255),
            2 => (p[0], p[0], p[0], p[1]),
            3 => (p[0], p[1], p[2], 255),
            _ => (p[0], p[1], p[2], p[3]),
        };
        let c = ColorU8::from_rgba(r, g, b, a).premultiply();
        data.extend([c.red(), c.green(), c.blue(), c.alpha()]);
    }
    let size = IntSize::from_wh(w, h).ok_or("an empty PNG image")?;
    Pixmap::from_vec(data, size).ok_or_else(|| "a PNG image of an unexpected size".to_owned())
}

/// Straight RGBA bytes of a pixmap.
pub fn straight_rgba(pixmap: &Pixmap) -> Vec<u8> {
    let mut out = Vec::with_capacity(pixmap.pixels().len() * 4);
    for p in pixmap.pixels() {
        let c = p.demultiply();
        out.extend([c.red(), c.green(), c.blue(), c.alpha()]);
    }
    out
}

pub fn encode_png(pixmap: &Pixmap) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
        encoder.set_color(png::ColorType::Rgba);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_compression(png::Compression::Fast);
        encoder.set_filter(png::FilterType::Paeth);
        encoder.set_adaptive_filter(png::AdaptiveFilterType::NonAdaptive);
        let mut writer = encoder.write_header().expect("writing to memory");
        writer.write_image_data(&straight_rgba(pixmap)).expect("writing to memory");
    }
    out
}

/// An animated GIF looping forever; `frames` are opaque pictures, `delays` in hundredths of a
/// second.
pub fn encode_gif(frames: &[Pixmap], delays: &[u16]) -> Result<Vec<u8>, String> {
    let (Some(first), true) = (frames.first(), frames.len() == delays.len()) else {
        return Err("no frame to write".to_owned());
    };
    let (w, h) = (u16::try_from(first.width()), u16::try_from(first.height()));
    let (Ok(w), Ok(h)) = (w, h) else {
        return Err("a GIF is at most 65535 pixels wide and high".to_owned());
    };
    let mut out = Vec::new();
    {
        let mut encoder = gif::Encoder::new(&mut out, w, h, &[]).map_err(|e| e.to_string())?;
        encoder.set_repeat(gif::Repeat::Infinite).map_err(|e| e.to_string())?;
        for (pixmap, &delay) in frames.iter().zip(delays) {
            let mut rgba = straight_rgba(pixmap);
            let mut frame = gif::Frame::from_rgba_speed(w, h, &mut rgba, 10);
            frame.delay = delay;
            encoder.write_frame(&frame).map_err(|e| e.to_string())?;
        }
    }
    Ok(out)
}

/// The frames of an animated GIF of an animation of `count` frames at `fps`: the frame positions
/// to draw (fractional where resampled) and the delay after each, in hundredths of a second. The
/// delays add up to the animation's length (`count / fps`, rounded once): each carries the
/// rounding of those before it. None is under 2 hundredths, which browsers show as a tenth of a
/// second: an animation faster than 50 fps is drawn every 2 hundredths instead of every frame.
pub fn gif_timing(count: usize, fps: f64) -> (Vec<f64>, Vec<u16>) {
    let delay = |d: f64| d.clamp(2.0, 65535.0) as u16;
    if !(fps > 0.0 && fps.is_finite()) || count == 0 {
        return ((0..count).map(|i| i as f64).collect(), vec![10; count]);
    }
    let hundredths = 100.0 / fps;
    if hundredths >= 2.0 {
        let at = |i: usize| (i as f64 * hundredths).round();
        return ((0..count).map(|i| i as f64).collect(), (0..count).map(|i| delay(at(i + 1) - at(i))).collect());
    }
    let total = (count as f64 * hundredths).round();
    let frames = ((total / 2.0).floor() as usize).max(1);
    let positions = (0..frames).map(|i| i as f64 * 2.0 / hundredths).collect();
    let mut delays = vec![2; frames];
    delays[frames - 1] = delay(total - 2.0 * (frames - 1) as f64);
    (positions, delays)
}

#[cfg(test)]
mod tests {
    use super::gif_timing;

    #[test]
    fn gif_delays_add_up_to_the_animation_and_none_is_under_two_hundredths() {
        let (frames, delays) = gif_timing(24, 24.0);
        assert_eq!(frames, (0..24).map(f64::from).collect::<Vec<_>>());
        assert_eq!(delays, [4, 4, 5, 4, 4, 4, 4, 4, 5, 4, 4, 4, 4, 4, 5, 4, 4, 4, 4, 4, 5, 4, 4, 4]);
        // 60 fps: a frame every 2 hundredths, 50 frames for one second.
        let (frames, delays) = gif_timing(60, 60.0);
        assert_eq!(delays, vec![2; 50]);
        assert_eq!(&frames[..4], &[0.0, 1.2, 2.4, 3.5999999999999996]);
        // 0.35 s at 60 fps: 35 hundredths, the odd one on the last frame.
        let (frames, delays) = gif_timing(21, 60.0);
        assert_eq!((frames.len(), delays.iter().map(|&d| u32::from(d)).sum::<u32>()), (17, 35));
        assert_eq!(delays[16], 3);
        // 30 fps carries the thirds: 3, 4, 3, …
        let (_, delays) = gif_timing(6, 30.0);
        assert_eq!(delays, [3, 4, 3, 3, 4, 3]);
    }
}
