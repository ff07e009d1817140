// The driver that `cargo xtask anchors` builds around one C solver of tdoku's repository, for
// `cargo xtask results` to race: `DRIVER FILE LIMIT ROUNDS [CONFIG]`.
//
// It reads the puzzles of FILE (the first 81 characters of each line, '0' or '.' for a blank;
// shorter lines and '#' lines are skipped), solves all of them ROUNDS times through the solver's
// entry in tdoku's harness (LIMIT 1: the first solution; 2: counting to two; CONFIG: the
// solver's configuration word), and prints its best round as
// `N puzzles, M solutions, best S s, R puzzles/s`.
//
// SOLVER names the entry, `size_t SOLVER(puzzle, limit, configuration, solution, guesses)`.
// fast_solv_9r2 has no such entry: with FAST_SOLV_9R2 defined, this file gives it one.

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#ifdef FAST_SOLV_9R2
extern "C" int make_links(void);
extern "C" int fast_solv_9r2_solve(const char *puzzle, int limit);
extern "C" int fast_solv_92r_undone;

extern "C" size_t SOLVER(const char *puzzle, size_t limit, uint32_t, char *, size_t *guesses) {
    // Its tables are built once, before the first puzzle.
    static const int linked = make_links();
    (void)linked;
    size_t found = fast_solv_9r2_solve(puzzle, static_cast<int>(limit));
    *guesses = static_cast<size_t>(fast_solv_92r_undone);
    return found;
}
#else
extern "C" size_t SOLVER(const char *puzzle, size_t limit, uint32_t configuration, char *solution,
                         size_t *guesses);
#endif

int main(int argc, char **argv) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: %s FILE LIMIT ROUNDS [CONFIG]\n", argv[0]);
        return 2;
    }
    std::FILE *file = std::fopen(argv[1], "r");
    if (file == nullptr) {
        std::perror(argv[1]);
        return 1;
    }
    std::vector<std::string> puzzles;
    char line[4096];
    while (std::fgets(line, sizeof line, file) != nullptr) {
        std::string text(line);
        if (text.size() < 81 || text[0] == '#') {
            continue;
        }
        text.resize(81);
        for (char &cell : text) {
            if (cell == '0') {
                cell = '.';
            }
        }
        puzzles.push_back(text);
    }
    std::fclose(file);
    size_t limit = std::strtoul(argv[2], nullptr, 10);
    long rounds = std::strtol(argv[3], nullptr, 10);
    uint32_t configuration = argc > 4 ? std::strtoul(argv[4], nullptr, 10) : 0;
    char solution[82];
    size_t solutions = 0;
    size_t guesses = 0;
    double best = -1;
    for (long round = 0; round < rounds; ++round) {
        solutions = 0;
        auto start = std::chrono::steady_clock::now();
        for (const std::string &puzzle : puzzles) {
            solutions += SOLVER(puzzle.c_str(), limit, configuration, solution, &guesses);
        }
        std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
        if (best < 0 || took.count() < best) {
            best = took.count();
        }
    }
    std::printf("%zu puzzles, %zu solutions, best %.4f s, %.0f puzzles/s\n", puzzles.size(),
                solutions, best, static_cast<double>(puzzles.size()) / best);
    return 0;
}
