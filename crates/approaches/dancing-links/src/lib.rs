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
//! - A constraint with no candidate left ends the branch when it is chosen: at once when the
//!   row just taken emptied it, since the constraint it cut the most goes first.
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

// One column per constraint: a cell filled, then a (row, digit), a (column, digit) and a (box,
// digit) placed, 4 * 81. One row per candidate (row, col, digit), 9 * 81, with a node in the
// column of each of its 4 constraints. Nodes `0..COLUMNS` are the column headers (the search
// scans their sizes, so they need no ring of their own), and the rows' nodes follow.
const COLUMNS: usize = 4 * 81;
const CANDIDATES: usize = 9 * 81;
const NODES_PER_ROW: usize = 4;
const FIRST_ROW_NODE: usize = COLUMNS;
const NODES: usize = FIRST_ROW_NODE + NODES_PER_ROW * CANDIDATES;
/// Set in a covered column's size, so that no search for the smallest column takes it.
const COVERED: u16 = 0x8000;

/// A node's neighbours and column header, as `u16` indices: the arena fits in 32 KiB.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Node {
    left: u16,
    right: u16,
    up: u16,
    down: u16,
    column: u16,
}

/// Dancing links: each row and column (with its header) is a circular doubly linked list.
struct Matrix {
    nodes: [Node; NODES],
    /// `size[header]`: the rows still in that column, with [`COVERED`] set while it is covered.
    size: [u16; COLUMNS],
    /// The smallest size a column was cut to since the last `cover_rest_of_row`, and the first
    /// column cut to it.
    cut: (u16, u16),
}

/// A node with these neighbours and column.
const fn linked(left: usize, right: usize, up: usize, down: usize, column: usize) -> Node {
    let (left, right, up, down) = (left as u16, right as u16, up as u16, down as u16);
    let column = column as u16;
    Node {
        left,
        right,
        up,
        down,
        column,
    }
}

/// The full matrix, built once at compile time: every search starts from a copy of it.
const FULL: Matrix = Matrix::full();

impl Matrix {
    /// Every column uncovered, every candidate linked: its four nodes in a horizontal ring,
    /// appended at the bottom of their columns (each header starts as an empty vertical ring).
    const fn full() -> Matrix {
        let (mut nodes, mut size) = ([linked(0, 0, 0, 0, 0); NODES], [0; COLUMNS]);
        let mut header = 0;
        while header < COLUMNS {
            nodes[header] = linked(header, header, header, header, header);
            header += 1;
        }
        let mut candidate = 0;
        while candidate < CANDIDATES {
            let (first, headers) = (first_node_of(candidate), headers_of(candidate));
            let mut slot = 0;
            while slot < NODES_PER_ROW {
                let (node, header) = (first + slot, headers[slot]);
                let left = first + (slot + NODES_PER_ROW - 1) % NODES_PER_ROW;
                let right = first + (slot + 1) % NODES_PER_ROW;
                let bottom = nodes[header].up as usize;
                nodes[node] = linked(left, right, bottom, header, header);
                nodes[bottom].down = node as u16;
                nodes[header].up = node as u16;
                size[header] += 1;
                slot += 1;
            }
            candidate += 1;
        }
        let cut = (u16::MAX, 0);
        Matrix { nodes, size, cut }
    }

    /// The column to satisfy next (Knuth's S heuristic): one the last row taken cut to 0 or 1
    /// rows if any, else the first uncovered one with the fewest rows, or with one (as few as
    /// a guess can have). `None` when every column is covered: the cover is complete.
    fn next_column(&self) -> Option<usize> {
        let (fewest, column) = self.cut;
        if fewest <= 1 && self.size[usize::from(column)] <= 1 {
            return Some(usize::from(column));
        }
        let (mut next, mut fewest) = (None, COVERED);
        for (header, &size) in self.size.iter().enumerate() {
            if size < fewest {
                (next, fewest) = (Some(header), size);
                if fewest <= 1 {
                    break;
                }
            }
        }
        next
    }

