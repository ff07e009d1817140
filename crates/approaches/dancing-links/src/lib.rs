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
//! - Of the constraints with fewest candidates, the one the row just taken cut the most goes
//!   first: the search stays where it just narrowed the board, and a constraint that row
//!   emptied ends the branch at once.
//! - Givens are selected by covering their four columns; a column already covered means two
//!   givens clash, and the search never starts.
//! - Nothing is particular to 9x9: [`solve_grid`] and [`solutions`] run the same exact
//!   cover on boards from 4x4 to 25x25.
//!
//! The walk through the code, its cost and its search calls: `docs/approaches/dancing-links.md`.

/// LeetCode's entry point for problem 37.
pub struct Solution;

// ---- LeetCode submission: begin ----
use std::sync::OnceLock;

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
        // The exact cover below takes any box size; LeetCode's board has boxes of 3 by 3.
        let givens = board.iter().flatten().map(|&cell| digit_of(cell));
        if let Some(mut search) = Search::new(3, givens) {
            if search.solve(visit, &mut |_| true) {
                search.write_solution(|cell, digit| board[cell / 9][cell % 9] = digit_char(digit));
            }
        }
    }
}

/// A cell's value: its digit, or 0 for a blank.
fn digit_of(cell: char) -> u8 {
    cell.to_digit(10).map_or(0, |digit| digit as u8)
}

/// The cell holding `digit`, 1 to 9.
fn digit_char(digit: u8) -> char {
    char::from(b'0' + digit)
}

/// Set in a covered column's size, so that no search for the smallest column takes it.
const COVERED: u16 = 0x8000;

/// A node's neighbours, as `u16` indices: a 25x25 board's 65,000 nodes fit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Node {
    left: u16,
    right: u16,
    up: u16,
    down: u16,
}

/// Dancing links for a board of `n` by `n` cells in boxes of `box_size` by `box_size` (so
/// `n = box_size * box_size`; 9 for LeetCode's). One column per constraint: a cell filled,
/// then a (row, value), a (column, value) and a (box, value) placed, `4 * n * n` in all. One
/// row per candidate (row, col, value), `n * n * n`, with a node in the column of each of its
/// 4 constraints. Nodes `0..columns` are the column headers (the search scans their sizes, so
/// they need no ring of their own), and the rows' nodes follow, 4 to a row.
#[derive(Clone)]
struct Matrix {
    n: usize,
    nodes: Vec<Node>,
    /// `column[node]`: the header of the node's column. It never changes, so every search on
    /// this box size shares one table, and the links a search copies take 8 bytes a node.
    column: &'static [u16],
    /// `size[header]`: the rows still in that column, with [`COVERED`] set while it is covered.
    size: Vec<u16>,
    /// The smallest size a column was cut to since the last `cover_rest_of_row`, and the first
    /// column cut to it: the next choice, when no column has fewer rows.
    cut: (u16, u16),
}

impl Matrix {
    /// A copy of the full matrix for this box size (2 to 5): every search starts from one.
    /// The four are built the first time one is asked for.
    fn full(box_size: usize) -> Matrix {
        static FULL: OnceLock<Vec<Matrix>> = OnceLock::new();
        FULL.get_or_init(|| (2..=5).map(Matrix::build).collect())[box_size - 2].clone()
    }

