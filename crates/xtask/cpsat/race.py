"""OR-tools CP-SAT on Sudoku boards of any size, for the race of `cargo xtask results`.

Usage: python3 race.py FILE BUDGET

FILE holds one board a line, as the public sets of large boards have them (`name<TAB>puzzle`,
or the puzzle alone): values 1-9 then A, B, ... ('.' or '0' a blank); '#' lines are skipped.
Each board becomes a model of its own (a variable per cell with its domain, the givens fixed,
one AllDifferent per row, column and box), built before the clock starts; CP-SAT then solves it
with one worker, within BUDGET seconds, and its wall time is taken around the solve alone.

Prints one line a board, `NAME SECONDS solved|unsolved`, where a board counts as solved once
its answer is checked complete, keeping the givens and breaking no rule.
"""

import math
import sys
import time

from ortools.sat.python import cp_model


def values(puzzle):
    """The cells' values, 0 for a blank."""
    digits = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return [0 if c in ".0" else digits.index(c.upper()) + 1 for c in puzzle]


def units(side):
    """The cells of every row, column and box of a board `side` cells wide."""
    box = math.isqrt(side)
    rows = [[r * side + c for c in range(side)] for r in range(side)]
    cols = [[r * side + c for r in range(side)] for c in range(side)]
    boxes = [
        [(top + r) * side + left + c for r in range(box) for c in range(box)]
        for top in range(0, side, box)
        for left in range(0, side, box)
    ]
    return rows + cols + boxes


def race(name, puzzle, budget):
    """Solves one board: its line of output."""
    cells = values(puzzle)
    side = math.isqrt(len(cells))
    model = cp_model.CpModel()
    grid = [
        model.NewIntVar(v or 1, v or side, f"c{i}") for i, v in enumerate(cells)
    ]
    for unit in units(side):
        model.AddAllDifferent([grid[i] for i in unit])
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = budget
    start = time.perf_counter()
    status = solver.Solve(model)
    seconds = time.perf_counter() - start
    solved = status in (cp_model.OPTIMAL, cp_model.FEASIBLE)
    if solved:
        answer = [solver.Value(v) for v in grid]
        keeps = all(g in (0, a) for g, a in zip(cells, answer))
        rules = all(sorted(answer[i] for i in unit) == list(range(1, side + 1)) for unit in units(side))
        solved = keeps and rules
    return f"{name} {seconds:.6f} {'solved' if solved else 'unsolved'}"


def main():
    path, budget = sys.argv[1], float(sys.argv[2])
    with open(path, encoding="utf-8") as file:
        for number, line in enumerate(file, 1):
            fields = line.split()
            if not fields or fields[0].startswith("#"):
                continue
            name, puzzle = (fields[0], fields[1]) if len(fields) > 1 else (f"#{number}", fields[0])
            print(race(name, puzzle, budget), flush=True)


if __name__ == "__main__":
    main()
