//! `--svg`: the total time of every row as a bar chart on a log scale, grouped by tier (or
//! file), one colour per approach, so that orders of magnitude between rungs show at a glance.
//!
//! A run stopped over the budget has no total; its bar goes up to what is known for certain (the
//! puzzles it finished plus the budget it went past) and is drawn pale, meaning "at least".
//! A failed run has no bar. plotters draws the SVG without any font files: text is written as
//! SVG text for the viewer to lay out.

use std::path::Path;
use std::time::Duration;

use plotters::coord::ranged1d::SegmentValue;
use plotters::prelude::*;

use super::{Row, Stop};
use sudoku_board::format_duration;

/// The legend's width in pixels, right of the plot.
const LEGEND_WIDTH: u32 = 240;

/// How pale an over-budget bar is.
const OVER_BUDGET_OPACITY: f64 = 0.35;

/// A bar's height in seconds and its opacity: pale when it is only a lower bound.
fn bar(row: &Row) -> Option<(f64, f64)> {
    let measured: Duration = row.times.iter().sum();
    match &row.stop {
        None => Some((measured.as_secs_f64(), 1.0)),
        Some(Stop::OverBudget { budget, .. }) => {
            Some(((measured + *budget).as_secs_f64(), OVER_BUDGET_OPACITY))
        }
        Some(Stop::Failed(_)) => None,
    }
}

/// Draws the chart of `rows` into an SVG file at `path`.
///
/// # Errors
/// The file cannot be written.
pub(crate) fn write_svg(rows: &[Row], path: &Path) -> crate::Fallible {
    // Drawn into memory and written here: plotters' own file target drops a failed write.
    let mut svg = String::new();
    draw(rows, &mut svg)?;
    Ok(std::fs::write(path, svg)?)
}

/// Draws the chart of `rows` into `svg`.
fn draw(rows: &[Row], svg: &mut String) -> crate::Fallible {
    // Groups in the order of the rows, approaches in ladder order within each.
    let mut sets: Vec<&str> = Vec::new();
    let mut approaches: Vec<&'static str> = Vec::new();
    for row in rows {
        if !sets.contains(&row.set.as_str()) {
            sets.push(&row.set);
        }
        if !approaches.contains(&row.approach) {
            approaches.push(row.approach);
        }
    }
    let heights = rows.iter().filter_map(bar).map(|(height, _)| height);
    // A log scale has no zero: the floor is half the shortest bar, at least a nanosecond (a
    // coarse clock can measure a fast solve as 0), or a microsecond when there is no bar at all.
    let shortest = heights.clone().reduce(f64::min);
    let low = shortest.map_or(1e-6, |shortest| shortest.max(1e-9) / 2.0);
    let high = heights.fold(0.0, f64::max).max(low * 4.0) * 2.0;
    // Each group is one slot per approach and an empty one as a gap.
    let group_slots = approaches.len() + 1;
    let slots = sets.len() * group_slots;
    let width = u32::try_from(160 + 14 * slots).unwrap_or(u32::MAX).max(720) + LEGEND_WIDTH;

    let root = SVGBackend::with_string(svg, (width, 480)).into_drawing_area();
    root.fill(&WHITE)?;
    // The legend beside the plot, where no bar can be under it: a dot and a text a line.
    let (plot, legend) = root.split_horizontally(width - LEGEND_WIDTH);
    let key = |line: usize, style: ShapeStyle, text: &str| -> crate::Fallible {
        let y = 48 + 20 * i32::try_from(line).unwrap_or(i32::MAX / 40);
        legend.draw(&Circle::new((12, y), 5, style))?;
        Ok(legend.draw(&Text::new(text.to_owned(), (24, y - 7), ("sans-serif", 14)))?)
    };
    let mut chart = ChartBuilder::on(&plot)
        .caption(
            "total time per approach and tier (log scale)",
            ("sans-serif", 20),
        )
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(72)
        .build_cartesian_2d((0..slots).into_segmented(), (low..high).log_scale())?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(slots)
        // A group's name under its middle slot.
        .x_label_formatter(&|slot| match slot {
            SegmentValue::CenterOf(slot) | SegmentValue::Exact(slot)
                if slot % group_slots == approaches.len() / 2 =>
            {
                sets.get(slot / group_slots)
                    .map_or_else(String::new, |set| (*set).to_owned())
            }
            _ => String::new(),
        })
        .y_desc("total time")
        .y_label_formatter(&|seconds| format_duration(Duration::from_secs_f64(*seconds)))
        .draw()?;

    for (position, &approach) in approaches.iter().enumerate() {
        let colour = Palette99::pick(position);
        let bars = rows
            .iter()
            .filter(|row| row.approach == approach)
            .filter_map(|row| {
                let (height, opacity) = bar(row)?;
                let slot = sets.iter().position(|set| *set == row.set)? * group_slots + position;
                let (left, right) = (SegmentValue::Exact(slot), SegmentValue::Exact(slot + 1));
                let corners = [(left, low), (right, height.max(low))];
                let mut rectangle = Rectangle::new(corners, colour.mix(opacity).filled());
                rectangle.set_margin(0, 0, 1, 1);
                Some(rectangle)
            });
        chart.draw_series(bars)?;
        key(position, colour.filled(), approach)?;
    }
    let over_budget = |row: &Row| matches!(row.stop, Some(Stop::OverBudget { .. }));
    if rows.iter().any(over_budget) {
        let pale = BLACK.mix(OVER_BUDGET_OPACITY).filled();
        key(approaches.len(), pale, "pale: over budget, at least")?;
    }
    Ok(root.present()?)
}
