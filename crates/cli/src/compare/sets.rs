//! What `compare` runs the approaches on: a bundled tier, or a puzzle file in the bench's data
//! format, each puzzle with the way its answer is judged.
//!
//! A tier's puzzles come with what the fixture knows (the unique solution, several, or none),
//! and the fixture harness judges. A file's puzzles come with nothing, so an answer is judged by
//! what can be known without stored solutions: a complete grid that keeps the givens and breaks
//! no rule is solved, and a board handed back unchanged is right exactly when the puzzle has no
//! solution (its givens clash, or the engine finds none).

use std::fmt::Display;
use std::fs::File;
use std::io::{self, Read};
use std::path::Path;
use std::sync::OnceLock;

use sudoku_bench::sets::{FileProblem, LineProblem, MAX_FILE_BYTES, load_file};
use sudoku_board::{Board, Grid, GridError, check_solution, rows_of};
use sudoku_harness::file_format::{is_comment, puzzle_field, shapes_note};
use sudoku_harness::worker::from_wire;
use sudoku_harness::{LargePuzzle, Puzzle, judge, large_puzzles, tier_puzzles};
use sudoku_kata::input::one_puzzle::{InputError, utf8_text};
use sudoku_kata::solving::solver::{GRID_BUDGET, Unsolved, Workers};

/// A loaded set: its name in the table and its puzzles in order.
pub(crate) struct LoadedSet {
    pub name: String,
    /// `tier` or `file`.
    pub source: &'static str,
    pub puzzles: Vec<Task>,
}

/// One puzzle to solve, and how its answer is judged.
pub(crate) struct Task {
    /// Names it in messages: `tier/name`, or `FILE #N` for the N-th puzzle of a file.
    pub id: String,
    /// The board handed to the approach, in LeetCode's shape with `.` blanks.
    pub rows: Vec<Vec<char>>,
    check: Check,
}

