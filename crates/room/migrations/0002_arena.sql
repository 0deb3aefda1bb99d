-- The arena (src/arena/): every round's results, one row a player, and
-- each player's totals by leaderboard period, brought up to date at each
-- round's end, so that a leaderboard is read from an index, never summed.
-- Plain SQL that SQLite and PostgreSQL both take.

CREATE TABLE arena_results (
    game TEXT NOT NULL,
    lang TEXT NOT NULL,
    -- The round's start, milliseconds since 1970: with the game and the
    -- language, it gives the round's board.
    start BIGINT NOT NULL,
    player TEXT NOT NULL,
    score BIGINT NOT NULL,
    words BIGINT NOT NULL,
    -- 1: held out of the leaderboards (a pace no person reaches).
    held INTEGER NOT NULL,
    PRIMARY KEY (game, lang, start, player)
);

-- The best rounds, best first (a rolling period's best players).
CREATE INDEX arena_results_best ON arena_results (game, lang, score DESC, player, start);

-- Each player's rounds and points in a period: 'all' (all time), 'week'
-- and 'day' (the last 7 days and 24 hours; `since` 0), 'hour' (the clock
-- hour from `since`). `mean` is total / rounds from the tenth round
-- (leaderboard.rs's MIN_ROUNDS), -1 before: the average board reads it from
-- its index;
-- `best` the best round, kept for 'hour' and 'all' (a rolling period's
-- best is read from arena_results: a maximum cannot be taken out).
CREATE TABLE arena_totals (
    game TEXT NOT NULL,
    lang TEXT NOT NULL,
    period TEXT NOT NULL,
    since BIGINT NOT NULL,
    player TEXT NOT NULL,
    rounds BIGINT NOT NULL,
    total BIGINT NOT NULL,
    mean DOUBLE PRECISION NOT NULL,
    best BIGINT NOT NULL,
    PRIMARY KEY (game, lang, period, since, player)
);

CREATE INDEX arena_totals_total ON arena_totals (game, lang, period, since, total DESC, player);
CREATE INDEX arena_totals_mean ON arena_totals (game, lang, period, since, mean DESC, player);
CREATE INDEX arena_totals_best ON arena_totals (game, lang, period, since, best DESC, player);

-- How far each rolling period has moved: the rounds that started before
-- `cutoff` have been taken out of its totals.
CREATE TABLE arena_windows (
    game TEXT NOT NULL,
    lang TEXT NOT NULL,
    period TEXT NOT NULL,
    cutoff BIGINT NOT NULL,
    PRIMARY KEY (game, lang, period)
);
