-- Suggestions order members nearest-first with a GiST index over a cube (3D point on the unit
-- sphere + an activity dimension). cube is a trusted extension on PostgreSQL 13+.
CREATE EXTENSION IF NOT EXISTS cube;
