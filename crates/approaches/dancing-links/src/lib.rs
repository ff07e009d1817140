//! # Dancing links: Knuth's Algorithm X
//!
//! Sudoku is an exact cover problem: choose one candidate (row, column, digit) for each of the
//! 324 constraints (every cell filled; every digit once per row, column and box). Algorithm X
//! picks the constraint with the fewest candidates left, tries each, and recurses; dancing
//! links make that cheap. The matrix's ones are nodes of circular doubly linked lists, one per
//! row and per column: covering a constraint unlinks it and every candidate that clashes with
//! it, and uncovering puts them back in exactly the reverse order. The counts stay exact.
//!
//! ```
//! let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
//! let mut board: Vec<Vec<char>> = puzzle
//!     .as_bytes()
//!     .chunks(9)
//!     .map(|row| row.iter().map(|&b| char::from(b)).collect())
//!     .collect();
//!
//! // 52 search calls: branching on the tightest constraint, counts kept exact.
//! assert_eq!(dancing_links::solve_counting_calls(&mut board), 52);
//! let solved: String = board.iter().flatten().collect();
//! assert_eq!(
//!     solved,
//!     "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
//! );
//! ```
//!
//! - Uncover in exactly the reverse order of cover (rows bottom to top, nodes right to left),
//!   or a node is relinked next to a neighbour that is still unlinked.
//! - A constraint with no candidate left ends the branch at once.
//! - Givens are selected by covering their four columns; a column already covered means two
//!   givens clash, and the search never starts.
//!
//! The walk through the code, its cost and its search calls: `docs/approaches/dancing-links.md`.

/// LeetCode's entry point for problem 37.
pub struct Solution;

// ---- LeetCode submission: begin ----
impl Solution {
    /// Solves `board` in place; blanks are `'.'`.
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        Self::solve_counting_calls(board);
    }

    /// Solves `board` in place and returns how many times `Search::solve` was
    /// entered (0 when the givens already clash, as the search never starts).
    // Takes LeetCode's `&mut Vec<Vec<char>>`, like `solve_sudoku`.
    #[allow(clippy::ptr_arg)]
    fn solve_counting_calls(board: &mut Vec<Vec<char>>) -> u64 {
        let mut calls = 0;
        Self::solve_visiting(board, &mut |_| calls += 1);
        calls
    }

    /// Solves `board` in place, showing `visit` the search each time `Search::solve` is
    /// entered: counting those visits counts the search calls.
    fn solve_visiting(board: &mut [Vec<char>], visit: &mut impl FnMut(&Search)) {
        if let Some(mut search) = Search::from_board(board) {
            if search.solve(visit) {
                search.write_solution(board);
            }
        }
    }
}

/// One constraint column per cell, then per (row, digit), (column, digit)
/// and (box, digit): 4 * 81.
const COLUMNS: usize = 4 * 81;
/// One matrix row per candidate (row, col, digit): 9 * 81.
const CANDIDATES: usize = 9 * 81;
/// Every candidate satisfies exactly one constraint of each of the 4 kinds.
const NODES_PER_ROW: usize = 4;
/// Node 0 is the root: the head of the circular list of uncovered columns.
const ROOT: usize = 0;
/// Nodes `1..=COLUMNS` are the column headers; the rows' nodes follow.
const FIRST_ROW_NODE: usize = 1 + COLUMNS;
/// The root, the headers, and four nodes per candidate.
const NODES: usize = FIRST_ROW_NODE + NODES_PER_ROW * CANDIDATES;

/// The exact-cover matrix as dancing links: a node is an index into these arrays, and each
/// matrix row and column (with its header) is a circular doubly linked list of its ones.
struct Matrix {
    left: Vec<usize>,
    right: Vec<usize>,
    up: Vec<usize>,
    down: Vec<usize>,
    /// `column[node]`: the header of the column the node is in.
    column: Vec<usize>,
    /// `size[header]`: the rows still linked into that column (ways left to satisfy it).
    size: Vec<usize>,
}

impl Matrix {
    /// The full matrix: every column uncovered, every candidate row linked.
    fn new() -> Self {
        let mut matrix = Matrix {
            left: vec![0; NODES],
            right: vec![0; NODES],
            up: vec![0; NODES],
            down: vec![0; NODES],
            column: vec![0; NODES],
            size: vec![0; FIRST_ROW_NODE],
        };
        matrix.link_headers();
        for candidate in 0..CANDIDATES {
            matrix.link_row(candidate);
        }
        matrix
    }

    /// Links the root and the headers into one horizontal ring, and makes
    /// each header an empty vertical ring (it points up and down to itself).
    fn link_headers(&mut self) {
        for node in ROOT..FIRST_ROW_NODE {
            self.left[node] = if node == ROOT { COLUMNS } else { node - 1 };
            self.right[node] = if node == COLUMNS { ROOT } else { node + 1 };
            self.up[node] = node;
            self.down[node] = node;
            self.column[node] = node;
        }
    }

