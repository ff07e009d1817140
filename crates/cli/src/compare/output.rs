//! The comparison's rows as text: the aligned table a person reads (the default), a Markdown
//! table to paste into docs, and CSV or JSON for a program, with exact numbers (nanoseconds).

use std::time::Duration;

use clap::ValueEnum;
use serde::Serialize;

use super::{Row, Stop, median};
use sudoku_board::{format_duration, group_thousands};
use sudoku_kata::table::{self, Align};

/// How `compare` prints its rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Format {
    /// Aligned columns for a terminal.
    Table,
    /// A GitHub-flavoured Markdown table.
    Markdown,
    /// Comma-separated values with a header line; times in nanoseconds.
    Csv,
    /// An array of objects, one per row; times in nanoseconds.
    Json,
}

/// `rows` in `format`, ending with a line end.
pub(crate) fn render(rows: &[Row], format: Format) -> String {
    let (header, cells) = readable(rows);
    let mut records = rows.iter().map(Record::of);
    match format {
        Format::Table => table::render(&header, &cells),
        Format::Markdown => table::markdown(&header, &cells),
        // RFC 4180: a field is quoted when it holds a comma, a quote or a line break (a file's
        // name may).
        Format::Csv => {
            let mut writer = csv::Writer::from_writer(Vec::new());
            (records.try_for_each(|record| writer.serialize(record)))
                .expect("plain data serialises");
            let bytes = writer.into_inner().expect("a Vec takes every write");
            String::from_utf8(bytes).expect("UTF-8 in, UTF-8 out")
        }
        Format::Json => {
            let records: Vec<Record> = records.collect();
            serde_json::to_string_pretty(&records).expect("plain data serialises") + "\n"
        }
    }
}

/// The columns and cells people read: times in a readable unit, counts grouped by thousands,
/// and a note column only when a run stopped, so the usual table stays as it was.
fn readable(rows: &[Row]) -> (Vec<(&'static str, Align)>, Vec<Vec<String>>) {
    let mut header = vec![
        ("tier", Align::Left),
        ("approach", Align::Left),
        ("solved", Align::Right),
        ("total time", Align::Right),
        ("median time", Align::Right),
        ("search calls", Align::Right),
    ];
    if rows.iter().any(|row| row.stop.is_some()) {
        header.push(("note", Align::Left));
    }
    let cells = rows.iter().map(|row| {
        let measured = |text: String| if row.stop.is_none() { text } else { "-".into() };
        vec![
            row.set.clone(),
            row.approach.to_owned(),
            format!("{}/{}", row.solved, row.puzzles),
            row.total(),
            measured(format_duration(median(&row.times))),
            measured(group_thousands(row.search_calls)),
            note(row),
        ]
    });
    (header, cells.collect())
}

/// What the note column says about a run that stopped.
fn note(row: &Row) -> String {
    match &row.stop {
        None => String::new(),
        Some(Stop::OverBudget {
            index,
            puzzle,
            budget,
        }) => format!(
            "{puzzle} (puzzle {} of {}) took over {}",
            index + 1,
            row.puzzles,
            format_duration(*budget)
        ),
        Some(Stop::Failed(cause)) => cause.clone(),
    }
}

/// One row for a program: exact numbers, and `null`s where a stopped run measured nothing
/// whole.
#[derive(Serialize)]
struct Record<'a> {
    set: &'a str,
    source: &'static str,
    approach: &'static str,
    puzzles: usize,
    solved: usize,
    status: &'static str,
    total_time_ns: Option<u128>,
    median_time_ns: Option<u128>,
    search_calls: Option<u64>,
    /// The puzzle that took longer than the budget.
    over_budget_puzzle: Option<&'a str>,
    budget_ns: Option<u128>,
    /// Why the worker failed.
    error: Option<&'a str>,
}

impl<'a> Record<'a> {
    fn of(row: &'a Row) -> Record<'a> {
        let finished = row.stop.is_none();
        let measured = |value: Duration| finished.then_some(value.as_nanos());
        let (status, over_budget_puzzle, budget_ns, error) = match &row.stop {
            None => ("finished", None, None, None),
            Some(Stop::OverBudget { puzzle, budget, .. }) => (
                "over_budget",
                Some(puzzle.as_str()),
                Some(budget.as_nanos()),
                None,
            ),
            Some(Stop::Failed(cause)) => ("failed", None, None, Some(cause.as_str())),
        };
        Record {
            set: &row.set,
            source: row.source,
            approach: row.approach,
            puzzles: row.puzzles,
            solved: row.solved,
            status,
            total_time_ns: measured(row.times.iter().sum()),
            median_time_ns: measured(median(&row.times)),
            search_calls: finished.then_some(row.search_calls),
            over_budget_puzzle,
            budget_ns,
            error,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows() -> Vec<Row> {
        let ms = Duration::from_millis;
        vec![
            Row {
                set: "my, \"hard\" | set.txt".to_owned(),
                source: "file",
                approach: "mrv-heap",
                puzzles: 3,
                solved: 3,
                times: vec![ms(1), ms(2), ms(30)],
                search_calls: 12_345,
                stop: None,
            },
            Row {
                set: "adversarial".to_owned(),
                source: "tier",
                approach: "scan-backtracking",
                puzzles: 2,
                solved: 1,
                times: vec![ms(200)],
                search_calls: 99,
                stop: Some(Stop::OverBudget {
                    index: 1,
                    puzzle: "adversarial/second".to_owned(),
                    budget: ms(500),
                }),
            },
        ]
    }

    #[test]
    fn markdown_escapes_the_pipe() {
        let text = render(&rows(), Format::Markdown);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[..3],
            [
                "| tier | approach | solved | total time | median time | search calls | note |",
                "| :--- | :------- | -----: | ---------: | ----------: | -----------: | :--- |",
                "| my, \"hard\" \\| set.txt | mrv-heap | 3/3 | 33.0 ms | 2.00 ms | 12,345 |  |",
            ]
        );
    }

    #[test]
    fn csv_quotes_what_needs_it_and_leaves_unmeasured_fields_empty() {
        assert_eq!(
            render(&rows(), Format::Csv),
            "set,source,approach,puzzles,solved,status,total_time_ns,median_time_ns,search_calls,over_budget_puzzle,budget_ns,error\n\
             \"my, \"\"hard\"\" | set.txt\",file,mrv-heap,3,3,finished,33000000,2000000,12345,,,\n\
             adversarial,tier,scan-backtracking,2,1,over_budget,,,,adversarial/second,500000000,\n"
        );
    }
}
