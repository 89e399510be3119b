-- Traces: the span context of this node's receive span for a message addressed here, so that the steps its seat takes
-- later (a wake, READ, COMPLETE, hours or restarts after) are exported as children of it. Written only while traces
-- are exported; removed with the message when it is archived. Safe to run again on a database that has it.
CREATE TABLE IF NOT EXISTS trace_spans (
  message_id  BLOB PRIMARY KEY,
  traceparent TEXT NOT NULL,       -- 00-<trace id>-<span id>-<flags> of the receive span
  at_ms       INTEGER NOT NULL
);