    /// Links the four nodes of `candidate` into a horizontal ring and appends
    /// each at the bottom of its column.
    fn link_row(&mut self, candidate: usize) {
        let first = first_node_of(candidate);
        for (slot, constraint) in constraints_of(candidate).into_iter().enumerate() {
            let node = first + slot;
            self.left[node] = first + (slot + NODES_PER_ROW - 1) % NODES_PER_ROW;
            self.right[node] = first + (slot + 1) % NODES_PER_ROW;
            let header = header_of(constraint);
            let bottom = self.up[header];
            self.up[node] = bottom;
            self.down[node] = header;
            self.down[bottom] = node;
            self.up[header] = node;
            self.column[node] = header;
            self.size[header] += 1;
        }
    }

    /// A covered header keeps its own links, but its old neighbour no longer points back.
    fn is_uncovered(&self, header: usize) -> bool {
        self.right[self.left[header]] == header
    }

    /// The uncovered column with the fewest rows (Knuth's S heuristic), or
    /// `None` when every column is covered, i.e. the cover is complete.
    fn tightest_column(&self) -> Option<usize> {
        let mut tightest = None;
        let mut fewest = usize::MAX;
        let mut header = self.right[ROOT];
        while header != ROOT {
            if self.size[header] < fewest {
                tightest = Some(header);
                fewest = self.size[header];
                if fewest == 0 {
                    break;
                }
            }
            header = self.right[header];
        }
        tightest
    }

    /// Removes the column from the header ring and its rows from every *other* column (they
    /// would satisfy it twice); removed nodes keep their links, so `uncover` can relink them.
    fn cover(&mut self, header: usize) {
        self.right[self.left[header]] = self.right[header];
        self.left[self.right[header]] = self.left[header];
        let mut row_node = self.down[header];
        while row_node != header {
            let mut node = self.right[row_node];
            while node != row_node {
                self.up[self.down[node]] = self.up[node];
                self.down[self.up[node]] = self.down[node];
                self.size[self.column[node]] -= 1;
                node = self.right[node];
            }
            row_node = self.down[row_node];
        }
    }

    /// Undoes `cover` in exactly the reverse order (rows bottom to top, nodes right to left,
    /// header last): any other order can relink a node next to a still unlinked neighbour.
    fn uncover(&mut self, header: usize) {
        let mut row_node = self.up[header];
        while row_node != header {
            let mut node = self.left[row_node];
            while node != row_node {
                self.size[self.column[node]] += 1;
                self.up[self.down[node]] = node;
                self.down[self.up[node]] = node;
                node = self.left[node];
            }
            row_node = self.up[row_node];
        }
        self.right[self.left[header]] = header;
        self.left[self.right[header]] = header;
    }

    /// Commits to the row of `row_node` (its own column already covered): covers the others.
    fn cover_rest_of_row(&mut self, row_node: usize) {
        let mut node = self.right[row_node];
        while node != row_node {
            self.cover(self.column[node]);
            node = self.right[node];
        }
    }

    /// Undoes `cover_rest_of_row`, right to left.
    fn uncover_rest_of_row(&mut self, row_node: usize) {
        let mut node = self.left[row_node];
        while node != row_node {
            self.uncover(self.column[node]);
            node = self.left[node];
        }
    }

    /// Covers a given's four columns; `false`, with nothing covered, when one is covered
    /// already: an earlier given satisfies the same constraint, and the two clash.
    fn select_given(&mut self, candidate: usize) -> bool {
        let headers = constraints_of(candidate).map(header_of);
        if !headers.iter().all(|&header| self.is_uncovered(header)) {
            return false;
        }
        for header in headers {
            self.cover(header);
        }
        true
    }
}

/// The matrix with the givens' rows selected, plus the rows the search has
/// chosen so far.
struct Search {
    matrix: Matrix,
    /// One node of each row chosen by the search, outermost first (at most one per blank).
    chosen: Vec<usize>,
}

impl Search {
    /// Builds the matrix and selects the row of every given; `None` when two
    /// givens clash, since then no solution exists.
    fn from_board(board: &[Vec<char>]) -> Option<Self> {
        let mut matrix = Matrix::new();
        for (row, cells) in board.iter().enumerate() {
            for (col, &cell) in cells.iter().enumerate() {
                let digit = (cell as usize).wrapping_sub('1' as usize); // '.' wraps past 8
                if digit < 9 && !matrix.select_given(candidate_of(row, col, digit)) {
                    return None;
                }
            }
        }
        Some(Search {
            matrix,
            chosen: Vec::with_capacity(81),
        })
    }

