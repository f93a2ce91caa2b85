//! The overview's chart, drawn on the server as SVG: one bar per hour, delivered stacked under
//! failed, on a count axis whose top is a round number (so one attempt does not fill it) and
//! hour ticks underneath. Plain geometry, so it needs no script and passes the console's CSP.

/// One column of the chart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Column {
    pub ok: u64,
    pub failed: u64,
}

/// One drawn rectangle: `class` is `ok` or `failed`.
#[derive(Debug, Clone, PartialEq)]
pub struct Bar {
    pub class: &'static str,
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
    pub title: String,
}

/// A labelled line of an axis: `at` is y (counts) or x (hours) in the plot's coordinates.
#[derive(Debug, Clone, PartialEq)]
pub struct Tick {
    pub at: f64,
    pub label: String,
}

/// The plot's size; the SVG adds [`LEFT`] for the counts and [`BOTTOM`] for the hours.
pub const WIDTH: f64 = 720.0;
pub const HEIGHT: f64 = 160.0;
pub const LEFT: f64 = 44.0;
pub const BOTTOM: f64 = 22.0;

/// The axis's top: the smallest 1, 2 or 5 × 10ⁿ at or above the tallest column, and at least
/// 5, so a handful of attempts stays a handful.
pub fn top(tallest: u64) -> u64 {
    let tallest = tallest.max(5);
    let mut power = 1u64;
    loop {
        for m in [1, 2, 5] {
            if m * power >= tallest {
                return m * power;
            }
        }
        power = power.saturating_mul(10);
    }
}

/// Lines at 0, half the top (when it is a whole count) and the top, labelled with their counts.
pub fn count_ticks(top: u64) -> Vec<Tick> {
    let at = |v: u64| HEIGHT - v as f64 / top as f64 * HEIGHT;
    let mut values = vec![0, top];
    if top % 2 == 0 {
        values.insert(1, top / 2);
    }
    values.into_iter().map(|v| Tick { at: at(v), label: v.to_string() }).collect()
}

/// A tick under every `every`th of `n` columns, at its middle, named `label(i)`.
pub fn column_ticks(n: usize, every: usize, label: impl Fn(usize) -> String) -> Vec<Tick> {
    let slot = WIDTH / n.max(1) as f64;
    (0..n).step_by(every.max(1)).map(|i| Tick { at: (i as f64 + 0.5) * slot, label: label(i) }).collect()
}

/// The bars of `columns` (oldest first), scaled to the axis's [`top`]. `label(i)` names
/// column `i` in each bar's tooltip.
pub fn bars(columns: &[Column], label: impl Fn(usize) -> String) -> Vec<Bar> {
    let max = top(columns.iter().map(|c| c.ok + c.failed).max().unwrap_or(0)) as f64;
    let slot = WIDTH / columns.len().max(1) as f64;
    let width = (slot - 2.0).max(1.0);
    let mut out = Vec::new();
    for (i, c) in columns.iter().enumerate() {
        let x = i as f64 * slot + 1.0;
        let ok_h = c.ok as f64 / max * HEIGHT;
        let failed_h = c.failed as f64 / max * HEIGHT;
        if c.ok > 0 {
            out.push(Bar {
                class: "ok",
                x,
                y: HEIGHT - ok_h,
                width,
                height: ok_h,
                title: format!("{}: {} delivered", label(i), c.ok),
            });
        }
        if c.failed > 0 {
            out.push(Bar {
                class: "failed",
                x,
                y: HEIGHT - ok_h - failed_h,
                width,
                height: failed_h,
                title: format!("{}: {} failed", label(i), c.failed),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_axis_tops_at_a_round_count_and_one_attempt_stays_small() {
        assert_eq!([0, 1, 5, 6, 11, 40, 50, 51, 999].map(top), [5, 5, 5, 10, 20, 50, 50, 100, 1000]);
        let one = bars(&[Column { ok: 1, failed: 0 }], |_| String::new());
        assert!((one[0].height - HEIGHT / 5.0).abs() < 1e-9, "one attempt is a fifth of the height");
        let ticks = count_ticks(20);
        assert_eq!(ticks.iter().map(|t| t.label.as_str()).collect::<Vec<_>>(), ["0", "10", "20"]);
        assert_eq!((ticks[0].at, ticks[2].at), (HEIGHT, 0.0));
        assert_eq!(count_ticks(5).len(), 2, "no half-attempt line");
        let hours = column_ticks(24, 6, |i| format!("{i:02}"));
        assert_eq!(hours.iter().map(|t| t.label.as_str()).collect::<Vec<_>>(), ["00", "06", "12", "18"]);
        assert!((hours[1].at - 6.5 * WIDTH / 24.0).abs() < 1e-9);
    }

    #[test]
    fn the_tallest_column_reaches_the_top_when_it_is_round_and_failed_sits_on_delivered() {
        let cols = [Column { ok: 0, failed: 0 }, Column { ok: 30, failed: 10 }, Column { ok: 20, failed: 0 }];
        let b = bars(&cols, |i| format!("h{i}"));
        assert_eq!(b.len(), 3, "an empty column draws nothing");
        let (ok, failed) = (&b[0], &b[1]);
        assert_eq!((ok.class, failed.class), ("ok", "failed"));
        assert!((ok.height + failed.height - HEIGHT * 40.0 / 50.0).abs() < 1e-9, "40 of a 50 axis");
        assert!((failed.y + failed.height - ok.y).abs() < 1e-9, "failed is stacked on delivered");
        assert!((b[2].height - HEIGHT * 20.0 / 50.0).abs() < 1e-9);
        assert_eq!(b[2].title, "h2: 20 delivered");
        assert!(b.iter().all(|r| r.x >= 0.0 && r.x + r.width <= WIDTH));
    }

    #[test]
    fn no_deliveries_draw_no_bars() {
        assert!(bars(&[Column { ok: 0, failed: 0 }; 24], |_| String::new()).is_empty());
        assert!(bars(&[], |_| String::new()).is_empty());
    }
}
