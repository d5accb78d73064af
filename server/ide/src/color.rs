//! Format-neutral colour helpers: hex notation, a plain-words name and a Markdown swatch.
//!
//! Hovers cannot show images without a server to host them (and `data:` URIs render as noise in
//! terminal editors), so a colour is shown as the nearest coloured-square emoji, its hex value and
//! a short description: `🟧 #CC7A33 · orange · opaque`.

use super::Rgba;

/// `#RRGGBB`, each component clamped to 0..1 and rounded to 8 bits.
pub fn hex(color: Rgba) -> String {
    let [r, g, b] = [color.red, color.green, color.blue].map(byte);
    format!("#{r:02X}{g:02X}{b:02X}")
}

fn byte(v: f64) -> u8 {
    (v.clamp(0.0, 1.0) * 255.0).round() as u8
}

/// Hue, saturation and lightness (HSL), with hue in degrees.
fn hsl(color: Rgba) -> (f64, f64, f64) {
    let [r, g, b] = [color.red, color.green, color.blue].map(|v| v.clamp(0.0, 1.0));
    let max = r.max(g).max(b);
    let min = r.min(g).min(b);
    let l = (max + min) / 2.0;
    let d = max - min;
    if d == 0.0 {
        return (0.0, 0.0, l);
    }
    let s = d / (1.0 - (2.0 * l - 1.0).abs());
    let h = if max == r {
        60.0 * ((g - b) / d).rem_euclid(6.0)
    } else if max == g {
        60.0 * ((b - r) / d + 2.0)
    } else {
        60.0 * ((r - g) / d + 4.0)
    };
    (h, s, l)
}

/// The colour in a few plain words (`dark red`, `light grey`, `brown`), ignoring alpha.
pub fn describe(color: Rgba) -> String {
    let (h, s, l) = hsl(color);
    if l < 0.08 {
        return "black".to_owned();
    }
    if l > 0.96 {
        return "white".to_owned();
    }
    if s < 0.12 {
        return match l {
            l if l < 0.3 => "dark grey",
            l if l > 0.7 => "light grey",
            _ => "grey",
        }
        .to_owned();
    }
    let hue = match h {
        h if !(15.0..345.0).contains(&h) => "red",
        h if h < 45.0 => "orange",
        h if h < 70.0 => "yellow",
        h if h < 160.0 => "green",
        h if h < 200.0 => "cyan",
        h if h < 260.0 => "blue",
        h if h < 290.0 => "purple",
        _ => "pink",
    };
    if hue == "orange" && l < 0.35 {
        return "brown".to_owned();
    }
    let shade = match l {
        l if l < 0.3 => "dark ",
        l if l > 0.75 => "light ",
        _ => "",
    };
    let tone = if s < 0.35 { "greyish " } else { "" };
    format!("{shade}{tone}{hue}")
}

/// The coloured-square emoji closest to the colour.
fn square(color: Rgba) -> &'static str {
    let name = describe(color);
    let last = name.rsplit(' ').next().unwrap_or("");
    match last {
        "black" => "⬛",
        "white" => "⬜",
        "grey" if name.starts_with("dark") => "⬛",
        "grey" => "⬜",
        "red" | "pink" => "🟥",
        "orange" => "🟧",
        "brown" => "🟫",
        "yellow" => "🟨",
        "green" => "🟩",
        "cyan" | "blue" => "🟦",
        _ => "🟪",
    }
}

/// How opaque, in words: `opaque`, `transparent` or `alpha 0.50`.
pub fn describe_alpha(alpha: f64) -> String {
    if alpha >= 1.0 {
        "opaque".to_owned()
    } else if alpha <= 0.0 {
        "transparent".to_owned()
    } else {
        format!("alpha {alpha:.2}")
    }
}

/// One line of Markdown standing for the colour: `🟧 `#CC7A33` · orange · opaque`.
pub fn swatch_markdown(color: Rgba) -> String {
    format!("{} `{}` · {} · {}", square(color), hex(color), describe(color), describe_alpha(color.alpha))
}