    /// Algorithm X: covers every column with one row each. `true` leaves the rows in `chosen`;
    /// `false` leaves the matrix and `chosen` exactly as they were.
    fn solve(&mut self, visit: &mut impl FnMut(&Search)) -> bool {
        visit(self);
        let Some(header) = self.matrix.tightest_column() else {
            return true;
        };
        // A constraint nothing can satisfy any more: this branch is dead.
        if self.matrix.size[header] == 0 {
            return false;
        }
        self.matrix.cover(header);
        let mut row_node = self.matrix.down[header];
        while row_node != header {
            self.matrix.cover_rest_of_row(row_node);
            self.chosen.push(row_node);
            if self.solve(visit) {
                // Knuth's version would undo and list every solution; LeetCode wants one.
                return true;
            }
            self.chosen.pop();
            self.matrix.uncover_rest_of_row(row_node);
            row_node = self.matrix.down[row_node];
        }
        self.matrix.uncover(header);
        false
    }

    /// Writes the chosen rows' digits: only after `solve` succeeds, so a failure never writes.
    fn write_solution(&self, board: &mut [Vec<char>]) {
        for &node in &self.chosen {
            let (row, col, digit) = place_of((node - FIRST_ROW_NODE) / NODES_PER_ROW);
            board[row][col] = char::from(b'1' + digit as u8);
        }
    }
}

/// Candidates are numbered cell by cell, digits ascending (`digit` is 0-based): the order
/// rows are tried in, since each column lists its rows in this order.
fn candidate_of(row: usize, col: usize, digit: usize) -> usize {
    (row * 9 + col) * 9 + digit
}

/// The inverse of `candidate_of`: `(row, col, digit)`.
fn place_of(candidate: usize) -> (usize, usize, usize) {
    (candidate / 81, candidate / 9 % 9, candidate % 9)
}

/// The four constraints `candidate` satisfies, numbered as in `COLUMNS`.
fn constraints_of(candidate: usize) -> [usize; 4] {
    let (row, col, digit) = place_of(candidate);
    let bx = row / 3 * 3 + col / 3;
    [
        row * 9 + col,
        81 + row * 9 + digit,
        2 * 81 + col * 9 + digit,
        3 * 81 + bx * 9 + digit,
    ]
}

/// The header node of constraint column `constraint`.
fn header_of(constraint: usize) -> usize {
    1 + constraint
}

/// A row's nodes are consecutive, in the order of `constraints_of`.
fn first_node_of(candidate: usize) -> usize {
    FIRST_ROW_NODE + NODES_PER_ROW * candidate
}
// ---- LeetCode submission: end ----

/// Solves `board` in place (LeetCode's contract: exactly one solution exists).
pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
    Solution::solve_sudoku(board)
}

/// Solves `board` in place like [`solve_sudoku`] and returns how many times the recursive search was entered.
pub fn solve_counting_calls(board: &mut Vec<Vec<char>>) -> u64 {
    Solution::solve_counting_calls(board)
}

