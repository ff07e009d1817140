//! Turning a complete grid into a puzzle: blank the cells one by one in a given order, and put a
//! value back whenever blanking it would allow a second solution.

/// Digs `puzzle`, a complete grid, visiting its cells in `order`: each is set to `blank` and
/// put back if `unique` then says the puzzle has more than one solution, until `max_blanks`
/// cells are blank.
///
/// One pass over every cell gives a minimal puzzle: a given kept at its visit could not go then,
/// and every later removal only loosens the puzzle, so it cannot go at the end either.
pub(crate) fn dig(
    puzzle: &mut [u8],
    order: &[usize],
    max_blanks: usize,
    blank: u8,
    unique: impl Fn(&[u8]) -> bool,
) {
    let mut blanks = 0;
    for &index in order {
        if blanks >= max_blanks {
            break;
        }
        let value = std::mem::replace(&mut puzzle[index], blank);
        if unique(puzzle) {
            blanks += 1;
        } else {
            puzzle[index] = value;
        }
    }
}
