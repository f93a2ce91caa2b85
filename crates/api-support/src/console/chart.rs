//! The overview's chart, drawn on the server as SVG: one bar per hour, delivered stacked under
//! failed. Plain geometry, so it needs no script and passes the console's CSP.

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

pub const WIDTH: f64 = 720.0;
pub const HEIGHT: f64 = 160.0;

/// The bars of `columns` (oldest first), scaled so the tallest column fills the height.
/// `label(i)` names column `i` in each bar's tooltip.
pub fn bars(columns: &[Column], label: impl Fn(usize) -> String) -> Vec<Bar> {
    let max = columns.iter().map(|c| c.ok + c.failed).max().unwrap_or(0).max(1) as f64;
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
    fn the_tallest_column_fills_the_chart_and_failed_sits_on_delivered() {
        let cols = [Column { ok: 0, failed: 0 }, Column { ok: 30, failed: 10 }, Column { ok: 20, failed: 0 }];
        let b = bars(&cols, |i| format!("h{i}"));
        assert_eq!(b.len(), 3, "an empty column draws nothing");
        let (ok, failed) = (&b[0], &b[1]);
        assert_eq!((ok.class, failed.class), ("ok", "failed"));
        assert!((ok.height + failed.height - HEIGHT).abs() < 1e-9);
        assert!((failed.y + failed.height - ok.y).abs() < 1e-9, "failed is stacked on delivered");
        assert!((b[2].height - HEIGHT / 2.0).abs() < 1e-9);
        assert_eq!(b[2].title, "h2: 20 delivered");
        assert!(b.iter().all(|r| r.x >= 0.0 && r.x + r.width <= WIDTH));
    }

    #[test]
    fn no_deliveries_draw_no_bars() {
        assert!(bars(&[Column { ok: 0, failed: 0 }; 24], |_| String::new()).is_empty());
        assert!(bars(&[], |_| String::new()).is_empty());
    }
}
