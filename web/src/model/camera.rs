//! Pan and zoom of the map as a plain value: screen = map × scale + offset.
//!
//! The map itself never re-renders on pan or zoom; only the CSS transform of its wrapper
//! changes (peers.md §4.3: moving one compositor layer stays at frame rate on large maps).

/// Zoom limits in screen pixels per map pixel (a hex is 60 map pixels wide).
pub const MAX_SCALE: f64 = 3.0;
/// Above this scale hex ids are legible and shown.
pub const LABEL_SCALE: f64 = 0.9;
/// Below this scale (a hex under 30 screen pixels) counter writing would be under 4 px: counters
/// show only their type symbol, side colour, hits and status.
pub const FAR_SCALE: f64 = 0.5;
/// Below this scale (a hex under 75 screen pixels) a counter's full writing would be under 10
/// px: from FAR_SCALE up to here counters show their name and ratings alone, large.
pub const DETAIL_SCALE: f64 = 1.25;
/// From this scale (a hex of 36 screen pixels) leaders' whole names are written beside their
/// discs, at a size that does not shrink with the map.
pub const NEAR_SCALE: f64 = 0.6;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    pub x: f64,
    pub y: f64,
    pub scale: f64,
    /// The smallest scale: the whole map fits with room to spare.
    pub min_scale: f64,
}

impl Camera {
    /// Fits a `content` of the given size (map pixels, with its top-left corner at the origin)
    /// into a view of the given size (screen pixels), centred.
    pub fn fit(content_w: f64, content_h: f64, view_w: f64, view_h: f64) -> Self {
        let fit = (view_w / content_w).min(view_h / content_h);
        let scale = if fit.is_finite() && fit > 0.0 { fit.min(MAX_SCALE) } else { 1.0 };
        Self {
            x: (view_w - content_w * scale) / 2.0,
            y: (view_h - content_h * scale) / 2.0,
            scale,
            min_scale: (scale * 0.6).min(MAX_SCALE),
        }
    }

    /// The opening view: fills the view with the map — no letterbox margins while the map is
    /// larger than the view on both sides — but never leaves a point of `focus` (the armies,
    /// map pixels) nearer the view's edge than `room` map pixels; between the two it takes the
    /// largest scale that keeps the armies in view, and never less than the whole map's.
    /// Zooming out still reaches the whole map (`min_scale` is [`Camera::fit`]'s).
    pub fn fill(content: (f64, f64), focus: &[(f64, f64)], room: f64, view: (f64, f64)) -> Self {
        let whole = Self::fit(content.0, content.1, view.0, view.1);
        let Some((x0, y0, x1, y1)) = extent(focus) else {
            return whole;
        };
        let (fw, fh) = (x1 - x0 + 2.0 * room, y1 - y0 + 2.0 * room);
        let cover = (view.0 / content.0).max(view.1 / content.1);
        let armies = (view.0 / fw).min(view.1 / fh);
        let scale = cover.min(armies).max(whole.scale).min(MAX_SCALE);
        if !scale.is_finite() {
            return whole;
        }
        let place = |middle: f64, size: f64, limit: f64| {
            let drawn = size * scale;
            if drawn <= limit {
                (limit - drawn) / 2.0
            } else {
                (limit / 2.0 - middle * scale).clamp(limit - drawn, 0.0)
            }
        };
        Self {
            x: place((x0 + x1) / 2.0, content.0, view.0),
            y: place((y0 + y1) / 2.0, content.1, view.1),
            scale,
            min_scale: whole.min_scale,
        }
    }

    pub fn pan(&mut self, dx: f64, dy: f64) {
        self.x += dx;
        self.y += dy;
    }

    /// Multiplies the scale by `factor` (clamped) keeping the map point under (sx, sy) still.
    pub fn zoom_at(&mut self, factor: f64, sx: f64, sy: f64) {
        if !factor.is_finite() || factor <= 0.0 {
            return;
        }
        let (mx, my) = self.to_map(sx, sy);
        self.scale = (self.scale * factor).clamp(self.min_scale, MAX_SCALE);
        self.x = sx - mx * self.scale;
        self.y = sy - my * self.scale;
    }

