//! Tests of `sudoku_kata::table`.

use sudoku_kata::table::*;

#[test]
fn aligns_columns_to_the_widest_cell() {
    let rows = vec![
        vec!["easy".to_owned(), "7".to_owned()],
        vec!["adversarial".to_owned(), "1234".to_owned()],
    ];
    let text = render(&[("tier", Align::Left), ("calls", Align::Right)], &rows);
    assert_eq!(
        text,
        "tier         calls\n\
         -----------  -----\n\
         easy             7\n\
         adversarial   1234\n"
    );
}