/// Solves `board` in place like [`solve_sudoku`], showing `visit` the board (the givens and the
/// rows chosen so far) each time the recursive search is entered (what `sudoku-kata trace`
/// records).
pub fn solve_visiting(board: &mut [Vec<char>], visit: &mut dyn FnMut(&[Vec<char>])) {
    let givens = board.to_vec();
    Solution::solve_visiting(board, &mut |search| {
        let mut shown = givens.clone();
        search.write_solution(&mut shown);
        visit(&shown)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_board::Board;
    use sudoku_harness::puzzle_rows;

    const EXAMPLE: &str = "leetcode/example";
    /// LeetCode's solution with 23 cells blanked and the given at (6, 4)
    /// changed from 3 to 7: the givens do not clash, yet there is no solution.
    /// Row 6 is left with no place for a 3, which this rung sees at once.
    const UNSOLVABLE: &str = "edge/leetcode-wrong-given";
    /// Arto Inkala's 2012 puzzle (unique solution) with a 2 added at (6, 5),
    /// where the solution has a 4: no clash, no solution, and no constraint
    /// is forced at the start, so proving that takes real guesses.
    const UNSOLVABLE_BY_GUESSING: &str =
        "8..........36......7..9.2...5...7.......457.....1...3...1..2.68..85...1..9....4..";

    fn board(line: &str) -> Vec<Vec<char>> {
        Board::parse_line(line).expect("a valid board").to_rows()
    }

    /// Every link and size, to compare before and after.
    fn snapshot(matrix: &Matrix) -> [Vec<usize>; 6] {
        [
            matrix.left.clone(),
            matrix.right.clone(),
            matrix.up.clone(),
            matrix.down.clone(),
            matrix.column.clone(),
            matrix.size.clone(),
        ]
    }

    /// The header of the constraint "`unit_kind` number `unit` has `digit`
    /// (1-based)", where kind 1 is rows, 2 columns and 3 boxes.
    fn unit_digit_header(unit_kind: usize, unit: usize, digit: usize) -> usize {
        header_of(unit_kind * 81 + unit * 9 + digit - 1)
    }

    #[test]
    fn example_takes_one_call_per_blank() {
        // 51 blanks, 52 calls: every pick is a column of size 1, so the
        // search never guesses and the last call finds the cover complete.
        // `mrv-heap`, choosing among cells by stale counts, takes 103.
        let grid = puzzle_rows(EXAMPLE);
        let blanks = grid.iter().flatten().filter(|&&cell| cell == '.').count();
        assert_eq!(blanks, 51);
        assert_eq!(solve_counting_calls(&mut puzzle_rows(EXAMPLE)), 52);
    }

    #[test]
    fn a_hidden_single_is_a_column_of_size_one() {
        let search = Search::from_board(&puzzle_rows(EXAMPLE)).expect("the givens do not clash");
        let matrix = &search.matrix;
        // Row 2 can hold its 5 only at (2, 6), though that cell could still
        // take any of five digits: a cell-based count sees five options here.
        let row_2_has_5 = unit_digit_header(1, 2, 5);
        assert_eq!(matrix.size[row_2_has_5], 1);
        let only_row = matrix.down[row_2_has_5];
        assert_eq!(only_row, first_node_of(candidate_of(2, 6, 4)) + 1);
        assert_eq!(matrix.size[header_of(2 * 9 + 6)], 5);
    }

    #[test]
    fn cover_then_uncover_restores_every_link_and_size() {
        let mut matrix = Matrix::new();
        let before = snapshot(&matrix);
        // Take the candidate "5 at (0, 0)" as the search would: cover the
        // cell's column, then the columns of the row's other three nodes.
        let header = header_of(0);
        let row_node = first_node_of(candidate_of(0, 0, 4));
        matrix.cover(header);
        matrix.cover_rest_of_row(row_node);

        assert!(!matrix.is_uncovered(header));
        // Cell (0, 1) can no longer take a 5, and row 1 can no longer put
        // its 5 anywhere in box 0.
        assert_eq!(matrix.size[header_of(1)], 8);
        assert_eq!(matrix.size[unit_digit_header(1, 1, 5)], 6);
        assert_ne!(snapshot(&matrix), before);

        matrix.uncover_rest_of_row(row_node);
        matrix.uncover(header);
        assert_eq!(snapshot(&matrix), before);
    }

    #[test]
    fn clashing_givens_mean_no_search_and_an_untouched_board() {
        let mut grid = puzzle_rows(EXAMPLE);
        // A second 5 in row 0 (and box 0) next to the given at (0, 0).
        grid[0][2] = '5';
        let given = grid.clone();
        assert!(Search::from_board(&grid).is_none());
        assert_eq!(solve_counting_calls(&mut grid), 0);
        assert_eq!(grid, given);
    }

    #[test]
    fn an_empty_constraint_fails_without_a_guess() {
        let search = Search::from_board(&puzzle_rows(UNSOLVABLE)).expect("the givens do not clash");
        let tightest = search.matrix.tightest_column();
        assert_eq!(tightest, Some(unit_digit_header(1, 6, 3)));
        assert_eq!(search.matrix.size[unit_digit_header(1, 6, 3)], 0);

        let mut grid = puzzle_rows(UNSOLVABLE);
        assert_eq!(solve_counting_calls(&mut grid), 1);
        assert_eq!(grid, puzzle_rows(UNSOLVABLE));
    }

    #[test]
    fn failed_search_restores_board_links_and_sizes() {
        let mut grid = board(UNSOLVABLE_BY_GUESSING);
        let mut search = Search::from_board(&grid).expect("the givens do not clash");
        let before = snapshot(&search.matrix);
        let first_pick = search.matrix.tightest_column().expect("blanks remain");
        assert!(
            search.matrix.size[first_pick] >= 2,
            "the very first pick must already be a guess"
        );

        let mut visits = 0;
        assert!(!search.solve(&mut |_| visits += 1));

        // A search without a guess is one path, at most one call per blank
        // plus one: more calls than that means guesses were undone.
        let blanks = grid.iter().flatten().filter(|&&cell| cell == '.').count();
        assert!(visits > blanks as u64 + 1);
        assert!(search.chosen.is_empty());
        assert_eq!(snapshot(&search.matrix), before);

        let calls = solve_counting_calls(&mut grid);
        assert_eq!(calls, visits);
        assert_eq!(grid, board(UNSOLVABLE_BY_GUESSING));
    }
}
