// The closed set of error codes: beside each, the CLI's exit status and a one-line fix. A code not in this table
// does not compile where a MeshError or a refusal is made.

/** Exit statuses: scripts can tell a usage error from a refusal from a daemon that is down. */
export const EXIT = {
  ok: 0,
  failure: 1, // anything that is none of the below
  usage: 2, // bad command line
  refused: 3, // a verification or trust rule said no
  noDaemon: 4, // the command needs a running daemon
  notInitialized: 5 // the home has no config or keys yet
} as const

export type ExitStatus = Exclude<keyof typeof EXIT, 'ok'>

export interface CodeInfo {
  exit: ExitStatus
  /** What the person who sees the code can do about it, in one line. */
  fix: string
}

export const CODES = {
  // control socket and command line
  USAGE: { exit: 'usage', fix: 'see aios-comm --help for the command\'s arguments' },
  INTERNAL: { exit: 'failure', fix: 'a bug: run again with AIOS_COMM_DEBUG=1 and report the stack' },
  BAD_REQUEST: { exit: 'failure', fix: 'correct the named parameter or field and send again' },
  UNKNOWN_METHOD: { exit: 'failure', fix: 'the daemon serves no such method: run the CLI and the daemon of the same version' },
  REQUEST_TOO_LARGE: { exit: 'refused', fix: 'send a smaller request; put large content in a file and send its path' },
  DAEMON_NOT_RUNNING: { exit: 'noDaemon', fix: 'start the daemon: aios-comm daemon (or aios-comm service install)' },
  DAEMON_UNREACHABLE: { exit: 'failure', fix: 'check that the socket file belongs to a daemon you may talk to (owner, mode)' },
  DAEMON_PROTOCOL: { exit: 'failure', fix: 'run the CLI and the daemon of the same version' },
  DAEMON_STOPPED: { exit: 'failure', fix: 'the daemon stopped; start it again and repeat' },
  DAEMON_CONNECTION_LOST: { exit: 'failure', fix: 'repeat with an idempotency key to learn whether the request was carried out' },
  DAEMON_ALREADY_RUNNING: { exit: 'failure', fix: 'one daemon per home: stop the running one first, or use another --home' },
  SOCKET_MODE_FAILED: { exit: 'failure', fix: 'check the socket folder\'s owner and the configured group' },
  WATCH_TOO_SLOW: { exit: 'failure', fix: 'read events faster, or subscribe again with fewer types' },
  // seats and their tokens
  SEAT_TOKEN_REQUIRED: { exit: 'refused', fix: 'pass the seat\'s token file with --seat-token-file or $AIOS_SEAT_TOKEN' },
  SEAT_TOKEN_INVALID: { exit: 'refused', fix: 'use the current token file; rotate it with aios-comm actor token HANDLE --rotate' },
  SEAT_METHOD_FORBIDDEN: { exit: 'refused', fix: 'the seat socket serves only a seat\'s own verbs; run other verbs as the node\'s user' },
  SEAT_EVIDENCE_FORBIDDEN: { exit: 'refused', fix: 'an isolated seat cannot name a file on the node; ack with a sentence only' },
  SEAT_FILE_MALFORMED: { exit: 'failure', fix: 'export the seat again with aios-comm actor export' },
  IDEMPOTENCY_KEY_INVALID: { exit: 'usage', fix: 'use a key of 1 to 128 printable characters' },
  IDEMPOTENCY_KEY_REUSED: { exit: 'refused', fix: 'use a new key for a different request' },
  // the home
  NOT_INITIALIZED: { exit: 'notInitialized', fix: 'run aios-comm init first' },
  KEY_MISSING: { exit: 'notInitialized', fix: 'run aios-comm init, or restore the keys folder from a backup' },
  KEY_CORRUPT: { exit: 'failure', fix: 'restore the key file from a backup' },
  KEY_EXISTS: { exit: 'failure', fix: 'the key file already there is another key of the seat: keep it, or move it aside only if that seat is gone for good' },
  MESH_KEY_MISSING: { exit: 'failure', fix: 'restore mesh.key from a backup: a new key would be a new mesh that no member trusts' },
  KEY_INVALID: { exit: 'failure', fix: 'pass a mesh public key as printed by aios-comm mesh show' },
  CONFIG_INVALID: { exit: 'failure', fix: 'fix the named field of config.json' },
  FILE_UNREADABLE: { exit: 'failure', fix: 'check the file\'s path and permissions' },
  PATH_INVALID: { exit: 'failure', fix: 'pass an absolute path that exists' },
  STORE_CORRUPT: { exit: 'failure', fix: 'restore the database from a backup' },
  STORE_OPEN_FAILED: { exit: 'failure', fix: 'check the home folder\'s permissions and free disk space' },
  STORE_TOO_NEW: { exit: 'failure', fix: 'run the aios-comm version that wrote this database, or a newer one' },
  STORE_WAL_CORRUPT: { exit: 'failure', fix: 'keep a copy of the database with its -wal and -shm files, then restore from a backup' },
  STORE_WAL_TRUNCATED: { exit: 'failure', fix: 'keep a copy of the database with its -wal and -shm files, then restore from a backup' },
  STORE_FAILED: { exit: 'failure', fix: 'check free disk space; the request is retried' },
  // the durable commit's fsync of the log, off the main thread
  STORE_SYNC_FAILED: { exit: 'failure', fix: 'the disk refused to make a commit durable; the store takes no more writes: check the disk, then restart the daemon' },
  // cards and trust facts
  CARD_BAD_SIGNATURE: { exit: 'refused', fix: 'obtain the card again from its owner; this copy was altered' },
  CARD_EXPIRED: { exit: 'refused', fix: 'ask the card\'s owner to publish a fresh card' },
  CARD_MALFORMED: { exit: 'refused', fix: 'obtain the card again; this file is not a card' },
  CARD_NOT_CANONICAL: { exit: 'refused', fix: 'obtain the card again as its owner signed it' },
  CARD_NOT_ENDORSED: { exit: 'refused', fix: 'have the mesh owner admit the seat (aios-comm mesh admit) and import the endorsement' },
  CARD_REVOKED: { exit: 'refused', fix: 'the seat was revoked by its mesh; nothing to import' },
  CARD_STALE_SEQ: { exit: 'refused', fix: 'a newer card is already held; nothing to do' },
  CARD_UNKNOWN: { exit: 'refused', fix: 'import the card: aios-comm card import FILE' },
  ENDORSEMENT_MALFORMED: { exit: 'refused', fix: 'obtain the endorsement file again from the mesh owner' },
  ENDORSEMENT_BAD_SIGNATURE: { exit: 'refused', fix: 'obtain the endorsement file again from the mesh owner; this copy was altered' },
  REVOCATION_MALFORMED: { exit: 'refused', fix: 'obtain the revocation again from the mesh owner' },
  REVOCATION_BAD_SIGNATURE: { exit: 'refused', fix: 'obtain the revocation again from the mesh owner; this copy was altered' },
  REVOCATION_OTHER_MESH: { exit: 'refused', fix: 'revocations apply only in the mesh that signed them' },
  REQUEST_MALFORMED: { exit: 'refused', fix: 'create the admission request again with aios-comm actor add' },
  REQUEST_BAD_SIGNATURE: { exit: 'refused', fix: 'create the admission request again with aios-comm actor add' },
  REQUEST_OTHER_MESH: { exit: 'refused', fix: 'admit the request on the node that owns its mesh' },
  ENVELOPE_BAD_SIGNER: { exit: 'failure', fix: 'obtain the file again; it is signed by another key than it names' },
  ENVELOPE_NO_PROOF: { exit: 'failure', fix: 'obtain the file again; it carries no signature' },
  ENVELOPE_WRONG_TYPE: { exit: 'failure', fix: 'pass a file of the kind the command expects' },
  HANDLE_CONFLICT: { exit: 'refused', fix: 'another key holds this handle in the mesh; choose another handle' },
  HANDLE_INVALID: { exit: 'failure', fix: 'use a handle of lowercase letters, digits, dots and dashes' },
  ACTOR_AMBIGUOUS: { exit: 'failure', fix: 'name the seat with --as or $AIOS_ACTOR' },
  ACTOR_EXISTS: { exit: 'failure', fix: 'choose another handle, or use the seat that exists' },
  ACTOR_NOT_LOCAL: { exit: 'failure', fix: 'name a seat hosted on this node (aios-comm actor list)' },
  ACTOR_UNKNOWN: { exit: 'failure', fix: 'check the handle, or import its card: aios-comm card import FILE' },
  RECIPIENT_UNKNOWN: { exit: 'failure', fix: 'import the recipient\'s card: aios-comm card import FILE' },
  MESH_AMBIGUOUS: { exit: 'failure', fix: 'name the mesh with --mesh' },
  MESH_NONE: { exit: 'failure', fix: 'create a mesh (aios-comm mesh create) or join one (aios-comm join TOKEN)' },
  MESH_NOT_OWNER: { exit: 'failure', fix: 'run the command on the node that holds the mesh\'s key' },
  MESH_UNKNOWN: { exit: 'failure', fix: 'trust the mesh first: aios-comm mesh trust KEY' },
  // messages and obligations
  ACK_SENTENCE_MISSING: { exit: 'failure', fix: 'say in one sentence what was done' },
  REJECT_REASON_MISSING: { exit: 'failure', fix: 'give a reason for the refusal' },
  ALREADY_FINAL: { exit: 'failure', fix: 'the obligation is COMPLETE, REJECTED or CANCELED already; nothing to do' },
  NOT_RECIPIENT: { exit: 'failure', fix: 'only the recipient seat may answer this message; act with --as RECIPIENT' },
  NOT_SENDER: { exit: 'failure', fix: 'only the sending seat may do this; act with --as SENDER' },
  OBLIGATION_INVALID: { exit: 'failure', fix: 'pass an obligation id as printed by notify (ob_…)' },
  OBLIGATION_UNKNOWN: { exit: 'failure', fix: 'check the obligation id; aios-comm inbox and outbox list the known ones' },
  OBLIGATION_PURGED: { exit: 'failure', fix: 'its history was purged by this node\'s retention policy; another node that keeps it longer may still show it' },
  OBLIGATION_ARCHIVED: { exit: 'refused', fix: 'the obligation is final and archived here; nothing more can be done with it' },
  RETENTION_INVALID: { exit: 'usage', fix: 'give durations such as 30d (archive at least 1h after final, purge no sooner than archive)' },
  OBLIGATION_UNVERIFIED: { exit: 'failure', fix: 'the obligation\'s message is not verified here yet; wait for delivery and repeat' },
  // CANCELED: the sender withdraws an obligation
  OBLIGATION_NOT_SENDER: { exit: 'refused', fix: 'only the seat that sent an obligation may cancel it; act with --as SENDER on its node' },
  OBLIGATION_CANCELED: { exit: 'refused', fix: 'its sender withdrew this obligation; read it if you like, and do nothing more for it' },
  OUTBOX_FULL: { exit: 'failure', fix: 'wait until queued messages are delivered or expire, then send again' },
  MESSAGE_TOO_LARGE: { exit: 'failure', fix: 'send a shorter message; put large content in a file and send its path' },
  MESSAGE_MALFORMED: { exit: 'failure', fix: 'the sending node sent a message that does not decode; upgrade it' },
  FIELD_TOO_LARGE: { exit: 'refused', fix: 'shorten the named field' },
  WAIT_TIMEOUT: { exit: 'failure', fix: 'wait longer (--timeout) or check the recipient\'s node' },
  BAD_SIGNATURE: { exit: 'refused', fix: 'the message is not signed by its sender\'s key; nothing was accepted' },
  NOT_ENDORSED: { exit: 'failure', fix: 'the sender\'s key is not the endorsed key of its handle; refresh its card' },
  NOT_HOSTED_HERE: { exit: 'failure', fix: 'the recipient moved to another node; delivery is retried where its card points' },
  EXPIRED: { exit: 'failure', fix: 'send the message again with a longer --ttl' },
  EQUIVOCATION: { exit: 'failure', fix: 'a message id was reused with other content; nothing was accepted' },
  HANDOFF_BAD_RECEIPT: { exit: 'failure', fix: 'a handed-over receipt does not check; the handover is retried' },
  RATE_LIMITED: { exit: 'failure', fix: 'the peer is busy; delivery is retried' },
  BUSY: { exit: 'failure', fix: 'the peer is busy; delivery is retried' },
  // receipts and headers
  RECEIPT_BAD_SIGNATURE: { exit: 'failure', fix: 'the receipt is not signed by its issuer; nothing was accepted' },
  RECEIPT_MALFORMED: { exit: 'failure', fix: 'the receipt does not decode; nothing was accepted' },
  RECEIPT_TOO_LARGE: { exit: 'failure', fix: 'keep the evidence in a file and reference it by hash' },
  RECEIPT_WRONG_MESSAGE: { exit: 'failure', fix: 'the receipt names another message; nothing was accepted' },
  RECEIPT_WRONG_SIGNER: { exit: 'failure', fix: 'the receipt is not signed by the recipient\'s current key; refresh its card' },
  RECEIPT_UNKNOWN_MESSAGE: { exit: 'failure', fix: 'the receipt is for a message not held here; it is resent once the message arrives' },
  RECEIPT_CONFLICT: { exit: 'failure', fix: 'receipts for one message name other content; nothing was accepted' },
  HEADER_BAD_SIGNATURE: { exit: 'failure', fix: 'the message header is not signed by its sender; nothing was accepted' },
  HEADER_MALFORMED: { exit: 'failure', fix: 'the message header does not decode; nothing was accepted' },
  HEADER_MISMATCH: { exit: 'failure', fix: 'the message header does not match the message; nothing was accepted' },
  HEADER_MISSING: { exit: 'failure', fix: 'the message header is not held here yet; wait for sync and repeat' },
  HEADER_WRONG_ID: { exit: 'failure', fix: 'the message header names another message; nothing was accepted' },
  HEADER_WRONG_SENDER: { exit: 'failure', fix: 'the message header is not signed by its sender\'s key; nothing was accepted' },
  // evidence
  EVIDENCE_CHANGED: { exit: 'refused', fix: 'the evidence file changed while it was read; ack again' },
  EVIDENCE_HASH_MISMATCH: { exit: 'refused', fix: 'the evidence file no longer has the hash the receipt names' },
  EVIDENCE_IN_HOME: { exit: 'refused', fix: 'put the evidence outside the aios-comm home, or in its evidence/ folder' },
  EVIDENCE_MISSING: { exit: 'refused', fix: 'check the evidence file\'s path' },
  EVIDENCE_NOT_REGULAR: { exit: 'refused', fix: 'name a regular file, not a folder, link or device' },
  EVIDENCE_PATH_RELATIVE: { exit: 'refused', fix: 'name the evidence file by its absolute path' },
  EVIDENCE_SECRET: { exit: 'refused', fix: 'never hash keys or tokens as evidence; name another file' },
  EVIDENCE_TOO_LARGE: { exit: 'refused', fix: 'name a smaller evidence file' },
  EVIDENCE_UNEXPECTED: { exit: 'refused', fix: 'only a COMPLETE receipt carries evidence' },
  EVIDENCE_UNREADABLE: { exit: 'refused', fix: 'check the evidence file\'s permissions' },
  EVIDENCE_INLINE: { exit: 'refused', fix: 'evidence content never rides in a receipt; reference a file by hash' },
  // wire frames and facts
  PEER_CODE_UNKNOWN: { exit: 'failure', fix: 'a node of another version answered with a code this one does not know; upgrade both' },
  WIRE_MALFORMED: { exit: 'failure', fix: 'the peer sent bytes that do not decode; upgrade it' },
  FRAME_MALFORMED: { exit: 'failure', fix: 'the peer sent a frame that does not decode; upgrade it' },
  FRAME_TOO_LARGE: { exit: 'failure', fix: 'the peer sent a frame over the limit; upgrade it' },
  FRAME_TRUNCATED: { exit: 'failure', fix: 'the stream ended inside a frame; it is retried' },
  BATCH_TOO_LARGE: { exit: 'failure', fix: 'the peer sent too many messages in one frame; upgrade it' },
  FACT_MALFORMED: { exit: 'failure', fix: 'the peer relayed a fact that does not decode; nothing was accepted' },
  FACT_TOO_LARGE: { exit: 'failure', fix: 'the peer relayed a fact over the size limit; nothing was accepted' },
  FACT_UNKNOWN_KIND: { exit: 'failure', fix: 'the peer relayed a fact of a kind this version does not know; upgrade' },
  // peers
  PEER_NOT_TRUSTED: { exit: 'failure', fix: 'the peer hosts no actor of a trusted mesh; trust its mesh or ignore it' },
  PEER_STREAM_CLOSED: { exit: 'failure', fix: 'the peer closed the stream; it is retried' },
  PEER_TIMEOUT: { exit: 'failure', fix: 'the peer did not answer in time; it is retried' },
  PEER_UNREACHABLE: { exit: 'failure', fix: 'check the peer\'s addresses (aios-comm where HANDLE) and network' },
  STREAM_CLOSED: { exit: 'failure', fix: 'the stream closed before its answer; it is retried' },
  SESSION_CLOSED: { exit: 'failure', fix: 'the peer session closed; it is retried' },
  // joining
  INVITE_EXPIRED: { exit: 'failure', fix: 'ask for a new invite: aios-comm invite' },
  INVITE_INVALID: { exit: 'refused', fix: 'ask for a new invite; this token was not issued by that node or was used up' },
  INVITE_MALFORMED: { exit: 'failure', fix: 'copy the whole invite token as printed by aios-comm invite' },
  JOIN_FAILED: { exit: 'failure', fix: 'check the inviting node\'s address and that it runs, then join again' },
  JOIN_NO_SEATS: { exit: 'failure', fix: 'add a seat first: aios-comm actor add HANDLE' },
  JOIN_RATE_LIMITED: { exit: 'failure', fix: 'wait a minute, then join again' },
  // carriers and wakes
  CARRIER_COMMAND_MISSING: { exit: 'failure', fix: 'give the command carrier its --command' },
  CARRIER_UNKNOWN: { exit: 'failure', fix: 'use a carrier listed by aios-comm actor add --help' },
  COMMAND_INVALID: { exit: 'failure', fix: 'give the command as a non-empty list of arguments' },
  PANE_INVALID: { exit: 'failure', fix: 'name a tmux pane as SESSION:WINDOW.PANE or %ID' },
  ENV_NAME_INVALID: { exit: 'failure', fix: 'name environment variables in UPPER_SNAKE' },
  DURATION_INVALID: { exit: 'failure', fix: 'give a duration such as 30s, 5m or 2h' },
  CONTRACT_COMMAND_MISSING: { exit: 'failure', fix: 'install the carrier\'s command or fix its path' },
  CONTRACT_ENV_MISSING: { exit: 'failure', fix: 'set the named environment variable for the daemon' },
  CONTRACT_FILE_MISSING: { exit: 'failure', fix: 'create the named file or fix its path' },
  CONTRACT_PANE_DEAD: { exit: 'failure', fix: 'start the seat\'s tmux pane again, then aios-comm actor add HANDLE --pane PANE' },
  CONTRACT_PANE_MISSING: { exit: 'failure', fix: 'give the seat its pane: aios-comm actor add HANDLE --pane PANE' },
  CONTRACT_PROBE_FAILED: { exit: 'failure', fix: 'fix the seat\'s probe command so it exits 0' },
  CONTRACT_TMUX_MISSING: { exit: 'failure', fix: 'install tmux' },
  WAKE_COMMAND_FAILED: { exit: 'failure', fix: 'fix the seat\'s wake command; see aios-comm doctor' },
  WAKE_COMMAND_TIMEOUT: { exit: 'failure', fix: 'make the wake command return sooner, or raise its --command-timeout' },
  WAKE_INTERNAL: { exit: 'failure', fix: 'a bug: see the daemon\'s log and report it' },
  WAKE_PANE_IN_MODE: { exit: 'failure', fix: 'leave copy mode in the seat\'s tmux pane; the wake is retried' },
  WAKE_TMUX_FAILED: { exit: 'failure', fix: 'check the seat\'s tmux server; see aios-comm doctor' },
  // service and doctor
  SERVICE_ENV_MISSING: { exit: 'failure', fix: 'set the named environment variable, then install again' },
  SERVICE_ENV_UNSAFE: { exit: 'failure', fix: 'remove the secret from the service\'s environment; use a file instead' },
  SERVICE_MANAGER_FAILED: { exit: 'failure', fix: 'see the service manager\'s message (systemctl --user status, launchctl print)' },
  SERVICE_PATH_INVALID: { exit: 'failure', fix: 'install from a path without spaces or control characters' },
  SERVICE_SCRIPT_MISSING: { exit: 'failure', fix: 'build first: npm run build' },
  SERVICE_UNINSTALL_FAILED: { exit: 'failure', fix: 'remove the unit or plist by hand; see the message' },
  DOCTOR_FAILED: { exit: 'failure', fix: 'fix what aios-comm doctor marks FAIL' },
  // local HTTP surfaces
  HOST_NOT_LOOPBACK: { exit: 'failure', fix: 'address the server as 127.0.0.1, ::1 or localhost' },
  ORIGIN_REFUSED: { exit: 'failure', fix: 'call the server from its own page or from a program, not another site' },
  CONTENT_TYPE_REFUSED: { exit: 'failure', fix: 'send the body as Content-Type: application/json' },
  NOT_FOUND: { exit: 'failure', fix: 'check the path' },
  METRICS_NOT_LOOPBACK: { exit: 'failure', fix: 'listen on 127.0.0.1, ::1 or localhost' },
  UI_NOT_LOOPBACK: { exit: 'failure', fix: 'listen on 127.0.0.1, ::1 or localhost' },
  A2A_NOT_LOOPBACK: { exit: 'failure', fix: 'listen on 127.0.0.1, ::1 or localhost' },
  METRICS_LISTEN_FAILED: { exit: 'failure', fix: 'choose a free port' },
  OTLP_ENDPOINT_INVALID: { exit: 'usage', fix: 'give the collector\'s OTLP/HTTP URL, http:// or https://, e.g. http://127.0.0.1:4318' },
  UI_LISTEN_FAILED: { exit: 'failure', fix: 'choose a free port' },
  A2A_LISTEN_FAILED: { exit: 'failure', fix: 'choose a free port' },
  // bridges
  A2A_NO_TEXT: { exit: 'failure', fix: 'send text parts; put files on disk and send their paths' },
  A2A_UNSUPPORTED: { exit: 'failure', fix: 'send a new message instead of continuing a task' },
  PARSE_ERROR: { exit: 'failure', fix: 'send a JSON body' },
  TOOL_UNKNOWN: { exit: 'failure', fix: 'see tools/list' },
  // A2A bridge on the SDK server
  A2A_FILTER_UNSUPPORTED: { exit: 'failure', fix: 'call ListTasks without contextId, status or statusTimestampAfter and page through the tasks' },
  // MCP resources: a URI that names no resource of aios-comm mcp
  RESOURCE_UNKNOWN: { exit: 'failure', fix: 'see resources/list and resources/templates/list' },
  // A2A streams: at most MAX_STREAMS open on one bridge
  A2A_TOO_MANY_STREAMS: { exit: 'failure', fix: 'close streams you no longer read, or wait for one to end, then subscribe again' },
  // the A2A client: a seat sending to an outside A2A agent (aios-comm a2a send URL TEXT)
  A2A_URL_INVALID: { exit: 'usage', fix: 'give the agent\'s http or https URL, e.g. https://agent.example' },
  A2A_UNREACHABLE: { exit: 'failure', fix: 'check the URL and that the agent runs; nothing was sent' },
  A2A_TIMEOUT: { exit: 'failure', fix: 'the agent did not answer in time; see aios-comm status OB later, or send again with a longer --wait' },
  A2A_REDIRECT_REFUSED: { exit: 'refused', fix: 'give the URL the agent answers at; redirects are not followed' },
  A2A_CARD_MALFORMED: { exit: 'refused', fix: 'the URL serves no A2A agent card; give the agent\'s base URL or its card\'s URL' },
  A2A_CARD_TOO_LARGE: { exit: 'refused', fix: 'the agent card is over the size limit; ask its owner for a smaller card' },
  A2A_CARD_UNSIGNED: { exit: 'refused', fix: 'ask the agent\'s owner to sign its card, or pass --allow-unsigned to send without a checked key' },
  A2A_CARD_BAD_SIGNATURE: { exit: 'refused', fix: 'the card\'s signature does not verify; nothing was sent: obtain the card from its owner' },
  A2A_CARD_KEY_CHANGED: { exit: 'refused', fix: 'the card is signed by another key than the one pinned for this URL; confirm with its owner, then pass --accept-new-key' },
  A2A_CARD_FOREIGN_INTERFACE: { exit: 'refused', fix: 'the card names no interface on the URL\'s own origin; give the URL of the agent\'s interface itself' },
  A2A_ANSWER_TOO_LARGE: { exit: 'refused', fix: 'the agent\'s answer is over the size limit; ask it for a shorter answer' },
  A2A_REMOTE_ERROR: { exit: 'failure', fix: 'the agent refused the request with the error shown; nothing was recorded' },
  A2A_BUSY: { exit: 'failure', fix: 'too many A2A requests wait for answers; send again when one ends' },
  A2A_TASK_UNKNOWN: { exit: 'failure', fix: 'the agent named no task for this obligation; there is nothing to ask it about' },
  A2A_PIN_UNKNOWN: { exit: 'failure', fix: 'no card key is pinned for that URL; aios-comm a2a pins lists the pinned ones' },
  // roles and leases: one obligation offered to a role's seats, taken by one seat at a time under a lease
  ROLE_EMPTY: { exit: 'refused', fix: 'no seat known here holds that role: aios-comm where role:NAME lists them; add one with aios-comm actor add HANDLE --role NAME' },
  NOT_IN_ROLE: { exit: 'refused', fix: 'act as a seat that holds the role the obligation is addressed to (--as HANDLE)' },
  NOT_ROLE_WORK: { exit: 'refused', fix: 'claim, renew and release are for obligations addressed to role:NAME; this one names its seat' },
  LEASE_HELD: { exit: 'refused', fix: 'another seat holds the lease; wait for it to be released or to expire, then claim again' },
  LEASE_REQUIRED: { exit: 'refused', fix: 'take the obligation first: aios-comm claim OB' },
  LEASE_NOT_HELD: { exit: 'refused', fix: 'this seat holds no live lease on the obligation; claim it (aios-comm claim OB)' },
  LEASE_EXPIRED: { exit: 'refused', fix: 'the lease ran out before this step; claim the obligation again (another seat may hold it now)' },
  LEASE_FENCE_STALE: { exit: 'refused', fix: 'a newer lease was granted since; only its holder takes steps now' },
  LEASE_RELEASED: { exit: 'refused', fix: 'the lease was given back before this step; claim the obligation again' },
  LEASE_OFFERED_ELSEWHERE: { exit: 'failure', fix: 'your lease expired: the obligation is offered to the role\'s other seats first for a while; claim it again later' },
  LEASE_AUTHORITY_UNREACHABLE: { exit: 'failure', fix: 'the sender\'s node grants the leases and cannot be reached now; no lease is granted while it is away: try again later' },
  LEASE_REQUEST_STALE: { exit: 'refused', fix: 'the lease request is too old or dated in the future: check both nodes\' clocks (aios-comm doctor)' },
  LEASE_INVALID: { exit: 'refused', fix: 'the lease is not signed by the message\'s sender or does not describe this obligation; it was not stored' },
  LEASE_DURATION_INVALID: { exit: 'usage', fix: 'give a lease length between 1s and 24h, e.g. --lease 10m' },
  // mailboxes: nodes that hold signed mail for members whose node is away
  MAILBOX_NOT_SERVING: { exit: 'refused', fix: 'name a node whose config says "relay": true in config "mailboxes"' },
  MAILBOX_DEST_NOT_TRUSTED: { exit: 'refused', fix: 'a mailbox holds mail only for trusted actors of its mesh hosted elsewhere' },
  MAILBOX_FULL: { exit: 'failure', fix: 'the mailbox holds as much as it may for now; it is tried again later, or another mailbox is' },
  // reach: endorsement expiry and renewal
  ENDORSEMENT_OTHER_MESH: { exit: 'refused', fix: 'renew the seat on the home that owns the mesh that endorsed it' },
  // roles: the names a seat declares in its card (actor add --role, where role:NAME)
  ROLE_INVALID: { exit: 'failure', fix: 'name a role with 1-32 of a-z 0-9 - starting with a letter, at most 16 per seat' },
  // capabilities: the skills and MCP tools a seat states in its card (actor add --skill/--skills, find, skill:ID)
  SKILLS_INVALID: { exit: 'failure', fix: 'correct the named skill or MCP field; the manifest shape is in aios-comm actor add --help' },
  NO_SKILL_MATCH: { exit: 'refused', fix: 'no other seat known here states that skill: aios-comm find --skill ID lists those that do' },
  // audits: a seat other than the recipient checks a COMPLETE and signs AUDITED
  AUDIT_INVALID: { exit: 'refused', fix: 'an AUDITED receipt names the COMPLETE it judged, a verdict PASS or FAIL, and a reason when it fails' },
  AUDITOR_INVALID: { exit: 'usage', fix: 'name an auditor (a handle or role:NAME) that is not the recipient, together with --require AUDITED' },
  AUDIT_BEFORE_COMPLETE: { exit: 'refused', fix: 'there is no COMPLETE to judge yet: the recipient acks first, then the auditor is woken' },
  AUDIT_OWN_WORK: { exit: 'refused', fix: 'a seat cannot audit its own COMPLETE; the sender names another seat as auditor' },
  NOT_AUDITOR: { exit: 'refused', fix: 'only the auditor the sender named can judge this obligation (see aios-comm status OB)' },
  AUDIT_DONE: { exit: 'refused', fix: 'this COMPLETE already has its verdict; after a FAIL, wait for the recipient\'s next ack' },
  AUDIT_PENDING: { exit: 'refused', fix: 'the COMPLETE waits for its auditor\'s verdict; a FAIL verdict reopens it for a new ack' }
} as const satisfies Record<string, CodeInfo>

export type ErrorCode = keyof typeof CODES

export function isErrorCode (code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(CODES, code)
}

/** The exit status for a code; a code outside the set (from a node of another version) is a plain failure. */
export function exitStatusOf (code: string): number {
  return EXIT[isErrorCode(code) ? CODES[code].exit : 'failure']
}
