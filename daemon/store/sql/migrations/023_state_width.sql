-- A message's row keeps its size when its state changes: state_pad holds zeros for the characters its state lacks
-- (MessageStore's STATE_WIDTH). SQLite overwrites a row of unchanged size in place and writes only the pages whose
-- bytes changed; a row that grows or shrinks is written again whole, with every overflow page of its envelope (a
-- 64 KB message: 12 frames of 8 KiB in the log for each receipt that moves its state). Rows stored before this get
-- the column with their first change of state.
ALTER TABLE messages ADD COLUMN state_pad BLOB;
