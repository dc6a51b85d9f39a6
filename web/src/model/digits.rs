//! The hexes' numbers as outlines: one SVG path for many numbers instead of a `<text>` each.
//!
//! Issue 19: the browser lays out each `<text>` on its own, and showing or hiding the 2,640
//! numbers of Issus cost 250-450 ms at 4× CPU throttle (Layout, traced in `zoom.spec.ts`); a
//! path is laid out once, as it is drawn, and shown or hidden by repainting it alone.
//!
//! The outlines are the digits of DejaVu Sans (the font Chromium writes system-ui with on
//! Debian, so the numbers look as they did), at the numbers' 8 px, made by
//! `scripts/digit-outlines.py`. DejaVu changes are in the public domain; the Bitstream Vera
//! glyphs they derive from are Copyright (c) 2003 by Bitstream, Inc., used under the Bitstream
//! Vera Fonts license, which allows their use in software.

use std::fmt::Write;

/// How far each digit moves the pen (px): DejaVu's digits are all as wide.
const ADVANCE: f64 = 5.0898;

/// Each digit's outline: where its first contour starts from the pen (px; y grows downward,
/// the pen on the baseline), then the rest as relative path commands.
const GLYPHS: [(f64, f64, &str); 10] = [
    (2.55, -5.30, "q-.6,0 -.9,.6q-.35,.6 -.35,1.8q0,1.2 .35,1.8q.3,.6 .9,.6q.6,0 .9-.6q.3-.6 .3-1.8q0-1.2 -.3-1.8q-.3-.6 -.9-.6zm0-.65q.95,0 1.5,.8q.5,.75 .5,2.25q0,1.45 -.5,2.25q-.55,.75 -1.5,.75q-1,0 -1.5-.75q-.5-.8 -.5-2.25q0-1.5 .5-2.25q.5-.8 1.5-.8z"),
    (1.00, -0.65, "h1.3v-4.45l-1.4,.25v-.7l1.35-.3h.8v5.2h1.3v.65h-3.35z"),
    (1.55, -0.65, "h2.75v.65h-3.7v-.65q.45-.5 1.2-1.25q.8-.8 1-1q.35-.45 .5-.75q.15-.3 .15-.55q0-.5 -.3-.8q-.35-.25 -.85-.25q-.4,0 -.8,.1q-.4,.15 -.9,.4v-.8q.5-.2 .9-.3q.45-.1 .75-.1q.95,0 1.45,.45q.55,.45 .55,1.25q0,.35 -.15,.65q-.1,.35 -.45,.75q-.1,.15 -.65,.65q-.5,.55 -1.45,1.55z"),
    (3.25, -3.15, "q.55,.15 .9,.5q.3,.4 .3,.95q0,.85 -.6,1.35q-.6,.45 -1.7,.45q-.35,0 -.75-.05q-.4-.1 -.8-.25v-.75q.35,.2 .75,.3q.35,.1 .8,.1q.75,0 1.15-.3q.35-.3 .35-.85q0-.5 -.35-.8q-.35-.3 -1-.3h-.7v-.65h.75q.55,0 .85-.2q.35-.25 .35-.7q0-.45 -.35-.7q-.3-.2 -.9-.2q-.35,0 -.7,.05q-.35,.05 -.8,.2v-.7q.45-.1 .85-.2q.35-.05 .7-.05q.9,0 1.45,.4q.5,.45 .5,1.1q0,.5 -.25,.85q-.3,.35 -.8,.45z"),
    (3.00, -5.15, "l-1.95,3.1h1.95zm-.2-.7h1v3.8h.85v.65h-.85v1.4h-.8v-1.4h-2.6v-.75z"),
    (0.85, -5.85, "h3.1v.7h-2.35v1.4q.15-.05 .35-.1q.15,0 .3,0q1,0 1.55,.55q.6,.5 .6,1.45q0,.9 -.6,1.45q-.6,.5 -1.65,.5q-.35,0 -.75-.05q-.4-.05 -.8-.2v-.8q.35,.2 .75,.3q.35,.1 .8,.1q.65,0 1.05-.35q.4-.35 .4-.95q0-.65 -.4-1q-.4-.35 -1.05-.35q-.35,0 -.65,.1q-.3,.05 -.65,.2z"),
    (2.65, -3.25, "q-.55,0 -.85,.4q-.3,.35 -.3,1q0,.6 .3,.95q.3,.4 .85,.4q.5,0 .85-.4q.3-.35 .3-.95q0-.65 -.3-1q-.35-.4 -.85-.4zm1.55-2.45v.7q-.3-.1 -.6-.2q-.3-.05 -.6-.05q-.75,0 -1.2,.5q-.4,.55 -.45,1.6q.2-.35 .55-.5q.35-.2 .8-.2q.85,0 1.4,.55q.5,.5 .5,1.45q0,.9 -.55,1.4q-.55,.55 -1.4,.55q-1,0 -1.55-.75q-.55-.8 -.55-2.25q0-1.4 .65-2.2q.65-.85 1.8-.85q.25,0 .6,.05q.3,.1 .6,.2z"),
    (0.65, -5.85, "h3.75v.35l-2.1,5.5h-.85l2-5.15h-2.8z"),
    (2.55, -2.75, "q-.55,0 -.9,.3q-.3,.3 -.3,.8q0,.55 .3,.85q.35,.3 .9,.3q.55,0 .9-.3q.3-.3 .3-.85q0-.5 -.3-.8q-.35-.3 -.9-.3zm-.8-.35q-.5-.15 -.8-.5q-.25-.35 -.25-.85q0-.65 .5-1.1q.5-.4 1.35-.4q.85,0 1.35,.4q.5,.45 .5,1.1q0,.5 -.3,.85q-.25,.35 -.75,.5q.55,.15 .85,.5q.35,.4 .35,.95q0,.85 -.5,1.3q-.55,.45 -1.5,.45q-.95,0 -1.5-.45q-.5-.45 -.5-1.3q0-.55 .3-.95q.35-.35 .9-.5zm-.3-1.25q0,.45 .3,.7q.3,.25 .8,.25q.5,0 .8-.25q.25-.25 .25-.7q0-.45 -.25-.7q-.3-.25 -.8-.25q-.5,0 -.8,.25q-.3,.25 -.3,.7z"),
    (0.90, -0.10, "v-.75q.3,.15 .6,.25q.3,.05 .6,.05q.75,0 1.15-.55q.45-.5 .5-1.55q-.25,.3 -.6,.5q-.35,.15 -.75,.15q-.9,0 -1.4-.5q-.5-.55 -.5-1.45q0-.9 .55-1.45q.5-.55 1.4-.55q1,0 1.55,.8q.55,.75 .55,2.25q0,1.35 -.7,2.2q-.65,.8 -1.75,.8q-.3,0 -.6-.05q-.3-.05 -.6-.15zm1.55-2.5q.55,0 .85-.35q.3-.35 .3-1q0-.65 -.3-1q-.3-.35 -.85-.35q-.55,0 -.85,.35q-.3,.35 -.3,1q0,.65 .3,1q.3,.35 .85,.35z"),
];

