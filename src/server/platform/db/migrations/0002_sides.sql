-- Sides 1 (Union, USA) and 2 (Confederate, CSA) always exist (spec section 3).
INSERT INTO "sides" ("id", "name", "code") VALUES (1, 'Union', 'USA'), (2, 'Confederate', 'CSA') ON CONFLICT ("id") DO NOTHING;