    /// Every column uncovered, every candidate linked: its four nodes in a horizontal ring,
    /// appended at the bottom of their columns (each header starts as an empty vertical ring).
    /// Candidates are numbered cell by cell, values ascending: the order rows are tried in,
    /// since each column lists its rows in this order.
    fn build(box_size: usize) -> Matrix {
        let n = box_size * box_size;
        let columns = 4 * n * n;
        let node = |left, right, up, down| Node {
            left,
            right,
            up,
            down,
        };
        let mut nodes: Vec<Node> = (0..columns as u16).map(|h| node(h, h, h, h)).collect();
        let mut column: Vec<u16> = (0..columns as u16).collect();
        let mut size = vec![0; columns];
        for cell in 0..n * n {
            let (row, col) = (cell / n, cell % n);
            let bx = row / box_size * box_size + col / box_size;
            for value in 0..n {
                let unit = |kind: usize, unit: usize| (kind * n + unit) * n + value;
                let headers = [cell, unit(1, row), unit(2, col), unit(3, bx)];
                let first = nodes.len() as u16;
                for (slot, header) in (0..4).zip(headers.map(|header| header as u16)) {
                    let bottom = nodes[usize::from(header)].up;
                    let (left, right) = (first + (slot + 3) % 4, first + (slot + 1) % 4);
                    nodes.push(node(left, right, bottom, header));
                    column.push(header);
                    nodes[usize::from(bottom)].down = first + slot;
                    nodes[usize::from(header)].up = first + slot;
                    size[usize::from(header)] += 1;
                }
            }
        }
        let cut = (u16::MAX, 0);
        Matrix {
            n,
            nodes,
            // Built once per box size (see `full`), for the rest of the run.
            column: column.leak(),
            size,
            cut,
        }
    }

    /// The first node of a candidate's row, whose column is its cell's: the value `value`
    /// (0-based) in cell `cell` is candidate `cell * n + value`.
    fn first_node(&self, cell: usize, value: usize) -> usize {
        self.size.len() + 4 * (cell * self.n + value)
    }

    /// The column to satisfy next (Knuth's S heuristic): one with the fewest rows, and of those
    /// the one the last row taken cut the most, so that the search stays where it just
    /// narrowed the board; without a scan when that one has 0 or 1 rows left. Else the first
    /// uncovered one with the fewest rows (a covered column's [`COVERED`] bit makes it larger
    /// than any). `None` when every column is covered: the cover is complete.
    fn next_column(&self) -> Option<usize> {
        let (sizes, cut) = (&self.size, usize::from(self.cut.1));
        if sizes[cut] <= 1 {
            return Some(cut);
        }
        let fewest = sizes.iter().copied().min().filter(|&size| size < COVERED)?;
        if sizes[cut] == fewest {
            return Some(cut);
        }
        sizes.iter().position(|&size| size == fewest)
    }

    /// Flags the column covered and removes its rows from every *other* column (they would
    /// satisfy it twice); removed nodes keep their links, so `uncover` can relink them.
    // The search's hot loop: inlined into each caller, the search is measurably faster.
    #[inline(always)]
    fn cover(&mut self, header: usize) {
        // Locals, so the hot loop keeps the arrays' addresses and the cut in registers.
        let (nodes, column, sizes) = (&mut self.nodes[..], self.column, &mut self.size[..]);
        let mut cut = self.cut;
        sizes[header] |= COVERED;
        let mut row_node = nodes[header].down;
        while usize::from(row_node) != header {
            let mut node = nodes[usize::from(row_node)].right;
            while node != row_node {
                let removed = nodes[usize::from(node)];
                nodes[usize::from(removed.down)].up = removed.up;
                nodes[usize::from(removed.up)].down = removed.down;
                let header = column[usize::from(node)];
                let size = &mut sizes[usize::from(header)];
                *size -= 1;
                if *size < cut.0 {
                    cut = (*size, header);
                }
                node = removed.right;
            }
            row_node = nodes[usize::from(row_node)].down;
        }
        self.cut = cut;
    }

    /// Undoes `cover` in exactly the reverse order (rows bottom to top, nodes right to left):
    /// any other order can relink a node next to a still unlinked neighbour.
    fn uncover(&mut self, header: usize) {
        let (nodes, column, sizes) = (&mut self.nodes[..], self.column, &mut self.size[..]);
        let mut row_node = nodes[header].up;
        while usize::from(row_node) != header {
            let mut node = nodes[usize::from(row_node)].left;
            while node != row_node {
                let back = nodes[usize::from(node)];
                sizes[usize::from(column[usize::from(node)])] += 1;
                nodes[usize::from(back.down)].up = node;
                nodes[usize::from(back.up)].down = node;
                node = back.left;
            }
            row_node = nodes[usize::from(row_node)].up;
        }
        sizes[header] &= !COVERED;
    }

