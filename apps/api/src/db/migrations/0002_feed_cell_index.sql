-- The feed's hot path (docs/performance.md, Budgets): one index range per grid cell, newest first, with the
-- coordinates in the index so the distance filter needs no heap visit.
CREATE INDEX IF NOT EXISTS posts_cell_created_idx ON posts (cell, created_at DESC, id DESC) INCLUDE (lat, lon);
