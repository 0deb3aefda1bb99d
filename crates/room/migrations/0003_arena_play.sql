-- The arena's players and the words of its rounds in play (src/arena/,
-- src/store/arena.rs). Plain SQL that SQLite and PostgreSQL both take.

-- A player is a device: the token its browser keeps names it, and the
-- screen name is what leaderboards show. `player` is the public id the
-- results and leaderboards use (the token is never shown to anyone).
CREATE TABLE arena_players (
    player TEXT PRIMARY KEY,
    token TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    -- Milliseconds since 1970: when the device first entered.
    since BIGINT NOT NULL
);

-- Each word the server accepted in a round still being played, written as
-- it is judged (a restart mid-round loses none); a round's rows go when its
-- results are recorded in arena_results.
CREATE TABLE arena_words (
    game TEXT NOT NULL,
    lang TEXT NOT NULL,
    start BIGINT NOT NULL,
    player TEXT NOT NULL,
    -- In the order found, from 0.
    seq INTEGER NOT NULL,
    word TEXT NOT NULL,
    PRIMARY KEY (game, lang, start, player, seq)
);
