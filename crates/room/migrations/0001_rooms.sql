-- The rooms, their seats, the round on each board and the words found in
-- it: what a restarted server needs to go on where it stood. A room's row
-- and its seats are rewritten whenever what everyone sees of the room
-- changes; a round's row when it begins; a word's when it is judged new.

CREATE TABLE rooms (
    code TEXT PRIMARY KEY,
    -- The host's settings for the next round, as the frames carry them.
    settings TEXT NOT NULL,
    host INTEGER NOT NULL,
    next_seat INTEGER NOT NULL,
    -- Rounds played, counting one on.
    rounds INTEGER NOT NULL,
    -- The number of the round on the board, if one is on.
    playing INTEGER,
    -- The client address that created it (its rooms open are limited).
    creator TEXT NOT NULL,
    -- The last round's results frame, as it was sent.
    last_results TEXT,
    -- When it was written (milliseconds since 1970).
    saved_at INTEGER NOT NULL
) STRICT;

CREATE TABLE seats (
    room TEXT NOT NULL REFERENCES rooms (code) ON DELETE CASCADE,
    id INTEGER NOT NULL,
    name TEXT NOT NULL,
    -- Whoever holds it holds the seat.
    token TEXT NOT NULL,
    watch INTEGER NOT NULL,
    -- Points over the room's rounds.
    total INTEGER NOT NULL,
    -- Its player left during a round; the seat stays for its words.
    left_room INTEGER NOT NULL,
    PRIMARY KEY (room, id)
) STRICT;

CREATE TABLE rounds (
    room TEXT PRIMARY KEY REFERENCES rooms (code) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    -- The settings it was rolled from, and the seed: the same board.
    settings TEXT NOT NULL,
    seed INTEGER NOT NULL,
    seconds INTEGER NOT NULL,
    -- When it ends (milliseconds since 1970): the clock runs on while the
    -- server is down.
    ends_at INTEGER NOT NULL
) STRICT;

CREATE TABLE words (
    room TEXT NOT NULL REFERENCES rooms (code) ON DELETE CASCADE,
    round INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    -- In the pack's spelling; a seat's words in the order found (rowid).
    word TEXT NOT NULL,
    UNIQUE (room, round, seat, word)
) STRICT;
