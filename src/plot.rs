//! `--plot FILE.svg`: a bar chart of a distribution, drawn with plotters' SVG backend.

use anyhow::Context as _;
use plotters::prelude::*;
use std::path::Path;

/// Most bars drawn; wider distributions are drawn in bins of several outcomes each.
const MAX_BARS: usize = 1_000;

/// What to draw.
pub struct Chart<'a> {
    /// The expression, canonical.
    pub expression: &'a str,
    /// (outcome, probability), ascending.
    pub bars: &'a [(i64, f64)],
    /// The mean, marked with a line.
    pub mean: f64,
    /// For a comparison, P(true), shown in the title.
    pub p_true: Option<f64>,
    /// Whether the probabilities are a Monte Carlo estimate.
    pub estimate: bool,
}

/// Writes `chart` to `path`: axes with their labels, one bar per outcome (or per bin), the mean marked.
pub fn write_svg(path: &Path, chart: &Chart<'_>) -> anyhow::Result<()> {
    let fail = |e: &dyn std::fmt::Display| anyhow::anyhow!("cannot draw {}: {e}", path.display());
    // Long tails too thin to see would squeeze the bars into a sliver: draw the outcomes that reach
    // 1/10,000 of the tallest bar, and say so on the axis.
    let peak = chart.bars.iter().map(|(_, p)| *p).fold(0.0, f64::max);
    let visible: Vec<(i64, f64)> = chart
        .bars
        .iter()
        .copied()
        .filter(|(_, p)| *p >= peak * 1e-4)
        .collect();
    let trimmed = visible.len() < chart.bars.len();
    let min = visible.first().map_or(0, |b| b.0);
    let max = visible.last().map_or(0, |b| b.0);
    let span = (max - min + 1).max(1) as usize;
    let width = span.div_ceil(MAX_BARS) as i64;
    let mut binned: Vec<(i64, f64)> = Vec::new();
    for (o, p) in visible {
        let start = min + (o - min) / width * width;
        match binned.last_mut() {
            Some(last) if last.0 == start => last.1 += p,
            _ => binned.push((start, p)),
        }
    }
    let last_start = binned.last().map_or(min, |b| b.0);
    // Thin bars get no gap, or they would vanish.
    let gap = if binned.len() > 200 { 0 } else { 2 };
    let top = binned
        .iter()
        .map(|(_, p)| *p)
        .fold(0.0, f64::max)
        .max(f64::MIN_POSITIVE)
        * 1.15;
    let mut x_desc = String::from("outcome");
    if width > 1 {
        x_desc.push_str(&format!(" (bars of {width} outcomes)"));
    }
    if trimmed {
        x_desc.push_str(" (outcomes under 1/10,000 of the tallest bar not drawn)");
    }
    let y_desc = if chart.estimate {
        "probability (estimated)"
    } else {
        "probability"
    };
    let title = match chart.p_true {
        Some(p) => format!("{}: P(true) = {:.4}", chart.expression, p),
        None => format!(
            "{}: distribution (mean {:.3})",
            chart.expression, chart.mean
        ),
    };
    let title = if chart.estimate {
        format!("{title}, estimated")
    } else {
        title
    };
    // Enough decimals on the probability axis that its labels differ.
    let decimals = (-(top * 100.0).log10()).ceil().max(0.0) as usize + 1;

    let root = SVGBackend::new(path, (960, 540)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| fail(&e))?;
    let mut c = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 26))
        .margin(24)
        .x_label_area_size(50)
        .y_label_area_size(80)
        .build_cartesian_2d((min..last_start).into_segmented(), 0.0..top)
        .map_err(|e| fail(&e))?;
    c.configure_mesh()
        .disable_x_mesh()
        .x_desc(x_desc)
        .y_desc(y_desc)
        .x_labels(span.min(20))
        .x_label_formatter(&|x| match x {
            SegmentValue::CenterOf(v) | SegmentValue::Exact(v) => v.to_string(),
            SegmentValue::Last => String::new(),
        })
        .y_label_formatter(&|y| format!("{:.*}%", decimals, y * 100.0))
        .label_style(("sans-serif", 16))
        .axis_desc_style(("sans-serif", 18))
        .draw()
        .map_err(|e| fail(&e))?;
    c.draw_series(
        Histogram::vertical(&c)
            .style(RGBColor(70, 110, 180).filled())
            .margin(gap)
            .data(binned.iter().copied()),
    )
    .map_err(|e| fail(&e))?;
    // The mean, as a line on the bar nearest to it (its exact value is in the title and the legend).
    let mean_at = chart.mean.round() as i64;
    let mean_style = ShapeStyle {
        color: RGBColor(200, 40, 40).to_rgba(),
        filled: false,
        stroke_width: 2,
    };
    // A comparison's mean is its P(true), already in the title: no line for it.
    if chart.p_true.is_none() && (min..=last_start + width - 1).contains(&mean_at) {
        c.draw_series(std::iter::once(PathElement::new(
            vec![
                (
                    SegmentValue::CenterOf(min + (mean_at - min) / width * width),
                    0.0,
                ),
                (
                    SegmentValue::CenterOf(min + (mean_at - min) / width * width),
                    top,
                ),
            ],
            mean_style,
        )))
        .map_err(|e| fail(&e))?
        .label(format!("mean {:.3}", chart.mean))
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], RGBColor(200, 40, 40)));
        c.configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .background_style(WHITE)
            .border_style(BLACK)
            .label_font(("sans-serif", 16))
            .draw()
            .map_err(|e| fail(&e))?;
    }
    root.present()
        .map_err(|e| fail(&e))
        .with_context(|| format!("cannot write {}", path.display()))?;
    eprintln!("skald: wrote the chart to {}", path.display());
    Ok(())
}