    /// Flags the column covered and removes its rows from every *other* column (they would
    /// satisfy it twice); removed nodes keep their links, so `uncover` can relink them.
    fn cover(&mut self, header: usize) {
        self.size[header] |= COVERED;
        let mut row_node = self.nodes[header].down;
        while usize::from(row_node) != header {
            let mut node = self.nodes[usize::from(row_node)].right;
            while node != row_node {
                let removed = self.nodes[usize::from(node)];
                self.nodes[usize::from(removed.down)].up = removed.up;
                self.nodes[usize::from(removed.up)].down = removed.down;
                let size = &mut self.size[usize::from(removed.column)];
                *size -= 1;
                if *size < self.cut.0 {
                    self.cut = (*size, removed.column);
                }
                node = removed.right;
            }
            row_node = self.nodes[usize::from(row_node)].down;
        }
    }

    /// Undoes `cover` in exactly the reverse order (rows bottom to top, nodes right to left):
    /// any other order can relink a node next to a still unlinked neighbour.
    fn uncover(&mut self, header: usize) {
        let mut row_node = self.nodes[header].up;
        while usize::from(row_node) != header {
            let mut node = self.nodes[usize::from(row_node)].left;
            while node != row_node {
                let back = self.nodes[usize::from(node)];
                self.size[usize::from(back.column)] += 1;
                self.nodes[usize::from(back.down)].up = node;
                self.nodes[usize::from(back.up)].down = node;
                node = back.left;
            }
            row_node = self.nodes[usize::from(row_node)].up;
        }
        self.size[header] &= !COVERED;
    }

    /// Commits to the row of `row_node` (its own column already covered): covers the others,
    /// noting the column they cut the most.
    fn cover_rest_of_row(&mut self, row_node: u16) {
        self.cut = (u16::MAX, 0);
        let mut node = self.nodes[usize::from(row_node)].right;
        while node != row_node {
            self.cover(usize::from(self.nodes[usize::from(node)].column));
            node = self.nodes[usize::from(node)].right;
        }
    }

    /// Undoes `cover_rest_of_row`, right to left.
    fn uncover_rest_of_row(&mut self, row_node: u16) {
        let mut node = self.nodes[usize::from(row_node)].left;
        while node != row_node {
            self.uncover(usize::from(self.nodes[usize::from(node)].column));
            node = self.nodes[usize::from(node)].left;
        }
    }

    /// Covers a given's four columns; `false`, with nothing covered, when one is covered
    /// already: an earlier given satisfies the same constraint, and the two clash.
    fn select_given(&mut self, candidate: usize) -> bool {
        let headers = headers_of(candidate);
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
    /// Boxed: 32 KiB is a lot to move on the stack.
    matrix: Box<Matrix>,
    /// One node of each row chosen by the search, outermost first (at most one per blank).
    chosen: Vec<u16>,
}

impl Search {
    /// Copies the full matrix and selects every given's row; `None` when two givens clash.
    fn from_board(board: &[Vec<char>]) -> Option<Self> {
        let mut matrix = Box::new(FULL);
        for (row, cells) in board.iter().enumerate() {
            for (col, &cell) in cells.iter().enumerate() {
                let digit = (cell as usize).wrapping_sub('1' as usize); // '.' wraps past 8
                if digit < 9 && !matrix.select_given(candidate_of(row, col, digit)) {
                    return None;
                }
            }
        }
        let chosen = Vec::with_capacity(81);
        Some(Search { matrix, chosen })
    }

    /// Algorithm X: covers every column with one row each. `true` leaves the rows in `chosen`;
    /// `false` leaves the matrix and `chosen` exactly as they were.
    fn solve(&mut self, visit: &mut impl FnMut(&Search)) -> bool {
        visit(self);
        let Some(header) = self.matrix.next_column() else {
            return true;
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
            if self.solve(visit) {
                // Knuth's version would undo and list every solution; LeetCode wants one.
                return true;
            }
            self.chosen.pop();
            self.matrix.uncover_rest_of_row(row_node);
            row_node = self.matrix.nodes[usize::from(row_node)].down;
        }
        self.matrix.uncover(header);
        false
    }

