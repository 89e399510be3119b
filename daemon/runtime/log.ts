// Structured log lines (JSON) on stderr, with levels; AIOS_COMM_LOG=debug|info|warn|error (default info).
const LEVELS = { debug: 10, info: 20, warn: 30, error: 40 } as const
export type Level = keyof typeof LEVELS

export interface Logger {
  debug: (msg: string, fields?: Record<string, unknown>) => void
  info: (msg: string, fields?: Record<string, unknown>) => void
  warn: (msg: string, fields?: Record<string, unknown>) => void
  error: (msg: string, fields?: Record<string, unknown>) => void
}

export function createLogger (component: string, level: Level = (process.env.AIOS_COMM_LOG as Level) ?? 'info'): Logger {
  const min = LEVELS[level] ?? LEVELS.info
  const at = (l: Level) => (msg: string, fields?: Record<string, unknown>): void => {
    if (LEVELS[l] < min) return
    process.stderr.write(JSON.stringify({ t: new Date().toISOString(), level: l, component, msg, ...fields }) + '\n')
  }
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') }
}
