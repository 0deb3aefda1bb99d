-- The daily board's leaderboard (docs/arena.md): each device's one scored
-- play of a game's daily board in a language on a date (the date is the
-- player's own; the board of a date is the same for everyone), and the
-- words it found, written as each is judged (a restart loses none).
-- Plain SQL that SQLite and PostgreSQL both take.

CREATE TABLE arena_daily (
    game TEXT NOT NULL,
    lang TEXT NOT NULL,
    -- YYYY-MM-DD.
    day TEXT NOT NULL,
    player TEXT NOT NULL,
    -- Milliseconds since 1970: when its clock started.
    started BIGINT NOT NULL,
    -- 1 once its clock ran out and it was scored.
    done INTEGER NOT NULL,
    score BIGINT NOT NULL,
    words BIGINT NOT NULL,
    -- 1: held out of the leaderboard (a pace no person reaches).
    held INTEGER NOT NULL,
    PRIMARY KEY (game, lang, day, player)
);

-- A date's plays, best first.
CREATE INDEX arena_daily_best ON arena_daily (game, lang, day, done, held, score DESC, player);

CREATE TABLE arena_daily_words (
    game TEXT NOT NULL,
    lang TEXT NOT NULL,
    day TEXT NOT NULL,
    player TEXT NOT NULL,
    -- In the order found, from 0.
    seq INTEGER NOT NULL,
    word TEXT NOT NULL,
    PRIMARY KEY (game, lang, day, player, seq)
);
