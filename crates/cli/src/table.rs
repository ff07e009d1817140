//! A plain text table with aligned columns, or the same as Markdown: the shapes of output
//! `compare`, `bench` and `practice --check` need, not worth a dependency.

/// How a column lines its cells up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    /// Text: padded on the right.
    Left,
    /// Numbers: padded on the left, so that digits line up.
    Right,
}

/// Renders `rows` under `header`, each column as wide as its widest cell, with a dashed rule under
/// the header. Cells beyond the header's width are ignored.
pub fn render(header: &[(&str, Align)], rows: &[Vec<String>]) -> String {
    let titles: Vec<String> = header.iter().map(|&(title, _)| title.to_owned()).collect();
    let mut widths = vec![0; header.len()];
    for row in std::iter::once(&titles).chain(rows) {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    let rule: Vec<String> = widths.iter().map(|&width| "-".repeat(width)).collect();
    let line = |row: &Vec<String>| {
        let cells = row.iter().zip(header).zip(&widths);
        let cells: Vec<String> = cells
            .map(|((cell, (_, align)), &width)| match align {
                Align::Left => format!("{cell:<width$}"),
                Align::Right => format!("{cell:>width$}"),
            })
            .collect();
        format!("{}\n", cells.join("  ").trim_end())
    };
    [&titles, &rule].into_iter().chain(rows).map(line).collect()
}

/// Renders `rows` under `header` as a GitHub-flavoured Markdown table: the rule under the header
/// says how each column aligns, and a `|` in a cell is escaped. Cells beyond the header's width
/// are ignored.
pub fn markdown(header: &[(&str, Align)], rows: &[Vec<String>]) -> String {
    let titles = header.iter().map(|(title, _)| (*title).to_owned());
    let rule = header.iter().map(|(title, align)| {
        let dashes = "-".repeat(title.len().max(3) - 1);
        match align {
            Align::Left => format!(":{dashes}"),
            Align::Right => format!("{dashes}:"),
        }
    });
    let cells = rows.iter().map(|row| {
        let cells = row.iter().take(header.len());
        cells.map(|cell| cell.replace('|', "\\|")).collect()
    });
    [titles.collect(), rule.collect()]
        .into_iter()
        .chain(cells)
        .map(|cells: Vec<String>| format!("| {} |\n", cells.join(" | ")))
        .collect()
}
