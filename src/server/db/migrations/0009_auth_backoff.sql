-- Placeholder until this change has its SQL.
SELECT 1;
