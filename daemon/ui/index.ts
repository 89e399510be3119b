// ui: the local web page served by the daemon (loopback only), its state document and its action token.
export { uiServer, type UiOptions } from './server.js'
export { ensureUiToken, authorize, uiTokenPath, TOKEN_FILE } from './token.js'
export { uiState, type UiDeps } from './state.js'