    /// Writes the chosen rows' digits: only after `solve` succeeds, so a failure never writes.
    fn write_solution(&self, board: &mut [Vec<char>]) {
        for &node in &self.chosen {
            let (row, col, digit) = place_of((usize::from(node) - FIRST_ROW_NODE) / NODES_PER_ROW);
            board[row][col] = char::from(b'1' + digit as u8);
        }
    }
}

/// Candidates are numbered cell by cell, digits ascending (`digit` is 0-based): the order
/// rows are tried in, since each column lists its rows in this order.
const fn candidate_of(row: usize, col: usize, digit: usize) -> usize {
    (row * 9 + col) * 9 + digit
}

/// The inverse of `candidate_of`: `(row, col, digit)`.
const fn place_of(candidate: usize) -> (usize, usize, usize) {
    (candidate / 81, candidate / 9 % 9, candidate % 9)
}

/// The headers of the four constraints `candidate` satisfies, in the order of `COLUMNS`.
const fn headers_of(candidate: usize) -> [usize; 4] {
    let (row, col, digit) = place_of(candidate);
    let bx = row / 3 * 3 + col / 3;
    [
        row * 9 + col,
        81 + row * 9 + digit,
        2 * 81 + col * 9 + digit,
        3 * 81 + bx * 9 + digit,
    ]
}

/// A row's nodes are consecutive, in the order of `headers_of`.
const fn first_node_of(candidate: usize) -> usize {
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
    /// Row 6 is left with no place for a 3, which this rung meets after a few forced moves.
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

    /// The header node of constraint column `constraint`, numbered as in `COLUMNS`.
    fn header_of(constraint: usize) -> usize {
        constraint
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
        let only_row = usize::from(matrix.nodes[row_2_has_5].down);
        assert_eq!(only_row, first_node_of(candidate_of(2, 6, 4)) + 1);
        assert_eq!(matrix.size[header_of(2 * 9 + 6)], 5);
    }

    #[test]
    fn cover_then_uncover_restores_every_link_and_size() {
        let mut matrix = Box::new(FULL);
        let before = snapshot(&matrix);
        // Take the candidate "5 at (0, 0)" as the search would: cover the
        // cell's column, then the columns of the row's other three nodes.
        let header = header_of(0);
        let row_node = first_node_of(candidate_of(0, 0, 4)) as u16;
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
        assert!(Search::from_board(&grid).is_none());
        assert_eq!(solve_counting_calls(&mut grid), 0);
        assert_eq!(grid, given);
    }

    #[test]
    fn an_empty_constraint_ends_the_search_without_a_guess() {
        let search = Search::from_board(&puzzle_rows(UNSOLVABLE)).expect("the givens do not clash");
        assert_eq!(search.matrix.size[unit_digit_header(1, 6, 3)], 0);
        // The scan takes the first column with one row, so a few forced moves come before the
        // empty column is met; none of them is a guess, so the search is one path.
        let blanks = puzzle_rows(UNSOLVABLE)
            .iter()
            .flatten()
            .filter(|&&c| c == '.')
            .count();
        let mut grid = puzzle_rows(UNSOLVABLE);
        let calls = solve_counting_calls(&mut grid);
        assert!((1..=blanks as u64).contains(&calls), "{calls} calls");
        assert_eq!(grid, puzzle_rows(UNSOLVABLE));
    }

    #[test]
    fn failed_search_restores_board_links_and_sizes() {
        let mut grid = board(UNSOLVABLE_BY_GUESSING);
        let mut search = Search::from_board(&grid).expect("the givens do not clash");
        let before = snapshot(&search.matrix);
        let first_pick = search.matrix.next_column().expect("blanks remain");
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
