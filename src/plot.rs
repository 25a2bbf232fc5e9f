//! `--plot FILE.svg`: a bar chart of a distribution, drawn with plotters' SVG backend.

use anyhow::Context as _;
use plotters::prelude::*;
use std::path::Path;

/// Writes a bar chart of `bars` (outcome, probability) to `path`, with axes, labels and the mean marked.
pub fn write_svg(
    path: &Path,
    expression: &str,
    bars: &[(i64, f64)],
    mean: f64,
) -> anyhow::Result<()> {
    // Long tails too thin to see would squeeze the bars into a sliver: draw the outcomes that reach
    // 1/10,000 of the tallest bar, and say so on the axis.
    let peak = bars.iter().map(|(_, p)| *p).fold(0.0, f64::max);
    let visible: Vec<(i64, f64)> = bars
        .iter()
        .copied()
        .filter(|(_, p)| *p >= peak * 1e-4)
        .collect();
    let x_desc = if visible.len() < bars.len() {
        "outcome (outcomes under 1/10,000 of the tallest bar are not drawn)"
    } else {
        "outcome"
    };
    let bars = &visible[..];
    let min = bars.iter().map(|(o, _)| *o).min().unwrap_or(0);
    let max = bars.iter().map(|(o, _)| *o).max().unwrap_or(0);
    let top = bars
        .iter()
        .map(|(_, p)| *p)
        .fold(0.0, f64::max)
        .max(f64::MIN_POSITIVE)
        * 1.12;
    let root = SVGBackend::new(path, (960, 540)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!("{expression}: distribution (mean {mean:.3})"),
            ("sans-serif", 26),
        )
        .margin(20)
        .x_label_area_size(50)
        .y_label_area_size(80)
        .build_cartesian_2d((min as f64 - 0.5)..(max as f64 + 0.5), 0.0..top)
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_desc(x_desc)
        .y_desc("probability")
        .x_label_formatter(&|x| format!("{}", x.round() as i64))
        .y_label_formatter(&|y| format!("{:.1}%", y * 100.0))
        .label_style(("sans-serif", 16))
        .axis_desc_style(("sans-serif", 18))
        .draw()
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let width = if bars.len() > 400 { 0.5 } else { 0.4 };
    chart
        .draw_series(bars.iter().map(|(o, p)| {
            Rectangle::new(
                [(*o as f64 - width, 0.0), (*o as f64 + width, *p)],
                RGBColor(70, 110, 180).filled(),
            )
        }))
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    chart
        .draw_series(std::iter::once(PathElement::new(
            vec![(mean, 0.0), (mean, top)],
            ShapeStyle {
                color: RGBColor(200, 40, 40).to_rgba(),
                filled: false,
                stroke_width: 2,
            },
        )))
        .map_err(|e| anyhow::anyhow!("{e}"))?
        .label(format!("mean {mean:.3}"))
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], RGBColor(200, 40, 40)));
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .label_font(("sans-serif", 16))
        .draw()
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    root.present()
        .map_err(|e| anyhow::anyhow!("{e}"))
        .with_context(|| format!("cannot write {}", path.display()))?;
    Ok(())
}
