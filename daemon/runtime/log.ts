// Structured log lines through pino: one JSON object per line on stderr, with levels; AIOS_COMM_LOG=debug|info|warn|error|silent (default info).
import { pino, type Logger as PinoLogger } from 'pino'

const LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const
export type Level = typeof LEVELS[number]

export interface Logger {
  debug: (msg: string, fields?: Record<string, unknown>) => void
  info: (msg: string, fields?: Record<string, unknown>) => void
  warn: (msg: string, fields?: Record<string, unknown>) => void
  error: (msg: string, fields?: Record<string, unknown>) => void
}

const roots = new Map<Level, PinoLogger>()

/** One pino root per level, writing synchronously to stderr: the last lines before a crash are not lost in a buffer. */
function root (level: Level): PinoLogger {
  let r = roots.get(level)
  if (r === undefined) {
    r = pino({
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: label => ({ level: label }) } // readable levels: "warn", not 40
    }, pino.destination({ dest: 2, sync: true }))
    roots.set(level, r)
  }
  return r
}

export function parseLevel (text: string | undefined): Level {
  return LEVELS.includes(text as Level) ? text as Level : 'info'
}

export function createLogger (component: string, level: Level = parseLevel(process.env.AIOS_COMM_LOG)): Logger {
  const log = root(level).child({ component })
  const at = (l: Exclude<Level, 'silent'>) => (msg: string, fields?: Record<string, unknown>): void => {
    if (fields === undefined) log[l](msg)
    else log[l](fields, msg)
  }
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') }
}