    /// Commits to the row of `row_node` (its own column already covered): covers the others,
    /// noting the column they cut the most.
    fn cover_rest_of_row(&mut self, row_node: u16) {
        self.cut = (u16::MAX, 0);
        let mut node = self.nodes[usize::from(row_node)].right;
        while node != row_node {
            self.cover(usize::from(self.column[usize::from(node)]));
            node = self.nodes[usize::from(node)].right;
        }
    }

    /// Undoes `cover_rest_of_row`, right to left.
    fn uncover_rest_of_row(&mut self, row_node: u16) {
        let mut node = self.nodes[usize::from(row_node)].left;
        while node != row_node {
            self.uncover(usize::from(self.column[usize::from(node)]));
            node = self.nodes[usize::from(node)].left;
        }
    }

    /// Covers the four columns of a given, `value` (0-based) in `cell`; `false`, with nothing
    /// covered, when one is covered already: an earlier given satisfies the same constraint,
    /// and the two clash.
    fn select_given(&mut self, cell: usize, value: usize) -> bool {
        let first = self.first_node(cell, value);
        let headers = [0, 1, 2, 3].map(|slot| usize::from(self.column[first + slot]));
        if headers
            .iter()
            .any(|&header| self.size[header] & COVERED != 0)
        {
            return false;
        }
        for header in headers {
            self.cover(header);
        }
        true
    }
}

/// The matrix with the givens' rows selected, and the rows the search has chosen so far.
struct Search {
    matrix: Matrix,
    /// One node of each row chosen by the search, outermost first (at most one per blank).
    chosen: Vec<u16>,
}

impl Search {
    /// Copies the full matrix and selects every given's row: `cells` are the board's values
    /// row by row, 1 to `n` or 0 for a blank. `None` when two givens clash.
    fn new(box_size: usize, cells: impl IntoIterator<Item = u8>) -> Option<Self> {
        let mut matrix = Matrix::full(box_size);
        for (cell, value) in cells.into_iter().enumerate() {
            if value > 0 && !matrix.select_given(cell, usize::from(value) - 1) {
                return None;
            }
        }
        let chosen = Vec::with_capacity(matrix.n * matrix.n);
        Some(Search { matrix, chosen })
    }

    /// Algorithm X: covers every column with one row each, showing `found` each cover that is
    /// complete. `true` once `found` says to stop, leaving the rows in `chosen`; `false` when
    /// the covers ran out, leaving the matrix and `chosen` exactly as they were.
    fn solve(
        &mut self,
        visit: &mut impl FnMut(&Search),
        found: &mut impl FnMut(&Search) -> bool,
    ) -> bool {
        visit(self);
        let Some(header) = self.matrix.next_column() else {
            return found(self);
        };
        // A constraint nothing can satisfy any more: this branch is dead.
        if self.matrix.size[header] == 0 {
            return false;
        }
        self.matrix.cover(header);
        let mut row_node = self.matrix.nodes[header].down;
        while usize::from(row_node) != header {
            self.matrix.cover_rest_of_row(row_node);
            self.chosen.push(row_node);
            if self.solve(visit, found) {
                return true;
            }
            self.chosen.pop();
            self.matrix.uncover_rest_of_row(row_node);
            row_node = self.matrix.nodes[usize::from(row_node)].down;
        }
        self.matrix.uncover(header);
        false
    }

