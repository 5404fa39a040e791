-- Issue 26: a league may be given a name when it is created (`/league create name:`), shown on
-- its message and its standings; NULL for a league without one (it is called "League #n").
-- Additive: one nullable column; every league stored before reads as unnamed.
ALTER TABLE leagues ADD COLUMN name TEXT;
