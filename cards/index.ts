// cards: identity and Agent Cards — keys, envelopes, JCS/JWS cards, endorsements, revocations, acceptance rules. Pure.
export { MeshError, refuse, refusalError, wireError, type Refusal } from './errors.js'
export { CODES, EXIT, exitStatusOf, isErrorCode, type CodeInfo, type ErrorCode, type ExitStatus } from './codes.js'
export { b64url, fromB64url, hex, fromHex, sha256, utf8, bytesEqual, concat } from './encoding.js'
export { fastSign, fastVerify, nobleSign, nobleVerify, noblePublicKeyOf, publicKeyOf } from './ed25519.js'
export { generateKeyPair, keyPairFromSeed, keyText, parseKeyText, keyId, serializeKeyFile, parseKeyFile, type KeyPair } from './keys.js'
export { signEnvelope, signBatch, verifyEnvelope, signingInput, ENVELOPE_DOMAIN, type Envelope, type BatchProof, type EnvelopeCheck } from './envelope.js'
export { isValidHandle, HANDLE_PATTERN } from './handle.js'
export { ROLE_PREFIX, ROLE_PATTERN, MAX_ROLES_PER_SEAT, isValidRole, roleOf, normalizeRoles, roleInvalid } from './role.js'
export { jcs } from './jcs.js'
export {
  SKILL_PREFIX, SKILL_ID_PATTERN, TAG_PATTERN, MCP_SERVER_PATTERN, MCP_TOOL_PATTERN, MAX_SKILLS_PER_SEAT, MAX_TAGS_PER_SKILL,
  MAX_EXAMPLES_PER_SKILL, MAX_SKILL_NAME_BYTES, MAX_SKILL_DESCRIPTION_BYTES, MAX_SKILL_EXAMPLE_BYTES, MAX_MCP_SERVERS, MAX_MCP_TOOLS,
  MAX_CAPABILITY_BYTES, NOTIFY_SKILL, isValidSkillId, skillOfAddress, skillProblem, skillsProblem, mcpProblem, capabilitySizeProblem,
  toolNames, type SeatSkill, type McpServer
} from './skills.js'
export { buildCard, signCard, cardJson, cardSigningInput, MESH_EXTENSION_URI, LIBP2P_BINDING_URI, A2A_PROTOCOL_VERSION, type AgentCard, type CardFacts, type CardSecurity } from './card.js'
export { verifyCardJson, MAX_CARD_BYTES, type VerifiedCard, type CardCheck } from './card-verify.js'
export {
  signEndorsement, signRevocation, signAdmissionRequest, verifyEndorsement, verifyRevocation, verifyAdmissionRequest,
  DEFAULT_ENDORSEMENT_DAYS, type Verified
} from './trust-facts.js'
export { acceptCard, checkEndorsement, isRevokedBy, renewalKey, type TrustContext, type HeldCard, type Revocations, type Acceptance } from './trust.js'