/// Appends the outline of `number`'s digits to the path `d`, centred on `x` with its baseline
/// at `y`, as `text-anchor: middle` wrote it; anything but a digit leaves a gap of a digit.
pub fn push_number(d: &mut String, number: &str, x: f64, y: f64) {
    let mut pen = x - ADVANCE * number.chars().count() as f64 / 2.0;
    for c in number.chars() {
        if let Some((dx, dy, rest)) = c.to_digit(10).map(|k| GLYPHS[k as usize]) {
            let _ = write!(d, "M{:.2},{:.2}", pen + dx, y + dy);
            d.push_str(rest);
        }
        pen += ADVANCE;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_is_a_contour_per_digit_centred_on_its_point() {
        let mut d = String::new();
        push_number(&mut d, "0512", 100.0, 50.0);
        // One absolute start per digit; the rest relative, so each is where its pen put it.
        let starts: Vec<&str> =
            d.split('M').skip(1).map(|s| s.split(|c: char| c.is_ascii_alphabetic()).next().unwrap()).collect();
        assert_eq!(starts.len(), 4);
        let x = |s: &str| s.split(',').next().unwrap().parse::<f64>().unwrap();
        // The first digit starts left of the centre, the last right of it, a digit's width apart.
        assert!(x(starts[0]) < 100.0 - ADVANCE && x(starts[3]) > 100.0);
        assert!(((x(starts[2]) - GLYPHS[1].0) - (x(starts[1]) - GLYPHS[5].0) - ADVANCE).abs() < 0.01);
        assert!(d.ends_with('z'));
    }

    #[test]
    fn anything_but_a_digit_draws_nothing() {
        let mut d = String::new();
        push_number(&mut d, "a-", 0.0, 0.0);
        assert!(d.is_empty());
    }

    #[test]
    fn every_contour_is_closed() {
        for (_, _, rest) in GLYPHS {
            assert!(rest.ends_with('z'));
            assert_eq!(rest.matches('m').count() + 1, rest.matches('z').count());
        }
    }
}
