-- Friends' boards (docs/arena.md): a group drawn by the server (a code as
-- a room's), and the players who entered the arena with its code. A
-- group's leaderboards are its members' lines of arena_totals and
-- arena_results, read again at each round's end.
-- Plain SQL that SQLite and PostgreSQL both take.

CREATE TABLE arena_groups (
    code TEXT PRIMARY KEY,
    since BIGINT NOT NULL
);

CREATE TABLE arena_members (
    code TEXT NOT NULL REFERENCES arena_groups (code),
    player TEXT NOT NULL,
    since BIGINT NOT NULL,
    PRIMARY KEY (code, player)
);

-- A player's groups (whose boards a round they played changes).
CREATE INDEX arena_members_player ON arena_members (player, code);