    /// Hands `put` the cell and the value (1 to `n`) of every chosen row.
    fn write_solution(&self, mut put: impl FnMut(usize, u8)) {
        let (columns, n) = (self.matrix.size.len(), self.matrix.n);
        for &node in &self.chosen {
            let candidate = (usize::from(node) - columns) / 4;
            let cell = usize::from(self.matrix.column[columns + 4 * candidate]);
            put(cell, (candidate - cell * n) as u8 + 1);
        }
    }
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
        search.write_solution(|cell, digit| shown[cell / 9][cell % 9] = digit_char(digit));
        visit(&shown)
    })
}

/// Solves a board with boxes of `box_size` by `box_size` cells, 2 to 5 (4x4 up to 25x25), in
/// place: the same exact cover as [`solve_sudoku`], on `n * n` cells where `n = box_size *
/// box_size`. `cells` holds the board row by row, a value 1 to `n` or 0 for a blank. Returns
/// whether it found a solution; without one, `cells` is left as it was.
///
/// ```
/// // A 4x4 board: boxes of 2 by 2, values 1 to 4.
/// let puzzle = [1, 0, 0, 0, 0, 0, 3, 0, 0, 4, 0, 0, 0, 0, 0, 2];
/// assert_eq!(dancing_links::solutions(2, &puzzle, 2).len(), 1);
/// let mut cells = puzzle;
/// assert!(dancing_links::solve_grid(2, &mut cells));
/// assert_eq!(cells, [1, 3, 2, 4, 4, 2, 3, 1, 2, 4, 1, 3, 3, 1, 4, 2]);
/// ```
///
/// # Panics
/// When `box_size` is not 2 to 5, `cells` does not hold `n * n` values, or a value is above
/// `n`.
pub fn solve_grid(box_size: usize, cells: &mut [u8]) -> bool {
    let Some(solution) = solutions(box_size, cells, 1).pop() else {
        return false;
    };
    cells.copy_from_slice(&solution);
    true
}

/// Solves `cells` in place like [`solve_grid`], showing `visit` the board (the givens and the
/// rows chosen so far, 0 elsewhere) each time the recursive search is entered (what
/// `sudoku-kata trace` records on a board of any size). Panics as [`solve_grid`] does.
pub fn solve_grid_visiting(
    box_size: usize,
    cells: &mut [u8],
    visit: &mut dyn FnMut(&[u8]),
) -> bool {
    let Some(mut search) = checked_search(box_size, cells) else {
        return false;
    };
    let givens = cells.to_vec();
    let mut show = |search: &Search| {
        let mut shown = givens.clone();
        search.write_solution(|cell, value| shown[cell] = value);
        visit(&shown)
    };
    let solved = search.solve(&mut show, &mut |_| true);
    if solved {
        search.write_solution(|cell, value| cells[cell] = value);
    }
    solved
}

/// The board's solutions, up to `limit` of them (2 tells a unique puzzle from one with
/// several), laid out as `cells` is. Laid out as for [`solve_grid`], and it panics as that does.
pub fn solutions(box_size: usize, cells: &[u8], limit: usize) -> Vec<Vec<u8>> {
    solutions_counting_calls(box_size, cells, limit).0
}

/// [`solutions`], and how many times the recursive search was entered.
pub fn solutions_counting_calls(
    box_size: usize,
    cells: &[u8],
    limit: usize,
) -> (Vec<Vec<u8>>, u64) {
    let (mut found, mut calls) = (Vec::new(), 0);
    if let Some(mut search) = checked_search(box_size, cells).filter(|_| limit > 0) {
        search.solve(&mut |_| calls += 1, &mut |search| {
            let mut solution = cells.to_vec();
            search.write_solution(|cell, value| solution[cell] = value);
            found.push(solution);
            found.len() >= limit
        });
    }
    (found, calls)
}

