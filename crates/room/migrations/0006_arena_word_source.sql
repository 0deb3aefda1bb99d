-- Which instance judged each word of a round in play: instances sharing a
-- PostgreSQL store read each other's players' words (src/store/arena.rs,
-- round_words), not their own again. Plain SQL that SQLite and PostgreSQL
-- both take.

ALTER TABLE arena_words ADD COLUMN source TEXT NOT NULL DEFAULT '';
