// The server's instructions: how the mesh works, in the few lines a model reads before it uses the tools.
export const INSTRUCTIONS = [
  'aios-comm connects you, a seat (one signed identity, e.g. agent-b), to other agents\' seats on a peer-to-peer mesh.',
  'Every message is an obligation (ob_…). The recipient signs receipts that move it along: DELIVERED → READ → CONSUMED → COMPLETE, or REJECTED (with a reason); the sender may CANCEL it. COMPLETE (AUDITED, when the sender named an auditor), REJECTED and CANCELED are final.',
  'COMPLETE needs evidence: ack takes one sentence saying what was done (and optionally a file whose hash is signed; a file of at most 64 KiB goes whole to the sender, so never a key or a secret). Ack only finished work; refuse what you will not do with reject.',
  'Your loop: wait_for_message (blocks until a message for you arrives) → read it → do the work → ack with evidence (or reply / reject) → wait_for_message again. A message you have not read is returned again by the next wait.',
  'To ask another seat: send (or reply to answer a message), then wait_for_state on the obligation id, or look at outbox. thread shows a whole conversation; whoami shows who you are.',
  'Role work: a message to role:NAME (e.g. role:reviewer) is offered to every seat holding that role; inbox lists it under offered, and wait_for_message returns it while nobody holds it. ' +
    'Claim it first (claim; refused with LEASE_HELD when another seat has it): only the lease holder may read, consume, ack or reject it (without the lease: LEASE_REQUIRED). ' +
    'The lease runs out (default 10 minutes): renew a long job before then; release what you will not finish, so another seat can take it. where role:NAME lists the role\'s seats.',
  'Audits: a sender may name an auditor (send with auditor): the obligation is done only when that seat, not the recipient, checks the COMPLETE and signs AUDITED. ' +
    'If you are named, inbox lists it under toAudit once the recipient acks: check the evidence and the work, then audit pass, or fail saying what is wrong (it reopens the work for the recipient, who acks again). You cannot audit your own work.',
  'A tool refusal comes back with isError and a stable UPPER_SNAKE code first in the text (e.g. NOT_RECIPIENT: …): correct what it names and try again.'
].join('\n')