    /// Keeps at least `margin` screen pixels of the content inside the view.
    pub fn clamp(&mut self, content_w: f64, content_h: f64, view_w: f64, view_h: f64, margin: f64) {
        let (w, h) = (content_w * self.scale, content_h * self.scale);
        self.x = self.x.clamp(margin - w, view_w - margin);
        self.y = self.y.clamp(margin - h, view_h - margin);
    }

    pub fn to_screen(&self, mx: f64, my: f64) -> (f64, f64) {
        (mx * self.scale + self.x, my * self.scale + self.y)
    }

    /// Where the zoom buttons zoom about: the selection (a map point) while it is in a view of
    /// the given size, else the view's centre.
    pub fn zoom_centre(&self, selection: Option<(f64, f64)>, view_w: f64, view_h: f64) -> (f64, f64) {
        selection
            .map(|(mx, my)| self.to_screen(mx, my))
            .filter(|(sx, sy)| (0.0..=view_w).contains(sx) && (0.0..=view_h).contains(sy))
            .unwrap_or((view_w / 2.0, view_h / 2.0))
    }

    /// Pans (never zooms) so that the map points, with `margin` around them, lie inside the
    /// part of the view from the top-left corner to (`clear_w`, `clear_h`); points that cannot
    /// all fit keep their top-left in view.
    pub fn reveal(&mut self, points: &[(f64, f64)], margin: f64, clear_w: f64, clear_h: f64) {
        let Some((x0, y0, x1, y1)) = extent(points) else {
            return;
        };
        let (left, top) = self.to_screen(x0 - margin, y0 - margin);
        let (right, bottom) = self.to_screen(x1 + margin, y1 + margin);
        self.x += shift_into(left, right, clear_w);
        self.y += shift_into(top, bottom, clear_h);
    }

    pub fn to_map(&self, sx: f64, sy: f64) -> (f64, f64) {
        ((sx - self.x) / self.scale, (sy - self.y) / self.scale)
    }

    pub fn css_transform(&self) -> String {
        format!("translate({:.2}px, {:.2}px) scale({:.4})", self.x, self.y, self.scale)
    }
}

/// The smallest box (x0, y0, x1, y1) holding every point; none for no points.
fn extent(points: &[(f64, f64)]) -> Option<(f64, f64, f64, f64)> {
    let first = points.first()?;
    Some(points.iter().fold((first.0, first.1, first.0, first.1), |(x0, y0, x1, y1), &(x, y)| {
        (x0.min(x), y0.min(y), x1.max(x), y1.max(y))
    }))
}