enum Check {
    /// A fixture puzzle: the fixture harness judges.
    Fixture(&'static Puzzle),
    /// A file's puzzle.
    Unknown(Board),
    /// A bundled board beyond 9x9: the harness judges.
    Large(&'static LargePuzzle),
    /// A file's board beyond 9x9.
    UnknownGrid(Grid),
    /// A file's board whose givens clash, so it has no solution.
    Clashing,
}

/// The engine's workers that tell whether a board handed back unchanged has a solution.
static CHECKERS: OnceLock<Workers> = OnceLock::new();

impl LoadedSet {
    /// A bundled fixture tier's puzzles.
    pub(crate) fn tier(tier: &str) -> LoadedSet {
        LoadedSet {
            name: tier.to_owned(),
            source: "tier",
            puzzles: tier_puzzles(tier)
                .map(|puzzle| Task {
                    id: puzzle.id(),
                    rows: puzzle.board.to_rows(),
                    check: Check::Fixture(puzzle),
                })
                .collect(),
        }
    }

    /// The bundled boards `side` cells wide (`fixtures/large/`), as one set named by the size.
    pub(crate) fn large(side: usize) -> LoadedSet {
        LoadedSet {
            name: format!("{side}x{side}"),
            source: "tier",
            puzzles: (large_puzzles(side).iter())
                .map(|large| Task {
                    id: large.id(),
                    rows: rows_of(large.board.to_line().chars(), large.board.side()),
                    check: Check::Large(large),
                })
                .collect(),
        }
    }

    /// A file of boards `side` cells wide: one per line in the line notation (or a fixture
    /// file's line, read by its puzzle), `#` comments and blank lines skipped.
    ///
    /// # Errors
    /// A file that cannot be read, or a line that is no such board, with the line and cause.
    pub(crate) fn grid_file(path: &Path, side: usize) -> Result<LoadedSet, String> {
        let stdin = path == Path::new("-");
        let source = if stdin {
            "<stdin>".to_owned()
        } else {
            path.display().to_string()
        };
        let fail = |cause: &dyn Display| format!("{source}: {cause}");
        // Read up to one byte past the bound, whatever the file is: a pipe or a device has no
        // size to check first.
        let mut bytes = Vec::new();
        let file: io::Result<Box<dyn Read>> = if stdin {
            Ok(Box::new(io::stdin()))
        } else {
            File::open(path).map(|file| Box::new(file) as Box<dyn Read>)
        };
        (file.and_then(|file| file.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes)))
            .map_err(|error| fail(&error))?;
        if bytes.len() as u64 > MAX_FILE_BYTES {
            return Err(fail(&"more than 64 MiB, more boards than compare measures"));
        }
        let text = utf8_text(&bytes).map_err(|error| fail(&error))?;
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let lines = text.lines().enumerate();
        let lines = lines.filter(|(_, line)| !(line.trim().is_empty() || is_comment(line)));
        let mut puzzles = Vec::new();
        for (number, line) in lines {
            let at = |cause: &dyn Display| format!("{source}: line {}: {cause}", number + 1);
            let (before, line) = puzzle_field(line).unwrap_or((0, line));
            let check = match Grid::parse(line, None) {
                Ok(grid) => Check::UnknownGrid(grid),
                // Givens that clash: no solution, so right when handed back as it came.
                Err(GridError::Clash { .. }) => Check::Clashing,
                Err(error) => {
                    let error = InputError::Grid(error).on_line(number + 1, before);
                    return Err(at(&format_args!("{error}{}", shapes_note(line))));
                }
            };
            let found = Grid::side_of(line).unwrap_or_default();
            if found != side {
                return Err(at(&format_args!(
                    "a {found}x{found} board, where a {side}x{side} board ({} cells) is wanted; {}",
                    side * side,
                    read_by(found)
                )));
            }
            // The board as the worker protocol carries it: the standard symbols, upper case.
            let symbols = (line.trim_start_matches('\u{feff}').trim()).to_ascii_uppercase();
            let symbols = symbols.replace('0', ".");
            puzzles.push(Task {
                id: format!("{source} #{}", puzzles.len() + 1),
                rows: rows_of(symbols.chars(), side),
                check,
            });
        }
        if puzzles.is_empty() {
            let empty = format!("no {side}x{side} boards, only comments and blank lines");
            return Err(fail(&empty));
        }
        let name = (path.file_name())
            .filter(|_| !stdin)
            .map_or(source.clone(), |name| name.to_string_lossy().into_owned());
        Ok(LoadedSet {
            name,
            source: "file",
            puzzles,
        })
    }

    /// A data file's puzzles.
    ///
    /// # Errors
    /// A file that cannot be read or is not in the data format, with the line, column and cause.
    pub(crate) fn file(path: &Path) -> Result<LoadedSet, String> {
        let set = load_file(path).map_err(|error| match error.problem {
            FileProblem::BadLine {
                problem: LineProblem::OtherSize { side },
                ..
            } => format!("{error}; {}", read_by(side)),
            _ => error.to_string(),
        })?;
        let puzzles = (set.puzzles.iter().enumerate())
            .map(|(index, bytes)| Task {
                id: format!("{} #{}", set.name, index + 1),
                rows: rows_of(bytes.map(char::from), 9),
                check: Board::from_ascii(bytes).map_or(Check::Clashing, Check::Unknown),
            })
            .collect();
        Ok(LoadedSet {
            name: set.name,
            source: "file",
            puzzles,
        })
    }
}

/// The command that compares boards `side` cells wide from a file, for an error about a board
/// of another size than asked for.
fn read_by(side: usize) -> String {
    let size = if side == 9 {
        String::new()
    } else {
        format!("--size {side} ")
    };
    format!("`compare {size}--file` compares {side}x{side} boards")
}

impl Task {
    /// Judges what the approach left in the board: `Err` says what is wrong, naming the puzzle.
    pub(crate) fn judge(&self, output: &[Vec<char>]) -> Result<(), String> {
        let id = &self.id;
        let unchanged = output == self.rows;
        let not_a_solution =
            |broken: &dyn Display| Err(format!("{id}: the output is not a solution: {broken}"));
        // Handed back unchanged, a board is right exactly when there is nothing to find.
        match &self.check {
            Check::Fixture(puzzle) => judge(puzzle, output).map_err(|failure| failure.to_string()),
            Check::Large(large) => large.judge(&self.values(output)?),
            Check::Clashing if unchanged => Ok(()),
            Check::Clashing => Err(format!(
                "{id}: its givens clash, so it has no solution, but the board came back changed"
            )),
            Check::Unknown(board) => match check_solution(board, output) {
                Ok(()) => Ok(()),
                Err(broken) if !unchanged => not_a_solution(&broken),
                Err(_) if sudoku_engine::count_solutions(&board.to_ascii(), 1) == 0 => Ok(()),
                Err(_) => Err(format!(
                    "{id}: the board came back unchanged, but the puzzle has a solution"
                )),
            },
            Check::UnknownGrid(puzzle) => {
                let values = self.values(output)?;
                let unchanged = values == puzzle.values();
                // In workers (one pool for the run), so that a search past the budget does not
                // run on beside the measurements that follow.
                let checkers = CHECKERS.get_or_init(|| Workers::engine(GRID_BUDGET));
                match puzzle.solved_by(values) {
                    Ok(_) => Ok(()),
                    Err(broken) if !unchanged => not_a_solution(&broken),
                    Err(_) => match checkers.solve_grid(puzzle) {
                        Err(Unsolved::NoSolution) => Ok(()),
                        Ok(_) => Err(format!(
                            "{id}: the board came back unchanged, but it has a solution"
                        )),
                        Err(unsolved) => Err(format!(
                            "{id}: the board came back unchanged, and whether it has a solution \
                             is not known: {unsolved}"
                        )),
                    },
                }
            }
        }
    }

