// What a seat's Agent Card declares about the bridge's token, in the A2A 1.0 AgentCard shape (securitySchemes and
// securityRequirements as @a2a-js/sdk reads them), so that the card verifies the same in the SDK and in ours.
import type { CardSecurity } from '../../cards/index.js'
import { SERVED_METHODS, TOKEN_FILE, TOKEN_SCHEME } from './constants.js'

/**
 * An HTTP Bearer scheme and the requirement to use it. The requirement lists the A2A methods the token opens
 * as its role names (OpenAPI lets non-OAuth schemes name roles there): an empty list would be dropped by A2A's
 * canonical form (proto3 JSON omits it), so the SDK would verify a card without the requirement that was signed.
 */
export function tokenSecurity (): CardSecurity {
  return {
    securitySchemes: {
      [TOKEN_SCHEME]: {
        httpAuthSecurityScheme: {
          scheme: 'Bearer',
          description: `the token in ${TOKEN_FILE} in the daemon's home (mode 0600), sent as Authorization: Bearer <token>`
        }
      }
    },
    securityRequirements: [{ schemes: { [TOKEN_SCHEME]: { list: [...SERVED_METHODS] } } }]
  }
}