/// Whether two colours are the same as far as an editor can tell: every component (clamped to
/// 0..1) within 1e-6. Editors send colours back as 32-bit floats (LSP's `Color`), which keep about
/// seven digits, so a colour written `0.123456789` comes back as `0.123456791`.
pub fn same_color(a: Rgba, b: Rgba) -> bool {
    let close = |x: f64, y: f64| (x.clamp(0.0, 1.0) - y.clamp(0.0, 1.0)).abs() <= 1e-6;
    close(a.red, b.red) && close(a.green, b.green) && close(a.blue, b.blue) && close(a.alpha, b.alpha)
}

/// Digits after the decimal point in a written number (`0.500000` → 6, `1` → 0).
pub fn decimals(written: &str) -> usize {
    written.split_once('.').map_or(0, |(_, frac)| frac.chars().take_while(char::is_ascii_digit).count())
}

/// A component written with `decimals` places, clamped to 0..1 (`-0.000` never appears).
pub fn format_component(v: f64, decimals: usize) -> String {
    let v = v.clamp(0.0, 1.0);
    let s = format!("{v:.decimals$}");
    s.strip_prefix('-').map_or_else(|| s.clone(), str::to_owned)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rgb(red: f64, green: f64, blue: f64) -> Rgba {
        Rgba { red, green, blue, alpha: 1.0 }
    }

    #[test]
    fn names_and_hex() {
        let cases = [
            (rgb(0.0, 0.0, 0.0), "#000000", "black"),
            (rgb(1.0, 1.0, 1.0), "#FFFFFF", "white"),
            (rgb(0.8, 0.8, 0.8), "#CCCCCC", "light grey"),
            (rgb(0.3, 0.3, 0.3), "#4D4D4D", "grey"),
            (rgb(1.0, 0.0, 0.0), "#FF0000", "red"),
            (rgb(0.5, 0.0, 0.0), "#800000", "dark red"),
            (rgb(0.8, 0.48, 0.2), "#CC7A33", "orange"),
            (rgb(0.4, 0.2, 0.05), "#66330D", "brown"),
            (rgb(0.2, 0.8, 0.2), "#33CC33", "green"),
            (rgb(0.7, 0.72, 0.75), "#B3B8BF", "light grey"),
            (rgb(0.6, 0.7, 1.0), "#99B3FF", "light blue"),
            (rgb(0.5, 0.4, 0.6), "#806699", "greyish purple"),
        ];
        for (color, hex_value, name) in cases {
            assert_eq!((hex(color), describe(color)), (hex_value.to_owned(), name.to_owned()), "{color:?}");
        }
    }

    #[test]
    fn swatch_line() {
        let c = Rgba { red: 0.8, green: 0.48, blue: 0.2, alpha: 0.5 };
        assert_eq!(swatch_markdown(c), "🟧 `#CC7A33` · orange · alpha 0.50");
        assert_eq!(swatch_markdown(rgb(0.1, 0.1, 0.1)), "⬛ `#1A1A1A` · dark grey · opaque");
    }

    #[test]
    fn colours_are_the_same_within_what_a_32_bit_float_keeps() {
        let written = Rgba { red: 0.123456789, green: 0.72, blue: 1.5, alpha: 1.0 };
        let echoed =
            Rgba { red: f64::from(written.red as f32), green: f64::from(written.green as f32), blue: 1.0, alpha: 1.0 };
        assert!(same_color(written, echoed), "rounded to 32 bits, and clamped");
        assert!(!same_color(written, Rgba { red: 0.1234, ..written }));
    }

    #[test]
    fn components_keep_the_written_precision() {
        assert_eq!(decimals("0.500000"), 6);
        assert_eq!(decimals("1"), 0);
        assert_eq!(decimals("-1.25"), 2);
        assert_eq!(format_component(0.5, 6), "0.500000");
        assert_eq!(format_component(2.0, 1), "1.0");
        assert_eq!(format_component(-0.0001, 3), "0.000");
    }
}
