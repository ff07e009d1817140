//! The exact cover on boards of every box size it takes: 4x4, 9x9, 16x16 and 25x25.

use dancing_links::{count_solutions, solve_grid};

/// Whether `cells` is a complete board of box size `box_size` with every value once per row,
/// column and box.
fn is_solution(box_size: usize, cells: &[u8]) -> bool {
    let n = box_size * box_size;
    let value = |row: usize, col: usize| usize::from(cells[row * n + col]);
    let all_once = |unit: &dyn Fn(usize) -> usize| {
        let mut seen = vec![false; n + 1];
        (0..n).all(|i| {
            let v = unit(i);
            (1..=n).contains(&v) && !std::mem::replace(&mut seen[v], true)
        })
    };
    (0..n).all(|k| {
        let (top, left) = (k / box_size * box_size, k % box_size * box_size);
        all_once(&|i| value(k, i))
            && all_once(&|i| value(i, k))
            && all_once(&|i| value(top + i / box_size, left + i % box_size))
    })
}

/// A solved board of box size `box_size`, found from the empty one.
fn solved(box_size: usize) -> Vec<u8> {
    let n = box_size * box_size;
    let mut cells = vec![0; n * n];
    assert!(
        solve_grid(box_size, &mut cells),
        "an empty board has a solution"
    );
    assert!(is_solution(box_size, &cells), "{cells:?}");
    cells
}

/// `solution` with the cells `keep` says no to blanked.
fn blanked(solution: &[u8], keep: impl Fn(usize) -> bool) -> Vec<u8> {
    let cell = |(index, &value): (usize, &u8)| if keep(index) { value } else { 0 };
    solution.iter().enumerate().map(cell).collect()
}

#[test]
fn every_box_size_solves_the_empty_board() {
    for box_size in 2..=5 {
        solved(box_size);
    }
}

#[test]
fn a_puzzle_is_solved_keeping_its_givens() {
    for box_size in 2..=5 {
        let solution = solved(box_size);
        // About two thirds of the cells blank, spread over the board.
        let puzzle = blanked(&solution, |cell| cell * 7 % 3 == 0);
        let mut cells = puzzle.clone();
        assert!(solve_grid(box_size, &mut cells), "box size {box_size}");
        assert!(
            is_solution(box_size, &cells),
            "box size {box_size}: {cells:?}"
        );
        let kept = puzzle
            .iter()
            .zip(&cells)
            .all(|(&given, &found)| given == 0 || given == found);
        assert!(kept, "box size {box_size}: a given was changed");
        assert!(count_solutions(box_size, &puzzle, 2) >= 1);
    }
}

#[test]
fn counting_stops_at_the_limit_and_counts_exactly_below_it() {
    // The empty 4x4 board has 288 solutions.
    assert_eq!(count_solutions(2, &[0; 16], 1_000), 288);
    assert_eq!(count_solutions(2, &[0; 16], 5), 5);
    assert_eq!(count_solutions(2, &[0; 16], 0), 0);
    assert_eq!(count_solutions(3, &[0; 81], 2), 2);
    // A complete solution is its own only completion.
    assert_eq!(count_solutions(4, &solved(4), 2), 1);
}

#[test]
fn clashing_givens_and_dead_ends_have_no_solution_and_leave_the_board() {
    for box_size in 2..=5 {
        let n = box_size * box_size;
        // The same value twice in row 0.
        let mut clash = vec![0; n * n];
        (clash[0], clash[n - 1]) = (1, 1);
        assert_eq!(count_solutions(box_size, &clash, 2), 0);
        let given = clash.clone();
        assert!(!solve_grid(box_size, &mut clash));
        assert_eq!(clash, given);
    }
    // No clash, yet cell (0, 0) can take no value: 1 and 2 in its row, 3 in its column, 4 in
    // its box.
    let mut dead_end = [0, 1, 2, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0];
    dead_end[5] = 4;
    assert_eq!(count_solutions(2, &dead_end, 2), 0);
    assert!(!solve_grid(2, &mut dead_end.clone()));
}

#[test]
#[should_panic(expected = "box size 6: 2 to 5")]
fn a_box_size_past_5_is_refused() {
    solve_grid(6, &mut [0; 1296]);
}

#[test]
#[should_panic(expected = "a board of box size 3 has 9 x 9 cells")]
fn a_board_of_the_wrong_length_is_refused() {
    solve_grid(3, &mut [0; 80]);
}

#[test]
#[should_panic(expected = "a value above 4")]
fn a_value_past_n_is_refused() {
    let mut cells = [0; 16];
    cells[3] = 5;
    solve_grid(2, &mut cells);
}
