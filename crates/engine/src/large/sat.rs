//! The board as a SAT formula: what is left of every board once the deductions reach a fixed
//! point.
//!
//! One variable per candidate left (a value in an unsolved cell), and two kinds of constraint,
//! each as one clause that some variable is true and one clause per pair that not both are:
//! - each unsolved cell takes exactly one of its candidates;
//! - each value not yet placed in a unit (row, column, box) goes in exactly one of its cells.
//!
//! The solver learns a clause from each dead end, which a plain backtracking search cannot do:
//! on the hardest public boards it is what ends the long tails.

use batsat::{BasicSolver, Lit, SolverInterface, SolverOpts, Var, lbool};

use super::Shape;

/// Adds to `found` up to `limit` solutions in all, none of them twice, of the board whose
/// candidates are `candidates` (bit `v - 1` for value `v`; one bit for a solved cell), a fixed
/// point of the deductions. The solver's decisions, which stand for its search calls.
pub(super) fn solutions(
    shape: &Shape,
    candidates: &[u32],
    found: &mut Vec<Vec<u8>>,
    limit: usize,
) -> u64 {
    let side = shape.side;
    let first = limit == 1;
    // Looking for one solution, variable activities decay by 0.98 a conflict rather than
    // MiniSat's 0.95, so the search stays longer on the cells its recent dead ends were about.
    // At 45% given that cut the total by a seventh, both on the public 25x25 boards and on 500
    // made by `generate --size 25 --givens 45`; counting to 2 took twice as long with it, so
    // counting keeps 0.95. Other decays (0.85 to 0.99), restart schedules (Luby's or
    // geometric, from 30 to 200 conflicts), phase saving or random decisions measured no
    // better over both sets.
    let opts = SolverOpts {
        var_decay: if first { 0.98 } else { 0.95 },
        ..SolverOpts::default()
    };
    let mut solver = BasicSolver::new(opts, Default::default());
    // Looking for one solution, a decision puts a value in a cell, as a guess does, rather
    // than take one out: on the public 25x25 boards at 45% given that cut the total by a third
    // and the slowest board by half. Counting keeps MiniSat's saved phases, with which showing
    // that no second solution exists went faster.
    let polarity = if first { lbool::TRUE } else { lbool::UNDEF };
    // `vars[cell * side + value - 1]`: the variable "`cell` holds `value`", for a candidate of
    // an unsolved cell.
    let mut vars: Vec<Option<Var>> = vec![None; side * side * side];
    let unsolved = |cell: usize| candidates[cell].count_ones() > 1;
    let mut clause = Vec::new();
    for cell in (0..side * side).filter(|&cell| unsolved(cell)) {
        clause.clear();
        for value in 0..side {
            if candidates[cell] & 1 << value != 0 {
                let var = solver.new_var(polarity, true);
                vars[cell * side + value] = Some(var);
                clause.push(Lit::new(var, true));
            }
        }
        exactly_one(&mut solver, &mut clause);
    }
    for unit in shape.units.chunks_exact(side) {
        for value in 0..side {
            clause.clear();
            clause.extend(
                (unit.iter())
                    .filter_map(|&cell| vars[usize::from(cell) * side + value])
                    .map(|var| Lit::new(var, true)),
            );
            // Placed in the unit already: no variable is left for it there.
            if !clause.is_empty() {
                exactly_one(&mut solver, &mut clause);
            }
        }
    }
    // A solution `vars` can hold, ruled out: some unsolved cell holds another value.
    let rule_out = |solver: &mut BasicSolver, solution: &[u8]| {
        let mut clause: Vec<Lit> = (0..side * side)
            .filter_map(|cell| vars[cell * side + usize::from(solution[cell]) - 1])
            .map(|var| Lit::new(var, false))
            .collect();
        solver.add_clause_reuse(&mut clause);
    };
    for solution in found.iter() {
        rule_out(&mut solver, solution);
    }
    while found.len() < limit && solver.solve_limited(&[]) == lbool::TRUE {
        let solution: Vec<u8> = (0..side * side)
            .map(|cell| {
                let value = (0..side).find(|&value| match vars[cell * side + value] {
                    Some(var) => solver.value_var(var) == lbool::TRUE,
                    None => candidates[cell] == 1 << value,
                });
                value.map_or(0, |value| value as u8 + 1)
            })
            .collect();
        rule_out(&mut solver, &solution);
        found.push(solution);
    }
    solver.num_decisions()
}

/// Adds "exactly one of `lits`": at least one, and no two (one clause per pair, which for the
/// few candidates left after the deductions is fewer clauses than any other encoding).
fn exactly_one(solver: &mut BasicSolver, lits: &mut Vec<Lit>) {
    let mut pair = Vec::with_capacity(2);
    for (i, &a) in lits.iter().enumerate() {
        for &b in &lits[i + 1..] {
            pair.clear();
            pair.extend([!a, !b]);
            solver.add_clause_reuse(&mut pair);
        }
    }
    solver.add_clause_reuse(lits);
}