    /// The values of a board beyond 9x9 as the approach left it, in the standard alphabet.
    fn values(&self, output: &[Vec<char>]) -> Result<Vec<u8>, String> {
        let side = self.rows.len();
        from_wire(output.concat(), side)
            .filter(|values| values.len() == side * side)
            .ok_or_else(|| format!("{}: the output is not a {side}x{side} board", self.id))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The task of a file holding `line`.
    fn file_task(line: &str) -> Task {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let path = dir.path().join("puzzles.txt");
        std::fs::write(&path, line).expect("written");
        let mut set = LoadedSet::file(&path).expect("loads");
        assert_eq!(set.name, "puzzles.txt");
        set.puzzles.remove(0)
    }

    fn rows(line: &str) -> Vec<Vec<char>> {
        rows_of(line.chars(), 9)
    }

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const SOLUTION: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    #[test]
    fn a_file_puzzle_is_solved_by_a_valid_completion_only() {
        let task = file_task(PUZZLE);
        assert_eq!(task.judge(&rows(SOLUTION)), Ok(()));
        let unchanged = task.judge(&task.rows.clone()).unwrap_err();
        assert!(
            unchanged.ends_with("#1: the board came back unchanged, but the puzzle has a solution"),
            "{unchanged}"
        );
        let mut broken = rows(SOLUTION);
        broken[0][0] = '9';
        let error = task.judge(&broken).unwrap_err();
        assert!(
            error.contains("#1: the output is not a solution: "),
            "{error}"
        );
    }

    #[test]
    fn a_file_puzzle_without_a_solution_must_come_back_unchanged() {
        // Two 5s in the first row: no solution, and no `Board` either.
        let clash = format!("55{}", &PUZZLE[2..]);
        let task = file_task(&clash);
        assert_eq!(task.judge(&task.rows.clone()), Ok(()));
        assert!(task.judge(&rows(SOLUTION)).is_err());

        // No clash, yet no solution: the edge tier's.
        let unsolvable = tier_puzzles("edge")
            .find(|puzzle| puzzle.expected == sudoku_harness::Expected::NoSolution)
            .expect("the edge tier has a puzzle without a solution");
        let task = file_task(&unsolvable.board.to_line());
        assert_eq!(task.judge(&task.rows.clone()), Ok(()));
        let mut changed = task.rows.clone();
        let blank = changed
            .iter()
            .flatten()
            .position(|&c| c == '.')
            .expect("a blank");
        changed[blank / 9][blank % 9] = '1';
        let error = task.judge(&changed).unwrap_err();
        assert!(error.contains("the output is not a solution"), "{error}");
    }
}
