// join: invitations and joining a mesh by token.
export { createInvite } from './invite.js'
export { joinMesh, type JoinResult } from './join-client.js'
export { serveJoin, type JoinServerContext } from './join-server.js'
export { GuessLimiter, WRONG_SECRETS_BURST } from './guess-limit.js'
export { JOIN_PROTOCOL, parseToken, encodeToken, DEFAULT_INVITE_TTL_MS, type InviteToken } from './token.js'