/// The search for `cells` once its shape is checked, or `None` when two givens clash.
fn checked_search(box_size: usize, cells: &[u8]) -> Option<Search> {
    assert!((2..=5).contains(&box_size), "box size {box_size}: 2 to 5");
    let n = box_size * box_size;
    assert_eq!(
        cells.len(),
        n * n,
        "a board of box size {box_size} has {n} x {n} cells"
    );
    let too_big = cells.iter().find(|&&value| usize::from(value) > n);
    assert!(too_big.is_none(), "{too_big:?}: a value above {n}");
    Search::new(box_size, cells.iter().copied())
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_board::Board;
    use sudoku_harness::puzzle_rows;

    const EXAMPLE: &str = "leetcode/example";
    /// LeetCode's solution with 23 cells blanked and the given at (6, 4)
    /// changed from 3 to 7: the givens do not clash, yet there is no solution.
    /// Row 6 is left with no place for a 3, which this rung meets at its first choice of column.
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
    fn snapshot(matrix: &Matrix) -> (Vec<Node>, Vec<u16>) {
        (matrix.nodes.to_vec(), matrix.size.to_vec())
    }

    /// The header node of constraint column `constraint`, numbered as in `Matrix`.
    fn header_of(constraint: usize) -> usize {
        constraint
    }

    /// The first node of a 9x9 candidate's row.
    fn first_node_of(row: usize, col: usize, digit: usize) -> usize {
        4 * 81 + 4 * ((row * 9 + col) * 9 + digit)
    }

    /// The search for LeetCode's board `rows`.
    fn search_of(rows: &[Vec<char>]) -> Option<Search> {
        Search::new(3, rows.iter().flatten().map(|&cell| digit_of(cell)))
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
        let search = search_of(&puzzle_rows(EXAMPLE)).expect("the givens do not clash");
        let matrix = &search.matrix;
        // Row 2 can hold its 5 only at (2, 6), though that cell could still
        // take any of five digits: a cell-based count sees five options here.
        let row_2_has_5 = unit_digit_header(1, 2, 5);
        assert_eq!(matrix.size[row_2_has_5], 1);
        let only_row = usize::from(matrix.nodes[row_2_has_5].down);
        assert_eq!(only_row, first_node_of(2, 6, 4) + 1);
        assert_eq!(matrix.size[header_of(2 * 9 + 6)], 5);
    }

    #[test]
    fn cover_then_uncover_restores_every_link_and_size() {
        let mut matrix = Matrix::full(3);
        let before = snapshot(&matrix);
        // Take the candidate "5 at (0, 0)" as the search would: cover the
        // cell's column, then the columns of the row's other three nodes.
        let header = header_of(0);
        let row_node = first_node_of(0, 0, 4) as u16;
        matrix.cover(header);
        matrix.cover_rest_of_row(row_node);

        assert!(matrix.size[header] & COVERED != 0);
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
        assert!(search_of(&grid).is_none());
        assert_eq!(solve_counting_calls(&mut grid), 0);
        assert_eq!(grid, given);
    }

    #[test]
    fn an_empty_constraint_ends_the_search_without_a_guess() {
        let search = search_of(&puzzle_rows(UNSOLVABLE)).expect("the givens do not clash");
        assert_eq!(search.matrix.size[unit_digit_header(1, 6, 3)], 0);
        // No column has fewer rows, so the first choice takes it: one call, no guess.
        let mut grid = puzzle_rows(UNSOLVABLE);
        assert_eq!(solve_counting_calls(&mut grid), 1);
        assert_eq!(grid, puzzle_rows(UNSOLVABLE));
    }

    #[test]
    fn failed_search_restores_board_links_and_sizes() {
        let mut grid = board(UNSOLVABLE_BY_GUESSING);
        let mut search = search_of(&grid).expect("the givens do not clash");
        let before = snapshot(&search.matrix);
        let first_pick = search.matrix.next_column().expect("blanks remain");
        assert!(
            search.matrix.size[first_pick] >= 2,
            "the very first pick must already be a guess"
        );

        let mut visits = 0;
        assert!(!search.solve(&mut |_| visits += 1, &mut |_| true));

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
