// join: invitations and joining a mesh by token.
export { createInvite } from './invite.js'
export { joinMesh, type JoinResult } from './join-client.js'
export { serveJoin } from './join-server.js'
export { JOIN_PROTOCOL, parseToken, encodeToken, DEFAULT_INVITE_TTL_MS, type InviteToken } from './token.js'