/// How far to move the span `lo..hi` to lie inside `0..limit`: nothing if it does; its start at
/// 0 if it is longer than the room.
fn shift_into(lo: f64, hi: f64, limit: f64) -> f64 {
    if hi - lo > limit || lo < 0.0 {
        -lo
    } else if hi > limit {
        limit - hi
    } else {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fit_centres_the_whole_map() {
        let c = Camera::fit(2000.0, 1000.0, 1000.0, 1000.0);
        assert_eq!(c.scale, 0.5);
        assert_eq!((c.x, c.y), (0.0, 250.0));
    }

    #[test]
    fn fill_covers_a_wide_view_with_a_square_map_and_keeps_the_armies_in_it() {
        // A 1000 x 1000 map in a 2000 x 1000 view: the whole map leaves 500 px each side.
        let armies = [(300.0, 400.0), (700.0, 450.0)];
        let c = Camera::fill((1000.0, 1000.0), &armies, 100.0, (2000.0, 1000.0));
        assert_eq!(c.scale, 2.0);
        // The map's width fills the view; vertically the armies' middle is centred.
        assert_eq!(c.x, 0.0);
        assert_eq!(c.y, 500.0 - 425.0 * 2.0);
        for &(x, y) in &armies {
            let (sx, sy) = c.to_screen(x, y);
            assert!((0.0..=2000.0).contains(&sx) && (0.0..=1000.0).contains(&sy), "{sx},{sy}");
        }
        // Zooming out still reaches the whole map.
        assert_eq!(c.min_scale, Camera::fit(1000.0, 1000.0, 2000.0, 1000.0).min_scale);
    }

    #[test]
    fn fill_zooms_out_no_further_than_the_armies_need_nor_past_the_whole_map() {
        // Armies from the top to the bottom of the map: filling the width would cut them off,
        // so the scale is the one that shows them with their room.
        let armies = [(500.0, 100.0), (500.0, 900.0)];
        let c = Camera::fill((1000.0, 1000.0), &armies, 50.0, (2000.0, 1000.0));
        assert_eq!(c.scale, 1000.0 / 900.0);
        // Never smaller than the whole map, and centred on the axis it does not fill.
        let c = Camera::fill((1000.0, 1000.0), &[(0.0, 0.0), (1000.0, 1000.0)], 50.0, (2000.0, 1000.0));
        assert_eq!(c, Camera::fit(1000.0, 1000.0, 2000.0, 1000.0));
        // No armies: the whole map.
        assert_eq!(
            Camera::fill((1000.0, 1000.0), &[], 50.0, (2000.0, 1000.0)),
            Camera::fit(1000.0, 1000.0, 2000.0, 1000.0)
        );
    }

    #[test]
    fn fill_keeps_the_map_edge_at_the_view_edge() {
        // Armies near the top edge: centring on them would show empty space above the map.
        let c = Camera::fill((1000.0, 1000.0), &[(500.0, 50.0)], 50.0, (2000.0, 1000.0));
        assert_eq!((c.x, c.y), (0.0, 0.0));
    }

    #[test]
    fn zoom_keeps_the_point_under_the_finger() {
        let mut c = Camera::fit(2000.0, 1000.0, 1000.0, 1000.0);
        let before = c.to_map(300.0, 400.0);
        c.zoom_at(2.0, 300.0, 400.0);
        assert_eq!(c.scale, 1.0);
        let after = c.to_map(300.0, 400.0);
        assert!((before.0 - after.0).abs() < 1e-9 && (before.1 - after.1).abs() < 1e-9);
    }

    #[test]
    fn zoom_is_clamped() {
        let mut c = Camera::fit(2000.0, 1000.0, 1000.0, 1000.0);
        c.zoom_at(100.0, 0.0, 0.0);
        assert_eq!(c.scale, MAX_SCALE);
        c.zoom_at(0.0001, 0.0, 0.0);
        assert_eq!(c.scale, c.min_scale);
        c.zoom_at(f64::NAN, 0.0, 0.0);
        assert_eq!(c.scale, c.min_scale);
    }

    #[test]
    fn clamp_keeps_some_map_on_screen() {
        let mut c = Camera::fit(2000.0, 1000.0, 1000.0, 1000.0);
        c.pan(-5000.0, 5000.0);
        c.clamp(2000.0, 1000.0, 1000.0, 1000.0, 80.0);
        assert_eq!(c.x, 80.0 - 1000.0);
        assert_eq!(c.y, 1000.0 - 80.0);
    }

    #[test]
    fn zoom_buttons_zoom_about_the_selection_in_view() {
        let c = Camera::fit(2000.0, 1000.0, 1000.0, 1000.0);
        assert_eq!(c.zoom_centre(Some((200.0, 100.0)), 1000.0, 1000.0), (100.0, 300.0));
        // Off screen, or nothing selected: the centre of the view.
        assert_eq!(c.zoom_centre(Some((200.0, 5000.0)), 1000.0, 1000.0), (500.0, 500.0));
        assert_eq!(c.zoom_centre(None, 1000.0, 1000.0), (500.0, 500.0));
    }

    #[test]
    fn reveal_pans_hexes_out_from_under_a_sheet() {
        let mut c = Camera { x: 0.0, y: 0.0, scale: 1.0, min_scale: 0.5 };
        // A combat at the right, under a sheet covering x > 600: moved just left of it.
        c.reveal(&[(700.0, 300.0), (760.0, 300.0)], 20.0, 600.0, 800.0);
        assert_eq!((c.x, c.y), (-180.0, 0.0));
        // Already clear: nothing moves.
        c.reveal(&[(500.0, 300.0)], 20.0, 600.0, 800.0);
        assert_eq!((c.x, c.y), (-180.0, 0.0));
        // Above the view: brought down to its top.
        c.reveal(&[(500.0, -100.0)], 20.0, 600.0, 800.0);
        assert_eq!((c.x, c.y), (-180.0, 120.0));
    }
}
